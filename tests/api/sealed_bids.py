"""A tiny game of simultaneous secret choices, to test the service without naming Duel.

Each round every seat bids 0-2 in secret; the last bid reveals all of them in one event.
Two rounds. Bids stay hidden from the other seats (and spectators) until the reveal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.kernel import DomainError, register

KIND = "sealed-bids-test"
ROUNDS = 2


class Bid(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    amount: int


class Started(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seats: int


class BidPlaced(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    seat: int
    amount: int | None
    """None for everyone but the bidder."""


class BidsRevealed(msgspec.Struct, frozen=True, tag=True, tag_field="type"):
    amounts: tuple[int, ...]


Event = Started | BidPlaced | BidsRevealed


class State(msgspec.Struct, frozen=True):
    seats: int = 0
    round: int = 0
    bids: tuple[tuple[int, int], ...] = ()
    revealed: tuple[tuple[int, ...], ...] = ()


class View(msgspec.Struct, frozen=True):
    round: int
    my_bid: int | None
    have_bid: tuple[int, ...]
    revealed: tuple[tuple[int, ...], ...]


class SealedBids:
    kind = KIND
    command_type: Any = Bid
    event_type: Any = Event
    deal_type: Any = None
    """No explicit deal (the kernel's convention for such a game: None)."""

    def seat_range(self) -> tuple[int, int]:
        return (2, 4)

    def start(self, seats: int, options: Mapping[str, Any], rng: random.Random,
              deal: Any = None) -> list[msgspec.Struct]:
        return [Started(seats)]

    def initial_state(self) -> State:
        return State()

    def decide(self, state: State, command: msgspec.Struct) -> list[msgspec.Struct]:
        assert isinstance(command, Bid)
        if command.seat not in self.acting_seats(state):
            raise DomainError("not_your_turn", f"seat {command.seat} may not bid now")
        if not 0 <= command.amount <= 2:
            raise DomainError("bad_amount", "bids are 0, 1 or 2")
        events: list[msgspec.Struct] = [BidPlaced(command.seat, command.amount)]
        bids = dict(state.bids) | {command.seat: command.amount}
        if len(bids) == state.seats:
            events.append(BidsRevealed(tuple(bids[s] for s in range(state.seats))))
        return events

    def evolve(self, state: State, event: msgspec.Struct) -> State:
        if isinstance(event, Started):
            return replace(state, seats=event.seats)
        if isinstance(event, BidPlaced):
            assert event.amount is not None
            return replace(state, bids=(*state.bids, (event.seat, event.amount)))
        assert isinstance(event, BidsRevealed)
        return replace(state, round=state.round + 1, bids=(),
                       revealed=(*state.revealed, event.amounts))

    def step(self, state: State, command: msgspec.Struct) -> tuple[list[Any], State]:
        events = self.decide(state, command)
        for event in events:
            state = self.evolve(state, event)
        return events, state

    def legal_moves(self, state: State, seat: int) -> list[Bid]:
        return [Bid(seat, a) for a in range(3)] if seat in self.acting_seats(state) else []

    def acting_seats(self, state: State) -> tuple[int, ...]:
        if self.is_over(state):
            return ()
        done = {seat for seat, _ in state.bids}
        return tuple(s for s in range(state.seats) if s not in done)

    def command_seat(self, command: msgspec.Struct) -> int:
        assert isinstance(command, Bid)
        return command.seat

    def is_over(self, state: State) -> bool:
        return state.round >= ROUNDS

    def view(self, state: State, seat: int | None) -> View:
        mine = dict(state.bids).get(seat) if seat is not None else None
        return View(state.round, mine, tuple(s for s, _ in state.bids), state.revealed)

    def redact(self, event: msgspec.Struct, seat: int | None) -> msgspec.Struct:
        if isinstance(event, BidPlaced) and event.seat != seat:
            return replace(event, amount=None)
        return event

    def catalog(self) -> dict[str, Any]:
        return {}

    def summary(self, state: State) -> dict[str, Any]:
        return {"round": state.round, "acting": list(self.acting_seats(state))}


def install() -> None:
    register(KIND, lambda expansions, options: SealedBids())
