"""A damaged archive is told in words on every page that reads it, never as a traceback:
when it is opened (a file cut short) and when a query meets a damaged block."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from trunfu.archive import schema
from trunfu.dashboard import connection, settings


def _cut(source: Path, to: Path) -> Path:
    data = source.read_bytes()
    to.write_bytes(data[: len(data) // 2])
    return to


def _flip_a_block_of_records(source: Path, to: Path) -> Path:
    """A copy with one byte changed in a block of `records` that does not hold `meta`: the
    archive opens and gives its version, the first query of the records fails."""
    con = duckdb.connect(str(source), read_only=True)
    try:
        blocks = {
            table: {
                b
                for (b,) in con.execute(
                    f"SELECT block_id FROM pragma_storage_info('{table}') WHERE block_id >= 0"
                ).fetchall()
            }
            for table in ("records", "meta")
        }
        block_size = con.execute("SELECT block_size FROM pragma_database_size()").fetchone()[0]
    finally:
        con.close()
    chosen = sorted(blocks["records"] - blocks["meta"])
    assert chosen, blocks
    data = bytearray(source.read_bytes())
    data[schema.HEADER_BYTES + chosen[0] * block_size + 100] ^= 0xFF
    to.write_bytes(bytes(data))
    return to


@pytest.fixture(autouse=True)
def fresh_pool():
    """Each test opens its own archive: no connection left from another test."""
    connection.POOL.close_idle()
    yield
    connection.POOL.close_idle()


@pytest.mark.parametrize("damage", ["cut", "flipped"])
@pytest.mark.parametrize("page", ["statistics", "search", "matches"])
def test_a_damaged_archive_is_told_on_the_page(
    open_page, sample_archive, tmp_path, monkeypatch, damage, page
) -> None:
    make = _cut if damage == "cut" else _flip_a_block_of_records
    damaged = make(sample_archive, tmp_path / "damaged.duckdb")
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(damaged))
    at = open_page(page)  # no exception
    said = " ".join(e.value for e in at.error)
    assert "the archive is damaged" in said and str(damaged) in said
