"""The taker's call of a partner: a king at 5 seats; a king then a queen at 6 (classic).
A lower rank may be called only when the taker holds all four cards of every rank above
it on the ladder (four kings for a queen, and so on down to the jack)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...cards import suit_of
from ...model import TrickResult
from ...play import CardCheck
from ...state import Fault
from .ecart import is_trump
from .rules import CALLED, DECK, EXCUSE

LADDER = ("K", "Q", "C", "J")
RANK_WORDS = {"K": "king", "Q": "queen", "C": "cavalier", "J": "jack"}


def allowed_ranks(hand: list[str] | None, top: str) -> tuple[str, ...]:
    """Ranks the taker may call, starting from `top` (`K` for the first call, `Q` for the
    second at 6 seats). Unknown hand: every rank from `top` down (nothing can be checked)."""
    ranks = LADDER[LADDER.index(top) :]
    for i, rank in enumerate(ranks[:-1] if hand is not None else ()):
        if not all(rank + suit in hand for suit in DECK.suits):
            return ranks[: i + 1]  # this rank not all held: none lower
    return ranks


def count_fault(count: int, seats: int) -> Fault | None:
    """What is wrong with a call of `count` cards (the section as a whole): none is called
    at 3 and 4 seats, one at 5, two at 6."""
    expected = CALLED[seats]
    if expected == 0:
        return Fault("no-call", f"nobody calls a partner in french-tarot with {seats} seats")
    if count == expected:
        return None
    what = "a king" if expected == 1 else "a king and then a queen"
    return Fault("call-count", f"with {seats} seats the taker calls {what} ({count} card(s) given)")


def call_fault(
    card: str, called: list[str], hand: list[str] | None, seats: int, taker: int
) -> Fault | None:
    """What is wrong with the taker calling `card` after `called` (`hand`: his hand as
    dealt, None when unknown); nothing is judged of a card beyond the count (`count_fault`)."""
    index, rank = len(called), card[:-1]
    top = "K" if index == 0 else "Q"  # always allowed; a lower rank when the hand says so
    if index >= CALLED[seats] or (rank == top and card not in called):
        return None
    allowed = allowed_ranks(hand, top)
    if rank in allowed and card not in called:
        return None
    if is_trump(card) or card == EXCUSE:
        told = f"seat {taker} calls {card}: trumps and the Excuse cannot be called"
    elif index == 1 and rank == "K":
        told = f"seat {taker} calls {card} second: the second call may not be a king"
    elif index == 1 and card == called[0]:
        told = f"seat {taker} calls {card} twice"
    else:
        top = allowed[-1]
        reason = (
            f"he does not hold all four {RANK_WORDS[top]}s"
            if rank in LADDER and LADDER.index(rank) > LADDER.index(top)
            else "only a king, queen, cavalier or jack may be called"
        )
        may = " or ".join(RANK_WORDS[r] for r in allowed)
        told = f"seat {taker} calls {card} but may call only a {may}: {reason}"
    return Fault("bad-call", told)


def found_partners(tricks: list[TrickResult], called: Sequence[str], taker: int) -> list[int]:
    """The taker's partners, in call order (a seat once): the seats that played a called
    card in `tricks` (of a card written twice, the last), the taker left out (alone when
    he holds it, or it is aside)."""
    if not called:
        return []
    played = {card: seat for trick in tricks for seat, card in trick.cards}
    seats: list[int] = []
    for seat in map(played.get, called):
        if seat is not None and seat != taker and seat not in seats:
            seats.append(seat)
    return seats


def first_lead(called: tuple[str, ...]) -> CardCheck:
    """The first lead may be in a called suit only with the called card (or when the
    leader holds nothing else). A function of the called cards, never of the game state
    (the play would then hold the state that holds it)."""
    suits = {suit_of(c) for c in called}

    def check(seat: int, card: str, trick: list[str], number: int, hand: Collection[str]):
        if number != 1 or trick or card in called or suit_of(card) not in suits:
            return None
        if any(suit_of(c) not in suits for c in hand):
            return (
                f"trick 1: seat {seat} leads {card} in a called suit: the first lead may be "
                "in a called suit only with the called card"
            )
        return None

    return check
