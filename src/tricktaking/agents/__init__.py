"""A seat for language models: prompts from views, moves from free text, reasons and retries.

The model is yours: any function from a prompt to a reply
(:data:`~tricktaking.agents.TextModel`), or a chat function from a list of messages to a
reply (:data:`~tricktaking.agents.ChatModel`, as OpenAI-compatible clients take them).
Nothing here calls a network or needs a package.

- :func:`~tricktaking.agents.prompt` writes what the seat's view shows (the game and its
  rules, the scores and bids, the tricks of the deal, the hand with its playable cards,
  the legal moves) and the answer asked for; it reads nothing but the view, so it cannot
  leak a card.
- :func:`~tricktaking.agents.parse_reply` reads the move a reply means, from ``Final
  Answer: bid 2`` to ``I'll play the queen of hearts``; a reply naming two different
  legal moves is an error, never a guess. :func:`~tricktaking.agents.parse_move` and
  :func:`~tricktaking.agents.check` give the command line's notation and the engine's
  verdicts from a view, so a bot can check its own move.
- :class:`~tricktaking.agents.TextBot` is a bot like any other: it prompts, reads, asks
  again with the reason when the reply is refused, falls back after its last try, and
  keeps a :class:`~tricktaking.agents.Transcript` of every decision.
  ``make_bot("text", game, model=...)`` makes one, and the command line takes
  ``text:MODULE:CALLABLE`` wherever it takes a bot.
- :func:`~tricktaking.agents.decisions` turns recorded games, whole or as one seat saw
  them, into prompts, legal moves and the moves made, for datasets.

Example:
    >>> from tricktaking.agents import TextBot, parse_reply
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=3))
    >>> seen = tt.view(state, 1)
    >>> parse_reply(seen, "With only the ten of diamonds I'll bid one.")
    Bid(seat=1, tricks=1)
    >>> TextBot(lambda prompt: "**Final Answer:** bid 0").act(seen)
    Bid(seat=1, tricks=0)
"""

from __future__ import annotations

from tricktaking.agents._bot import (
    MAX_RETRIES,
    Attempt,
    ChatModel,
    Fallback,
    Message,
    ModelError,
    TextBot,
    TextModel,
    Transcript,
    rethink,
)
from tricktaking.agents._data import Decision, decisions
from tricktaking.agents._prompt import ANSWER_FORMAT, SYSTEM, prompt
from tricktaking.agents._reply import (
    MAX_REPLY,
    ReplyError,
    check,
    explain,
    parse_move,
    parse_reply,
)
from tricktaking.agents._scripted import ScriptedModel, ScriptedReply

__all__ = [
    "ANSWER_FORMAT",
    "MAX_REPLY",
    "MAX_RETRIES",
    "SYSTEM",
    "Attempt",
    "ChatModel",
    "Decision",
    "Fallback",
    "Message",
    "ModelError",
    "ReplyError",
    "ScriptedModel",
    "ScriptedReply",
    "TextBot",
    "TextModel",
    "Transcript",
    "check",
    "decisions",
    "explain",
    "parse_move",
    "parse_reply",
    "prompt",
    "rethink",
]
