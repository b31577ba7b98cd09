"""What a game's compiled batch kernel is made of: its protocol, its rows and shared helpers.

A game that :mod:`tricktaking.batch` can step thousands of times at once declares a
:class:`Kernel` (named by its declaration's ``batch_rules``). The kernel's rules run in
numba, one loop per row, over two arrays the simulator owns: ``ints`` (``int32``, one
row per game: a header every game shares, then the game's own fields) and ``cards``
(``uint64``, one row per game: card sets as bitmasks, bit ``c`` for card number ``c``).
Nothing is allocated inside a kernel and nothing raises there: a row's problem is a
returned code, which the Python side turns into a typed error.

The game supplies its rules as implementations of the protocol functions below
(:func:`reset_row`, :func:`resume_row`, :func:`deal_row`, :func:`legal_row`, :func:`is_legal_row`,
:func:`apply_row`, :func:`random_row`, :func:`heuristic_row`, :func:`observe_row`, and
for a game the exact solver searches :func:`equivalent_row`), each registered with
:func:`implement` for the game's parameter class: a
:class:`~typing.NamedTuple` of the config's values as numbers. The generic
loops of :mod:`tricktaking.batch` call the protocol functions, and numba compiles them
once per parameter class; without the JIT (``NUMBA_DISABLE_JIT=1``) the same functions
run as plain Python.

Every compiled function of the library is made by :func:`compiled`, and cached on disk
(see :func:`prepare`) under a directory named by a fingerprint of every kernel's source,
so that a changed helper never leaves a stale compiled caller behind.

Needs NumPy and numba: ``pip install 'tricktaking[batch]'``.

Example:
    >>> from tricktaking.kernel_kit import below, kth_bit, popcount, seeded_rows
    >>> import numpy as np
    >>> popcount(np.uint64(0b1011)), kth_bit(np.uint64(0b1011), 2)
    (3, 3)
    >>> rng = seeded_rows(key=7, size=2)
    >>> 0 <= below(rng, 1, 10) < 10
    True
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import inspect
import os
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, cast

import attrs

from tricktaking.actions import Deal
from tricktaking.cards import Card
from tricktaking.engine import Game, GameState, available_games, get_game
from tricktaking.engine import scores as tt_scores
from tricktaking.errors import ArgumentTypeError
from tricktaking.extras import MissingExtraError
from tricktaking.rounds import Round
from tricktaking.tricks import Trick

try:
    import numba
    import numba.core.config as _numba_config
    import numpy as np
    import numpy.typing as npt
    from numba import types
    from numba.core import cgutils
    from numba.extending import intrinsic, overload
except ImportError as _missing:  # pragma: no cover - depends on the installed extras
    raise MissingExtraError(__name__, "batch") from _missing

__all__ = [
    "ACTING",
    "ACTOR",
    "DEALING",
    "GAME",
    "HEADER",
    "MAX_DRAWS",
    "MAX_SEATS",
    "NUMBER",
    "OVER",
    "PHASE",
    "SCORES",
    "STATUS",
    "TABLE_FIELDS",
    "Bools",
    "Cards",
    "Floats",
    "Int64s",
    "Ints",
    "Kernel",
    "Params",
    "add_cards",
    "apply_row",
    "below",
    "borrowed",
    "cache_directory",
    "cards_at",
    "clear_row",
    "compile_ahead",
    "compiled",
    "deal_row",
    "dealing_order",
    "equivalent_row",
    "fingerprint",
    "flag_cards",
    "held_row",
    "heuristic_row",
    "implement",
    "inlined",
    "is_legal_row",
    "jit_disabled",
    "kth_bit",
    "legal_row",
    "lowest_bit",
    "mix64",
    "next_word",
    "observe_row",
    "place_row",
    "popcount",
    "prepare",
    "random_row",
    "reset_row",
    "resume_row",
    "seeded_rows",
    "state_after_deals",
]

Ints = npt.NDArray[np.int32]
"""A simulator's ``int32`` rows: the shared header, then the game's own fields."""
Cards = npt.NDArray[np.uint64]
"""A simulator's ``uint64`` rows of card sets, bit ``c`` standing for card number ``c``."""
Int64s = npt.NDArray[np.int64]
"""``int64`` arrays: a deal's deck (card numbers, then draws), a layout's field offsets."""
Bools = npt.NDArray[np.bool_]
"""``bool`` arrays: the rows' legal-action masks, as :func:`legal_row` writes them."""
Floats = npt.NDArray[np.float32]
"""``float32`` arrays: the rows' observations, as :func:`observe_row` writes them."""

# -- the header every row starts with ----------------------------------------------------

STATUS = 0
"""Column of a row's status (:data:`DEALING`, :data:`ACTING` or :data:`OVER`)."""
ACTOR = 1
"""Column of the seat to act (meaningful while :data:`ACTING`)."""
PHASE = 2
"""Column of the game's phase, as the index of its member in the game's phase enum."""
NUMBER = 3
"""Column of the deal number, as ``round.number`` (0 before the first deal)."""
GAME = 4
"""Column of the number of games the row has started (for seeding after a reset)."""
SCORES = 5
"""First of the columns of the cumulative scores, one per seat, as ``tt.scores``."""
MAX_SEATS = 8
"""The most seats any kernel's header has room for."""
HEADER = SCORES + MAX_SEATS
"""The number of header columns; a game's own fields start here."""
MAX_DRAWS = 2
"""The most uniform draws (a hand size, a dealer) a deal makes besides its shuffle."""

