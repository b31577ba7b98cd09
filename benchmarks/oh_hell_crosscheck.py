"""Oh Hell against OpenSpiel's ``oh_hell``, move by move (``rules/oh_hell.md`` § 15).

Each deal draws a configuration that OpenSpiel also has (OH-3.5: 3 to 7 players, 1 to 4
suits, 2 to 13 cards per suit, a random or fixed hand size, a drawn or fixed dealer,
both scoring modes, several points per trick), then steps both engines side by side
with the same chance outcomes and the same random legal actions, and compares at every
step what OH-15.6 lists: the player to act, the chance outcomes with their
probabilities (against the module's chance model), the legal actions and their
strings, each trick's winner, the tricks won, the bids, the returns and rewards, and
the end of the hand. Even deals are drawn by ``oh_hell.deal`` and fed to OpenSpiel
(OH-15.3, explicit deal to OpenSpiel); odd deals draw OpenSpiel's chance outcomes and
read the explicit :class:`~tricktaking.actions.Deal` back from them.

Run ``python benchmarks/oh_hell_crosscheck.py --deals 10000 --seed 1``: it prints the
number of deals, steps and differences (each difference with its deal, step and what
differed) and the time taken. ``tests/games/test_oh_hell_openspiel.py`` runs the same
code on fewer deals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Protocol, cast

from tricktaking import CHANCE, Deal, Play
from tricktaking.games import oh_hell
from tricktaking.games.oh_hell import Bid, OhHellConfig, OhHellState
from tricktaking.seeding import derive_seed, random_below, stream

__all__ = [
    "Outcome",
    "SpielGame",
    "SpielState",
    "action_id",
    "crosscheck",
    "explicit_outcomes",
    "main",
    "openspiel_deal",
    "random_config",
    "replay_history",
    "spiel_game",
]


class SpielState(Protocol):  # the parts of pyspiel.State used here
    def current_player(self) -> int: ...
    def is_chance_node(self) -> bool: ...
    def is_terminal(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def action_to_string(self, player: int, action: int) -> str: ...
    def returns(self) -> list[float]: ...
    def rewards(self) -> list[float]: ...
    def history(self) -> list[int]: ...


class SpielGame(Protocol):
    def new_initial_state(self) -> SpielState: ...


_GAMES: dict[tuple[object, ...], SpielGame] = {}

Outcome = tuple[int, Fraction]
"""A chance outcome and its probability."""

_CHANCE_PLAYER = -1
_TERMINAL_PLAYER = -4
_SUIT_LETTERS = "CDSH"


def spiel_game(config: OhHellConfig) -> SpielGame:
    """OpenSpiel's game for ``config``, its parameters mapped by OH-3.4."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]  # noqa: PLC0415

    key = (
        config.players,
        config.num_suits,
        config.cards_per_suit,
        config.hand_size,
        config.off_bid_penalty,
        config.points_per_trick,
    )
    game = _GAMES.get(key)
    if game is None:
        parameters = {
            "players": config.players,
            "num_suits": config.num_suits,
            "num_cards_per_suit": config.cards_per_suit,
            "num_tricks_fixed": -1 if config.hand_size is None else config.hand_size,
            "off_bid_penalty": config.off_bid_penalty,
            "points_per_trick": config.points_per_trick,
        }
        game = cast("SpielGame", pyspiel.load_game("oh_hell", parameters))
        _GAMES[key] = game
    return game


def random_config(words: Iterator[int]) -> OhHellConfig:
    """A random configuration OpenSpiel also has (OH-3.5)."""
    while True:
        players = 3 + random_below(words, 5)
        num_suits = 1 + random_below(words, 4)
        cards_per_suit = 2 + random_below(words, 12)
        if players <= num_suits * cards_per_suit - 1:
            break
    h_max = (num_suits * cards_per_suit - 1) // players
    hand_size = None if random_below(words, 2) else 1 + random_below(words, h_max)
    first_dealer = None if random_below(words, 2) else random_below(words, players)
    return OhHellConfig(
        players=players,
        num_suits=num_suits,
        cards_per_suit=cards_per_suit,
        hand_size=hand_size,
        first_dealer=first_dealer,
        off_bid_penalty=bool(random_below(words, 2)),
        points_per_trick=(0, 1, 1, 2, 3, 5)[random_below(words, 6)],
    )


def _outcomes(spiel: SpielState) -> list[Outcome]:
    # OpenSpiel's probabilities are doubles; 1/k is the nearest double to a fraction
    # with a denominator of at most 52, so limit_denominator recovers it exactly
    return sorted(
        (action, Fraction(p).limit_denominator(1000)) for action, p in spiel.chance_outcomes()
    )


def _uniform(outcomes: Sequence[int]) -> list[Outcome]:
    return [(outcome, Fraction(1, len(outcomes))) for outcome in outcomes]


