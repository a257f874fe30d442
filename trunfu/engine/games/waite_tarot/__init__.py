"""The Game of Tarot (A. E. Waite, 1888), for two or three seats."""

from __future__ import annotations

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(GameRules("waite-tarot", replay, (2, 3), start, actions, deal, choose))