TABLE_FIELDS = (
    "phase",
    "deal_number",
    "dealer",
    "to_act",
    "hand",
    "hand_sizes",
    "trick_leader",
    "trick",
    "played",
    "tricks_won",
    "trump",
    "scores",
)
"""The ``rl`` situation fields every game's layout starts with: the first of every
kernel's :attr:`Kernel.fields`, in this order."""

DEALING = 0
"""Status of a row whose next event is a deal."""
ACTING = 1
"""Status of a row waiting for a player's action."""
OVER = 2
"""Status of a row whose game is over."""

# -- compiling and caching ---------------------------------------------------------------

_F = TypeVar("_F", bound=Callable[..., object])
_A = TypeVar("_A", bound=npt.NDArray[np.generic])
_COMPILED: list[object] = []  # every dispatcher made by compiled(), in order
_SOURCES: dict[str, bytes] = {}  # every module file holding kernel code: its source as loaded
_CACHED: set[int] = set()  # id() of the dispatchers caching under the current fingerprint
_FINGERPRINT: list[str] = []  # the fingerprint the cached dispatchers use
# The library's modules of compiled code besides the games' kernels (which the batch
# layer loads all at once, see load_kernels), by their path in the package: they are in
# every fingerprint, loaded or not, so that a process that only plays batches and one
# that also solves use one cache, and neither compiles what the other has.
_CORE_KERNEL_FILES = (
    "kernel_kit.py",
    "exact_bid_kernel.py",
    "batch/_drivers.py",
    "solver/_compiled.py",
)


def jit_disabled() -> bool:
    """Whether numba runs compiled functions as plain Python (``NUMBA_DISABLE_JIT=1``).

    Example:
        >>> from tricktaking.kernel_kit import jit_disabled
        >>> isinstance(jit_disabled(), bool)
        True
    """
    return bool(getattr(_numba_config, "DISABLE_JIT", False))


def _note_source(function: Callable[..., object]) -> bool:
    """Keep the digest of ``function``'s module source, read once, when it is compiled.

    Read when the module is loaded, so that an edit to a file while a process runs does
    not give the old code in memory the new file's fingerprint. False for a function
    without a source file (typed at a prompt): it is compiled, never cached.
    """
    try:
        _note_file(inspect.getfile(function))
    except (TypeError, OSError):
        return False
    return True


def _note_file(path: str) -> None:
    if path not in _SOURCES:
        _SOURCES[path] = hashlib.sha256(Path(path).read_bytes()).digest()


def compiled(function: _F, *, inline: bool = False) -> _F:
    """``function`` compiled by numba in nopython mode, cached once :func:`prepare` runs.

    The dispatcher is made without a disk cache; :func:`prepare` turns caching on for
    every compiled function at once, under the current :func:`fingerprint`. With
    ``NUMBA_DISABLE_JIT=1`` the function is returned as it is.

    With ``inline=True`` (see :func:`inlined`) numba inlines the function where it is
    called, before LLVM sees the code. A helper that takes an array should be inlined:
    a call between compiled functions that passes arrays costs tens of nanoseconds,
    more than most rules. A helper of numbers only is left to LLVM, which inlines what
    is small; inlining everything would triple the compile time.

    Example:
        >>> from tricktaking.kernel_kit import compiled
        >>> twice = compiled(lambda x: 2 * x)
        >>> twice(21)
        42
    """
    cacheable = _note_source(function)
    dispatcher = numba.njit(inline="always" if inline else "never")(function)
    if cacheable and not jit_disabled():
        _COMPILED.append(dispatcher)
    return dispatcher  # type: ignore[return-value]  # numba's decorator is untyped


def inlined(function: _F) -> _F:
    """``function`` compiled by numba and inlined where it is called (see :func:`compiled`).

    Example:
        >>> from tricktaking.kernel_kit import inlined
        >>> import numpy as np
        >>> first = inlined(lambda values: values[0])
        >>> int(first(np.arange(3) + 5))
        5
    """
    return compiled(function, inline=True)


