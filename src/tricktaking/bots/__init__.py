"""Bots: players that see only a :class:`~tricktaking.views.PlayerView` and choose an action.

- :class:`RandomBot` chooses uniformly among the legal actions, from its own seeded,
  version-stable stream.
- :class:`WizardBot`, :class:`OneCardBot`, :class:`BidWhistBot` and :class:`OhHellBot`
  play each game sensibly: they bid from the strength of their hand, try to win the
  tricks they need and dump the rest, and in Bid Whist leave a trick their partner is
  winning alone.
- :class:`PimcBot` and :class:`IsmctsBot` search the worlds the view allows
  (:mod:`tricktaking.worlds`); :func:`suggest` ranks a view's actions for a hint.

Bots never see a state, only the view the engine gives their seat. A bot may keep
private memory between calls; make a new bot for each game.

Example:
    >>> from tricktaking.bots import make_bot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=3, rounds=1))
    >>> state = tt.apply(state, tt.deal(state, seed=2))
    >>> bot = make_bot("heuristic", "wizard", seed=0)
    >>> seat = tt.actor(state)
    >>> bot.act(tt.view(state, seat)) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

from collections.abc import Callable

from tricktaking.arguments import seed_argument
from tricktaking.bots._protocol import Bot, BotFactory, RandomBot
from tricktaking.bots.heuristic import (
    HEURISTIC_BOTS,
    BidWhistBot,
    OhHellBot,
    OneCardBot,
    WizardBot,
    heuristic_bot,
)
from tricktaking.bots.search import (
    EXPLORATION,
    IsmctsBot,
    PimcBot,
    PlayoutPolicy,
    SearchBot,
    SearchOptions,
    Suggestion,
    seat_values,
    suggest,
)
from tricktaking.engine import available_games
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = [
    "BOT_KINDS",
    "EXPLORATION",
    "HEURISTIC_BOTS",
    "BidWhistBot",
    "Bot",
    "BotFactory",
    "IsmctsBot",
    "OhHellBot",
    "OneCardBot",
    "PimcBot",
    "PlayoutPolicy",
    "RandomBot",
    "SearchBot",
    "SearchOptions",
    "Suggestion",
    "WizardBot",
    "make_bot",
    "seat_values",
    "suggest",
]


def _heuristic(game: str, seed: int) -> Bot:
    return heuristic_bot(game)(seed)


_KINDS: dict[str, Callable[[str, int], Bot]] = {
    "heuristic": _heuristic,
    "random": lambda game, seed: RandomBot(seed),
    "pimc": lambda game, seed: PimcBot(seed),
    "ismcts": lambda game, seed: IsmctsBot(seed),
}

BOT_KINDS = tuple(_KINDS)
"""The kinds of bot :func:`make_bot` knows: ``heuristic``, ``random``, ``pimc``, ``ismcts``."""


def make_bot(kind: str, game: str, seed: int = 0) -> Bot:
    """A bot of ``kind`` (one of :data:`BOT_KINDS`) for ``game`` (a registry name).

    The search kinds use their default budget (200 iterations per decision) and the
    game's heuristic bot for playouts.

    Raises:
        ArgumentTypeError: If ``kind`` or ``game`` is not a ``str`` or ``seed`` not an ``int``.
        ArgumentError: If the kind or the game is unknown (both are ``ValueError``).

    Example:
        >>> from tricktaking.bots import make_bot
        >>> type(make_bot("heuristic", "bid-whist")).__name__
        'BidWhistBot'
        >>> type(make_bot("ismcts", "wizard", seed=3)).__name__
        'IsmctsBot'
    """
    if type(kind) is not str:
        raise ArgumentTypeError(
            f"a bot kind is a str, one of {', '.join(BOT_KINDS)}, not {safe_repr(kind)}"
        )
    if type(game) is not str:
        raise ArgumentTypeError(f"a game is named by a str, not {safe_repr(game)}")
    seed_argument("seed", seed)
    if game not in available_games():
        raise ArgumentError(f"no game {safe_repr(game)}; games: {', '.join(available_games())}")
    make = _KINDS.get(kind)
    if make is None:
        raise ArgumentError(f"no {safe_repr(kind)} bot for {game!r}; kinds: {', '.join(BOT_KINDS)}")
    return make(game, seed)
