"""The worked examples of data/examples read without diagnostics and round-trip byte-exact."""

from __future__ import annotations

from trunfu.notation.reader import read_text
from trunfu.notation.writer import write


def test_examples_read_and_round_trip(examples):
    assert len(examples) >= 10, "data/examples holds a worked example per game and seat count"
    for path in examples:
        results = read_text(path.read_text(encoding="utf-8"), str(path))
        assert results and all(r.ok for r in results), [
            str(d) for r in results for d in r.diagnostics
        ]
        for result in results:
            text = write(result.record)
            again = read_text(text)[0]
            assert again.record.content() == result.record.content()
            assert write(again.record) == text
