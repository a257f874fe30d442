"""Marafone card points, counted in thirds (rules: marafone.md §Cards), and the maraffa."""

from __future__ import annotations

from collections.abc import Iterable
from operator import itemgetter

from ....notation.decks import GAMES
from ...model import TrickResult

CARD_THIRDS = {"A": 3, "2": 1, "3": 1, "K": 1, "C": 1, "J": 1}
"""Thirds of a point by rank; `7`..`4` (the scartini) are worth nothing."""
LAST_TRICK_THIRDS = 3
HAND_POINTS = 11
"""What a team scores when the other commits an irregularity (the 11–0)."""
MARAFFA_POINTS = 3
MARAFFA_RANKS = ("A", "2", "3")


def rank(card: str) -> str:
    return card[:-1]


def suit(card: str) -> str:
    return card[-1]


def card_thirds(card: str) -> int:
    """Thirds of a point a card is worth: ace 3, `2 3 K C J` 1, scartini 0."""
    return CARD_THIRDS.get(rank(card), 0)


THIRDS = {card: card_thirds(card) for card in GAMES["marafone"].order}
"""Every card of the deck → its thirds (looked up once per card played)."""


def trick_thirds(cards: Iterable[str], last: bool = False) -> int:
    """Thirds won with one trick; `last` adds the last trick's point."""
    return sum(map(THIRDS.__getitem__, cards)) + (LAST_TRICK_THIRDS if last else 0)


_card = itemgetter(1)
"""A (seat, card) pair's card."""


def team_thirds(tricks: Iterable[TrickResult]) -> list[int]:
    """Thirds won by teams 1+3 and 2+4 with `tricks` (the last trick's point not counted)."""
    won: list[list[str]] = [[], []]
    for trick in tricks:
        won[(trick.winner - 1) % 2] += trick.cards
    return [sum(map(THIRDS.__getitem__, map(_card, pile))) for pile in won]


def points(thirds: int) -> int:
    """A side's points from its thirds: rounded down (7 2/3 scores 7)."""
    return thirds // 3


def holds_maraffa(hand: Iterable[str], trump: str) -> bool:
    """Whether a hand holds the ace, two and three of trumps."""
    held = set(hand)
    return all(r + trump in held for r in MARAFFA_RANKS)
