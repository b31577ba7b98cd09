"""Canonical action tokens of the core actions, and reading them back.

``str(action)`` is an action's canonical token: ``"deal AS KH / 2C 3C / WZ"``,
``"2 play QH"``, ``"1 pass"``, ``"0 trump S"``, ``"3 direction downtown"``. Game modules
add their own actions (``"2 bid 3"``) and read them with their ``parse_action``.

Example:
    >>> from tricktaking.notation import parse_core_action
    >>> parse_core_action("2 play 10h")
    Play(seat=2, card=Card(Rank.TEN, Suit.HEARTS))
    >>> parse_core_action("deal AS / KH / WZ JE").stock
    (Card(Rank.WIZARD, None), Card(Rank.JESTER, None))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

from tricktaking.actions import (
    MAX_NUMBER_DIGITS,
    MAX_TOKEN_LENGTH,
    CoreAction,
    parse_core_action,
    parse_number,
    parse_seat,
    token_text,
)
from tricktaking.cards import Card, Suit
from tricktaking.engine import GameState, actor, game_of, legal_actions
from tricktaking.errors import NotationError, safe_repr, safe_str

__all__ = [
    "MAX_NUMBER_DIGITS",
    "MAX_TOKEN_LENGTH",
    "CoreAction",
    "parse_core_action",
    "parse_move",
    "parse_number",
    "parse_seat",
    "read_move",
    "short_token",
    "token_text",
]

_A = TypeVar("_A")


def short_token(action: object) -> str:
    """An action's token without the leading seat: what the acting player would type.

    Example:
        >>> from tricktaking.cards import Card
        >>> from tricktaking.notation import short_token
        >>> from tricktaking.tricks import Play
        >>> short_token(Play(2, Card.parse("QH")))
        'play QH'
    """
    token = safe_str(action, MAX_TOKEN_LENGTH)
    seat, _, rest = token.partition(" ")
    return rest if seat.isdigit() else token


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
        >>> from tricktaking.notation import parse_move
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
    return read_move(
        text, seat=seat, legal=legal_actions(state), parse_action=game_of(state).rules.parse_action
    )


def read_move(
    text: str, *, seat: int, legal: Sequence[_A], parse_action: Callable[[str], object]
) -> _A:
    """Read the short notation of :func:`parse_move` for ``seat``, given its legal actions.

    What :func:`parse_move` does with a state's actor, legal actions and game, for a caller
    that knows them without the state (a bot reading its own view, say).

    Args:
        text: What the player typed.
        seat: The seat to act.
        legal: Its legal actions; the legal reading is preferred.
        parse_action: The game's reader of canonical tokens (its ``parse_action``).

    Raises:
        NotationError: If the text means no action of the game.

    Example:
        >>> from tricktaking.notation import read_move
        >>> import tricktaking as tt
        >>> legal = (tt.Pass(2), tt.bid_whist.Bid(2, 4, tt.bid_whist.BidMode.NO_TRUMP))
        >>> read_move("4nt", seat=2, legal=legal, parse_action=tt.bid_whist.parse_action)
        Bid(seat=2, level=4, mode=<BidMode.NO_TRUMP: 'no_trump'>)
    """
    text = token_text(text)
    parsed: list[_A] = []
    forms = [f"{seat} {form}" for form in _candidates(text.strip())]
    words = text.split(maxsplit=1)
    if len(words) == 2 and words[0].isascii() and words[0].isdigit():  # seat included
        forms.insert(0, " ".join(text.translate(_SUIT_LETTERS).split()))
    for form in forms:
        try:
            action = cast("_A", parse_action(form))
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
