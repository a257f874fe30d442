"""Sicilian tarocchi (rules of Mineo), 3 and 4 seats: see docs/games/tarocco-siciliano.md."""

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(GameRules("tarocco-siciliano", (3, 4), replay, start, actions, deal, choose))
