"""Canonical action tokens of the core actions, and reading them back.

``str(action)`` is an action's canonical token: ``"deal AS KH / 2C 3C / WZ"``,
``"2 play QH"``, ``"1 pass"``, ``"0 trump S"``, ``"3 direction downtown"``. Game modules
add their own actions (``"2 bid 3"``) and read them with their ``parse_action``.

Example:
    >>> parse_core_action("2 play 10h")
    Play(seat=2, card=Card(Rank.TEN, Suit.HEARTS))
    >>> parse_core_action("deal AS / KH / WZ JE").stock
    (Card(Rank.WIZARD, None), Card(Rank.JESTER, None))
"""

from __future__ import annotations

from typing import Final, TypeAlias, TypeVar, cast

from tricktaking.actions import ChooseDirection, ChooseTrump, Deal, Pass
from tricktaking.cards import Card, Direction, Suit, parse_cards
from tricktaking.engine import GameState, actor, game_of, legal_actions
from tricktaking.errors import NotationError, safe_repr, safe_str
from tricktaking.tricks import Play

__all__ = [
    "MAX_NUMBER_DIGITS",
    "MAX_TOKEN_LENGTH",
    "CoreAction",
    "parse_core_action",
    "parse_move",
    "parse_number",
    "parse_seat",
    "short_token",
    "token_text",
]

_A = TypeVar("_A")

MAX_TOKEN_LENGTH: Final = 1000
"""The longest text an action parser reads; a Wizard deal of 60 cards is about 190."""

MAX_NUMBER_DIGITS: Final = 9
"""The most digits a seat, bid or level may have in a token (all are far smaller)."""

_ASCII_DIGITS = frozenset("0123456789")

CoreAction: TypeAlias = Deal | Play | Pass | ChooseTrump | ChooseDirection
"""The actions defined by the core, shared by the games."""


