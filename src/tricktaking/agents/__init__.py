"""A seat for language models: prompts from views, moves from free text, retries.

Example:
    >>> from tricktaking.agents import parse_reply
    >>> import tricktaking as tt
    >>> state = tt.new_game(tt.WizardConfig(players=3))
    >>> state = tt.apply(state, tt.deal(state, seed=3))
    >>> parse_reply(tt.view(state, 1), "I'll bid one.")
    Bid(seat=1, tricks=1)
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
