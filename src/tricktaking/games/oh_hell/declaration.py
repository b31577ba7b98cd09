"""Oh Hell's declaration, registered: the one record the library reads about the game.

Example:
    >>> from tricktaking.games.oh_hell.declaration import GAME
    >>> import tricktaking as tt
    >>> tt.get_game("oh-hell") is GAME, GAME.rules is tt.oh_hell.RULES
    (True, True)
"""

from __future__ import annotations

import tricktaking.games.oh_hell as rules
from tricktaking.engine import Game, register_game
from tricktaking.games.oh_hell._learning import LEARNING
from tricktaking.games.oh_hell._render import render_extras
from tricktaking.games.oh_hell._text import TERMINAL
from tricktaking.games.oh_hell._worlds import WORLDS
from tricktaking.games.oh_hell.bot import OhHellBot

__all__ = ["GAME", "SUMMARY"]

SUMMARY = """\
Oh Hell (3 to 7 players; up to 52 cards: the first 1 to 4 suits of C, D, S, H and the
  lowest 2 to 13 ranks of each, from 2)

The deal. Each player gets the same number of cards: a fixed number, or one drawn at
  random from 1 up to the most that leaves a card over. The dealer is drawn at random
  unless the table fixes one. The next card is turned up: its suit is trump.

Bidding. Each player, starting left of the dealer, says how many tricks they will take,
  from 0 to the number of cards in hand (type a number, such as 2 or "bid 2"). The
  dealer bids last and may not bid so that the bids add up to the number of cards in
  hand (unless the table plays free bidding).

Play. The player left of the dealer leads any card, trumps included. Follow the suit led
  if you can; otherwise play any card. The highest trump wins the trick; without a
  trump, the highest card of the suit led. The winner leads next.

Scoring. Each trick taken scores a point (or the table's points per trick); taking
  exactly your bid scores 10 more. With the off-bid penalty a missed bid scores nothing
  for its tricks and loses a point per trick too many or too few. The highest score
  wins; tied players share the win. A full game plays a schedule of hands and adds up.
"""
"""Oh Hell's rules in plain words, for players at the command line (``tricktaking rules``)."""

GAME = Game(
    name="oh-hell",
    title="Oh Hell",
    config_type=rules.OhHellConfig,
    state_type=rules.OhHellState,
    rules=rules.RULES,
    view_type=rules.OhHellView,
    action_types=(rules.Bid,),
    summary=SUMMARY,
    default_players=3,
    heuristic_bot=OhHellBot,
    worlds=WORLDS,
    learning=LEARNING,
    render_extras=render_extras,
    terminal=TERMINAL,
    batch_rules="tricktaking.games.oh_hell._kernel:KERNEL",
    solver="tricktaking.games.oh_hell._solver:SOLVER",
)
"""Oh Hell, as the registry knows it."""

register_game(GAME)
