"""Who takes which cards: the Excuse's exchange, the Excuse in the last trick, the écart or
chien, and the points and oudlers of each side."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, itemgetter

from ...model import TrickResult
from ...play import WinnerRule
from .calls import found_partners
from .rules import EXCUSE, OUDLERS, PETIT, POINTS

Team = Collection[int]
"""The seats of the taker's side (the taker and his partners); the others defend."""
_card = itemgetter(1)
"""A (seat, card) pair's card."""
_CARDS = attrgetter("cards")


@dataclass
class Piles:
    points: dict[str, float]
    oudlers: dict[str, int]
    tricks: dict[str, int]
    """Tricks won by each side."""


def excuse_wins_last(tricks: list[TrickResult], team: Team) -> int | None:
    """The seat of the Excuse in the last trick when its side won every earlier trick
    (fft: the Excuse then wins the last trick), else None."""
    last = tricks[-1]
    seat = next((s for s, c in last.cards if c == EXCUSE), None)
    if seat is None or len(tricks) < 2:
        return None
    ours = seat in team
    return seat if all((t.winner in team) == ours for t in tricks[:-1]) else None


def excuse_wins_slam(taker: int, called: tuple[str, ...]) -> WinnerRule:
    """fft: the Excuse played to the last trick by a side that took every earlier trick
    wins that trick (the sides known from who played the called cards). A function of
    what it needs, never of the game state (the play would then hold the state)."""

    def winner(trick: TrickResult, before: list[TrickResult]) -> int:
        if EXCUSE not in map(_card, trick.cards):
            return trick.winner
        tricks = [*before, trick]
        team = {taker, *found_partners(tricks, called, taker)}
        seat = excuse_wins_last(tricks, team)
        return trick.winner if seat is None else seat

    return winner


def count(
    tricks: list[TrickResult],
    team: Team,
    *,
    total: int,
    aside: Collection[str] = (),
    aside_side: str | None = None,
) -> Piles:
    """Card points and oudlers of each side after the tricks played so far (`total` tricks
    in the deal), plus the cards put aside (écart or chien) counted for `aside_side`.

    The Excuse stays with its holder's side, which gives a half-point card to the trick's
    winners; in the last trick it goes to the winner of that trick."""
    won: dict[str, list[TrickResult]] = {"taker": [], "defence": []}
    for trick in tricks:
        won["taker" if trick.winner in team else "defence"].append(trick)
    points, oudlers, excused = {}, {}, []
    for name, taken in won.items():
        cards = list(map(_card, chain.from_iterable(map(_CARDS, taken))))
        size, at = len(taken[0].cards) if taken else 1, 0
        while EXCUSE in cards[at:]:  # each trick holding the Excuse, once
            number = cards.index(EXCUSE, at) // size
            excused.append((name, taken[number]))
            at = (number + 1) * size
        cards += aside if name == aside_side else ()
        points[name] = sum(map(POINTS.__getitem__, cards), 0.0)
        oudlers[name] = sum(map(OUDLERS.__contains__, cards))
    for name, trick in excused:  # the Excuse's exchange: a half-point card to the winners
        owner = "taker" if next(s for s, c in trick.cards if c == EXCUSE) in team else "defence"
        if owner != name and trick.number != total:
            for side, sign in ((owner, 1), (name, -1)):
                points[side] += sign * (POINTS[EXCUSE] - 0.5)
                oudlers[side] += sign
    return Piles(points, oudlers, {name: len(taken) for name, taken in won.items()})


def petit_au_bout(tricks: list[TrickResult], team: Team, *, slam_rule: bool) -> int | None:
    """The seat winning the trick with the Petit au bout: the Petit in the last trick, or
    (`slam_rule`) in the next-to-last when the last is a slam's Excuse."""
    last = tricks[-1]
    if PETIT in map(_card, last.cards):
        return last.winner
    if slam_rule and len(tricks) >= 2 and excuse_wins_last(tricks, team) is not None:
        before = tricks[-2]
        if PETIT in map(_card, before.cards):
            return before.winner
    return None
