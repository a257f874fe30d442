"""The auction: eldest first, each seat speaks once, each bid higher than every earlier one."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import CONTRACTS, EXCUSE, PASS, PETIT


@dataclass(frozen=True)
class Fault:
    """A rule broken by the item at `index` (0-based, in the order of its section)."""

    index: int
    code: str
    message: str


@dataclass(frozen=True)
class Auction:
    """The outcome of the calls read so far."""

    taker: int | None
    contract: str | None
    complete: bool
    faults: tuple[Fault, ...] = ()

    @property
    def thrown_in(self) -> bool:
        return self.complete and self.contract is None


def speaker(index: int, eldest: int, seats: int) -> int:
    """The seat making the `index`-th call (0-based)."""
    return (eldest - 1 + index) % seats + 1


def run_auction(calls: list[str], eldest: int, seats: int) -> Auction:
    """Check `calls` (canonical words, speaking order) and find the taker and contract."""
    faults: list[Fault] = []
    best: str | None = None
    taker: int | None = None
    best_seat: int | None = None
    for i, word in enumerate(calls):
        seat = speaker(i, eldest, seats)
        if i >= seats:
            faults.append(
                Fault(
                    i,
                    "second-call",
                    f"seat {seat} speaks a second time: in french-tarot each seat speaks once",
                )
            )
            continue
        if word == PASS:
            continue
        if best is not None and CONTRACTS.index(word) <= CONTRACTS.index(best):
            faults.append(
                Fault(
                    i,
                    "low-bid",
                    f"seat {seat} bids {word} after {best} by seat {best_seat}: "
                    "a bid must be higher than every earlier bid",
                )
            )
            continue
        best, taker, best_seat = word, seat, seat
    return Auction(taker, best, len(calls) >= seats, tuple(faults))


def petit_sec(hand: list[str]) -> bool:
    """True when the Petit is the hand's only trump and the hand has no Excuse."""
    if PETIT not in hand or EXCUSE in hand:
        return False
    return [c for c in hand if c[0] == "T" and c[1:].isdigit()] == [PETIT]
