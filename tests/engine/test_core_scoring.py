"""The Result text (spec §6) and the engine's promises: it never raises, it compares the
Result tag only for a deal played by the rules."""

from dataclasses import replace

import pytest

from trunfu.engine import format_result, games, replay
from trunfu.engine.scoring import parse_result, same_scores
from trunfu.notation.reader import read_records


def test_format_result():
    assert format_result([6, -2, -2, -2]) == "+6 -2 -2 -2"
    assert format_result([0, 0, 0]) == "0 0 0"
    assert format_result([76.5, -25.5, -25.5, -25.5]) == "+76.5 -25.5 -25.5 -25.5"
    assert format_result([38.25, -0.0]) == "+38.25 0"


def test_results_compare_numbers_not_spelling():
    assert same_scores(parse_result("6 -2 -2 -2"), [6, -2, -2, -2])
    assert same_scores(parse_result("+6 -2.0 -2 -2"), [6, -2, -2, -2])
    assert not same_scores(parse_result("+6 -2 -2"), [6, -2, -2, -2])
    assert parse_result("*") is None and parse_result(None) is None


def test_an_internal_error_is_a_diagnostic(monkeypatch: pytest.MonkeyPatch):
    def broken(record, ctx):
        raise KeyError("T99")

    rules = replace(games.get("tarocco-siciliano"), replay=broken)
    monkeypatch.setitem(games.GAMES, "tarocco-siciliano", rules)
    record = read_records('[Game "tarocco-siciliano"]\n[Seats "3"]\n[Dealer "1"]\n')[0]
    [d] = replay(record).diagnostics
    assert d.code == "internal-error" and "KeyError" in d.message and d.line == 1
