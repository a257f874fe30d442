"""Trick scores and the result of the Game of Tarot (rules: waite-tarot.md)."""

from __future__ import annotations

from collections.abc import Sequence

from .declarations import TAROTS

FOOL = "EX"
TAROT_TRICK = 5
FOOL_POINTS = 5
"""The Fool counts 5 for its owner, not in the trick where it was played."""
KING_TRUMPED = 5
COURT_POINTS = {"Q": 4, "C": 3, "J": 2}
PLAIN_TRICK = 1
_TAROTS_BUT_FOOL = frozenset(TAROTS) - {FOOL}


def trick_value(cards: Sequence[str]) -> int:
    """A trick's worth, without the Fool: 5 with a Tarot, else 4 with a queen, 3 with a
    cavalier, 2 with a jack, otherwise 1."""
    if not _TAROTS_BUT_FOOL.isdisjoint(cards):
        return TAROT_TRICK
    courts = (COURT_POINTS.get(c[:-1], PLAIN_TRICK) for c in cards if c != FOOL and c[0] != "T")
    return max(courts, default=PLAIN_TRICK)


def king_trumped(cards: Sequence[str], winning: str) -> bool:
    """A king of the suit led taken by a trump: the trick was led in a suit (the Fool
    led, the next card leads), the winning card is a trump and that suit's king is in it."""
    led = next((c for c in cards if c != FOOL), None)
    if led is None or led[0] == "T" or winning[0] != "T":
        return False
    return "K" + led[-1] in cards


def difference_result(totals: Sequence[int]) -> list[int]:
    """Only the highest total scores, and only what it has over the second; ties score 0."""
    ranked = sorted(totals, reverse=True)
    best, second = ranked[0], ranked[1]
    return [best - second if t == best and best > second else 0 for t in totals]
