"""Time the queries of marafone matches and of the games' statistics
(`trunfu.archive.matches`, `trunfu.archive.game_stats`) against a peer query of
`queries.py` (`contract_mix`) run in the same process.

    .venv/bin/python bench/game_stats.py --db ARCHIVE        # an existing archive
    .venv/bin/python bench/game_stats.py --deals 2000        # a fresh one, simulated

A fresh archive holds `--deals` simulated deals of each of marafone 4 and 5 seats and
Game of Tarot 2 and 3 seats, the four-seat hands chained into matches of eight hands
(`MatchScore` added; simulation and ingest time not counted). Prints the best of
`--repeat` runs of each query in ms and its ratio to the peer.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from trunfu.archive import game_stats, matches, queries
from trunfu.archive.ingest import ingest
from trunfu.engine import replay, simulate
from trunfu.notation.models import Tag
from trunfu.notation.writer import write

PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elio", "Fede")


def build(folder: Path, deals: int) -> Path:
    texts = []
    for game, seats in (("marafone", 4), ("marafone", 5), ("waite-tarot", 2), ("waite-tarot", 3)):
        score = [0, 0]
        for n, record in enumerate(simulate(game, seats, deals, seed=seats)):
            tags = [Tag(name=f"P{i}", value=PLAYERS[(n // 8 + i) % 6]) for i in range(1, seats + 1)]
            if seats == 4:
                out = replay(record, steps=False).outcome
                if n % 8 == 0:
                    score = [0, 0]
                if out is not None and out.breakdown["end"] == "complete":
                    tags += [Tag(name="Round", value=str(n // 8)),
                             Tag(name="MatchScore", value=f"{score[0]} {score[1]}")]  # fmt: skip
                    score = [score[0] + out.breakdown["teams"]["1+3"],
                             score[1] + out.breakdown["teams"]["2+4"]]  # fmt: skip
            kept = [t for t in record.tags if t.name not in {t.name for t in tags}]
            texts.append(write(replace(record, tags=kept + tags)))
    path = folder / "deals.tgn"
    path.write_text("\n".join(texts), encoding="utf-8")
    db = folder / "bench.duckdb"
    ingest(db, [str(path)])
    return db


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an existing archive (else one is simulated)")
    parser.add_argument("--deals", type=int, default=2000, help="simulated deals per game")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or build(Path(folder), args.deals)
        con = queries.open_archive(db)
        deals = con.execute("SELECT count(*) FROM records").fetchone()[0]
        peer = best(lambda: queries.contract_mix(con), args.repeat)
        print(f"archive {db}: {deals:,} deals; peer contract_mix {peer:.1f} ms")
        found = matches.matches(con)
        first = int(found["match_id"].iloc[0]) if not found.empty else 0
        print(f"{len(found):,} matches")
        runs = {**matches.QUERIES, **game_stats.QUERIES}
        for name, query in runs.items():
            kwargs = {"match_id": first} if name == "match_hands" else {}
            ms = best(lambda q=query, k=kwargs: q(con, **k), args.repeat)
            print(f"{name:26s} {ms:8.1f} ms  x{ms / peer:5.1f} peer")
        con.close()


if __name__ == "__main__":
    main()
