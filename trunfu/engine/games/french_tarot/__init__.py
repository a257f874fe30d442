"""French tarot: the FFT rules (3, 4, 5 seats) and the classic rules (3 to 6 seats)."""

from .. import GameRules, register
from .replay import replay
from .simulate import choose, deal
from .state import actions, start

register(GameRules("french-tarot", (3, 4, 5, 6), replay, start, actions, deal, choose))
