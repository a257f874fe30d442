"""Bulk ingest of TGN files into the archive: parse and replay in worker processes, write
each batch in one transaction from Arrow tables.

Idempotent: a record is identified by the SHA-256 of its canonical text, and a batch only
adds the records the archive does not hold yet. Atomic: each batch is one transaction, so
an error, a dead worker or Ctrl-C leaves the archive with whole batches only.
"""

from __future__ import annotations

import gc
import os
import pickle
import re
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import datetime
from errno import ENOSPC
from multiprocessing import get_context
from pathlib import Path
from typing import TextIO

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from ..engine.games import load as load_games
from ..notation.reader import open_text, shared_reader, text_stream
from ..notation.split import Chunk, pieces, split_records, split_stream
from . import BATCH_SIZE, schema
from .lock import ArchiveError, ArchiveMissing, connect, is_damage
from .rows import INT32, PLAYS, PLAYS_SQL, SCHEMAS, Rows, add_read

TASK_SIZE = 1000
"""Records per worker task at most; a batch is made of whole tasks."""
IN_FLIGHT = 8
"""Tasks in flight per worker (plus one): enough that the workers keep busy while the main
process commits a batch or DuckDB checkpoints, and few enough that memory stays bounded
(each task holds its texts and its rows)."""
MEMORY_LIMIT = "384MB"
CHECKPOINT_THRESHOLD = "256MB"
"""WAL size that triggers a checkpoint: more than one batch, so that a commit does not
checkpoint and rewrite the last, half-filled row groups each time (a cost that would grow
with the archive, in time and in file size)."""

Task = tuple[str, int, list[Chunk]]
Work = Callable[[str, int, list[Chunk]], dict[str, pa.Table]]
Packed = tuple[int, int, str, bool, int, str, tuple[int, int] | None, tuple[int, int, str] | None]
"""A chunk's fields, as a task sends them to a worker."""


class IngestAborted(Exception):
    """The ingest stopped before the end; the archive holds the batches committed so far.
    `summary` tells what was done before it stopped; the message says why it stopped;
    `damaged`: the archive was found damaged."""

    def __init__(self, message: str, summary: Summary, damaged: bool = False) -> None:
        super().__init__(message)
        self.summary = summary
        self.damaged = damaged


@dataclass
class Summary:
    """What an ingest did."""

    files: int = 0
    records: int = 0
    added: int = 0
    duplicates: int = 0
    rejected: int = 0
    rejects_stored: int = 0
    batches: int = 0
    errors: list[str] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "files": self.files,
            "records": self.records,
            "added": self.added,
            "already_present": self.duplicates,
            "rejected": self.rejected,
            "batches": self.batches,
            "errors": self.errors,
            "interrupted": self.interrupted,
            "seconds": round(self.seconds, 3),
        }


def parse_batch(file: str, start: int, chunks: list[Chunk]) -> dict[str, pa.Table]:
    """Worker: read, judge and replay the records of `chunks` (record `start` onwards of
    `file`) and return the rows of every table."""
    reader = shared_reader()
    rows = Rows()
    for offset, chunk in enumerate(chunks):
        add_read(rows, reader.parse_chunk(chunk, file, start + offset))
    return rows.tables()


def _run(work: Work, file: str, start: int, packed: list[Packed]) -> bytes:
    """Worker: `work` on the chunks `packed`, its tables pickled with protocol 5.

    What goes between the processes is made of plain values: the pool pickles with
    Python's default protocol, which is slow for Arrow tables and for many small objects;
    bytes pickled with protocol 5 and plain tuples are cheap to send and to unpickle."""
    tables = work(file, start, [Chunk(*fields) for fields in packed])
    return pickle.dumps(tables, protocol=5)


def _packed(chunks: list[Chunk]) -> list[Packed]:
    return [(c.line, c.column, c.text, c.oversize, c.size, c.digest, c.end, c.bad) for c in chunks]


