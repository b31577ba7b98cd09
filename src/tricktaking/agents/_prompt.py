"""The prompt for a seat to act: everything its view shows, in words, and the answer asked for."""

from __future__ import annotations

from typing import Final

import attrs

from tricktaking.actions import ChooseDirection, ChooseTrump, Pass
from tricktaking.agents._text import Seats, TableWords
from tricktaking.engine import PlayerView, game_of_view
from tricktaking.errors import ArgumentTypeError, safe_repr
from tricktaking.options import game_options
from tricktaking.plugins import FORGED_VIEW_ERRORS, TerminalPlugin, forged_view_error
from tricktaking.tricks import Play, Trick
from tricktaking.views import config_json

__all__ = ["ANSWER_FORMAT", "SYSTEM", "prompt"]

SYSTEM: Final = (
    "You are a strong, careful card player. You play one seat of a trick-taking card game "
    "and see only what that seat may see. Each turn you are told the table and your legal "
    "moves; you answer with one of them."
)
"""The default system message of :class:`~tricktaking.agents.TextBot`."""

ANSWER_FORMAT: Final = (
    'Think it through if you like, then end your reply with one line "Final Answer: <move>", '
    "the move written as in the list of legal moves (for example "
    '"Final Answer: {example}").'
)
"""The answer asked for at the end of a prompt; ``{example}`` is the first legal move."""

_SILENT = TerminalPlugin()


def prompt(
    view: PlayerView,
    *,
    rules: bool = True,
    ascii_only: bool = False,
    answer: bool = True,
) -> str:
    r"""The text a model reads to act for the seat of ``view``, built from the view alone.

    In order: the game, the seats and partnerships; the rules in plain words (the game
    declaration's summary); the options; the deal, dealer and phase; what the game adds
    (trump and turn-up, bids or the auction, the contract); the scores, tricks won and
    cards held; every completed trick of this deal and the trick in progress; the hand
    with its playable cards in brackets; the legal moves; and the answer format. A card
    the seat cannot see is never in it: the prompt reads nothing but the view.

    Args:
        view: A view of any registered game.
        rules: Include the rules summary (the model may know them).
        ascii_only: Suits as letters (``QH``) rather than symbols (``Q♥``).
        answer: End with the answer format (:data:`~tricktaking.agents.ANSWER_FORMAT`).

    Raises:
        ArgumentTypeError: If ``view`` is not a player view of a registered game.
        ArgumentError: If a field of the view holds a value no game makes (a forged view).

    Example:
        >>> from tricktaking.agents import prompt
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> text = prompt(tt.view(state, 1), rules=False, ascii_only=True)
        >>> print(text.replace("; play", ";\nplay").replace(", the move", ",\nthe move"))
        You are seat 1 in a game of Wizard for 3 players (seats 0 to 2;
        play passes to the left, from seat 0 to seat 1 and so on).
        Options: first dealer 0, rounds left out (the full game), bid rule free.
        <BLANKLINE>
        Round 1 of 20. Dealer: seat 0. Phase: bid.
        turn-up: QS, trump: spades
        bids: none yet
        Scores: seat 0 0, you 0, seat 2 0.
        Tricks won this deal: seat 0 0, you 0, seat 2 0.
        Cards held: seat 0 1, you 1, seat 2 1.
        Tricks played this deal: none yet.
        Current trick: none yet.
        Your hand: 10D
        <BLANKLINE>
        It is your turn: bid how many tricks you will take.
        Legal moves: bid 0, bid 1
        <BLANKLINE>
        Think it through if you like, then end your reply with one line "Final Answer: <move>",
        the move written as in the list of legal moves (for example "Final Answer: bid 0").
    """
    try:
        game_of_view(view)
    except TypeError:
        raise ArgumentTypeError(
            f"a prompt is made from a player view, not {safe_repr(view)}"
        ) from None
    try:
        return _prompt(view, rules=rules, ascii_only=ascii_only, answer=answer)
    except ArgumentTypeError:
        raise
    except FORGED_VIEW_ERRORS as error:
        raise forged_view_error(view, error) from error


