"""Fuzz the surfaces above the engine with hostile arguments.

The surfaces are ``render``, ``worlds``, ``rl``, ``simulate``, ``arena``, ``bots``, the
remote bot of the web table (its links, the server frames it reads, the views it reads
back, ``play``), ``records`` (the keyword arguments of ``records.loads`` and
``records.load``) and the command line. Every call must return or raise a
:class:`~tricktaking.errors.TricktakingError` (which may also be a ``ValueError`` or a
``TypeError``), never a bare ``AttributeError``, ``IndexError``, ``OverflowError``… It
must leave its arguments unchanged, and it must not hang. The command line must never
let any exception out of ``main``: a user would see a traceback. A picture must parse
as XML and a text must print on any UTF-8 terminal.

Hostile values: huge ints (``10**5000``), negatives, bools, ``nan``, ``inf``, ``1.5``,
``None``, text with control characters, U+FFFF, lone surrogates or 100,000 characters,
objects of the wrong type, views of another game and views whose fields were replaced
with ``attrs.evolve``. The run is seeded and deterministic.

``tests/test_surfaces_fuzz.py`` runs a few hundred calls per surface in CI; this is the
long run, which counts the outcomes per surface and prints every kind of untyped
exception once, with the shortest call that raised it:

    python benchmarks/fuzz_surfaces.py --calls 200000
    python benchmarks/fuzz_surfaces.py --surface render --calls 5000 --seed 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import io
import json
import math
import random
import signal
import sys
import tempfile
import threading
import time
import warnings
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, cast

import attrs

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz  # the engine fuzzer: sample games and hostile objects

import tricktaking as tt
from tricktaking import arena, bots, cli, records, render, simulate, worlds
from tricktaking.engine import game_of_view
from tricktaking.errors import TricktakingError, safe_repr
from tricktaking.records import GameRecord

__all__ = [
    "SURFACES",
    "Call",
    "Report",
    "calls",
    "failures",
    "outcome",
    "run",
]

SECONDS = 2.0
"""A call running longer than this counts as a hang."""

# The arguments each kind of hostile value stands for, with the text that rebuilds it.
_HUGE = 10**5000
_SCALARS: tuple[tuple[object, str], ...] = (
    (_HUGE, "10**5000"),
    (-_HUGE, "-10**5000"),
    (2**64, "2**64"),
    (-1, "-1"),
    (-7, "-7"),
    (0, "0"),
    (True, "True"),
    (False, "False"),
    (math.nan, "math.nan"),
    (math.inf, "math.inf"),
    (-math.inf, "-math.inf"),
    (1.5, "1.5"),
    (None, "None"),
    ("", "''"),
    ("\x00\x1b[2J\x7f\x85", r"'\x00\x1b[2J\x7f\x85'"),
    ("\uffff\ufffe", r"'\uffff\ufffe'"),
    ("\ud800x\udfff", r"'\ud800x\udfff'"),
    ("x" * 100_000, "'x' * 100_000"),
    ("1e999", "'1e999'"),
    (b"\xff", r"b'\xff'"),
    ((), "()"),
    ([], "[]"),
    ({}, "{}"),
    (object(), "object()"),
    (fuzz.AlwaysEqual(1), "AlwaysEqual(1)"),
    (fuzz.Loud(1), "Loud(1)"),
    (fuzz.Unprintable(), "Unprintable()"),
)
_STRINGS = tuple(item for item in _SCALARS if isinstance(item[0], str))
# Exceptions a hostile argument raises itself (its __str__, __eq__…) are the caller's own.
_OWN = ("Loud.", "Unprintable.", "LoudPass.", "LoudPlay.", "RaisingSeat.")


@attrs.frozen
class Arg:
    """A value to pass and the Python text that rebuilds it in a reproducer."""

    value: object
    text: str


def _arg(value: object, text: str | None = None) -> Arg:
    return Arg(value, repr(value) if text is None else text)


def hostile(rng: random.Random) -> Arg:
    """A hostile scalar, string or object."""
    return Arg(*rng.choice(_SCALARS))


def some_int(rng: random.Random, good: Sequence[int]) -> Arg:
    """One of ``good`` half the time, else a hostile value (often a hostile int)."""
    if rng.random() < 0.5:
        return _arg(rng.choice(good))
    if rng.random() < 0.5:
        return Arg(*rng.choice(_SCALARS[:13]))
    return hostile(rng)


def some_text(rng: random.Random, good: Sequence[str]) -> Arg:
    """One of ``good`` half the time, else hostile text (or another hostile value)."""
    if rng.random() < 0.5:
        return _arg(rng.choice(good))
    if rng.random() < 0.7:
        return Arg(*rng.choice(_STRINGS))
    return hostile(rng)


@attrs.frozen
class Call:
    """One call of a public function, with its reproducer and its checks.

    ``inputs`` are the arguments that must be unchanged after the call; ``check`` says
    what is wrong with a returned value (``None``: nothing); ``then`` is the text of
    what ``run`` does with the result (``.sample(3)``), for the reproducer.
    """

    surface: str
    function: str
    args: tuple[Arg, ...]
    kwargs: tuple[tuple[str, Arg], ...]
    run: Callable[[], object]
    check: Callable[[object], str | None] | None = None
    then: str = ""

    @property
    def text(self) -> str:
        """The call as Python text."""
        parts = [arg.text for arg in self.args]
        parts += [f"{name}={arg.text}" for name, arg in self.kwargs]
        return f"{self.function}({', '.join(parts)}){self.then}"

    @property
    def inputs(self) -> tuple[object, ...]:
        return tuple(arg.value for arg in (*self.args, *(arg for _, arg in self.kwargs)))


def _call(
    surface: str,
    function: str,
    target: Callable[..., object],
    /,
    *args: Arg,
    **kwargs: Arg,
) -> Call:
    values = [arg.value for arg in args]
    options = {name: arg.value for name, arg in kwargs.items()}
    return Call(surface, function, args, tuple(kwargs.items()), lambda: target(*values, **options))


# --- hostile views, states and records ----------------------------------------------


def _games(rng: random.Random) -> tuple[tt.GameState[object], ...]:
    return fuzz.sample_states(rng.randrange(len(fuzz.CONFIGS)), rng.randrange(2))


def _state(rng: random.Random, *, to_act: bool = False) -> tuple[tt.GameState[object], str]:
    index, seed = rng.randrange(len(fuzz.CONFIGS)), rng.randrange(2)
    states = fuzz.sample_states(index, seed)
    positions: Sequence[int] = range(len(states))
    if to_act:
        positions = [i for i in positions if isinstance(tt.actor(states[i]), int)] or [0]
    position = rng.choice(positions)
    return states[position], f"sample_states({index}, {seed})[{position}]"


def genuine_view(rng: random.Random, *, to_act: bool = False) -> Arg:
    """A view of a seat of a sample game (the seat to act, if ``to_act``)."""
    state, text = _state(rng, to_act=to_act)
    players = len(tt.scores(state))
    acting = tt.actor(state)
    seat = acting if to_act and isinstance(acting, int) else rng.randrange(players)
    return Arg(tt.view(state, seat), f"tt.view({text}, {seat})")


def forged_view(rng: random.Random) -> Arg:
    """A genuine view with one field replaced: by a hostile value or another view's."""
    base = genuine_view(rng, to_act=rng.random() < 0.5)
    fields = attrs.fields(cast("type[attrs.AttrsInstance]", type(base.value)))
    field = rng.choice(fields).name
    if rng.random() < 0.5:
        other = genuine_view(rng)
        if not hasattr(other.value, field):
            return base
        value = Arg(getattr(other.value, field), f"{other.text}.{field}")
    else:
        value = hostile(rng)
    try:
        forged = attrs.evolve(base.value, **{field: value.value})  # type: ignore[misc]
    except TricktakingError:
        return base
    return Arg(forged, f"attrs.evolve({base.text}, {field}={value.text})")


