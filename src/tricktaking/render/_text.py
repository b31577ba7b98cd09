"""The table as plain text, for terminals and logs."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tricktaking.cards import Card
from tricktaking.render._extras import extras_of
from tricktaking.render._view import read_view
from tricktaking.views import PlayerView

__all__ = ["terminal_text", "text"]


def text(view: PlayerView, *, names: Sequence[str] | None = None, ascii_only: bool = False) -> str:
    """The table as ``view``'s seat sees it, as lines of plain text.

    The same information as :func:`svg`: the game and phase, trump, the game's lines
    (round, contract), one line per seat (cards held, tricks, score, notes; ``*`` marks
    the seat to act, ``D`` the dealer), the trick in progress, the card groups and
    the seat's hand, its legal cards in brackets when it is to play. Control
    characters and lone surrogates (in seat names, say) are replaced by U+FFFD, so
    the text never commands a terminal and always prints.

    Args:
        view: A view of any registered game.
        names: The seat names, ``"seat 0"``, … by default.
        ascii_only: Write suits as letters (``10H``) instead of symbols (``10♥``).

    Raises:
        RenderError: If ``view`` is not a player view, one of its fields holds a value
            no game makes, or ``names`` is not one name per seat.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.render import text
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> print(text(tt.view(state, 1), ascii_only=True))
        Wizard · round 1 of 20 · phase: bid · trump: S
          seat 0       D 1 card  tricks 0  score 0
        * seat 1 (you)   1 card  tricks 0  score 0
          seat 2         1 card  tricks 0  score 0
        trick: -
        turn-up: QS
        hand: 10D
        choices: bid 0, bid 1
    """
    table = read_view(view, names)
    extras = extras_of(view)

    def card(item: Card | None) -> str:
        return "##" if item is None else item.pretty(ascii_only=ascii_only)

    trump = (
        "none" if table.trump is None else (table.trump.value if ascii_only else table.trump.symbol)
    )
    head = [
        table.title,
        *extras.lines,
        f"phase: {table.phase.replace('_', ' ')}",
        f"trump: {trump}",
    ]
    lines = [" · ".join(head)]
    width = max(len(name) for name in table.names) + len(" (you)")
    for seat in range(table.players):
        name = table.names[seat] + (" (you)" if seat == table.seat else "")
        mark = "*" if table.actor == seat and table.phase != "over" else " "
        dealer = "D" if seat == table.dealer else " "
        count = table.hand_sizes[seat]
        cells = [
            f"{count} card" + ("" if count == 1 else "s"),
            f"tricks {table.tricks_won[seat]}",
            f"score {table.scores[seat]}",
        ]
        if seat < len(extras.seat_notes):
            cells.extend(extras.seat_notes[seat])
        lines.append(f"{mark} {name:<{width}} {dealer} " + "  ".join(cells))
    plays = ", ".join(f"{table.names[play.seat]}: {card(play.card)}" for play in table.trick.plays)
    lines.append(f"trick: {plays or '-'}")
    for group in extras.groups:
        lines.append(f"{group.label}: " + " ".join(map(card, group.cards)))
    choosing = table.actor == table.seat
    hand = table.hands[table.seat] or ()
    shown = [f"[{card(c)}]" if choosing and c in table.legal_cards else card(c) for c in hand]
    lines.append("hand: " + (" ".join(shown) or "-"))
    if choosing and table.choices:
        lines.append("choices: " + ", ".join(table.choices))
    return "\n".join(map(terminal_text, lines))


# C0 and C1 control characters (a terminal obeys them: "\x1b[2J" clears the screen) and
# lone surrogates (no encoder accepts them, so printing the text would fail).
_NOT_PRINTED = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


def terminal_text(line: str) -> str:
    """``line`` with every control character and lone surrogate replaced by U+FFFD.

    Seat names come from users; a name must not move a terminal's cursor, clear its
    screen or make ``print`` fail.

    Example:
        >>> from tricktaking.render._text import terminal_text
        >>> shown = terminal_text("Ann" + chr(27) + "[2J" + chr(0xD800))
        >>> shown == "Ann" + chr(0xFFFD) + "[2J" + chr(0xFFFD)
        True
    """
    return _NOT_PRINTED.sub("\ufffd", line)