def tasks(
    files: Iterable[str],
    errors: list[str],
    size: int = BATCH_SIZE,
    on_file: Callable[[str], None] | None = None,
    task_size: int = TASK_SIZE,
) -> Iterator[tuple[Task, bool]]:
    """Groups of at most `task_size` record texts, file by file, cut so that every `size`
    records (counted across files) end a batch: (task, whether it ends a batch). A file that
    cannot be read is noted in `errors` and skipped (the records before the fault are kept)."""
    room = size  # records the current batch still takes
    for given in files:
        file = "<stdin>" if given == "-" else given
        index, chunks = 1, []
        try:
            with _open(given) as stream:
                # a file in blocks; stdin line by line, each record as soon as it comes
                found = split_records(pieces(stream)) if given == "-" else split_stream(stream)
                for chunk in found:
                    chunks.append(chunk)
                    if len(chunks) == min(task_size, room):
                        room -= len(chunks)
                        yield (file, index, chunks), room == 0
                        index, chunks = index + len(chunks), []
                        room = room or size
        except Exception as error:  # OSError, bad gzip/zstd data, ...: the next file goes on
            errors.append(f"{file}: cannot read past record {index + len(chunks) - 1}: {error}")
        if chunks:
            room -= len(chunks)
            yield (file, index, chunks), room == 0
            room = room or size
        if on_file is not None:
            on_file(given)


def merge(results: list[dict[str, pa.Table]]) -> dict[str, pa.Table]:
    """The tables of several tasks as one batch: local ids follow on from task to task."""
    if len(results) == 1:
        return results[0]
    parts: dict[str, list[pa.Table]] = {name: [] for name in results[0]}
    offset = 0
    for result in results:
        for name, table in result.items():
            if offset:
                at = table.schema.get_field_index("local")
                shifted = pc.add(table.column(at), pa.scalar(offset, INT32))
                table = table.set_column(at, "local", shifted)
            parts[name].append(table)
        offset += result["records"].num_rows + result["rejects"].num_rows
    return {name: pa.concat_tables(tables) for name, tables in parts.items()}


def _open(file: str) -> TextIO:
    """A TGN file as text (compressed ones too); `-` is standard input."""
    if file == "-":
        return text_stream(sys.stdin.buffer)
    return open_text(file)


def _columns(table: str) -> list[str]:
    if table == "plays":
        return list(PLAYS)
    return [n for n in SCHEMAS[table].names if n != "local"]


def _source(table: str) -> str:
    """The batch's rows of `table`, for SQL: its registered Arrow table `b_<table>`; the
    plays are built from the compact `b_played` (`rows.PLAYS_SQL`)."""
    return f"({PLAYS_SQL})" if table == "plays" else f"b_{table}"


def write_batch(
    con: duckdb.DuckDBPyConnection,
    tables: dict[str, pa.Table],
    batch: int,
    first_id: int,
    started: datetime | None = None,
) -> tuple[int, int, int]:
    """Add one batch in one transaction. Returns (added, already present, rejects stored).
    Record ids are `first_id + local`."""
    with _transaction(con, tables) as register:
        records = tables["records"]
        seen = {
            h
            for (h,) in con.execute(
                "SELECT DISTINCT hash FROM records WHERE hash IN (SELECT hash FROM b_records)"
            ).fetchall()
        }
        kept: list[int] = []
        for local, digest in zip(
            records.column("local").to_pylist(), records.column("hash").to_pylist(), strict=True
        ):
            if digest not in seen:  # a new record, and its first time in the batch
                seen.add(digest)
                kept.append(local)
        added = len(kept)
        where = ""
        if added < records.num_rows:  # some are known already: only the others are added
            register("kept", pa.table({"local": pa.array(kept, INT32)}))
            where = " WHERE local IN (SELECT local FROM b_kept)"
        cols = _columns("records")
        con.execute(
            f"INSERT INTO records (id, {', '.join(cols)}, batch) "
            f"SELECT ? + local, {', '.join(cols)}, ? FROM b_records{where}",
            [first_id, batch],
        )
        for table in schema.CHILD_TABLES:
            cols = _columns(table)
            con.execute(
                f"INSERT INTO {table} (record_id, {', '.join(cols)}) "
                f"SELECT ? + local, {', '.join(cols)} FROM {_source(table)}{where}",
                [first_id],
            )
        con.execute(
            "INSERT INTO players SELECT DISTINCT player FROM b_seats"
            + (where + " AND" if where else " WHERE")
            + " player IS NOT NULL AND player NOT IN (SELECT name FROM players)"
        )
        cols = _columns("rejects")
        stored = 0
        if tables["rejects"].num_rows:
            stored = con.execute(
                f"""INSERT INTO rejects ({", ".join(cols)}, batch)
                SELECT {", ".join(cols)}, ? FROM (
                    SELECT *, row_number() OVER (PARTITION BY hash ORDER BY local) AS n
                    FROM b_rejects) b
                WHERE n = 1 AND NOT EXISTS (SELECT 1 FROM rejects r WHERE r.hash = b.hash)""",
                [batch],
            ).fetchone()[0]
        present = tables["records"].num_rows - added
        con.execute(
            "INSERT INTO ingests VALUES (?, ?, ?, ?, ?, ?)",
            [
                batch,
                started or datetime.now(),
                datetime.now(),
                added,
                present,
                tables["rejects"].num_rows,
            ],
        )
    return added, present, stored


