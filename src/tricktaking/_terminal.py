"""What a player reads in the terminal: cards, moves, seats and deals in plain words.

One notation everywhere, written through :class:`~tricktaking.notation.Output`: a card is
``10♣`` (``10C`` with ``--ascii``) or its name (``Wizard``, ``big joker``), a move is what
the player types (``play 10♣``, ``bid 2D``), and whatever is shown can be typed back
(:func:`~tricktaking.notation.typed_text` turns card names back into tokens for
:func:`~tricktaking.notation.parse_move`). Nothing shows an internal: no phase names,
tuples, lists or ``None``. Used by :mod:`tricktaking.cli`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import tricktaking as tt
from tricktaking.engine import GameState, game_of_action, game_of_view
from tricktaking.notation import Output
from tricktaking.plugins import TerminalPlugin
from tricktaking.tricks import Play, Trick
from tricktaking.views import PlayerView

__all__ = [
    "Names",
    "announce",
    "clean",
    "deal_summary",
    "describe",
    "game_over",
    "per_seat",
    "plural",
    "seat_list",
    "totals",
]

_MESSAGE_LIMIT = 300  # echoed input and error texts are cut to this many characters


def clean(text: str) -> str:
    """``text`` safe to print: control characters escaped, cut to a readable length."""
    if len(text) > _MESSAGE_LIMIT:
        text = text[:_MESSAGE_LIMIT] + "…"
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def seat_list(seats: Iterable[int]) -> str:
    items = [str(seat) for seat in seats]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Names:
    """How seats are called: ``you`` for the human, ``seat 2`` (or a record's name)."""

    def __init__(self, players: int, human: int | None, labels: Sequence[str] = ()) -> None:
        self.players = players
        self.human = human
        self.labels = [clean(label) for label in labels]

    def __call__(self, seat: int) -> str:
        if seat == self.human:
            return "you"
        label = self.labels[seat] if seat < len(self.labels) else f"seat {seat}"
        return f"seat {seat}" if label == f"seat {seat}" else f"seat {seat} ({label})"

    def does(self, seat: int, verb: str) -> str:
        """``seat 2 takes`` or ``you take``: the seat and a verb in the third person."""
        return f"you {verb.removesuffix('s')}" if seat == self.human else f"{self(seat)} {verb}"

    def group(self, seats: Sequence[int]) -> str:
        if self.human in seats:
            others = [seat for seat in seats if seat != self.human]
            return "you" + (f" and seat {seat_list(others)}" if others else "")
        return ("seat " if len(seats) == 1 else "seats ") + seat_list(seats)

    def team(self, team: int) -> str:
        return self.group([team, team + 2])


# --- what the players read ------------------------------------------------------------------


def _task(view: PlayerView) -> str:
    """What the player is asked to do, said from the legal moves (never a phase name)."""
    first = view.legal_actions[0] if view.legal_actions else None
    match first:
        case Play():
            return "play a card"
        case tt.ChooseTrump():
            return "choose trump"
        case tt.ChooseDirection():
            return "choose uptown or downtown"
        case None:
            return "bid or pass"
        case _:
            return _plugin(view).task(first, view) or "bid or pass"


_SILENT = TerminalPlugin()


def _plugin(view: PlayerView) -> TerminalPlugin:
    """The game's terminal plug-in, or one that says nothing of its own."""
    try:
        plugin = game_of_view(view).terminal
    except TypeError:
        return _SILENT
    return _SILENT if plugin is None else plugin


def _plugin_of_action(action: object) -> TerminalPlugin:
    """The terminal plug-in of the game that declared ``action``'s class."""
    game = game_of_action(action)
    plugin = None if game is None else game.terminal
    return _SILENT if plugin is None else plugin


def _trick_line(trick: Trick, names: Names, screen: Output) -> str:
    plays = ", ".join(f"{names(play.seat)} {screen.card(play.card)}" for play in trick.plays)
    return plays or f"{names(trick.leader)} to lead"


def describe(view: PlayerView, names: Names, screen: Output, said: Sequence[str] = ()) -> None:
    """Print what the seat sees before it moves: the status and table, then its hand.

    The status line ends with the running scores. A line of the table that ``said``
    (the news of the deal, just printed) already told is not repeated, in whatever words.
    When only some cards of the hand may be played, those are shown in brackets (plain
    ASCII, so any terminal and any screen reader shows the mark).
    """
    screen(
        f"--- deal {view.round_number}, dealer {names(view.dealer)}: your turn to "
        f"{_task(view)}; scores: {totals(view.scores, names, _teams(view))}"
    )
    with screen.lines(quiet=True) as table:
        _plugin(view).table(view, names, screen)
    for line in table:
        if not any(_tells(earlier, line) for earlier in said):
            screen(line)
    playable = {action.card for action in view.legal_actions if isinstance(action, Play)}
    if view.trick.plays or playable:
        screen(f"trick: {_trick_line(view.trick, names, screen)}")
    if playable and not playable.issuperset(view.hand):
        marked = [
            f"[{screen.card(card)}]" if card in playable else screen.card(card)
            for card in view.hand
        ]
        screen(f"your hand: {', '.join(marked)} (you may play the cards in [ ])")
    else:
        screen(f"your hand: {screen.cards(view.hand)}")


def _words(line: str) -> list[str]:
    return re.findall(r"[\w♠♥♦♣-]+", line.lower())


def _tells(earlier: str, line: str) -> bool:
    """Whether ``earlier`` says all that ``line`` says: its words, in order, punctuation aside.

    ``7 cards each; turn-up: Q♣, trump ♣`` tells ``turn-up: Q♣, trump: ♣``.
    """
    told, words = _words(earlier), _words(line)
    return bool(words) and any(
        told[start : start + len(words)] == words for start in range(len(told) - len(words) + 1)
    )


def _teams(view: PlayerView) -> int | None:
    try:
        return game_of_view(view).team_count
    except TypeError:
        return None


def totals(scores: Sequence[int], names: Names, teams: int | None) -> str:
    """The running scores: one per seat, or one per team where partners share a score."""
    if teams is None:
        return per_seat(scores, names)
    return "; ".join(f"{names.team(team)}: {scores[team]}" for team in range(teams))


def plural(count: int, noun: str) -> str:
    """``1 point``, ``2 points``: a count with its noun in the right number."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def per_seat(values: Sequence[int], names: Names) -> str:
    return ", ".join(f"{names(seat)} {value}" for seat, value in enumerate(values))


def _deal_news(state: GameState[object], names: Names, screen: Output) -> None:
    """Print the public facts of a new deal (Wizard's turn-up and trump)."""
    view = tt.view(state, 0)
    screen(f"=== deal {view.round_number}, dealer {names(view.dealer)} ===")
    _plugin(view).deal_news(view, names, screen)


def deal_summary(
    state: GameState[object], before: Sequence[int], names: Names, screen: Output
) -> None:
    """Print how the deal that just ended went: bids or contract, tricks, points."""
    view = tt.view(state, 0)
    totals = view.scores
    gained = [after - earlier for after, earlier in zip(totals, before, strict=True)]
    screen(f"--- end of deal {view.round_number} ---")
    if not _plugin(view).deal_summary(view, gained, names, screen):
        screen(f"scores: {per_seat(totals, names)}")


def game_over(state: GameState[object], names: Names, screen: Output) -> None:
    winners = tt.winners(state)
    result = "wins" if len(winners) == 1 and winners[0] != names.human else "win"
    screen(f"Game over: {names.group(winners)} {result}.")
    final = tt.scores(state)
    if tt.game_of(state).team_count is not None:  # partners share a score: say it once
        screen(f"final scores: {names.team(0)}: {final[0]}; {names.team(1)}: {final[1]}")
    else:
        screen(f"final scores: {per_seat(final, names)}")


def announce(
    before: GameState[object],
    action: object,
    after: GameState[object],
    names: Names,
    screen: Output,
    *,
    show_discards: bool = False,
) -> None:
    """Print a public account of an action and of any trick or deal it completed."""
    match action:
        case tt.Deal():
            _deal_news(after, names, screen)
            return
        case _:
            seat = getattr(action, "seat", None)
            secret = _plugin_of_action(action).secret(action)
            if not isinstance(seat, int):
                screen(screen.move(action))
            elif secret is not None and not show_discards and seat != names.human:
                screen(f"{names(seat)}: {secret}")
            else:
                screen(f"{names(seat)}: {screen.move(action)}")
    done = tt.view(after, 0)
    earlier = tt.view(before, 0)
    if len(done.tricks) > len(earlier.tricks) and done.round_number == earlier.round_number:
        last = done.tricks[-1]
        if last.winner is not None:
            screen(
                f"  trick: {_trick_line(last, names, screen)}: "
                f"{names.does(last.winner, 'takes')} it"
            )
