"""Faults met by the commands (issue 17): damaged or foreign archives, export paths, a
closed pipe, an unreadable folder, an empty filter, an ingest that stops. Each is a
message and an exit code, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

import trunfu.cli.export
import trunfu.cli.ingest
import trunfu.cli.stats
import trunfu.cli.validate  # noqa: F401  (each module adds its command to the app)
from trunfu.archive import ingest as ingest_module
from trunfu.archive.ingest import ingest
from trunfu.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "data" / "examples"
MAIN = "from trunfu.cli import main; main()"
BAD = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "9"]\n\nplay\n  1. ZZ\n'

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def told(result, code: int, *words: str) -> None:
    """The command ended with `code`, said `words`, and raised nothing."""
    assert result.exit_code == code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    text = " ".join(result.output.split())  # rich wraps long lines
    for word in words:
        assert word in text, text
    assert "Traceback" not in text


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The worked examples, ingested."""
    db = tmp_path_factory.mktemp("faults") / "examples.duckdb"
    assert ingest(db, [str(p) for p in sorted(EXAMPLES.glob("*.tgn"))], workers=0).added > 0
    return db


@pytest.fixture
def cut(archive: Path, tmp_path: Path) -> Path:
    data = archive.read_bytes()
    path = tmp_path / "cut.duckdb"
    path.write_bytes(data[: len(data) // 2])
    return path


def test_every_command_tells_an_archive_cut_short(cut: Path, tmp_path: Path) -> None:
    before = cut.read_bytes()
    told(run("stats", "--db", cut), 3, "damaged", "cut short")
    told(run("export", "--db", cut, "--format", "tgn", tmp_path / "out.tgn"), 3, "damaged")
    told(run("export", "--db", cut, "--format", "parquet", tmp_path / "pq"), 3, "damaged")
    told(run("ingest", "--db", cut, "-j", "0", EXAMPLES), 3, "damaged", "does not write")
    told(run("ingest", "--db", cut, "--rescore"), 3, "damaged")
    assert cut.read_bytes() == before
    assert not (tmp_path / "out.tgn").exists()


def test_a_duckdb_file_that_is_not_an_archive_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE t (x INTEGER)")
    con.close()
    before = db.read_bytes()
    told(run("export", "--db", db, "--format", "tgn", "-"), 3, "not a trunfu archive")
    told(run("stats", "--db", db), 3, "not a trunfu archive")
    result = run("ingest", "--db", db, "-j", "0", "--json", EXAMPLES)
    told(result, 3)
    summary = json.loads(result.stdout)
    assert summary["added"] == 0 and "not a trunfu archive" in summary["errors"][0]
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    ("fmt", "out", "words"),
    [
        ("tgn", "folder", "is a folder"),
        ("jsonl", "folder", "is a folder"),
        ("parquet", "file", "is not a folder"),
        ("tgn", "missing/out.tgn", "does not exist"),
        ("jsonl", "missing/out.jsonl", "does not exist"),
        ("parquet", "missing/pq", "does not exist"),
        ("tgn", "file/out.tgn", "is not a folder"),
        ("parquet", "-", "give a folder"),
    ],
)
def test_an_output_the_format_cannot_take_is_a_usage_error(
    archive: Path, tmp_path: Path, fmt: str, out: str, words: str
) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("kept\n")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    target = out if out == "-" else tmp_path / out
    told(run("export", "--db", archive, "--format", fmt, target), 2, words)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "file").read_text() == "kept\n"


def test_export_replaces_a_file_whole(archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.tgn"
    out.write_text("old\n")
    told(run("export", "--db", archive, "--format", "tgn", out), 0)
    assert out.read_text().startswith("[Game") and [p.name for p in tmp_path.iterdir()] == [
        "out.tgn"
    ]


def test_a_closed_pipe_ends_the_command_quietly(tmp_path: Path) -> None:
    for n in range(40):
        (tmp_path / f"bad{n:02}.tgn").write_text("\n".join([BAD] * 100))
    reader = subprocess.Popen(
        [sys.executable, "-c", MAIN, "validate", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    first = reader.stdout.readline()  # `| head -1`
    reader.stdout.close()
    errors = reader.stderr.read()
    reader.wait(timeout=120)
    assert b"syntax" in first
    assert errors == b""


def test_an_unreadable_folder_is_said_and_the_rest_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "hidden.tgn").write_text(BAD)
    (tmp_path / "seen.tgn").write_text(BAD)
    scandir = os.scandir

    def refusing(path: object = ".") -> object:  # a folder without read permission
        if Path(os.fsdecode(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    result = run("validate", tmp_path)
    assert f"{locked}: cannot read the folder (Permission denied); skipped" in result.stderr
    assert "seen.tgn" in result.stdout and "hidden.tgn" not in result.stdout


@pytest.mark.parametrize("option", ["--player", "--game"])
def test_an_empty_filter_is_a_usage_error(archive: Path, option: str) -> None:
    told(run("stats", "--db", archive, option, ""), 2, f"{option} needs a name")
    told(run("stats", "--db", archive, option, " "), 2, f"{option} needs a name")


def test_export_of_an_empty_game_is_a_usage_error(archive: Path, tmp_path: Path) -> None:
    told(run("export", "--db", archive, "--format", "tgn", "--game", "", tmp_path / "o"), 2)
    assert not (tmp_path / "o").exists()


def test_ingest_json_gives_the_summary_when_it_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write = ingest_module.write_batch
    calls: list[int] = []

    def filling(*args, **kwargs):  # the disk fills up during the second batch
        calls.append(1)
        if len(calls) == 2:
            raise duckdb.IOException('IO Error: Could not write file "x": No space left on device')
        return write(*args, **kwargs)

    monkeypatch.setattr(ingest_module, "write_batch", filling)
    db = tmp_path / "a.duckdb"
    result = run("ingest", "--db", db, "-j", "0", "--batch-size", "3", "--json", EXAMPLES)
    told(result, 1)
    summary = json.loads(result.stdout)
    assert (summary["added"], summary["batches"]) == (3, 1)
    assert "the disk is full" in summary["errors"][-1]
    assert "holds the whole batches committed before it" in summary["errors"][-1]
