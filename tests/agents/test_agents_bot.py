"""TextBot: prompts, rethinks with the reason, falls back, and keeps a transcript per decision."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tricktaking as tt
from tricktaking.agents import (
    Message,
    ModelError,
    ScriptedModel,
    TextBot,
    Transcript,
    prompt,
)
from tricktaking.bots import RandomBot
from tricktaking.errors import ArgumentError, ArgumentTypeError
from tricktaking.simulate import game_states

from ._positions import first


def bidding() -> tt.PlayerView:
    return first(
        tt.WizardConfig(players=3, rounds=3),
        lambda _, seen: (
            isinstance(seen.legal_actions[0], tt.wizard.Bid) and len(seen.legal_actions) == 2
        ),
    )[1]


def test_a_good_first_reply_is_one_try_and_the_model_reads_the_prompt() -> None:
    seen = bidding()
    asked: list[str] = []

    def model(text: str) -> str:
        asked.append(text)
        return "Final Answer: bid 0"

    bot = TextBot(model, system=None)
    assert bot.act(seen) == tt.wizard.Bid(seen.seat, 0)
    assert asked == [prompt(seen)]
    record = bot.transcripts[0]
    assert (record.tries, record.fallback, record.attempts[0].move) == (1, False, "bid 0")


def test_a_refused_reply_is_answered_with_its_reason_and_asked_again() -> None:
    seen = bidding()
    chats: list[list[Message]] = []
    replies = iter(["I bid nine.", "Hmm.", "Fine, I bid 1."])

    def chat(messages: list[Message]) -> str:
        chats.append(list(messages))
        return next(replies)

    bot = TextBot(chat, chat=True)
    assert bot.act(seen) == tt.wizard.Bid(seen.seat, 1)
    assert [len(messages) for messages in chats] == [2, 4, 6]
    roles = [message["role"] for message in chats[-1]]
    assert roles == ["system", "user", "assistant", "user", "assistant", "user"]
    rethink = chats[1][-1]["content"]
    assert rethink.startswith("Your answer could not be used: 'bid 9' is illegal")
    assert "legal moves: bid 0, bid 1" in rethink and "Final Answer" in rethink
    record = bot.transcripts[0]
    assert [a.problem for a in record.attempts] == ["illegal", "no_move", None]
    assert record.messages[-1] == {"role": "assistant", "content": "Fine, I bid 1."}


def test_a_text_model_is_sent_the_whole_conversation_as_one_text() -> None:
    seen = bidding()
    texts: list[str] = []
    replies = iter(["no idea", "bid 0"])

    def model(text: str) -> str:
        texts.append(text)
        return next(replies)

    TextBot(model).act(seen)
    assert texts[1].startswith(texts[0]) and "Your answer was:\nno idea" in texts[1]
    assert "Your answer could not be used" in texts[1]


def test_after_the_last_try_the_fallback_moves_or_the_bot_raises() -> None:
    seen = bidding()
    silent = TextBot(lambda text: None, retries=1, fallback="random", seed=4)
    move = silent.act(seen)
    assert move in seen.legal_actions and silent.transcripts[0].fallback
    assert silent.transcripts[0].tries == 2
    heuristic = TextBot(lambda text: "?", retries=0, fallback="heuristic", seed=2)
    assert heuristic.act(seen) == tt.bots.make_bot("heuristic", "wizard", seed=2).act(seen)
    own = TextBot(lambda text: "?", retries=0, fallback=RandomBot(7))
    assert own.act(seen) == RandomBot(7).act(seen)
    with pytest.raises(ModelError) as caught:
        TextBot(lambda text: "?", retries=2, fallback=None).act(seen)
    assert caught.value.transcript.tries == 3 and "no usable move in 3 replies" in str(caught.value)


def test_transcripts_are_json_and_reach_the_callback() -> None:
    seen = bidding()
    logged: list[Transcript] = []
    bot = TextBot(lambda text: "**bid 1**", on_decision=logged.append)
    bot.act(seen)
    assert logged == bot.transcripts
    data = json.loads(json.dumps(logged[0].to_dict()))
    assert data["action"] == f"{seen.seat} bid 1" and data["attempts"][0]["move"] == "bid 1"
    assert data["messages"][0]["role"] == "system"


def test_bad_options_are_refused_before_any_game() -> None:
    with pytest.raises(ArgumentTypeError):
        TextBot("not a model")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        TextBot(str, retries=-1)
    with pytest.raises(ArgumentError):
        TextBot(str, fallback="dice")  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        TextBot(str, chat=1)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError):
        TextBot(str, system=3)  # type: ignore[arg-type]


CONFIGS = (
    tt.WizardConfig(players=4, rounds=5),
    tt.OhHellConfig(players=4),
    tt.OneCardConfig(players=3),
    tt.BidWhistConfig(kitty="exchange"),
)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda config: type(config).__name__)
def test_a_scripted_model_plays_whole_games_understood_and_never_misread(config: object) -> None:
    """The replies a model means as a legal move are read as that move, first time."""
    counts: Counter[str] = Counter()
    for game in range(2):
        seats: list[tuple[ScriptedModel, TextBot]] = []

        def seat(
            seed: int, game: int = game, seats: list[tuple[ScriptedModel, TextBot]] = seats
        ) -> TextBot:
            model = ScriptedModel(seed=seed + 100 * game)
            bot = TextBot(model, retries=3, fallback=None)
            seats.append((model, bot))
            return bot

        players = len(tt.scores(tt.new_game(config)))
        final = list(game_states(config, [seat] * players, seed=game))[-1]
        assert tt.is_over(final)
        for model, bot in seats:
            replies = iter(model.replies)
            for record in bot.transcripts:
                for attempt in record.attempts:
                    reply = next(replies)
                    counts["replies"] += 1
                    if attempt.move is not None:
                        assert reply.kind == "answer" and attempt.move == reply.intended
                    if reply.kind == "answer" and not reply.rethink:
                        counts["meant"] += 1
                        counts["understood"] += attempt.move == reply.intended
    assert counts["replies"] > 50
    assert counts["understood"] >= 0.95 * counts["meant"]
