"""What the command line loads: each command only the layers it uses, so that it starts at
once. Checked by the modules a fresh process holds after the command, not by timing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "data" / "examples" / "french-tarot-3.tgn"

RUN = """
import json, sys
out = sys.argv.pop(1)
sys.argv[0] = "trunfu"
from trunfu.cli import main
code = 0
try:
    main()
except SystemExit as end:
    code = end.code
with open(out, "w") as f:
    json.dump({"code": code, "modules": sorted(sys.modules)}, f)
"""
"""Runs `trunfu ARGS...` as the console script does, then writes its exit code and the
names of the modules it loaded to the file named by the first argument."""

HEAVY = (
    "duckdb",
    "pyarrow",
    "pandas",
    "numpy",
    "numba",
    "streamlit",
    "altair",
    "rich",
    "zstandard",
    "pydantic",
)
OTHER_GAMES = ("marafone", "tarocco_siciliano", "waite_tarot")


def python(*args: str) -> subprocess.CompletedProcess[str]:
    """`python ARGS...` in a new process that imports this repository's trunfu."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": path},
        timeout=120,
        check=False,
    )


def run(tmp_path: Path, *args: str) -> tuple[int, set[str], str]:
    """Exit code, loaded modules and standard output of `trunfu ARGS...` in a new process."""
    out = tmp_path / "modules.json"
    done = python("-c", RUN, str(out), *args)
    assert "Traceback" not in done.stderr, done.stderr
    found = json.loads(out.read_text())
    return found["code"], set(found["modules"]), done.stdout


def loaded(modules: set[str], package: str) -> bool:
    return any(m == package or m.startswith(package + ".") for m in modules)


def test_validate_loads_only_the_reader_the_engine_and_the_records_game(tmp_path):
    code, modules, out = run(tmp_path, "validate", str(EXAMPLE))
    assert code == 0 and "1 records: 1 valid, 0 invalid" in out
    assert "trunfu.engine.games.french_tarot" in modules  # the record's game was refereed
    assert [m for m in HEAVY if loaded(modules, m)] == []
    assert [g for g in OTHER_GAMES if loaded(modules, f"trunfu.engine.games.{g}")] == []
    assert not loaded(modules, "trunfu.dashboard")
    assert not loaded(modules, "trunfu.analysis")
    assert [m for m in modules if m.startswith("trunfu.archive.")] == []


def test_help_lists_every_command_and_loads_no_layer_of_trunfu(tmp_path):
    code, modules, out = run(tmp_path, "--help")
    assert code == 0
    commands = {p.stem for p in (ROOT / "trunfu" / "cli").glob("*.py")} - {
        "__init__",
        "__main__",
        "app",
    }
    listed = {line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()}
    assert listed == commands
    for package in ("pydantic", "lark", *HEAVY, "trunfu.notation", "trunfu.engine"):
        assert not loaded(modules, package), package


def test_a_broken_zstandard_file_is_reported_not_raised(tmp_path):
    """zstandard is loaded only by a `.zst` file: its error is still a reading error."""
    path = tmp_path / "broken.tgn.zst"
    path.write_bytes(b"not zstandard data " * 8)
    done = python("-m", "trunfu.cli", "validate", str(path))
    assert done.returncode == 1, done
    assert "cannot read" in done.stderr and "Traceback" not in done.stderr