def _prompt(view: PlayerView, *, rules: bool, ascii_only: bool, answer: bool) -> str:
    game = game_of_view(view)
    title = game.title
    words = TableWords(ascii_only=ascii_only)
    seats = Seats(view.players, view.seat, game.team_count)
    players = view.players
    lines = [
        f"You are seat {view.seat} in a game of {title} for {players} players (seats 0 to "
        f"{players - 1}; play passes to the left, from seat 0 to seat 1 and so on)."
    ]
    if game.team_count is not None:
        own = game.team_of(view.seat)
        others = [team for team in range(game.team_count) if team != own]
        lines.append(
            f"Partners share a score: {seats.team(own)} against "
            + " and ".join(seats.team(team) for team in others)
            + "."
        )
    if rules and game.summary:
        lines += ["", f"The rules of {title}:", game.summary.rstrip(), ""]
    options = _options(view)
    if options:
        lines.append(f"Options: {options}.")
    lines.append("")
    plugin = game.terminal or _SILENT
    lines += _table(view, seats, words, plugin)
    legal = tuple(view.legal_actions)
    playable = {action.card for action in legal if isinstance(action, Play)}
    hand = [f"[{words.card(card)}]" if card in playable else words.card(card) for card in view.hand]
    marked = (
        " (you may play the cards in [ ])" if playable and len(playable) < len(view.hand) else ""
    )
    lines.append(f"Your hand: {' '.join(hand) or 'none'}{marked}")
    lines.append("")
    if view.actor == view.seat and legal:
        lines.append(f"It is your turn: {_task(view, plugin)}.")
        lines.append(f"Legal moves: {words.moves(legal)}")
        note = plugin.help_note(legal)
        if note:
            lines.append(note.strip())
        if answer:
            lines += ["", ANSWER_FORMAT.format(example=words.move(legal[0]))]
    elif view.actor is not None:
        lines.append(f"It is {seats(view.actor)}'s turn.")
    else:
        lines.append("No seat is to act now.")
    return "\n".join(lines)


def _table(view: PlayerView, seats: Seats, words: TableWords, plugin: TerminalPlugin) -> list[str]:
    """The deal, the game's own lines, the scores and the tricks of this deal."""
    game = game_of_view(view)
    lines: list[str] = []
    extras = game.render_extras(view).lines if game.render_extras is not None else ()
    head = [line[0].upper() + line[1:] for line in extras if line]
    head.append(f"Dealer: {seats(view.dealer)}")
    head.append(f"Phase: {view.phase.value.replace('_', ' ')}")
    lines.append(". ".join(head) + ".")
    plugin.table(view, seats, words)
    lines += words.lines
    lines.append(f"Scores: {_per_seat(view.scores, seats)}.")
    lines.append(f"Tricks won this deal: {_per_seat(view.tricks_won, seats)}.")
    lines.append(f"Cards held: {_per_seat(view.hand_sizes, seats)}.")
    if view.tricks:
        lines.append("Tricks played this deal:")
        lines += [
            f"  {number}. {_trick(trick, seats, words)}"
            for number, trick in enumerate(view.tricks, start=1)
        ]
    else:
        lines.append("Tricks played this deal: none yet.")
    lines.append(f"Current trick: {_trick(view.trick, seats, words) or 'none yet'}.")
    return lines


def _options(view: PlayerView) -> str:
    config: object = getattr(view, "config", None)
    if config is None or not attrs.has(type(config)):
        return ""
    left_out = {
        option.name: option.when_left_out for option in game_options(game_of_view(view).name)
    }
    shown: list[str] = []
    for name, value in config_json(config).items():
        if name == "players":
            continue
        text = (
            f"left out ({left_out.get(name) or 'its default'})"
            if value is None
            else ("on" if value is True else "off" if value is False else str(value))
        )
        shown.append(f"{name.replace('_', ' ')} {text.replace('_', ' ')}")
    return ", ".join(shown)


def _per_seat(values: tuple[int, ...], seats: Seats) -> str:
    return ", ".join(f"{seats(seat)} {value}" for seat, value in enumerate(values))


def _trick(trick: Trick, seats: Seats, words: TableWords) -> str:
    """A trick's cards in play order, and who won it once it is complete."""
    plays = ", ".join(f"{seats(play.seat)} {words.card(play.card)}" for play in trick.plays)
    if plays and trick.winner is not None:
        return f"{plays}; {seats.does(trick.winner, 'wins')} it"
    return plays


def _task(view: PlayerView, plugin: TerminalPlugin) -> str:
    """What the seat is asked to do, said from its legal moves."""
    first = view.legal_actions[0]
    match first:
        case Play():
            return "play a card"
        case ChooseTrump():
            return "choose trump"
        case ChooseDirection():
            return "choose uptown or downtown"
        case Pass():
            return "bid or pass"
        case _:
            return plugin.task(first, view) or "make your call"
