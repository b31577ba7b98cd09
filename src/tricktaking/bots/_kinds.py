"""The kinds of bot :func:`make_bot` knows, and a text model seated as a bot."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast

from tricktaking.agents import ChatModel, TextBot, TextModel
from tricktaking.arguments import seed_argument
from tricktaking.bots._protocol import Bot, RandomBot
from tricktaking.bots.heuristic import heuristic_bot
from tricktaking.bots.search import IsmctsBot, PimcBot
from tricktaking.engine import available_games, get_game
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr

__all__ = ["BOT_KINDS", "COMPILED_BOT_KINDS", "TEXT_KIND", "make_bot"]


def _heuristic(game: str, seed: int) -> Bot:
    return heuristic_bot(game)(seed)


def _compiled(target: str) -> Callable[[str, int], Bot]:
    """A kind made by the class at ``target`` (``module:Class``), imported on first use.

    The compiled bots live in :mod:`tricktaking.batch`, which needs its extra and imports
    this package: imported by path, it loads only when such a bot is made (raising the
    missing-extra error then).
    """

    def make(game: str, seed: int) -> Bot:
        module, _, name = target.partition(":")
        return cast("Callable[[int], Bot]", getattr(importlib.import_module(module), name))(seed)

    return make


_KINDS: dict[str, Callable[[str, int], Bot]] = {
    "heuristic": _heuristic,
    "random": lambda game, seed: RandomBot(seed),
    "pimc": lambda game, seed: PimcBot(seed),
    "ismcts": lambda game, seed: IsmctsBot(seed),
    "batch-pimc": _compiled("tricktaking.batch.bots:BatchPimcBot"),
    "batch-ismcts": _compiled("tricktaking.batch.bots:BatchIsmctsBot"),
    "sampled-bids": _compiled("tricktaking.batch.bidding:SampledBidsBot"),
}

COMPILED_BOT_KINDS = ("batch-pimc", "batch-ismcts", "sampled-bids")
"""The kinds of :data:`~tricktaking.bots.BOT_KINDS` that search in a game's compiled kernel:
they need the ``batch`` extra and a game with a batch kernel (``Game.batch_rules``)."""

BOT_KINDS = tuple(_KINDS)
"""The kinds of bot :func:`make_bot` makes from a seed: ``heuristic``, ``random``, ``pimc``,
``ismcts``, and the compiled search bots ``batch-pimc``
(:class:`~tricktaking.batch.bots.BatchPimcBot`), ``batch-ismcts``
(:class:`~tricktaking.batch.bots.BatchIsmctsBot`) and ``sampled-bids``
(:class:`~tricktaking.batch.bidding.SampledBidsBot`), which need the ``batch`` extra.
The kind :data:`~tricktaking.bots.TEXT_KIND` needs a model besides."""

TEXT_KIND = "text"
"""The kind of :func:`make_bot` that seats a text model (``model=``) as a
:class:`~tricktaking.agents.TextBot`."""


def make_bot(
    kind: str,
    game: str,
    seed: int = 0,
    *,
    model: TextModel | ChatModel | None = None,
    chat: bool = False,
) -> Bot:
    """A bot of ``kind`` (one of :data:`~tricktaking.bots.BOT_KINDS`, or ``"text"``) for ``game``.

    The scalar search kinds use their default budget (200 iterations per decision) and
    the game's heuristic bot for playouts; the compiled kinds (``batch-pimc``,
    ``batch-ismcts``, ``sampled-bids``) their own defaults, and need the ``batch``
    extra and a game with a batch kernel (every built-in game has one). The kind
    ``"text"`` seats ``model`` as a :class:`~tricktaking.agents.TextBot` with its defaults
    (two retries, then a random legal move), seeded by ``seed``; ``chat=True`` for a
    model that takes chat messages.

    Args:
        kind: The kind of bot.
        game: A registry name.
        seed: Seeds the bot.
        model: The text model of a ``"text"`` bot; only that kind takes one.
        chat: Whether ``model`` takes a list of messages rather than one text.

    Raises:
        ArgumentTypeError: If ``kind`` or ``game`` is not a ``str`` or ``seed`` not an ``int``.
        ArgumentError: If the kind or the game is unknown (both are ``ValueError``), a
            model is missing for ``"text"`` or given to another kind, or a compiled kind
            is asked for in a game without a batch kernel.
        MissingExtraError: If a compiled kind is asked for without the ``batch`` extra.

    Example:
        >>> from tricktaking.bots import make_bot
        >>> type(make_bot("heuristic", "bid-whist")).__name__
        'BidWhistBot'
        >>> type(make_bot("ismcts", "wizard", seed=3)).__name__
        'IsmctsBot'
        >>> type(make_bot("text", "oh-hell", model=lambda prompt: "Final Answer: bid 1")).__name__
        'TextBot'
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
    if kind == TEXT_KIND:
        if model is None:
            raise ArgumentError("a 'text' bot needs a model: make_bot('text', game, model=...)")
        return TextBot(model, chat=chat, seed=seed)
    if model is not None:
        raise ArgumentError(f"only a 'text' bot takes a model, not a {safe_repr(kind)} bot")
    make = _KINDS.get(kind)
    if make is None:
        raise ArgumentError(f"no {safe_repr(kind)} bot for {game!r}; kinds: {', '.join(BOT_KINDS)}")
    if kind in COMPILED_BOT_KINDS and get_game(game).batch_rules is None:
        raise ArgumentError(
            f"a {kind} bot searches in a batch kernel, and the game {game!r} has none "
            "(Game.batch_rules)"
        )
    return make(game, seed)
