"""Marafone (Beccacino): four seats in two teams, and Trionfo with five seats."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(
    GameRules(
        name="marafone",
        replay=replay,
        seats=(4, 5),
        start=start,
        actions=actions,
        deal=deal,
        choose=choose,
    )
)
