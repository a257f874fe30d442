"""Refereeing speed (issue 3): simulated 4-seat tarocco-siciliano deals read, replayed
against the rules and scored, in deals per second on one core.

Simulates N deals (fixed seed, not timed), writes them as one TGN text, then times in the
same process:
  - parse: reading the text only (the peer run);
  - replay: the rules engine alone on the parsed records (`replay(record, steps=False)`);
  - validate: parse + replay + score, what `trunfu validate` does per record;
  - steps: the engine with the step-by-step states (what `trunfu replay` uses).
Prints deals/s (wall and CPU) for each and the ratios on CPU time. Goal: validate >= 2,000
deals/s.

    .venv/bin/python bench/validate.py [-n 2000] [--profile] [--game G --seats S]

(`--game french-tarot --seats 4|5` measures French tarot the same way; `--game marafone
--seats 4` 4-seat marafone (issue 7, same goal), `--game waite-tarot --seats 2|3` the Game
of Tarot.)
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import time

from trunfu.engine import replay, simulate
from trunfu.notation.reader import read
from trunfu.notation.writer import write_all
from trunfu.referee import judge

SEED = 20261121
GOAL = 2000


def timed(label: str, fn, n: int) -> float:
    """Run `fn` once; print wall and CPU time and rates; return the CPU-time rate (deals
    per CPU second, steadier than wall time on a shared machine)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{label:<34} {wall:7.3f} s wall {n / wall:8,.0f}/s   {cpu:7.3f} s CPU {n / cpu:8,.0f}/s")
    return n / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=2000, help="number of deals")
    parser.add_argument("--profile", action="store_true", help="profile the validate run")
    parser.add_argument("--game", default="tarocco-siciliano", help="game to simulate")
    parser.add_argument("--seats", type=int, default=4, help="seats")
    args = parser.parse_args()
    records = simulate(args.game, args.seats, args.n, SEED)
    text = write_all(records)
    played = sum(1 for r in records if r.play is not None)
    print(
        f"{args.n} simulated {args.seats}-seat {args.game} deals ({played} played), "
        f"{len(text) / 1e6:.2f} MB, seed {SEED}"
    )

    for _ in read(io.StringIO(write_all(records[:5]))):  # warm up: the parser is built once
        pass

    def parse_only() -> None:
        for _ in read(io.StringIO(text)):
            pass

    parse_rate = timed("parse (reader only)", parse_only, args.n)
    parsed = list(read(io.StringIO(text)))  # kept for the engine-only runs (not timed)
    replay_rate = timed(
        "replay + score (engine only)",
        lambda: [replay(r.record, steps=False) for r in parsed],
        args.n,
    )

    def validate() -> None:
        for result in read(io.StringIO(text)):
            verdict = judge(result)
            assert verdict.valid, verdict.diagnostics

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(validate)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return
    validate_rate = timed("validate (parse + replay + score)", validate, args.n)
    timed("replay with steps (engine only)", lambda: [replay(r.record) for r in parsed], args.n)
    print(f"ratio validate / parse: {validate_rate / parse_rate:.2f}")
    print(f"ratio replay / parse:   {replay_rate / parse_rate:.2f}")
    verdict = "met" if validate_rate >= GOAL else "NOT met"
    print(f"goal {GOAL:,} deals/s (CPU) for validate: {verdict}")


if __name__ == "__main__":
    main()
