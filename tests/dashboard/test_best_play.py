"""Best play in the Replay: the analysis read at each step (the card just played judged,
the best cards of the seat to play, the evaluation line) and the page's toggle, worked out
in the background and shown once done."""

from __future__ import annotations

import re
import shutil
import time
from dataclasses import replace

import pytest
from conftest import ROOT

from trunfu.analysis.analyse import Position, analyse
from trunfu.dashboard import best_play
from trunfu.engine import replay
from trunfu.notation.reader import read_records

FAMOUS = ROOT / "data/famous/marafone-maraffa-led.tgn"


@pytest.fixture(scope="module")
def deal():
    record = read_records(FAMOUS.read_text())[0]
    rep = replay(record)
    return rep, analyse(record, tricks=2)


def test_each_step_reads_the_card_played_and_the_next(deal) -> None:
    rep, found = deal
    steps = best_play.card_steps(rep)
    assert [rep.steps[i].text for i in steps[-8:]] == [p.card for p in found.positions]
    last = best_play.reading(rep, found, steps[-1])
    assert last.played == found.positions[-1] and last.next is None
    before_last = best_play.reading(rep, found, steps[-2])
    assert before_last.played == found.positions[-2]
    assert before_last.next == found.positions[-1]
    assert found.positions[-1].card in before_last.next.best or before_last.next.loss > 0
    early = best_play.reading(rep, found, steps[0])  # not analysed: nothing to say
    assert early.played is None and early.next is None and early.cards_before == 1
    auction = best_play.reading(rep, found, 0)
    assert auction.next is None and auction.played is None


def test_the_line_starts_before_the_first_card_analysed(deal) -> None:
    rep, found = deal
    line = best_play.line(rep, found)
    cards = len(best_play.card_steps(rep))
    assert list(line["card"]) == list(range(cards - 8, cards + 1))
    assert line["value"].iloc[0] == found.positions[0].before
    assert list(line["value"].iloc[1:]) == [p.after for p in found.positions]
    spec = best_play.chart(line, cards - 1, found).to_dict()
    assert spec["layer"][0]["encoding"]["y"]["title"] == "Points (seats 1 and 3)"


def test_a_card_that_cost_points_says_how_much_and_what_was_best() -> None:
    cost = Position(trick=9, seat=2, card="3D", before=7.0, after=4.0, best=["AD", "2D"], loss=3.0)
    said = best_play.verdict("marafone", cost)
    assert said == "3D: a blunder, it cost its side 3 (best: AD, 2D)"
    thirds = replace(cost, loss=1 / 3)
    assert best_play.verdict("marafone", thirds).startswith("3D: an inaccuracy, it cost its side ⅓")
    kept = replace(cost, loss=0.0)
    assert best_play.verdict("marafone", kept) == "3D: a best card"


def test_a_job_is_started_once_per_record_and_tells_its_progress(deal) -> None:
    rep, _ = deal
    jobs = best_play.Jobs()
    text = FAMOUS.read_text()
    job = jobs.start(text, rep)
    assert jobs.start(text, rep) is job
    job.future.result(timeout=120)
    assert job.done and job.share() == 1.0 and job.tricks >= 1
    assert job.result().tricks == job.tricks


def _open_until_done(open_page, **query):
    at = open_page("replay", **query)
    for _ in range(240):
        if not at.get("progress"):
            return at
        time.sleep(0.5)
        at.run()
    raise AssertionError("the analysis never finished")


def test_the_toggle_judges_the_cards_and_outlines_the_best(open_page, famous, monkeypatch) -> None:
    monkeypatch.setattr(best_play, "BUDGET", 3.0)
    shutil.copy(FAMOUS, famous / "m.tgn")
    rep = replay(read_records(FAMOUS.read_text())[0])
    before_last = best_play.card_steps(rep)[-2]
    at = _open_until_done(open_page, record="famous:m.tgn:1", step=str(before_last), best="1")
    assert at.toggle(key="replay_best").value and at.query_params["best"] == "1"
    said = " ".join(m.value for m in at.markdown)
    assert "**Best play:** " in said and re.search(r"a (best card|blunder|mistake)", said)
    upcoming = best_play.reading(rep, analyse(rep.record, tricks=1), before_last).next
    told = f"Best for seat {upcoming.seat} now: {', '.join(upcoming.best)} (outlined)"
    assert any(c.value.startswith(told) for c in at.caption)
    side = analyse(rep.record, tricks=1).side_words  # a team: "seats 1 and 3 end with"
    assert side.startswith("seats ") and any(f"{side} end with " in c.value for c in at.caption)
    table = next(h.proto.body for h in at.get("html") if "tf-table" in h.proto.body)
    outlined = re.findall(r'class="tf-card best"[^>]*data-card="(\w+)"', table)
    assert sorted(outlined) == sorted(upcoming.best)
    assert at.get("vega_lite_chart")
    at.toggle(key="replay_best").set_value(False).run()
    assert "best" not in at.query_params
    assert not any("Best play:" in m.value for m in at.markdown)


def test_a_deal_with_three_sides_says_there_is_no_analysis(open_page, famous) -> None:
    shutil.copy(ROOT / "data/famous/waite-tarot-twenty-one-trumps.tgn", famous / "w.tgn")
    at = _open_until_done(open_page, record="famous:w.tgn:1", best="1")
    assert any("No best-play analysis for this deal" in i.value for i in at.info)


@pytest.fixture(scope="module")
def analysed_archive(sample_archive, tmp_path_factory):
    """The sample archive with its French tarot deals analysed for their last 3 tricks."""
    from trunfu.archive.analyses import analyse_archive

    db = tmp_path_factory.mktemp("analysed") / "sample.duckdb"
    shutil.copy(sample_archive, db)
    summary = analyse_archive(db, game="french-tarot", tricks=3, workers=0)
    assert summary.analysed > 0
    return db


def test_statistics_without_analysis_say_how_to_make_one(open_page, archive) -> None:
    at = open_page("statistics", section="Best play")
    assert any("No deal here has been analysed yet" in c.value for c in at.caption)


def test_statistics_show_accuracy_and_open_a_costly_card(
    open_page, analysed_archive, monkeypatch
) -> None:
    from trunfu.dashboard import settings

    monkeypatch.setenv(settings.ARCHIVE_ENV, str(analysed_archive))
    at = open_page("statistics", section="Best play")
    assert any("deals analysed" in c.value and "cards judged" in c.value for c in at.caption)
    players, roles, costly = (d.value for d in at.dataframe)
    assert {"player", "cards", "average loss per card", "best-card rate"} <= set(players.columns)
    assert set(roles["role"]) <= {"Declarer", "Partner", "Defender"}
    assert "record" not in costly.columns and list(costly.columns[:3]) == [
        "trick",
        "seat",
        "player",
    ]
    assert not costly["player"].isna().any()  # a seat without a name shows "—"
    first = costly.iloc[0]
    at.session_state["stats_costly"] = {"selection": {"rows": [0], "columns": []}}
    at.run()
    assert at.query_params["best"] == "1" and at.query_params["record"]
    assert any(f"trick {first['trick']}" in m.value for m in at.markdown if "**Step" in m.value)