def token_text(text: object) -> str:
    """The text of an action token, checked before any parser reads it.

    Raises:
        NotationError: If ``text`` is not a string or is longer than
            :data:`MAX_TOKEN_LENGTH` characters.

    Example:
        >>> token_text("2 play QH")
        '2 play QH'
        >>> token_text(b"2 play QH")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: an action token must be a string, not b'2 play QH'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action token must be a string, not {safe_repr(text)}")
    if len(text) > MAX_TOKEN_LENGTH:
        raise NotationError(
            f"an action token is at most {MAX_TOKEN_LENGTH} characters, not {len(text):,}"
        )
    return str.__str__(text)  # a plain str, even from a subclass with its own methods


def parse_number(word: str, what: str = "number") -> int:
    """Read a non-negative number written with ASCII digits only.

    ``str.isdigit`` accepts ``"²"`` and ``"١"``, which ``int`` refuses or reads as
    another number; tokens use only ``0`` to ``9``, at most :data:`MAX_NUMBER_DIGITS`
    of them.

    Args:
        word: The text to read.
        what: What the number is, for the error message.

    Raises:
        NotationError: If ``word`` is not 1 to :data:`MAX_NUMBER_DIGITS` ASCII digits.

    Example:
        >>> parse_number("12", "bid")
        12
        >>> parse_number("²", "bid")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: '²' is not a bid (digits 0 to 9, at most 9)
    """
    if (
        not isinstance(cast("object", word), str)
        or not 0 < len(word) <= MAX_NUMBER_DIGITS
        or not _ASCII_DIGITS.issuperset(word)
    ):
        raise NotationError(
            f"{safe_repr(word)} is not a {what} (digits 0 to 9, at most {MAX_NUMBER_DIGITS})"
        )
    return int(word)


def parse_seat(word: str) -> int:
    """Read a seat number.

    Raises:
        NotationError: If ``word`` is not a non-negative integer in ASCII digits.

    Example:
        >>> parse_seat("3")
        3
    """
    return parse_number(word, "seat number")


def parse_core_action(text: str) -> CoreAction:
    """Read a core action from its canonical token.

    Raises:
        NotationError: If the text is not the token of a core action.

    Example:
        >>> parse_core_action("0 trump s")
        ChooseTrump(seat=0, suit=<Suit.SPADES: 'S'>)
        >>> parse_core_action("1 direction downtown")
        ChooseDirection(seat=1, direction=<Direction.DOWNTOWN: 'downtown'>)
        >>> parse_core_action("1 fold")
        Traceback (most recent call last):
        ...
        tricktaking.errors.NotationError: '1 fold' is not an action token ...
    """
    text = token_text(text)
    stripped = text.strip()
    if stripped.lower().startswith("deal"):
        groups = stripped[4:].split("/")
        if len(groups) < 2:
            raise NotationError(
                f"{safe_repr(text)} is not a deal token such as 'deal AS / KH / WZ'"
            )
        cards = [parse_cards(group) for group in groups]
        return Deal(hands=cards[:-1], stock=cards[-1])
    words = stripped.split()
    if len(words) >= 2:
        seat = parse_seat(words[0])
        verb = words[1].lower()
        rest = words[2:]
        if verb == "pass" and not rest:
            return Pass(seat)
        if verb == "play" and len(rest) == 1:
            return Play(seat, Card.parse(rest[0]))
        if verb == "trump" and len(rest) == 1:
            try:
                return ChooseTrump(seat, Suit(rest[0].upper()))
            except ValueError:
                raise NotationError(f"{safe_repr(rest[0])} is not a suit (S, H, D or C)") from None
        if verb == "direction" and len(rest) == 1:
            try:
                return ChooseDirection(seat, Direction(rest[0].lower()))
            except ValueError:
                raise NotationError(f"{safe_repr(rest[0])} is not 'uptown' or 'downtown'") from None
    raise NotationError(
        f"{safe_repr(text)} is not an action token (expected e.g. '2 play QH', '1 pass', "
        "'0 trump S', '3 direction downtown' or 'deal … / …')"
    )


def short_token(action: object) -> str:
    """An action's token without the leading seat: what the acting player would type.

    Example:
        >>> short_token(Play(2, Card.parse("QH")))
        'play QH'
    """
    token = safe_str(action, MAX_TOKEN_LENGTH)
    seat, _, rest = token.partition(" ")
    return rest if seat.isdigit() else token


def _candidates(text: str) -> list[str]:
    """The canonical forms a short input may stand for, most specific first."""
    words = text.split()
    lowered = [word.lower() for word in words]
    forms = [" ".join(words)]
    if len(words) == 1:
        word = lowered[0]
        try:
            Card.parse(word)
        except NotationError:
            pass
        else:
            forms += [f"play {word}", f"discard {word}"]
        if word.isdigit() or (word[:1].isdigit() and word[1:] in ("u", "d", "nt")):
            forms.append(f"bid {word}")
        if word in ("s", "h", "d", "c", "spades", "hearts", "diamonds", "clubs"):
            forms.append(f"trump {word[0]}")
        if word in ("uptown", "downtown", "up", "down"):
            forms.append(f"direction {'uptown' if word.startswith('up') else 'downtown'}")
    return forms


def parse_move(state: GameState[_A], text: str) -> _A:
    """Read the short notation a player types for the seat to act.

    The seat is implied. A canonical token without its seat works (``"play QH"``,
    ``"bid 2"``, ``"trump S"``, ``"direction downtown"``), and so do the shortcuts
    ``"QH"`` (play or discard that card), ``"2"`` or ``"4NT"`` (a bid), ``"S"`` (trump)
    and ``"downtown"``. Among the readings the legal one is chosen; if none is legal,
    the first one that parses is returned, so that :func:`~tricktaking.engine.apply`
    can explain why it is illegal.

    Raises:
        NotationError: If no seat is to act or the text means no action of the game.

    Example:
        >>> import tricktaking as tt
        >>> state = tt.new_game(tt.WizardConfig(players=3))
        >>> state = tt.apply(state, tt.deal(state, seed=3))
        >>> parse_move(state, "1"), parse_move(state, "bid 0")
        (Bid(seat=1, tricks=1), Bid(seat=1, tricks=0))
        >>> parse_move(state, "QH")
        Play(seat=1, card=Card(Rank.QUEEN, Suit.HEARTS))
    """
    text = token_text(text)
    seat = actor(state)
    if not isinstance(seat, int):
        raise NotationError("no player is to act now")
    rules = game_of(state).rules
    legal = legal_actions(state)
    parsed: list[_A] = []
    for form in _candidates(text.strip()):
        try:
            action = cast("_A", rules.parse_action(f"{seat} {form}"))
        except NotationError:
            continue
        if action in legal:
            return action
        parsed.append(action)
    if parsed:
        return parsed[0]
    raise NotationError(
        f"{safe_repr(text)} is not a move; legal moves are: "
        + ", ".join(short_token(action) for action in legal)
    )
