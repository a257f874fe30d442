"""The Matches page: marafone matches under the filters; a match opens (from the URL or the
picker) with its running score, worked out here from the hands' replays, and a link to
each hand's replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import show_numbers

from trunfu.archive import queries
from trunfu.archive.ingest import ingest
from trunfu.dashboard import settings
from trunfu.engine import replay
from trunfu.notation.reader import read_records

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "data" / "matches" / "marafone-match-sample.tgn"
OTHER = ("Elio", "Fede", "Gina", "Ugo")


def sample():
    return read_records(SAMPLE.read_text(encoding="utf-8"))


def other_match() -> str:
    """The sample's first two hands played by other players at another event, on another
    day: a second, unfinished match."""
    texts = SAMPLE.read_text(encoding="utf-8").split("\n\n[Game")[:2]
    texts = [t if t.startswith("[Game") else "[Game" + t for t in texts]
    out = []
    for text in texts:
        text = text.replace("Circolo Ravenna sample match", "Torneo di Cesena")
        text = text.replace("2025.02.14", "2025.03.01")
        for old, new in zip(("Anna", "Bruno", "Carla", "Dario"), OTHER, strict=True):
            text = text.replace(f'"{old}"', f'"{new}"')
        out.append(text.strip() + "\n")
    return "\n".join(out)


@pytest.fixture(scope="module")
def match_archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("matches")
    other = folder / "other.tgn"
    other.write_text(other_match(), encoding="utf-8")
    db = folder / "matches.duckdb"
    summary = ingest(db, [str(SAMPLE), str(other)], workers=0)
    assert summary.rejected == 0 and summary.added == len(sample()) + 2
    return db


@pytest.fixture
def archive(match_archive: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(match_archive))
    return match_archive


def _listing(at):
    return next(d.value for d in at.dataframe if "team 1+3" in d.value.columns)


def _first_id(db: Path, event: str) -> int:
    con = queries.open_archive(db)
    try:
        return con.execute("SELECT min(id) FROM records WHERE event = ?", [event]).fetchone()[0]
    finally:
        con.close()


def test_no_archive_is_told(open_page, no_archive) -> None:
    at = open_page("matches")
    assert any("no archive" in i.value for i in at.info)
    assert not any(str(no_archive) in i.value for i in at.info)


def test_matches_are_listed_and_follow_the_filters(open_page, archive) -> None:
    at = open_page("matches")
    listing = _listing(at)
    assert list(listing["hands"]) == [len(sample()), 2]  # the longest match first
    assert list(listing["event"]) == ["Circolo Ravenna sample match", "Torneo di Cesena"]
    at.selectbox(key="matches_player").select("Elio").run()
    assert not at.exception
    listing = _listing(at)
    assert list(listing["team 1+3"]) == ["Elio & Gina"]
    assert list(listing["winner"]) == ["not finished"]  # two hands: nobody reached 41
    assert at.query_params["player"] == "Elio"


def test_only_the_filters_of_marafone_are_offered(open_page, archive) -> None:
    at = open_page("matches", game="french-tarot", seats="5")
    keys = {s.key for s in at.selectbox}
    assert {"matches_player", "matches_event"} <= keys
    assert not keys & {"matches_game", "matches_seats", "matches_variant"}
    assert len(_listing(at)) == 2  # a game in the URL does not hide the marafone matches


def test_a_click_on_a_row_opens_that_match(open_page, archive) -> None:
    at = open_page("matches", match="1" * 5000)  # an id of thousands of digits: ignored
    assert at.selectbox(key="match_pick").value is None
    at.session_state["match_listing"] = {"selection": {"rows": [1], "columns": []}}
    at.run()
    other = _first_id(archive, "Torneo di Cesena")
    assert at.selectbox(key="match_pick").value == other
    assert at.query_params["match"] == str(other)


def test_a_match_opens_from_the_url_with_its_hands(open_page, archive) -> None:
    first = _first_id(archive, "Circolo Ravenna sample match")
    at = open_page("matches", match=str(first))
    assert at.selectbox(key="match_pick").value == first
    hands = sample()
    running, after = [0, 0], []
    for record in hands:
        teams = replay(record, steps=False).outcome.breakdown["teams"]
        running = [running[0] + teams["1+3"], running[1] + teams["2+4"]]
        after.append(tuple(running))
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["Hands"] == str(len(hands))
    assert metrics["Final score"] == f"{after[-1][0]}–{after[-1][1]}"
    winner = "1+3" if after[-1][0] >= 41 else "2+4"
    assert metrics["Winner"] == f"team {winner}"
    show_numbers(at)
    chart = next(e for e in at.expander if e.label == "Numbers: running score")
    score = chart.dataframe[0].value
    assert len(score) == 2 * (len(hands) + 1)
    assert list(score[score["team"] == "1+3"]["score"])[1:] == [a for a, _ in after]
    table = next(d.value for d in at.dataframe if "trumps" in d.value.columns)
    assert list(zip(table["after 1+3"], table["after 2+4"], strict=True)) == after
    assert table["chains on"].all()
    suits = {"denari", "coppe", "spade", "bastoni"}
    assert set(table["trumps"]) <= suits, set(table["trumps"])  # trumps by suit name
    at.session_state["match_hands"] = {"selection": {"rows": [2], "columns": []}}
    at.run()  # a click on the third hand opens its replay
    con = queries.open_archive(archive)
    try:
        assert '[Board "3"]' in queries.record_text(con, int(at.query_params["record"]))
    finally:
        con.close()


def test_picking_a_match_puts_it_in_the_url(open_page, archive) -> None:
    at = open_page("matches")
    assert not at.metric
    other = _first_id(archive, "Torneo di Cesena")
    at.selectbox(key="match_pick").select(other).run()
    assert not at.exception
    assert at.query_params["match"] == str(other)
    assert {m.label: m.value for m in at.metric}["Winner"] == "not finished"


def test_an_unknown_match_in_the_url_is_ignored(open_page, archive) -> None:
    at = open_page("matches", match="99999")
    assert at.selectbox(key="match_pick").value is None
    assert not at.metric
