"""Wizard's declaration, registered: the one record the library reads about the game.

Example:
    >>> from tricktaking.games.wizard.declaration import GAME
    >>> import tricktaking as tt
    >>> tt.get_game("wizard") is GAME, GAME.rules is tt.wizard.RULES
    (True, True)
"""

from __future__ import annotations

import tricktaking.games.wizard as rules
from tricktaking.engine import Game, register_game
from tricktaking.games.wizard._learning import LEARNING
from tricktaking.games.wizard._render import render_extras
from tricktaking.games.wizard._text import TERMINAL
from tricktaking.games.wizard._worlds import WORLDS
from tricktaking.games.wizard.bot import WizardBot

__all__ = ["GAME", "SUMMARY"]

SUMMARY = """\
Wizard (3 to 6 players; 60 cards: four suits 2 to A, four Wizards and four Jesters)

The deal. Round r deals r cards to each player (round 1: one card, round 2: two, ...).
  The game has 60 / players rounds (15 with 4 players) unless --rounds says fewer.
  The next card of the deck is turned up: its suit is trump for the round. A Jester
  turned up means no trump; a Wizard turned up lets the dealer choose trump (type a
  suit: S, H, D or C). In the last round nothing is turned up and there is no trump.

Bidding. Each player, starting left of the dealer, says how many tricks they will take
  (type a number, such as 2 or "bid 2"). With --bid-rule hook the dealer may not bid so
  that the bids add up to the number of tricks.

Play. The player left of the dealer leads. Follow the suit led if you can. A Wizard or
  a Jester may be played at any time. The first Wizard in a trick wins it; otherwise the
  highest trump wins; otherwise the highest card of the suit led. A Jester never wins
  (unless every card is a Jester: then the first one wins). After a Jester lead the first
  suited card sets the suit to follow; after a Wizard lead anything may be played.

Scoring. Take exactly your bid: 20 points plus 10 per trick. Miss it: minus 10 for each
  trick too many or too few. The highest total after the last round wins.
"""
"""Wizard's rules in plain words, for players at the command line (``tricktaking rules``)."""

GAME = Game(
    name="wizard",
    title="Wizard",
    config_type=rules.WizardConfig,
    state_type=rules.WizardState,
    rules=rules.RULES,
    view_type=rules.WizardView,
    action_types=(rules.Bid,),
    summary=SUMMARY,
    default_players=4,
    heuristic_bot=WizardBot,
    worlds=WORLDS,
    learning=LEARNING,
    render_extras=render_extras,
    terminal=TERMINAL,
    batch_rules="tricktaking.games.wizard._kernel:KERNEL",
    solver="tricktaking.games.wizard._solver:SOLVER",
)
"""Wizard, as the registry knows it."""

register_game(GAME)
