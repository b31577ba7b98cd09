"""Bots named by a text: a kind, a factory to import, or a text model to seat.

A *bot spec* is what the command line's ``--bots`` takes, and what
:func:`~tricktaking.simulate.simulate` and :func:`~tricktaking.arena.arena` take by name:

- a kind of :func:`~tricktaking.bots.make_bot`: ``heuristic``, ``random``, ``pimc``,
  ``ismcts``, and with the ``batch`` extra ``batch-pimc``, ``batch-ismcts``,
  ``sampled-bids``;
- ``MODULE:CALLABLE``: a bot factory imported from an installed module, called with the
  bot's seed (a bot class is one: ``mypkg.bots:MyBot``);
- ``text:MODULE:CALLABLE``: a text model (a function from a prompt to a reply) seated by a
  :class:`~tricktaking.agents.TextBot`; ``chat:MODULE:CALLABLE`` for a chat function that
  takes a list of messages. A class there is first made with the bot's seed, so
  ``text:tricktaking.agents:ScriptedModel`` seats a fresh scripted model in every seat.

Names are imported when the bot is made, in whichever process makes it, so a spec works
on a process pool as a kind does.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from typing import Final, cast

from tricktaking.agents import ChatModel, TextBot, TextModel
from tricktaking.arguments import seed_argument
from tricktaking.bots._kinds import BOT_KINDS, make_bot
from tricktaking.errors import ArgumentError, ArgumentTypeError, safe_repr
from tricktaking.plugins import Bot

__all__ = ["BOT_SPEC_HELP", "bot_from_spec", "check_bot_spec"]

BOT_SPEC_HELP: Final = (
    f"a kind ({', '.join(BOT_KINDS)}), MODULE:CALLABLE (a bot factory called with a seed), "
    "text:MODULE:CALLABLE (a model from prompt to reply) or chat:MODULE:CALLABLE (a model "
    "taking chat messages)"
)
"""What a bot spec may be, in one line (for help texts and errors)."""

_TARGET = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_MODEL_PREFIXES = ("text:", "chat:")


def _split(spec: object) -> tuple[str | None, str | None]:
    """The model prefix (``text``, ``chat`` or ``None``) and the import target, if any."""
    if type(spec) is not str:
        raise ArgumentTypeError(f"a bot spec is a str, not {safe_repr(spec)}")
    if spec in BOT_KINDS:
        return None, None
    prefix = next((p for p in _MODEL_PREFIXES if spec.startswith(p)), None)
    target = spec[len(prefix) :] if prefix else spec
    if ":" not in spec:
        raise ArgumentError(
            f"no {safe_repr(spec)} bot; kinds: {', '.join(BOT_KINDS)} (or MODULE:CALLABLE, "
            "text:MODULE:CALLABLE, chat:MODULE:CALLABLE)"
        )
    if not _TARGET.fullmatch(target):
        raise ArgumentError(f"{safe_repr(spec)} is not a bot spec: use {BOT_SPEC_HELP}")
    return (prefix[:-1] if prefix else None), target


def _imported(spec: str, target: str) -> Callable[[int], object]:
    module_name, _, path = target.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        raise ArgumentError(f"bot {spec!r}: cannot import {module_name!r} ({error})") from None
    for name in path.split("."):
        try:
            found = getattr(found, name)
        except AttributeError:
            raise ArgumentError(f"bot {spec!r}: {target!r} names nothing") from None
    if not callable(found):
        raise ArgumentError(f"bot {spec!r}: {target!r} cannot be called")
    return cast("Callable[[int], object]", found)


def check_bot_spec(spec: str) -> str:
    """``spec`` if it names a bot: a known kind, or a target that imports and can be called.

    Raises:
        ArgumentTypeError: If ``spec`` is not a ``str``.
        ArgumentError: If it is no kind and no ``[text:|chat:]MODULE:CALLABLE``, or its
            module does not import or has no such callable.

    Example:
        >>> from tricktaking.bots import check_bot_spec
        >>> check_bot_spec("text:tricktaking.agents:ScriptedModel")
        'text:tricktaking.agents:ScriptedModel'
        >>> check_bot_spec("sharp")
        Traceback (most recent call last):
        ...
        tricktaking.errors.ArgumentError: no 'sharp' bot; kinds: heuristic, random, ... (or ...
    """
    _, target = _split(spec)
    if target is not None:
        _imported(spec, target)
    return spec


def bot_from_spec(spec: str, game: str, seed: int = 0) -> Bot:
    """The bot a spec names, for ``game``, seeded by ``seed`` (see the module).

    Raises:
        ArgumentTypeError: If ``spec`` is not a ``str``, or a factory makes no bot.
        ArgumentError: As :func:`~tricktaking.bots.check_bot_spec`, and for an unknown game.

    Example:
        >>> from tricktaking.bots import bot_from_spec
        >>> type(bot_from_spec("heuristic", "wizard")).__name__
        'WizardBot'
        >>> bot = bot_from_spec("text:tricktaking.agents:ScriptedModel", "oh-hell", seed=3)
        >>> type(bot).__name__, type(bot.model).__name__
        ('TextBot', 'ScriptedModel')
    """
    prefix, target = _split(spec)
    seed_argument("seed", seed)
    if target is None:
        return make_bot(spec, game, seed)
    make_bot("random", game, seed)  # the game is checked as make_bot checks it
    found = _imported(spec, target)
    if prefix is None:
        bot = found(seed)
        if not callable(getattr(bot, "act", None)):
            raise ArgumentTypeError(f"bot {spec!r} made {safe_repr(bot)}, which has no act()")
        return cast("Bot", bot)
    model = found(seed) if isinstance(found, type) else found
    if not callable(model):
        raise ArgumentTypeError(f"bot {spec!r}: the model {safe_repr(model)} cannot be called")
    return TextBot(cast("TextModel | ChatModel", model), chat=prefix == "chat", seed=seed)
