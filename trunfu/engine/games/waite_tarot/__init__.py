"""The Game of Tarot (A. E. Waite, 1888), for two or three seats."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import simulate

register(GameRules(name="waite-tarot", replay=replay, simulate=simulate, seats=(2, 3)))