@contextmanager
def _transaction(
    con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]
) -> Iterator[Callable[[str, pa.Table], None]]:
    """One transaction over `tables`, each seen by SQL as the view `b_<name>`: committed
    when the block ends, rolled back on any error or interrupt, the views dropped either
    way. The block is given `register(name, table)` to add a view of its own."""
    names: list[str] = []

    def register(name: str, table: pa.Table) -> None:
        con.register(f"b_{name}", table)
        names.append(name)

    con.execute("BEGIN TRANSACTION")
    try:
        for name, table in tables.items():
            register(name, table)
        yield register
        con.execute("COMMIT")
    except BaseException:
        _rollback(con)
        raise
    finally:
        for name in names:
            with suppress(duckdb.Error):  # a connection DuckDB has invalidated
                con.unregister(f"b_{name}")


def _rollback(con: duckdb.DuckDBPyConnection) -> None:
    """Roll back the transaction in flight, if DuckDB has not done so itself: a COMMIT that
    fails (a full disk) rolls back before it raises, and a fatal error ends the
    transaction. The error that stopped the batch is the one to tell, not this one."""
    with suppress(duckdb.Error):
        con.execute("ROLLBACK")


def _next_ids(con: duckdb.DuckDBPyConnection) -> tuple[int, int]:
    row = con.execute(
        "SELECT (SELECT coalesce(max(id), 0) FROM records), "
        "(SELECT coalesce(max(batch), 0) FROM ingests)"
    ).fetchone()
    return row[0] + 1, row[1] + 1


def _ready() -> int:
    return os.getpid()


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the main process, which rolls back and reports."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _words(error: BaseException) -> str:
    """An error's first line without DuckDB's prefixes ("IO Error: ", "TransactionContext
    Error: Failed to commit: ")."""
    line = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return re.sub(r"^(?:[A-Za-z][A-Za-z ]* Error: |Failed to commit: )+", "", line)


def _full_disk(error: BaseException) -> bool:
    return "No space left on device" in str(error) or getattr(error, "errno", None) == ENOSPC


def cause(error: BaseException) -> str:
    """Why an ingest stopped, in words: a full disk, a damaged archive, a file that could
    not be written, or else the error itself."""
    words = _words(error)
    if _full_disk(error):
        return f"the disk is full ({words})"
    if is_damage(error):
        return f"the archive is damaged ({words})"
    if "Could not write" in str(error) or isinstance(error, OSError):
        return f"the archive could not be written ({words})"
    return f"{type(error).__name__}: {words}"


def _advice(error: BaseException) -> str:
    """What to do next, after `stopped`'s account."""
    if _full_disk(error):
        return "Free some space and run the same command again: what is stored is skipped."
    if is_damage(error):
        return "Restore a copy of the archive, or ingest the TGN files into a new one (--db)."
    return "Run the same command again to add the rest: what is stored is skipped."


def stopped(reason: str, summary: Summary, advice: str, done: str = "records added") -> str:
    """The message of an ingest that stopped: why, what the archive holds, what to do."""
    batches = f"{summary.batches:,} batch{'es' if summary.batches != 1 else ''}"
    return (
        f"ingest stopped: {reason}. The archive holds the whole batches committed before it "
        f"(this run: {batches}, {summary.added:,} {done}); the batch in flight was rolled "
        f"back. {advice}"
    )


def _probe(db: str | Path) -> None:
    """Refuse at once, before the workers start, an archive that another process holds,
    that is damaged, or a file that is not an archive: looked at read-only, so that nothing
    is written into a file that is not trunfu's."""
    if not Path(db).exists():
        return  # a new archive
    con = connect(db, read_only=True, wait=0, writer=True)
    try:
        schema.inspect(con)
    finally:
        con.close()


def _close(con: duckdb.DuckDBPyConnection) -> None:
    with suppress(duckdb.Error):  # closing after a fatal error (a full disk) may raise
        con.close()