def openspiel_deal(config: OhHellConfig, outcomes: Sequence[int]) -> Deal:
    """The explicit deal of OpenSpiel's chance outcomes ``(r, dealer, d[0], …, d[n·r])``.

    OH-15.3 read backwards: seat ``s`` holds the cards at dealt positions ``s``,
    ``s + n``, …; the last outcome is the turn-up, ``stock[0]``; the rest of the deck,
    unseen, forms the stock after it. The deal names the dealer when the game draws it.
    """
    r, dealer, *cards = outcomes
    n = config.players
    deck = config.deck
    drawn = [deck[index] for index in cards]
    rest = [card for card in deck if card not in drawn]
    return Deal.from_deck(
        [*drawn, *rest],
        players=n,
        first_seat=0,
        hand_size=r,
        dealer=dealer if config.first_dealer is None else None,
    )


def explicit_outcomes(config: OhHellConfig, deal: Deal, dealer: int) -> list[int]:
    """OH-15.3: the chance outcomes that give OpenSpiel ``deal``."""
    r = len(deal.hands[0])
    cards = [deal.hands[seat][i] for i in range(r) for seat in range(config.players)]
    return [r, dealer, *map(config.card_index, cards), config.card_index(deal.stock[0])]


def _lines(spiel: SpielState) -> tuple[list[int], list[int]]:
    """The ``Bids:`` and ``Tricks Won:`` lines of OpenSpiel's state text."""
    bids: list[int] = []
    won: list[int] = []
    for line in str(spiel).splitlines():
        if line.startswith("Bids:"):
            bids = [int(word) for word in line[5:].split()]
        elif line.startswith("Tricks Won:"):
            won = [int(word) for word in line[11:].split()]
    return bids, won


def action_id(config: OhHellConfig, action: oh_hell.OhHellAction) -> int:
    """OpenSpiel's action id of a bid or a play (OH-15.4)."""
    if isinstance(action, Bid):
        return len(config.deck) + action.tricks
    if isinstance(action, Play):
        return config.card_index(action.card)
    raise TypeError(f"{action} is not a player's action")


def _spiel_string(config: OhHellConfig, action: oh_hell.OhHellAction) -> str:
    """OpenSpiel's ``action_to_string`` of ``action`` (OH-15.4)."""
    if isinstance(action, Bid):
        return str(action.tricks)
    if isinstance(action, Play):
        token = str(action.card)
        return token[-1] + token[:-1]
    raise TypeError(f"{action} is not a player's action")


