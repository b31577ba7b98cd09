"""How well TextBot understands a model that answers the way chat models do.

Every seat of whole games of the four games is a :class:`~tricktaking.agents.TextBot`
driven by a :class:`~tricktaking.agents.ScriptedModel` (its own seed per seat and game),
with three retries and no fallback, so a game ends only if every decision was read. Each
reply is logged by the model with the move it meant; the table counts, per game:

- replies: every reply, first tries and answers to rethink messages;
- meant legal: first replies that name a legal move on purpose (the rest name an
  illegal move, no move or two moves, also on purpose);
- understood: of those, the share read as exactly the move meant on the first try;
- misread: replies read as a move other than the one meant (any reply, any try);
- rethinks: rethink messages sent; fallbacks: decisions the model never answered;
- finished: games played to their end.

Run: ``python benchmarks/agents_replies.py [--games N] [--quick]``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, deque
from collections.abc import Sequence

import tricktaking as tt
from tricktaking.agents import ScriptedModel, TextBot
from tricktaking.simulate import game_states

CONFIGS: tuple[object, ...] = (
    tt.WizardConfig(players=4, rounds=6),
    tt.OhHellConfig(players=4, schedule="down_up", max_hand_size=5),
    tt.OneCardConfig(players=3),
    tt.BidWhistConfig(kitty="exchange"),
)


def measure(config: object, games: int) -> Counter[str]:
    """Play ``games`` games of ``config`` between scripted models; count their replies."""
    counts: Counter[str] = Counter()
    players = len(tt.scores(tt.new_game(config)))
    for game in range(games):
        seats: list[tuple[ScriptedModel, TextBot]] = []

        def seat(
            seed: int, game: int = game, seats: list[tuple[ScriptedModel, TextBot]] = seats
        ) -> TextBot:
            model = ScriptedModel(seed=seed + 7919 * game)
            bot = TextBot(model, retries=3, fallback=None)
            seats.append((model, bot))
            return bot

        final = deque(game_states(config, [seat] * players, seed=game), maxlen=1)[0]
        counts["finished"] += tt.is_over(final)
        for model, bot in seats:
            replies = iter(model.replies)
            for record in bot.transcripts:
                counts["fallbacks"] += record.fallback
                counts["rethinks"] += record.tries - 1
                for attempt in record.attempts:
                    reply = next(replies)
                    counts["replies"] += 1
                    counts[f"kind {reply.kind}"] += 1
                    if attempt.move is not None and attempt.move != reply.intended:
                        counts["misread"] += 1
                    if attempt.move is not None and reply.kind != "answer":
                        counts["misread"] += 1
                    if reply.kind == "answer" and not reply.rethink:
                        counts["meant legal"] += 1
                        counts["understood"] += attempt.move == reply.intended
    counts["games"] = games
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per game (default 6)")
    parser.add_argument("--quick", action="store_true", help="one game each")
    args = parser.parse_args(argv)
    games = 1 if args.quick else args.games
    print(
        "| game | games | finished | replies | meant legal | understood | misread | rethinks "
        "| fallbacks | seconds |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    total: Counter[str] = Counter()
    for config in CONFIGS:
        start = time.perf_counter()
        counts = measure(config, games)
        seconds = time.perf_counter() - start
        total += counts
        title = tt.game_of(tt.new_game(config)).title
        print(_row(title, counts, seconds))
    print(_row("all four", total, None))
    kinds = ", ".join(
        f"{key[5:]} {value}" for key, value in sorted(total.items()) if key[:5] == "kind "
    )
    print(f"\nreplies by what they meant: {kinds}")


def _row(title: str, counts: Counter[str], seconds: float | None) -> str:
    share = counts["understood"] / max(counts["meant legal"], 1)
    time_cell = "" if seconds is None else f"{seconds:.1f}"
    return (
        f"| {title} | {counts['games']} | {counts['finished']} | {counts['replies']} | "
        f"{counts['meant legal']} | {share:.1%} | {counts['misread']} | {counts['rethinks']} | "
        f"{counts['fallbacks']} | {time_cell} |"
    )


if __name__ == "__main__":
    main()
