"""Small helpers shared by the notation tests."""

from __future__ import annotations

from trunfu.notation.models import Record
from trunfu.notation.reader import read_text


def tags(game: str = "french-tarot", seats: int = 4, dealer: int = 1) -> str:
    return f'[Game "{game}"]\n[Seats "{seats}"]\n[Dealer "{dealer}"]\n'


def one(text: str) -> Record:
    """The only record of `text`, which must read without any diagnostic."""
    results = read_text(text)
    assert len(results) == 1, results
    assert results[0].diagnostics == [], [str(d) for d in results[0].diagnostics]
    assert results[0].record is not None
    return results[0].record


def problems(text: str) -> list[tuple[int, int, int, str, str]]:
    """(record, line, column, class, code) of every diagnostic of `text`."""
    return [
        (d.record, d.line, d.column, d.cls, d.code) for r in read_text(text) for d in r.diagnostics
    ]
