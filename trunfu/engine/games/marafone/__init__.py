"""Marafone (Beccacino): four seats in two teams, and Trionfo with five seats."""

from __future__ import annotations

from ....notation.models import Record
from ...context import Context
from .. import GameRules, register
from . import five, four
from .simulate import choose, deal
from .state import actions, start


def replay(record: Record, ctx: Context) -> None:
    """Referee a marafone record: four seats, or Trionfo with five."""
    (four.replay if ctx.seats == four.SEATS else five.replay)(record, ctx)


register(
    GameRules(
        name="marafone",
        replay=replay,
        seats=(4, 5),
        start=start,
        actions=actions,
        deal=deal,
        choose=choose,
    )
)