def any_view(rng: random.Random) -> Arg:
    """A genuine view, a forged one, or something that is not a view at all."""
    roll = rng.random()
    if roll < 0.4:
        return genuine_view(rng, to_act=rng.random() < 0.5)
    if roll < 0.85:
        return forged_view(rng)
    if roll < 0.92:
        state, text = _state(rng)
        return Arg(state, text)
    return hostile(rng)


@functools.cache
def _records() -> tuple[tuple[GameRecord, str], ...]:
    found = []
    for index in range(len(fuzz.CONFIGS)):
        states = fuzz.sample_states(index, 0)
        for position in (len(states) - 1, len(states) // 2):
            record = GameRecord.from_state(states[position])
            found.append((record, f"GameRecord.from_state(sample_states({index}, 0)[{position}])"))
    return tuple(found)


def any_record(rng: random.Random) -> Arg:
    """A record of a sample game (finished or not), a forged one, or a hostile value."""
    roll = rng.random()
    if roll < 0.6:
        return Arg(*rng.choice(_records()))
    if roll < 0.85:
        record, text = rng.choice(_records())
        field = rng.choice(("game", "config", "seats", "actions", "scores", "winners"))
        if rng.random() < 0.5:
            other, other_text = rng.choice(_records())
            value = Arg(getattr(other, field), f"{other_text}.{field}")
        elif field == "seats" and rng.random() < 0.7:
            value = _names(rng)
        else:
            value = hostile(rng)
        try:
            forged = attrs.evolve(cast("Any", record), **{field: value.value})
        except TricktakingError:
            return Arg(record, text)
        return Arg(forged, f"attrs.evolve({text}, {field}={value.text})")
    if rng.random() < 0.5:
        return Arg(records.dumps(_games(rng)[-1]), "records.dumps(...)")
    return hostile(rng)


def any_config(rng: random.Random) -> Arg:
    """A small configuration of a registered game, or a hostile value."""
    if rng.random() < 0.75:
        index = rng.randrange(len(fuzz.CONFIGS))
        return Arg(fuzz.CONFIGS[index], f"CONFIGS[{index}]")
    return hostile(rng)


def any_game_name(rng: random.Random) -> Arg:
    return some_text(rng, tt.available_games())


# --- checks of results ----------------------------------------------------------------


def picture_problem(result: object) -> str | None:
    """What is wrong with an SVG picture: it must be text that parses and encodes."""
    if not isinstance(result, str):
        return f"returned {type(result).__name__}, not an SVG document"
    try:
        ET.fromstring(result.encode("utf-8"))
    except (ET.ParseError, UnicodeError) as error:
        return f"a picture that is not XML ({type(error).__name__})"
    return None


def text_problem(result: object) -> str | None:
    """What is wrong with a text for a terminal: no control character, no surrogate."""
    if not isinstance(result, str):
        return f"returned {type(result).__name__}, not text"
    try:
        result.encode("utf-8")
    except UnicodeError:
        return "a text that does not encode to UTF-8 (UnicodeEncodeError when printed)"
    if any((ord(char) < 32 and char != "\n") or 0x7F <= ord(char) < 0xA0 for char in result):
        return "a text with control characters (a terminal would obey them)"
    return None


# --- the surfaces -----------------------------------------------------------------------


def _names(rng: random.Random) -> Arg:
    roll = rng.random()
    if roll < 0.3:
        return Arg(None, "None")
    if roll < 0.85:
        count = rng.choice((2, 3, 3, 4, 4, 5))
        names = [some_text(rng, ("Ann", "Bob", "李", "🂡")) for _ in range(count)]
        return Arg([name.value for name in names], f"[{', '.join(n.text for n in names)}]")
    return hostile(rng)


def _colors(rng: random.Random) -> Arg:
    roll = rng.random()
    if roll < 0.6:
        return Arg(None, "None")
    if roll < 0.8:
        key, value = some_text(rng, tuple(render.COLORS)), some_text(rng, ("#123456",))
        if isinstance(key.value, list | dict | set):  # not a key
            key = _arg("red")
        return Arg({key.value: value.value}, f"{{{key.text}: {value.text}}}")
    return hostile(rng)


def _size(rng: random.Random) -> Arg:
    return some_int(rng, (800, 400)) if rng.random() < 0.3 else Arg(800, "800")


def render_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.render`."""
    roll = rng.random()
    if roll < 0.35:
        options = {"size": _size(rng), "names": _names(rng), "colors": _colors(rng)}
        call = _call("render", "render.svg", render.svg, any_view(rng), **options)
        return attrs.evolve(call, check=picture_problem)
    if roll < 0.55:
        options = {"names": _names(rng)}
        if rng.random() < 0.3:
            options["ascii_only"] = some_int(rng, (True, False))
        call = _call("render", "render.text", render.text, any_view(rng), **options)
        return attrs.evolve(call, check=text_problem)
    if roll < 0.85:
        record, index = any_record(rng), some_int(rng, (0, 0, 1, 2))
        options = {"names": _names(rng), "colors": _colors(rng), "size": _size(rng)}
        if rng.random() < 0.6:
            options["step"] = some_int(rng, (0, 1, 5, 20))
        if rng.random() < 0.5:
            options["seat"] = some_int(rng, (0, 1, 2, 3))
        call = _call("render", "render.deal_svg", render.deal_svg, record, index, **options)
        return attrs.evolve(call, check=picture_problem)
    if roll < 0.9:
        return _call("render", "render.deal_count", render.deal_count, any_record(rng))
    if roll < 0.92:
        return _call("render", "render.extras_of", render.extras_of, any_view(rng))
    if roll < 0.94:
        call = _call("render", "render.repr_svg", render.repr_svg, any_view(rng))
        return attrs.evolve(call, check=picture_problem)
    options = {"size": _size(rng), "colors": _colors(rng)}
    if roll < 0.97:
        card = _arg(rng.choice(fuzz._ALL_CARDS)) if rng.random() < 0.6 else hostile(rng)
        call = _call("render", "render.card_svg", render.card_svg, card, **options)
    else:
        call = _call("render", "render.back_svg", render.back_svg, **options)
    return attrs.evolve(call, check=picture_problem)


def worlds_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.worlds` on a genuine, forged or foreign view."""
    view = any_view(rng)
    config = Arg(None, "None") if rng.random() < 0.5 else any_config(rng)
    roll = rng.random()
    if roll < 0.45:
        return _call(
            "worlds",
            "worlds.sample_world",
            worlds.sample_world,
            view,
            some_int(rng, (0, 1, 2**63)),
            config=config,
        )
    if roll < 0.7:
        return _call("worlds", "worlds.count_worlds", worlds.count_worlds, view, config=config)
    seed = some_int(rng, (0, 5))

    def sample() -> object:
        sampler = worlds.world_sampler(view.value, config=config.value)  # type: ignore[arg-type]
        return sampler.sample(seed.value)  # type: ignore[arg-type]

    return Call(
        "worlds",
        "worlds.world_sampler",
        (view,),
        (("config", config),),
        sample,
        then=f".sample({seed.text})",
    )


_ENCODINGS = ("situation", "history", "bogus")


def rl_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.rl`: encodings, action indexes, environments."""
    from tricktaking import rl  # noqa: PLC0415  (the rl extra is optional)

    roll = rng.random()
    encoding = some_text(rng, _ENCODINGS)
    if roll < 0.15:
        return _call("rl", "rl.encode", rl.encode, any_view(rng), encoding)
    if roll < 0.25:
        return _call("rl", "rl.layout", rl.layout, any_view(rng), encoding)
    if roll < 0.35:
        return _call(
            "rl",
            "rl.layout_for",
            rl.layout_for,
            any_game_name(rng),
            some_int(rng, (2, 3, 4)),
            encoding,
        )
    if roll < 0.45:
        return _call(
            "rl", "rl.action_space", rl.action_space, any_game_name(rng), some_int(rng, (2, 3, 4))
        )
    if roll < 0.55:
        return _call("rl", "rl.action_mask", rl.action_mask, any_view(rng))
    if roll < 0.7:
        return _call(
            "rl",
            "rl.action_from_index",
            rl.action_from_index,
            any_view(rng),
            some_int(rng, (0, 1, 10, 60)),
        )
    if roll < 0.8:
        view = genuine_view(rng, to_act=True)
        legal: Sequence[object] = getattr(view.value, "legal_actions", ())
        if legal and rng.random() < 0.5:
            action = _arg(rng.choice(legal))
        elif rng.random() < 0.5:
            made = fuzz._any_action(rng)()
            action = Arg(made, safe_repr(made))
        else:
            action = hostile(rng)
        if rng.random() < 0.2:
            view = any_view(rng)
        return _call("rl", "rl.action_index", rl.action_index, view, action)
    return _env_call(rng, rl)


def _env_call(rng: random.Random, rl: object) -> Call:
    config = any_config(rng)
    aec = rng.random() < 0.3
    options: dict[str, Arg] = {}
    if rng.random() < 0.4:
        options["encoding"] = some_text(rng, _ENCODINGS[:2])
    if rng.random() < 0.3:
        options["render_mode"] = some_text(rng, ("ansi", "human"))
    if not aec:
        if rng.random() < 0.4:
            options["seat"] = some_int(rng, (0, 1, 2))
        if rng.random() < 0.3:
            options["opponents"] = some_text(rng, ("random", "heuristic"))
        if rng.random() < 0.3:
            options["illegal_action"] = some_text(rng, ("raise", "terminate"))
        if rng.random() < 0.2:
            options["illegal_reward"] = some_int(rng, (-1,))
    seed = some_int(rng, (0, 1))
    actions = [some_int(rng, (0, 1, 2, 5, 30)) for _ in range(rng.randrange(1, 4))]
    name = "TricktakingAECEnv" if aec else "TricktakingEnv"
    kind: Callable[..., object] = getattr(rl, name)
    values = {key: arg.value for key, arg in options.items()}

    def episode() -> object:
        env: object = kind(config.value, **values)
        env.reset(seed=seed.value)  # type: ignore[attr-defined]
        for action in actions:
            env.step(action.value)  # type: ignore[attr-defined]
        env.render()  # type: ignore[attr-defined]
        return None

    steps = "".join(f".step({action.text})" for action in actions)
    return Call(
        "rl",
        f"rl.{name}",
        (config,),
        tuple(options.items()),
        episode,
        then=f".reset(seed={seed.text}){steps}.render()",
    )


_SMALL_KINDS = ("random", "heuristic")


def bot_list(rng: random.Random, players: int = 3) -> Arg:
    """A list of bot kinds or factories: mostly right, sometimes hostile."""
    roll = rng.random()
    if roll < 0.1:
        return hostile(rng)
    count = players if rng.random() < 0.7 else rng.choice((0, 1, 2, 5))
    items: list[Arg] = []
    for _ in range(count):
        pick = rng.random()
        if pick < 0.7:
            items.append(_arg(rng.choice(_SMALL_KINDS)))
        elif pick < 0.8:
            items.append(Arg(bots.RandomBot, "bots.RandomBot"))
        else:
            # not "pimc" or "ismcts": a whole game of searches is slow, not wrong
            items.append(some_text(rng, ("nope", "Random")))
    return Arg([item.value for item in items], f"[{', '.join(item.text for item in items)}]")


def _players(config: object) -> int:
    try:
        return len(tt.scores(tt.new_game(config)))
    except Exception:  # a hostile config: any count will do
        return 3


def _progress(rng: random.Random) -> Arg:
    roll = rng.random()
    if roll < 0.6:
        return Arg(None, "None")
    if roll < 0.8:
        return Arg(lambda done, total: None, "lambda done, total: None")
    return hostile(rng)


def simulate_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.simulate` with small and hostile counts."""
    config = any_config(rng)
    players = _players(config.value)
    seed = some_int(rng, (0, 1, 2))
    roll = rng.random()
    if roll < 0.6:
        options = {"games": some_int(rng, (1, 2)), "progress": _progress(rng)}
        if rng.random() < 0.5:
            options["seed"] = seed
        if rng.random() < 0.3:
            options["chunk_size"] = some_int(rng, (1, 50))
        return _call(
            "simulate",
            "simulate.simulate",
            simulate.simulate,
            config,
            bot_list(rng, players),
            **options,
        )
    if roll < 0.8:
        return _call(
            "simulate",
            "simulate.play_game",
            simulate.play_game,
            config,
            bot_list(rng, players),
            seed,
        )
    states = simulate.game_states

    def first_states() -> object:
        return list(zip(range(5), states(config.value, bot_list_value, seed.value), strict=False))  # type: ignore[arg-type]

    bots_arg = bot_list(rng, players)
    bot_list_value = bots_arg.value
    return Call(
        "simulate",
        "simulate.game_states",
        (config, bots_arg, seed),
        (),
        first_states,
        then="  # the first 5 states",
    )


def arena_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.arena` with small and hostile counts."""
    roll = rng.random()
    if roll < 0.3:
        options = {
            name: some_int(rng, (1, 2, 3, 4))
            for name in ("players", "rounds", "target")
            if rng.random() < 0.4
        }
        return _call("arena", "arena.deal_config", arena.deal_config, any_game_name(rng), **options)
    config = any_config(rng)
    players = _players(config.value)
    if roll < 0.65:
        options = {"deals": some_int(rng, (1, 2)), "progress": _progress(rng)}
        if rng.random() < 0.5:
            options["seed"] = some_int(rng, (0, 1))
        if rng.random() < 0.3:
            options["chunk_size"] = some_int(rng, (1, 5))
        return _call(
            "arena",
            "arena.arena",
            arena.arena,
            config,
            bot_list(rng, rng.choice((2, players))),
            **options,
        )
    if roll < 0.8:
        return _call("arena", "arena.seatings", arena.seatings, bot_list(rng, players))
    return _call(
        "arena",
        "arena.play_deal",
        arena.play_deal,
        config,
        bot_list(rng, players),
        some_int(rng, (0, 1)),
    )


def bots_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.bots`: constructors, ``make_bot``, ``act``, ``suggest``."""
    roll = rng.random()
    if roll < 0.25:
        return _call(
            "bots",
            "bots.make_bot",
            bots.make_bot,
            some_text(rng, bots.BOT_KINDS),
            any_game_name(rng),
            some_int(rng, (0, 1)),
        )
    if roll < 0.4:
        kind = rng.choice(("RandomBot", "WizardBot", "OneCardBot", "BidWhistBot"))
        return _call("bots", f"bots.{kind}", getattr(bots, kind), some_int(rng, (0, 7)))
    if roll < 0.55:
        kind = rng.choice(("PimcBot", "IsmctsBot"))
        options = {"iterations": some_int(rng, (1, 2))}
        if rng.random() < 0.3:
            options["seconds"] = some_int(rng, (0.01,))  # type: ignore[arg-type]
        if rng.random() < 0.3:
            options["win_value"] = some_int(rng, (50,))
        if rng.random() < 0.2:
            options["config"] = any_config(rng)
        if kind == "IsmctsBot" and rng.random() < 0.3:
            options["exploration"] = some_int(rng, (1,))
        view = any_view(rng) if rng.random() < 0.3 else genuine_view(rng, to_act=True)
        maker = getattr(bots, kind)
        seed = some_int(rng, (0, 1))
        values = {name: arg.value for name, arg in options.items()}

        def act() -> object:
            return maker(seed.value, **values).act(view.value)

        return Call(
            "bots", f"bots.{kind}", (seed,), tuple(options.items()), act, then=f".act({view.text})"
        )
    if roll < 0.75:
        view = any_view(rng) if rng.random() < 0.5 else genuine_view(rng, to_act=True)
        kind_arg = some_text(rng, _SMALL_KINDS)
        try:
            game = game_of_view(view.value).name
        except Exception:  # not a view of a registered game: any game will do
            game = "wizard"

        def make_and_act() -> object:
            return bots.make_bot(kind_arg.value, game, 0).act(view.value)  # type: ignore[arg-type]

        return Call(
            "bots",
            "bots.make_bot",
            (kind_arg, _arg(game), _arg(0)),
            (),
            make_and_act,
            then=f".act({view.text})",
        )
    if roll < 0.9:
        view = any_view(rng) if rng.random() < 0.4 else genuine_view(rng, to_act=True)
        bot = Arg(None, "None")
        if rng.random() < 0.5:
            bot = Arg(bots.PimcBot(0, iterations=2), "bots.PimcBot(0, iterations=2)")
        return _call("bots", "bots.suggest", bots.suggest, view, bot, some_int(rng, (1, 3)))
    state, text = _state(rng)
    target = Arg(state, text) if rng.random() < 0.6 else any_view(rng)
    return _call(
        "bots", "bots.seat_values", bots.seat_values, target, win_value=some_int(rng, (0, 50))
    )


# --- the remote bot (the web extra) ---------------------------------------------------

_LINKS = ("http://127.0.0.1:1/play/abc", "https://127.0.0.1:1/t/play/x_y", "http://[::1]:1/play/z")
_FRAME_TEXT = ("{", "]", '"', "\\", ",", "NaN", "\x00", "[" * 200, "1e999", "9" * 40)


def _view_data(rng: random.Random) -> Arg:
    """A genuine view's ``to_dict()``, with one field (at any depth) made hostile."""
    view = genuine_view(rng, to_act=rng.random() < 0.5)
    data = cast("dict[str, object]", view.value.to_dict())  # type: ignore[attr-defined]
    text = f"{view.text}.to_dict()"
    if rng.random() < 0.8:
        key = rng.choice(sorted(data))
        if rng.random() < 0.6:
            value = hostile(rng)
        else:  # another view's field: of the right shape, maybe of another game
            other = genuine_view(rng)
            fields = cast("dict[str, object]", other.value.to_dict())  # type: ignore[attr-defined]
            value = Arg(fields.get(key), f"{other.text}.to_dict().get({key!r})")
        data[key] = value.value
        text = f"{{**{text}, {key!r}: {value.text}}}"
    return Arg(data, text)


def _frame(rng: random.Random) -> Arg:
    """A server frame: genuine JSON, the same text broken, or a hostile value."""
    if rng.random() < 0.2:
        return hostile(rng)
    data = _view_data(rng)
    message = {"type": rng.choice(("welcome", "event", "error", "hint")), "seq": 1}
    try:
        text = json.dumps({**message, "view": data.value})
    except (TypeError, ValueError, RecursionError):  # a hostile value that is not JSON
        text = json.dumps(message)
    if rng.random() < 0.5:
        cut = rng.randrange(len(text))
        text = text[:cut] + rng.choice(_FRAME_TEXT) + text[cut + rng.randrange(2) :]
    return _arg(text)


def remote_bot_call(rng: random.Random) -> Call:
    """A call of :mod:`tricktaking.web.remote_bot`: ``socket_url``, ``read_frame``,
    ``view_from_dict`` and ``play`` (against a closed port: one attempt, refused at once).
    """
    from tricktaking.web import remote_bot  # noqa: PLC0415 - the web extra, if installed

    roll = rng.random()
    if roll < 0.2:
        link = some_text(rng, _LINKS)
        return _call("remote_bot", "remote_bot.socket_url", remote_bot.socket_url, link)
    if roll < 0.5:
        return _call("remote_bot", "remote_bot.read_frame", remote_bot.read_frame, _frame(rng))
    if roll < 0.8:
        data = _view_data(rng)
        return _call("remote_bot", "remote_bot.view_from_dict", remote_bot.view_from_dict, data)
    link, kind = some_text(rng, _LINKS), some_text(rng, bots.BOT_KINDS)
    options = {
        "attempts": some_int(rng, (1,)),
        "connect_seconds": some_int(rng, (1,)),
        "read_seconds": some_int(rng, (1,)),
        "say": _arg(print, "print") if rng.random() < 0.8 else hostile(rng),
    }
    values = {name: arg.value for name, arg in options.items()}

    def play() -> object:
        return asyncio.run(remote_bot.play(link.value, kind.value, **values))  # type: ignore[arg-type]

    return Call(
        "remote_bot",
        "asyncio.run(remote_bot.play",
        (link, kind),
        tuple(options.items()),
        play,
        then=")",
    )


# --- records ------------------------------------------------------------------------


def _record_text(rng: random.Random) -> Arg:
    """A record's text (or bytes), a truncated one, or a hostile value."""
    roll = rng.random()
    record, text = rng.choice(_records())
    dumped = records.dumps(record.final_state())
    if roll < 0.5:
        return Arg(dumped, f"records.dumps({text}.final_state())")
    if roll < 0.65:
        return Arg(dumped.encode(), f"records.dumps({text}.final_state()).encode()")
    if roll < 0.8:
        cut = rng.randrange(len(dumped))
        return Arg(dumped[:cut], f"records.dumps({text}.final_state())[:{cut}]")
    return hostile(rng)


def _limit(rng: random.Random, good: Sequence[int]) -> Arg:
    """A size or depth limit: a sensible one, a tight one, or any hostile value."""
    return some_int(rng, good)


def records_call(rng: random.Random) -> Call:
    """``records.loads`` or ``records.load`` with hostile keyword arguments (and texts)."""
    text = _record_text(rng)
    options: dict[str, Arg] = {}
    if rng.random() < 0.8:
        options["max_size"] = _limit(rng, (records.MAX_SIZE, 100, 0, 1 << 40))
    if rng.random() < 0.6:
        options["max_depth"] = _limit(rng, (records.MAX_DEPTH, 1, 2, 1000))
    if rng.random() < 0.5:
        return _call("records", "records.loads", records.loads, text, **options)
    data = text.value
    opened = (
        Arg(io.BytesIO(data), f"io.BytesIO({text.text})")
        if isinstance(data, bytes)
        else Arg(io.StringIO(data), f"io.StringIO({text.text})")
        if isinstance(data, str)
        else text
    )
    values = {name: arg.value for name, arg in options.items()}
    return Call(
        "records",
        "records.load",
        (opened,),
        tuple(options.items()),
        lambda: records.load(cast("Any", opened.value), **cast("Any", values)),
    )


# --- the command line -----------------------------------------------------------------

_FILES = tempfile.TemporaryDirectory(prefix="fuzz-surfaces-")


@functools.cache
def _record_files() -> tuple[str, ...]:
    folder = Path(_FILES.name)
    paths = []
    for number, (record, _) in enumerate(_records()[:4]):
        path = folder / f"game{number}.json"
        path.write_text(records.dumps(record.final_state()))
        paths.append(str(path))
    broken = folder / "broken.json"
    broken.write_bytes(b'{"format": "tricktaking-record", \xff\x00')
    return (*paths, str(broken), str(folder), str(folder / "missing.json"))


_OPTIONS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "common": (
        ("--players", ("2", "3", "4")),
        ("--seed", ("0", "1", "99")),
        ("--first-dealer", ("0", "1")),
        ("--target", ("1", "2")),
        ("--rounds", ("1", "2")),
        ("--bid-rule", ("hook", "free")),
        ("--kitty", ("book", "exchange")),
        ("--hand-size", ("1", "2")),
        ("--num-suits", ("2", "4")),
        ("--cards-per-suit", ("3", "13")),
        ("--exact-bonus", ("0", "10")),
        ("--ascii", ()),
    ),
    "simulate": (
        ("-n", ("1", "2")),
        ("--bots", ("random", "random,heuristic")),
        ("--jobs", ("1",)),
    ),
    "arena": (("-n", ("1", "2")), ("--bots", ("random", "random,heuristic")), ("--jobs", ("1",))),
    "play": (("--seat", ("0", "1")),),
}


