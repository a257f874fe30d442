"""`trunfu validate` and `trunfu fmt` (issue 2): output, exit codes 0/1/2, stdin, --json,
--check and --in-place; bad input never gives a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trunfu.cli.fmt
import trunfu.cli.validate  # noqa: F401  (each module adds its command to the app)
from trunfu.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
TRUNFU = Path(sys.executable).with_name("trunfu")
T4 = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'
GOOD = T4 + "\nauction\n  passe passe passe passe\n"  # canonical, and a legal deal
MESSY = '[Dealer "1"] [Seats "4"] [Game "french-tarot"]\nauction pass passe\n passe   pass\n'
BAD = T4 + "auction passe $999\n"

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "good.tgn").write_text(GOOD)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "bad.tgn").write_text(GOOD + "\n" + BAD + "\n" + GOOD)
    (tmp_path / "notes.txt").write_text("not a deal")
    return tmp_path


def test_validate_a_valid_file(files):
    result = run("validate", str(files / "good.tgn"))
    assert result.exit_code == 0
    assert result.stdout == "1 records: 1 valid, 0 invalid\n"


def test_validate_a_folder_reports_each_problem_and_the_summary(files):
    result = run("validate", str(files))
    assert result.exit_code == 1
    bad = files / "sub" / "bad.tgn"
    assert result.stdout.splitlines() == [
        f"{bad}:11:15: syntax bad-nag $999: numeric glyphs go from $0 to $255",
        "4 records: 3 valid, 1 invalid",
    ]


def test_validate_json_lines(files):
    result = run("validate", "--json", str(files / "sub"))
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(x["record"], x["valid"]) for x in lines] == [(1, True), (2, False), (3, True)]
    assert set(lines[0]) == {"file", "record", "valid", "diagnostics", "result"}
    assert lines[1]["file"] == str(files / "sub" / "bad.tgn")
    assert lines[1]["diagnostics"] == [
        {
            "line": 11,
            "column": 15,
            "class": "syntax",
            "code": "bad-nag",
            "message": "$999: numeric glyphs go from $0 to $255",
        }
    ]


def test_validate_stdin():
    result = run("validate", "-", input=GOOD + "\n" + BAD)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "<stdin>:11:15: syntax bad-nag $999: numeric glyphs go from $0 to $255",
        "2 records: 1 valid, 1 invalid",
    ]


def test_validate_an_empty_file_is_valid(tmp_path):
    (tmp_path / "empty.tgn").write_text("; nothing yet\n")
    result = run("validate", str(tmp_path / "empty.tgn"))
    assert (result.exit_code, result.stdout) == (0, "0 records: 0 valid, 0 invalid\n")


@pytest.mark.parametrize("args", [["validate"], ["validate", "no/such/file.tgn"], ["fmt"]])
def test_usage_errors_exit_2(args):
    assert run(*args).exit_code == 2


def test_fmt_prints_the_canonical_text(files):
    (files / "messy.tgn").write_text(MESSY + "\n\n" + MESSY)
    result = run("fmt", str(files / "messy.tgn"))
    assert result.exit_code == 0
    assert result.stdout == GOOD + "\n" + GOOD


def test_fmt_check(files):
    (files / "messy.tgn").write_text(MESSY)
    assert run("fmt", "--check", str(files / "good.tgn")).exit_code == 0
    result = run("fmt", "--check", str(files / "messy.tgn"))
    assert result.exit_code == 1
    assert result.stderr == f"{files / 'messy.tgn'}: not canonical\n"


def test_fmt_check_stdin_reads_it_once():
    assert run("fmt", "--check", "-", input=GOOD).exit_code == 0
    result = run("fmt", "--check", "-", input=MESSY)
    assert (result.exit_code, result.stderr) == (1, "-: not canonical\n")


def test_fmt_check_crlf_and_bom_are_not_canonical(tmp_path):
    for name, data in [
        ("crlf.tgn", GOOD.replace("\n", "\r\n").encode()),
        ("bom.tgn", b"\xef\xbb\xbf" + GOOD.encode()),
    ]:
        (tmp_path / name).write_bytes(data)
        assert run("fmt", "--check", str(tmp_path / name)).exit_code == 1


def test_fmt_in_place_rewrites_and_is_then_canonical(files):
    path = files / "messy.tgn"
    path.write_bytes(MESSY.replace("\n", "\r\n").encode())
    assert run("fmt", "--in-place", str(path)).exit_code == 0
    assert path.read_text() == GOOD
    assert run("fmt", "--check", str(path)).exit_code == 0
    assert [p.name for p in files.iterdir() if p.name.startswith(".")] == []


def test_fmt_never_rewrites_a_file_with_a_record_that_does_not_read(files):
    path = files / "sub" / "bad.tgn"
    before = path.read_bytes()
    result = run("fmt", "--in-place", str(path))
    assert result.exit_code == 1
    assert path.read_bytes() == before
    assert f"{path}:11:15: syntax bad-nag" in result.stderr


def test_fmt_keeps_an_unreadable_record_as_written(files):
    result = run("fmt", str(files / "sub" / "bad.tgn"))
    assert result.exit_code == 1
    assert result.stdout == GOOD + "\n" + BAD + "\n" + GOOD
    assert "bad-nag" in result.stderr


def test_fmt_check_and_in_place_together_is_a_usage_error(files):
    assert run("fmt", "--check", "--in-place", str(files / "good.tgn")).exit_code == 2


def test_fmt_in_place_on_stdin_is_a_usage_error():
    assert run("fmt", "--in-place", "-", input=GOOD).exit_code == 2


def cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([str(TRUNFU), *args], input=stdin, capture_output=True, timeout=120)


def test_binary_junk_through_the_command_never_gives_a_traceback(tmp_path):
    junk = tmp_path / "junk.tgn"
    junk.write_bytes(bytes(range(256)) * 8 + b"[Game \xff\n{ open\n")
    for args in (["validate", str(junk)], ["fmt", "--check", str(junk)], ["validate", "-"]):
        done = cli(*args, stdin=junk.read_bytes())
        assert done.returncode == 1, done
        assert b"Traceback" not in done.stderr + done.stdout
    done = cli("validate", str(junk))
    assert b"junk.tgn:3:115: encoding not-utf-8 byte 0x80 is not UTF-8" in done.stdout


def test_a_broken_gzip_file_is_reported_not_raised(tmp_path):
    path = tmp_path / "broken.tgn.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00 not really gzip")
    done = cli("validate", str(path))
    assert done.returncode == 1
    assert b"cannot read" in done.stderr and b"Traceback" not in done.stderr


def test_fmt_check_from_stdin_through_the_command():
    assert cli("fmt", "--check", "-", stdin=GOOD.encode()).returncode == 0
    done = cli("fmt", "-", stdin=MESSY.encode())
    assert (done.returncode, done.stdout) == (0, GOOD.encode())


def test_data_files_validate_and_are_canonical():
    folders = [ROOT / "data" / "examples", ROOT / "data" / "famous"]
    files = sorted(p for folder in folders for p in folder.glob("*.tgn"))
    assert len(files) >= 10
    result = run("validate", *map(str, folders))
    assert result.exit_code == 0, result.stdout
    for path in files:
        check = run("fmt", "--check", str(path))
        assert check.exit_code == 0, (path, check.stderr)


def test_every_game_and_seat_count_has_an_example():
    from trunfu.notation.decks import GAMES
    from trunfu.notation.reader import read

    found = set()
    for path in (ROOT / "data" / "examples").glob("*.tgn"):
        for result in read(path):
            record = result.record
            assert result.ok and record.deal is not None
            assert sum(len(h.cards) for h in record.deal.hands) == len(record.game.order)
            found.add((record.game.name, record.seats))
    assert found == {(name, n) for name, game in GAMES.items() for n in game.deals}
