"""Sicilian tarocchi (rules of Mineo), 3 and 4 seats: see docs/games/tarocco-siciliano.md."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import simulate

RULES = register(
    GameRules(name="tarocco-siciliano", replay=replay, simulate=simulate, seats=(3, 4))
)
