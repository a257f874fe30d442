"""The plays rows of one record, built column-wise by `rows.add_record`, against a plain
card-by-card derivation written here from the record and its replay."""

from __future__ import annotations

from typing import Any

from trunfu.archive.rows import Rows, add_record
from trunfu.notation.models import CardExtras
from trunfu.notation.reader import read_text

from .conftest import Deal

PLAYS = ("trick", "ord", "seat", "card", "signal", "winner", "captured", "last_trick")


def _plays(record: Any, replay: Any) -> list[tuple[Any, ...]]:
    """The plays table of one record, as rows, through `Rows.tables()`."""
    rows = Rows()
    add_record(rows, record, replay)
    table = rows.tables()["plays"]
    assert set(table.column("local").to_pylist()) <= {0}
    return list(zip(*(table.column(name).to_pylist() for name in PLAYS), strict=True))


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
        for order, card in enumerate(trick.cards, 1):
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
    short = deal.replay.model_copy(update={"tricks": deal.replay.tricks[:2]})
    cut = [t.model_copy(update={"cards": t.cards[:1]}) for t in deal.replay.tricks[:2]]
    partial = deal.replay.model_copy(update={"tricks": cut})
    for replay in (short, partial):
        got = _plays(deal.record, replay)
        assert got == _expected(deal.record, replay)
        assert got[-1][2] is None and got[-1][5] is None and got[-1][6] is None
        assert [row[3] for row in got] == [c.code for t in deal.record.play.tricks for c in t.cards]


def test_plays_keep_signals_and_annotated_cards(deals: list[Deal]) -> None:
    """Marafone signals come from the written cards, annotated or not."""
    deal = next(d for d in deals if d.record.tag("Game") == "marafone" and d.replay.tricks)
    lead = deal.record.play.tricks[0].cards[0]
    lead.extras = CardExtras(signal="busso", suffix="!")
    try:
        got = _plays(deal.record, deal.replay)
        expected = _expected(deal.record, deal.replay)
    finally:
        lead.extras = None
    assert got[0][3:5] == (lead.code, "busso") and got[1][4] is None
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
