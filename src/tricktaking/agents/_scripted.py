"""A scripted text model that answers the way language models do, for tests and examples."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

import attrs

from tricktaking.agents._bot import Message
from tricktaking.arguments import real_argument, seed_argument
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = ["ScriptedModel", "ScriptedReply"]

_RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
    "5": "five",
    "4": "four",
    "3": "three",
    "2": "two",
}
_SUIT_NAMES = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_NUMBER_NAMES = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"),
    *("eleven", "twelve", "thirteen", "fourteen", "fifteen"),
)
_MODE_WORDS = {"U": ("uptown", "high", "up"), "D": ("downtown", "low", "down"), "NT": ("no trump",)}
_CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]|Wizard|Jester|big joker|little joker|joker")
_RETHINK = "Your answer could not be used"

Kind = Literal["answer", "wrong", "lost", "ambiguous"]


@attrs.frozen(kw_only=True)
class ScriptedReply:
    """One reply of a :class:`~tricktaking.agents.ScriptedModel`, with what it meant.

    Attributes:
        reply: The text.
        intended: The move meant, as the prompt writes it (``"play Q♥"``); for a wrong
            reply the illegal move meant, ``None`` when the reply names none on purpose.
        kind: ``"answer"`` (a legal move), ``"wrong"`` (an illegal move), ``"lost"`` (no
            move) or ``"ambiguous"`` (two legal moves).
        style: The name of the style it was written in.
        rethink: Whether it answered a rethink message.

    Example:
        >>> from tricktaking.agents import ScriptedReply
        >>> ScriptedReply(reply="Pass.", intended="pass", kind="answer", style="plain",
        ...               rethink=False).kind
        'answer'
    """

    reply: str
    intended: str | None
    kind: Kind
    style: str
    rethink: bool


class ScriptedModel:
    """A text model for tests: it answers a prompt the way chat models do, seeded.

    It reads the legal moves of a :func:`~tricktaking.agents.prompt` (or of a rethink
    message), chooses one at random, and writes it in one of many styles models use:
    a bare move, ``Final Answer:`` lines, markdown bold, brackets, ``<answer>`` tags, JSON,
    card names in words (``the queen of hearts``, ``ten of clubs``), bids in words (``I
    bid two``, Bid Whist's ``4 no trump downtown``), calls (``I'll make hearts trump``),
    and paragraphs of reasoning that name other cards first. Some replies are wrong on
    purpose: an illegal card from the hand, a card it does not hold, a bid out of range,
    a bid without its mode, no move at all, or two moves. After a rethink message it
    mostly answers plainly. Every reply is logged in
    :attr:`~tricktaking.agents.ScriptedModel.replies` with the move it meant, so a harness
    can count what it understood and what it misread.

    Args:
        seed: Chooses every move and style.
        wrong: The share of first replies that name an illegal move.
        lost: The share of first replies that name no move.
        ambiguous: The share of first replies that name two legal moves.

    Attributes:
        replies: Every reply so far, with the move it meant.

    Example:
        >>> from tricktaking.agents import ScriptedModel, TextBot
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> model = ScriptedModel(seed=1)
        >>> action = TextBot(model).act(tt.view(state, 1))
        >>> action in tt.legal_actions(state), model.replies[-1].kind
        (True, 'answer')
    """

    def __init__(
        self, seed: int = 0, *, wrong: float = 0.08, lost: float = 0.02, ambiguous: float = 0.02
    ) -> None:
        for name, share in (("wrong", wrong), ("lost", lost), ("ambiguous", ambiguous)):
            real_argument(name, share, low=0.0, high=1.0)
        self._words = stream(derive_seed(seed_argument("seed", seed), "scripted-model"))
        self.wrong = wrong
        self.lost = lost
        self.ambiguous = ambiguous
        self.replies: list[ScriptedReply] = []

    def __call__(self, conversation: str | Sequence[Message]) -> str:
        """The reply to a prompt (a text) or to a chat's messages."""
        if isinstance(conversation, str):
            text = conversation
            last = conversation[conversation.rfind(_RETHINK) :] if _RETHINK in conversation else ""
        else:
            text = "\n".join(message["content"] for message in conversation)
            final = conversation[-1]["content"] if conversation else ""
            last = final if final.startswith(_RETHINK) else ""
        table = _Prompt.read(text)
        reply = self._rethought(table) if last else self._first(table)
        self.replies.append(reply)
        return reply.reply

    # --- choosing ---------------------------------------------------------------------------

    def _below(self, count: int) -> int:
        return random_below(self._words, count)

    def _chance(self, share: float) -> bool:
        return self._below(1_000_000) < share * 1_000_000

    def _pick(self, items: Sequence[str]) -> str:
        return items[self._below(len(items))]

    def _first(self, table: _Prompt) -> ScriptedReply:
        if not table.legal:
            return ScriptedReply(
                reply="I can't find my moves here.",
                intended=None,
                kind="lost",
                style="lost",
                rethink=False,
            )
        roll = self._below(1_000_000) / 1_000_000
        if roll < self.lost:
            return self._lost(rethink=False)
        if roll < self.lost + self.ambiguous and len(table.legal) > 1:
            return self._two(table)
        if roll < self.lost + self.ambiguous + self.wrong:
            wrong = self._wrong(table)
            if wrong is not None:
                return wrong
        move = self._pick(table.legal)
        style, reply = self._write(move, table)
        return ScriptedReply(reply=reply, intended=move, kind="answer", style=style, rethink=False)

    def _rethought(self, table: _Prompt) -> ScriptedReply:
        if not table.legal:
            return self._lost(rethink=True)
        move = self._pick(table.legal)
        if self._chance(0.1):
            style, reply = self._write(move, table)
        else:
            style, reply = "plain", f"Sorry about that.\nFinal Answer: {move}"
        return ScriptedReply(reply=reply, intended=move, kind="answer", style=style, rethink=True)

    def _lost(self, *, rethink: bool) -> ScriptedReply:
        reply = self._pick(
            (
                "This is a tricky spot. I need to think about what the others hold.",
                "Hmm, I'm not sure. Let me consider the options carefully before deciding.",
                "I would like more information about the previous tricks.",
            )
        )
        return ScriptedReply(reply=reply, intended=None, kind="lost", style="lost", rethink=rethink)

    def _two(self, table: _Prompt) -> ScriptedReply:
        first = self._pick(table.legal)
        second = self._pick([move for move in table.legal if move != first])
        reply = self._pick(
            (
                f"Either {_spoken(first)} or {_spoken(second)} would do here.",
                f"Final Answer: {first} or {second}",
                f"I'm torn between {first} and {second}; both look fine.",
            )
        )
        return ScriptedReply(
            reply=reply, intended=None, kind="ambiguous", style="two moves", rethink=False
        )

    def _wrong(self, table: _Prompt) -> ScriptedReply | None:
        """A reply naming an illegal move, if the position allows one."""
        options: list[tuple[str, str]] = []
        if table.plays:
            unplayable = [card for card in table.hand if card not in table.playable]
            if unplayable:
                options.append(("illegal card", f"play {self._pick(unplayable)}"))
            foreign = [card for card in table.seen if card not in table.hand]
            if foreign:
                options.append(("card not held", f"play {self._pick(foreign)}"))
        if table.bids:
            numbers = [int(bid.rstrip("UDNT")) for bid in table.bids]
            top = max(numbers)
            options.append(("bid out of range", f"bid {top + 2 + self._below(3)}"))
            if table.modes:
                options.append(
                    ("bid without its mode", f"bid {numbers[self._below(len(numbers))]}")
                )
        if not options:
            return None
        style, move = options[self._below(len(options))]
        if style == "bid without its mode":
            reply = self._pick((f"I bid {move.split()[1]}.", f"Final Answer: {move}"))
            return ScriptedReply(
                reply=reply, intended=None, kind="ambiguous", style=style, rethink=False
            )
        _, reply = self._write(move, table)
        return ScriptedReply(reply=reply, intended=move, kind="wrong", style=style, rethink=False)

    # --- writing ----------------------------------------------------------------------------

    def _write(self, move: str, table: _Prompt) -> tuple[str, str]:
        """A reply meaning ``move``, in a style chosen at random: its name and text."""
        verb, _, rest = move.partition(" ")
        if verb in ("play", "discard") and rest:
            return self._card_reply(verb, rest, table)
        if verb == "bid":
            return self._bid_reply(rest, table)
        if verb == "trump":
            return self._trump_reply(rest)
        if move == "pass":
            style = self._pick(("plain", "chat", "bare", "bold", "reasoned", "passing"))
            return style, {
                "passing": "I'm passing.",
                "plain": "Final Answer: pass",
                "chat": "I'll pass this time.",
                "bare": "Pass.",
                "bold": "My hand is too weak to compete.\n\n**Final Answer:** Pass",
                "reasoned": "No bid for me, my hand is too weak — I pass.",
            }[style]
        if move in ("uptown", "downtown"):
            style = self._pick(("plain", "chat", "bare"))
            other = "uptown" if move == "downtown" else "downtown"
            return style, {
                "plain": f"Final Answer: {move}",
                "chat": f"My hand is built for it: let's go {move}.",
                "bare": move.capitalize(),
            }[style] + ("" if style != "chat" else f" Going {other} would waste my cards.")
        return "plain", f"Final Answer: {move}"

    def _card_reply(self, verb: str, card: str, table: _Prompt) -> tuple[str, str]:
        others = [seen for seen in table.seen if seen != card and seen not in table.hand]
        own = [held for held in table.hand if held != card]
        words = _spoken(card)
        spoken = words[0].upper() + words[1:]
        down = f"the {self._pick(others)} is on the table" if others else "nothing is down"
        styles = {
            "plain": f"Final Answer: {verb} {card}",
            "chat words": self._pick(
                (f"I'll {verb} {words}.", f"I will {verb} {words}.", f"Let me {verb} {words}.")
            ),
            "bold": f"**{card}**",
            "bracket": self._pick((f"[{verb} {card}]", f"[{card}]")),
            "answer tag": f"<answer>{verb} {_letters(card)}</answer>",
            "json": f'{{"reasoning": "safest card", "move": "{verb} {_letters(card)}"}}',
            "bare": self._pick((card, _letters(card), _letters(card).lower())),
            "move line": f"Move: {card}",
            "bold final words": f"**Final Answer:** {spoken}",
            "reasoning": (f"The {self._pick(others)} is already down. " if others else "")
            + f"Counting trumps, I want to save my strength for later tricks.\n\n"
            f"Final Answer: {verb} {card}",
            "letters": f"Final Answer: {verb} {_letters(card)}",
            "best move": self._pick(
                (
                    f"I think the best move is {words}.",
                    f"My choice is {card}.",
                    f"The right play here is {card}.",
                )
            ),
            "no first person": f"Playing {words} seems best here.",
            "is my play": f"Given the situation, {words} is my play.",
            "decision line": f"Decision: {card}",
            "i'd lead": f"I'd {verb} with {words}.",
            "dash": f"{card} — it's the safest option.",
            "play line words": f"Play: {words}",
            "throw off": f"Nothing wins this trick, so I'll throw off {words}.",
            "steps": "Let me think step by step.\n"
            f"1. So far {down}.\n"
            f"2. {'I also hold ' + _spoken(self._pick(own)) if own else 'It is my last card'}.\n"
            f"3. {spoken} fits my plan best.\n\n"
            f"**Final Answer: {verb} {card}**",
        }
        if own:
            other = self._pick(own)
            styles |= {
                "choice between two": f"I hold {_spoken(other)} too, but {words} is the better "
                f"{verb} now, so I'll {verb} {words}.",
                "rather than": f"I'll {verb} {card} rather than {other}.",
                "second thought": f"I'll {verb} {_spoken(other)}. Wait — that throws away a good "
                f"card. Actually, I'll {verb} {words}.",
                "table of options": "| card | for | against |\n|---|---|---|\n"
                f"| {other} | keeps tempo | may lose |\n| {card} | safer | gives up the lead |"
                f"\n\nI choose {card}.",
                "tough call": f"Tough call between {other} and {card}. I'll go with {card}.",
                "keeping the other": f"After weighing it, I'm playing {card}, keeping {other} "
                "for later.",
            }
            if verb == "play":
                styles["follow suit"] = (
                    f"I'll follow suit with {words} since {_spoken(other)} is worth more later."
                )
        if len(table.legal) > 1:
            styles["echo the moves"] = (
                f"My legal moves are {', '.join(table.legal)}. I'll {verb} {words}."
            )
        style = self._pick(tuple(styles))
        return style, styles[style]

    def _bid_reply(self, bid: str, table: _Prompt) -> tuple[str, str]:
        number = int(bid.rstrip("UDNT"))
        mode = bid[len(str(number)) :]
        said = _NUMBER_NAMES[number] if number < len(_NUMBER_NAMES) else str(number)
        if mode:
            word = self._pick(_MODE_WORDS[mode])
            style = self._pick(("plain", "words", "token", "final words", "long", "go", "my bid"))
            reply = {
                "plain": f"Final Answer: bid {bid}",
                "words": f"I'll bid {said} {word}.",
                "token": bid,
                "final words": f"Final Answer: {number} {word}",
                "long": f"With {self._pick(('my jokers', 'two aces', 'long clubs'))} I bid "
                f"{number} {'no trump downtown' if mode == 'NT' else word}.",
                "my bid": f"My bid: {number}{mode}",
                "go": f"Partner passed and I hold {self._pick(('both jokers', 'five hearts'))}, "
                f"so I'll go {number} {word}.",
            }[style]
            return style, reply
        style = self._pick(
            (
                "plain",
                "words",
                "bare",
                "bold",
                "reasoning",
                "final number",
                "a bid of",
                "go with",
                "tricks alone",
                "hook",
                "bidding",
                "final bid",
                "i think",
            )
        )
        reply = {
            "plain": f"Final Answer: bid {number}",
            "words": self._pick((f"I bid {said}.", f"I'll bid {number} tricks.")),
            "bare": str(number),
            "bold": f"**bid {number}**",
            "reasoning": f"I have {self._pick(('one trump', 'a high card', 'nothing much'))} "
            f"and the others look strong, so I expect about {said} tricks.\nMy bid is {number}.",
            "final number": f"Looking at my hand...\n\nFinal Answer: {number}",
            "bidding": f"I'm bidding {number}.",
            "final bid": f"Final bid: {number}",
            "i think": f"{number}, I think.",
            "a bid of": f"Given my cards, a bid of {number} seems right.",
            "go with": f"I could be greedy here, but I'll go with {number}.",
            "tricks alone": f"{said.capitalize()} trick{'' if number == 1 else 's'}.",
            "hook": f"The others have bid {self._pick(('a lot', 'little'))}. I can't bid "
            f"{number + 1} safely, so I bid {number}.",
        }[style]
        return style, reply

    def _trump_reply(self, suit: str) -> tuple[str, str]:
        letter = suit[0].upper()
        style = self._pick(("plain", "chat", "bare", "letter", "it is", "trump line"))
        reply = {
            "trump line": f"Trump: {suit}",
            "it is": f"{suit.capitalize()} are my longest suit, so {suit} it is.",
            "plain": f"Final Answer: trump {suit}",
            "chat": f"I'll make {suit} trump, it is my longest suit.",
            "bare": f"{suit.capitalize()}.",
            "letter": f"Final Answer: trump {letter}",
        }[style]
        return style, reply


