"""The commands on hostile files (issue 17): a record holding a number of thousands of
digits, tags broken across lines, files joined with their byte-order marks. Each bad record
is a diagnostic at its place; every good record around it is read, scored and stored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trunfu.cli.fmt
import trunfu.cli.ingest
import trunfu.cli.replay
import trunfu.cli.score
import trunfu.cli.validate  # noqa: F401  (each module adds its command to the app)
from trunfu.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DEAL = (ROOT / "data" / "examples" / "french-tarot-4.tgn").read_text(encoding="utf-8")
HUGE = "9" * 5000
"""More digits than Python converts (4,300)."""

runner = CliRunner()


def good(board: int) -> str:
    """The worked french-tarot deal, told apart by its Board tag."""
    event = '[Event "trunfu examples"]\n'
    return DEAL.replace(event, f'{event}[Board "{board}"]\n', 1)


BAD = {
    "Seats": good(0).replace('[Seats "4"]', f'[Seats "{HUGE}"]'),
    "Dealer": good(0).replace('[Dealer "4"]', f'[Dealer "{HUGE}"]'),
    "glyph": good(0).replace("1. T12 EX", f"1. T12 ${HUGE} EX"),
    "trick number": good(0).replace("  2. JC", f"  {HUGE}. JC"),
}


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


@pytest.mark.parametrize("where", BAD)
def test_a_number_of_thousands_of_digits_among_good_records(where, tmp_path: Path):
    path = tmp_path / "mixed.tgn"
    path.write_text("\n".join([good(1), BAD[where], good(2)]), encoding="utf-8")
    line = (good(1) + "\n" + BAD[where]).split(HUGE)[0].count("\n") + 1

    result = run("validate", "--json", str(path))
    assert result.exit_code == 1
    verdicts = [json.loads(row) for row in result.stdout.splitlines()]
    assert [v["valid"] for v in verdicts] == [True, False, True]
    assert verdicts[1]["file"] == str(path)
    (diagnostic,) = verdicts[1]["diagnostics"]
    assert diagnostic["line"] == line and len(diagnostic["message"]) < 200

    result = run("fmt", str(path))
    assert result.stdout.count('[Game "french-tarot"]') == 3  # the bad one as written

    result = run("score", "--json", str(path))
    scored = [json.loads(row) for row in result.stdout.splitlines()]
    assert [s["record"] for s in scored] == [1, 3] and all(s["outcome"] for s in scored)

    for record, code in (("2", 1), ("3", 0)):
        assert run("replay", "--record", record, str(path)).exit_code == code

    db = tmp_path / "archive.duckdb"
    result = run("ingest", "--db", str(db), "-j", "0", "--json", str(path))
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert (summary["added"], summary["rejected"]) == (2, 1)


def test_files_joined_by_cat_with_their_boms(tmp_path: Path):
    path = tmp_path / "joined.tgn"
    path.write_bytes(b"".join(b"\xef\xbb\xbf" + good(n).encode() for n in (1, 2, 3)))
    result = run("validate", str(path))
    assert (result.exit_code, result.stdout) == (0, "3 records: 3 valid, 0 invalid\n")
    db = tmp_path / "archive.duckdb"
    result = run("ingest", "--db", str(db), "-j", "0", "--json", str(path))
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert (summary["added"], summary["rejected"]) == (3, 0)


def test_fmt_of_tags_broken_across_lines_is_canonical_and_keeps_the_verdict(tmp_path: Path):
    broken = good(1).replace('[Seats "4"]', '[\n  Seats {how many}\n  "4"\n]')
    broken = broken.replace('[Dealer "4"]', '[\r\tDealer\r"4"\r]')
    path = tmp_path / "broken.tgn"
    path.write_bytes((broken + "\n" + good(2)).encode())
    before = run("validate", str(path))
    assert (before.exit_code, before.stdout) == (0, "2 records: 2 valid, 0 invalid\n")

    assert run("fmt", "--in-place", str(path)).exit_code == 0
    assert path.read_text(encoding="utf-8") == good(1) + "\n" + good(2)
    assert run("fmt", "--check", str(path)).exit_code == 0
    assert run("validate", str(path)).stdout == before.stdout
