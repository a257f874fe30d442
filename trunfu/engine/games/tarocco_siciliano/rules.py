"""The rules of Sicilian tarocchi (Mineo) as data: card values, the calls of each round,
the follow rules and the cards that matter for the jochi."""

from __future__ import annotations

from itertools import repeat

from ...tricks import ExcuseLead, TrickRules

GAME = "tarocco-siciliano"
FOLLOW = TrickRules(game=GAME, excuse_lead=ExcuseLead.LAST)

VALUES: dict[str, int] = {
    "T20": 10,
    "T1": 10,
    "EX": 10,
    **{f"T{n}": 5 for n in range(16, 20)},
    **{f"K{s}": 5 for s in "DCSB"},
    **{f"Q{s}": 4 for s in "DCSB"},
    **{f"C{s}": 3 for s in "DCSB"},
    **{f"J{s}": 2 for s in "DCSB"},
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
    """A side's card points before the last trick: values (blanks 1), less 2 for each full
    three cards and 1 for a last one or two."""
    n = len(cards)
    return sum(map(VALUES.get, cards, repeat(1))) - 2 * (n // 3) - (1 if n % 3 else 0)
