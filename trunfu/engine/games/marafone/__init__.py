"""Marafone (Beccacino): four seats in two teams, and Trionfo with five seats."""

from .. import GameRules, register
from . import simulate, state
from .replay import replay

register(GameRules.of("marafone", (4, 5), replay, state, simulate))
