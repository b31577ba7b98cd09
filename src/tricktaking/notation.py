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

from tricktaking.actions import ChooseDirection, ChooseTrump, Deal, Pass
from tricktaking.cards import Card, Direction, Suit, parse_cards
from tricktaking.errors import NotationError
from tricktaking.tricks import Play

__all__ = ["CoreAction", "parse_core_action", "parse_seat"]

CoreAction = Deal | Play | Pass | ChooseTrump | ChooseDirection
"""The actions defined by the core, shared by the games."""


def parse_seat(word: str) -> int:
    """Read a seat number.

    Raises:
        NotationError: If ``word`` is not a non-negative integer.

    Example:
        >>> parse_seat("3")
        3
    """
    if not word.isdigit() or not word.isascii():
        raise NotationError(f"{word!r} is not a seat number")
    return int(word)


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
    if not isinstance(text, str):
        raise NotationError(f"an action token must be a string, not {text!r}")
    stripped = text.strip()
    if stripped.lower().startswith("deal"):
        groups = stripped[4:].split("/")
        if len(groups) < 2:
            raise NotationError(f"{text!r} is not a deal token such as 'deal AS / KH / WZ'")
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
                raise NotationError(f"{rest[0]!r} is not a suit (S, H, D or C)") from None
        if verb == "direction" and len(rest) == 1:
            try:
                return ChooseDirection(seat, Direction(rest[0].lower()))
            except ValueError:
                raise NotationError(f"{rest[0]!r} is not 'uptown' or 'downtown'") from None
    raise NotationError(
        f"{text!r} is not an action token (expected e.g. '2 play QH', '1 pass', "
        "'0 trump S', '3 direction downtown' or 'deal … / …')"
    )