def _cache_root() -> Path:
    """Where compiled kernels are cached: ``NUMBA_CACHE_DIR`` if set, else the user cache."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:
        return Path(configured) / "tricktaking"
    if sys.platform == "win32":  # pragma: no cover - not the platform CI runs on
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
        return base / "tricktaking" / "kernels"
    if sys.platform == "darwin":  # pragma: no cover - not the platform CI runs on
        return Path.home() / "Library" / "Caches" / "tricktaking" / "kernels"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tricktaking" / "kernels"


def fingerprint() -> str:
    """A digest of the source of the library's kernel code and of every kernel loaded so far.

    numba checks only a cached function's own file; a kernel inlines helpers from
    other files, so the cache directory is named by this digest instead, and any change
    to any kernel's source compiles everything afresh. The library's own compiled
    modules count whether this process has loaded them or not, so that the digest does
    not depend on which of them a process happened to use.

    Example:
        >>> from tricktaking.kernel_kit import fingerprint
        >>> len(fingerprint())
        16
    """
    library = Path(__file__).parent
    for name in _CORE_KERNEL_FILES:
        with contextlib.suppress(OSError):
            _note_file(str(library / name))
    digest = hashlib.sha256(numba.__version__.encode())
    for path in sorted(_SOURCES):
        digest.update(path.encode())
        digest.update(_SOURCES[path])
    return digest.hexdigest()[:16]


def cache_directory() -> Path:
    """The directory this process's kernels are cached in (it may not exist yet).

    Example:
        >>> from tricktaking.kernel_kit import cache_directory, fingerprint
        >>> cache_directory().name == fingerprint()
        True
    """
    return _cache_root() / fingerprint()


def prepare() -> bool:
    """Turn on the disk cache of every compiled function not caching under the fingerprint.

    Called by the batch layer before it first runs a kernel, and again whenever kernel
    code was loaded since. Returns whether anything changed. A directory that cannot be
    written leaves numba to its own locations (or none).

    Example:
        >>> from tricktaking.kernel_kit import prepare
        >>> _ = prepare()
        >>> prepare()
        False
    """
    if jit_disabled():
        return False
    current = fingerprint()
    if [current] == _FINGERPRINT and all(id(d) in _CACHED for d in _COMPILED):
        return False
    if [current] != _FINGERPRINT:
        _CACHED.clear()
        _FINGERPRINT[:] = [current]
    directory = _cache_root() / current
    with contextlib.suppress(OSError):
        directory.mkdir(parents=True, exist_ok=True)
    saved = getattr(_numba_config, "CACHE_DIR", "")
    # numba's locator reads the directory when caching is turned on: ours, for our
    # functions only
    setattr(_numba_config, "CACHE_DIR", str(directory))  # noqa: B010
    try:
        for dispatcher in _COMPILED:
            if id(dispatcher) not in _CACHED:
                dispatcher.enable_caching()  # type: ignore[attr-defined]  # numba is untyped
                _CACHED.add(id(dispatcher))
    finally:
        setattr(_numba_config, "CACHE_DIR", saved)  # noqa: B010
    return True


_AnyGame = Game[GameState[object], object]


def compile_ahead(
    argv: Sequence[str] | None,
    *,
    prog: str,
    what: str,
    offers: Callable[[_AnyGame], object],
    ready: Callable[[_AnyGame], object],
    commands: Mapping[str, tuple[str, Callable[[], object]]] | None = None,
) -> int:
    """Run ``prog compile [GAME ...]``, making each game's ``what`` ready; the exit status.

    Each game named (a registry name of a game for which ``offers`` is true; every such
    game when none is named) is passed to ``ready``, which compiles or loads its compiled
    code, and its CPU time is printed.
    An unknown name exits with status 2 before anything compiles, naming the games.
    ``commands`` adds commands without arguments: a name, its help and what it does.
    This is the command line of ``python -m tricktaking.batch`` and of
    ``python -m tricktaking.solver``.

    Example:
        >>> from tricktaking.kernel_kit import compile_ahead
        >>> import tricktaking as tt
        >>> def wizard(game: tt.Game[tt.GameState[object], object]) -> bool:
        ...     return game.name == "wizard"
        >>> compile_ahead(["compile"], prog="demo", what="demo", offers=wizard, ready=print)
        ... # doctest: +ELLIPSIS
        Game(name='wizard', ...)
        Wizard: ready (0.0 CPU s)
        0
    """
    parser = argparse.ArgumentParser(prog=prog, description=f"Compile each game's {what} ahead.")
    subparsers = parser.add_subparsers(dest="command", required=True)
    compiling = subparsers.add_parser("compile", help=f"compile the {what} of these games")
    compiling.add_argument("games", nargs="*", metavar="GAME", help="registry names")
    others = dict(commands or {})
    for name, (words, _) in others.items():
        subparsers.add_parser(name, help=words)
    options = parser.parse_args(argv)
    games = {name: game for name in available_games() if offers(game := get_game(name))}
    if options.command in others:
        others[options.command][1]()
        return 0
    unknown = [name for name in options.games if name not in games]
    if unknown:
        print(  # noqa: T201 (a command line's error)
            f"error: no {what} for {', '.join(unknown)}; games: {', '.join(sorted(games))}",
            file=sys.stderr,
        )
        return 2
    for name in options.games or sorted(games):
        game = games[name]
        began = time.process_time()
        ready(game)
        print(f"{game.title}: ready ({time.process_time() - began:.1f} CPU s)")  # noqa: T201
    return 0


# -- the kernel protocol ------------------------------------------------------------------

_IMPLEMENTATIONS: dict[tuple[Callable[..., object], type], Callable[..., object]] = {}


def _python(stub: Callable[..., object], game: object) -> Callable[..., object]:
    """The implementation of ``stub`` for ``game``'s class, when running without the JIT."""
    try:
        return _IMPLEMENTATIONS[stub, type(game)]
    except KeyError:
        raise ArgumentTypeError(
            f"no kernel implements {stub.__name__} for {type(game).__name__}"
        ) from None


