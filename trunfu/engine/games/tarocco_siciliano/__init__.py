"""Sicilian tarocchi (rules of Mineo), 3 and 4 seats: see docs/games/tarocco-siciliano.md."""

from .. import GameRules, register
from . import simulate, state
from .replay import replay

register(GameRules.of("tarocco-siciliano", (3, 4), replay, state, simulate))
