"""`trunfu score` and `trunfu replay` on a file they cannot read: a sentence on stderr and
exit 1, never a traceback; the records before the fault are still scored."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from typer.testing import CliRunner

import trunfu.cli.replay
import trunfu.cli.score  # noqa: F401  (each module adds its command to the app)
from trunfu.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "data" / "examples" / "french-tarot-4.tgn"


@pytest.fixture
def cut_file(tmp_path: Path) -> Path:
    """Two good records, gzipped one after the other, the file cut in the middle of the
    second."""
    text = EXAMPLE.read_text(encoding="utf-8").encode()
    second = gzip.compress(b"\n" + text)
    path = tmp_path / "cut.tgn.gz"
    path.write_bytes(gzip.compress(text) + second[: len(second) // 2])
    return path


@pytest.mark.parametrize("command", ["score", "replay"])
def test_a_cut_file_is_a_sentence_not_a_traceback(command: str, cut_file: Path):
    args = [command, str(cut_file)] + (["--record", "2"] if command == "replay" else [])
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"trunfu {command}: {cut_file}: cannot read: truncated" in result.stderr


def test_score_scores_the_records_before_the_cut(cut_file: Path):
    result = CliRunner().invoke(app, ["score", "--json", str(cut_file)])
    assert result.exit_code == 1
    assert [line for line in result.stdout.splitlines() if line.startswith("{")]


def test_replay_of_a_missing_file_says_so(tmp_path: Path):
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "none.tgn")])
    assert result.exit_code == 1
    assert "cannot read" in result.stderr and "none.tgn" in result.stderr
