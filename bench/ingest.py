"""Archive benchmark: simulate N deals of every game registered, write them to
.tgn files (one process per game and seat count, on every core; not timed), ingest them,
then time every dashboard query on the archive. `--reuse` ingests the `deals-*.tgn` files
already in `--dir` instead (players and dates are added to files that have none).

Prints deals/s end to end, peak memory (the ingest process and its workers together), the
database size and each query's time (first run and best of three), against the goals
(>= 4,000 deals/s on 2 cores, peak < 1.5 GB, every query < 300 ms). The peer run, in the
same process: parse + replay alone on one core, so the ratio shows how much of the
machine the ingest uses and what the archive itself costs.

    .venv/bin/python bench/ingest.py [--deals 1000000] [--workers N] [--dir DIR] [--reuse] [--keep]
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import shutil
import tempfile
import threading
import time
from datetime import date, timedelta
from multiprocessing import get_context
from pathlib import Path

import psutil

from trunfu.archive import game_stats, matches
from trunfu.archive import queries as q
from trunfu.archive.ingest import ingest
from trunfu.archive.rows import Rows, add_read
from trunfu.engine import iter_simulate
from trunfu.engine.games import load
from trunfu.notation.reader import read
from trunfu.notation.writer import write

SEED = 20260105
PER_FILE = 50_000
GOALS = {"rate": 4000.0, "memory": 1.5 * 2**30, "query": 0.300}


PLAYERS = [f"Player {n:03d}" for n in range(1, 301)]


def dress(text: str, rng: random.Random) -> str:
    """Players (from a pool of 300) and a date (two years) on a simulated record's text, as
    a club's archive has them (the ingest puts the tags in canonical order)."""
    seats = int(text[text.index('[Seats "') + 8])
    day = date(2024, 1, 1) + timedelta(days=rng.randrange(730))
    names = rng.sample(PLAYERS, seats)
    tags = [f'[Date "{day:%Y.%m.%d}"]'] + [f'[P{i} "{n}"]' for i, n in enumerate(names, 1)]
    head, _, rest = text.partition("\n")
    return "\n".join([head, *tags, rest])


def dress_file(path: Path, rng: random.Random) -> None:
    """Dress every record of a file written without players."""
    texts = path.read_text(encoding="utf-8").split("\n\n[")
    texts = [t if i == 0 else "[" + t for i, t in enumerate(texts)]
    path.write_text("\n\n".join(dress(t, rng) for t in texts), encoding="utf-8")


def simulate_combo(job: tuple[Path, int, str, int, int]) -> list[Path]:
    """Combination `index` (game, seats): `count` records in files of PER_FILE records,
    `deals-<index>-<n>.tgn` (written as `.part`, renamed when whole)."""
    folder, index, game, seats, count = job
    rng = random.Random(SEED + 1000 + index)
    parts: list[Path] = []
    out = None
    for n, record in enumerate(iter_simulate(game, seats, count, seed=SEED + index)):
        if n % PER_FILE == 0:
            if out:
                out.close()
            parts.append(folder / f"deals-{index:02d}-{len(parts):03d}.tgn.part")
            out = open(parts[-1], "w", encoding="utf-8")
        else:
            out.write("\n")
        out.write(dress(write(record), rng))
    if out:
        out.close()
    return [part.rename(part.with_suffix("")) for part in parts]


def simulate_files(folder: Path, deals: int, processes: int | None = None) -> list[Path]:
    """`deals` records shared evenly by every (game, seats) registered, each combination
    simulated by its own process (`processes` at a time, default one per core; the slowest
    game first), in files of PER_FILE records. The same files for the same `deals`."""
    combos = [(g, s) for g, rules in sorted(load().items()) for s in rules.seats]
    share, extra = divmod(deals, len(combos))
    jobs = [(folder, i, g, s, share + (i < extra)) for i, (g, s) in enumerate(combos)]
    jobs = [job for job in jobs if job[4]]
    jobs.sort(key=lambda job: job[2] != "tarocco-siciliano")  # the slowest to simulate first
    with get_context("fork").Pool(processes or os.cpu_count() or 1) as pool:
        return sorted(f for files in pool.imap_unordered(simulate_combo, jobs) for f in files)


