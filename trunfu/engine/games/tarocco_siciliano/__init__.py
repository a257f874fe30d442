"""Sicilian tarocchi (rules of Mineo), 3 and 4 seats: see docs/games/tarocco-siciliano.md."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

RULES = register(
    GameRules(
        name="tarocco-siciliano",
        replay=replay,
        seats=(3, 4),
        start=start,
        actions=actions,
        deal=deal,
        choose=choose,
    )
)
