"""The plays rows of one record, built by `rows.add_record` (a compact row) and DuckDB
(`rows.PLAYS_SQL`), against a plain card-by-card derivation written here from the record
and its replay."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import duckdb
import pyarrow as pa
import pytest

from trunfu.archive.rows import INT8, PLAYS, PLAYS_SQL, STR, Rows, _array, _int8, add_record
from trunfu.notation.models import CardExtras
from trunfu.notation.reader import read_text

from .conftest import Deal


def _plays(record: Any, replay: Any) -> list[tuple[Any, ...]]:
    """The plays table of one record, as rows: its compact row through `Rows.tables()`,
    expanded by DuckDB as the ingest does."""
    rows = Rows()
    add_record(rows, record, replay)
    con = duckdb.connect()
    con.register("b_played", rows.tables()["played"])
    found = con.execute(f"SELECT local, {', '.join(PLAYS)} FROM ({PLAYS_SQL})").fetchall()
    assert {row[0] for row in found} <= {0}
    return sorted(row[1:] for row in found)


def _expected(record: Any, replay: Any) -> list[tuple[Any, ...]]:
    """Card by card: seat and winner from the replay's trick of the same number (None when
    it has none or fewer cards); captured when the winner's side is not the player's."""
    outcome = replay.outcome
    declarer = outcome.declarer if outcome is not None else None
    team = {declarer, *(outcome.partners if outcome is not None else [])}

    def side(seat: int) -> str:
        if declarer is not None:
            return "declarer" if seat in team else "defence"
        if record.tag("Game") == "marafone" and record.seats == 4:
            return "1+3" if seat % 2 else "2+4"
        return str(seat)

    written = record.play.tricks
    out = []
    for number, trick in enumerate(written, 1):
        known = replay.tricks[number - 1] if number <= len(replay.tricks) else None
        for order, card in enumerate(trick.cards.cards(), 1):
            seat = known.cards[order - 1][0] if known and order <= len(known.cards) else None
            winner = known.winner if known else None
            captured = None if seat is None or winner is None else side(seat) != side(winner)
            last = number == len(written)
            out.append((number, order, seat, card.code, card.signal, winner, captured, last))
    return out


def test_plays_match_a_card_by_card_derivation(deals: list[Deal]) -> None:
    checked = {d.record.tag("Game") for d in deals if d.record.play and d.replay.tricks}
    assert len(checked) == 4
    for deal in deals:
        if deal.record.play is not None:
            assert _plays(deal.record, deal.replay) == _expected(deal.record, deal.replay)


def test_plays_without_the_replay_of_the_last_tricks(deals: list[Deal]) -> None:
    """A replay that stops early (a claim, an unfinished trick) leaves the seat, winner and
    captured of the cards it did not play unknown; their other columns stay."""
    deal = next(d for d in deals if len(d.replay.tricks) > 3)
    short = replace(deal.replay, tricks=deal.replay.tricks[:2])
    cut = [replace(t, cards=t.cards[:1]) for t in deal.replay.tricks[:2]]
    partial = replace(deal.replay, tricks=cut)
    for replay in (short, partial):
        got = _plays(deal.record, replay)
        assert got == _expected(deal.record, replay)
        assert got[-1][2] is None and got[-1][5] is None and got[-1][6] is None
        assert [row[3] for row in got] == deal.record.played()


def test_plays_keep_signals_and_annotated_cards(deals: list[Deal]) -> None:
    """Marafone signals come from the written cards, annotated or not."""
    deal = next(d for d in deals if d.record.tag("Game") == "marafone" and d.replay.tricks)
    cards = deal.record.play.tricks[0].cards
    cards.extras = {0: CardExtras(signal="busso", suffix="!")}
    try:
        got = _plays(deal.record, deal.replay)
        expected = _expected(deal.record, deal.replay)
    finally:
        cards.extras = None
    assert got[0][3:5] == (cards[0], "busso") and got[1][4] is None
    assert got == expected


def test_integer_columns_with_nulls_and_without() -> None:
    """A record the engine does not know (no replay): seats and winners are null, the other
    integer columns packed; the values are those written."""
    text = '[Game "no-such-game"]\n[Seats "2"]\n\nplay\n  1. AS KS\n  2. QS\n'
    record = read_text(text)[0].record
    got = _plays(record, None)
    assert got == [
        (1, 1, None, "AS", None, None, None, False),
        (1, 2, None, "KS", None, None, None, False),
        (2, 1, None, "QS", None, None, None, True),
    ]


def test_seats_outside_the_record_have_no_side() -> None:
    """A seat or winner outside 1..seats (0, negative, too high) has no side: a card it
    played is captured when the winner has one, and not when neither has; a seat counts
    from 1, never from the end of the list of sides."""
    text = '[Game "no-such-game"]\n[Seats "2"]\n\nplay\n  1. AS KS\n  2. QS JS\n  3. 2S 3S\n'
    record = read_text(text)[0].record
    trick = SimpleNamespace
    replay = SimpleNamespace(
        outcome=None,
        tricks=[
            trick(cards=[(1, "AS"), (7, "KS")], winner=7),
            trick(cards=[(0, "QS"), (-1, "JS")], winner=2),
            trick(cards=[(2, "2S"), (-1, "3S")], winner=-1),
        ],
    )
    captured = [row[6] for row in _plays(record, replay)]
    assert captured == [True, False, True, True, True, False]


@pytest.mark.parametrize(
    "values",
    [
        [[1, -1, 7], [3], []],
        [[1, -1, 7], [3], None, [None, 2]],
        [[1, 2], [-128, 127]],
    ],
)
def test_list_columns_packed_as_int8_read_as_their_numbers(values: list[Any]) -> None:
    """Lists packed as `int8` bytes (`rows._int8`), all or some of a column, give the same
    array as the lists themselves; a list with a null item stays a list."""
    type_ = pa.list_(INT8)
    expected = pa.array(values, type_)
    mixed = [_int8(v) if v is not None and None not in v else v for v in values]
    assert any(type(v) is bytes for v in mixed)
    assert _array(mixed, type_).equals(expected)
    if None not in values and all(None not in v for v in values):
        assert all(type(v) is bytes for v in mixed)


@pytest.mark.parametrize(
    ("values", "type_"),
    [
        ([[1, 2], [3], []], pa.list_(INT8)),
        ([None, [1, None], [], None], pa.list_(INT8)),
        ([["AS"], None, [None, "KS"], []], pa.list_(STR)),
        ([], pa.list_(STR)),
        ([None], pa.list_(INT8)),
    ],
)
def test_list_columns_as_pyarrow_converts_them(values: list[Any], type_: pa.DataType) -> None:
    """List columns are cut from one flat column: the same array as pyarrow's conversion,
    null lists and null items included."""
    got = _array(values, type_)
    assert got.type == type_ and got.to_pylist() == values
    assert got.equals(pa.array(values, type_))
