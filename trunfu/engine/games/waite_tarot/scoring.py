"""Trick scores and the result of the Game of Tarot (rules: waite-tarot.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ....notation.lexer import CODES
from ...model import TrickResult
from .declarations import TAROTS

FOOL = "EX"
FOOL_POINTS = 5
"""The Fool counts 5 for its owner, not in the trick where it was played."""
KING_TRUMPED = 5
COURTS = {"Q": 4, "C": 3, "J": 2}
VALUE = {card: 5 if card in TAROTS and card != FOOL else COURTS.get(card[:-1], 1) for card in CODES}
"""Card → what it makes a trick worth: 5 for a Tarot (but the Fool), 4 for a queen, 3 for a
cavalier, 2 for a jack, otherwise 1 (a trick is worth its best card's)."""


def king_trumped(cards: Sequence[str], winning: str) -> bool:
    """A king of the suit led taken by a trump: the trick was led in a suit (the Fool
    led, the next card leads), the winning card is a trump and that suit's king is in it."""
    led = cards[1] if cards[0] == FOOL and len(cards) > 1 else cards[0]
    return winning[0] == "T" and led[0] != "T" and "K" + led[-1] in cards


def tally(tricks: Sequence[TrickResult], seats: int) -> tuple[dict[int, int], dict[int, int]]:
    """Each seat's trick points and, among them, its kings trumped: every trick's worth (its
    best card's `VALUE`) to its winner, 5 more for a king of the suit led taken by a trump, and
    the Fool's 5 to the seat that played it."""
    points = dict.fromkeys(range(1, seats + 1), 0)
    kings = dict.fromkeys(range(1, seats + 1), 0)
    value = VALUE.__getitem__
    for trick in tricks:
        winner, cards = trick.winner, trick.cards
        codes = [card for _, card in cards]
        points[winner] += max(map(value, codes))
        if FOOL in codes:
            points[cards[codes.index(FOOL)][0]] += FOOL_POINTS
        winning = codes[(winner - trick.leader) % seats]  # the cards go round from the leader
        if winning[0] == "T" and king_trumped(codes, winning):  # only a trump takes a king
            kings[winner] += KING_TRUMPED
    return {s: p + kings[s] for s, p in points.items()}, kings


def difference_result(totals: Sequence[int]) -> list[int]:
    """Only the highest total scores, and only what it has over the second; ties score 0."""
    ranked = sorted(totals, reverse=True)
    best, second = ranked[0], ranked[1]
    return [best - second if t == best and best > second else 0 for t in totals]
