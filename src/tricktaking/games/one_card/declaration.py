"""One Card's declaration, registered: the one record the library reads about the game.

Example:
    >>> from tricktaking.games.one_card.declaration import GAME
    >>> import tricktaking as tt
    >>> tt.get_game("one-card") is GAME, GAME.rules is tt.one_card.RULES
    (True, True)
"""

from __future__ import annotations

import tricktaking.games.one_card as rules
from tricktaking.engine import Game, register_game
from tricktaking.games.one_card._learning import LEARNING
from tricktaking.games.one_card._render import render_extras
from tricktaking.games.one_card._text import TERMINAL
from tricktaking.games.one_card._worlds import WORLDS
from tricktaking.games.one_card.bot import OneCardBot

__all__ = ["GAME", "SUMMARY"]

SUMMARY = """\
One Card (2 to 4 players; 25 cards: 9 10 J Q K A in four suits, and one joker)

The deal. Each player gets 12, 8 or 6 cards (2, 3 or 4 players); the 25th card is laid
  face down in the centre: the One Card. It is shown when the hand ends and goes to the
  winner of the last trick.

Points in the cards. K, Q and J are worth 1 point, the joker 3, A, 10 and 9 nothing:
  15 points in all.

Bidding. Starting left of the dealer, each player bids a number of points (at least 8,
  7 or 6 with 2, 3 or 4 players, at most 15; type the number) or passes; a pass is
  final, each bid must be higher than the last, and a bid of 15 ends the bidding.

Bid hand. The bidder leads, and the suit of that first card is trump; the joker is the
  lowest trump (the bidder may not lead it to the first trick). Follow suit if you can;
  the highest trump wins, otherwise the highest card of the suit led. The bidder scores
  the points taken if they reach the bid, otherwise nothing; the others score what they
  take.

No-bid hand. If everyone passes there is no trump. The joker wins any trick it is in;
  its player then chooses "uptown" (nothing changes) or "downtown" (from the next trick
  the order of every suit is reversed: 9 beats 10 beats J ... beats A). Everyone scores
  the points they take.

Scoring. Scores only go up. The first player to reach the target (30 unless --target
  says otherwise) alone at the top wins; a tie at the top plays another hand.
"""
"""One Card's rules in plain words, for players at the command line (``tricktaking rules``)."""

GAME = Game(
    name="one-card",
    title="One Card",
    config_type=rules.OneCardConfig,
    state_type=rules.OneCardState,
    rules=rules.RULES,
    view_type=rules.OneCardView,
    action_types=(rules.Bid,),
    summary=SUMMARY,
    default_players=3,
    heuristic_bot=OneCardBot,
    worlds=WORLDS,
    learning=LEARNING,
    render_extras=render_extras,
    terminal=TERMINAL,
    batch_rules="tricktaking.games.one_card._kernel:KERNEL",
    solver="tricktaking.games.one_card._solver:SOLVER",
)
"""One Card, as the registry knows it."""

register_game(GAME)
