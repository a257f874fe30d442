"""The least game state a replay step can show, for tests of the shared play loop alone."""

from trunfu.engine.context import Context
from trunfu.engine.model import TrickResult
from trunfu.engine.play import TrickPlay
from trunfu.engine.state import Snapshot


class Table:
    """Shows the tricks each seat has taken (the play adopted from `play_tricks`)."""

    play: TrickPlay | None = None

    def adopt(self, play: TrickPlay) -> None:
        self.play = play

    def took(self, trick: TrickResult) -> None:
        pass

    def snapshot(self) -> Snapshot:
        return Snapshot(taken=self.play.taken() if self.play is not None else {})


def observed(ctx: Context) -> Table:
    """A `Table` shown in `ctx`'s steps."""
    table = Table()
    ctx.observe(table)
    return table
