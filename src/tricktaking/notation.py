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

from typing import TypeAlias, TypeVar, cast

from tricktaking.actions import ChooseDirection, ChooseTrump, Deal, Pass
from tricktaking.cards import Card, Direction, Suit, parse_cards
from tricktaking.engine import GameState, actor, game_of, legal_actions
from tricktaking.errors import NotationError
from tricktaking.tricks import Play

__all__ = ["CoreAction", "parse_core_action", "parse_move", "parse_seat", "short_token"]

_A = TypeVar("_A")

CoreAction: TypeAlias = Deal | Play | Pass | ChooseTrump | ChooseDirection
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


def short_token(action: object) -> str:
    """An action's token without the leading seat: what the acting player would type.

    Example:
        >>> short_token(Play(2, Card.parse("QH")))
        'play QH'
    """
    seat, _, rest = str(action).partition(" ")
    return rest if seat.isdigit() else str(action)


_SUIT_LETTERS = str.maketrans({suit.symbol: suit.value for suit in Suit})


def _candidates(text: str) -> list[str]:
    """The canonical forms a short input may stand for, most specific first.

    Suit symbols read as their letters (``10♣`` is ``10C``), so whatever a frontend
    shows with :meth:`~tricktaking.cards.Card.pretty` can be typed back.
    """
    words = text.translate(_SUIT_LETTERS).split()
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
    and ``"downtown"``; suit symbols (``"10♣"``) and the full canonical token with the
    seat (``"1 bid 0"``, as ``str(action)`` prints it) work too. Among the readings the
    legal one is chosen; if none is legal, the first one that parses is returned, so that
    :func:`~tricktaking.engine.apply` can explain why it is illegal.

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
        >>> parse_move(state, "Q♥") == parse_move(state, "play QH")
        True
        >>> parse_move(state, "1 bid 0")
        Bid(seat=1, tricks=0)
    """
    seat = actor(state)
    if not isinstance(seat, int):
        raise NotationError("no player is to act now")
    rules = game_of(state).rules
    legal = legal_actions(state)
    parsed: list[_A] = []
    forms = [f"{seat} {form}" for form in _candidates(text.strip())]
    words = text.split(maxsplit=1)
    if len(words) == 2 and words[0].isdigit():  # a full canonical token, seat included
        forms.insert(0, " ".join(text.translate(_SUIT_LETTERS).split()))
    for form in forms:
        try:
            action = cast("_A", rules.parse_action(form))
        except (NotationError, ValueError):
            continue
        if action in legal:
            return action
        parsed.append(action)
    if parsed:
        return parsed[0]
    raise NotationError(
        f"{text!r} is not a move; legal moves are: "
        + ", ".join(short_token(action) for action in legal)
    )