def implement(stub: Callable[..., object], params: type) -> Callable[[_F], _F]:
    """Register a function as ``stub``'s implementation for the parameter class ``params``.

    Compiled code calling ``stub(game, ...)`` with a ``game`` of class ``params`` gets
    this function (a numba overload, resolved at compile time); plain Python calls
    reach it through the stub. The function takes exactly the stub's parameters.

    Example:
        >>> from typing import NamedTuple
        >>> from tricktaking.kernel_kit import implement, reset_row
        >>> class Toy(NamedTuple):
        ...     players: int
        >>> @implement(reset_row, Toy)
        ... def _reset(game, ints, cards, row):
        ...     ints[row, 0] = game.players
        >>> import numpy as np
        >>> ints = np.zeros((1, 1), np.int32)
        >>> reset_row(Toy(3), ints, np.zeros((1, 1), np.uint64), 0)
        >>> int(ints[0, 0])
        3
    """

    def register(function: _F) -> _F:
        _note_source(function)
        _IMPLEMENTATIONS[stub, params] = function

        def typing(*args: object) -> object:
            game = args[0]
            if (
                isinstance(game, types.BaseNamedTuple)
                and getattr(game, "instance_class", None) is params
            ):
                return function
            return None

        # numba matches the typing function's parameters with the implementation's
        signature = inspect.signature(function)
        if list(signature.parameters) != list(inspect.signature(stub).parameters):
            raise TypeError(f"{function.__qualname__} does not take {stub.__name__}'s parameters")
        typing.__signature__ = signature  # type: ignore[attr-defined]
        overload(stub, inline="always" if stub in _HOT else "never")(typing)
        return function

    return register


def _hot() -> frozenset[Callable[..., object]]:
    """The protocol functions inlined where the loops call them (the others are called).

    A call between compiled functions costs tens of nanoseconds; these run at every
    action of every row. Inlining all of them would quadruple the compile time.
    """
    return frozenset(
        {apply_row, equivalent_row, heuristic_row, is_legal_row, legal_row, random_row}
    )


def reset_row(game: object, ints: Ints, cards: Cards, row: int) -> None:
    """Set ``row`` to a new game waiting for its first deal (scores 0, deal number 0).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import DEALING, NUMBER, STATUS, reset_row
        >>> reset_row(game, ints, cards, 0)  # the dealt row starts again
        >>> int(ints[0, STATUS]) == DEALING, int(ints[0, NUMBER])
        (True, 0)
    """
    _python(reset_row, game)(game, ints, cards, row)


def resume_row(game: object, ints: Ints, cards: Cards, row: int, number: int, dealer: int) -> None:
    """Set ``row``, a new game, to wait for deal ``number + 1``; ``dealer`` dealt deal ``number``.

    A batch loads a state whose history starts at a later deal (a sampled world) from
    here; the caller writes the deal number and the totals so far into the header.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import ACTOR, NUMBER, deal_row, reset_row, resume_row
        >>> reset_row(game, ints, cards, 0)
        >>> resume_row(game, ints, cards, 0, 4, 1)  # four deals over, the last dealt by seat 1
        >>> ints[0, NUMBER] = 4
        >>> import numpy as np
        >>> deal_row(game, ints, cards, 0, np.zeros(game.deck_size + 2, np.int64))
        >>> int(ints[0, NUMBER]), int(ints[0, ACTOR])  # seat 2 deals, seat 0 bids first
        (5, 0)
    """
    _python(resume_row, game)(game, ints, cards, row, number, dealer)


def deal_row(game: object, ints: Ints, cards: Cards, row: int, deck: Int64s) -> None:
    """Deal ``deck`` to ``row``: card numbers top first, then one outcome per draw.

    The row's next event is a deal; after it the row is :data:`ACTING` (every deal
    leads to a player's decision).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import ACTING, STATUS, deal_row, reset_row
        >>> reset_row(game, ints, cards, 0)
        >>> import numpy as np
        >>> deck = np.arange(game.deck_size + 2) % game.deck_size  # then draws 0 and 1
        >>> deal_row(game, ints, cards, 0, deck)
        >>> int(ints[0, STATUS]) == ACTING
        True
    """
    _python(deal_row, game)(game, ints, cards, row, deck)


def legal_row(game: object, ints: Ints, cards: Cards, row: int, out: Bools) -> int:
    """Set ``out[row, a]`` for every legal ``rl`` action ``a`` of the row's actor; their number.

    The caller cleared ``out[row]``.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import legal_row
        >>> out = np.zeros((1, game.action_size), np.bool_)
        >>> legal_row(game, ints, cards, 0, out)  # bid 0 or 1 on the first deal's one card
        2
    """
    return _python(legal_row, game)(game, ints, cards, row, out)  # type: ignore[return-value]


def is_legal_row(game: object, ints: Ints, cards: Cards, row: int, action: int) -> bool:
    """Whether ``action`` (an index in the action space) is legal for the row's actor.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import is_legal_row
        >>> is_legal_row(game, ints, cards, 0, 0), is_legal_row(game, ints, cards, 0, 52)
        (False, True)
    """
    return _python(is_legal_row, game)(game, ints, cards, row, action)  # type: ignore[return-value]


def apply_row(game: object, ints: Ints, cards: Cards, row: int, action: int) -> None:
    """Apply the row actor's legal ``action``, scoring what it completes.

    Afterwards the row is :data:`ACTING`, :data:`DEALING` (a deal ended and another is
    due) or :data:`OVER`.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import ACTOR, apply_row
        >>> first = int(ints[0, ACTOR])
        >>> apply_row(game, ints, cards, 0, 52)  # the first bid: 0
        >>> int(ints[0, ACTOR]) == (first + 1) % 3
        True
    """
    _python(apply_row, game)(game, ints, cards, row, action)


def random_row(game: object, ints: Ints, cards: Cards, row: int, rng: Cards) -> int:
    """A uniformly random action among the distinct legal actions of the row's actor.

    Draws with :func:`below` from the row's stream in ``rng``.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import random_row, seeded_rows
        >>> random_row(game, ints, cards, 0, seeded_rows(key=1, size=1)) in (52, 53)
        True
    """
    return _python(random_row, game)(game, ints, cards, row, rng)  # type: ignore[return-value]


