"""The rules of Sicilian tarocchi (Mineo) as data: card values, the calls of each round,
the follow rules and the cards that matter for the jochi."""

from __future__ import annotations

from itertools import repeat

from ...cards import SUITS, card_name
from ...tricks import ExcuseLead, TrickRules

GAME = "tarocco-siciliano"
FOLLOW = TrickRules(game=GAME, excuse_lead=ExcuseLead.LAST)

HONOURS = {"K": 5, "Q": 4, "C": 3, "J": 2}
VALUES: dict[str, int] = {
    **dict.fromkeys(("T20", "T1", "EX"), 10),
    **{f"T{n}": 5 for n in range(16, 20)},
    **{f"{rank}{suit}": value for rank, value in HONOURS.items() for suit in "DCSB"},
}
"""The 23 counting cards; every other card is a blank worth 1 before the threes."""
LAST_TRICK = 5
RIMATURA = 55

ARIE = ("T16", "T17", "T18", "T19", "T20")
"""The Arie: no Aria (nor T1) may be discarded."""
FOUR_ARIE = ("T16", "T17", "T18", "T19")
PIGLIATA_CARDS = frozenset({"T16", "T17", "T18", "T19", "T1"})
KINGS = ("KD", "KC", "KS", "KB")
SCOMMESSA_CARDS = ("T20", "T1", "EX")
NEVER_DISCARDED = frozenset({*ARIE, "T1", "EX"})

TRICKS = {3: 20, 4: 15}
"""Tricks in a deal: every seat plays all its cards."""
PACKET = 5

ROUND_CALLS: dict[int, dict[int, tuple[str, ...]]] = {
    3: {
        1: ("mischio", "altre-cinque", "vado-solo"),
        2: ("mischio", "altre-cinque", "pago", "prendo"),
        3: ("mischio", "altre-cinque", "pago", "prendo"),
        4: ("mischio", "pago", "prendo", "vado-solo"),
    },
    4: {1: ("passo", "vado-solo"), 2: ("passo", "chiamo", "vado-solo")},
}
"""Seats → round → the calls allowed in that round."""

JOCHI = ("rimatura", "vanto", "rivanto", "pigliate", "scommessa", "quattro-re", "arie")
"""The categories of the breakdown, in the order players count them."""


def card_points(cards: list[str]) -> int:
    """Card points: values (blanks 1), less 2 for each three cards and 1 for one or two left."""
    n = len(cards)
    return sum(map(VALUES.get, cards, repeat(1))) - 2 * (n // 3) - (1 if n % 3 else 0)


TRUMPS_HIGH_TO_LOW = tuple(f"T{n}" for n in range(20, -1, -1))


def highest_missing(cards: list[str]) -> str | None:
    """The highest trump not among `cards`: the card a caller must call."""
    held = set(cards)
    return next((t for t in TRUMPS_HIGH_TO_LOW if t not in held), None)


def plain(cards: list[str]) -> int:
    """How many of `cards` a scarto takes before any trump: neither trumps, EX nor kings."""
    return sum(SUITS[c] not in ("T", "EX") and c not in KINGS for c in cards)


def scarto_fault(card: str, plain_cards: int | None, before: list[str]) -> str | None:
    """Why `card` may not join the scarto `before`: a trump goes only when the `plain_cards`
    (`plain` after the talon; None: not judged) are too few."""
    if card in KINGS:
        return f"the scarto may hold no king: {card}"
    if card in NEVER_DISCARDED:
        return f"{card_name(GAME, card)} may never be discarded"
    if SUITS[card] != "T" or plain_cards is None:
        return None
    if sum(SUITS[c] == "T" and c not in NEVER_DISCARDED for c in before) >= 3 - plain_cards:
        return (
            f"the scarto may hold a trump ({card}) only when the hand has too few "
            "other cards to discard"
        )
    return None


def forced_call_fault(seat: int, card: str, after: list[str] | None) -> str | None:
    """Why Giove's holder, holding `after` with the talon (None: unknown), may not call it."""
    expected = highest_missing(after) if after is not None else card
    if card == expected:
        return None
    return (
        f"seat {seat} calls {card}: with the talon he must call the highest trump he does "
        f"not hold, {expected}"
    )
