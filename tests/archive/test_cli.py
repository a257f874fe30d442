"""The ingest, stats and export commands: summaries, JSON, and clear messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import trunfu.cli.export
import trunfu.cli.ingest
import trunfu.cli.stats  # noqa: F401  (the modules add their commands)
from trunfu.archive.lock import connect
from trunfu.cli.app import app

from .conftest import Deal, write_file
from .test_ingest import BAD_SYNTAX, HOLDER

runner = CliRunner()


def test_ingest_stats_export(deals: list[Deal], tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    write_file(folder / "a.tgn", [d.text for d in deals[:40]] + [BAD_SYNTAX])
    write_file(folder / "b.tgn", [d.text for d in deals[30:50]])
    db = tmp_path / "x.duckdb"
    result = runner.invoke(app, ["ingest", "--db", str(db), "-j", "0", str(folder)])
    assert result.exit_code == 0, result.output
    assert "61 records in 2 files: 50 added, 10 already present, 1 rejected" in result.output
    result = runner.invoke(app, ["ingest", "--db", str(db), "-j", "0", "--json", str(folder)])
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert (summary["added"], summary["already_present"], summary["rejected"]) == (0, 60, 1)

    result = runner.invoke(app, ["stats", "--db", str(db), "--json"])
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert stats["overview"]["deals"] == 50 and stats["overview"]["rejected"] == 1
    result = runner.invoke(app, ["stats", "--db", str(db), "--game", "french-tarot"])
    assert result.exit_code == 0 and "oudlers" in result.output and "jochi" not in result.output

    out = tmp_path / "out.tgn"
    result = runner.invoke(app, ["export", "--db", str(db), "--format", "tgn", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == "\n".join(d.text for d in deals[:50])
    result = runner.invoke(app, ["export", "--db", str(db), "--format", "xml", str(out)])
    assert result.exit_code == 2 and "tgn, jsonl, parquet" in result.output


def test_busy_archive_and_missing_archive_messages(tmp_path: Path) -> None:
    db = tmp_path / "busy.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        source = write_file(tmp_path / "a.tgn", [])
        result = runner.invoke(app, ["ingest", "--db", str(db), "-j", "0", str(source)])
        assert result.exit_code == 3
        assert "in use by process" in result.output and "Traceback" not in result.output
    finally:
        holder.kill()
        holder.wait()
    result = runner.invoke(app, ["stats", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 3 and "no archive" in result.output


def test_ingest_from_stdin(deals: list[Deal], tmp_path: Path) -> None:
    db = tmp_path / "stdin.duckdb"
    text = "\n".join(d.text for d in deals[:7])
    result = runner.invoke(app, ["ingest", "--db", str(db), "-j", "0", "-"], input=text)
    assert result.exit_code == 0, result.output
    assert "7 added" in result.output
    con = connect(db, read_only=True)
    assert con.execute("SELECT DISTINCT source_file FROM records").fetchall() == [("<stdin>",)]
    con.close()


def test_rescore_flag_and_usage(deals: list[Deal], tmp_path: Path) -> None:
    db = tmp_path / "r.duckdb"
    source = write_file(tmp_path / "a.tgn", [d.text for d in deals[:5]])
    result = runner.invoke(app, ["ingest", "--db", str(db), "-j", "0", "--rescore", str(source)])
    assert result.exit_code == 0, result.output
    assert "5 added" in result.output and "rescored 0 records" in result.output
    result = runner.invoke(app, ["ingest", "--db", str(db), "--rescore"])
    assert result.exit_code == 0 and "rescored 0 records" in result.output
    result = runner.invoke(app, ["ingest", "--db", str(db)])
    assert result.exit_code == 2 and "give files or folders" in result.output
