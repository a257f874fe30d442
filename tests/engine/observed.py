"""The least game state a replay step can show, for tests of the shared play loop alone."""

from trunfu.engine.context import Context
from trunfu.engine.play import PlaySetup, TrickPlay
from trunfu.engine.state import Snapshot


class Table:
    """Shows the tricks each seat has taken (the play adopted through `PlaySetup.on_start`)."""

    play: TrickPlay | None = None

    def adopt(self, play: TrickPlay) -> None:
        self.play = play

    def snapshot(self) -> Snapshot:
        return Snapshot(taken=self.play.taken() if self.play is not None else {})


def observed(ctx: Context, setup: PlaySetup) -> PlaySetup:
    """`setup`, its play shown in `ctx`'s steps through a `Table`."""
    table = Table()
    ctx.observe(table)
    setup.on_start = table.adopt
    return setup
