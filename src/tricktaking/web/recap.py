"""What a client needs besides its view to draw the table: the deal so far and the deals done.

A view holds the present: hands, the trick, the completed tricks of the deal, scores. A
player who opens a link late, or reloads, also needs what led there, told as it was told
to them and never with a card they may not see:

- :func:`deal_events`: the current deal's events, from its deal on, each as the viewer
  was told it (a Bid Whist discard stays ``??`` for the other seats);
- :func:`deal_summary` (and :func:`deal_summaries`): how a finished deal went, seat by
  seat, in the game's own words (bids, tricks, made or set, points);
- :func:`refused_choices`: the choices of the seat to act that a rule of the table
  refuses now (the dealer's bid under the hook), with the reason, so a page can show them
  disabled instead of leaving a gap.

Example:
    >>> import tricktaking as tt
    >>> from tricktaking.web.recap import deal_events
    >>> from tricktaking.web.tables import Table
    >>> table = Table.create(tt.WizardConfig(players=3), ["human"] * 3, seed=2)
    >>> _ = table.accept(table.deal())
    >>> _ = table.accept(tt.legal_actions(table.state)[0])
    >>> [event["action"] for event in deal_events(table, 0)]
    ['deal', '1 bid 0']
"""

# pyright: strict
from __future__ import annotations

from collections.abc import Sequence

import tricktaking as tt
from tricktaking.engine import GameState
from tricktaking.errors import IllegalActionError, NotationError, Violation
from tricktaking.plugins import TerminalPlugin
from tricktaking.views import JSONValue
from tricktaking.web.protocol import say, utf8_screen
from tricktaking.web.tables import Table

__all__ = ["CALL_VERBS", "deal_events", "deal_summaries", "deal_summary", "refused_choices"]

CALL_VERBS = ("bid", "pass")
"""The verbs of the calls a deal summary lists for each seat (its last one)."""

# refusals that only say a value is off the ladder, not that a rule of the table refuses it
_NOT_SHOWN = frozenset(
    {
        Violation.BID_OUT_OF_RANGE,
        Violation.BID_TOO_LOW,
        Violation.WRONG_PHASE,
        Violation.NOT_YOUR_TURN,
        Violation.GAME_OVER,
        Violation.UNKNOWN_ACTION,
        Violation.INVALID_CHOICE,
    }
)


def deal_events(table: Table, viewer: int | None) -> list[JSONValue]:
    """The current deal's events, its deal first, as ``viewer`` was told each of them.

    ``viewer`` is a seat, or ``None`` for a spectator. Each event is ``{"seq", "actor",
    "action", "said"}`` as in the live ``event`` messages. Once the game is over, the
    events of its last deal.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.recap import deal_events
        >>> from tricktaking.web.tables import Table
        >>> table = Table.create(tt.OneCardConfig(players=2), ["human"] * 2, seed=1)
        >>> deal_events(table, None)
        []
    """
    return [
        {
            "seq": entry.seq,
            "actor": entry.actor,
            "action": entry.told(viewer),
            "said": entry.said(viewer),
        }
        for entry in table.journal[table.deal_start() :]
    ]


class _Names:
    """Seats called by their names at the table (the terminal's words, with names)."""

    def __init__(self, names: Sequence[str], game: tt.Game[GameState[object], object]) -> None:
        self.names = tuple(names)
        self.game = game

    @property
    def human(self) -> int | None:
        return None

    def __call__(self, seat: int) -> str:
        return self.names[seat]

    def does(self, seat: int, verb: str) -> str:
        return f"{self(seat)} {verb}"

    def group(self, seats: Sequence[int]) -> str:
        called = [self(seat) for seat in seats]
        return called[0] if len(called) == 1 else ", ".join(called[:-1]) + " and " + called[-1]

    def team(self, team: int) -> str:
        seats = range(len(self.names))
        return self.group([seat for seat in seats if self.game.team_of(seat) == team])


def _lines(end: GameState[object], seat: int, gained: Sequence[int], names: _Names) -> list[str]:
    plugin = names.game.terminal or TerminalPlugin()  # a game without one has no words of its own
    screen, written = utf8_screen()
    if not plugin.deal_summary(tt.view(end, seat), gained, names, screen):
        return []
    return written().splitlines()


def _calls(end: GameState[object], players: int) -> list[JSONValue]:
    """Each seat's last bid or pass in the deal that ``end`` finished, as it was said."""
    calls: list[JSONValue] = [None] * players
    for action in reversed(end.history):
        if isinstance(action, tt.Deal):
            break
        seat = getattr(action, "seat", None)
        verb = str(action).split(" ")[1:2]
        if isinstance(seat, int) and calls[seat] is None and verb and verb[0] in CALL_VERBS:
            calls[seat] = say(action)
    return calls


