"""The benchmarks still run: each script of `bench/` on a tiny workload, so that a change of
the API they use is found by the suite, not by the next person who measures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"

RUNS = {
    "parse.py": ["-n", "40"],
    "validate.py": ["-n", "10", "--game", "marafone"],
    "ingest.py": ["--deals", "20", "--workers", "1"],
    "sample_rates.py": ["--simulate", "3"],
    "startup.py": ["--runs", "1"],
}


@pytest.mark.parametrize(("script", "args"), list(RUNS.items()))
def test_the_benchmark_runs(script: str, args: list[str], tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "the benchmark printed no figures"