def heuristic_row(game: object, ints: Ints, cards: Cards, row: int) -> int:
    """The action the game's heuristic bot takes for the row's actor, from its view alone.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import heuristic_row, is_legal_row
        >>> is_legal_row(game, ints, cards, 0, heuristic_row(game, ints, cards, 0))
        True
    """
    return _python(heuristic_row, game)(game, ints, cards, row)  # type: ignore[return-value]


def equivalent_row(
    game: object, ints: Ints, cards: Cards, row: int, action: int, other: int
) -> bool:
    """Whether two legal actions of the row's actor are the same move for the exact solver.

    True only when both play a card, and the cards are equivalent: whatever anyone plays
    afterwards, every trick goes to the same seat and every tally counts the same after
    one as after the other, so the solver searches one of them. Two cards of one suit
    are equivalent when no card that ranks between them in that suit's order is in
    another seat's hand or in the trick in progress (the ones between are the actor's own,
    or out of play), and they score alike. ``False`` is always correct, and is the
    answer of a game that does not tell.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> from tricktaking.kernel_kit import equivalent_row
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import legal_row
        >>> legal = np.zeros((1, game.action_size), np.bool_)
        >>> _ = legal_row(game, ints, cards, 0, legal)
        >>> first, second = np.flatnonzero(legal[0])[:2].tolist()
        >>> equivalent_row(game, ints, cards, 0, first, second)  # two bids, no cards
        False
    """
    return _python(equivalent_row, game)(game, ints, cards, row, action, other)  # type: ignore[return-value]


def held_row(game: object, ints: Ints, cards: Cards, row: int, zone: int) -> np.uint64:
    """The cards (a mask of card numbers) in ``zone`` of ``row``.

    A zone is a place a card can lie unseen by some seat: ``0`` to ``MAX_SEATS - 1`` are
    the seats' hands, larger codes the kernel's own (its :attr:`Kernel.zones`). Zone
    ``-1`` is every card the row holds anywhere: hands, the trick in progress, the
    completed tricks, a turned-up card, the kernel's own zones; the deck's other cards
    are in zones the kernel does not keep (a stock no rule reads).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> from tricktaking.kernel_kit import held_row, popcount
        >>> [popcount(held_row(game, ints, cards, 0, seat)) for seat in range(3)]
        [1, 1, 1]
    """
    return _python(held_row, game)(game, ints, cards, row, zone)  # type: ignore[return-value]


def place_row(game: object, ints: Ints, cards: Cards, row: int, zone: int, held: np.uint64) -> None:
    """Make ``held`` (a mask of card numbers) the cards of ``zone`` of ``row``.

    World sampling deals the hidden cards of a view this way into copies of one row.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game, ints, cards = kernel_for(tt.get_game("oh_hell")).dealt(tt.OhHellConfig(players=3))
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import held_row, place_row
        >>> place_row(game, ints, cards, 0, 0, np.uint64(1 << 51))
        >>> int(held_row(game, ints, cards, 0, 0)) == 1 << 51
        True
    """
    _python(place_row, game)(game, ints, cards, row, zone, held)


def observe_row(
    game: object, ints: Ints, cards: Cards, row: int, seat: int, offsets: Int64s, out: Floats
) -> None:
    """Write the ``rl`` situation observation of ``row`` for ``seat`` into ``out[row]`` (zeroed).

    ``offsets`` holds the layout's field offsets in the order of the kernel's
    :attr:`Kernel.fields` (``-1`` for a field the layout lacks).

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> kernel = kernel_for(tt.get_game("oh_hell"))
        >>> game, ints, cards = kernel.dealt(tt.OhHellConfig(players=3))
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import observe_row
        >>> offsets = np.full(len(kernel.fields), -1, np.int64)
        >>> offsets[0] = 0  # write the first field only
        >>> out = np.zeros((1, 64), np.float32)
        >>> observe_row(game, ints, cards, 0, 0, offsets, out)
        >>> bool(out.any())
        True
    """
    _python(observe_row, game)(game, ints, cards, row, seat, offsets, out)


# -- arrays without reference counts ------------------------------------------------------


def _borrowed_intrinsic(typing_context: object, array: types.Array) -> object:
    def generate(context: object, builder: object, signature: object, args: list[object]) -> object:
        view = context.make_array(array)(context, builder, value=args[0])  # type: ignore[attr-defined]
        view.meminfo = cgutils.get_null_value(view.meminfo.type)  # type: ignore[no-untyped-call]
        view.parent = cgutils.get_null_value(view.parent.type)  # type: ignore[no-untyped-call]
        return view._getvalue()  # pyright: ignore[reportUnknownMemberType, reportUnknownVariableType]

    return array(array), generate


_borrowed = intrinsic(_borrowed_intrinsic)


def borrowed(array: _A) -> _A:
    """``array`` as compiled code sees it, without numba's reference count.

    numba counts the references of every array a compiled function hands to another
    with an atomic operation on each call: in a kernel's loop over rows those counts
    cost more than the rules. A loop borrows its arrays once on entry, so the calls
    inside pass uncounted views; they must not outlive the loop (nothing in a kernel
    keeps an array). In Python (``NUMBA_DISABLE_JIT=1``) it returns ``array``.

    Example:
        >>> from tricktaking.kernel_kit import borrowed
        >>> import numpy as np
        >>> borrowed(np.arange(3)).tolist()
        [0, 1, 2]
    """
    return array


