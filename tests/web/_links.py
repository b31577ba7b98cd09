"""The secret link tokens of a table a test has just opened (the store keeps only keys)."""

from __future__ import annotations

from tricktaking.web.tables import Table


def token(table: Table, seat: int | None) -> str:
    """The token of ``seat``'s link, or of the spectator link for ``None``."""
    tokens = table.tokens
    assert tokens is not None, "only a table just opened knows its tokens"
    found = tokens.spectator if seat is None else tokens.seats[seat]
    assert found is not None, f"seat {seat} is a bot's"
    return found