class PeakMemory:
    """Peak resident memory of this process and its children, sampled every `INTERVAL`
    seconds; also the CPU time of the children (the workers) as last seen, and of this
    process. The sampling runs in this process, so it is kept cheap: the children are
    looked up (a scan of every process on the machine) at every sample until there are
    some, then only every `LOOKUP` seconds, so that the scan does not weigh on the ingest
    it measures."""

    INTERVAL = 0.2
    LOOKUP = 2.0

    def __init__(self) -> None:
        self.peak = self.peak_main = 0
        self.child_cpu: dict[int, float] = {}
        self.main_cpu = 0.0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def workers_cpu(self) -> float:
        return sum(self.child_cpu.values())

    def _run(self) -> None:
        me = psutil.Process()
        children: list[psutil.Process] = []
        looked_up = 0.0
        while not self._stop.is_set():
            if not children or time.monotonic() - looked_up >= self.LOOKUP:
                children, looked_up = me.children(recursive=True), time.monotonic()
            try:
                main = me.memory_info().rss
            except psutil.Error:
                continue
            total = main
            for child in children:
                try:
                    total += child.memory_info().rss
                    times = child.cpu_times()
                except psutil.Error:  # a child gone since the lookup
                    continue
                self.child_cpu[child.pid] = times.user + times.system
            self.peak, self.peak_main = max(self.peak, total), max(self.peak_main, main)
            self._stop.wait(self.INTERVAL)

    def __enter__(self) -> PeakMemory:
        self._cpu = time.process_time()
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()
        self.main_cpu = time.process_time() - self._cpu


