"""A bot that asks a text model for each move, reads its reply, and asks again on a bad one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, Literal, TypeAlias, TypedDict, cast

import attrs

from tricktaking.agents._prompt import SYSTEM, prompt
from tricktaking.agents._reply import ReplyError, parse_reply
from tricktaking.agents._text import TableWords
from tricktaking.arguments import callable_argument, count_argument, seed_argument
from tricktaking.engine import Action, PlayerView, game_of_view
from tricktaking.errors import ArgumentError, ArgumentTypeError, TricktakingError, safe_repr
from tricktaking.plugins import Bot, legal_choices
from tricktaking.seeding import derive_seed, random_below, stream
from tricktaking.views import JSONValue

__all__ = [
    "MAX_RETRIES",
    "Attempt",
    "ChatModel",
    "Fallback",
    "Message",
    "ModelError",
    "TextBot",
    "TextModel",
    "Transcript",
    "rethink",
]

MAX_RETRIES: Final = 20
"""The most times :class:`~tricktaking.agents.TextBot` asks again after a bad reply."""


class Message(TypedDict):
    """One message of a chat, as OpenAI-compatible chat APIs take them.

    Example:
        >>> from tricktaking.agents import Message
        >>> message: Message = {"role": "user", "content": "Your move?"}
        >>> message["role"]
        'user'
    """

    role: Literal["system", "user", "assistant"]
    content: str


TextModel: TypeAlias = Callable[[str], "str | None"]
"""A model that completes a text: the prompt (and any earlier turns) in, the reply out."""

ChatModel: TypeAlias = Callable[[list[Message]], "str | None"]
"""A chat model: the conversation so far in, the next assistant message out."""

Fallback: TypeAlias = Literal["random", "heuristic"] | Bot | None
"""What :class:`~tricktaking.agents.TextBot` does when every try failed: a random legal
move, the game's heuristic bot, a bot of your own, or ``None`` to raise
:class:`~tricktaking.agents.ModelError`."""


class ModelError(TricktakingError, RuntimeError):
    """The model gave no usable move in all its tries, and the bot has no fallback.

    Attributes:
        transcript: The decision's transcript, every reply and why it was refused.

    Example:
        >>> from tricktaking.agents import ModelError, TextBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> bot = TextBot(lambda text: "no idea", retries=1, fallback=None)
        >>> try:
        ...     bot.act(tt.view(state, 1))
        ... except ModelError as error:
        ...     print(error, len(error.transcript.attempts))
        no usable move in 2 replies (the last: the reply names no move; ...) 2
    """

    def __init__(self, message: str, transcript: Transcript) -> None:
        super().__init__(message)
        self.transcript = transcript


@attrs.frozen(kw_only=True)
class Attempt:
    """One reply of the model and what became of it.

    Attributes:
        reply: The reply's text (``""`` when the model returned no text).
        move: The move read, as the prompt writes it (``"play Q♥"``), or ``None``.
        error: Why the reply was refused, or ``None``.
        problem: ``"no_move"``, ``"ambiguous"`` or ``"illegal"`` when refused.

    Example:
        >>> from tricktaking.agents import Attempt
        >>> Attempt(reply="Final Answer: bid 1", move="bid 1").error is None
        True
    """

    reply: str
    move: str | None = None
    error: str | None = None
    problem: Literal["no_move", "ambiguous", "illegal"] | None = None


@attrs.frozen(kw_only=True)
class Transcript:
    """One decision of a :class:`~tricktaking.agents.TextBot`: the prompt, the replies, the move.

    Attributes:
        game: The game's registry name.
        seat: The seat that acted.
        round_number: The deal the decision was made in.
        prompt: The prompt of the decision.
        messages: The whole conversation (system, prompt, replies, rethink messages).
        attempts: Each reply and what became of it, in order.
        action: The move made.
        fallback: Whether the fallback chose it (every reply was refused).

    Example:
        >>> from tricktaking.agents import TextBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> bot = TextBot(lambda text: "Final Answer: bid 0")
        >>> _ = bot.act(tt.view(state, 1))
        >>> record = bot.transcripts[-1]
        >>> record.tries, record.to_dict()["action"], record.fallback
        (1, '1 bid 0', False)
    """

    game: str
    seat: int
    round_number: int
    prompt: str
    messages: tuple[Message, ...]
    attempts: tuple[Attempt, ...]
    action: Action
    fallback: bool

    @property
    def tries(self) -> int:
        """How many replies the decision took."""
        return len(self.attempts)

    def to_dict(self) -> dict[str, JSONValue]:
        """The transcript as JSON data, for logs and datasets (one line of JSONL each)."""
        return {
            "game": self.game,
            "seat": self.seat,
            "round_number": self.round_number,
            "prompt": self.prompt,
            "messages": [
                {"role": message["role"], "content": message["content"]}
                for message in self.messages
            ],
            "attempts": [
                {
                    "reply": attempt.reply,
                    "move": attempt.move,
                    "error": attempt.error,
                    "problem": attempt.problem,
                }
                for attempt in self.attempts
            ],
            "action": str(self.action),
            "fallback": self.fallback,
        }


def rethink(error: ReplyError) -> str:
    r"""The message that asks the model again after a refused reply: the reason, the moves.

    Example:
        >>> from tricktaking.agents import ReplyError, rethink
        >>> text = rethink(ReplyError("the reply names no move; legal moves: bid 0",
        ...                           problem="no_move"))
        >>> print(text.replace(". ", ".\n"))
        Your answer could not be used: the reply names no move; legal moves: bid 0.
        Answer again, ending with one line "Final Answer: <move>".
    """
    return (
        f"Your answer could not be used: {error}. "
        'Answer again, ending with one line "Final Answer: <move>".'
    )


class TextBot:
    """A :class:`~tricktaking.bots.Bot` played by a text model.

    For each decision it writes the :func:`~tricktaking.agents.prompt` of the view, asks
    the model, and reads the reply with :func:`~tricktaking.agents.parse_reply`. A reply
    that names no move, two different moves or an illegal one is answered with the
    reason and the legal moves (:func:`~tricktaking.agents.rethink`) and the model asked
    again, up to ``retries`` more times; then the ``fallback`` moves. Every decision is
    kept in :attr:`~tricktaking.agents.TextBot.transcripts` (and passed to
    ``on_decision``), for logs and datasets.

    Args:
        model: A function from text to text (:data:`~tricktaking.agents.TextModel`), or
            with ``chat=True`` a chat function from a list of
            :class:`~tricktaking.agents.Message` to text
            (:data:`~tricktaking.agents.ChatModel`). A reply that is not a ``str``
            (``None`` from an API) counts as empty.
        chat: Whether ``model`` takes messages rather than one text.
        retries: How many times to ask again after a refused reply, 0 to
            :data:`~tricktaking.agents.MAX_RETRIES`.
        fallback: After the last refused reply: ``"random"`` (a random legal move),
            ``"heuristic"`` (the game's heuristic bot), any bot, or ``None`` to raise
            :class:`~tricktaking.agents.ModelError`.
        system: The system message (:data:`~tricktaking.agents.SYSTEM`), or ``None``.
        rules: Whether prompts include the game's rules summary.
        ascii_only: Whether prompts write suits as letters.
        seed: Seeds the fallback.
        on_decision: Called with each decision's :class:`~tricktaking.agents.Transcript`.

    Attributes:
        transcripts: Every decision so far, oldest first.

    Raises:
        ArgumentTypeError: If ``model`` or ``on_decision`` cannot be called, or an
            option has the wrong type.
        ArgumentError: If ``retries`` is out of bounds or ``fallback`` unknown.

    Example:
        >>> from tricktaking.agents import TextBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> replies = iter(["I bid three.", "Fine: I bid one."])
        >>> bot = TextBot(lambda text: next(replies))
        >>> bot.act(tt.view(state, 1))
        Bid(seat=1, tricks=1)
        >>> [attempt.problem for attempt in bot.transcripts[0].attempts]
        ['illegal', None]
    """

    def __init__(
        self,
        model: TextModel | ChatModel,
        *,
        chat: bool = False,
        retries: int = 2,
        fallback: Fallback = "random",
        system: str | None = SYSTEM,
        rules: bool = True,
        ascii_only: bool = False,
        seed: int = 0,
        on_decision: Callable[[Transcript], None] | None = None,
    ) -> None:
        if not callable(model):
            raise ArgumentTypeError(f"a model is a function of text, not {safe_repr(model)}")
        for name, flag in (("chat", chat), ("rules", rules), ("ascii_only", ascii_only)):
            if type(flag) is not bool:
                raise ArgumentTypeError(f"{name} must be True or False, not {safe_repr(flag)}")
        count_argument("retries", retries, low=0, high=MAX_RETRIES)
        if system is not None and not isinstance(system, str):
            raise ArgumentTypeError(f"system must be a str or None, not {safe_repr(system)}")
        if not (fallback is None or fallback in ("random", "heuristic") or _is_bot(fallback)):
            raise ArgumentError(
                "fallback must be 'random', 'heuristic', a bot or None, not " + safe_repr(fallback)
            )
        callable_argument("on_decision", on_decision)
        self.model = model
        self.chat = chat
        self.retries = retries
        self.fallback: Fallback = fallback
        self.system = system
        self.rules = rules
        self.ascii_only = ascii_only
        self.seed: int = seed_argument("seed", seed)
        self.on_decision = on_decision
        self.transcripts: list[Transcript] = []
        self._words = stream(derive_seed(self.seed, "text-bot"))
        self._heuristic: Bot | None = None

    def act(self, view: PlayerView) -> Action:
        """The move the model chooses for ``view`` (see the class)."""
        legal = legal_choices(view)
        game = game_of_view(view)
        text = prompt(view, rules=self.rules, ascii_only=self.ascii_only)
        messages: list[Message] = []
        if self.system is not None:
            messages.append({"role": "system", "content": self.system})
        messages.append({"role": "user", "content": text})
        attempts: list[Attempt] = []
        words = TableWords(ascii_only=self.ascii_only)

        def transcript(action: Action, *, fallback: bool) -> Transcript:
            return Transcript(
                game=game.name,
                seat=view.seat,
                round_number=view.round_number,
                prompt=text,
                messages=tuple(messages),
                attempts=tuple(attempts),
                action=action,
                fallback=fallback,
            )

        for _ in range(self.retries + 1):
            reply = self._ask(messages)
            messages.append({"role": "assistant", "content": reply})
            try:
                action = parse_reply(view, reply)
            except ReplyError as error:
                attempts.append(Attempt(reply=reply, error=str(error), problem=error.problem))
                messages.append({"role": "user", "content": rethink(error)})
                continue
            attempts.append(Attempt(reply=reply, move=words.move(action)))
            return self._done(transcript(action, fallback=False))
        messages.pop()  # the last rethink message was never sent
        record = transcript(legal[0], fallback=True)
        if self.fallback is None:
            last = attempts[-1].error or ""
            raise ModelError(
                f"no usable move in {len(attempts)} replies (the last: {last[:200]})", record
            )
        return self._done(attrs.evolve(record, action=self._fall_back(view, legal)))

    def _ask(self, messages: Sequence[Message]) -> str:
        if self.chat:
            reply: object = cast("ChatModel", self.model)(list(messages))
        else:
            reply = cast("TextModel", self.model)(_as_text(messages))
        return reply if isinstance(reply, str) else ""

    def _fall_back(self, view: PlayerView, legal: tuple[Action, ...]) -> Action:
        match self.fallback:
            case "random":
                return legal[random_below(self._words, len(legal))]
            case "heuristic":
                if self._heuristic is None:
                    make = game_of_view(view).heuristic_bot
                    if make is None:
                        return legal[random_below(self._words, len(legal))]
                    self._heuristic = make(self.seed)
                return self._heuristic.act(view)
            case None:  # pragma: no cover - raised before
                raise AssertionError("no fallback")
            case bot:
                return bot.act(view)

    def _done(self, record: Transcript) -> Action:
        self.transcripts.append(record)
        if self.on_decision is not None:
            self.on_decision(record)
        return record.action


def _is_bot(value: object) -> bool:
    return callable(getattr(value, "act", None)) and not isinstance(value, type)


def _as_text(messages: Sequence[Message]) -> str:
    """A conversation as one text, for a model that completes text."""
    if len(messages) <= 2 and messages[-1]["role"] == "user":
        return "\n\n".join(message["content"] for message in messages)
    parts: list[str] = []
    for message in messages:
        match message["role"]:
            case "system" | "user":
                parts.append(message["content"])
            case "assistant":
                parts.append(f"Your answer was:\n{message['content']}")
    return "\n\n".join(parts)
