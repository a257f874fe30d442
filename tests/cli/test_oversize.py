"""Records longer than the reader takes (issue 17): reported, never lost. `fmt` gives them
as written (read again from the file, in pieces), never an empty line in their place;
`fmt --in-place` leaves their file as it was; two of them are never taken for one."""

from __future__ import annotations

import hashlib
import tracemalloc
from pathlib import Path

from typer.testing import CliRunner

import trunfu.cli.fmt
import trunfu.cli.validate  # noqa: F401  (each module adds its command to the app)
from trunfu.cli.app import app
from trunfu.cli.fmt import canonical_pieces
from trunfu.notation.reader import read
from trunfu.notation.split import KEPT_CHARS, MAX_RECORD_CHARS

T4 = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'
GOOD = T4 + "\nauction\n  passe passe passe passe\n"  # canonical, and a legal deal
runner = CliRunner()


def oversize(fill: str, extra: int = 10) -> str:
    """A record made too long by a comment of `fill` characters."""
    return T4 + "{ " + fill * (MAX_RECORD_CHARS + extra) + " }\n\nauction\n  passe\n"


def test_fmt_gives_oversize_records_as_written_between_the_others(tmp_path: Path):
    one, two = oversize("x"), oversize("y", 20)
    text = "\n".join([GOOD, one, two, GOOD])
    path = tmp_path / "long.tgn"
    path.write_text(text, encoding="utf-8")
    done = runner.invoke(app, ["fmt", str(path)])
    assert done.exit_code == 1
    assert done.stdout_bytes == text.encode()  # nothing dropped, nothing added
    assert done.stderr.count("record-too-long") == 2
    assert f"{path}:8:1: syntax record-too-long this record is {len(one) + 1:,} characters" in (
        done.stderr
    )


def test_fmt_from_standard_input_gives_an_oversize_record_as_written():
    text = GOOD + "\n" + oversize("z")
    done = runner.invoke(app, ["fmt", "-"], input=text.encode())
    assert done.exit_code == 1
    assert done.stdout_bytes == text.encode()


def test_fmt_in_place_and_check_leave_a_file_with_an_oversize_record_as_it_was(tmp_path):
    path = tmp_path / "long.tgn"
    data = (GOOD.replace("passe passe", "passe  passe") + "\n" + oversize("x")).encode()
    path.write_bytes(data)
    done = runner.invoke(app, ["fmt", "--in-place", str(path)])
    assert done.exit_code == 1 and "not rewritten" in done.stderr
    assert runner.invoke(app, ["fmt", "--check", str(path)]).exit_code == 1
    assert path.read_bytes() == data


def test_an_oversize_record_that_ends_inside_a_line(tmp_path):
    """The next record starts on the oversize record's last line: the copy stops at its
    column, CRLF line ends read as LF, a BOM is no part of the first record."""
    head = T4 + "auction\n  passe { " + "w" * (MAX_RECORD_CHARS + 5) + " } "
    tail = '[Game "french-tarot"] [Seats "4"] [Dealer "1"]\nauction passe passe passe passe\n'
    path = tmp_path / "inline.tgn"
    path.write_bytes(("\ufeff" + head + tail).replace("\n", "\r\n").encode())
    results = list(read(path))
    assert [r.diagnostics[0].code if r.diagnostics else None for r in results] == [
        "record-too-long",
        None,
    ]
    unread: list = []
    assert "".join(canonical_pieces(read(path), unread, str(path))) == head + "\n\n" + GOOD
    assert [r.index for r in unread] == [1]


def test_the_reader_keeps_a_prefix_the_length_and_the_hash_of_the_whole(tmp_path):
    one, two = oversize("x"), oversize("x", 11)  # the same first characters
    path = tmp_path / "two.tgn"
    path.write_text(one + "\n" + two, encoding="utf-8")
    first, second = read(path)
    for result, text in ((first, one + "\n"), (second, two)):
        assert result.text == text[:KEPT_CHARS]
        assert result.cut.size == len(text)
        assert result.cut.digest == hashlib.sha256(text.encode()).hexdigest()
    assert first.cut.digest != second.cut.digest
    assert (first.cut.end_line, first.cut.end_column) == (second.line, 1)


def test_fmt_copies_a_long_record_with_bounded_memory(tmp_path):
    path = tmp_path / "huge.tgn"
    size = 24 * MAX_RECORD_CHARS
    with open(path, "w", encoding="utf-8") as out:
        out.write(T4 + "auction\n ")
        for _ in range(size // 60):
            out.write(" passe" * 10)  # one line of 24 MB
        out.write("\n\n" + GOOD)
    digest, written = hashlib.sha256(), 0
    tracemalloc.start()
    try:
        for piece in canonical_pieces(read(path), [], str(path)):
            digest.update(piece.encode())
            written += len(piece)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert digest.hexdigest() == hashlib.sha256(path.read_bytes()).hexdigest()
    assert written > size
    assert peak < 12 * MAX_RECORD_CHARS  # pieces of a line, not the 24 MB


def test_validate_reports_an_oversize_record_and_reads_the_next(tmp_path):
    path = tmp_path / "long.tgn"
    one = oversize("x")
    path.write_text(one + "\n" + GOOD, encoding="utf-8")
    done = runner.invoke(app, ["validate", str(path)])
    assert done.exit_code == 1
    assert done.stdout.splitlines() == [
        f"{path}:1:1: syntax record-too-long this record is {len(one) + 1:,} characters long; "
        f"a record may hold at most {MAX_RECORD_CHARS:,} (is a record separator missing?)",
        "2 records: 1 valid, 1 invalid",
    ]
