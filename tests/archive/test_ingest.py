"""Ingest: valid and invalid records, idempotence, compressed files, atomicity when a
worker dies or the user interrupts, and the single-writer lock."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest
import zstandard

from trunfu.archive.ingest import IngestAborted, ingest, parse_batch
from trunfu.archive.lock import ArchiveBusy, ArchiveError, ArchiveMissing, connect
from trunfu.archive.queries import open_archive
from trunfu.notation.reader import read_text
from trunfu.referee import judge

from .conftest import Deal, write_file

BAD_SYNTAX = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"\n\nplay\n  1. KS QS\n'


def _counts(db: Path) -> dict[str, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        tables = ("records", "seats", "calls", "plays", "outcomes", "rejects", "players")
        return {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}
    finally:
        con.close()


def _cards_played(deal: Deal) -> int:
    return sum(len(t.cards) for t in deal.record.play.tricks) if deal.record.play else 0


def _assert_whole(db: Path, deals: list[Deal]) -> set[str]:
    """Every stored record has all its rows (seats, plays, outcome): no half record."""
    by_hash = {hashlib.sha256(d.text.encode()).hexdigest(): d for d in deals}
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            """SELECT r.hash, r.text,
                      (SELECT count(*) FROM seats s WHERE s.record_id = r.id),
                      (SELECT count(*) FROM plays p WHERE p.record_id = r.id),
                      (SELECT count(*) FROM outcomes o WHERE o.record_id = r.id)
               FROM records r"""
        ).fetchall()
        orphans = con.execute(
            "SELECT count(*) FROM plays WHERE record_id NOT IN (SELECT id FROM records)"
        ).fetchone()[0]
    finally:
        con.close()
    assert orphans == 0
    for hash_, text, seats, plays, outcomes in rows:
        deal = by_hash[hash_]
        assert text == deal.text
        assert seats == deal.record.seats
        assert plays == _cards_played(deal)
        assert outcomes == (deal.replay.outcome is not None)
    return {r[0] for r in rows}


def test_ingest_stores_each_record_with_all_its_rows(archive: Path, deals: list[Deal]) -> None:
    counts = _counts(archive)
    assert counts["records"] == len(deals)
    assert counts["seats"] == sum(d.record.seats for d in deals)
    assert counts["plays"] == sum(_cards_played(d) for d in deals)
    assert counts["outcomes"] == sum(d.replay.outcome is not None for d in deals)
    assert counts["players"] == len(
        {t.value for d in deals for t in d.record.tags if t.name[0] == "P" and t.name[1:].isdigit()}
    )
    assert len(_assert_whole(archive, deals)) == len(deals)


def test_plays_carry_seat_and_trick_winner(archive: Path, deals: list[Deal]) -> None:
    con = duckdb.connect(str(archive), read_only=True)
    deal = next(d for d in deals if d.replay.tricks)
    hash_ = hashlib.sha256(deal.text.encode()).hexdigest()
    rows = con.execute(
        """SELECT trick, ord, seat, card, winner FROM plays
           WHERE record_id = (SELECT id FROM records WHERE hash = ?) ORDER BY trick, ord""",
        [hash_],
    ).fetchall()
    con.close()
    expected = [
        (t.number, i, seat, card, t.winner)
        for t in deal.replay.tricks
        for i, (seat, card) in enumerate(t.cards, 1)
    ]
    assert rows == expected


def test_reingest_adds_nothing(archive: Path, deals: list[Deal], tmp_path: Path) -> None:
    before = _counts(archive)
    copy = write_file(tmp_path / "again.tgn", [d.text for d in deals[:30]])
    summary = ingest(archive, [str(copy)], workers=0)
    assert (summary.added, summary.duplicates, summary.rejected) == (0, 30, 0)
    assert _counts(archive) == before


def test_batch_of_known_and_new_records_adds_the_new_ones_whole(
    deals: list[Deal], tmp_path: Path
) -> None:
    db = tmp_path / "a.duckdb"
    ingest(db, [str(write_file(tmp_path / "first.tgn", [d.text for d in deals[:20]]))], workers=0)
    texts = [d.text for d in deals[10:30]] + [deals[25].text]  # 10 known, 10 new, 1 copy
    summary = ingest(db, [str(write_file(tmp_path / "next.tgn", texts))], workers=0)
    assert (summary.added, summary.duplicates, summary.rejected) == (10, 11, 0)
    counts = _counts(db)
    assert counts["records"] == 30
    assert counts["seats"] == sum(d.record.seats for d in deals[:30])
    assert counts["plays"] == sum(_cards_played(d) for d in deals[:30])
    assert len(_assert_whole(db, deals)) == 30
    con = duckdb.connect(str(db), read_only=True)
    ids = [r[0] for r in con.execute("SELECT id FROM records ORDER BY id").fetchall()]
    players = {r[0] for r in con.execute("SELECT name FROM players").fetchall()}
    con.close()
    assert ids[:20] == list(range(1, 21)) and ids[20:] == list(range(31, 41))
    assert players == {
        t.value
        for d in deals[:30]
        for t in d.record.tags
        if t.name[0] == "P" and t.name[1:].isdigit()
    }


def test_invalid_records_are_rejected_with_diagnostics_and_raw_text(
    deals: list[Deal], tmp_path: Path
) -> None:
    good = deals[0].text
    scored = next(d for d in deals[1:] if d.replay.outcome and any(d.replay.outcome.scores))
    zeros = " ".join("0" for _ in range(scored.record.seats))
    result = scored.record.tag("Result")
    wrong_result = scored.text.replace(f'[Result "{result}"]', f'[Result "{zeros}"]')
    assert wrong_result != scored.text
    source = write_file(tmp_path / "mixed.tgn", [good, BAD_SYNTAX, wrong_result, good])
    db = tmp_path / "a.duckdb"
    summary = ingest(db, [str(source)], workers=0)
    assert (summary.added, summary.duplicates, summary.rejected) == (1, 1, 2)
    con = duckdb.connect(str(db), read_only=True)
    rejects = con.execute(
        "SELECT source_index, source_line, codes, diagnostics, text FROM rejects ORDER BY source_index"
    ).fetchall()
    con.close()
    assert [r[0] for r in rejects] == [2, 3]
    syntax, differs = rejects
    assert syntax[4].strip() == BAD_SYNTAX.strip()
    first = json.loads(syntax[3])[0]
    assert first["class"] == "syntax" and first["line"] >= good.count("\n") + 1
    assert differs[2] == ["result-differs"]
    assert json.loads(differs[3])[0]["class"] == "result"
    assert differs[4].strip() == wrong_result.strip()
    verdicts = [judge(r) for r in read_text("\n".join([good, BAD_SYNTAX, wrong_result, good]))]
    for index, _line, _codes, stored, _text in rejects:  # the verdict of `trunfu validate`
        expected = [d.as_json() for d in verdicts[index - 1].diagnostics]
        assert json.loads(stored) == expected
    again = ingest(db, [str(source)], workers=0)
    assert again.rejected == 2 and again.rejects_stored == 0


def test_compressed_files(deals: list[Deal], tmp_path: Path) -> None:
    texts = [d.text for d in deals[:20]]
    body = "\n".join(texts).encode()
    (tmp_path / "a.tgn.gz").write_bytes(gzip.compress(body[: len(body)]))
    zipped = "\n".join(d.text for d in deals[20:30]).encode()
    (tmp_path / "b.tgn.zst").write_bytes(zstandard.ZstdCompressor().compress(zipped))
    db = tmp_path / "z.duckdb"
    summary = ingest(db, [str(tmp_path / "a.tgn.gz"), str(tmp_path / "b.tgn.zst")], workers=0)
    assert (summary.added, summary.rejected, summary.errors) == (30, 0, [])


def test_parallel_ingest_equals_serial(deals: list[Deal], tmp_path: Path) -> None:
    source = write_file(tmp_path / "all.tgn", [d.text for d in deals])
    summary = ingest(tmp_path / "p.duckdb", [str(source)], workers=2, batch_size=16)
    assert summary.added == len(deals)
    assert _assert_whole(tmp_path / "p.duckdb", deals)


def _contents(db: Path) -> dict[str, list[tuple]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {
            "records": con.execute(
                "SELECT id, hash, source_index FROM records ORDER BY id"
            ).fetchall(),
            "plays": con.execute(
                "SELECT record_id, trick, ord, card, winner FROM plays ORDER BY ALL"
            ).fetchall(),
            "seats": con.execute("SELECT * FROM seats ORDER BY record_id, seat").fetchall(),
            "rejects": con.execute(
                "SELECT source_index, codes FROM rejects ORDER BY ALL"
            ).fetchall(),
            "ingests": con.execute("SELECT added, duplicates, rejected FROM ingests").fetchall(),
        }
    finally:
        con.close()


def test_batches_of_several_tasks_across_files_equal_one_task_per_batch(
    deals: list[Deal], tmp_path: Path
) -> None:
    """Tasks of 7 records in batches of 25 (a batch spans tasks and files, rejects among
    them): the same ids and rows as one task per batch, and whole batches of 25."""
    texts = [d.text for d in deals[:60]]
    texts[9:9] = [BAD_SYNTAX]  # record 10 of the first file is rejected
    first = write_file(tmp_path / "a.tgn", texts[:33])
    second = write_file(tmp_path / "b.tgn", [*texts[33:], deals[0].text])
    files = [str(first), str(second)]
    merged, plain = tmp_path / "m.duckdb", tmp_path / "p.duckdb"
    summary = ingest(merged, files, workers=2, batch_size=25, task_size=7)
    assert (summary.added, summary.duplicates, summary.rejected) == (60, 1, 1)
    assert summary.batches == 3
    ingest(plain, files, workers=0, batch_size=25, task_size=25)
    got = _contents(merged)
    assert got == _contents(plain)
    assert [r[0] for r in got["records"]] == [n for n in range(1, 63) if n not in (10, 62)]
    assert [r[0] for r in got["rejects"]] == [10]
    assert [sum(row) for row in got["ingests"]] == [25, 25, 12]
    assert len(_assert_whole(merged, deals)) == 60


def dying_worker(file: str, start: int, chunks: list) -> dict:
    """A worker that dies on the third batch of the file."""
    if start > 2 * len(chunks):
        os._exit(3)
    return parse_batch(file, start, chunks)


def test_worker_killed_part_way_leaves_whole_batches(deals: list[Deal], tmp_path: Path) -> None:
    source = write_file(tmp_path / "all.tgn", [d.text for d in deals])
    db = tmp_path / "k.duckdb"
    with pytest.raises(IngestAborted):
        ingest(db, [str(source)], workers=2, batch_size=10, work=dying_worker)
    stored = _assert_whole(db, deals)
    assert len(stored) % 10 == 0 and len(stored) < len(deals)
    summary = ingest(db, [str(source)], workers=0)
    assert summary.added == len(deals) - len(stored)
    assert len(_assert_whole(db, deals)) == len(deals)


def interrupted_worker(file: str, start: int, chunks: list) -> dict:
    """Ctrl-C while the second batch is being parsed."""
    if start > len(chunks):
        raise KeyboardInterrupt
    return parse_batch(file, start, chunks)


def test_ctrl_c_keeps_committed_batches_only(deals: list[Deal], tmp_path: Path) -> None:
    source = write_file(tmp_path / "all.tgn", [d.text for d in deals])
    db = tmp_path / "c.duckdb"
    summary = ingest(db, [str(source)], workers=0, batch_size=25, work=interrupted_worker)
    assert summary.interrupted and summary.added == 25
    assert len(_assert_whole(db, deals)) == 25


def failing_worker(file: str, start: int, chunks: list) -> dict:
    """A bug in the second batch."""
    if start > len(chunks):
        raise RuntimeError("boom")
    return parse_batch(file, start, chunks)


def test_failure_part_way_keeps_whole_batches(deals: list[Deal], tmp_path: Path) -> None:
    source = write_file(tmp_path / "all.tgn", [d.text for d in deals])
    db = tmp_path / "f.duckdb"
    with pytest.raises(IngestAborted, match="RuntimeError: boom"):
        ingest(db, [str(source)], workers=0, batch_size=30, work=failing_worker)
    assert len(_assert_whole(db, deals)) == 30


HOLDER = """
import duckdb, sys, time
con = duckdb.connect(sys.argv[1])
print("ready", flush=True)
time.sleep(30)
"""


def test_busy_archive_gives_a_clear_message(tmp_path: Path) -> None:
    db = tmp_path / "busy.duckdb"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(db)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(ArchiveBusy, match=f"in use by process {holder.pid}"):
            connect(db)
        started = time.monotonic()
        with pytest.raises(ArchiveBusy, match="cannot read"):
            connect(db, read_only=True, wait=0.6)
        assert time.monotonic() - started >= 0.6
    finally:
        holder.kill()
        holder.wait()
    connect(db, read_only=True).close()


def test_missing_archive(tmp_path: Path) -> None:
    with pytest.raises(ArchiveMissing, match="no archive"):
        connect(tmp_path / "none.duckdb", read_only=True)


def test_archive_of_another_schema_version_is_refused_with_a_message(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
    con.execute("INSERT INTO meta VALUES ('schema', '0')")
    con.close()
    with pytest.raises(ArchiveError, match="schema version 0"):
        ingest(db, [], workers=0)
    with pytest.raises(ArchiveError, match="schema version 0"):
        open_archive(db)
    duckdb.connect(str(tmp_path / "other.duckdb")).close()
    with pytest.raises(ArchiveError, match="not a trunfu archive"):
        open_archive(tmp_path / "other.duckdb")


def _dump(db: Path) -> dict[str, list]:
    """Every table's rows without ids (ordered by hash, seat, trick...)."""
    con = duckdb.connect(str(db), read_only=True)
    out = {
        "records": con.execute(
            "SELECT hash, scored, tricks, contract, declarer, won, result, margin, breakdown "
            "FROM records ORDER BY hash"
        ).fetchall()
    }
    for table, columns in {
        "seats": "t.seat, t.player, t.position, t.side, t.role, t.score, t.won",
        "calls": "t.ord, t.kind, t.round, t.seat, t.word, t.cards",
        "plays": "t.trick, t.ord, t.seat, t.card, t.winner, t.captured, t.last_trick",
        "bonuses": "t.name, t.side, t.value",
    }.items():
        out[table] = con.execute(
            f"SELECT r.hash, {columns} FROM {table} t JOIN records r ON r.id = t.record_id "
            f"ORDER BY ALL"
        ).fetchall()
    con.close()
    return out