def _hostile_word(rng: random.Random) -> str:
    value = rng.choice(_STRINGS)[0]
    if rng.random() < 0.5:
        value = rng.choice(("10" * 20, "9" * 5000, "-1", "1.5", "nan", "inf", "0x10", "1_0", "٣"))
    assert isinstance(value, str)
    return value


def cli_call(rng: random.Random) -> Call:
    """``tricktaking.cli.main(argv)`` with hostile words in the argument vector."""
    command = rng.choice(("games", "rules", "play", "simulate", "demo", "arena", "replay", "-"))
    argv: list[str] = [] if command == "-" else [command]
    if command in ("rules", "play", "simulate", "demo", "arena"):
        argv.append(rng.choice(tt.available_games()) if rng.random() < 0.85 else _hostile_word(rng))
        defaults = {"simulate": ["-n", "1"], "arena": ["-n", "1"]}.get(command, [])
        if command in ("play", "demo", "simulate", "arena") and rng.random() < 0.9:
            argv += ["--rounds", "1"] if "wizard" in argv else ["--target", "1"]
        argv += defaults
        for _ in range(rng.randrange(0, 4)):
            option, good = rng.choice((*_OPTIONS["common"], *_OPTIONS.get(command, ())))
            argv.append(option)
            if option == "--jobs":  # never a real pool of workers: only refusals
                argv.append(rng.choice(("1", "0", "-1", "10" * 20, "9" * 5000, "x", "")))
            elif good:
                argv.append(rng.choice(good) if rng.random() < 0.3 else _hostile_word(rng))
    elif command == "replay":
        argv.append(rng.choice(_record_files()) if rng.random() < 0.5 else _hostile_word(rng))
        if rng.random() < 0.3:
            argv.append("--ascii")
    if rng.random() < 0.15:
        argv.insert(rng.randrange(len(argv) + 1), _hostile_word(rng))
    moves = rng.choice(("quit\n", "help\nquit\n", "", "bid 9999999999999999\nauto\n", "\x00\n"))
    stdin = io.StringIO(moves)

    def run_main() -> object:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv, stdin=stdin)
        return code

    shown = Arg(argv, repr(argv) if len(repr(argv)) < 300 else _short_argv(argv))
    return Call(
        "cli",
        "tricktaking.cli.main",
        (shown,),
        (("stdin", _arg(moves)),),
        run_main,
        check=_exit_problem,
    )