def _borrowed_overload(array: object) -> Callable[[object], object]:
    # numba compares the typing function's parameters with the implementation's,
    # annotations included: both say object
    def borrow(array: object) -> object:
        return _borrowed(array)  # type: ignore[call-arg]  # the typing context is numba's

    return borrow


overload(borrowed)(_borrowed_overload)


_HOT = _hot()

# -- bits -------------------------------------------------------------------------------

_ZERO = np.uint64(0)
_ONE = np.uint64(1)
_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_DE_BRUIJN = np.uint64(0x03F79D71B4CB0A89)
_DE_BRUIJN_POSITION = np.array(
    sorted(range(64), key=lambda bit: ((1 << bit) * 0x03F79D71B4CB0A89 % 2**64) >> 58), np.int64
)


@inlined
def _as_int(value: np.integer[Any]) -> int:
    """``value`` as a signed 64-bit integer.

    Compiled, ``int()`` of a ``uint64`` stays a ``uint64``, and numba computes a
    ``uint64`` and an ``int64`` together as floats: every count and position a helper
    returns must be signed.
    """
    return np.int64(value)  # type: ignore[return-value]  # pyright: ignore[reportReturnType]


@compiled
def popcount(mask: np.uint64) -> int:
    """The number of set bits of ``mask``.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import popcount
        >>> popcount(np.uint64(0b1011)), popcount(np.uint64(0))
        (3, 0)
    """
    x = mask - ((mask >> _ONE) & _M1)
    x = (x & _M2) + ((x >> np.uint64(2)) & _M2)
    x = (x + (x >> np.uint64(4))) & _M4
    return _as_int((x * _H01) >> np.uint64(56))


@compiled
def lowest_bit(mask: np.uint64) -> int:
    """The position of the lowest set bit of ``mask`` (which is not 0).

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import lowest_bit
        >>> lowest_bit(np.uint64(0b1100))
        2
    """
    low = mask & (_ZERO - mask)
    return _as_int(_DE_BRUIJN_POSITION[np.int64((low * _DE_BRUIJN) >> np.uint64(58))])


@compiled
def kth_bit(mask: np.uint64, k: int) -> int:
    """The position of the ``k``-th lowest set bit of ``mask`` (``k`` from 0, in range).

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import kth_bit
        >>> [kth_bit(np.uint64(0b1011), k) for k in range(3)]
        [0, 1, 3]
    """
    for _ in range(k):
        mask &= mask - _ONE
    return lowest_bit(mask)


@inlined
def flag_cards(out: Bools, row: int, mask: np.uint64) -> int:
    """Set ``out[row, c]`` for every card number (or action index) ``c`` of ``mask``; their number.

    A legal mask from a set of playable cards, as :func:`legal_row` writes it.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import flag_cards
        >>> out = np.zeros((1, 4), np.bool_)
        >>> flag_cards(out, 0, np.uint64(0b1010)), out[0].tolist()
        (2, [False, True, False, True])
    """
    count = 0
    while mask:
        out[row, lowest_bit(mask)] = True
        mask &= mask - _ONE
        count += 1
    return count


@inlined
def add_cards(out: Floats, row: int, at: int, mask: np.uint64) -> None:
    """Add 1 to ``out[row, at + c]`` for every card number ``c`` of ``mask``.

    An observation's field of card counts, from a hand or the cards of the deal.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import add_cards
        >>> out = np.zeros((1, 5), np.float32)
        >>> add_cards(out, 0, 1, np.uint64(0b101))
        >>> out[0].tolist()
        [0.0, 1.0, 0.0, 1.0, 0.0]
    """
    while mask:
        out[row, at + lowest_bit(mask)] += 1.0
        mask &= mask - _ONE


@inlined
def cards_at(ints: Ints, row: int, first: int, count: int) -> np.uint64:
    """The mask of the card numbers in columns ``first`` to ``first + count - 1`` of ``row``.

    The cards of a trick, which a kernel keeps in play order in its ``int32`` columns.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import cards_at
        >>> ints = np.array([[9, 0, 3, 5]], np.int32)
        >>> bin(cards_at(ints, 0, 1, 3))
        '0b101001'
    """
    held = _ZERO
    for k in range(count):
        held |= _ONE << np.uint64(ints[row, first + k])
    return held


@inlined
def clear_row(ints: Ints, cards: Cards, row: int) -> None:
    """Set every column of ``row``, in ``ints`` and in ``cards``, to 0: where a reset starts.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import clear_row
        >>> ints, cards = np.ones((2, 3), np.int32), np.ones((2, 1), np.uint64)
        >>> clear_row(ints, cards, 1)
        >>> ints.tolist(), cards[:, 0].tolist()
        ([[1, 1, 1], [0, 0, 0]], [1, 0])
    """
    for column in range(ints.shape[1]):
        ints[row, column] = 0
    for column in range(cards.shape[1]):
        cards[row, column] = _ZERO


# -- the rows' random streams -------------------------------------------------------------

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)


