"""The archive's tables (DuckDB). `docs/archive.md` gives the reason for each one.

Ids are assigned by the single writer (see `ingest.py`); uniqueness of a record is the
SHA-256 of its canonical text, enforced by the ingest (an anti-join per batch) rather than
by an index, so that bulk loads stay fast and memory stays flat.
"""

from __future__ import annotations

import os
from contextlib import suppress

import duckdb

from .lock import ArchiveDamaged, ArchiveError, reading

SCHEMA_VERSION = "4"

TABLES: dict[str, str] = {
    "meta": """
        key VARCHAR NOT NULL,
        value VARCHAR
    """,
    "ingests": """
        batch INTEGER NOT NULL,
        started TIMESTAMP,
        finished TIMESTAMP,
        added INTEGER,
        duplicates INTEGER,
        rejected INTEGER
    """,
    "records": """
        id BIGINT NOT NULL,
        hash VARCHAR NOT NULL,
        game VARCHAR,
        seats TINYINT,
        variant VARCHAR,
        dealer TINYINT,
        event VARCHAR,
        site VARCHAR,
        date_text VARCHAR,
        date DATE,
        round VARCHAR,
        board VARCHAR,
        title VARCHAR,
        result_tag VARCHAR,
        source_file VARCHAR,
        source_index INTEGER,
        source_line INTEGER,
        tricks SMALLINT,
        scored BOOLEAN,
        contract VARCHAR,
        declarer TINYINT,
        partners TINYINT[],
        won BOOLEAN,
        thrown_in BOOLEAN,
        result VARCHAR,
        declarer_score DOUBLE,
        declarer_points DOUBLE,
        defence_points DOUBLE,
        margin DOUBLE,
        oudlers TINYINT,
        breakdown JSON,
        text VARCHAR NOT NULL,
        batch INTEGER
    """,
    "players": """
        name VARCHAR NOT NULL
    """,
    "seats": """
        record_id BIGINT NOT NULL,
        seat TINYINT NOT NULL,
        player VARCHAR,
        position TINYINT,
        side VARCHAR,
        role VARCHAR,
        score DOUBLE,
        won BOOLEAN
    """,
    "calls": """
        record_id BIGINT NOT NULL,
        ord SMALLINT NOT NULL,
        kind VARCHAR NOT NULL,
        round TINYINT,
        seat TINYINT,
        word VARCHAR,
        cards VARCHAR[]
    """,
    "plays": """
        record_id BIGINT NOT NULL,
        trick SMALLINT NOT NULL,
        ord TINYINT NOT NULL,
        seat TINYINT,
        card VARCHAR NOT NULL,
        signal VARCHAR,
        winner TINYINT,
        captured BOOLEAN,
        last_trick BOOLEAN
    """,
    "bonuses": """
        record_id BIGINT NOT NULL,
        name VARCHAR NOT NULL,
        side VARCHAR,
        value DOUBLE
    """,
    "rejects": """
        hash VARCHAR NOT NULL,
        game VARCHAR,
        source_file VARCHAR,
        source_index INTEGER,
        source_line INTEGER,
        codes VARCHAR[],
        diagnostics JSON,
        text VARCHAR NOT NULL,
        text_length BIGINT,
        raw BLOB,
        batch INTEGER
    """,
}

ANALYSIS_TABLES: dict[str, str] = {
    "analyses": """
        record_id BIGINT NOT NULL,
        tricks SMALLINT,
        error VARCHAR,
        seconds DOUBLE
    """,
    "analysed_cards": """
        record_id BIGINT NOT NULL,
        trick SMALLINT NOT NULL,
        seat TINYINT NOT NULL,
        card VARCHAR NOT NULL,
        value_before DOUBLE,
        value_after DOUBLE,
        loss DOUBLE,
        best VARCHAR[]
    """,
}
"""The best-play analysis of stored records (`trunfu analyse --db`): one `analyses` row per
record analysed (the tricks analysed, or why it could not be), one `analysed_cards` row per
card judged (values in points of the declarer's side). Made by the first analysis: an
archive without them is simply not analysed yet."""

