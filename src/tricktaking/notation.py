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

import contextlib
import re
from collections.abc import Callable, Generator, Iterable, Sequence
from typing import TextIO, TypeVar, cast

from tricktaking.actions import (
    MAX_NUMBER_DIGITS,
    MAX_TOKEN_LENGTH,
    ChooseTrump,
    CoreAction,
    parse_core_action,
    parse_number,
    parse_seat,
    token_text,
)
from tricktaking.cards import Card, Rank, Suit
from tricktaking.engine import GameState, actor, game_of, game_of_action, legal_actions
from tricktaking.errors import NotationError, safe_repr, safe_str
from tricktaking.plugins import Screen, TerminalPlugin
from tricktaking.tricks import Play

__all__ = [
    "MAX_NUMBER_DIGITS",
    "MAX_TOKEN_LENGTH",
    "CoreAction",
    "Output",
    "card_text",
    "move_text",
    "parse_core_action",
    "parse_move",
    "parse_number",
    "parse_seat",
    "read_move",
    "short_token",
    "token_text",
    "typed_text",
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


# --- what players read, and type back ---------------------------------------------------

_CARD_NAMES = {
    Rank.WIZARD: "Wizard",
    Rank.JESTER: "Jester",
    Rank.JOKER: "joker",
    Rank.RED_JOKER: "big joker",
    Rank.BLACK_JOKER: "little joker",
}
# What a player may type for a special card: its display name, with or without a space.
_TYPED_NAMES = sorted(
    ((name, rank.value) for rank, name in _CARD_NAMES.items()), key=lambda n: -len(n[0])
)
_TYPED_PATTERN = re.compile(
    "|".join(r"\b" + name.replace(" ", r"[\s_-]*") + r"\b" for name, _ in _TYPED_NAMES),
    re.IGNORECASE,
)
_SILENT = TerminalPlugin()


def card_text(card: Card, *, ascii_only: bool) -> str:
    """A card as a player reads it: ``10♣`` (``10C`` when ``ascii_only``), or its name.

    Example:
        >>> from tricktaking.cards import Card
        >>> from tricktaking.notation import card_text
        >>> [card_text(Card.parse(token), ascii_only=True) for token in ("TC", "RJ")]
        ['10C', 'big joker']
    """
    if card.suit is None:
        return _CARD_NAMES.get(card.rank, card.rank.value)
    return card.pretty(ascii_only=ascii_only)


def move_text(screen: Screen, action: object) -> str:
    """The words for ``action`` on ``screen``: a play and a trump choice, else the game's own.

    A game's terminal plug-in words its own actions; an action it leaves alone (or of
    no game) is its short token.

    Example:
        >>> import io
        >>> from tricktaking.actions import ChooseTrump
        >>> from tricktaking.cards import Suit
        >>> from tricktaking.notation import Output, move_text
        >>> move_text(Output(io.StringIO(), ascii_only=True), ChooseTrump(0, Suit.HEARTS))
        'trump H'
    """
    match action:
        case Play(card=card):
            return f"play {screen.card(card)}"
        case ChooseTrump(suit=suit):
            return f"trump {screen.suit(suit)}"
        case _:
            game = game_of_action(action)
            plugin = _SILENT if game is None or game.terminal is None else game.terminal
            own = plugin.move(action, screen)
            return own if own is not None else short_token(action)


class Output:
    r"""What a player reads, written to a text stream: cards, suits and moves in one notation.

    A card is ``10♣`` (``10C`` when ``ascii_only``) or its name (``Wizard``, ``big
    joker``), a move the text a player types for it (``play 10♣``, ``trump ♠``, a game's
    own words from its terminal plug-in), and whatever is shown reads back through
    :func:`typed_text` and :func:`parse_move`. It is the
    :class:`~tricktaking.plugins.Screen` that the terminal game and the web server's
    summaries hand to a game's :class:`~tricktaking.plugins.TerminalPlugin`.

    Args:
        stream: Where the lines go.
        ascii_only: Write suits as letters and ``...`` for ``…``; also chosen when the
            stream's encoding cannot write the suit symbols.

    Example:
        >>> import io
        >>> from tricktaking.cards import Card
        >>> from tricktaking.notation import Output
        >>> from tricktaking.tricks import Play
        >>> stream = io.StringIO()
        >>> screen = Output(stream, ascii_only=True)
        >>> screen(screen.move(Play(1, Card.parse("TC"))) + ", " + screen.card(Card.parse("WZ")))
        >>> stream.getvalue()
        'play 10C, Wizard\n'
    """

    def __init__(self, stream: TextIO, ascii_only: bool) -> None:
        self.stream = stream
        self.ascii_only: bool = ascii_only or not _can_encode(stream, "♠♥♦♣…")
        self._lines: list[str] | None = None
        self._quiet = False

    @contextlib.contextmanager
    def lines(self, *, quiet: bool = False) -> Generator[list[str]]:
        """The lines written inside the block, kept (and not written, when ``quiet``).

        Example:
            >>> import io
            >>> from tricktaking.notation import Output
            >>> stream = io.StringIO()
            >>> screen = Output(stream, ascii_only=False)
            >>> with screen.lines(quiet=True) as kept:
            ...     screen("trump ♠")
            >>> kept, stream.getvalue()
            (['trump ♠'], '')
        """
        kept: list[str] = []
        before = self._lines, self._quiet
        self._lines, self._quiet = kept, quiet
        try:
            yield kept
        finally:
            self._lines, self._quiet = before

    def card(self, card: Card) -> str:
        """A card as the player reads and types it (``10♣``, ``Wizard``)."""
        return card_text(card, ascii_only=self.ascii_only)

    def suit(self, suit: Suit) -> str:
        """A suit (``♠``, or ``S`` when ``ascii_only``)."""
        return suit.value if self.ascii_only else suit.symbol

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards, comma-separated, or ``none``."""
        return ", ".join(map(self.card, cards)) or "none"

    def move(self, action: object) -> str:
        """The text a player types for ``action``: the same text help and errors show."""
        return move_text(self, action)

    def __call__(self, line: str = "") -> None:
        """Write one line (and keep it, inside :meth:`lines`)."""
        if self._lines is not None:
            self._lines.append(line)
            if self._quiet:
                return
        text = line if not self.ascii_only else line.replace("…", "...").replace("→", "->")
        print(text, file=self.stream)


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(stream.encoding or "ascii")  # a StringIO's encoding is None
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def typed_text(line: str) -> str:
    """The player's input with card names (``big joker``, ``Wizard``) as tokens.

    What :class:`Output` writes for a special card reads back: the name in any case, with
    or without the space, becomes the card's token for :func:`parse_move`; commas between
    cards become spaces.

    Example:
        >>> from tricktaking.notation import typed_text
        >>> typed_text("play Big Joker"), typed_text("play wizard"), typed_text("AS, KH")
        ('play RJ', 'play WZ', 'AS  KH')
    """
    by_name = dict(_TYPED_NAMES)

    def token(found: re.Match[str]) -> str:
        key = re.sub(r"[\s_-]+", " ", found.group(0).lower())
        return next(value for name, value in by_name.items() if name.lower() == key)

    return _TYPED_PATTERN.sub(token, line.replace(",", " "))
