"""French tarot: the FFT rules (3, 4, 5 seats) and the classic rules (3 to 6 seats)."""

from .. import GameRules, register
from . import simulate, state
from .replay import replay

register(GameRules.of("french-tarot", (3, 4, 5, 6), replay, state, simulate))
