"""Prompts: built from the view alone, so they name no hidden card and do not change with one."""

from __future__ import annotations

import itertools
import re

import pytest

import tricktaking as tt
from tricktaking.agents import prompt
from tricktaking.cards import Card
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.seeding import shuffle
from tricktaking.worlds import sample_world

from ._positions import CONFIGS, first, positions

SUITED = re.compile(r"(10|[2-9AKQJ])([♠♥♦♣])")
LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def named_cards(text: str) -> set[Card]:
    """The suited cards the table part of a prompt names (the rules text names none)."""
    table = text[text.find("\nOptions: ") :]
    return {Card.parse(rank + LETTERS[suit]) for rank, suit in SUITED.findall(table)}


def test_swapping_hidden_cards_changes_no_prompt_over_a_thousand_positions() -> None:
    checked = states = 0
    for config in CONFIGS:
        for seed in range(2):
            for state, _ in positions(config, seed):
                states += 1
                rules = tt.game_of(state).rules
                zones = rules.zones(state)
                for seat in range(len(tt.scores(state))):
                    text = prompt(tt.view(state, seat))
                    visible = {c for zone in zones if zone.visible_to(seat) for c in zone.cards}
                    assert named_cards(text) <= visible
                    hidden = [zone for zone in zones if not zone.visible_to(seat)]
                    pool = shuffle([c for zone in hidden for c in zone.cards], checked)
                    replaced, start = {}, 0
                    for zone in hidden:
                        replaced[zone.name] = pool[start : start + len(zone.cards)]
                        start += len(zone.cards)
                    assert prompt(tt.view(rules.with_zones(state, replaced), seat)) == text
                    checked += 1
    assert states >= 1000 and checked >= 3000


def test_a_world_the_view_allows_gives_the_same_prompt() -> None:
    for config in CONFIGS:
        for _state, seen in itertools.islice(positions(config, seed=5), 0, None, 9):
            world = sample_world(seen, seed=3)
            assert prompt(tt.view(world, seen.seat)) == prompt(seen)


def test_the_prompt_shows_the_rules_the_tricks_of_the_deal_and_the_legal_moves() -> None:
    _state, seen = first(
        tt.WizardConfig(players=4, rounds=6),
        lambda _, seen: len(seen.tricks) >= 2 and bool(seen.trick.plays),
    )
    text = prompt(seen)
    assert "The rules of Wizard:" in text and "Options: first dealer 0, rounds 6" in text
    assert "Tricks played this deal:\n  1. " in text and "\n  2. " in text
    for trick in seen.tricks:
        assert trick.winner is not None
        who = "you win" if trick.winner == seen.seat else f"seat {trick.winner} wins"
        assert who in text
    assert (
        f"Current trick: seat {seen.trick.plays[0].seat} " in text or "Current trick: you " in text
    )
    assert "Legal moves: play " in text and text.rstrip().endswith('").')
    assert "The rules of" not in prompt(seen, rules=False)
    assert "Final Answer" not in prompt(seen, answer=False)
    assert "♥" not in prompt(seen, ascii_only=True, rules=False)


def test_partners_and_the_contract_appear_in_a_partnership_game() -> None:
    _, seen = first(tt.BidWhistConfig(), lambda state, seen: seen.phase.value == "play")
    text = prompt(seen)
    assert "Partners share a score:" in text and "contract:" in text


def test_a_seat_not_to_act_is_told_whose_turn_it_is() -> None:
    state, seen = first(tt.OneCardConfig(players=3), lambda _, seen: True)
    other = (seen.seat + 1) % 3
    text = prompt(tt.view(state, other))
    assert f"It is seat {seen.seat}'s turn." in text and "Legal moves" not in text


def test_options_left_out_say_what_the_table_does_instead() -> None:
    state = tt.new_game(tt.OhHellConfig(players=4))
    text = prompt(tt.view(state, 0), rules=False)
    options = next(line for line in text.splitlines() if line.startswith("Options: "))
    assert "hand size left out (draw the hand size by chance)" in options
    assert "schedule left out (one hand)" in options
    assert "exact bonus 10" in options and "off bid penalty off" in options


def test_a_prompt_of_something_else_is_refused() -> None:
    with pytest.raises(ArgumentTypeError):
        prompt("a view")  # type: ignore[arg-type]
    import attrs

    seen = tt.view(tt.new_game(tt.WizardConfig(players=3)), 0)
    with pytest.raises(ArgumentError):
        prompt(attrs.evolve(seen, tricks=(None,)))  # type: ignore[arg-type]