CHILD_TABLES = ("seats", "calls", "plays", "bonuses")

OUTCOME_COLUMNS = (
    "contract",
    "declarer",
    "partners",
    "won",
    "thrown_in",
    "result",
    "declarer_score",
    "declarer_points",
    "defence_points",
    "margin",
    "oudlers",
    "breakdown",
)
"""The engine's outcome of a scored record: columns of `records` (one outcome per record,
so no join), also shown as the view `outcomes`."""

VIEWS = {
    "outcomes": f"SELECT id AS record_id, {', '.join(OUTCOME_COLUMNS)} FROM records WHERE scored",
}
"""Tables whose rows belong to one record (by `record_id`)."""


HEADER_BYTES = 3 * 4096
"""Bytes before DuckDB's first block: the main header and the two database headers."""

NEW, CURRENT, UNSTAMPED, UNFINISHED = "new", "current", "unstamped", "unfinished"
"""What `inspect` finds: a DuckDB file without tables; an archive of this schema version;
trunfu's tables without a version; an archive whose creation stopped half way."""


def _names(columns: str) -> frozenset[str]:
    return frozenset(line.split()[0] for line in columns.strip().splitlines())


SHAPES = {name: _names(columns) for name, columns in TABLES.items()}
"""Each table's column names. A file without a version is recognised as trunfu's by its
tables having exactly these; an archive of this version must have at least these."""


def _catalog(con: duckdb.DuckDBPyConnection) -> tuple[dict[str, frozenset[str]], set[str]]:
    """The file's own tables (their column names) and views."""
    columns: dict[str, set[str]] = {}
    for table, column in con.execute(
        "SELECT table_name, column_name FROM duckdb_columns() WHERE database_name = "
        "current_database() AND schema_name = 'main' AND NOT internal"
    ).fetchall():
        columns.setdefault(table, set()).add(column)
    views = {
        name
        for (name,) in con.execute(
            "SELECT view_name FROM duckdb_views() WHERE database_name = current_database() "
            "AND schema_name = 'main' AND NOT internal"
        ).fetchall()
    }
    return {t: frozenset(c) for t, c in columns.items() if t not in views}, views


def _path(con: duckdb.DuckDBPyConnection) -> str:
    found = con.execute(
        "SELECT path FROM duckdb_databases() WHERE database_name = current_database()"
    ).fetchone()
    return found[0] if found and found[0] else "the archive"


def _cut_short(con: duckdb.DuckDBPyConnection, path: str) -> str | None:
    """Why the file is too short to hold the blocks DuckDB says are in use, or None.
    DuckDB reads a block only when a query needs it: without this, a file cut in half
    opens, and fails in the middle of a query, or of an ingest. (The header's block count
    is no bound: DuckDB shortens the file when its last blocks are free, and keeps them on
    its free list.)"""
    try:
        size = os.path.getsize(path)
    except OSError:
        return None  # in memory, or gone: nothing to compare
    block_size, used = con.execute(
        "SELECT block_size, used_blocks FROM pragma_database_size() "
        "WHERE database_name = current_database()"
    ).fetchone()
    needed = HEADER_BYTES + block_size * used
    if size < needed:
        return f"the file has {size:,} bytes, its blocks in use need {needed:,}: it was cut short"
    return None


def _mismatch(version: str) -> str:
    if version.isdigit() and int(version) > int(SCHEMA_VERSION):
        return (
            f"this archive has schema version {version}, written by a newer trunfu; this "
            f"trunfu reads and writes version {SCHEMA_VERSION}: use the newer trunfu"
        )
    return (
        f"this archive has schema version {version}, this trunfu reads and writes version "
        f"{SCHEMA_VERSION}: export it as TGN with the trunfu that wrote it and ingest again"
    )


