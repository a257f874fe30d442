"""The simulator driver: random legal deals from any registered game, fixed by a seed."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ..notation.models import Record, Tag
from ..notation.reader import read_records
from ..notation.writer import write
from .games import get, load


def build_record(text: str) -> Record:
    """The record of a TGN text written by a simulator (positions filled by the reader)."""
    records = read_records(text)
    if len(records) != 1:
        raise ValueError(f"a simulated deal must be one record, got {len(records)}")
    return records[0]


def iter_simulate(
    game: str, seats: int, deals: int, seed: int, variant: str | None = None
) -> Iterator[Record]:
    """`deals` random legal records of `game` with `seats` seats, the same for the same
    seed. Each gets `Event "trunfu simulation, seed S"` and `Board N` tags."""
    rules = get(game)
    if rules is None or rules.simulate is None:
        known = ", ".join(sorted(n for n, r in load().items() if r.simulate)) or "none"
        raise ValueError(f"no simulator for {game!r} (games that simulate: {known})")
    if rules.seats and seats not in rules.seats:
        counts = "|".join(str(n) for n in rules.seats)
        raise ValueError(f"{game} is simulated with {counts} seats, not {seats}")
    rng = random.Random(seed)
    for board in range(1, deals + 1):
        record = rules.simulate(rng, seats, variant)
        record.tags = [t for t in record.tags if t.name not in ("Event", "Board")]
        record.tags += [
            Tag(name="Event", value=f"trunfu simulation, seed {seed}"),
            Tag(name="Board", value=str(board)),
        ]
        record = build_record(write(record))  # canonical: tag order and positions as read
        record.index = board
        yield record


def simulate(
    game: str, seats: int, deals: int, seed: int, variant: str | None = None
) -> list[Record]:
    """The list form of `iter_simulate`."""
    return list(iter_simulate(game, seats, deals, seed, variant))
