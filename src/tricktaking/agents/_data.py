"""Datasets from records: each decision of a seat as a prompt, its legal moves and the move made."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

import attrs

from tricktaking.agents._bot import Message
from tricktaking.agents._prompt import SYSTEM, prompt
from tricktaking.agents._text import TableWords
from tricktaking.engine import Action, PlayerView, get_game
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.records import GameRecord, PerspectiveRecord, replay_views
from tricktaking.views import JSONValue

__all__ = ["Decision", "decisions"]


@attrs.frozen(kw_only=True)
class Decision:
    """One decision of a seat in a recorded game, and how the game went for it.

    Attributes:
        game: The game's registry name.
        seat: The seat that decided.
        round_number: The deal it decided in.
        prompt: The :func:`~tricktaking.agents.prompt` of its view.
        legal: Its legal moves, as the prompt writes them.
        move: The move it made, as the prompt writes it.
        gained: The points the seat gained over the deal of the decision (its team's,
            where partners share a score).
        score: The seat's score at the end of the record.
        won: Whether the seat is among the winners (``False`` in an unfinished game).

    Example:
        >>> from tricktaking.agents import Decision
        >>> decision = Decision(game="wizard", seat=0, round_number=1, prompt="...",
        ...                     legal=("bid 0", "bid 1"), move="bid 1", gained=30, score=30,
        ...                     won=True)
        >>> decision.to_messages(system=None)[-1]
        {'role': 'assistant', 'content': 'Final Answer: bid 1'}
    """

    game: str
    seat: int
    round_number: int
    prompt: str
    legal: tuple[str, ...]
    move: str
    gained: int
    score: int
    won: bool

    def to_dict(self) -> dict[str, JSONValue]:
        """The decision as JSON data: one line of a JSONL dataset."""
        # its fields in order, the tuple of legal moves as a list
        return attrs.asdict(self)

    def to_messages(self, *, system: str | None = SYSTEM) -> list[Message]:
        """The decision as a chat for fine-tuning: the prompt, then the move as the answer."""
        messages: list[Message] = []
        if system is not None:
            messages.append({"role": "system", "content": system})
        messages.append({"role": "user", "content": self.prompt})
        messages.append({"role": "assistant", "content": f"Final Answer: {self.move}"})
        return messages


def decisions(
    records: Iterable[GameRecord | PerspectiveRecord],
    *,
    seat: int | None = None,
    rules: bool = True,
    ascii_only: bool = False,
) -> Iterator[Decision]:
    """Every decision of the records, in order, for a dataset.

    Args:
        records: Game records (``tricktaking.records.loads``, or
            ``GameRecord.from_state`` of simulated games) or perspective records.
        seat: Only this seat's decisions; every seat's by default (a perspective record
            has only its own seat's).
        rules: Whether the prompts include the game's rules summary.
        ascii_only: Whether the prompts write suits as letters.

    Raises:
        ArgumentTypeError: If a record is neither kind, or ``seat`` is not an ``int``.
        ArgumentError: If ``seat`` is not a seat of a record's game.

    Example:
        >>> from tricktaking.agents import decisions
        >>> from tricktaking.records import GameRecord
        >>> from tricktaking.simulate import game_states
        >>> import collections, tricktaking as tt
        >>> config = tt.WizardConfig(players=3, rounds=2)
        >>> final = collections.deque(game_states(config, ["heuristic"] * 3, seed=1), 1)[0]
        >>> first = next(decisions([GameRecord.from_state(final)], seat=0))
        >>> first.move in first.legal, first.prompt.splitlines()[0][:30]
        (True, 'You are seat 0 in a game of Wi')
    """
    if seat is not None and type(seat) is not int:
        raise ArgumentTypeError(f"seat must be an int or None, not {safe_repr(seat)}")
    for record in records:
        if isinstance(record, PerspectiveRecord):
            if seat is not None and seat != record.seat:
                continue
            seats: Sequence[int] = (record.seat,)
            moves = [_parse(record.game, token) for token in record.actions]
        elif isinstance(record, GameRecord):
            players = len(record.seats)
            if seat is not None and not 0 <= seat < players:
                raise ArgumentError(f"seat {seat} is not a seat of {record.game}")
            seats = range(players) if seat is None else (seat,)
            moves = list(record.actions)
        else:
            raise ArgumentTypeError(f"not a record: {safe_repr(record)}")
        for one in seats:
            yield from _decisions(record, one, moves, rules=rules, ascii_only=ascii_only)


def _parse(game: str, token: str) -> Action | None:
    """A perspective record's action, or ``None`` for a deal or a hidden one."""
    if token.startswith("deal") or token.endswith("?"):
        return None
    return get_game(game).rules.parse_action(token)


def _decisions(
    record: GameRecord | PerspectiveRecord,
    seat: int,
    moves: Sequence[Action | None],
    *,
    rules: bool,
    ascii_only: bool,
) -> Iterator[Decision]:
    views: list[PlayerView] = list(replay_views(record, seat))
    words = TableWords(ascii_only=ascii_only)
    # the scores at the start of each deal: a deal starts where the round number changes
    starts: dict[int, tuple[int, ...]] = {}
    ends: dict[int, tuple[int, ...]] = {}
    for index, seen in enumerate(views):
        number = seen.round_number
        if number not in starts:
            starts[number] = views[index - 1].scores if index else seen.scores
        ends[number] = seen.scores
    score = views[-1].scores[seat]
    won = seat in record.winners
    for seen, move in zip(views, moves, strict=False):
        if seen.actor != seat or not seen.legal_actions or move is None:
            continue
        number = seen.round_number
        yield Decision(
            game=record.game,
            seat=seat,
            round_number=number,
            prompt=prompt(seen, rules=rules, ascii_only=ascii_only),
            legal=tuple(words.move(action) for action in seen.legal_actions),
            move=words.move(move),
            gained=ends[number][seat] - starts[number][seat],
            score=score,
            won=won,
        )