def _not_archive(path: str, tables: dict[str, frozenset[str]]) -> ArchiveError:
    shown = ", ".join(sorted(tables)[:6]) + (", ..." if len(tables) > 6 else "")
    return ArchiveError(
        f"{path}: this DuckDB file is not a trunfu archive (its tables: {shown}; no trunfu "
        "schema version); trunfu does not write into it: give another --db"
    )


def inspect(con: duckdb.DuckDBPyConnection) -> str:
    """What the file of `con` holds (`NEW`, `CURRENT`, `UNSTAMPED`, `UNFINISHED`), read
    from its catalog and `meta`; never writes. Raises `ArchiveError` for a file that is not
    a trunfu archive or has another schema version, `ArchiveDamaged` for a damaged one."""
    path = _path(con)
    with reading(path):
        short = _cut_short(con, path)
        if short:
            raise ArchiveDamaged(
                f"{path}: the archive is damaged ({short}). trunfu does not write into it: "
                "restore a copy, or ingest the TGN files again into a new archive (--db)."
            )
        tables, views = _catalog(con)
        if not tables and not views:
            return NEW
        ours = {t for t, columns in tables.items() if SHAPES.get(t) == columns}
        version = None
        if "meta" in ours:
            found = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            version = found[0] if found else None
    if version is not None:
        if version != SCHEMA_VERSION:
            raise ArchiveError(f"{path}: {_mismatch(version)}")
        missing = [t for t in TABLES if not SHAPES[t] <= tables.get(t, frozenset())]
        if missing:
            raise ArchiveDamaged(
                f"{path}: the archive is damaged or was altered: its table(s) "
                f"{', '.join(missing)} are missing or have other columns"
            )
        return CURRENT
    if set(TABLES) - {"meta"} <= ours:
        return UNSTAMPED
    if "meta" in ours and set(tables) <= ours:
        return UNFINISHED
    raise _not_archive(path, tables)


def create(con: duckdb.DuckDBPyConnection) -> None:
    """Make the file of `con` an archive of this schema version, or check that it is one.

    A new file gets every table, the views and the version, in one transaction; so does
    a file with trunfu's tables but no version (`UNSTAMPED`), or whose creation stopped
    half way (`UNFINISHED`): what is missing is added and the version written. Anything
    else raises `ArchiveError` (see `inspect`) before anything is written."""
    found = inspect(con)
    con.execute("BEGIN TRANSACTION")
    try:
        for name, columns in TABLES.items():
            con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
        for name, query in VIEWS.items():
            con.execute(f"CREATE VIEW IF NOT EXISTS {name} AS {query}")
        if found != CURRENT:
            con.execute("INSERT INTO meta VALUES ('schema', ?)", [SCHEMA_VERSION])
        con.execute("COMMIT")
    except BaseException:
        with suppress(duckdb.Error):  # a failed COMMIT has rolled back already
            con.execute("ROLLBACK")
        raise


def create_analysis(con: duckdb.DuckDBPyConnection) -> None:
    """Add the analysis tables to an archive (nothing when it has them)."""
    for name, columns in ANALYSIS_TABLES.items():
        con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")


def has_analysis(con: duckdb.DuckDBPyConnection) -> bool:
    """True when the archive has the analysis tables (`trunfu analyse --db` has run)."""
    tables, _ = _catalog(con)
    return all(
        tables.get(name, frozenset()) >= _names(columns)
        for name, columns in ANALYSIS_TABLES.items()
    )


def check(con: duckdb.DuckDBPyConnection) -> None:
    """Raise `ArchiveError` unless the file of `con` is an archive this trunfu reads: of
    this schema version, or trunfu's tables without a version (read as they are; the first
    ingest writes the version). Never writes."""
    found = inspect(con)
    if found in (NEW, UNFINISHED):
        path = _path(con)
        what = "has no tables" if found == NEW else "holds no records yet (its creation stopped)"
        raise ArchiveError(
            f"{path}: this DuckDB file is not a trunfu archive yet: it {what}; "
            "`trunfu ingest --db` makes it one"
        )