def deal_summary(
    end: GameState[object], start_scores: Sequence[int], names: Sequence[str], viewer: int | None
) -> dict[str, JSONValue]:
    """How the deal that ``end`` finished went, as ``viewer`` may read it.

    ``start_scores`` are the scores before the deal. The summary holds the deal's
    number, each seat's ``scores`` after it and points ``gained`` in it, its ``tricks``
    won, its last call (``calls``: a bid as players say it, ``"pass"``, or ``None``) and
    ``lines``: the game's own account (bids, tricks, made or set, points), with the
    seats' names.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.testing import playout
        >>> from tricktaking.web.recap import deal_summary
        >>> states = playout(tt.new_game(tt.WizardConfig(players=3, rounds=1)), seed=4)
        >>> summary = deal_summary(states[-1], [0, 0, 0], ["Ann", "Bob", "Cy"], None)
        >>> summary["deal"], summary["calls"], summary["gained"]
        (1, ['1', '0', '0'], [-10, 20, -10])
        >>> summary["lines"][1]
        'Bob: bid 0, took 0 (made it): +20, total 20'
    """
    game = tt.game_of(end)
    players = len(tt.scores(end))
    seen = tt.view(end, 0 if viewer is None else viewer)
    scores = list(tt.scores(end))
    gained = [after - before for after, before in zip(scores, start_scores, strict=True)]
    called = _Names(names, game)
    if viewer is not None:
        lines = _lines(end, viewer, gained, called)
    else:  # a spectator reads only what every seat reads alike
        told = [_lines(end, seat, gained, called) for seat in range(players)]
        lines = told[0] if all(other == told[0] for other in told[1:]) else []
    return {
        "deal": seen.round_number,
        "scores": list[JSONValue](scores),
        "gained": list[JSONValue](gained),
        "tricks": list[JSONValue](seen.tricks_won),
        "calls": _calls(end, players),
        "lines": list[JSONValue](lines),
    }


def deal_summaries(table: Table, viewer: int | None, first: int = 0) -> list[JSONValue]:
    """The summaries of the finished deals of ``table`` from index ``first`` on.

    See :func:`deal_summary`; ``first`` is 0 for every deal, ``-1`` for the last one.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.recap import deal_summaries
        >>> from tricktaking.web.tables import Table
        >>> table = Table.create(tt.WizardConfig(players=3, rounds=2), ["random"] * 3, seed=1)
        >>> while (action := table.automatic_action()) is not None:
        ...     _ = table.accept(action)
        >>> [summary["deal"] for summary in deal_summaries(table, 1)]
        [1, 2]
        >>> deal_summaries(table, 1, -1) == deal_summaries(table, 1)[-1:]
        True
    """
    summaries: list[JSONValue] = []
    first = range(len(table.ends))[first] if table.ends else 0
    start = tt.scores(table.ends[first - 1] if first else tt.new_game(table.state.config))
    for end in table.ends[first:]:
        summaries.append(deal_summary(end, start, table.names, viewer))
        start = tt.scores(end)
    return summaries


def _reason(error: IllegalActionError) -> str:
    """The rule's words of an engine refusal, without the seat, token and phase before them."""
    message = str(error)
    _, found, reason = message.partition(" phase: ")
    return reason if found and reason else message


def refused_choices(state: GameState[object], viewer: int | None) -> dict[str, str]:
    """The choices of ``viewer``, the seat to act, that a rule of the table refuses now.

    A choice here is a token ``"<seat> <verb> <number>"`` beside legal ones of the same
    verb (between or next to their numbers) that the engine refuses for a reason other
    than being off the range: under the hook, the dealer's bid that would make the bids
    add up to the tricks. Each is given with the engine's reason. Empty when ``viewer``
    is not to act.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.web.recap import refused_choices
        >>> state = tt.new_game(tt.OhHellConfig(players=3, hand_size=2, first_dealer=0))
        >>> state = tt.apply(state, tt.deal(state, seed=1))
        >>> state = tt.apply(state, tt.oh_hell.Bid(1, 1))
        >>> state = tt.apply(state, tt.oh_hell.Bid(2, 0))
        >>> refused_choices(state, 0)
        {'0 bid 1': 'under the hook the dealer may not make the bids total 2 (OH-7.4)'}
        >>> refused_choices(state, 1)
        {}
    """
    if viewer is None or tt.actor(state) != viewer:
        return {}
    numbers: dict[str, set[int]] = {}
    for action in tt.legal_actions(state):
        words = str(action).split(" ")
        if len(words) == 3 and words[2].isdecimal():
            numbers.setdefault(words[1], set()).add(int(words[2]))
    parse = tt.game_of(state).rules.parse_action
    refused: dict[str, str] = {}
    for verb, values in numbers.items():
        for value in range(max(0, min(values) - 1), max(values) + 2):
            token = f"{viewer} {verb} {value}"
            if value in values:
                continue
            try:
                tt.apply(state, parse(token))
            except IllegalActionError as error:
                if error.violation not in _NOT_SHOWN:
                    refused[token] = _reason(error)
            except (NotationError, ValueError):
                continue
    return refused
