"""Start-up of the command line: `trunfu --help` and `trunfu validate` of one small file,
each in a fresh process, against `python -c pass` (the interpreter's own start-up) as the
peer. Goal: each command in <= 0.25 s of wall time.

Each command runs once untimed (it writes the modules' bytecode and the grammar's cache,
as the first run after an install does), then N times. Shown per command: the best and
the median wall time, the least CPU time (user + system: steadier than wall time on a
shared machine), the peak resident memory, and the best wall time as a multiple of the
peer's.

    .venv/bin/python bench/startup.py [-n 10] [--file data/examples/french-tarot-3.tgn]

`trunfu` is the console script beside this interpreter (else `python -m trunfu.cli`). What
a command imports, and what each import costs:

    .venv/bin/python -X importtime -m trunfu.cli validate FILE 2> imports.txt
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

GOAL = 0.25
"""Seconds of wall time, per command."""
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The commands run as installed ones do: their modules' bytecode written once, then read."""
EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "examples" / "french-tarot-3.tgn"


@dataclass
class Timing:
    """The runs of one command."""

    label: str
    walls: list[float]
    cpus: list[float]
    """User + system seconds of each run (steadier than wall on a shared machine)."""
    peak_mib: float | None

    @property
    def best(self) -> float:
        return min(self.walls)

    def row(self, peer: Timing) -> str:
        memory = f"{self.peak_mib:6.1f} MiB" if self.peak_mib is not None else "      -"
        ratio = "peer" if self is peer else f"x{self.best / peer.best:.1f}"
        cpu = f"{min(self.cpus):6.3f} s" if self.cpus else "      -"
        return (
            f"  {self.label:<34} best {self.best:6.3f} s  median "
            f"{statistics.median(self.walls):6.3f} s  CPU {cpu}  {memory}  {ratio}"
        )


def trunfu_command() -> list[str]:
    """How a user starts `trunfu`: the console script beside this Python, else `-m`."""
    script = Path(sys.executable).parent / "trunfu"
    if script.is_file():
        return [sys.executable, str(script)]
    return [sys.executable, "-m", "trunfu.cli"]


def run_once(command: list[str]) -> tuple[float, float | None, float | None]:
    """Wall seconds, CPU seconds and peak resident MiB of one run of `command` (its output
    discarded)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=CHILD_ENV
    )
    if hasattr(os, "wait4"):
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        cpu: float | None = usage.ru_utime + usage.ru_stime
        peak: float | None = usage.ru_maxrss / 1024  # KiB on Linux
    else:
        process.wait()
        wall = time.perf_counter() - start
        cpu = peak = None
    if process.returncode not in (0, 1):  # validate exits 1 on an invalid record
        raise SystemExit(f"{' '.join(command)} failed (exit {process.returncode})")
    return wall, cpu, peak


def measure(label: str, command: list[str], runs: int) -> Timing:
    run_once(command)  # warm: the file cache, __pycache__, Lark's parser cache
    results = [run_once(command) for _ in range(runs)]
    cpus = [c for _, c, _ in results if c is not None]
    peaks = [p for _, _, p in results if p is not None]
    return Timing(label, [w for w, _, _ in results], cpus, max(peaks) if peaks else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", "--runs", type=int, default=10, help="timed runs per command")
    parser.add_argument("--file", type=Path, default=EXAMPLE, help="the file to validate")
    args = parser.parse_args()
    trunfu = trunfu_command()
    peer = measure("python -c pass", [sys.executable, "-c", "pass"], args.runs)
    timings = [
        peer,
        measure("trunfu --help", [*trunfu, "--help"], args.runs),
        measure(
            f"trunfu validate {args.file.name}", [*trunfu, "validate", str(args.file)], args.runs
        ),
    ]
    print(f"start-up, best of {args.runs} runs ({' '.join(trunfu)}):")
    for timing in timings:
        print(timing.row(peer))
    met = all(t.best <= GOAL for t in timings[1:])
    print(f"goal: <= {GOAL} s wall each: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
