"""`trunfu analyse`: the JSON objects, the marks, a record that cannot be analysed told in
words without stopping the others, and values consistent with the deal's own count."""

from __future__ import annotations

import itertools
import json

from typer.testing import CliRunner

import trunfu
import trunfu.cli.analyse
from trunfu.analysis.analyse import analyse
from trunfu.analysis.marks import mark
from trunfu.cli.app import app
from trunfu.engine import replay

KEYS = ["trick", "seat", "card", "before", "after", "best", "loss"]


def _file(tmp_path, records):
    path = tmp_path / "deals.tgn"
    path.write_text(trunfu.write_all(records))
    return path


def test_json_gives_every_card_of_the_last_tricks_and_errors_in_words(tmp_path):
    records = [
        *trunfu.simulate("french-tarot", 4, 2, seed=11),
        *trunfu.simulate("waite-tarot", 3, 1, seed=11),
        *trunfu.simulate("tarocco-siciliano", 4, 1, seed=11),
    ]
    path = _file(tmp_path, records)
    done = CliRunner().invoke(app, ["analyse", "--json", "--tricks", "2", str(path)])
    lines = [json.loads(line) for line in done.output.splitlines()]
    assert len(lines) == 4 and done.exit_code == 1
    errors = [x for x in lines if "error" in x]
    assert [list(x) for x in errors] == [["file", "record", "error"]]
    assert "not available" in errors[0]["error"] and errors[0]["record"] == 3
    for found in lines:
        if "error" in found:
            continue
        assert list(found) == ["file", "record", "game", "side", "tricks", "positions"]
        seats = 4
        assert found["tricks"] == 2 and len(found["positions"]) == 2 * seats
        positions = found["positions"]
        for p, after in itertools.pairwise(positions):
            assert p["after"] == after["before"]  # perfect play keeps the value
        for p in positions:
            assert list(p) == KEYS
            assert (p["loss"] == 0) == (p["card"] in p["best"])
            assert p["loss"] >= 0
        outcome = replay(records[found["record"] - 1], steps=False).outcome
        assert found["side"] == sorted(outcome.sides["declarer"])
        assert positions[-1]["after"] == outcome.card_points["declarer"]


def test_the_table_marks_the_cards(tmp_path):
    path = _file(tmp_path, trunfu.simulate("marafone", 4, 1, seed=3))
    done = CliRunner().invoke(app, ["analyse", "--tricks", "3", str(path)])
    assert done.exit_code == 0, done.output
    rows = done.output.splitlines()[2:]
    assert len(rows) == 12
    assert all(row.split()[6] in ("best", "inaccuracy", "mistake", "blunder") for row in rows)


def test_the_table_names_the_declarer_side_in_words(tmp_path):
    """One seat alone is `seat N`; a team is `seats N and M`."""
    records = [
        *trunfu.simulate("marafone", 4, 1, seed=3),
        *trunfu.simulate("waite-tarot", 2, 1, seed=3),
    ]
    done = CliRunner().invoke(app, ["analyse", "--tricks", "1", str(_file(tmp_path, records))])
    heads = [line for line in done.output.splitlines() if "declarer's side" in line]
    teams = [sorted(analyse(r, tricks=1).side) for r in records]
    assert len(heads) == 2 and len(teams[0]) == 2 and len(teams[1]) == 1
    assert f"(seats {teams[0][0]} and {teams[0][1]})" in heads[0]
    assert f"(seat {teams[1][0]})" in heads[1]


def test_marks_follow_the_thresholds_of_each_game():
    assert [mark("french-tarot", x) for x in (0, 0.5, 2, 5)] == [
        "best",
        "inaccuracy",
        "mistake",
        "blunder",
    ]
    assert mark("marafone", 1 / 3) == "inaccuracy" and mark("marafone", 2) == "blunder"


def test_a_budget_analyses_at_least_the_last_trick():
    record = trunfu.simulate("french-tarot", 3, 1, seed=2)[0]
    found = analyse(record, budget=0)
    assert found.tricks == 1 and len(found.positions) == 3
    assert found.positions[0].trick == 24


def test_a_deal_thrown_in_is_told_in_words(tmp_path):
    thrown = [
        r
        for r in trunfu.simulate("french-tarot", 4, 6, seed=1)
        if replay(r, steps=False).outcome.thrown_in
    ][:1]
    done = CliRunner().invoke(app, ["analyse", "--json", str(_file(tmp_path, thrown))])
    assert [json.loads(x)["error"] for x in done.output.splitlines()] == [
        "the record has no card played: there is no play to analyse"
    ]


def test_a_record_that_does_not_read_is_told_at_its_line_and_column(tmp_path):
    good = trunfu.simulate("tarocco-siciliano", 4, 1, seed=3)[0]
    path = tmp_path / "deals.tgn"
    bad = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n\ndeal\n  1: XH T1\n'
    path.write_text(bad + "\n" + trunfu.write(good))
    done = CliRunner().invoke(app, ["analyse", "--json", "--tricks", "1", str(path)])
    first, second = (json.loads(x) for x in done.output.splitlines())
    assert first["record"] == 1 and first["error"].startswith(
        "the record does not read: line 6, column 6: XH is not a card of the french-tarot deck"
    )
    assert second["record"] == 2 and "positions" in second
    assert done.exit_code == 1
