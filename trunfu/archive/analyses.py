"""Best play for the archive (`trunfu analyse --db`): the scored records not analysed yet,
judged card by card in worker processes (`trunfu.analysis`), stored in `analyses` and
`analysed_cards`, a batch of records per transaction. Running it again analyses only
what is new; a record that cannot be analysed is stored with the reason, and not tried
again (but for the reasons of `RETRIED`)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat
from multiprocessing import get_context
from pathlib import Path

import duckdb

from ..analysis.analyse import DEFAULT_BUDGET, analyse
from ..analysis.values import NotAnalysable
from ..notation.reader import read_records
from . import schema
from .ingest import cause
from .lock import ArchiveError, ArchiveMissing, connect

BATCH = 50
"""Records analysed per transaction."""

RETRIED = ("the deal does not give", "the deal gives no hand")
"""How the refusals of a record whose deal leaves a hand out begin, as stored before the
analysis inferred hands from the play: such a record is analysed again (once: the reasons
given now begin otherwise)."""

CardRow = tuple[int, int, int, str, float, float, float, list[str]]


@dataclass
class Found:
    """One record's analysis, as stored: its `analyses` row and its `analysed_cards` rows."""

    record_id: int
    tricks: int | None
    error: str | None
    seconds: float
    cards: list[CardRow] = field(default_factory=list)


@dataclass
class AnalysisSummary:
    """What an analysis of the archive did."""

    records: int = 0
    analysed: int = 0
    refused: int = 0
    cards: int = 0
    interrupted: bool = False
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        return {
            "records": self.records,
            "analysed": self.analysed,
            "refused": self.refused,
            "cards": self.cards,
            "interrupted": self.interrupted,
            "seconds": round(self.seconds, 3),
        }


def judge(record_id: int, text: str, tricks: int | None, budget: float) -> Found:
    """The analysis of one stored record (run in a worker)."""
    began = time.perf_counter()
    try:
        found = analyse(read_records(text)[0], tricks=tricks, budget=budget)
    except NotAnalysable as refused:
        return Found(record_id, None, str(refused), time.perf_counter() - began)
    cards = [
        (record_id, p.trick, p.seat, p.card, p.before, p.after, p.loss, p.best)
        for p in found.positions
    ]
    return Found(record_id, found.tricks, None, time.perf_counter() - began, cards)


def _pending(
    con: duckdb.DuckDBPyConnection, game: str | None, limit: int | None
) -> Iterator[list[tuple[int, str]]]:
    """The scored records without an analysis (or refused for a reason of `RETRIED`),
    oldest first, `BATCH` at a time (at most `limit` in all): (id, text). Read a batch at a
    time, so that memory stays flat."""
    retried = " OR ".join("starts_with(a.error, ?)" for _ in RETRIED)
    sql = f"""SELECT id, text FROM records r WHERE scored AND NOT thrown_in
             AND (? IS NULL OR game = ?) AND id > ?
             AND NOT EXISTS (SELECT 1 FROM analyses a WHERE a.record_id = r.id
                             AND NOT (a.error IS NOT NULL AND ({retried})))
             ORDER BY id LIMIT ?"""
    last, left = -1, limit
    while left is None or left > 0:
        size = BATCH if left is None else min(BATCH, left)
        rows = con.execute(sql, [game, game, last, *RETRIED, size]).fetchall()
        if not rows:
            return
        yield rows
        last = rows[-1][0]
        if left is not None:
            left -= len(rows)


def _store(con: duckdb.DuckDBPyConnection, batch: list[Found]) -> None:
    """One batch of analyses in one transaction (replacing the refusals retried)."""
    con.execute("BEGIN TRANSACTION")
    try:
        con.execute(
            "DELETE FROM analyses WHERE list_contains(?, record_id)", [[f.record_id for f in batch]]
        )
        con.executemany(
            "INSERT INTO analyses VALUES (?, ?, ?, ?)",
            [(f.record_id, f.tricks, f.error, f.seconds) for f in batch],
        )
        cards = [row for f in batch for row in f.cards]
        if cards:
            con.executemany("INSERT INTO analysed_cards VALUES (?, ?, ?, ?, ?, ?, ?, ?)", cards)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def analyse_archive(
    db: str | Path,
    *,
    game: str | None = None,
    limit: int | None = None,
    tricks: int | None = None,
    budget: float = DEFAULT_BUDGET,
    workers: int | None = None,
    on_batch: Callable[[AnalysisSummary], None] | None = None,
) -> AnalysisSummary:
    """Analyse the scored records of `db` not analysed yet (of `game`; at most `limit`),
    each for its last `tricks` tricks or as many as `budget` seconds allow, in `workers`
    processes (default: one per core). Raises `ArchiveError` when the archive cannot be
    written, or when storing fails (the batches stored before it are kept)."""
    summary = AnalysisSummary()
    started = time.perf_counter()
    if not Path(db).exists():
        raise ArchiveMissing(f"{db}: no archive here (create one with `trunfu ingest`)")
    if workers is None:
        workers = os.cpu_count() or 1
    pool = None
    try:
        if workers:  # forked now, before DuckDB starts its threads (a fork copies no thread)
            pool = ProcessPoolExecutor(workers, mp_context=get_context("fork"))
            pool.submit(os.getpid).result()  # a forking pool starts every worker at once
        con = connect(db)
    except BaseException:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        raise
    try:
        try:
            schema.check(con)
            schema.create_analysis(con)
        except duckdb.Error as error:
            raise ArchiveError(f"{db}: cannot analyse the archive: {cause(error)}") from None
        try:
            for rows in _pending(con, game, limit):
                ids, texts = zip(*rows, strict=True)
                extra = (repeat(tricks, len(rows)), repeat(budget, len(rows)))
                if pool is None:
                    batch = list(map(judge, ids, texts, *extra))
                else:
                    batch = list(pool.map(judge, ids, texts, *extra))
                _store(con, batch)
                summary.records += len(batch)
                summary.analysed += sum(f.error is None for f in batch)
                summary.refused += sum(f.error is not None for f in batch)
                summary.cards += sum(len(f.cards) for f in batch)
                if on_batch is not None:
                    on_batch(summary)
        except KeyboardInterrupt:
            summary.interrupted = True
        except duckdb.Error as error:
            kept = summary.analysed + summary.refused
            raise ArchiveError(
                f"{db}: the analysis stopped: {cause(error)}; the {kept} records analysed "
                "before it are kept"
            ) from None
    finally:
        con.close()
        if pool is not None:
            pool.shutdown(cancel_futures=True)
        summary.seconds = time.perf_counter() - started
    return summary
