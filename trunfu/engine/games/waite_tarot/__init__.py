"""The Game of Tarot (A. E. Waite, 1888), for two or three seats."""

from .. import GameRules, register
from . import simulate, state
from .replay import replay

register(GameRules.of("waite-tarot", (2, 3), replay, state, simulate))
