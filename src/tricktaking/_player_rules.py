"""Plain-language summaries of the games' rules, for players at the command line.

The exact rules, with clause IDs, are in the documentation (``docs/rules/``); these
summaries say how to play, in the words of the terminal game (cards as ``10♣``, ``QH``,
``big joker``), and what to type.
"""

from __future__ import annotations

__all__ = ["RULES"]

_WIZARD = """\
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

_ONE_CARD = """\
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

_BID_WHIST = """\
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

_OH_HELL = """\
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

RULES: dict[str, str] = {
    "wizard": _WIZARD,
    "one-card": _ONE_CARD,
    "bid-whist": _BID_WHIST,
    "oh-hell": _OH_HELL,
}
"""The summary of each built-in game, by registry name."""