def _short_argv(argv: Sequence[str]) -> str:
    words = [repr(word) if len(word) < 40 else f"{word[:1]!r} * {len(word)}" for word in argv]
    return f"[{', '.join(words)}]"


def _exit_problem(code: object) -> str | None:
    return None if isinstance(code, int) else f"main returned {code!r}, not an exit status"


SURFACES: dict[str, Callable[[random.Random], Call]] = {
    "render": render_call,
    "worlds": worlds_call,
    "rl": rl_call,
    "simulate": simulate_call,
    "arena": arena_call,
    "bots": bots_call,
    "remote_bot": remote_bot_call,
    "records": records_call,
    "cli": cli_call,
}
"""Each surface's maker of one hostile call."""


# --- running calls --------------------------------------------------------------------


class Hang(BaseException):
    """Raised in a call that ran past :data:`SECONDS` (a BaseException: nothing catches it)."""


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise Hang


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Stop the block with :class:`Hang` after ``seconds`` (main thread only)."""
    if threading.current_thread() is not threading.main_thread() or seconds <= 0:
        yield
        return
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _fingerprint(value: object) -> object:
    """What must be the same after the call: the identity of every item or field.

    Values are frozen, so a change would replace a field (``object.__setattr__``) or
    an item of a list; identities see both without comparing hostile objects.
    """
    if isinstance(value, dict):
        return tuple((id(key), id(item)) for key, item in value.items())
    if isinstance(value, list | set | bytearray):
        return tuple(map(id, value))
    if attrs.has(type(value)):
        return tuple(
            (id(item), _fingerprint(item) if isinstance(item, list | dict) else None)
            for item in (
                getattr(value, field.name)
                for field in attrs.fields(cast("type[attrs.AttrsInstance]", type(value)))
                if field.eq
            )
        )  # caches (eq=False fields) may fill in
    return id(value)


def outcome(call: Call, seconds: float = SECONDS) -> str:
    """Run ``call``: ``"ok"``, ``"typed"``, ``"own"`` or what went wrong.

    ``"own"`` is an exception raised by a hostile argument's own method, passed on.
    The command line must not raise at all.
    """
    before = [_fingerprint(value) for value in call.inputs]
    result: object = None
    started = time.perf_counter()
    try:
        # A warning is an answer (Gymnasium warns of an unknown render mode), even where
        # the test suite turns warnings into errors.
        with _time_limit(seconds), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            result = call.run()
    except Hang:
        found = f"Hang: ran past {seconds:g} s"
    except TricktakingError as error:
        found = f"{type(error).__name__} out of main" if call.surface == "cli" else "typed"
    except RuntimeError as error:
        found = "own" if str(error).startswith(_OWN) else f"RuntimeError: {error}"
    except RecursionError as error:
        found = f"RecursionError: {error}"
    except Exception as error:
        found = f"{_class_name(error)}: {_message(error)}"
    else:
        problem = call.check(result) if call.check is not None else None
        found = "ok" if problem is None else f"BadResult: {problem}"
    elapsed = time.perf_counter() - started
    if found in ("ok", "typed") and elapsed > seconds:
        found = f"Hang: ran {elapsed:.1f} s"
    after = [_fingerprint(value) for value in call.inputs]
    if before != after:
        found = f"ChangedInput: an argument changed ({found})"
    return found


def _class_name(error: BaseException) -> str:
    """``IndexError``, or ``gymnasium.error.Error`` for a class from outside the builtins."""
    kind = type(error)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _message(error: BaseException) -> str:
    try:
        text = str(error)
    except Exception:
        text = "<unprintable>"
    return text[:160]


def calls(surface: str, count: int, seed: int = 0) -> Iterator[Call]:
    """``count`` seeded hostile calls of ``surface``: the same calls for the same seed."""
    rng = random.Random(f"{surface}/{seed}")
    make = SURFACES[surface]
    for _ in range(count):
        yield make(rng)


def failures(
    surface: str, count: int, seed: int = 0, *, seconds: float = SECONDS, stop: bool = False
) -> list[str]:
    """The failures among ``count`` calls of ``surface``, each with its reproducer.

    With ``stop``, the first failure ends the run.
    """
    found = []
    for call in calls(surface, count, seed):
        result = outcome(call, seconds)
        if result not in ("ok", "typed", "own"):
            found.append(f"{result}\n    {call.text[:400]}")
            if stop:
                break
    return found


@attrs.define
class Report:
    """The outcomes of one surface's calls, and one (the shortest) reproducer per kind."""

    surface: str
    tally: Counter[str] = attrs.field(factory=Counter)
    examples: dict[str, tuple[str, str]] = attrs.field(factory=dict)
    seconds: float = 0.0

    def add(self, call: Call, result: str) -> None:
        if result in ("ok", "typed", "own"):
            self.tally[result] += 1
            return
        kind = _kind(call, result)
        self.tally["failure"] += 1
        self.tally[kind] += 1
        shown = self.examples.get(kind)
        if shown is None or len(call.text) < len(shown[1]):
            self.examples[kind] = (result[:300], call.text)


