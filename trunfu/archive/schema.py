"""The archive's tables (DuckDB). `docs/archive.md` gives the reason for each one.

Ids are assigned by the single writer (see `ingest.py`); uniqueness of a record is the
SHA-256 of its canonical text, enforced by the ingest (an anti-join per batch) rather than
by an index, so that bulk loads stay fast and memory stays flat.
"""

from __future__ import annotations

import duckdb

from .lock import ArchiveError

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


def create(con: duckdb.DuckDBPyConnection) -> None:
    """Create the tables that do not exist yet, and record the schema version."""
    for name, columns in TABLES.items():
        con.execute(f"CREATE TABLE IF NOT EXISTS {name} ({columns})")
    for name, query in VIEWS.items():
        con.execute(f"CREATE VIEW IF NOT EXISTS {name} AS {query}")
    found = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if found is None:
        con.execute("INSERT INTO meta VALUES ('schema', ?)", [SCHEMA_VERSION])
    elif found[0] != SCHEMA_VERSION:
        raise ArchiveError(_mismatch(found[0]))


def _mismatch(version: str) -> str:
    return (
        f"this archive has schema version {version}, this trunfu reads and writes version "
        f"{SCHEMA_VERSION}: export it as TGN with the trunfu that wrote it and ingest again"
    )


def check(con: duckdb.DuckDBPyConnection) -> None:
    """Raise `ArchiveError` unless the archive has this schema version."""
    try:
        found = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    except duckdb.CatalogException:
        raise ArchiveError("this file is not a trunfu archive (no meta table)") from None
    if found is None or found[0] != SCHEMA_VERSION:
        raise ArchiveError(_mismatch(found[0] if found else "unknown"))
