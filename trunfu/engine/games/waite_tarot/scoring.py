"""Trick scores and the result of the Game of Tarot (rules: waite-tarot.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ...model import TrickResult
from .declarations import TAROTS

FOOL = "EX"
TAROT_TRICK = 5
FOOL_POINTS = 5
"""The Fool counts 5 for its owner, not in the trick where it was played."""
KING_TRUMPED = 5
COURT_POINTS = {"Q": 4, "C": 3, "J": 2}
PLAIN_TRICK = 1
_TAROTS_BUT_FOOL = frozenset(TAROTS) - {FOOL}


def _card_value(card: str) -> int:
    """What one card makes a trick worth: 5 for a Tarot (but the Fool), 4 for a queen, 3
    for a cavalier, 2 for a jack, otherwise 1 (a trick is worth its best card's value)."""
    if card in _TAROTS_BUT_FOOL:
        return TAROT_TRICK
    if card == FOOL or card[0] == "T":
        return PLAIN_TRICK
    return COURT_POINTS.get(card[:-1], PLAIN_TRICK)


class _ValueTable(dict[str, int]):
    """Card → `_card_value(card)`; a code not seen before is worked out once and kept."""

    def __missing__(self, card: str) -> int:
        value = self[card] = _card_value(card)
        return value


CARD_VALUE: dict[str, int] = _ValueTable()
_value = CARD_VALUE.__getitem__


def trick_value(cards: Sequence[str]) -> int:
    """A trick's worth, without the Fool: 5 with a Tarot, else 4 with a queen, 3 with a
    cavalier, 2 with a jack, otherwise 1."""
    return max(map(_value, cards)) if cards else PLAIN_TRICK


def king_trumped(cards: Sequence[str], winning: str) -> bool:
    """A king of the suit led taken by a trump: the trick was led in a suit (the Fool
    led, the next card leads), the winning card is a trump and that suit's king is in it."""
    if winning[0] != "T":
        return False
    led = next((c for c in cards if c != FOOL), None)
    if led is None or led[0] == "T":
        return False
    return "K" + led[-1] in cards


def tally(tricks: Sequence[TrickResult], seats: int) -> tuple[dict[int, int], dict[int, int]]:
    """Each seat's trick points and, among them, its kings trumped: every trick's worth
    to its winner, 5 more for a king of the suit led taken by a trump, and the Fool's 5 to
    the seat that played it."""
    points = dict.fromkeys(range(1, seats + 1), 0)
    kings = dict.fromkeys(range(1, seats + 1), 0)
    for trick in tricks:
        winner = trick.winner
        played, codes = zip(*trick.cards, strict=True)  # the seats, their cards
        points[winner] += trick_value(codes)
        if FOOL in codes:
            for seat, card in trick.cards:
                if card == FOOL:
                    points[seat] += FOOL_POINTS
        winning = codes[played.index(winner)]
        if winning[0] == "T" and king_trumped(codes, winning):  # only a trump takes a king
            kings[winner] += KING_TRUMPED
            points[winner] += KING_TRUMPED
    return points, kings


def difference_result(totals: Sequence[int]) -> list[int]:
    """Only the highest total scores, and only what it has over the second; ties score 0."""
    ranked = sorted(totals, reverse=True)
    best, second = ranked[0], ranked[1]
    return [best - second if t == best and best > second else 0 for t in totals]
