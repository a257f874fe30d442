"""The Game of Tarot (A. E. Waite, 1888), for two or three seats."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(
    GameRules(
        name="waite-tarot",
        replay=replay,
        seats=(2, 3),
        start=start,
        actions=actions,
        deal=deal,
        choose=choose,
    )
)
