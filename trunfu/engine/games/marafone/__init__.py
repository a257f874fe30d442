"""Marafone (Beccacino): four seats in two teams, and Trionfo with five seats."""

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(GameRules("marafone", (4, 5), replay, start, actions, deal, choose))
