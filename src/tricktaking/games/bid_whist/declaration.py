"""Bid Whist's declaration, registered: the one record the library reads about the game.

Example:
    >>> from tricktaking.games.bid_whist.declaration import GAME
    >>> import tricktaking as tt
    >>> tt.get_game("bid-whist") is GAME, GAME.rules is tt.bid_whist.RULES
    (True, True)
"""

from __future__ import annotations

import tricktaking.games.bid_whist as rules
from tricktaking.engine import Game, register_game
from tricktaking.games.bid_whist._learning import LEARNING
from tricktaking.games.bid_whist._render import render_extras
from tricktaking.games.bid_whist._text import TERMINAL
from tricktaking.games.bid_whist._worlds import WORLDS
from tricktaking.games.bid_whist.bot import BidWhistBot
from tricktaking.plugins import NotationWords

__all__ = ["GAME", "SUMMARY"]

SUMMARY = """\
Bid Whist (4 players in two teams: you and the seat across, 0 and 2 against 1 and 3;
54 cards: the standard 52 and two jokers, the big joker and the little joker)

The deal. Each player gets 12 cards; six go face down as the kitty.

Bidding. Starting left of the dealer, each player makes one call: pass, or a bid higher
  than the last. A bid is a number of books (tricks over six), 1 to 7, and a mode:
  uptown (U: high cards win), downtown (D: low cards win, the Ace still high) or no trump
  (NT). Type "bid 4D" or just 4D. Higher numbers beat lower; at the same number NT beats
  D beats U. If the first three pass, the dealer must bid.

The declarer. The high bidder names trump (type a suit: S, H, D or C) for an uptown or
  downtown bid, or the direction (uptown or downtown) for no trump. With --kitty
  exchange the declarer then takes up the kitty and discards six cards.

Play. Follow suit if you can. In a trump contract the big joker and then the little
  joker are the highest trumps; the highest trump wins, otherwise the best card of the
  suit led. In no trump the jokers never win.

Scoring. The bidding team gets the kitty as its first book. Taking at least 6 plus the
  bid scores one point per book over six; otherwise the team loses the bid. The other
  team scores nothing. A team reaching +7 (or --target) wins; a team falling to -7
  loses.
"""
"""Bid Whist's rules in plain words, for players at the command line (``tricktaking rules``)."""

GAME = Game(
    name="bid-whist",
    title="Bid Whist",
    config_type=rules.BidWhistConfig,
    state_type=rules.BidWhistState,
    rules=rules.RULES,
    view_type=rules.BidWhistView,
    action_types=(rules.Bid, rules.Discard),
    summary=SUMMARY,
    team_count=2,
    heuristic_bot=BidWhistBot,
    worlds=WORLDS,
    learning=LEARNING,
    render_extras=render_extras,
    terminal=TERMINAL,
    notation_words=NotationWords(
        bid_suffixes=(
            ("no trump uptown", "NT"),
            ("no trump downtown", "NT"),
            ("no trump", "NT"),
            ("notrump", "NT"),
            ("nt", "NT"),
            ("uptown", "U"),
            ("up", "U"),
            ("high", "U"),
            ("u", "U"),
            ("downtown", "D"),
            ("down", "D"),
            ("low", "D"),
            ("d", "D"),
        )
    ),
    batch_rules="tricktaking.games.bid_whist._kernel:KERNEL",
    solver="tricktaking.games.bid_whist._solver:SOLVER",
)
"""Bid Whist, as the registry knows it."""

register_game(GAME)
