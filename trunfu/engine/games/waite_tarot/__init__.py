"""The Game of Tarot (A. E. Waite, 1888), for two or three seats."""

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(GameRules("waite-tarot", (2, 3), replay, start, actions, deal, choose))
