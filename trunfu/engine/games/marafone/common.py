"""What the four- and five-seat referees share: the hands of the deal, and finding the
holder of a card from the play when the deal is not given."""

from __future__ import annotations

from ....notation.models import Claim, Record
from .rules import RULES


def dealt_hands(record: Record, seats: int) -> dict[int, list[str] | None]:
    """Each seat's cards as dealt; None for a seat the deal leaves out."""
    hands: dict[int, list[str] | None] = dict.fromkeys(range(1, seats + 1))
    if record.deal is not None:
        for hand in record.deal.hands:
            owner = hand.owner
            if owner.isdigit() and int(owner) in hands:
                hands[int(owner)] = [c.code for c in hand.cards]
    return hands


def _walk(record: Record, seats: int, leader: int, trump: str | None) -> dict[str, int]:
    """Card → the seat that plays it, when the first trick is led by `leader`."""
    owners: dict[str, int] = {}
    if record.play is None:
        return owners
    for item in record.play.items:
        if type(item) is Claim:
            break
        codes = [c.code for c in item.cards]
        for i, code in enumerate(codes):
            owners[code] = (leader - 1 + i) % seats + 1
        if len(codes) != seats:
            break
        leader = (leader - 1 + RULES.with_trump(trump).winner(codes)) % seats + 1
    return owners


def holder(
    record: Record,
    seats: int,
    hands: dict[int, list[str] | None],
    card: str,
    leader_of,
    trump: str | None,
) -> int | None:
    """The seat holding `card` at the start: from the deal, else the only seat s such that,
    with the first trick led by `leader_of(s)`, s plays `card` and every seat whose hand is
    given plays only its own cards. None when the record does not tell (with no hand given,
    every seat fits: a play can be turned round the table)."""
    for seat, hand in hands.items():
        if hand is not None and card in hand:
            return seat
    known = {s: set(h) for s, h in hands.items() if h is not None}
    fits = []
    for seat in (s for s, h in hands.items() if h is None):
        leader = leader_of(seat)
        if leader is None:
            continue
        owners = _walk(record, seats, leader, trump)
        if owners.get(card) == seat and all(
            code in known[s] for code, s in owners.items() if s in known
        ):
            fits.append(seat)
    return fits[0] if len(fits) == 1 else None
