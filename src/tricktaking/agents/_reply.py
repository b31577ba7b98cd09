r"""Reading the move a free-text reply means, and judging a move from a view alone.

A reply is read in levels, from the most explicit to the least, and the first level that
names a move decides:

1. the whole reply is a move in the command line's notation (``QH``, ``bid 2``, ``4NT``);
2. an explicit final answer: ``Final Answer: …``, ``<answer>…</answer>``, ``\\boxed{…}``;
3. an answer line or field: ``Move: …``, ``Play: …``, ``Bid: …``, ``{"move": "…"}``;
4. what the writer says it does: ``I'll play the queen of hearts``, ``I bid two``;
5. marked text: ``**Q♥**``, ``[play 3]``, `` `4NT` ``;
6. every move the reply names.

At each level only moves of the kinds the seat may make now count (a restated ``Trump:
hearts`` is no answer while cards are played), negated ones (``not the Q♥``, ``rather
than``, ``keep my Wizard``) and hypothetical ones (``if I play``, ``should I play…?``)
never do, and in running text a card counts only if the seat holds it. One legal move
named is the answer; two different legal moves named is an ambiguity, an error and never
a guess; only illegal moves named is an illegal answer, an error with the rules' reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Final, Literal

import attrs

from tricktaking.actions import Action, ChooseTrump
from tricktaking.agents._text import TableWords
from tricktaking.cards import Card, Rank, Suit
from tricktaking.engine import PlayerView, apply, game_of_view
from tricktaking.errors import (
    ArgumentTypeError,
    IllegalActionError,
    NotationError,
    TricktakingError,
    Violation,
    safe_repr,
)
from tricktaking.notation import read_move
from tricktaking.worlds import sample_world

__all__ = ["MAX_REPLY", "ReplyError", "check", "explain", "parse_move", "parse_reply"]

MAX_REPLY: Final = 20_000
"""The most characters of a reply that are read: its last ones, where answers stand."""

ReplyProblem = Literal["no_move", "ambiguous", "illegal"]


class ReplyError(NotationError):
    """A reply that names no usable move: none, two different ones, or an illegal one.

    The message says what is wrong and lists the legal moves, so it can be sent back to
    the model as it is (:class:`~tricktaking.agents.TextBot` does).

    Attributes:
        problem: ``"no_move"``, ``"ambiguous"`` or ``"illegal"``.
        moves: The different legal moves named (ambiguous), or the illegal move read.
        violation: Why the move read is illegal (``"illegal"`` only), else ``None``.
        legal: The seat's legal moves.

    Example:
        >>> from tricktaking.agents import ReplyError, parse_reply
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> try:
        ...     parse_reply(tt.view(state, 1), "Hmm, hard to say.")
        ... except ReplyError as error:
        ...     print(error.problem, "|", error)
        no_move | the reply names no move; legal moves: bid 0, bid 1
    """

    def __init__(
        self,
        message: str,
        *,
        problem: Literal["no_move", "ambiguous", "illegal"],
        moves: tuple[Action, ...] = (),
        violation: Violation | None = None,
        legal: tuple[Action, ...] = (),
    ) -> None:
        super().__init__(message)
        self.problem: Literal["no_move", "ambiguous", "illegal"] = problem
        self.moves = moves
        self.violation = violation
        self.legal = legal


# --- the words of cards, numbers and calls --------------------------------------------------

_SYMBOLS = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_SUIT_BY_LETTER = {suit.value: suit for suit in Suit}
_RANK_WORDS = {
    "ace": "A",
    "king": "K",
    "queen": "Q",
    "jack": "J",
    "ten": "T",
    "10": "T",
    "nine": "9",
    "eight": "8",
    "seven": "7",
    "six": "6",
    "five": "5",
    "four": "4",
    "three": "3",
    "trey": "3",
    "two": "2",
    "deuce": "2",
}
_NUMBERS = {
    word: value
    for value, word in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
} | {"nil": 0}
_NUMBER = (
    r"(?:\d{1,2}(?!\d)|(?:" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + r")(?![\w]))"
)
_SUIT_WORD = r"(?:spades?|hearts?|diamonds?|clubs?|[♠♥♦♣♤♡♢♧]\ufe0f?)(?![a-z])"
_RANK_WORD = r"(?:" + "|".join(sorted(_RANK_WORDS, key=len, reverse=True)) + r"|[2-9]|[akqjt])"

_CARD_WORDS = re.compile(
    rf"\b(?:the\s+)?(?P<rank>{_RANK_WORD})\s+of\s+(?P<suit>{_SUIT_WORD})", re.IGNORECASE
)
_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?P<rank>10|[2-9TJQKA])(?P<suit>[SHDC])(?![A-Za-z0-9])")
_CARD_SYMBOL = re.compile(
    r"(?<![A-Za-z0-9])(?P<rank>10|[2-9TJQKAtjqka])\s?(?P<suit>[♠♥♦♣♤♡♢♧])\ufe0f?"
)
_SPECIAL_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?P<token>WZ|JE|JK|RJ|BJ)(?![A-Za-z0-9])")
_SPECIAL_WORD = re.compile(
    r"\b(?:(?P<size>big|large|high|higher|top|red|little|small|low|lower|black|bottom)\s+)?"
    r"(?P<name>jokers?|wizards?|jesters?)\b",
    re.IGNORECASE,
)
_BIG_JOKER = frozenset({"big", "large", "high", "higher", "top", "red"})
_NAMED = {rank.name.lower(): rank for rank in (Rank.WIZARD, Rank.JESTER)}
# A capitalised "Wizard" is also the name of a game: in running text it names the card only
# after one of these words ("my Wizard", "play a Wizard").
_BEFORE_A_CARD = frozenset(
    [
        "a",
        "an",
        "the",
        "my",
        "one",
        "another",
        "this",
        "that",
        "any",
        "your",
        "play",
        "lead",
        "throw",
        "dump",
        "with",
    ]
)

_SUITS = re.compile(rf"\b(?P<suit>{_SUIT_WORD})", re.IGNORECASE)
_TRUMP = re.compile(
    rf"\btrumps?\b\s*(?:suit\s*)?(?:is|:|=|will\s+be|would\s+be|to\s+be|as|in|of)?\s*(?:the\s+)?"
    rf"(?P<suit>{_SUIT_WORD})|\b(?P<before>{_SUIT_WORD})\s+(?:as\s+|are\s+|is\s+|for\s+)?"
    r"(?:the\s+)?trumps?\b",
    re.IGNORECASE,
)
_PASS = re.compile(r"\bpass(?:ing)?\b", re.IGNORECASE)
_NO_BID = re.compile(r"\bno\s+bid\b", re.IGNORECASE)
_DIRECTION = re.compile(r"\b(?P<way>uptown|downtown)\b", re.IGNORECASE)
_THIRD_PERSON = re.compile(
    r"(?:\bseat\s*\d+|\bseats?\b|\bthey|\bhe|\bshe|\bpartner|\bopponents?|\bdealer|\bsomeone"
    r"|\bnobody|\bwho|\beveryone|\bothers?|\bleft|\bright|\bbidder)(?:'s)?\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)

# Words after which a move named is not played: "not the Q♥", "rather than", "keep my
# Wizard"; and words after which a move is only weighed: "if I play", "should I play".
_NEGATION = re.compile(
    r"\b(?:not|never|no\s+longer|instead\s+of|rather\s+than|avoid(?:ing)?|keep(?:ing)?|"
    r"sav(?:e|ing)|hold(?:ing)?(?:\s+on\s+to|\s+back)?|except|other\s+than|without|"
    r"cannot|can't|won't|don't|shouldn't|wouldn't|isn't|can’t|won’t|don’t)\b",
    re.IGNORECASE,
)
_NEGATED_AFTER = re.compile(
    r"^\s*(?:\)|,)?\s*(?:is|would\s+be|was)?\s*(?:not|n't|illegal|no\s+good)\b", re.IGNORECASE
)
_HYPOTHESIS = re.compile(
    r"\b(?:if|when|whether|unless|suppose|supposing|assuming|what\s+if|once|should|could|"
    r"might|may)\b|\bcan\b(?!['’]t)",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(
    r"[.;!?\n]|\bbut\b|\bhowever\b|,\s*(?:so|then|therefore|thus|hence)\b", re.IGNORECASE
)
_NEGATION_SCOPE = re.compile(r"[.;!?\n,:(]|\bbut\b|\bso\b|\band\b", re.IGNORECASE)

_SUBJECT = (
    r"\b(?:i\s*['’]?ll|i\s+will|i\s+shall|i\s*['’]?m\s+going\s+to|i\s+am\s+going\s+to|"
    r"i\s*['’]?m\s+gonna|i\s+am\s+gonna|i\s+want\s+to|i\s*['’]?d\s+like\s+to|"
    r"i\s+would\s+like\s+to|i\s+(?:have\s+)?decided?\s+to|i\s*['’]?ve\s+decided\s+to|"
    r"i\s+choose\s+to|i\s*['’]?m|i\s+am|let\s+me|let['’]?s|i)"
)
_ADVERB = (
    r"(?:(?:just|simply|safely|probably|definitely|now|then|therefore|also|instead|"
    r"happily|rather|go\s+ahead\s+and|best|will|carefully|confidently)\s+)?"
)
_VERB = (
    r"(?P<verb>play(?:ing)?|lead(?:ing)?|throw(?:ing)?|dump(?:ing)?|discard(?:ing)?|"
    r"bid(?:ding)?|pass(?:ing)?|call(?:ing)?|choos(?:e|ing)|pick(?:ing)?|nam(?:e|ing)|"
    r"select(?:ing)?|tak(?:e|ing)|us(?:e|ing)|go(?:ing)?\s+with|follow(?:ing)?(?:\s+suit)?\s+with|"
    r"stick(?:ing)?\s+with|settle\s+on|mak(?:e|ing)|declar(?:e|ing)|say|go(?:ing)?|trump)\b"
)
_INTENT = re.compile(
    _SUBJECT
    + r"\s+"
    + _ADVERB
    + _VERB
    + r"|\b(?:my|the)\s+(?:(?:best|right|safest|strongest|only|final)\s+)?(?:move|play|choice|"
    r"call|decision|pick|answer|card|bid)\s+(?P<is>is|will\s+be|would\s+be|here\s+is)\b"
    r"|\bgoing\s+with\b",
    re.IGNORECASE,
)
# A decision said again after one of these replaces the one before: "Actually, I'll…"
_CORRECTION = re.compile(
    r"\b(?:actually|wait|on\s+second\s+thoughts?|instead|scratch\s+that|correction|"
    r"changed?\s+my\s+mind|no,|final(?:ly)?|in\s+the\s+end)",
    re.IGNORECASE,
)
# After these verbs a bare number is a bid: "I'll go with 2", "I say two".
_NUMBER_VERBS = re.compile(
    r"^(?:bid|say|go|call|choos|pick|select|settle|stick|is|will|would|going)", re.IGNORECASE
)
_BARE_NUMBER = re.compile(rf"\b(?P<num>{_NUMBER})", re.IGNORECASE)
_OR_NUMBERS = re.compile(rf"\s*(?:,|/|\bor\b|\bto\b|-|–)\s*(?P<num>{_NUMBER})", re.IGNORECASE)

_FINAL = re.compile(
    r"final\s+(?:answer|move|decision|choice|bid|play|call)\s*(?:is\b|[:：=\-–—])?[ \t]*"
    r"(?P<rest>[^\n]*)(?:\n[ \t]*(?P<next>[^\n]+))?",
    re.IGNORECASE,
)
_ANSWER_TAG = re.compile(r"<answer>(?P<rest>.*?)</answer>", re.IGNORECASE | re.DOTALL)
_BOXED = re.compile(r"\\boxed\{(?P<rest>[^{}\n]{1,80})\}")
_LINE_TAG = re.compile(
    r"^[ \t>\-*#\d.)]*(?:my\s+)?(?P<tag>answer|move|action|decision|choice|play|bid|call|"
    r"trump|direction|discard|lead)[ \t]*[:：=][ \t]*(?P<rest>[^\n]+)",
    re.IGNORECASE | re.MULTILINE,
)
_JSON_FIELD = re.compile(
    r'"(?P<tag>move|action|answer|choice|bid|play|card|call)"\s*:\s*"(?P<rest>[^"\n]{1,100})"',
    re.IGNORECASE,
)
_MARKS = re.compile(
    r"\*\*(?P<a>[^*\n]{1,80})\*\*|__(?P<b>[^_\n]{1,80})__|`(?P<c>[^`\n]{1,80})`|"
    r"\[(?P<d>[^\[\]\n]{1,80})\]"
)
_MARKUP = re.compile(r"[*`#]|__")
_LEAD = re.compile(r"[,;:—–.!?\n(]| - ")
_VERB_TAGS = frozenset({"play", "bid", "trump", "direction", "discard", "lead"})
# The words that may stand beside a bare number in an answer: "2 tricks", "bid two".
_BID_WORDS = frozenset(
    ["bid", "bids", "trick", "tricks", "book", "books", "point", "points", "pts", "i", "my", "is"]
)


# --- readings -------------------------------------------------------------------------------


@attrs.frozen
class _Reading:
    """Words of the reply that name a move: where they are and what they may mean.

    ``actions`` are every action the words may mean (a joker names both of Bid Whist's);
    ``exact`` is false for a number said without the suffix the game's bids need.
    """

    start: int
    end: int
    actions: tuple[Action, ...]
    exact: bool = True
    corrects: bool = False


class _Table:
    """What the reader knows of the seat: its legal moves, hand and the game's notation."""

    def __init__(self, view: PlayerView) -> None:
        game = game_of_view(view)
        self.view = view
        self.seat = view.seat
        self.legal: tuple[Action, ...] = tuple(view.legal_actions)
        self.kinds = frozenset(type(action) for action in self.legal)
        self.hand = frozenset(view.hand)
        self.parse_action: Callable[[str], Action] = game.rules.parse_action
        words = game.notation_words
        self.suffixes = () if words is None else words.bid_suffixes
        self.suffix_tokens = tuple(dict.fromkeys(token for _, token in self.suffixes))
        phrases = sorted((phrase for phrase, _ in self.suffixes), key=len, reverse=True)
        suffix = "|".join(re.escape(phrase).replace(r"\ ", r"[\s-]+") for phrase in phrases)
        self.suffix_of = dict(self.suffixes)
        tail = rf"(?:\s*(?P<suffix>{suffix})(?![a-z]))?" if suffix else ""
        self.bid_words = re.compile(
            r"\bbid(?:s|ding)?\b[ \t]*[:=\-–—>→]?[ \t]*(?:(?:is|of|will\s+be|would\s+be|be|a|an|"
            rf"at|to|for|exactly|just|only|my)\s+){{0,3}}(?P<num>{_NUMBER}){tail}",
            re.IGNORECASE,
        )
        self.suffixed = (
            re.compile(
                rf"(?<![\w.])(?P<num>{_NUMBER})\s*(?P<suffix>{suffix})(?![a-z])", re.IGNORECASE
            )
            if suffix
            else None
        )
        self.words = TableWords()
        self._parsed: dict[str, Action | None] = {}

    def action(self, form: str) -> Action | None:
        """The action of the seat whose short token is ``form``, or ``None``."""
        if form not in self._parsed:
            try:
                self._parsed[form] = self.parse_action(f"{self.seat} {form}")
            except (NotationError, ValueError):
                self._parsed[form] = None
        return self._parsed[form]

    def card_actions(self, cards: Sequence[Card]) -> tuple[Action, ...]:
        found: list[Action] = []
        for card in cards:
            for verb in ("play", "discard"):
                action = self.action(f"{verb} {card}")
                if action is not None:
                    found.append(action)
        return tuple(found)

    def bid_actions(self, number: int, suffix: str | None) -> tuple[tuple[Action, ...], bool]:
        """The bids a number (and a suffix) may mean, and whether it names one exactly."""
        if suffix is not None or not self.suffix_tokens:
            action = self.action(f"bid {number}{suffix or ''}")
            return ((action,) if action is not None else ()), True
        variants = (self.action(f"bid {number}{token}") for token in self.suffix_tokens)
        found = tuple(dict.fromkeys(action for action in variants if action is not None))
        return found, len(found) <= 1

    def move(self, action: Action) -> str:
        return self.words.move(action)

    def moves(self, actions: Sequence[Action]) -> str:
        return self.words.moves(actions)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


def _suit(word: str) -> Suit:
    first = word[0]
    return _SUIT_BY_LETTER[_SYMBOLS.get(first, first.upper())]


def _card(rank: str, suit: str) -> Card:
    letter = _RANK_WORDS.get(rank.lower(), rank.upper())
    return Card.parse(letter + _suit(suit).value)


def _card_readings(text: str, table: _Table, answer: bool) -> Iterator[_Reading]:
    found: list[tuple[int, int, tuple[Card, ...]]] = []
    for pattern in (_CARD_WORDS, _CARD_TOKEN, _CARD_SYMBOL):
        for match in pattern.finditer(text):
            found.append((match.start(), match.end(), (_card(match["rank"], match["suit"]),)))
    for match in _SPECIAL_TOKEN.finditer(text):
        found.append((match.start(), match.end(), (Card.parse(match["token"]),)))
    for match in _SPECIAL_WORD.finditer(text):
        name = match["name"].lower().rstrip("s")
        if _NAMED.get(name) is Rank.WIZARD and not answer and match["name"][0] == "W":
            before = text[: match.start()].split()
            if not before or before[-1].lower().strip("(\"'") not in _BEFORE_A_CARD:
                continue
        found.append((match.start(), match.end(), _special(name, match["size"])))
    for start, end, named in found:
        cards = named if answer else tuple(card for card in named if card in table.hand)
        if cards:
            yield _Reading(start, end, table.card_actions(cards))


def _special(name: str, size: str | None) -> tuple[Card, ...]:
    """The cards a special card's name may mean: ``joker`` is any of the jokers."""
    ranks: tuple[Rank, ...]
    if name in _NAMED:
        ranks = (_NAMED[name],)
    elif size is None:
        ranks = (Rank.JOKER, Rank.RED_JOKER, Rank.BLACK_JOKER)
    elif size.lower() in _BIG_JOKER:
        ranks = (Rank.RED_JOKER,)
    else:
        ranks = (Rank.BLACK_JOKER,)
    return tuple(Card(rank, None) for rank in ranks)


def _bid_readings(text: str, table: _Table, answer: bool) -> Iterator[_Reading]:
    patterns = [table.bid_words]
    if answer and table.suffixed is not None:
        patterns.append(table.suffixed)
    for pattern in patterns:
        for match in pattern.finditer(text):
            if not answer and _THIRD_PERSON.search(
                text[max(0, match.start() - 30) : match.start()]
            ):
                continue  # "seat 2 bid 3" tells what another seat did
            suffix = match.groupdict().get("suffix")
            token = (
                None if suffix is None else table.suffix_of[re.sub(r"[\s-]+", " ", suffix.lower())]
            )
            actions, exact = table.bid_actions(_number(match["num"]), token)
            yield _Reading(match.start(), match.end(), actions, exact)
            end = match.end()
            while more := _OR_NUMBERS.match(text, end):  # "bid 1 or 2" names two bids
                actions, exact = table.bid_actions(_number(more["num"]), token)
                yield _Reading(more.start("num"), more.end(), actions, exact)
                end = more.end()


def _call_readings(text: str, table: _Table, answer: bool) -> Iterator[_Reading]:
    for match in _PASS.finditer(text):
        action = table.action("pass")
        if action is not None:
            yield _Reading(match.start(), match.end(), (action,))
    if answer:
        for match in _NO_BID.finditer(text):
            action = table.action("pass")
            if action is not None:
                yield _Reading(match.start(), match.end(), (action,))
    for match in _TRUMP.finditer(text):
        suit = _suit(match["suit"] or match["before"])
        action = table.action(f"trump {suit.value}")
        if action is not None:
            yield _Reading(match.start(), match.end(), (action,))
    if answer or ChooseTrump in table.kinds:
        for match in _SUITS.finditer(text):
            action = table.action(f"trump {_suit(match['suit']).value}")
            if action is not None:
                yield _Reading(match.start(), match.end(), (action,))
    for match in _DIRECTION.finditer(text):
        action = table.action(f"direction {match['way'].lower()}")
        if action is not None:
            yield _Reading(match.start(), match.end(), (action,))


def _readings(text: str, table: _Table, *, answer: bool) -> list[_Reading]:
    """The readings of ``text``: overlapping ones give way to the longest, negated ones go."""
    found = [
        *_card_readings(text, table, answer),
        *_bid_readings(text, table, answer),
        *_call_readings(text, table, answer),
    ]
    kept: list[_Reading] = []
    found = [reading for reading in found if reading.actions]
    legal = set(table.legal)

    def first(reading: _Reading) -> tuple[int, bool, int]:  # longest, then legal, then first
        named = any(action in legal for action in reading.actions)
        return (reading.start - reading.end, not named, reading.start)

    for reading in sorted(found, key=first):
        if any(reading.start < other.end and other.start < reading.end for other in kept):
            continue
        if not _negated(text, reading):
            kept.append(reading)
    return sorted(kept, key=lambda r: r.start)


def _negated(text: str, reading: _Reading) -> bool:
    before = text[max(0, reading.start - 40) : reading.start]
    scope = list(_NEGATION_SCOPE.finditer(before))
    if scope:
        before = before[scope[-1].end() :]
    if _NEGATION.search(before):
        return True
    return _NEGATED_AFTER.match(text, reading.end) is not None


# --- the levels of a reply ------------------------------------------------------------------


def _final_segments(text: str) -> list[str]:
    for pattern in (_ANSWER_TAG, _BOXED):
        tagged = [match["rest"] for match in pattern.finditer(text)]
        if tagged:
            return tagged[-1:]
    finals = list(_FINAL.finditer(_MARKUP.sub("", text)))
    if not finals:
        return []
    last = finals[-1]
    rest = last["rest"].strip()
    return [rest if rest else (last["next"] or "")]


def _tagged_segments(text: str) -> list[str]:
    plain = _MARKUP.sub("", text)
    segments: list[str] = []
    for pattern in (_LINE_TAG, _JSON_FIELD):
        for match in pattern.finditer(plain):
            tag = match["tag"].lower()
            rest = match["rest"]
            segments.append(
                f"{'play' if tag == 'lead' else tag} {rest}" if tag in _VERB_TAGS else rest
            )
    return segments


def _marked_segments(text: str) -> list[str]:
    return [next(group for group in match.groups() if group) for match in _MARKS.finditer(text)]


def _intended(text: str, table: _Table) -> list[_Reading]:
    """The moves the writer says it makes: the first move named after each "I'll play".

    The move after such words counts even if it is a card the seat does not hold, so that
    "I'll go with the A♦" is an illegal answer rather than a silence.
    """
    readings = _of_kinds(_readings(text, table, answer=True), table)
    chosen: list[_Reading] = []
    for match in _INTENT.finditer(text):
        clause_start = max(
            (end.end() for end in _CLAUSE_END.finditer(text, 0, match.start())), default=0
        )
        if _HYPOTHESIS.search(text, clause_start, match.start()):
            continue
        stop = _CLAUSE_END.search(text, match.end())
        clause_end = stop.start() if stop else len(text)
        if stop is not None and text[stop.start()] == "?":
            continue  # "should I play the Q♥?" weighs a move
        start = match.start("verb") if match["verb"] else match.end()
        window_end = min(clause_end, match.end() + 50)
        reading = next((r for r in readings if start <= r.start < window_end), None)
        verb = (match["verb"] or match["is"] or "going").lower()
        if reading is None and _NUMBER_VERBS.match(verb) and any(_bids_in(table.legal)):
            reading = _said_bid(text, table, match.end(), window_end)
        if reading is not None:
            corrects = _CORRECTION.search(text, max(0, clause_start - 20), match.start())
            chosen.append(attrs.evolve(reading, corrects=corrects is not None))
    last = max((i for i, reading in enumerate(chosen) if reading.corrects), default=0)
    return chosen[last:]


def _said_bid(text: str, table: _Table, start: int, end: int) -> _Reading | None:
    """A bid said as a bare number after "I'll go with": ``2`` (a suffixed one is a reading)."""
    number = _BARE_NUMBER.search(text, start, end)
    if number is None:
        return None
    actions, exact = table.bid_actions(_number(number["num"]), None)
    return _Reading(number.start(), number.end(), actions, exact)


def _asserted(text: str, readings: list[_Reading]) -> list[_Reading]:
    """The readings that are not weighed: no "if I play…", no "…the Q♥?"."""
    kept: list[_Reading] = []
    for reading in readings:
        clause_start = max(
            (end.end() for end in _CLAUSE_END.finditer(text, 0, reading.start)), default=0
        )
        stop = _CLAUSE_END.search(text, reading.end)
        if _HYPOTHESIS.search(text, clause_start, reading.start):
            continue
        if stop is not None and text[stop.start()] == "?":
            continue
        kept.append(reading)
    return kept


def _bids_in(actions: Sequence[Action]) -> Iterator[bool]:
    for action in actions:
        yield str(action).split(" ", 2)[1:2] == ["bid"]


def _whole(text: str, table: _Table) -> list[_Reading]:
    """The reply as one move of the command line's notation (``QH``, ``4NT``, ``pass``)."""
    bare = _MARKUP.sub("", text).strip().strip(".!\"'").strip()
    if not bare or len(bare) > 40:
        return []
    try:
        action: Action = read_move(
            bare, seat=table.seat, legal=table.legal, parse_action=table.parse_action
        )
    except NotationError:
        return []
    return [_Reading(0, len(bare), (action,))]


def _short(text: str, table: _Table) -> list[_Reading]:
    """A reply of a few words as a whole, or one that opens with a move alone.

    ``QH``, ``Wizard``, ``bid 2``; ``1, I think``, ``Wizard — it's the safest``.
    """
    if len(text) <= 40 and len(text.split()) <= 4:
        readings = _answer(text, table)
        if readings:
            return readings
    lead = _LEAD.split(_MARKUP.sub("", text).strip(), maxsplit=1)[0].strip()
    if not lead or len(lead.split()) > 4:
        return []
    whole = _whole(lead, table)
    if whole:
        return whole
    readings = _readings(lead, table, answer=True)
    if len(readings) == 1 and readings[0].start == 0 and readings[0].end == len(lead):
        return readings
    return []


def _answer(segment: str, table: _Table) -> list[_Reading]:
    """The readings of an answer segment, which may be a bare number or token."""
    whole = _whole(segment, table)  # "6d" is a card to play, "7D" a bid to make
    if whole:
        return whole
    readings = _readings(segment, table, answer=True)
    if readings:
        return readings
    words = _MARKUP.sub("", segment).strip(" .!").split()
    if 1 <= len(words) <= 3:  # "Final Answer: 2 tricks", "Answer: qh"
        for word in words:
            if word.isdigit() or word.lower() in _NUMBERS:
                if not all(other.lower() in _BID_WORDS for other in words if other != word):
                    return []  # "[play 3]" says no card and no bid: never a guess
                actions, exact = table.bid_actions(_number(word), None)
                return [_Reading(0, len(segment), actions, exact)]
            try:
                card = Card.parse(word)
            except NotationError:
                continue
            return [_Reading(0, len(segment), table.card_actions((card,)))]
    return []


def parse_reply(view: PlayerView, text: str) -> Action:
    r"""The legal move a free-text reply means, for the seat of ``view``.

    Accepted: an explicit answer line (``Final Answer: …``, ``Move: …``, a bracketed,
    bold or code token, ``<answer>…</answer>``, a JSON ``"move"`` field), any notation the
    command line accepts (``QH``, ``10♣``, ``bid 2``, ``4NT``, ``trump S``), card names in
    words (``queen of hearts``, ``the 10 of clubs``, ``ten of clubs``, ``Wizard``,
    ``Jester``, ``joker``, ``big joker``), bids as numbers or words (``bid two``, ``I bid
    2``) with the game's own forms (Bid Whist's ``4 uptown``, ``4 no trump downtown``), and
    calls (``pass``, ``trump hearts``, ``downtown``). See the module for the order in which
    a reply is read.

    Args:
        view: The view of the seat to act.
        text: The reply; only its last :data:`~tricktaking.agents.MAX_REPLY` characters are read.

    Returns:
        One of ``view.legal_actions``.

    Raises:
        ReplyError: If the reply names no move, two different legal moves, or only
            illegal ones (a :class:`~tricktaking.errors.NotationError`); its message lists
            the legal moves.
        ArgumentTypeError: If ``view`` is not a player view or ``text`` not a ``str``.

    Example:
        >>> from tricktaking.agents import parse_reply
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> seen = tt.view(state, 1)
        >>> parse_reply(seen, "With a lone ten I doubt I win it.\n**Final Answer:** bid 0")
        Bid(seat=1, tricks=0)
        >>> parse_reply(seen, "I bid one")
        Bid(seat=1, tricks=1)
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a reply is a str, not {safe_repr(text)}")
    table = _table(view)
    text = str.__str__(text)[-MAX_REPLY:]
    levels: tuple[Callable[[], list[_Reading]], ...] = (
        lambda: _short(text, table),
        lambda: _segments(_final_segments(text), table),
        lambda: _segments(_tagged_segments(text), table, kinds=True),
        lambda: _intended(text, table),
        lambda: _segments(_marked_segments(text), table, kinds=True),
        lambda: _of_kinds(_asserted(text, _readings(text, table, answer=False)), table),
    )
    for level, read in enumerate(levels):
        readings = [reading for reading in read() if reading.actions]
        if readings:
            return _decide(readings, table, explicit=level < 2)
    raise ReplyError(
        f"the reply names no move; legal moves: {table.moves(table.legal)}",
        problem="no_move",
        legal=table.legal,
    )


def _table(view: PlayerView) -> _Table:
    try:
        return _Table(view)
    except TypeError:
        raise ArgumentTypeError(
            f"a reply is read for a player view, not {safe_repr(view)}"
        ) from None


def _segments(segments: Sequence[str], table: _Table, *, kinds: bool = False) -> list[_Reading]:
    readings = [reading for segment in segments for reading in _answer(segment, table)]
    return _of_kinds(readings, table) if kinds else readings


def _of_kinds(readings: list[_Reading], table: _Table) -> list[_Reading]:
    """The readings of moves of a kind the seat may make now (plays, bids, calls)."""
    kept: list[_Reading] = []
    for reading in readings:
        actions = tuple(action for action in reading.actions if type(action) in table.kinds)
        if actions:
            kept.append(attrs.evolve(reading, actions=actions))
    return kept


def _decide(readings: list[_Reading], table: _Table, *, explicit: bool) -> Action:
    """The one legal move the readings name, or the error that says why there is none."""
    legal = table.legal
    named: list[Action] = []
    loose: list[tuple[Action, ...]] = []
    for reading in readings:
        if not reading.exact:
            loose.append(reading.actions)
            continue
        named.extend(action for action in reading.actions if action in legal)
    for variants in loose:  # "bid 4" in Bid Whist: fine if another reading says which
        if not any(action in named for action in variants):
            raise ReplyError(
                f"the reply names a bid without saying which: {table.moves(variants)}; "
                f"legal moves: {table.moves(legal)}",
                problem="ambiguous",
                moves=tuple(action for action in variants if action in legal),
                legal=legal,
            )
    distinct = tuple(dict.fromkeys(named))
    if len(distinct) == 1:
        return distinct[0]
    if len(distinct) > 1:
        raise ReplyError(
            f"the reply names {len(distinct)} different moves ({table.moves(distinct)}); "
            f"give one. Legal moves: {table.moves(legal)}",
            problem="ambiguous",
            moves=distinct,
            legal=legal,
        )
    illegal = next(action for reading in readings for action in reading.actions)
    violation, reason = explain(table.view, illegal)
    raise ReplyError(
        f"{table.move(illegal)!r} is illegal: {reason}; legal moves: {table.moves(legal)}",
        problem="illegal",
        moves=(illegal,),
        violation=violation,
        legal=legal,
    )


# --- moves judged from the view -------------------------------------------------------------


def parse_move(view: PlayerView, text: str) -> Action:
    """Read the short notation the seat of ``view`` types, from the view alone.

    The same readings as :func:`tricktaking.notation.parse_move` on the state, with the
    view's own seat: the legal reading is chosen, else the first one that parses, so that
    :func:`~tricktaking.agents.check` can say why it is illegal.

    Raises:
        NotationError: If the text means no action of the game.
        ArgumentTypeError: If ``view`` is not a player view.

    Example:
        >>> from tricktaking.agents import parse_move
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> parse_move(tt.view(state, 1), "bid 0") == tt.notation.parse_move(state, "bid 0")
        True
    """
    table = _table(view)
    action: Action = read_move(
        text, seat=table.seat, legal=table.legal, parse_action=table.parse_action
    )
    return action


def check(view: PlayerView, action: Action) -> Violation | None:
    """The verdict :func:`~tricktaking.engine.check` gives on the state, from the view alone.

    For a move of the view's own seat, or the chance deal, the verdict is the one the
    state gives: a legal move is one of ``view.legal_actions``, and an illegal one is
    judged on a world the view allows (:func:`~tricktaking.worlds.sample_world`), where
    the rules read only what the seat sees to judge its own move. A move for another
    seat is :attr:`~tricktaking.errors.Violation.NOT_YOUR_TURN`: a seat moves for itself.

    Raises:
        ArgumentTypeError: If ``view`` is not a player view.

    Example:
        >>> from tricktaking.agents import check
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> check(tt.view(state, 1), tt.wizard.Bid(1, 4))
        <Violation.BID_OUT_OF_RANGE: 'bid_out_of_range'>
        >>> check(tt.view(state, 1), tt.wizard.Bid(1, 0)) is None
        True
    """
    return explain(view, action)[0]


def explain(view: PlayerView, action: Action) -> tuple[Violation | None, str]:
    """The verdict of :func:`~tricktaking.agents.check` and its reason in words.

    The reason is ``""`` for a legal move.

    Example:
        >>> from tricktaking.agents import explain
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> explain(tt.view(state, 1), tt.wizard.Bid(1, 4))
        (<Violation.BID_OUT_OF_RANGE: 'bid_out_of_range'>, 'a bid in round 1 is 0 to 1 (WZ-7.2)')
    """
    legal = _table(view).legal
    if action in legal:
        return None, ""
    seat = getattr(action, "seat", None)
    if isinstance(seat, int) and seat != view.seat:
        return Violation.NOT_YOUR_TURN, f"seat {view.seat} moves only for itself"
    try:
        world = sample_world(view, seed=0)
        apply(world, action)
    except IllegalActionError as error:
        return error.violation, _reason(str(error))
    except TricktakingError as error:
        raise ArgumentTypeError(f"no verdict on {safe_repr(view)}: {error}") from None
    # unreachable for a view the engine made: its legal actions are all the legal ones
    return None, ""


def _reason(message: str) -> str:
    """The rules' reason in an :class:`IllegalActionError`'s message."""
    _, found, reason = message.partition(" phase: ")
    return reason if found else message
