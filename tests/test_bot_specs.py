"""Bots named by text: kinds, imported factories, and text models seated as TextBots."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import tricktaking as tt
from tricktaking.agents import TextBot
from tricktaking.arena import ArenaError, arena, deal_config
from tricktaking.bots import RandomBot, bot_from_spec, check_bot_spec, make_bot
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.simulate import simulate

SCRIPTED = "text:tricktaking.agents:ScriptedModel"


def test_a_kind_an_imported_factory_and_a_model_are_bots() -> None:
    assert type(bot_from_spec("random", "wizard", 3)) is RandomBot
    factory = bot_from_spec("tricktaking.bots:RandomBot", "wizard", seed=3)
    state = tt.new_game(tt.WizardConfig(players=3))
    state = tt.apply(state, tt.deal(state, seed=1))
    seen = tt.view(state, tt.actor(state))  # type: ignore[arg-type]
    assert factory.act(seen) == RandomBot(3).act(seen)
    text = bot_from_spec(SCRIPTED, "wizard", seed=3)
    assert isinstance(text, TextBot) and not text.chat and text.act(seen) in seen.legal_actions
    chat = bot_from_spec("chat:tricktaking.agents:ScriptedModel", "wizard", seed=3)
    assert isinstance(chat, TextBot) and chat.chat and chat.act(seen) in seen.legal_actions


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("clever", "no 'clever' bot; kinds: heuristic"),
        ("text:", "is not a bot spec"),
        ("text:no spaces:allowed", "is not a bot spec"),
        ("no_such_module_here:bot", "cannot import 'no_such_module_here'"),
        ("tricktaking.bots:NoSuchBot", "names nothing"),
        ("tricktaking.bots:BOT_KINDS", "cannot be called"),
    ],
)
def test_a_spec_that_names_no_bot_is_refused_with_what_is_wrong(spec: str, words: str) -> None:
    with pytest.raises(ArgumentError, match=words):
        check_bot_spec(spec)
    with pytest.raises(ArgumentError, match=words):
        bot_from_spec(spec, "wizard")


def test_a_factory_that_makes_no_bot_and_a_spec_of_another_type_are_refused() -> None:
    with pytest.raises(ArgumentTypeError, match="no act"):
        bot_from_spec("builtins:str", "wizard")
    with pytest.raises(ArgumentTypeError):
        check_bot_spec(3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="no game"):
        bot_from_spec(SCRIPTED, "skat")


def test_make_bot_seats_a_model_as_a_text_bot_and_only_that_kind_takes_one() -> None:
    bot = make_bot("text", "oh-hell", seed=2, model=lambda prompt: "Final Answer: bid 0")
    assert isinstance(bot, TextBot) and bot.seed == 2
    with pytest.raises(ArgumentError, match="needs a model"):
        make_bot("text", "oh-hell")
    with pytest.raises(ArgumentError, match="only a 'text' bot"):
        make_bot("random", "oh-hell", model=str)


def test_simulate_and_arena_take_specs_on_a_process_pool_as_here() -> None:
    config = tt.WizardConfig(players=3, rounds=2)
    bots = [SCRIPTED, "heuristic", "tricktaking.bots:RandomBot"]
    here = simulate(config, bots, games=4, seed=1)
    with ProcessPoolExecutor(2) as pool:
        there = simulate(config, bots, games=4, seed=1, executor=pool, chunk_size=1)
    assert here == there
    assert [stats.bot for stats in here.seats] == bots
    ranked = arena(deal_config("oh-hell"), [SCRIPTED, "heuristic"], deals=6, seed=2)
    assert [stats.bot for stats in ranked.bots] == [SCRIPTED, "heuristic"]
    assert "text:tricktaking.agents:ScriptedModel" in ranked.table()
    with pytest.raises(ArenaError, match="cannot import"):
        arena(deal_config("oh-hell"), ["text:nowhere:model", "heuristic"], deals=1)
