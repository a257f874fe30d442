"""Every card of a record's last tricks, judged double dummy: the value before the card,
after it, the cards that kept the value, and what the card cost its side."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import State, actions, start
from ..notation.decks import GAMES
from ..notation.models import Record
from .inferred import completed, missing_seats
from .solver import Solver, history
from .values import NotAnalysable

DEFAULT_BUDGET = 10.0
"""Seconds per deal when the number of tricks is not given."""
GROWTH = 4.0
"""How many times longer a trick is expected to take than the trick after it."""


@dataclass
class Position:
    """One card played: the trick, the seat, the card, the values (points, for the
    declarer's side) before and after it, the cards that kept `before`, and `loss`, what
    it cost the seat's own side."""

    trick: int
    seat: int
    card: str
    before: float
    after: float
    best: list[str]
    loss: float

    def as_json(self) -> dict[str, object]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card,
            "before": self.before,
            "after": self.after,
            "best": self.best,
            "loss": self.loss,
        }


@dataclass
class Analysis:
    """The analysis of one record: the declarer's side, the tricks analysed, the cards."""

    game: str
    side: list[int]
    tricks: int
    positions: list[Position] = field(default_factory=list)

    @property
    def side_words(self) -> str:
        """The declarer's side by its seats, as a player says it: "seat 2", "seats 1 and 3"."""
        seats = [str(s) for s in self.side]
        if len(seats) == 1:
            return f"seat {seats[0]}"
        return f"seats {', '.join(seats[:-1])} and {seats[-1]}"


def _plays(record: Record) -> tuple[State, list[tuple[int, str]]]:
    """A state of the play (once its first card is down), and every card played (seat,
    card), in order. A deal that leaves hands out is started from the hands its play shows
    (`inferred.completed`)."""
    try:
        state = start(record)
    except ValueError as error:
        if not missing_seats(record):
            raise NotAnalysable(f"the deal cannot be set up: {error}") from None
        record = completed(record)  # every hand inferred from the play, or NotAnalysable
        try:
            state = start(record)
        except ValueError as error:
            raise NotAnalysable(
                f"the hands are inferred from the play, but the deal cannot be set up: {error}"
            ) from None
    try:
        moves = actions(record)
    except ValueError as error:
        raise NotAnalysable(str(error)) from None
    first: State | None = None
    played: list[tuple[int, str]] = []
    for seat, action in moves:
        seen = len(history(state))
        try:
            state.apply(action)
        except ValueError as error:
            raise NotAnalysable(f"the record breaks the rules: {error}") from None
        cards = history(state)
        if len(cards) > seen and seat is not None:
            played.append((seat, cards[-1]))
            if first is None:
                first = state.copy()
    if first is None:
        raise NotAnalysable("the record has no card played: there is no play to analyse")
    return first, played


def analyse(
    record: Record,
    *,
    tricks: int | None = None,
    budget: float = DEFAULT_BUDGET,
    progress: Callable[[int], None] | None = None,
) -> Analysis:
    """Every card of the last `tricks` tricks of `record` (None: as many as the time
    `budget`, in seconds, allows, from the last trick back). `progress` is told the number
    of tricks analysed after each one. Raises `NotAnalysable` with the reason in words."""
    first, played = _plays(record)
    solver = Solver(first)
    scheme = solver.scheme
    seats = first.seats
    earliest = max(solver.check_until, 0)
    last_trick = -(-len(played) // seats)
    out = Analysis(game=first.game, side=solver.side, tricks=0)
    clock = time.perf_counter()
    spent_on_last = 0.0
    by_trick: list[list[Position]] = []
    whole = len(played) == solver.total * seats  # played out: the last card ends the deal
    after: int | None = None
    for number in range(last_trick, earliest, -1):
        if tricks is not None and len(by_trick) >= tricks:
            break
        elapsed = time.perf_counter() - clock
        if tricks is None and by_trick and elapsed + GROWTH * spent_on_last > budget:
            break
        began = time.perf_counter()
        rows = []
        for i in reversed(range((number - 1) * seats, min(number * seats, len(played)))):
            seat, card = played[i]
            cards = [c for _, c in played[:i]]
            if after is None and i + 1 == len(played) and whole:
                after = solver.ended([c for _, c in played])
            found = solver.judge(cards, card, after)
            ours = seat in solver.side
            loss = found.before - found.after if ours else found.after - found.before
            rows.append(
                Position(
                    trick=number,
                    seat=seat,
                    card=card,
                    before=scheme.points(found.before),
                    after=scheme.points(found.after),
                    best=GAMES[first.game].sort(found.best),
                    loss=scheme.points(loss),
                )
            )
            after = found.before  # the value before this card is the one after the card before
        rows.reverse()
        spent_on_last = time.perf_counter() - began
        by_trick.append(rows)
        if progress is not None:
            progress(len(by_trick))
    for rows in reversed(by_trick):
        out.positions += rows
    out.tricks = len(by_trick)
    return out
