"""Export of the archive: TGN (the canonical texts, byte for byte), JSON Lines of the
pydantic `Record` models, Parquet of the tables. Streams in batches: memory stays flat."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

import duckdb
import pyarrow.parquet as pq

from ..notation.schema import dump_json
from .schema import CHILD_TABLES

FORMATS = ("tgn", "jsonl", "parquet")
FETCH = 2000


class OutputError(ValueError):
    """An output path the format cannot write to, told in a sentence for the user."""


def check_output(fmt: str, out: str | Path) -> None:
    """Raise `OutputError` unless `out` can take an export in `fmt`: a file (or `-`) whose
    folder exists for `tgn` and `jsonl`, a folder (existing, or new in an existing folder)
    for `parquet`. Checked before the archive is read, so that a wrong path costs nothing."""
    if str(out) == "-":
        if fmt == "parquet":
            raise OutputError("parquet writes one file per table: give a folder, not -")
        return
    path = Path(out)
    if fmt == "parquet":
        if path.exists() and not path.is_dir():
            raise OutputError(f"{out}: exists and is not a folder (parquet writes a folder)")
    elif path.is_dir():
        raise OutputError(f"{out}: is a folder; {fmt} writes one file: give its name")
    parent = path.parent
    if not parent.exists():
        raise OutputError(f"{out}: the folder {parent} does not exist (create it first)")
    if not parent.is_dir():
        raise OutputError(f"{out}: {parent} is not a folder")


def _texts(con: duckdb.DuckDBPyConnection, game: str | None) -> Iterator[tuple[int, str]]:
    cur = con.execute(
        "SELECT id, text FROM records WHERE ? IS NULL OR game = ? ORDER BY id", [game, game]
    )
    while rows := cur.fetchmany(FETCH):
        yield from rows


def _new_file_mode() -> int:
    """The mode `open` gives a new file: 0666 less the process's umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def _output(out: str | Path) -> Iterator[TextIO]:
    if str(out) == "-":
        yield sys.stdout
        return
    path = Path(out)
    # written beside, then put in place: a failed export leaves no half file behind
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
        os.chmod(temp, _new_file_mode())  # mkstemp's 0600 is for the temporary file only
        os.replace(temp, path)
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


def export_tgn(con: duckdb.DuckDBPyConnection, out: str | Path, game: str | None = None) -> int:
    """Every record's canonical text, in ingest order, one empty line between records
    (what `writer.write_all` gives). Returns the number of records."""
    count = 0
    with _output(out) as stream:
        for _, text in _texts(con, game):
            if count:
                stream.write("\n")
            stream.write(text)
            count += 1
    return count


def export_jsonl(con: duckdb.DuckDBPyConnection, out: str | Path, game: str | None = None) -> int:
    """One JSON object per line: the pydantic `Record` of each canonical text (positions
    refer to that text), with `file` set to `archive:<id>`."""
    from ..notation.reader import read_records

    count = 0
    with _output(out) as stream:
        for record_id, text in _texts(con, game):
            record = read_records(text)[0]
            record.file = f"archive:{record_id}"
            stream.write(dump_json(record) + "\n")
            count += 1
    return count


def _table_query(table: str) -> str:
    if table == "records":
        return "SELECT * FROM records WHERE ? IS NULL OR game = ? ORDER BY id"
    if table == "rejects":
        return "SELECT * FROM rejects WHERE ? IS NULL OR game = ?"
    if table in CHILD_TABLES:
        return (
            f"SELECT t.* FROM {table} t WHERE ? IS NULL OR t.record_id IN "
            "(SELECT id FROM records WHERE game = ?)"
        )
    return f"SELECT * FROM {table} WHERE ? IS NULL OR ? IS NULL"


def export_parquet(
    con: duckdb.DuckDBPyConnection, out: str | Path, game: str | None = None
) -> dict[str, int]:
    """One Parquet file per table in the folder `out` (`records.parquet`, ...). Returns the
    number of rows written per table."""
    folder = Path(out)
    folder.mkdir(exist_ok=True)
    counts: dict[str, int] = {}
    tables = ("records", *CHILD_TABLES, "players", "rejects", "ingests")
    for table in tables:
        cursor = con.cursor()
        try:
            reader = cursor.sql(_table_query(table), params=[game, game]).to_arrow_reader(50_000)
            rows = 0
            with pq.ParquetWriter(folder / f"{table}.parquet", reader.schema) as writer:
                for batch in reader:
                    writer.write_batch(batch)
                    rows += batch.num_rows
        finally:
            cursor.close()
        counts[table] = rows
    return counts
