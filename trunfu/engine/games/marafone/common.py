"""What the four- and five-seat games share: the follow rules, the hands of the deal, and
finding the holder of a card from the play when the deal is not given."""

from __future__ import annotations

from ....notation.models import Claim, Record
from ...context import Context
from ...tricks import FollowRules, trick_winner

GAME = "marafone"
RULES = FollowRules(game=GAME, must_follow=True, must_trump=False, excuse=False)
"""Follow suit if able, no duty to trump or to beat; no excuse."""


def dealt_hands(record: Record, seats: int) -> dict[int, list[str] | None]:
    """Each seat's cards as dealt; None for a seat the deal leaves out."""
    hands: dict[int, list[str] | None] = dict.fromkeys(range(1, seats + 1))
    if record.deal is not None:
        for hand in record.deal.hands:
            if hand.owner.isdigit() and int(hand.owner) in hands:
                hands[int(hand.owner)] = [c.code for c in hand.cards]
    return hands


def player_of(record: Record, seats: int, leader: int, card: str, trump: str | None) -> int | None:
    """The seat that plays `card` when the first trick is led by `leader` (None: not played)."""
    if record.play is None:
        return None
    for item in record.play.items:
        if isinstance(item, Claim):
            return None
        codes = [c.code for c in item.cards]
        if card in codes:
            return (leader - 1 + codes.index(card)) % seats + 1
        if len(codes) != seats:
            return None
        leader = (leader - 1 + trick_winner(codes, RULES, trump)) % seats + 1
    return None


def holder(
    record: Record,
    seats: int,
    hands: dict[int, list[str] | None],
    card: str,
    leader_of,
    trump: str | None,
) -> int | None:
    """The seat holding `card` at the start: from the deal, else the only seat s such that,
    with the first trick led by `leader_of(s)`, s is the one who plays `card`."""
    for seat, hand in hands.items():
        if hand is not None and card in hand:
            return seat
    for seat in (s for s, h in hands.items() if h is None):
        leader = leader_of(seat)
        if leader is not None and player_of(record, seats, leader, card, trump) == seat:
            return seat
    return None


def claim_after(ctx: Context, stop: Claim) -> None:
    """Report every play item written after the claim that ended the hand."""
    items = ctx.record.play.items if ctx.record.play else []
    at = next(i for i, item in enumerate(items) if item is stop)
    after = items[at + 1 :]
    if after:
        first = after[0]
        ctx.error(
            first,
            "play-after-claim",
            f"the hand stopped at `{stop.kind} {stop.seat}` (line {stop.line}); nothing may "
            "be played after it",
        )
