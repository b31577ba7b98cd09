"""Bots: players that see only a :class:`~tricktaking.views.PlayerView` and choose an action.

- :class:`RandomBot` chooses uniformly among the legal actions, from its own seeded,
  version-stable stream.
- :class:`WizardBot`, :class:`OneCardBot`, :class:`BidWhistBot` and :class:`OhHellBot`
  play each game sensibly: they bid from the strength of their hand, try to win the
  tricks they need and dump the rest, and in Bid Whist leave a trick their partner is
  winning alone.
- :class:`PimcBot` and :class:`IsmctsBot` search the worlds the view allows
  (:mod:`tricktaking.worlds`); :func:`suggest` ranks a view's actions for a hint.

Bots never see a state, only the view the engine gives their seat. A bot may keep
private memory between calls; make a new bot for each game.

Example:
    >>> from tricktaking.bots import make_bot
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=3, rounds=1))
    >>> state = tt.apply(state, tt.deal(state, seed=2))
    >>> bot = make_bot("heuristic", "wizard", seed=0)
    >>> seat = tt.actor(state)
    >>> bot.act(tt.view(state, seat)) in tt.legal_actions(state)
    True
"""

from __future__ import annotations

from tricktaking.bots._kinds import BOT_KINDS, COMPILED_BOT_KINDS, TEXT_KIND, make_bot
from tricktaking.bots._protocol import Bot, BotFactory, RandomBot
from tricktaking.bots._specs import BOT_SPEC_HELP, bot_from_spec, check_bot_spec
from tricktaking.bots.heuristic import (
    HEURISTIC_BOTS,
    BidWhistBot,
    OhHellBot,
    OneCardBot,
    WizardBot,
)
from tricktaking.bots.search import (
    EXPLORATION,
    IsmctsBot,
    PimcBot,
    PlayoutPolicy,
    SearchBot,
    SearchOptions,
    Suggestion,
    seat_values,
    suggest,
)

__all__ = [
    "BOT_KINDS",
    "BOT_SPEC_HELP",
    "COMPILED_BOT_KINDS",
    "EXPLORATION",
    "HEURISTIC_BOTS",
    "TEXT_KIND",
    "BidWhistBot",
    "Bot",
    "BotFactory",
    "IsmctsBot",
    "OhHellBot",
    "OneCardBot",
    "PimcBot",
    "PlayoutPolicy",
    "RandomBot",
    "SearchBot",
    "SearchOptions",
    "Suggestion",
    "WizardBot",
    "bot_from_spec",
    "check_bot_spec",
    "make_bot",
    "seat_values",
    "suggest",
]
