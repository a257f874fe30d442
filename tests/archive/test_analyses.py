"""Best play for the archive: `trunfu analyse --db` stores each scored record's analysis
once (the cards as `analyse` judges them, or why it cannot be), and the accuracy queries
read them."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

import trunfu.cli.analyse  # noqa: F401  (the module adds its command to the app)
from trunfu.analysis.analyse import analyse
from trunfu.archive import accuracy, schema
from trunfu.archive.analyses import analyse_archive
from trunfu.archive.ingest import ingest
from trunfu.archive.queries import Filters
from trunfu.cli.app import app
from trunfu.engine import simulate
from trunfu.notation.models import Claim, Record
from trunfu.notation.reader import read_records
from trunfu.notation.writer import write

from .conftest import write_file

TRICKS = 2


@pytest.fixture(scope="module")
def analysed(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    """A copy of the archive, analysed for the last two tricks of every deal."""
    db = tmp_path_factory.mktemp("analysed") / "archive.duckdb"
    shutil.copy(archive, db)
    return db, analyse_archive(db, tricks=TRICKS, workers=0)


def _rows(db: Path, sql: str, params: list | None = None) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql, params or []).fetchall()
    finally:
        con.close()


def test_every_scored_deal_played_out_is_analysed_once(analysed) -> None:
    db, summary = analysed
    [(playable,)] = _rows(db, "SELECT count(*) FROM records WHERE scored AND NOT thrown_in")
    assert summary.records == playable == summary.analysed + summary.refused
    assert _rows(db, "SELECT count(*), count(DISTINCT record_id) FROM analyses") == [
        (playable, playable)
    ]
    [(cards,)] = _rows(db, "SELECT count(*) FROM analysed_cards")
    assert summary.cards == cards > 0
    again = analyse_archive(db, tricks=TRICKS, workers=0)
    assert (again.records, again.analysed, again.cards) == (0, 0, 0)
    assert _rows(db, "SELECT count(*) FROM analyses") == [(playable,)]


def test_stored_cards_are_the_analysis_of_the_record(analysed) -> None:
    db, _ = analysed
    for game in ("french-tarot", "marafone", "tarocco-siciliano"):
        [(record_id, text)] = _rows(
            db,
            """SELECT r.id, r.text FROM records r JOIN analyses a ON a.record_id = r.id
               WHERE a.error IS NULL AND r.game = ? ORDER BY r.id LIMIT 1""",
            [game],
        )
        found = analyse(read_records(text)[0], tricks=TRICKS)
        stored = _rows(
            db,
            """SELECT trick, seat, card, value_before, value_after, loss, best
               FROM analysed_cards WHERE record_id = ? ORDER BY trick, rowid""",
            [record_id],
        )
        expected = [
            (p.trick, p.seat, p.card, p.before, p.after, p.loss, p.best) for p in found.positions
        ]
        assert stored == expected


def test_a_deal_that_cannot_be_analysed_is_stored_with_the_reason(analysed) -> None:
    db, summary = analysed
    refused = _rows(
        db,
        """SELECT r.game, r.seats, a.error FROM analyses a JOIN records r ON r.id = a.record_id
           WHERE a.error IS NOT NULL""",
    )
    assert summary.refused == len(refused) > 0
    assert {(g, s) for g, s, _ in refused} == {("waite-tarot", 3)}
    assert all("3 sides" in error for _, _, error in refused)


def test_game_and_limit_choose_the_records(archive: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    shutil.copy(archive, db)
    first = analyse_archive(db, game="marafone", limit=3, tricks=1, workers=0)
    assert first.records == 3
    games = _rows(db, "SELECT DISTINCT r.game FROM analyses a JOIN records r ON r.id = a.record_id")
    assert games == [("marafone",)]
    second = analyse_archive(db, game="marafone", limit=3, tricks=1, workers=2)
    assert second.records == 3 and second.analysed + second.refused == 3
    ids = _rows(db, "SELECT record_id FROM analyses ORDER BY record_id")
    assert len(ids) == len(set(ids)) == 6


def test_accuracy_by_role_and_the_most_costly_cards(analysed) -> None:
    db, _ = analysed
    con = duckdb.connect(str(db), read_only=True)
    try:
        f = Filters(game="french-tarot")
        roles = accuracy.accuracy(con, f, by="role")
        [(cards, loss)] = con.execute(
            """SELECT count(*), avg(loss) FROM analysed_cards c JOIN records r
               ON r.id = c.record_id WHERE r.game = 'french-tarot'"""
        ).fetchall()
        assert set(roles["who"]) <= {"declarer", "partner", "defender"}
        assert roles["cards"].sum() == cards
        assert (roles["cards"] * roles["average_loss"]).sum() == pytest.approx(cards * loss)
        costly = accuracy.costly_cards(con, f, limit=5)
        assert list(costly["loss"]) == sorted(costly["loss"], reverse=True)
        assert (costly["loss"] > 0).all()
        games = accuracy.analysed_games(con, None)
        assert "waite-tarot" not in set(games["game"]) or games["cards"].min() > 0
    finally:
        con.close()
    empty = accuracy.accuracy(duckdb.connect(), None)
    assert empty.empty and list(empty.columns) == ["who", "cards", "average_loss", "best_share"]


def test_the_command_stores_and_tells(archive: Path, tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    shutil.copy(archive, db)
    runner = CliRunner()
    args = ["analyse", "--db", str(db), "--game", "marafone", "--limit", "2", "--tricks", "1"]
    done = runner.invoke(app, [*args, "--json", "-j", "0"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["records"] == 2
    said = runner.invoke(app, [*args, "-j", "0"])
    assert said.exit_code == 0 and "records analysed" in said.output
    both = runner.invoke(app, ["analyse", "--db", str(db), "x.tgn"])
    assert both.exit_code == 2 and "not both" in both.output
    missing = runner.invoke(app, ["analyse", "--db", str(tmp_path / "none.duckdb")])
    assert missing.exit_code == 3 and "no archive here" in missing.output


def _play_only(record: Record, keep: str | None = None) -> Record:
    """`record` whose deal gives no seat's hand but `keep`'s."""
    hands = [h for h in record.deal.hands if not h.owner.isdigit() or h.owner == keep]
    return replace(record, deal=replace(record.deal, hands=hands))


def test_records_refused_for_a_hand_not_given_are_analysed_again_once(tmp_path: Path) -> None:
    french = simulate("french-tarot", 4, 3, seed=3)
    claimed = next(
        r
        for r in simulate("marafone", 4, 40, seed=3)
        if any(type(i) is Claim for i in r.play.items)
    )
    lead = next(h.owner for h in claimed.deal.hands if "4D" in h.cards)
    records = [_play_only(r) for r in french if r.play] + [_play_only(claimed, keep=lead)]
    source = write_file(tmp_path / "play-only.tgn", [write(r) for r in records])
    db = tmp_path / "a.duckdb"
    assert ingest(db, [str(source)], workers=0).added == len(records)
    con = duckdb.connect(str(db))
    try:  # as an older trunfu stored them: refused, a hand not being given
        schema.create_analysis(con)
        con.execute(
            """INSERT INTO analyses SELECT id, NULL, 'the deal gives no hand for seat '
               || seats, 0.1 FROM records WHERE scored AND NOT thrown_in"""
        )
        [stale] = con.execute("SELECT count(*) FROM analyses").fetchone()
    finally:
        con.close()
    assert stale == len(records)
    found = analyse_archive(db, tricks=1, workers=0)
    assert (found.records, found.analysed, found.refused) == (len(records), len(records) - 1, 1)
    rows = _rows(db, "SELECT record_id, tricks, error FROM analyses ORDER BY record_id")
    assert len(rows) == len(records) and [t for _, t, _ in rows[:-1]] == [1] * (len(records) - 1)
    assert "the play stops after trick" in rows[-1][2] and "fuori" in rows[-1][2]
    [(cards,)] = _rows(db, "SELECT count(*) FROM analysed_cards")
    assert cards == found.cards == 4 * (len(records) - 1)
    again = analyse_archive(db, tricks=1, workers=0)
    assert (again.records, again.cards) == (0, 0)
    assert _rows(db, "SELECT record_id, tricks, error FROM analyses ORDER BY record_id") == rows