def _letters(card: str) -> str:
    """A card as its letters: ``Q♥`` as ``QH``; names stay names."""
    if card[-1] in _SUIT_LETTERS:
        return card[:-1] + _SUIT_LETTERS[card[-1]]
    return card


def _spoken(card: str) -> str:
    """A card in words: ``the queen of hearts``, ``the Wizard``."""
    if card.startswith(("play ", "discard ", "bid ", "trump ")):
        return card
    if card[-1] in _SUIT_NAMES:
        return f"the {_RANK_NAMES[card[:-1]]} of {_SUIT_NAMES[card[-1]]}"
    return f"the {card}"


@attrs.frozen
class _Prompt:
    """What the model reads of a prompt: the legal moves, the hand and the cards seen."""

    legal: tuple[str, ...]
    hand: tuple[str, ...]
    playable: frozenset[str]
    seen: tuple[str, ...]

    @property
    def plays(self) -> bool:
        return any(move.startswith("play ") for move in self.legal)

    @property
    def bids(self) -> tuple[str, ...]:
        return tuple(move.split(" ", 1)[1] for move in self.legal if move.startswith("bid "))

    @property
    def modes(self) -> bool:
        return any(bid[-1] in "UDT" for bid in self.bids)

    @classmethod
    def read(cls, text: str) -> _Prompt:
        legal_at = max(text.rfind("Legal moves: "), text.rfind("legal moves: "))
        legal: tuple[str, ...] = ()
        if legal_at >= 0:
            line = text[legal_at + len("Legal moves: ") :].split("\n", 1)[0]
            line = line.split(". Answer again", 1)[0].rstrip(".")
            legal = tuple(move.strip() for move in line.split(", ") if move.strip())
        hand_at = text.rfind("Your hand: ")
        hand: list[str] = []
        playable: set[str] = set()
        if hand_at >= 0:
            line = (
                text[hand_at + len("Your hand: ") :]
                .split("\n", 1)[0]
                .split(" (you may", maxsplit=1)[0]
            )
            for match in re.finditer(r"\[([^\]]+)\]|((?:big |little )?[^\s\[\]]+)", line):
                card = match.group(1) or match.group(2)
                hand.append(card)
                if match.group(1):
                    playable.add(card)
        table_at = text.rfind("\nOptions: ")  # the table, after the rules summary
        seen = tuple(dict.fromkeys(_CARD.findall(text[max(table_at, 0) : max(hand_at, 0)])))
        return cls(tuple(legal), tuple(hand), frozenset(playable), seen)
