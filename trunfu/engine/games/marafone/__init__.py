"""Marafone (Beccacino): four seats in two teams, and Trionfo with five seats."""

from __future__ import annotations

import random

from ....notation.models import Record
from ...context import Context
from .. import GameRules, register
from . import five, four
from . import simulate as simulator


def replay(record: Record, ctx: Context) -> None:
    """Referee a marafone record: four seats, or Trionfo with five."""
    (four.replay if ctx.seats == four.SEATS else five.replay)(record, ctx)


def simulate(rng: random.Random, seats: int, variant: str | None = None) -> Record:
    """One random legal hand with `seats` seats (4, or 5 for Trionfo)."""
    return simulator.simulate(rng, seats, variant)


register(GameRules(name="marafone", replay=replay, simulate=simulate, seats=(4, 5)))
