"""Positions of the play of simulated deals, for the solver's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from trunfu.analysis.solver import history
from trunfu.engine import State, actions, simulate, start

GAMES = [
    ("french-tarot", 3),
    ("french-tarot", 4),
    ("french-tarot", 5),
    ("tarocco-siciliano", 3),
    ("tarocco-siciliano", 4),
    ("marafone", 4),
    ("marafone", 5),
    ("waite-tarot", 2),
]
"""Every game and seat count with two sides."""


def played(game: str, seats: int, deals: int, seed: int) -> Iterator[list[State]]:
    """For each simulated deal that is played out (not thrown in), the state before each
    card of its play, in order."""
    for record in simulate(game, seats, deals, seed=seed):
        state = start(record)
        before: list[State] = []
        for _, action in actions(record):
            snapshot = state.copy() if state.play is not None or state.phase == "play" else None
            seen = len(history(state))
            state.apply(action)
            if snapshot is not None and len(history(state)) > seen:
                before.append(snapshot)
        if state.outcome is not None and not state.outcome.thrown_in and before:
            yield before


def endings(game: str, seats: int, deals: int, tricks: int, seed: int) -> Iterator[State]:
    """One random position per deal among the cards of its last `tricks` tricks."""
    rng = random.Random(seed)
    for before in played(game, seats, deals, seed):
        total = before[-1].play.total
        late = [s for s in before if s.play is not None and s.play.number > total - tricks]
        if late:  # a marafone deal may end on a claim before its last tricks
            yield rng.choice(late)
