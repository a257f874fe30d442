"""Faults while writing: a full disk stops the ingest with its cause and whole batches
kept; a busy archive is told before the workers start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pytest

from trunfu.archive import ingest as ingest_module
from trunfu.archive.ingest import IngestAborted, ingest
from trunfu.archive.lock import ArchiveBusy

from .conftest import Deal, write_file
from .test_ingest import HOLDER, _assert_whole

NO_SPACE = 'Could not write file "{}.wal": No space left on device'


class FullDisk:
    """A writer's connection on a disk that fills up in batch `at`: either its COMMIT fails
    (DuckDB rolls the transaction back, then raises, as it does when the WAL cannot be
    written), or a write inside the batch fails (the transaction is still open)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, db: Path, at: int, where: str) -> None:
        self.con, self.db, self.at, self.where = con, db, at, where
        self.committed = 0  # batches
        self.last_row = False  # the batch in flight has written its `ingests` row

    def execute(self, sql: str, *args: Any) -> Any:
        message = NO_SPACE.format(self.db)
        if self.committed + 1 == self.at:
            if self.where == "commit" and sql == "COMMIT" and self.last_row:
                self.con.execute("ROLLBACK")
                raise duckdb.TransactionException(
                    f"TransactionContext Error: Failed to commit: {message}"
                )
            if self.where == "insert" and sql.startswith("INSERT INTO plays"):
                raise duckdb.IOException(f"IO Error: {message}")
        result = self.con.execute(sql, *args)
        if sql.startswith("INSERT INTO ingests"):
            self.last_row = True
        elif sql == "COMMIT" and self.last_row:
            self.committed, self.last_row = self.committed + 1, False
        return result

    def __getattr__(self, name: str) -> Any:
        return getattr(self.con, name)


@pytest.mark.parametrize("where", ["commit", "insert"])
def test_a_full_disk_says_so_and_keeps_the_whole_batches_before_it(
    deals: list[Deal], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    source = write_file(tmp_path / "all.tgn", [d.text for d in deals[:100]])
    db = tmp_path / "full.duckdb"
    real = ingest_module.connect

    def connect(path: Path, **options: Any) -> Any:
        con = real(path, **options)
        return con if options.get("read_only") else FullDisk(con, db, 3, where)

    monkeypatch.setattr(ingest_module, "connect", connect)
    with pytest.raises(IngestAborted) as stopped:
        ingest(db, [str(source)], workers=0, batch_size=20)
    message = str(stopped.value)
    assert "the disk is full" in message and "No space left on device" in message
    assert "holds the whole batches committed before it" in message
    assert "2 batches, 40 records added" in message, message
    assert "cannot rollback" not in message
    assert stopped.value.summary.added == 40 and not stopped.value.damaged
    stored = _assert_whole(db, deals)
    assert stored == set(_hashes(db)) and len(stored) == 40
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute("SELECT min(id), max(id), count(*) FROM records").fetchone() == (1, 40, 40)
    assert con.execute("SELECT list(batch ORDER BY batch) FROM ingests").fetchone()[0] == [1, 2]
    con.close()
    monkeypatch.setattr(ingest_module, "connect", real)  # space freed: the same command again
    again = ingest(db, [str(source)], workers=0, batch_size=20)
    assert (again.added, again.duplicates) == (60, 40)
    assert len(_assert_whole(db, deals)) == 100


def _hashes(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [h for (h,) in con.execute("SELECT hash FROM records").fetchall()]
    finally:
        con.close()


def test_a_busy_archive_is_told_before_the_workers_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "busy.duckdb"
    ingest(db, [], workers=0)
    started: list[int] = []

    class Pool:
        def __init__(self, workers: int, **_: Any) -> None:
            started.append(workers)
            raise AssertionError("the workers started before the archive was checked")

    monkeypatch.setattr(ingest_module, "ProcessPoolExecutor", Pool)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(ArchiveBusy, match=f"in use by process {holder.pid}.*write to"):
            ingest(db, [], workers=2)
    finally:
        holder.kill()
        holder.wait()
    assert started == []