def ingest(
    db: str | Path,
    files: Iterable[str],
    *,
    workers: int | None = None,
    batch_size: int = BATCH_SIZE,
    task_size: int = TASK_SIZE,
    work: Work = parse_batch,
    on_batch: Callable[[Summary], None] | None = None,
    on_file: Callable[[str], None] | None = None,
) -> Summary:
    """Ingest every record of `files` into the archive `db`.

    `workers`: processes that parse and replay (default: one per core; 0 parses in this
    process), `task_size` records at a time; the main process writes each `batch_size`
    records in one transaction. Raises `lock.ArchiveError` before any work when the archive
    cannot be written (busy: `ArchiveBusy`; damaged: `ArchiveDamaged`; not a trunfu archive,
    or another schema version), and `IngestAborted` (after rolling back the batch in flight)
    when a worker dies or writing fails (a full disk); Ctrl-C stops after rolling back the
    batch in flight and returns a summary marked interrupted.
    """
    files = list(files)
    summary = Summary(files=len(files))
    if workers is None:
        workers = os.cpu_count() or 1
    started = time.perf_counter()
    _probe(db)  # starting the workers takes seconds: a busy or foreign file is told first
    pool: ProcessPoolExecutor | None = None
    shared_reader()  # build the parser and load the games once: forked workers inherit them
    load_games()
    Rows().tables()  # pyarrow's first table is slow to make: paid here, once, not per worker
    # What is loaded now lives as long as the ingest: out of the collector's sight, its
    # full collections do not walk it, and the forked workers do not copy its pages by
    # touching it.
    gc.freeze()
    try:
        if workers > 0:  # start the workers before DuckDB starts its threads
            pool = ProcessPoolExecutor(
                workers, mp_context=get_context("fork"), initializer=_ignore_interrupts
            )
            for future in [pool.submit(_ready) for _ in range(workers)]:
                future.result()
        con = connect(db)
    except BaseException:  # the pool or the archive would not start: as before the call
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        gc.unfreeze()
        raise
    try:
        try:
            con.execute(f"SET memory_limit = '{MEMORY_LIMIT}'")
            con.execute(f"SET checkpoint_threshold = '{CHECKPOINT_THRESHOLD}'")
            if workers > 0:  # the workers have the cores: DuckDB takes what is left
                con.execute(f"SET threads = {max(1, (os.cpu_count() or 1) - workers)}")
            schema.create(con)
            next_id, batch = _next_ids(con)
        except duckdb.Error as error:  # damaged, or the disk full before the first batch
            raise ArchiveError(f"{db}: cannot ingest into the archive: {cause(error)}") from None
        stamp = datetime.now()

        def commit(result: dict[str, pa.Table]) -> None:
            nonlocal next_id, batch
            added, present, stored = write_batch(con, result, batch, next_id, stamp)
            rejected = result["rejects"].num_rows
            next_id += result["records"].num_rows + rejected
            batch += 1
            summary.batches += 1
            summary.records += result["records"].num_rows + rejected
            summary.added += added
            summary.duplicates += present
            summary.rejected += rejected
            summary.rejects_stored += stored
            if on_batch is not None:
                on_batch(summary)

        try:
            source = tasks(files, summary.errors, batch_size, on_file, task_size)
            group: list[dict[str, pa.Table]] = []

            def done(result: dict[str, pa.Table], ends_batch: bool) -> None:
                group.append(result)
                if ends_batch:
                    commit(merge(group))
                    group.clear()

            if pool is None:
                for task, ends_batch in source:
                    done(work(*task), ends_batch)
            else:
                pending: deque[tuple[Future[bytes], bool]] = deque()
                for (file, start, chunks), ends_batch in source:
                    future = pool.submit(_run, work, file, start, _packed(chunks))
                    pending.append((future, ends_batch))
                    if len(pending) >= IN_FLIGHT * workers + 1:
                        future, ends = pending.popleft()
                        done(pickle.loads(future.result()), ends)
                while pending:
                    future, ends = pending.popleft()
                    done(pickle.loads(future.result()), ends)
            if group:  # the last batch, shorter than the others
                commit(merge(group))
        except KeyboardInterrupt:
            summary.interrupted = True
        except BrokenProcessPool:
            summary.errors.append(
                stopped("a worker process died", summary, _advice(BrokenProcessPool()))
            )
            raise IngestAborted(summary.errors[-1], summary) from None
        except Exception as error:  # a full disk, a damaged archive, a bug: keep whole batches
            summary.errors.append(stopped(cause(error), summary, _advice(error)))
            raise IngestAborted(summary.errors[-1], summary, is_damage(error)) from None
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
        _close(con)
        gc.unfreeze()
        summary.seconds = time.perf_counter() - started
    return summary


