"""The long fuzz run (not part of the suite): many hostile inputs through the reader, the
referee and the writer, counted. Usage:

    python tests/fuzz/long_run.py [--inputs 100000] [--seed 1] [--save DIR]

Prints the inputs tried and every failure class found (the first example of each), and
exits 1 when any input broke a promise.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile import check_bytes, check_text, mutate, random_bytes, seed_texts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--inputs", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", type=Path, help="a folder to write each class's first input to")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    seeds = seed_texts()
    failures: Counter[str] = Counter()
    first: dict[str, tuple[str, object]] = {}
    start = time.perf_counter()
    for n in range(1, args.inputs + 1):
        if rng.random() < 0.1:
            data = random_bytes(rng)
            problem = check_bytes(data)
            given: object = data
        else:
            text = mutate(rng.choice(seeds), rng)
            problem = check_text(text)
            given = text
        if problem is not None:
            kind = problem.strip().splitlines()[-1][:120]
            failures[kind] += 1
            if kind not in first and args.save is not None:
                args.save.mkdir(parents=True, exist_ok=True)
                data = given if isinstance(given, bytes) else given.encode("utf-8", "surrogatepass")
                (args.save / f"failure-{len(first) + 1}.tgn").write_bytes(data)
            first.setdefault(kind, (problem, given))
        if n % 5000 == 0:
            print(f"{n:,} inputs, {sum(failures.values()):,} failures", file=sys.stderr)
    seconds = time.perf_counter() - start
    print(f"inputs tried: {args.inputs:,} in {seconds:.0f} s (seed {args.seed})")
    print(f"failures: {sum(failures.values()):,} in {len(failures)} classes")
    for kind, count in failures.most_common():
        problem, given = first[kind]
        print(f"\n== {count:,} x {kind}\n{problem}\ninput: {given!r:.600}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