def run(surface: str, count: int, seed: int = 0) -> Report:
    """Run ``count`` calls of ``surface`` and tally them."""
    report = Report(surface)
    start = time.process_time()
    for call in calls(surface, count, seed):
        report.add(call, outcome(call))
    report.seconds = time.process_time() - start
    return report


def _shown(text: str, limit: int = 600) -> str:
    """``text`` bounded, its unprintable characters escaped (a message may hold any)."""
    text = text if len(text) <= limit else text[: limit - 1] + "…"
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _kind(call: Call, result: str) -> str:
    """The function and the class of what went wrong (``IndexError``, ``Hang``…)."""
    return f"{call.function}: {result.partition(':')[0]}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the surface fuzzer; the exit status is 1 if anything untyped escaped."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--calls", type=int, default=2_000, help="calls in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--surface", action="append", choices=sorted(SURFACES))
    args = parser.parse_args(argv)
    chosen = args.surface or list(SURFACES)
    total = 0
    for surface in chosen:
        report = run(surface, max(args.calls // len(chosen), 1), args.seed)
        tally = report.tally
        print(
            f"{surface}: {sum(tally[k] for k in ('ok', 'typed', 'own', 'failure')):,} calls, "
            f"{tally['ok']:,} ok, {tally['typed']:,} typed errors, {tally['own']:,} hostile "
            f"arguments' own errors, {tally['failure']:,} failures, {report.seconds:.0f} s CPU",
            flush=True,
        )
        for kind, (result, text) in sorted(report.examples.items()):
            print(f"  {tally[kind]:>6,} × {_shown(kind)}")
            print(f"      {_shown(result)}\n      {_shown(text)}")
        total += tally["failure"]
    print(f"untyped exceptions, hangs and other failures: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