@compiled
def mix64(z: np.uint64) -> np.uint64:
    """SplitMix64's finaliser: a bijection of 64-bit words that scrambles every bit.

    Example:
        >>> import numpy as np
        >>> from tricktaking.kernel_kit import mix64
        >>> hex(mix64(np.uint64(1)))  # the same on every platform
        '0x5692161d100b05e5'
    """
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@inlined
def next_word(rng: Cards, row: int) -> np.uint64:
    """The next 64-bit word of ``row``'s stream: ``rng[row]`` is its key and its counter.

    The stream is counter-based (the words are ``mix64(key + i * golden)``, SplitMix64
    from the key), so it is the same on every platform and Python version.

    Example:
        >>> from tricktaking.kernel_kit import next_word, seeded_rows
        >>> rng = seeded_rows(key=7, size=1)
        >>> next_word(rng, 0) != next_word(rng, 0), int(rng[0, 1])
        (True, 2)
    """
    counter = rng[row, 1] + _ONE
    rng[row, 1] = counter
    return mix64(rng[row, 0] + counter * _GOLDEN)


@inlined
def below(rng: Cards, row: int, bound: int) -> int:
    """A uniform integer from 0 to ``bound - 1`` (``bound`` from 1 to 2**32) from ``row``'s stream.

    Lemire's multiply-and-reject method on the high 32 bits of each word: exact.

    Example:
        >>> from tricktaking.kernel_kit import below, seeded_rows
        >>> rng = seeded_rows(key=7, size=1)
        >>> sorted({below(rng, 0, 6) for _ in range(200)})
        [0, 1, 2, 3, 4, 5]
    """
    b = np.uint64(bound)
    product = (next_word(rng, row) >> np.uint64(32)) * b
    low = product & _LOW32
    if low < b:
        threshold = (_TWO32 - b) % b
        while low < threshold:
            product = (next_word(rng, row) >> np.uint64(32)) * b
            low = product & _LOW32
    return _as_int(product >> np.uint64(32))


def seeded_rows(key: int, size: int) -> Cards:
    """``size`` rows of stream state for 64-bit ``key``: each row's own key, counter 0.

    Example:
        >>> from tricktaking.kernel_kit import seeded_rows
        >>> rows = seeded_rows(key=1, size=3)
        >>> rows.shape, len(set(rows[:, 0].tolist()))
        ((3, 2), 3)
    """
    rng = np.zeros((size, 2), np.uint64)
    with np.errstate(over="ignore"):
        rows = np.arange(size, dtype=np.uint64)
        base = np.uint64(key % 2**64)
        rng[:, 0] = _mix_array(base ^ _mix_array(rows * _GOLDEN + _GOLDEN))
    return rng


def _mix_array(z: Cards) -> Cards:
    """:func:`mix64` of every word of ``z``, in NumPy."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    mixed: Cards = z ^ (z >> np.uint64(31))
    return mixed


# -- the declaration --------------------------------------------------------------------

_Config = TypeVar("_Config")


class Params(Protocol):
    """A kernel's parameters: a NamedTuple of numbers, one class per kernel.

    Every kernel's parameters have at least these fields, which the generic loops read.

    Example:
        >>> import tricktaking as tt
        >>> from tricktaking.batch import kernel_for
        >>> game = kernel_for(tt.get_game("oh_hell")).params(tt.OhHellConfig(players=3))
        >>> game.players, game.action_size, game.deck_size
        (3, 70, 52)
    """

    @property
    def players(self) -> int:
        """The number of seats."""
        ...

    @property
    def action_size(self) -> int:
        """The size of the game's ``rl`` action space."""
        ...

    @property
    def deck_size(self) -> int:
        """The number of physical cards a deal shuffles."""
        ...

    @property
    def draw0(self) -> int:
        """The outcomes of a deal's first uniform draw besides the shuffle (0 for none)."""
        ...

    @property
    def draw1(self) -> int:
        """The outcomes of a deal's second uniform draw (0 for none)."""
        ...


_State = TypeVar("_State", bound=GameState[object])


def _no_zones() -> dict[str, int]:
    return {}


def state_after_deals(base: _State, number: int, dealer: int, **totals: object) -> _State:
    """``base`` (a new game) moved on to just after deal ``number``, dealt by ``dealer``.

    Its round is over and empty, its history empty; ``totals`` names the state's field
    of totals and their values (``scores=...``). This is the state a sampled world's
    history starts from.

    Example:
        >>> from tricktaking.kernel_kit import state_after_deals
        >>> import tricktaking as tt
        >>> base = tt.new_game(tt.WizardConfig(players=3))
        >>> state = state_after_deals(base, 2, 1, scores=(30, -10, 20))
        >>> state.round.number, tt.scores(state), tt.actor(state) is tt.CHANCE
        (2, (30, -10, 20), True)
    """
    players = len(tt_scores(base))
    done = Round(
        number=number,
        dealer=dealer,
        hands=((),) * players,
        trick=Trick(leader=0),
        won=(0,) * players,
    )
    evolve = cast("Callable[..., _State]", attrs.evolve)
    return evolve(base, round=done, **totals)


