"""What a reject keeps (issue 17): a record that is not UTF-8 keeps its bytes; one too long
to read keeps its first characters, its length and the hash of its whole text, so two of
them are never merged; a cut compressed file keeps the records before the cut."""

from __future__ import annotations

import bz2
import gzip
import hashlib
import json
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
import zstandard
from typer.testing import CliRunner

import trunfu.cli.ingest  # noqa: F401  (adds its command to the app)
from trunfu.archive.export import export_parquet
from trunfu.archive.ingest import ingest
from trunfu.cli.app import app
from trunfu.notation.split import KEPT_CHARS, MAX_RECORD_CHARS

from .conftest import Deal

T4 = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'


def _rejects(db: Path) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(
            "SELECT source_index, hash, codes, diagnostics, text, text_length, raw "
            "FROM rejects ORDER BY source_index"
        ).fetchall()
    finally:
        con.close()


def _records(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute("SELECT count(*) FROM records").fetchone()[0]
    finally:
        con.close()


@pytest.mark.parametrize("workers", [0, 1])
def test_two_oversize_records_are_two_rejects_with_their_length_and_hash(
    deals: list[Deal], tmp_path: Path, workers: int
) -> None:
    one = T4 + "{ " + "x" * MAX_RECORD_CHARS + " }\nauction passe\n"
    two = T4 + "{ " + "x" * MAX_RECORD_CHARS + "y }\nauction passe\n"  # same first part
    path = tmp_path / "long.tgn"
    path.write_text("\n".join([deals[0].text, one, two]), encoding="utf-8")
    db = tmp_path / "a.duckdb"
    summary = ingest(db, [str(path)], workers=workers)
    assert (summary.added, summary.rejected, summary.rejects_stored) == (1, 2, 2)
    rows = _rejects(db)
    assert [r[0] for r in rows] == [2, 3]
    for (_, digest, codes, _, text, length, raw), whole in zip(
        rows, [one + "\n", two], strict=True
    ):
        assert codes == ["record-too-long"]
        assert text == whole[:KEPT_CHARS] and length == len(whole) and raw is None
        assert digest == hashlib.sha256(whole.encode()).hexdigest()
    again = ingest(db, [str(path)], workers=workers)  # idempotent: the same two rejects
    assert (again.rejected, again.rejects_stored, len(_rejects(db))) == (2, 0, 2)


def test_a_record_that_is_not_utf8_keeps_its_bytes(deals: list[Deal], tmp_path: Path) -> None:
    bad = (T4 + '[Event "Caf\xe9"]\n\nauction\n  passe passe passe passe\n').encode("latin-1")
    good = deals[0].text.encode()
    path = tmp_path / "latin1.tgn"
    path.write_bytes(good + b"\n" + bad + b"\n" + deals[1].text.encode())
    db = tmp_path / "a.duckdb"
    summary = ingest(db, [str(path)], workers=0)
    assert (summary.added, summary.rejected) == (2, 1)
    [(index, digest, codes, diagnostics, text, length, raw)] = _rejects(db)
    assert index == 2 and codes == ["not-utf-8"]
    where = json.loads(diagnostics)[0]
    line = good.count(b"\n") + 2 + 3  # record 2 starts after an empty line; its 4th line
    assert (where["class"], where["line"], where["column"]) == ("encoding", line, 12)
    assert raw.rstrip(b"\n") == bad.rstrip(b"\n")  # the bytes as they were
    assert text.rstrip("\n") == bad.decode("utf-8", "replace").rstrip("\n")
    assert length == len(text)
    assert digest == hashlib.sha256(raw).hexdigest()
    con = duckdb.connect(str(db), read_only=True)
    try:
        export_parquet(con, tmp_path / "out")
    finally:
        con.close()
    exported = pq.read_table(tmp_path / "out" / "rejects.parquet").column("raw").to_pylist()
    assert exported == [raw]  # the export keeps the bytes too


def _zstd(data: bytes) -> bytes:
    """One zstd frame of blocks of 16 KiB of text or so, as a streaming writer flushes."""
    packer = zstandard.ZstdCompressor().compressobj()
    blocks = [
        packer.compress(data[at : at + 16384]) + packer.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        for at in range(0, len(data), 16384)
    ]
    return b"".join(blocks) + packer.flush()


def _cut(data: bytes, suffix: str, tmp_path: Path) -> Path:
    packed = {
        "gz": gzip.compress,
        "bz2": lambda d: bz2.compress(d, compresslevel=1),  # blocks of 100 kB
        "zst": _zstd,
    }[suffix](data)
    path = tmp_path / f"cut.tgn.{suffix}"
    path.write_bytes(packed[: len(packed) * 2 // 3])
    return path


@pytest.mark.parametrize("suffix", ["gz", "bz2", "zst"])
def test_a_cut_compressed_file_is_reported_and_the_records_before_the_cut_kept(
    deals: list[Deal], tmp_path: Path, suffix: str
) -> None:
    texts = [d.text for d in deals]  # some 300 kB
    path = _cut("\n".join(texts).encode(), suffix, tmp_path)
    db = tmp_path / "a.duckdb"
    summary = ingest(db, [str(path)], workers=0)
    kept = _records(db)
    assert 0 < kept < len(texts) and summary.added == kept and summary.rejected == 0
    assert summary.errors == [
        f"{path}: cannot read past record {kept}: truncated: the "
        f"{ {'gz': 'gzip', 'bz2': 'bzip2', 'zst': 'zstd'}[suffix] } data ends before the end "
        "of its stream"
    ]
    done = CliRunner().invoke(app, ["ingest", str(path), "--db", str(db), "--workers", "0"])
    assert done.exit_code == 1 and "truncated" in done.stderr
    assert _records(db) == kept