def test_rescore_fills_what_the_engine_did_not_know(
    deals: list[Deal], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trunfu.archive import rows
    from trunfu.archive.ingest import rescore

    scored = next(d for d in deals[5:] if d.replay.outcome and any(d.replay.outcome.scores))
    zeros = " ".join("0" for _ in range(scored.record.seats))
    wrong = scored.text.replace(f'[Result "{scored.record.tag("Result")}"]', f'[Result "{zeros}"]')
    texts = [d.text for d in deals[:40]] + [wrong]
    source = write_file(tmp_path / "some.tgn", texts)
    expected = tmp_path / "expected.duckdb"
    ingest(expected, [str(source)], workers=0)

    late = tmp_path / "late.duckdb"
    with monkeypatch.context() as m:  # as if the engine knew none of the games yet
        m.setattr(rows, "replay_of", lambda record: None)
        first = ingest(late, [str(source)], workers=0, batch_size=16)
    assert (first.added, first.rejected) == (41, 0)
    assert _counts(late)["outcomes"] == 0

    summary = rescore(late, batch_size=16)
    assert (summary.records, summary.added, summary.rejected) == (41, 40, 1)
    assert _dump(late) == _dump(expected)
    con = duckdb.connect(str(late), read_only=True)
    codes, text = con.execute("SELECT codes, text FROM rejects").fetchone()
    con.close()
    assert codes == ["result-differs"] and text == wrong
    assert rescore(late).records == 0