def rescore(
    db: str | Path,
    *,
    batch_size: int = BATCH_SIZE,
    on_batch: Callable[[Summary], None] | None = None,
) -> Summary:
    """Replay the records stored without an outcome whose game the engine now knows: fill
    their outcome columns and rebuild their seats, calls, plays and bonuses (same ids). A
    record the engine finds invalid moves to the rejects, with its canonical text and the
    diagnostics (positions in that text). One transaction per batch."""
    games = sorted(load_games())
    summary = Summary()
    started = time.perf_counter()
    if not Path(db).exists():
        raise ArchiveMissing(f"{db}: no archive here (create one with `trunfu ingest`)")
    _probe(db)
    con = connect(db)
    try:
        try:
            schema.check(con)
            _, batch = _next_ids(con)
        except duckdb.Error as error:
            raise ArchiveError(f"{db}: cannot rescore the archive: {cause(error)}") from None
        reader = shared_reader()
        last = 0
        try:
            while rows := con.execute(
                """SELECT id, text, source_file, source_index FROM records
                   WHERE NOT scored AND list_contains(?, game) AND id > ? ORDER BY id LIMIT ?""",
                [games, last, batch_size],
            ).fetchall():
                last = rows[-1][0]
                built = Rows()
                for _, text, file, index in rows:
                    add_read(built, reader.parse_chunk(Chunk(1, 1, text), file, index or 1))
                tables = built.tables()
                ids = pa.table(
                    {"local": pa.array(range(len(rows)), INT32), "id": [r[0] for r in rows]}
                )
                _replace(con, tables, ids, batch)
                batch += 1
                summary.batches += 1
                summary.records += len(rows)
                summary.added += _count_true(tables["records"].column("scored"))
                summary.rejected += tables["rejects"].num_rows
                if on_batch is not None:
                    on_batch(summary)
        except KeyboardInterrupt:
            summary.interrupted = True
        except Exception as error:  # a full disk, a damaged archive: keep whole batches
            message = stopped(cause(error), summary, _advice(error), "records scored")
            summary.errors.append(message.replace("ingest stopped", "rescore stopped", 1))
            raise IngestAborted(summary.errors[-1], summary, is_damage(error)) from None
    finally:
        _close(con)
        summary.seconds = time.perf_counter() - started
    return summary


def _count_true(column: pa.ChunkedArray) -> int:
    """How many values of a boolean column are true."""
    return sum(1 for v in column.to_pylist() if v)


def _replace(
    con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table], ids: pa.Table, batch: int
) -> None:
    """Rows rebuilt for records already stored (`ids`: local → id), in one transaction."""
    with _transaction(con, {**tables, "ids": ids}):
        for table in schema.CHILD_TABLES:
            con.execute(f"DELETE FROM {table} WHERE record_id IN (SELECT id FROM b_ids)")
        cols = _columns("rejects")
        con.execute(
            f"""INSERT INTO rejects ({", ".join(cols)}, batch)
            SELECT {", ".join(cols)}, ? FROM b_rejects b
            WHERE NOT EXISTS (SELECT 1 FROM rejects r WHERE r.hash = b.hash)""",
            [batch],
        )
        con.execute(
            "DELETE FROM records WHERE id IN "
            "(SELECT i.id FROM b_ids i JOIN b_rejects r ON r.local = i.local)"
        )
        updated = ("scored", "tricks", *schema.OUTCOME_COLUMNS)
        con.execute(
            f"""UPDATE records SET {", ".join(f"{c} = b.{c}" for c in updated)}
            FROM b_records b JOIN b_ids i ON i.local = b.local WHERE records.id = i.id"""
        )
        for table in schema.CHILD_TABLES:
            cols = _columns(table)
            con.execute(
                f"""INSERT INTO {table} (record_id, {", ".join(cols)})
                SELECT i.id, {", ".join(f"c.{c}" for c in cols)}
                FROM {_source(table)} c JOIN b_ids i ON i.local = c.local"""
            )
