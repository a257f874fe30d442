"""Bytes through the commands (issue 17): a file that is not UTF-8 is reported and never
rewritten, `fmt` gives its bytes back as they came; a compressed file cut short is
"cannot read: ... truncated" (exit 1) after the records before the cut; a zstd file of
several frames is read whole."""

from __future__ import annotations

import bz2
import gzip
from pathlib import Path

import pytest
import zstandard
from typer.testing import CliRunner

import trunfu.cli.fmt
import trunfu.cli.validate  # noqa: F401  (each module adds its command to the app)
from trunfu.cli.app import app
from trunfu.notation.reader import Truncated, open_binary, read

T4 = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'
GOOD = T4 + "\nauction\n  passe passe passe passe\n"  # canonical, and a legal deal
runner = CliRunner()


def run(*args: str, input: bytes | None = None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def latin1(tmp_path: Path) -> Path:
    """Three records, the second with a tag value in Latin-1 and a messy auction."""
    second = (T4 + '[Event "Caf\xe9"]\n\nauction  passe passe\n  passe passe\n').encode("latin-1")
    path = tmp_path / "latin1.tgn"
    path.write_bytes(GOOD.encode() + b"\n" + second + b"\n" + GOOD.encode())
    return path


def test_validate_reports_the_bad_byte_and_fails(latin1: Path):
    done = run("validate", str(latin1))
    assert done.exit_code == 1
    assert done.stdout.splitlines() == [
        f"{latin1}:11:12: encoding not-utf-8 byte 0xe9 is not UTF-8; TGN files are UTF-8 text",
        "3 records: 2 valid, 1 invalid",
    ]


def test_fmt_never_rewrites_a_file_that_is_not_utf8(latin1: Path):
    data = latin1.read_bytes()
    done = run("fmt", "--in-place", str(latin1))
    assert done.exit_code == 1 and "not rewritten" in done.stderr
    assert "encoding not-utf-8" in done.stderr
    assert latin1.read_bytes() == data
    assert run("fmt", "--check", str(latin1)).exit_code == 1


def test_fmt_prints_a_record_that_is_not_utf8_byte_for_byte(latin1: Path):
    data = latin1.read_bytes()
    for args, given in (([str(latin1)], None), (["-"], data)):
        done = run("fmt", *args, input=given)
        assert done.exit_code == 1
        assert done.stdout_bytes == data


def _zstd(data: bytes) -> bytes:
    """One zstd frame of blocks of 16 KiB of text or so, as a streaming writer flushes."""
    packer = zstandard.ZstdCompressor().compressobj()
    blocks = [
        packer.compress(data[at : at + 16384]) + packer.flush(zstandard.COMPRESSOBJ_FLUSH_BLOCK)
        for at in range(0, len(data), 16384)
    ]
    return b"".join(blocks) + packer.flush()


PACK = {
    "gz": gzip.compress,
    "bz2": lambda data: bz2.compress(data, compresslevel=1),  # blocks of 100 kB
    "zst": _zstd,
}


@pytest.mark.parametrize("suffix", sorted(PACK))
def test_a_cut_compressed_file_is_truncated_after_its_records(tmp_path: Path, suffix: str):
    records = [GOOD.replace('1"]\n\n', f'1"]\n[Board "{n}"]\n\n') for n in range(1500)]
    data = "\n".join(records).encode()  # 150 kB: blocks of every kind
    packed = PACK[suffix](data)
    path = tmp_path / f"cut.tgn.{suffix}"
    path.write_bytes(packed[: len(packed) * 3 // 4])
    read_before = []
    with pytest.raises(Truncated, match="truncated"):
        for result in read(path):
            read_before.append(result)
    assert 0 < len(read_before) < len(records)
    assert all(r.ok for r in read_before)  # the record at the cut is not among them
    done = run("validate", str(path))
    assert done.exit_code == 1
    assert f"{path}: cannot read: truncated: the " in done.stderr
    assert done.stdout.endswith(
        f"{len(read_before)} records: {len(read_before)} valid, 0 invalid\n"
    )
    done = run("fmt", str(path))
    assert done.exit_code == 1 and "cannot read: truncated" in done.stderr
    assert done.stdout_bytes == "\n".join(records[: len(read_before)]).encode()


@pytest.mark.parametrize("suffix", sorted(PACK))
def test_a_compressed_file_cut_inside_its_first_record_reads_none(tmp_path: Path, suffix: str):
    path = tmp_path / f"short.tgn.{suffix}"
    path.write_bytes(PACK[suffix](GOOD.encode())[:-6])
    done = run("validate", str(path))
    assert done.exit_code == 1
    assert "cannot read: truncated" in done.stderr
    assert done.stdout == "0 records: 0 valid, 0 invalid\n"


def test_a_zstd_file_of_several_frames_reads_whole(tmp_path: Path):
    packer = zstandard.ZstdCompressor()
    path = tmp_path / "frames.tgn.zst"
    path.write_bytes(packer.compress(GOOD.encode()) + packer.compress(("\n" + GOOD).encode()))
    with open_binary(path) as stream:
        assert stream.read() == (GOOD + "\n" + GOOD).encode()
    assert run("validate", str(path)).stdout == "2 records: 2 valid, 0 invalid\n"


def test_bad_zstd_data_after_a_frame_is_reported_after_the_records_before_it(tmp_path):
    """The last record before the fault might go on after it: it is not read."""
    path = tmp_path / "junk.tgn.zst"
    frame = zstandard.ZstdCompressor().compress((GOOD + "\n" + GOOD).encode())
    path.write_bytes(frame + b"not zstd")
    done = run("validate", str(path))
    assert done.exit_code == 1
    assert f"{path}: cannot read: zstd decompressor error: Unknown frame" in done.stderr
    assert done.stdout == "1 records: 1 valid, 0 invalid\n"
