"""The auction: eldest first, each seat speaks once, each bid higher than every earlier one;
fft: a seat holding the Petit sec throws the deal in."""

from __future__ import annotations

from ...state import Fault
from .rules import CONTRACTS, EXCUSE, PASS, PETIT


def speaker(index: int, eldest: int, seats: int) -> int:
    """The seat making the `index`-th call (0-based)."""
    return (eldest - 1 + index) % seats + 1


def bid_fault(
    word: str, index: int, seat: int, seats: int, best: str | None, best_seat: int | None
) -> Fault | None:
    """What is wrong with `seat` saying `word` as the `index`-th call (0-based), `best` by
    `best_seat` being the highest bid so far: a second call, or a bid not above `best`."""
    if index >= seats:
        return Fault(
            "second-call",
            f"seat {seat} speaks a second time: in french-tarot each seat speaks once",
        )
    if word != PASS and best is not None and CONTRACTS.index(word) <= CONTRACTS.index(best):
        return Fault(
            "low-bid",
            f"seat {seat} bids {word} after {best} by seat {best_seat}: "
            "a bid must be higher than every earlier bid",
        )
    return None


def petit_sec(hand: list[str]) -> bool:
    """True when the Petit is the hand's only trump and the hand has no Excuse."""
    if PETIT not in hand or EXCUSE in hand:
        return False
    return [c for c in hand if c[0] == "T" and c[1:].isdigit()] == [PETIT]


def petit_sec_fault(seat: int) -> Fault:
    """Seat `seat` holds the Petit sec (fft): the deal is thrown in, nothing more is played."""
    return Fault(
        "petit-sec",
        f"seat {seat} holds the Petit sec (T1 and no other trump nor the Excuse): "
        "he shows it and the deal is thrown in",
    )