class _Checker:
    """Compares one deal step by step and collects the differences."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.steps = 0
        self.differences: list[str] = []

    def same(self, what: str, ours: object, theirs: object) -> None:
        if ours != theirs:
            self.differences.append(
                f"{self.label}, step {self.steps}: {what}: ours {ours!r}, OpenSpiel {theirs!r}"
            )

    def public(self, state: OhHellState, spiel: SpielState) -> None:
        """What OH-15.6 compares at every step, besides the legal actions."""
        config = state.config
        self.steps += 1
        over = oh_hell.is_over(state)
        actor = oh_hell.actor(state)
        player = _CHANCE_PLAYER if actor is CHANCE else _TERMINAL_PLAYER if actor is None else actor
        self.same("current player", player, spiel.current_player())
        self.same("terminal", over, spiel.is_terminal())
        returns = [int(value) for value in spiel.returns()]
        self.same("returns", list(oh_hell.scores(state)), returns)
        rewards = spiel.rewards()
        if not over:
            self.same("rewards", [0] * config.players, [int(value) for value in rewards])
        bids, won = _lines(spiel)
        self.same("bids", [-1 if bid is None else bid for bid in state.bids], bids)
        if state.round.number:
            self.same("tricks won", list(state.round.won), won)


def crosscheck(config: OhHellConfig, seed: int, *, ours_deal: bool = True) -> _Checker:
    """Play one hand of ``config`` on both engines and compare every step (OH-15.6).

    With ``ours_deal`` the deal is ``oh_hell.deal(state, seed)`` fed to OpenSpiel by
    OH-15.3; otherwise OpenSpiel's chance outcomes are drawn from ``seed`` and read
    back as an explicit deal.
    """
    checker = _Checker(f"seed {seed}, {config!r}")
    words = stream(derive_seed(seed, "oh-hell crosscheck"))
    state = oh_hell.new_game(config)
    spiel = spiel_game(config).new_initial_state()
    checker.public(state, spiel)
    deal = oh_hell.deal(state, derive_seed(seed, "deal")) if ours_deal else None
    state = oh_hell.apply(state, _chance(checker, state, spiel, deal, words))
    checker.public(state, spiel)
    r = state.hand_size
    n = config.players
    while not oh_hell.is_over(state):
        state = _player_step(checker, state, spiel, words)
    checker.same("history length", 2 + n * r + 1 + n + n * r, len(spiel.history()))
    return checker


def _chance(
    checker: _Checker,
    state: OhHellState,
    spiel: SpielState,
    deal: Deal | None,
    words: Iterator[int],
) -> Deal:
    """Step OpenSpiel's chance events (OH-15.2), comparing their outcomes with the
    chance model; the explicit deal they make (``deal`` itself, when given)."""
    config = state.config
    n = config.players
    planned: list[int] = []
    if deal is not None:
        dealer = deal.dealer if deal.dealer is not None else config.first_dealer
        planned = explicit_outcomes(config, deal, cast("int", dealer))
    drawn: list[int] = []
    while spiel.is_chance_node():
        position = len(drawn)
        outcomes = _outcomes(spiel)
        checker.same(f"chance outcomes {position}", _expected(state, drawn), outcomes)
        if planned:
            outcome = planned[position]
        elif position == 1 and config.first_dealer is not None:
            outcome = config.first_dealer  # OH-15.3: the test applies the fixed dealer
        else:
            outcome = outcomes[random_below(words, len(outcomes))][0]
        spiel.apply_action(outcome)
        drawn.append(outcome)
        if spiel.is_chance_node():
            checker.steps += 1
            checker.same("current player", _CHANCE_PLAYER, spiel.current_player())
    checker.same("chance events", 2 + n * drawn[0] + 1, len(drawn))
    if deal is None:
        return openspiel_deal(config, drawn)
    checker.same("chance outcomes", planned, drawn)
    return deal


def _expected(state: OhHellState, drawn: list[int]) -> list[Outcome]:
    """The chance model's outcomes for OpenSpiel's next chance event."""
    config = state.config
    if not drawn:
        return list(oh_hell.hand_size_outcomes(state))
    if len(drawn) == 1:
        if config.first_dealer is None:
            return list(oh_hell.dealer_outcomes(state))
        return _uniform(range(config.players))  # OpenSpiel draws every dealer
    # the uniform shuffle: each next card is uniform over the cards not yet drawn
    return _uniform([i for i in range(len(config.deck)) if i not in drawn[2:]])


def _player_step(
    checker: _Checker, state: OhHellState, spiel: SpielState, words: Iterator[int]
) -> OhHellState:
    """Compare the legal actions, take a random one on both, compare the result."""
    config = state.config
    seat = oh_hell.actor(state)
    legal = oh_hell.legal_actions(state)
    theirs = spiel.legal_actions()
    checker.same("legal actions", sorted(action_id(config, a) for a in legal), theirs)
    strings = {action_id(config, a): _spiel_string(config, a) for a in legal}
    checker.same(
        "action strings",
        strings,
        {a: spiel.action_to_string(cast("int", seat), a) for a in theirs if a in strings},
    )
    action = legal[random_below(words, len(legal))]
    tricks = len(state.round.tricks)
    _, won_before = _lines(spiel)
    state = oh_hell.apply(state, action)
    spiel.apply_action(action_id(config, action))
    if len(state.round.tricks) > tricks:
        winner = state.round.tricks[-1].winner
        if spiel.is_terminal():  # OH-15.6 (4): the seat whose count went up
            _, won_after = _lines(spiel)
            rose = [s for s, count in enumerate(won_after) if count == won_before[s] + 1]
            checker.same("last trick winner", [winner], rose)
        else:
            checker.same("trick winner", winner, spiel.current_player())
    checker.public(state, spiel)
    return state


def replay_history(config: OhHellConfig, history: Sequence[int]) -> OhHellState:
    """Our final state after OpenSpiel's ``history`` (OH-15.2), compared step by step.

    Raises:
        AssertionError: If any step differs.
    """
    n = config.players
    r = history[0]
    chance = 2 + n * r + 1
    state = oh_hell.new_game(config)
    spiel = spiel_game(config).new_initial_state()
    for outcome in history[:chance]:
        spiel.apply_action(outcome)
    deal = openspiel_deal(config, history[:chance])
    state = oh_hell.apply(state, deal)
    checker = _Checker(f"history of {config!r}")
    checker.public(state, spiel)
    by_id = {}
    for move in history[chance:]:
        by_id = {action_id(config, a): a for a in oh_hell.legal_actions(state)}
        checker.same("legal actions", sorted(by_id), spiel.legal_actions())
        state = oh_hell.apply(state, by_id[move])
        spiel.apply_action(move)
        checker.public(state, spiel)
    if checker.differences:
        raise AssertionError("\n".join(checker.differences))
    return state


def main(argv: Sequence[str] | None = None) -> int:
    """Cross-check ``--deals`` random deals from ``--seed``; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=1000, help="deals to play (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    steps = 0
    differences: list[str] = []
    configs: set[OhHellConfig] = set()
    words = stream(derive_seed(args.seed, "configs"))
    for index in range(args.deals):
        config = random_config(words)
        configs.add(config)
        checker = crosscheck(config, derive_seed(args.seed, index), ours_deal=index % 2 == 0)
        steps += checker.steps
        differences.extend(checker.differences)
    elapsed = time.perf_counter() - start
    print(f"deals: {args.deals:,}")
    print(f"distinct configurations: {len(configs):,}")
    print(f"steps compared: {steps:,}")
    print(f"differences: {len(differences):,}")
    for line in differences[:20]:
        print("  " + line)
    print(f"time: {elapsed:.1f} s")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