def peer_rate(files: list[Path], sample: int = 2000) -> float:
    """Records/s of read + judge + replay + rows alone, in this process, on one core; the
    sample is taken from every file (each file may hold one game only)."""
    rows, count = Rows(), 0
    start = time.perf_counter()
    for file in files:
        for result in itertools.islice(read(file), max(1, sample // len(files))):
            add_read(rows, result)
            count += 1
    rows.tables()
    return count / (time.perf_counter() - start)


QUERY_CASES = [
    ("overview", lambda c: q.overview(c)),
    ("deals_per_game", lambda c: q.deals_per_game(c)),
    ("contract_mix", lambda c: q.contract_mix(c)),
    ("declarer_success by contract", lambda c: q.declarer_success(c)),
    ("declarer_success by position", lambda c: q.declarer_success(c, by="position")),
    ("declarer_success by oudlers", lambda c: q.declarer_success(c, by="oudlers")),
    ("score_summary", lambda c: q.score_summary(c)),
    ("score_distribution margin", lambda c: q.score_distribution(c, what="margin")),
    ("score_distribution score", lambda c: q.score_distribution(c, what="score")),
    ("player_stats", lambda c: q.player_stats(c)),
    ("score_evolution top 5", lambda c: q.score_evolution(c)),
    ("bonuses", lambda c: q.bonuses(c)),
    ("sicilian_jochi", lambda c: q.sicilian_jochi(c)),
    ("french_bonuses", lambda c: q.french_bonuses(c)),
    ("find_deals (no condition)", lambda c: q.find_deals(c)),
    ("find_deals T1 captured", lambda c: q.find_deals(c, card="T1", card_event="captured")),
    ("find_deals petit au bout", lambda c: q.find_deals(c, bonus="petit_au_bout")),
    (
        "find_deals game+contract+lost",
        lambda c: q.find_deals(c, q.Filters(game="french-tarot"), contract="garde", won=False),
    ),
    ("deals_per_game, event filter", lambda c: q.deals_per_game(c, q.Filters(event="nowhere"))),
    ("choices", lambda c: q.choices(c)),
    ("reject_codes", lambda c: q.reject_codes(c)),
    ("record_text", lambda c: q.record_text(c, 1)),
    ("matches", lambda c: matches.matches(c)),
    ("match_hands (first match)", lambda c: matches.match_hands(c, match_id=_FIRST_MATCH[0])),
    *((name, lambda c, run=run: run(c)) for name, run in game_stats.QUERIES.items()),
]
"""`queries.py`'s cases, then the dashboard's other queries (`matches`, `game_stats`)."""
_FIRST_MATCH = [0]
"""The id of the archive's first marafone match (0: none), found before the timings."""


def time_queries(db: Path) -> list[tuple[str, float, float]]:
    con = q.open_archive(db)
    found = matches.matches(con)
    _FIRST_MATCH[0] = int(found["match_id"].iloc[0]) if not found.empty else 0
    out = []
    for name, run in QUERY_CASES:
        times = []
        for _ in range(3):
            start = time.perf_counter()
            run(con)
            times.append(time.perf_counter() - start)
        out.append((name, times[0], min(times)))
    con.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dir", type=Path, default=None, help="work folder (default: a temp one)")
    parser.add_argument("--keep", action="store_true", help="keep the .tgn files and archive")
    parser.add_argument(
        "--reuse", action="store_true", help="ingest the .tgn files already in --dir"
    )
    args = parser.parse_args()
    folder = args.dir or Path(tempfile.mkdtemp(prefix="trunfu-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        start = time.perf_counter()
        files = sorted(folder.glob("deals-*.tgn")) if args.reuse else []
        rng = random.Random(SEED)
        for file in files:
            with open(file, encoding="utf-8") as stream:
                if "[P1 " not in stream.read(4096):
                    dress_file(file, rng)
        if not files:
            files = simulate_files(folder, args.deals)
        size = sum(f.stat().st_size for f in files)
        print(
            f"{'reused' if args.reuse else f'simulated {args.deals:,} deals in'} {len(files)} "
            f"files, {size / 2**20:,.0f} MB ({time.perf_counter() - start:,.0f} s, not counted)"
        )
        db = folder / "archive.duckdb"
        db.unlink(missing_ok=True)
        with PeakMemory() as memory:
            start = time.perf_counter()
            summary = ingest(db, [str(f) for f in files], workers=args.workers)
            seconds = time.perf_counter() - start
        rate = summary.records / seconds
        peer = peer_rate(files)
        print(
            f"ingest: {summary.records:,} records ({summary.added:,} added, "
            f"{summary.rejected:,} rejected) in {seconds:,.1f} s = {rate:,.0f} deals/s "
            f"with {args.workers} workers (goal {GOALS['rate']:,.0f}: "
            f"{'met' if rate >= GOALS['rate'] else 'NOT met'})"
        )
        per = 1000 / max(summary.records, 1)
        print(
            f"CPU per record: workers {memory.workers_cpu * per:.3f} ms (as last sampled), "
            f"main process {memory.main_cpu * per:.3f} ms; load average "
            f"{os.getloadavg()[0]:.1f} (2 cores: above 2, other jobs share them)"
        )
        print(
            f"peer: read+replay+rows alone, one core: {peer:,.0f} deals/s; "
            f"ingest / (peer x workers) = {rate / (peer * max(args.workers, 1)):.2f}"
        )
        print(
            f"peak memory: {memory.peak / 2**20:,.0f} MB with workers "
            f"({memory.peak_main / 2**20:,.0f} MB main process; goal < 1,536 MB: "
            f"{'met' if memory.peak < GOALS['memory'] else 'NOT met'})"
        )
        wal = db.with_name(db.name + ".wal")
        db_size = db.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
        print(
            f"database: {db_size / 2**20:,.0f} MB ({db_size / max(summary.added, 1):,.0f} B/deal)"
        )
        print(f"{'query':<34} {'first ms':>9} {'best ms':>9}")
        slow = 0
        for name, first, best in time_queries(db):
            slow += best >= GOALS["query"]
            flag = "" if best < GOALS["query"] else "  > 300 ms"
            print(f"{name:<34} {first * 1000:>9.1f} {best * 1000:>9.1f}{flag}")
        print(f"queries over 300 ms (best of 3): {slow}")
    finally:
        if not args.keep and args.dir is None:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
