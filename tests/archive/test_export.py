"""Export: TGN byte-equal to the canonical texts ingested, JSON Lines of the models,
Parquet of the tables."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq

from trunfu.archive import export
from trunfu.archive.lock import connect
from trunfu.notation.models import Record
from trunfu.notation.reader import read_records
from trunfu.notation.schema import dump, load
from trunfu.notation.writer import write_all

from .conftest import Deal


def test_tgn_export_is_byte_equal_to_the_canonical_texts(
    archive: Path, deals: list[Deal], tmp_path: Path
) -> None:
    con = connect(archive, read_only=True)
    out = tmp_path / "all.tgn"
    assert export.export_tgn(con, out) == len(deals)
    data = out.read_bytes()
    assert data == "\n".join(d.text for d in deals).encode()
    assert data.decode() == write_all(read_records(data.decode()))
    french = tmp_path / "french.tgn"
    export.export_tgn(con, french, game="french-tarot")
    con.close()
    texts = [d.text for d in deals if d.record.tag("Game") == "french-tarot"]
    assert french.read_text() == "\n".join(texts)


def test_jsonl_export_gives_the_records(archive: Path, deals: list[Deal], tmp_path: Path) -> None:
    con = connect(archive, read_only=True)
    out = tmp_path / "waite.jsonl"
    count = export.export_jsonl(con, out, game="waite-tarot")
    con.close()
    lines = out.read_text().splitlines()
    expected = [read_records(d.text)[0] for d in deals if d.record.tag("Game") == "waite-tarot"]
    assert count == len(lines) == len(expected)
    for line, record in zip(lines, expected, strict=True):
        got = load(Record, json.loads(line))
        assert got.content() == record.content()
        assert dump(got, exclude={"file"}) == dump(record, exclude={"file"})
        assert got.file.startswith("archive:")


def test_parquet_export_of_the_tables(archive: Path, deals: list[Deal], tmp_path: Path) -> None:
    con = connect(archive, read_only=True)
    counts = export.export_parquet(con, tmp_path / "pq")
    expected = {
        t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        for t in ("records", "seats", "plays", "calls", "bonuses")
    }
    marafone = export.export_parquet(con, tmp_path / "m", game="marafone")
    con.close()
    assert {t: counts[t] for t in expected} == expected
    records = pq.read_table(tmp_path / "pq" / "records.parquet")
    assert records.column("text").to_pylist() == [d.text for d in deals]
    plays = pq.read_table(tmp_path / "m" / "plays.parquet")
    rows = pq.read_table(tmp_path / "m" / "records.parquet").to_pylist()
    played = {r["id"] for r in rows if "\nplay\n" in r["text"]}  # a hand thrown in has none
    assert set(plays.column("record_id").to_pylist()) == played
    assert marafone["records"] == sum(d.record.tag("Game") == "marafone" for d in deals)
