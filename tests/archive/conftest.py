"""Simulated records (every game and seat count registered) with players, events and
dates, and an archive built from them."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from trunfu.archive.ingest import ingest
from trunfu.engine import replay, simulate
from trunfu.engine.games import load
from trunfu.notation.models import Record, Tag
from trunfu.notation.writer import write

PLAYERS = ("Ada", "Bice", "Carmelo", "Dora", "Ettore", "Fina", "Gino")
EVENTS = ("Club night", "Palermo open")
DATES = ("2024.03.01", "2024.03.02", "2024.04.10", "2024.??.??")
PER_COMBINATION = 20


@dataclass
class Deal:
    record: Record
    text: str
    replay: object


def _dress(record: Record, rng: random.Random) -> Record:
    """Players, event and date tags on a simulated record."""
    names = rng.sample(PLAYERS, record.seats or 0)
    extra = [Tag(name=f"P{i}", value=n) for i, n in enumerate(names, 1)]
    extra += [
        Tag(name="Event", value=rng.choice(EVENTS)),
        Tag(name="Date", value=rng.choice(DATES)),
    ]
    keep = [t for t in record.tags if t.name not in {t.name for t in extra}]
    return replace(record, tags=keep + extra)


def simulated_deals(per: int = PER_COMBINATION, seed: int = 5) -> list[Deal]:
    rng = random.Random(seed)
    deals = []
    for name, rules in sorted(load().items()):
        for seats in rules.seats:
            for record in simulate(name, seats, per, seed=seed + seats):
                record = _dress(record, rng)
                deals.append(Deal(record, write(record), replay(record, steps=False)))
    return deals


@pytest.fixture(scope="session")
def deals() -> list[Deal]:
    return simulated_deals()


def write_file(path: Path, texts: list[str]) -> Path:
    path.write_text("\n".join(texts), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def archive(deals: list[Deal], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive holding every simulated deal (ingested in-process, small batches)."""
    folder = tmp_path_factory.mktemp("archive")
    source = write_file(folder / "all.tgn", [d.text for d in deals])
    db = folder / "archive.duckdb"
    summary = ingest(db, [str(source)], workers=0, batch_size=37)
    assert summary.added == len(deals) and not summary.rejected
    return db
