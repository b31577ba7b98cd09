"""What a player reads in the terminal: cards, moves, seats and deals in plain words.

One notation everywhere: a card is ``10♣`` (``10C`` with ``--ascii``) or its name
(``Wizard``, ``big joker``), a move is what the player types (``play 10♣``, ``bid 2D``),
and whatever is shown can be typed back (:func:`typed_text` turns card names back into
tokens for :func:`~tricktaking.notation.parse_move`). Nothing shows an internal: no
phase names, tuples, lists or ``None``. Used by :mod:`tricktaking.cli`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TextIO

import tricktaking as tt
from tricktaking.cards import Card, Rank, Suit
from tricktaking.engine import GameState
from tricktaking.games import bid_whist, one_card, wizard
from tricktaking.notation import short_token
from tricktaking.tricks import Play, Trick
from tricktaking.views import PlayerView

__all__ = [
    "Names",
    "Output",
    "announce",
    "clean",
    "deal_ended",
    "deal_summary",
    "describe",
    "game_over",
    "per_seat",
    "seat_list",
    "typed_text",
]

_MESSAGE_LIMIT = 300  # echoed input and error texts are cut to this many characters

_SPECIAL_NAMES = {
    Rank.WIZARD: "Wizard",
    Rank.JESTER: "Jester",
    Rank.JOKER: "joker",
    Rank.RED_JOKER: "big joker",
    Rank.BLACK_JOKER: "little joker",
}
# What a player may type for a special card: its display name, with or without a space.
_TYPED_NAMES = sorted(
    ((name, rank.value) for rank, name in _SPECIAL_NAMES.items()), key=lambda n: -len(n[0])
)
_TYPED_PATTERN = re.compile(
    "|".join(r"\b" + name.replace(" ", r"[\s_-]*") + r"\b" for name, _ in _TYPED_NAMES),
    re.IGNORECASE,
)


def clean(text: str) -> str:
    """``text`` safe to print: control characters escaped, cut to a readable length."""
    if len(text) > _MESSAGE_LIMIT:
        text = text[:_MESSAGE_LIMIT] + "…"
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def seat_list(seats: Iterable[int]) -> str:
    items = [str(seat) for seat in seats]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Output:
    """What the player reads: cards, suits and moves in one notation."""

    def __init__(self, stream: TextIO, ascii_only: bool) -> None:
        self.stream = stream
        self.ascii_only = ascii_only or not _can_encode(stream, "♠♥♦♣…")

    def card(self, card: Card) -> str:
        if card.suit is None:
            return _SPECIAL_NAMES.get(card.rank, card.rank.value)
        return card.pretty(ascii_only=self.ascii_only)

    def suit(self, suit: Suit) -> str:
        return suit.value if self.ascii_only else suit.symbol

    def cards(self, cards: Iterable[Card]) -> str:
        return ", ".join(map(self.card, cards)) or "none"

    def move(self, action: object) -> str:
        """The text a player types for ``action``: the same text help and errors show."""
        match action:
            case Play(card=card):
                return f"play {self.card(card)}"
            case bid_whist.Discard(card=card):
                return f"discard {self.card(card)}"
            case tt.ChooseTrump(suit=suit):
                return f"trump {self.suit(suit)}"
            case _:
                return short_token(action)

    def __call__(self, line: str = "") -> None:
        text = line if not self.ascii_only else line.replace("…", "...").replace("→", "->")
        print(text, file=self.stream)


def _can_encode(stream: TextIO, text: str) -> bool:
    try:
        text.encode(stream.encoding or "ascii")  # a StringIO's encoding is None
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class Names:
    """How seats are called: ``you`` for the human, ``seat 2`` (or a record's name)."""

    def __init__(self, players: int, human: int | None, labels: Sequence[str] = ()) -> None:
        self.players = players
        self.human = human
        self.labels = [clean(label) for label in labels]

    def __call__(self, seat: int) -> str:
        if seat == self.human:
            return "you"
        label = self.labels[seat] if seat < len(self.labels) else f"seat {seat}"
        return f"seat {seat}" if label == f"seat {seat}" else f"seat {seat} ({label})"

    def does(self, seat: int, verb: str) -> str:
        """``seat 2 takes`` or ``you take``: the seat and a verb in the third person."""
        return f"you {verb.removesuffix('s')}" if seat == self.human else f"{self(seat)} {verb}"

    def group(self, seats: Sequence[int]) -> str:
        if self.human in seats:
            others = [seat for seat in seats if seat != self.human]
            return "you" + (f" and seat {seat_list(others)}" if others else "")
        return ("seat " if len(seats) == 1 else "seats ") + seat_list(seats)

    def team(self, team: int) -> str:
        return self.group([team, team + 2])


# --- what the players read ------------------------------------------------------------------


def _task(view: PlayerView) -> str:
    """What the player is asked to do, said from the legal moves (never a phase name)."""
    match view.legal_actions[0] if view.legal_actions else None:
        case Play():
            return "play a card"
        case bid_whist.Discard():
            extra = len(view.hand) - view.hand_sizes[(view.seat + 1) % view.players]
            return f"discard a card ({extra} to go)"
        case tt.ChooseTrump():
            return "choose trump"
        case tt.ChooseDirection():
            return "choose uptown or downtown"
        case wizard.Bid():
            return "bid how many tricks you will take"
        case _:
            return "bid or pass"


def _calls(calls: Sequence[object], names: Names, screen: Output) -> str:
    said: list[str] = []
    for call in calls:
        match call:
            case tt.Pass(seat=seat):
                said.append(f"{names(seat)} passed")
            case one_card.Bid(seat=seat, points=points):
                said.append(f"{names(seat)} bid {points}")
            case bid_whist.Bid(seat=seat):
                said.append(f"{names(seat)} {screen.move(call)} ({_mode(call)})")
            case _:
                said.append(screen.move(call))
    return ", ".join(said) or "none yet"


def _mode(bid: bid_whist.Bid) -> str:
    return {"U": "uptown", "D": "downtown", "NT": "no trump"}[bid.mode.token]


def _trick_line(trick: Trick, names: Names, screen: Output) -> str:
    plays = ", ".join(f"{names(play.seat)} {screen.card(play.card)}" for play in trick.plays)
    return plays or f"{names(trick.leader)} to lead"


def describe(view: PlayerView, names: Names, screen: Output) -> None:
    """Print what the seat sees before it moves: the table, then its hand."""
    screen(f"--- deal {view.round_number}, dealer {names(view.dealer)}: your turn to {_task(view)}")
    match view:
        case wizard.WizardView():
            choosing = view.phase is wizard.WizardPhase.CHOOSE_TRUMP
            trump = _trump(view.trump, not choosing, screen)
            if view.turn_up is not None:
                screen(f"turn-up: {screen.card(view.turn_up)}, trump: {trump}")
            else:
                screen(f"trump: {trump}")
            made = [f"{names(seat)} {bid}" for seat, bid in enumerate(view.bids) if bid is not None]
            screen(f"bids: {', '.join(made) or 'none yet'}")
        case one_card.OneCardView():
            if view.centre is not None:
                screen(f"the One Card: {screen.card(view.centre)}")
            if view.phase is one_card.OneCardPhase.BID:
                screen(f"calls: {_calls(view.calls, names, screen)}")
            elif view.contract is None or view.bidder is None:
                screen("nobody bid: no trump; everyone scores the points they take")
            else:
                screen(f"contract: {names(view.bidder)} bid {view.contract} points")
                lead = f"the suit {names.does(view.bidder, 'leads')} first"
                screen(f"trump: {lead if view.trump is None else screen.suit(view.trump)}")
            if view.direction is tt.Direction.DOWNTOWN:
                screen("direction: downtown (9 high, A low)")
            screen("points taken: " + per_seat(view.points, names))
        case bid_whist.BidWhistView():
            if view.contract is None:
                screen(f"calls: {_calls(view.calls, names, screen)}")
            else:
                screen(f"contract: {_contract(view.contract, view.trump, names, screen)}")
            if view.kitty and view.phase is bid_whist.BidWhistPhase.DISCARD:
                screen(f"kitty: {screen.cards(view.kitty)}")
            won = view.tricks_won
            screen(
                f"books won: {names.team(0)}: {won[0] + won[2]}; {names.team(1)}: {won[1] + won[3]}"
            )
        case _:
            pass
    if view.trick.plays or any(isinstance(action, Play) for action in view.legal_actions):
        screen(f"trick: {_trick_line(view.trick, names, screen)}")
    screen(f"your hand: {screen.cards(view.hand)}")


def _trump(trump: Suit | None, decided: bool, screen: Output) -> str:
    if trump is not None:
        return screen.suit(trump)
    return "none" if decided else "not chosen yet"


def _contract(bid: bid_whist.Bid, trump: Suit | None, names: Names, screen: Output) -> str:
    level = f"{names(bid.seat)} {screen.move(bid)} ({_mode(bid)}, {6 + bid.level} books to make)"
    return level + (f", trump {screen.suit(trump)}" if trump is not None else "")


def per_seat(values: Sequence[int], names: Names) -> str:
    return ", ".join(f"{names(seat)} {value}" for seat, value in enumerate(values))


def _deal_news(state: GameState[object], names: Names, screen: Output) -> None:
    """Print the public facts of a new deal (Wizard's turn-up and trump)."""
    view = tt.view(state, 0)
    screen(f"=== deal {view.round_number}, dealer {names(view.dealer)} ===")
    match view:
        case wizard.WizardView(turn_up=turn_up, trump=trump) if turn_up is not None:
            chooses = view.phase is wizard.WizardPhase.CHOOSE_TRUMP
            outcome = (
                f"{names.does(view.dealer, 'chooses')} trump"
                if chooses
                else (f"trump {screen.suit(trump)}" if trump is not None else "no trump")
            )
            screen(f"turn-up: {screen.card(turn_up)}, {outcome}")
        case wizard.WizardView():
            screen("no turn-up: no trump this round")
        case _:
            pass


def deal_summary(
    state: GameState[object], before: Sequence[int], names: Names, screen: Output
) -> None:
    """Print how the deal that just ended went: bids or contract, tricks, points."""
    view = tt.view(state, 0)
    totals = view.scores
    gained = [after - earlier for after, earlier in zip(totals, before, strict=True)]
    won = view.tricks_won
    screen(f"--- end of deal {view.round_number} ---")
    match view:
        case wizard.WizardView():
            for seat, bid in enumerate(view.bids):
                verdict = "made it" if bid == won[seat] else "missed"
                screen(
                    f"{names(seat)}: bid {bid}, took {won[seat]} ({verdict}): "
                    f"{gained[seat]:+d}, total {totals[seat]}"
                )
        case one_card.OneCardView():
            if view.centre is not None:
                screen(f"the One Card was {screen.card(view.centre)}")
            if view.bidder is None or view.contract is None:
                screen("nobody bid: everyone scores the points taken")
            else:
                taken = view.points[view.bidder]
                verdict = "made" if taken >= view.contract else "failed: scores 0"
                screen(
                    f"contract: {names(view.bidder)} bid {view.contract} and took {taken} "
                    f"points ({verdict})"
                )
            for seat, points in enumerate(view.points):
                screen(
                    f"{names(seat)}: took {points} points: {gained[seat]:+d}, total {totals[seat]}"
                )
        case bid_whist.BidWhistView(contract=contract) if contract is not None:
            team = contract.seat % 2
            books = won[team] + won[team + 2] + 1
            need = 6 + contract.level
            verdict = "made" if books >= need else "set"
            screen(f"contract: {_contract(contract, view.trump, names, screen)}")
            screen(
                f"{names.team(team)} took {books - 1} books + 1 for the kitty = {books}, "
                f"needed {need}: {verdict}, {gained[team]:+d}"
            )
            screen(f"scores: {names.team(0)}: {totals[0]}; {names.team(1)}: {totals[1]}")
        case _:
            screen(f"scores: {per_seat(totals, names)}")


def game_over(state: GameState[object], names: Names, screen: Output) -> None:
    winners = tt.winners(state)
    result = "wins" if len(winners) == 1 and winners[0] != names.human else "win"
    screen(f"Game over: {names.group(winners)} {result}.")
    totals = tt.scores(state)
    if tt.game_of(state).team_count is not None:  # partners share a score: say it once
        screen(f"final scores: {names.team(0)}: {totals[0]}; {names.team(1)}: {totals[1]}")
    else:
        screen(f"final scores: {per_seat(totals, names)}")


def announce(
    before: GameState[object],
    action: object,
    after: GameState[object],
    names: Names,
    screen: Output,
    *,
    show_discards: bool = False,
) -> None:
    """Print a public account of an action and of any trick or deal it completed."""
    match action:
        case tt.Deal():
            _deal_news(after, names, screen)
            return
        case bid_whist.Discard(seat=seat) if not show_discards and seat != names.human:
            screen(f"{names(seat)}: discard a card")
        case Play(seat=seat) | tt.Pass(seat=seat) | tt.ChooseTrump(seat=seat):
            screen(f"{names(seat)}: {screen.move(action)}")
        case tt.ChooseDirection(seat=seat) | bid_whist.Discard(seat=seat):
            screen(f"{names(seat)}: {screen.move(action)}")
        case wizard.Bid(seat=seat) | one_card.Bid(seat=seat) | bid_whist.Bid(seat=seat):
            screen(f"{names(seat)}: {screen.move(action)}")
        case _:
            screen(screen.move(action))
    done = tt.view(after, 0)
    earlier = tt.view(before, 0)
    if len(done.tricks) > len(earlier.tricks) and done.round_number == earlier.round_number:
        last = done.tricks[-1]
        if last.winner is not None:
            screen(
                f"  trick: {_trick_line(last, names, screen)}: "
                f"{names.does(last.winner, 'takes')} it"
            )


def deal_ended(before: GameState[object], after: GameState[object]) -> bool:
    return tt.actor(before) is not tt.CHANCE and (tt.actor(after) is tt.CHANCE or tt.is_over(after))


def typed_text(line: str) -> str:
    """The player's input with card names (``big joker``, ``Wizard``) as tokens."""
    by_name = dict(_TYPED_NAMES)

    def token(found: re.Match[str]) -> str:
        key = re.sub(r"[\s_-]+", " ", found.group(0).lower())
        return next(value for name, value in by_name.items() if name.lower() == key)

    return _TYPED_PATTERN.sub(token, line.replace(",", " "))
