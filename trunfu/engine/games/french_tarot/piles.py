"""Who takes which cards: the Excuse's exchange, the Excuse in the last trick, the écart or
chien, and the points and oudlers of each side."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter

from ...model import TrickResult
from ...play import WinnerRule
from .calls import found_partners
from .rules import EXCUSE, OUDLERS, PETIT, POINTS

Side = Callable[[int], str]
"""Seat → `"taker"` or `"defence"`."""
_card = itemgetter(1)
"""A (seat, card) pair's card."""


def sides(taker: int, partners: list[int]) -> Side:
    """The taker and his `partners` against the others."""
    return lambda seat: "taker" if seat == taker or seat in partners else "defence"


@dataclass
class Piles:
    points: dict[str, float]
    oudlers: dict[str, int]
    tricks: dict[str, int]
    """Tricks won by each side."""


def excuse_wins_last(tricks: list[TrickResult], side: Side) -> int | None:
    """The seat of the Excuse in the last trick when its side won every earlier trick
    (fft: the Excuse then wins the last trick), else None."""
    last = tricks[-1]
    seat = next((s for s, c in last.cards if c == EXCUSE), None)
    if seat is None or len(tricks) < 2:
        return None
    if all(side(t.winner) == side(seat) for t in tricks[:-1]):
        return seat
    return None


def excuse_wins_slam(taker: int, called: tuple[str, ...]) -> WinnerRule:
    """fft: the Excuse played to the last trick by a side that took every earlier trick
    wins that trick (the sides known from who played the called cards). A function of
    what it needs, never of the game state (the play would then hold the state)."""

    def winner(trick: TrickResult, before: list[TrickResult]) -> int:
        if all(card != EXCUSE for _, card in trick.cards):
            return trick.winner
        tricks = [*before, trick]
        seat = excuse_wins_last(tricks, sides(taker, found_partners(tricks, called, taker)))
        return trick.winner if seat is None else seat

    return winner


def count(
    tricks: list[TrickResult], side: Side, *, total: int, aside: list[str], aside_side: str | None
) -> Piles:
    """Card points and oudlers of each side after the tricks played so far (`total` tricks
    in the deal), plus the cards put aside (écart or chien) counted for `aside_side`.

    The Excuse stays with its holder's side, which gives a half-point card to the trick's
    winners; in the last trick it goes to the winner of that trick."""
    points = {"taker": 0.0, "defence": 0.0}
    oudlers = {"taker": 0, "defence": 0}
    won = {"taker": 0, "defence": 0}
    piles: dict[str, list[str]] = {"taker": [], "defence": []}
    for trick in tricks:
        name = side(trick.winner)
        won[name] += 1
        cards = list(map(_card, trick.cards))
        piles[name] += cards
        owner = side(trick.cards[cards.index(EXCUSE)][0]) if EXCUSE in cards else name
        if owner != name and trick.number != total:
            # the Excuse's exchange: a half-point card to the winners
            points[owner] += POINTS[EXCUSE] - 0.5
            points[name] -= POINTS[EXCUSE] - 0.5
            oudlers[owner] += 1
            oudlers[name] -= 1
    if aside_side is not None:
        piles[aside_side] += aside
    for name, cards in piles.items():
        points[name] += sum(map(POINTS.__getitem__, cards))
        oudlers[name] += sum(map(OUDLERS.__contains__, cards))
    return Piles(points, oudlers, won)


def petit_au_bout(tricks: list[TrickResult], side: Side, *, slam_rule: bool) -> int | None:
    """The seat winning the trick with the Petit au bout: the Petit in the last trick, or
    (`slam_rule`) in the next-to-last when the last is a slam's Excuse."""
    last = tricks[-1]
    if any(c == PETIT for _, c in last.cards):
        return last.winner
    if slam_rule and len(tricks) >= 2 and excuse_wins_last(tricks, side) is not None:
        before = tricks[-2]
        if any(c == PETIT for _, c in before.cards):
            return before.winner
    return None