def dealing_order(deal: Deal, first_seat: int) -> list[Card]:
    """The cards of ``deal`` in an order that deals it: round the table, then the stock.

    Card ``k`` of the hands' part goes to seat ``(first_seat + k) % players``, every hand
    holding as many cards as the first; the stock follows in its order. This is the
    deck :meth:`Deal.from_deck <tricktaking.actions.Deal.from_deck>` deals ``deal``
    from, as a kernel's ``deck_of`` lists it in card numbers.

    Example:
        >>> from tricktaking.actions import Deal
        >>> from tricktaking.cards import parse_cards
        >>> from tricktaking.kernel_kit import dealing_order
        >>> deal = Deal.from_deck(parse_cards("AH WZ 7C JE 2S"), players=2, first_seat=1,
        ...                       hand_size=2)
        >>> order = dealing_order(deal, first_seat=1)
        >>> Deal.from_deck(order, players=2, first_seat=1, hand_size=2) == deal
        True
    """
    players = len(deal.hands)
    dealt = players * len(deal.hands[0])
    cards = [deal.hands[(first_seat + k) % players][k // players] for k in range(dealt)]
    return [*cards, *deal.stock]


@attrs.frozen(kw_only=True)
class Kernel(Generic[_Config]):
    """A game's compiled batch kernel: the plug-in its declaration's ``batch_rules`` names.

    The compiled rules are the protocol functions the kernel's module implements for
    the class of :attr:`params`'s result; this record says what the Python side needs
    to run them: the shape of a row, the deck a deal shuffles, and how a row's deals
    turn into the engine's :class:`~tricktaking.actions.Deal` and back.

    Example:
        >>> from tricktaking.batch import kernel_for
        >>> from tricktaking.kernel_kit import Kernel
        >>> import tricktaking as tt
        >>> kernel = kernel_for(tt.get_game("wizard"))
        >>> isinstance(kernel, Kernel), kernel.params(tt.WizardConfig(players=4)).action_size
        (True, 74)
    """

    title: str
    """The game's name, for messages."""
    config_type: type[_Config]
    """The game's configuration class."""
    params: Callable[[_Config], Params]
    """The kernel's parameters for a config (its values as numbers and arrays)."""
    ints_width: int
    """The number of ``int32`` columns of a row, the header included."""
    cards_width: int
    """The number of ``uint64`` columns of a row."""
    deal_action: Callable[[GameState[object], Sequence[int]], Deal]
    """The engine's deal of a deck (card numbers, then draws) for a state due to deal."""
    deck_of: Callable[[GameState[object], Deal], Sequence[int]]
    """The deck (card numbers, then draws) that deals ``deal`` in a state due to deal: its
    cards in :func:`dealing_order`, as card numbers."""
    fields: tuple[str, ...]
    """The ``rl`` situation fields whose offsets :func:`observe_row` reads, in order."""
    numbers: Callable[[_Config], tuple[Card | None, ...]]
    """The card of each card number of the rows' masks (identical cards have several),
    ``None`` for a number the config's deck does not use."""
    zones: Mapping[str, int] = attrs.field(factory=_no_zones)
    """The codes of the kernel's own zones (see :func:`held_row`) by the name the game's
    worlds plug-in gives them, beside the hands (``"hand 2"`` is zone 2). A hidden zone
    of the plug-in that is not here (a stock) is one the kernel does not keep."""
    resumed: Callable[[_Config, int, int, tuple[int, ...]], GameState[object]]
    """The state after ``number`` deals whose last dealer was ``dealer``, with these totals
    (as ``tt.scores``) and an empty history: where a sampled world's history starts
    (see :func:`state_after_deals`)."""

    def rows(self, size: int) -> tuple[Ints, Cards]:
        """``size`` blank rows (zeros) of this kernel: its ``ints`` and its ``cards``.

        Example:
            >>> import tricktaking as tt
            >>> from tricktaking.batch import kernel_for
            >>> ints, cards = kernel_for(tt.get_game("oh_hell")).rows(2)
            >>> ints.shape[0], cards.shape[0], str(ints.dtype), str(cards.dtype)
            (2, 2, 'int32', 'uint64')
        """
        return np.zeros((size, self.ints_width), np.int32), np.zeros(
            (size, self.cards_width), np.uint64
        )

    def dealt(
        self, config: object, deck: Sequence[int] | None = None
    ) -> tuple[Params, Ints, Cards]:
        """One row of a new game of ``config``, dealt ``deck``: its parameters and its arrays.

        For trying a kernel's functions at a prompt or in a test. ``deck`` lists card
        numbers top first, then one outcome per draw; by default the cards in order and
        every draw 0.

        Raises:
            ArgumentTypeError: If ``config`` is not of :attr:`config_type`.

        Example:
            >>> import tricktaking as tt
            >>> from tricktaking.batch import kernel_for
            >>> from tricktaking.kernel_kit import ACTING, STATUS
            >>> kernel = kernel_for(tt.get_game("wizard"))
            >>> game, ints, cards = kernel.dealt(tt.WizardConfig(players=3))
            >>> int(ints[0, STATUS]) == ACTING, game.players
            (True, 3)
        """
        params = self.params(self.checked(config))
        ints, cards = self.rows(1)
        if deck is None:
            deck = [*range(params.deck_size), *[0] * MAX_DRAWS]
        reset_row(params, ints, cards, 0)
        deal_row(params, ints, cards, 0, np.asarray(deck, np.int64))
        return params, ints, cards

    def checked(self, config: object) -> _Config:
        """``config`` if it is this game's config, else a typed error.

        Raises:
            ArgumentTypeError: If ``config`` is not of :attr:`config_type`.
        """
        if not isinstance(config, self.config_type):
            raise ArgumentTypeError(
                f"the {self.title} kernel needs a {self.config_type.__name__}, "
                f"not {type(config).__name__[:40]}"
            )
        return config
