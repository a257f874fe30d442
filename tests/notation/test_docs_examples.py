"""The examples of docs/tgn.md: one per game, each valid and in canonical form."""

from __future__ import annotations

import re
from pathlib import Path

from trunfu.notation.reader import read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

DOC = Path(__file__).resolve().parents[2] / "docs" / "tgn.md"


def test_each_game_has_a_valid_canonical_example():
    blocks = re.findall(r"```tgn\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    games = set()
    for block in blocks:
        (result,) = read_text(block)
        verdict = judge(result)
        assert verdict.valid, [str(d) for d in verdict.diagnostics]
        assert write(result.record) == block
        games.add(result.record.game.name)
    assert games == {"tarocco-siciliano", "french-tarot", "marafone", "waite-tarot"}
