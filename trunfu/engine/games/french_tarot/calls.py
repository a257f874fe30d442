"""The taker's call of a partner: a king at 5 seats; a king then a queen at 6 (classic).
A lower rank may be called only when the taker holds all four cards of every rank above
it on the ladder (four kings for a queen, and so on down to the jack)."""

from __future__ import annotations

import itertools

from .auction import Fault
from .rules import DECK, called_cards

LADDER = ("K", "Q", "C", "J")
RANK_WORDS = {"K": "king", "Q": "queen", "C": "cavalier", "J": "jack"}


def allowed_ranks(hand: list[str] | None, top: str) -> tuple[str, ...]:
    """Ranks the taker may call, starting from `top` (`K` for the first call, `Q` for the
    second at 6 seats). Unknown hand: every rank from `top` down (nothing can be checked)."""
    ranks = LADDER[LADDER.index(top) :]
    if hand is None:
        return ranks
    allowed = [ranks[0]]
    for rank, lower in itertools.pairwise(ranks):
        if all(rank + suit in hand for suit in DECK.suits):
            allowed.append(lower)
        else:
            break
    return tuple(allowed)


def check_call(called: list[str], hand: list[str] | None, seats: int, taker: int) -> list[Fault]:
    """Faults of the taker's call (`hand`: his hand as dealt, None when unknown)."""
    expected = called_cards(seats)
    if expected == 0:
        return [Fault(0, "no-call", f"nobody calls a partner in french-tarot with {seats} seats")]
    faults: list[Fault] = []
    if len(called) != expected:
        what = "a king" if expected == 1 else "a king and then a queen"
        faults.append(
            Fault(
                min(len(called), expected) if called else 0,
                "call-count",
                f"with {seats} seats the taker calls {what} ({len(called)} card(s) given)",
            )
        )
    for i, card in enumerate(called[:expected]):
        rank = card[:-1]
        if (card[0] == "T" and card[1:].isdigit()) or card == "EX":
            faults.append(
                Fault(
                    i,
                    "bad-call",
                    f"seat {taker} calls {card}: trumps and the Excuse cannot be called",
                )
            )
            continue
        if i == 1 and rank == "K":
            faults.append(
                Fault(
                    i,
                    "bad-call",
                    f"seat {taker} calls {card} second: the second call may not be a king",
                )
            )
            continue
        if i == 1 and card == called[0]:
            faults.append(Fault(i, "bad-call", f"seat {taker} calls {card} twice"))
            continue
        allowed = allowed_ranks(hand, "K" if i == 0 else "Q")
        if rank not in allowed:
            top = allowed[-1]
            need = LADDER[LADDER.index(allowed[0]) : LADDER.index(top) + 1]
            reason = (
                f"he does not hold all four {RANK_WORDS[top]}s"
                if rank in LADDER and LADDER.index(rank) > LADDER.index(top)
                else "only a king, queen, cavalier or jack may be called"
            )
            faults.append(
                Fault(
                    i,
                    "bad-call",
                    f"seat {taker} calls {card} but may call only a "
                    f"{' or '.join(RANK_WORDS[r] for r in need)}: {reason}",
                )
            )
    return faults


def partners(called: list[str], holders: dict[str, int | None], taker: int) -> list[int]:
    """The taker's partners in call order (a seat once): the holders of the called cards,
    leaving out cards held by the taker or lying in the chien (holder None)."""
    seats: list[int] = []
    for card in called:
        seat = holders.get(card)
        if seat is not None and seat != taker and seat not in seats:
            seats.append(seat)
    return seats
