"""French tarot: the FFT rules (3, 4, 5 seats) and the classic rules (3 to 6 seats)."""

from ...games import GameRules, register
from .replay import replay
from .simulate import simulate

register(GameRules(name="french-tarot", replay=replay, simulate=simulate, seats=(3, 4, 5, 6)))
