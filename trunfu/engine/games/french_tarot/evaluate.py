"""How a French tarot player values a hand before bidding: Noël Chavey's point count (Le
jeu de tarot, Hatier 1986), and what it decides: the bid, the king called, the écart, a
poignée shown, a chelem announced, the Petit kept for the last trick. The count and the
thresholds per seat count are told in docs/simulation.md."""

from __future__ import annotations

from ...slam import sure_tricks
from .calls import LADDER
from .ecart import discardable, is_trump, trumps_of
from .rules import CONTRACTS, DECK, EXCUSE, GAME, OUDLERS, PASS, PETIT, POIGNEE_SIZES

SUITS = DECK.suits

THRESHOLDS: dict[int, tuple[int, int, int, int]] = {
    3: (56, 66, 77, 84),
    4: (39, 49, 62, 70),
    5: (31, 41, 56, 63),
    6: (23, 33, 51, 58),
}
"""Seats → the least count for prise, garde, garde sans and garde contre."""

HONOURS = {"C": 2, "J": 1}
LONG_SUIT = {5: 5, 6: 7}
"""A suit of 5 or 6 cards; 7 and more count 9."""
PETIT_GUARDED = {5: 5, 6: 7}
"""The Petit as fifth or sixth trump; with more trumps it counts 9."""


def count(hand: list[str], *, shape: bool = False) -> int:
    """The hand's Chavey count; `shape` adds voids and singletons (for a garde sans or
    contre, where no chien mends the shape)."""
    numbers = {int(c[1:]) for c in hand if is_trump(c)}
    n = len(trumps_of(hand))
    total = 10 * ("T21" in hand) + 8 * (EXCUSE in hand)
    if n >= 5:  # five trumps or more guard the Petit
        total += 2 * n + (PETIT_GUARDED.get(n, 9) if PETIT in hand else 0)
    majors = [m for m in numbers if m >= 16]
    total += 2 * len(majors) + sum(m - 1 in numbers or m + 1 in numbers for m in majors)
    for suit in SUITS:
        ranks = {c[:-1] for c in hand if c[-1] == suit}  # (a trump or the Excuse ends in no suit)
        king, queen = "K" in ranks, "Q" in ranks
        total += 10 if king and queen else 6 if king else 3 if queen else 0
        total += sum(HONOURS.get(r, 0) for r in ranks)
        total += LONG_SUIT.get(len(ranks), 9 if len(ranks) >= 7 else 0)
        if shape:
            total += 6 if not ranks else 3 if len(ranks) == 1 else 0
    return total


def wish(hand: list[str], seats: int) -> str:
    """The highest contract the hand is worth (`passe` when it is worth none)."""
    plain, shaped = count(hand), count(hand, shape=True)  # no chien mends a sans, a contre
    counts = zip(CONTRACTS, THRESHOLDS[seats], (plain, plain, shaped, shaped), strict=True)
    made = [contract for contract, least, n in counts if n >= least]
    return made[-1] if made else PASS


def bid(hand: list[str], seats: int, best: str | None) -> str:
    """What the seat says in its turn: the contract its hand is worth when that is higher
    than the best bid so far, else `passe`."""
    want = wish(hand, seats)
    higher = want != PASS and (best is None or CONTRACTS.index(want) > CONTRACTS.index(best))
    return want if higher else PASS


def call(hand: list[str], legal: list[str]) -> str:
    """The card the taker calls among the `legal` ones: of the lowest rank, one he does not
    hold, in his longest suit (he can lead it to his partner); one he holds only when he
    holds them all."""
    rank = max((c[:-1] for c in legal), key=LADDER.index)
    cards = [c for c in legal if c[:-1] == rank]
    free = [c for c in cards if c not in hand] or cards
    return max(free, key=lambda c: (sum(h[-1] == c[-1] for h in hand), -SUITS.index(c[-1])))


def ecart(full: list[str], size: int) -> list[str]:
    """`size` cards to put aside from `full` (hand and chien): suit cards but kings, from
    the shortest suits first and their lowest cards first (a void lets the taker ruff);
    trumps (never an oudler) only when short of them, the lowest."""
    length = {s: sum(c[-1] == s for c in full) for s in SUITS}  # (trumps, the Excuse: no suit)
    strength = {c: i for i, c in enumerate(reversed(DECK.order))}
    spare = sorted(
        (c for c in full if discardable(c)),
        key=lambda c: (length[c[-1]], SUITS.index(c[-1]), strength[c]),
    )
    trumps = sorted((c for c in full if is_trump(c) and c not in OUDLERS), key=strength.get)
    return (spare + trumps)[:size]


def poignee(hand: list[str], seats: int) -> list[str] | None:
    """The trumps a seat shows for the largest poignée it holds (its lowest trumps, the
    Excuse standing in for a missing one only when it holds no other), else None."""
    trumps = sorted((c for c in hand if is_trump(c)), key=lambda c: int(c[1:]))
    for size in reversed(POIGNEE_SIZES[seats]):
        if len(trumps) >= size:
            return DECK.sort(trumps[:size])
        if len(trumps) + 1 == size and EXCUSE in hand:
            return DECK.sort([*trumps, EXCUSE])
    return None


def petit_au_bout(hand: list[str], seats: int) -> bool:
    """Whether the taker plays to bring the Petit to the last trick: he holds it with as
    many trumps as a poignée (the others should run out of trumps before him)."""
    return PETIT in hand and sum(is_trump(c) for c in hand) >= POIGNEE_SIZES[seats][0]


def chelem(hand: list[str], unseen: list[str]) -> bool:
    """Whether the taker announces a chelem: only when it is sure, his masters taking every
    trick whatever way the `unseen` cards lie (the Excuse kept for the last trick)."""
    return sure_tricks(hand, unseen, GAME, "T", excuse_wins_last=True) == len(hand)
