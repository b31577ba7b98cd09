"""A terminal game: the human's moves, the bots' moves, and ``undo``.

Used by ``tricktaking play`` (:mod:`tricktaking.cli`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import tricktaking as tt
from tricktaking._terminal import Names, announce, clean, deal_summary, describe, game_over
from tricktaking.bots import Bot, make_bot
from tricktaking.cards import Card
from tricktaking.engine import GameState, deal_ended, game_of_action
from tricktaking.errors import IllegalActionError, NotationError
from tricktaking.notation import Output, parse_move, typed_text
from tricktaking.seeding import derive_seed

__all__ = ["Session", "moves"]

_COMMANDS = (
    ("help", "your moves and these commands"),
    ("auto", "a bot chooses your move"),
    ("undo", "take back your last move"),
    ("quit", "stop the game"),
)


class _Undo:
    """The human asked to take back their last move."""


_UNDO = _Undo()


class _Left:
    """The human left the game: by ``quit`` or at the end of input (Ctrl-D)."""


_LEFT = _Left()


class Session:
    """One terminal game: the state, the bots, and the human's moves so far (for undo)."""

    def __init__(
        self,
        state: GameState[object],
        human: int,
        seed: int,
        screen: Output,
        read: Callable[[], str],
    ) -> None:
        players = len(tt.scores(state))
        game = tt.game_of(state).name
        self.state = state
        self.human = human
        self.seed = seed
        self.screen = screen
        self.read = read
        self.names = Names(players, human)
        self.bots: list[Bot] = [
            make_bot("heuristic", game, derive_seed(seed, "bot", seat)) for seat in range(players)
        ]
        self.start_scores = tt.scores(state)
        self.news: list[str] = []  # what the deal's announcement said, until the human looks
        # Where the human was to move, with the scores when that deal began: undo goes back.
        self.asked: list[tuple[GameState[object], tuple[int, ...]]] = []

    def run(self) -> int:
        """Play to the end, or until the human leaves; return the exit status, 0.

        ``quit`` and the end of input (Ctrl-D) both stop the game, as the player's choice.
        """
        while not tt.is_over(self.state):
            action = self.next_action()
            if isinstance(action, _Left):
                self.screen("game abandoned")
                return 0
            if isinstance(action, _Undo):
                self.undo()
                continue
            after = tt.apply(self.state, action)
            with self.screen.lines() as said:
                announce(self.state, action, after, self.names, self.screen)
            if isinstance(action, tt.Deal):
                self.news = said
            if deal_ended(self.state, after):
                deal_summary(after, self.start_scores, self.names, self.screen)
            self.state = after
        game_over(self.state, self.names, self.screen)
        return 0

    def next_action(self) -> object:
        state = self.state
        seat = tt.actor(state)
        if seat is tt.CHANCE:
            self.start_scores = tt.scores(state)
            return tt.deal(state, derive_seed(self.seed, "deal", len(state.history)))
        if seat != self.human and isinstance(seat, int):
            return self.bots[seat].act(tt.view(state, seat))
        if not self.asked or self.asked[-1][0] is not state:
            self.asked.append((state, self.start_scores))
        news, self.news = self.news, []
        return _human_move(
            state,
            self.human,
            helper=self.bots[self.human],
            names=self.names,
            screen=self.screen,
            read=self.read,
            said=news,
        )

    def undo(self) -> None:
        if len(self.asked) < 2:
            self.screen("nothing to undo yet")
            return
        self.asked.pop()
        self.state, self.start_scores = self.asked[-1]
        self.screen("your last move is taken back")


def _human_move(
    state: GameState[object],
    seat: int,
    *,
    helper: Bot,
    names: Names,
    screen: Output,
    read: Callable[[], str],
    said: Sequence[str] = (),
) -> object:
    """Ask until the human enters a legal move or a command, or leaves (:class:`_Left`)."""
    seen = tt.view(state, seat)
    describe(seen, names, screen, said)
    legal = tt.legal_actions(state)
    while True:
        line = _ask("your move> ", read, screen)
        if line is None:
            screen("")
            return _LEFT
        word = line.lower()
        if word in ("quit", "exit"):
            return _LEFT
        if word in ("help", "?", ""):
            _help(legal, screen)
            continue
        if word == "auto":
            return helper.act(seen)
        if word == "undo":
            return _UNDO
        try:
            move = parse_move(state, typed_text(line))
        except NotationError:
            screen(
                f"not understood: {clean(line)!r}; your moves: "
                + moves(legal, screen)
                + " (or help, auto, undo, quit)"
            )
            continue
        if tt.check(state, move) is None:
            return move
        try:
            tt.apply(state, move)
        except IllegalActionError as error:
            screen(f"not allowed: {clean(_said_to(seat, move, error, screen))}")


def _said_to(seat: int, move: object, error: IllegalActionError, screen: Output) -> str:
    """The engine's reason, said to the player: ``you``, cards as the terminal prints them."""
    reason = str(error).partition(" phase: ")[2] or str(error)
    reason = re.sub(rf"\bseat {seat} (does|holds|has|is)\b", _second_person, reason)
    reason = re.sub(rf"\bseat {seat}\b", "you", reason)
    card = getattr(move, "card", None)
    if isinstance(card, Card):
        reason = re.sub(rf"(?<!\w){re.escape(str(card))}(?!\w)", screen.card(card), reason)
    return reason


def _second_person(found: re.Match[str]) -> str:
    verb = found.group(1)
    return "you " + {"does": "do", "holds": "hold", "has": "have", "is": "are"}[verb]


def moves(legal: Sequence[object], screen: Output) -> str:
    """The legal moves as the player types them, each once (two Wizards are one move)."""
    return ", ".join(dict.fromkeys(screen.move(action) for action in legal))


def _help(legal: Sequence[object], screen: Output) -> None:
    screen(f"your moves: {moves(legal, screen)}")
    for game in dict.fromkeys(filter(None, map(game_of_action, legal))):
        note = None if game.terminal is None else game.terminal.help_note(legal)
        if note is not None:
            screen(note)
    screen("commands: " + ", ".join(f"{name} ({text})" for name, text in _COMMANDS))


def _ask(prompt: str, read: Callable[[], str], screen: Output) -> str | None:
    screen.stream.write(prompt)
    screen.stream.flush()
    try:
        line = read()
    except UnicodeDecodeError:
        return "\ufffd"  # not UTF-8: answered as "not understood"
    return None if line == "" else line.strip()
