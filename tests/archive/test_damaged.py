"""Archives that are damaged, foreign or of another schema version: refused with a message
by every reader and by the ingest, and never written into."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from trunfu.archive import queries, schema
from trunfu.archive.ingest import IngestAborted, ingest
from trunfu.archive.lock import ArchiveDamaged, ArchiveError, reading

from .conftest import Deal, write_file


@pytest.fixture
def small(deals: list[Deal], tmp_path: Path) -> Path:
    """An archive of 40 deals, and their file beside it (`source.tgn`)."""
    source = write_file(tmp_path / "source.tgn", [d.text for d in deals[:40]])
    db = tmp_path / "small.duckdb"
    assert ingest(db, [str(source)], workers=0).added == 40
    return db


def _tables(db: Path) -> set[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {
            name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()
        }
    finally:
        con.close()


def _cut(db: Path, to: Path) -> Path:
    data = db.read_bytes()
    to.write_bytes(data[: len(data) // 2])
    return to


def _flip_a_block_of_records(db: Path, to: Path) -> Path:
    """A copy of `db` with one byte changed in a block that holds `records` rows but not
    the `meta` table: the file opens and says its version; reading the records fails."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        blocks = {}
        for table in ("records", "meta"):
            blocks[table] = {
                b
                for (b,) in con.execute(
                    f"SELECT block_id FROM pragma_storage_info('{table}') WHERE block_id >= 0"
                ).fetchall()
            }
        block_size = con.execute("SELECT block_size FROM pragma_database_size()").fetchone()[0]
    finally:
        con.close()
    chosen = sorted(blocks["records"] - blocks["meta"])
    assert chosen, blocks
    data = bytearray(db.read_bytes())
    data[schema.HEADER_BYTES + chosen[0] * block_size + 100] ^= 0xFF
    to.write_bytes(bytes(data))
    return to


def test_an_archive_cut_short_is_refused_by_readers_and_by_the_ingest(
    small: Path, tmp_path: Path
) -> None:
    cut = _cut(small, tmp_path / "cut.duckdb")
    before = cut.read_bytes()
    with pytest.raises(ArchiveDamaged, match="cut short"):
        queries.open_archive(cut)
    for workers in (0, 2):
        with pytest.raises(ArchiveDamaged, match="damaged"):
            ingest(cut, [str(tmp_path / "source.tgn")], workers=workers)
    assert cut.read_bytes() == before  # never written into


def test_a_damaged_block_is_told_when_a_query_reads_it(small: Path, tmp_path: Path) -> None:
    flipped = _flip_a_block_of_records(small, tmp_path / "flipped.duckdb")
    before = flipped.read_bytes()
    con = queries.open_archive(flipped)  # the catalog and the version read well
    try:
        with pytest.raises(ArchiveDamaged, match="damaged and cannot be read"), reading(flipped):
            queries.overview(con)
    finally:
        con.close()
    with pytest.raises(IngestAborted, match="the archive is damaged") as stopped:
        ingest(flipped, [str(tmp_path / "source.tgn")], workers=0)
    assert stopped.value.damaged and stopped.value.summary.added == 0
    assert flipped.read_bytes() == before


def test_a_duckdb_file_that_is_not_an_archive_is_never_written_into(tmp_path: Path) -> None:
    db = tmp_path / "other.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE players (name VARCHAR, rating INTEGER)")
    con.execute("INSERT INTO players VALUES ('Ada', 1800)")
    con.close()
    before = db.read_bytes()
    source = write_file(tmp_path / "none.tgn", [])
    for workers in (0, 2):
        with pytest.raises(ArchiveError, match="not a trunfu archive"):
            ingest(db, [str(source)], workers=workers)
    assert db.read_bytes() == before and _tables(db) == {"players"}
    with pytest.raises(ArchiveError, match="not a trunfu archive"):
        queries.open_archive(db)


def test_a_file_that_is_not_duckdb_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "notes.duckdb"
    db.write_text("my notes\n")
    with pytest.raises(ArchiveError, match="not a trunfu archive"):
        ingest(db, [], workers=0)
    with pytest.raises(ArchiveError, match="not a trunfu archive"):
        queries.open_archive(db)
    assert db.read_text() == "my notes\n"


@pytest.mark.parametrize(
    ("version", "advice"), [("99", "newer trunfu"), ("1", "export it as TGN"), ("x", "as TGN")]
)
def test_an_archive_of_another_version_is_refused_untouched(
    small: Path, tmp_path: Path, version: str, advice: str
) -> None:
    con = duckdb.connect(str(small))
    con.execute("UPDATE meta SET value = ? WHERE key = 'schema'", [version])
    con.execute("DROP TABLE bonuses")  # what that version may lack: never added back
    con.close()
    before = small.read_bytes()
    with pytest.raises(ArchiveError, match=f"schema version {version}.*{advice}"):
        ingest(small, [str(tmp_path / "source.tgn")], workers=0)
    with pytest.raises(ArchiveError, match=f"schema version {version}"):
        queries.open_archive(small)
    assert small.read_bytes() == before and "bonuses" not in _tables(small)


def test_an_archive_that_lacks_a_table_is_told_damaged(small: Path) -> None:
    con = duckdb.connect(str(small))
    con.execute("DROP TABLE plays")
    con.close()
    with pytest.raises(ArchiveDamaged, match="plays"):
        queries.open_archive(small)
    with pytest.raises(ArchiveDamaged, match="plays"):
        ingest(small, [], workers=0)
    assert "plays" not in _tables(small)


def test_trunfu_tables_without_a_version_are_read_and_stamped_by_the_next_ingest(
    small: Path, deals: list[Deal], tmp_path: Path
) -> None:
    con = duckdb.connect(str(small))
    con.execute("DROP VIEW outcomes")
    con.execute("DROP TABLE meta")
    con.close()
    reader = queries.open_archive(small)  # read as it is
    try:
        assert queries.overview(reader)["deals"] == 40
        scored = reader.execute("SELECT min(id) FROM records WHERE scored").fetchone()[0]
        assert queries.record_info(reader, scored)["outcome"] is not None  # without the view
    finally:
        reader.close()
    assert "meta" not in _tables(small)
    more = write_file(tmp_path / "more.tgn", [d.text for d in deals[40:50]])
    assert ingest(small, [str(more)], workers=0).added == 10
    con = duckdb.connect(str(small), read_only=True)
    try:
        assert con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall() == [
            (schema.SCHEMA_VERSION,)
        ]
        assert con.execute("SELECT count(*) FROM outcomes").fetchone()[0] > 0
    finally:
        con.close()


def test_a_new_archive_is_made_whole_at_once(tmp_path: Path) -> None:
    db = tmp_path / "new.duckdb"
    ingest(db, [], workers=0)
    assert _tables(db) == set(schema.TABLES)
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert schema.inspect(con) == schema.CURRENT
    finally:
        con.close()
    copy = shutil.copy(db, tmp_path / "copy.duckdb")
    queries.open_archive(copy).close()


def test_an_archive_whose_table_lost_a_column_is_told_damaged(small: Path) -> None:
    con = duckdb.connect(str(small))
    con.execute("ALTER TABLE seats DROP COLUMN role")
    con.close()
    with pytest.raises(ArchiveDamaged, match="seats"):
        queries.open_archive(small)
