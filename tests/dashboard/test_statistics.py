"""The Statistics page over the sample archive: filters change the figures and live in the
URL; every chart has its numbers."""

from __future__ import annotations

import re
import shutil
import time

import pytest
from conftest import SAMPLE, sample_texts, show_numbers

from trunfu.archive import lock
from trunfu.dashboard import connection, settings
from trunfu.engine import replay
from trunfu.notation.reader import read_records


def _metric(at, label: str) -> str:
    return next(m.value for m in at.metric if m.label == label)


def _scored(game: str) -> int:
    """Deals of the sample that the engine can score (the contract mix counts these)."""
    records = read_records("\n".join(sample_texts()[game]))
    return sum(replay(r, steps=False).outcome is not None for r in records)


def test_no_archive_is_told_not_a_traceback(open_page, no_archive) -> None:
    at = open_page("statistics")
    (said,) = [i.value for i in at.info]
    assert said.startswith("There is no archive yet") and str(no_archive) not in said


def test_game_filter_changes_the_figures_and_the_url(open_page, archive) -> None:
    at = open_page("statistics")
    assert _metric(at, "Deals") == str(sum(SAMPLE.values()))
    at.selectbox(key="stats_game").select("french-tarot").run()
    assert not at.exception
    assert _metric(at, "Deals") == str(SAMPLE["french-tarot"])
    assert at.query_params["game"] == "french-tarot"
    show_numbers(at)
    mix = next(e for e in at.expander if e.label == "Numbers: contract and declaration mix")
    assert mix.dataframe[0].value["deals"].sum() == _scored("french-tarot")


def test_filters_are_read_from_the_url(open_page, archive) -> None:
    at = open_page("statistics", player="Eve")
    assert _metric(at, "Deals") == str(SAMPLE["tarocco-siciliano"])
    assert at.selectbox(key="stats_player").value == "Eve"
    at = open_page("statistics", **{"from": "2024-01-05", "to": "2024-01-07"})
    assert _metric(at, "Deals") == str(3 * len(SAMPLE))


def test_an_unknown_value_in_the_url_is_ignored(open_page, archive) -> None:
    at = open_page("statistics", game="chess", seats="x")
    assert _metric(at, "Deals") == str(sum(SAMPLE.values()))
    assert at.selectbox(key="stats_game").value is None


@pytest.mark.parametrize("section", ["Contracts", "Scores", "Players", "Jochi", "French bonuses"])
def test_every_chart_has_its_numbers(open_page, archive, section) -> None:
    at = show_numbers(open_page("statistics", section=section))
    charts = at.get("vega_lite_chart") + [h for h in at.get("html") if "tf-chart" in h.value]
    numbers = [e for e in at.expander if e.label.startswith("Numbers: ")]
    assert charts
    assert len(numbers) == len(charts)
    for expander in numbers:
        assert not expander.dataframe[0].value.empty


def test_only_the_open_section_runs(open_page, archive) -> None:
    at = open_page("statistics")
    labels = {e.label for e in at.expander}
    assert "Numbers: contract and declaration mix" in labels
    assert not any("leaderboard" in label for label in labels)
    at = open_page("statistics", section="Players")
    labels = {e.label for e in at.expander}
    assert "Numbers: contract and declaration mix" not in labels


def _board(at):
    show_numbers(at)
    board = next(e for e in at.expander if e.label.startswith("Numbers: leaderboard"))
    return board.dataframe[0].value.set_index("player")


def test_the_leaderboard_is_one_game_at_a_time(open_page, archive) -> None:
    """French tarot points are never added to another game's."""
    at = open_page("statistics", section="Players")
    assert at.segmented_control(key="stats_players_game").value == "french-tarot"
    frame = _board(at)
    assert set(frame.index) == {"Ada", "Bea", "Cid", "Dan"}
    assert frame.loc["Ada", "games"] == SAMPLE["french-tarot"]  # Ada sits at seat 1 every deal
    at.segmented_control(key="stats_players_game").set_value("tarocco-siciliano").run()
    frame = _board(at)
    assert set(frame.index) == {"Ada", "Eve", "Fra", "Gio"}
    assert frame.loc["Ada", "games"] == SAMPLE["tarocco-siciliano"]
    labels = [e.label for e in at.expander]
    assert "Numbers: tarocco siciliano score over time (the 5 most active players)" in labels
    at = open_page("statistics", section="Players", game="tarocco-siciliano")
    assert not at.segmented_control  # the game filter chooses the game
    assert set(_board(at).index) == {"Ada", "Eve", "Fra", "Gio"}


def test_played_and_thrown_in_add_up(open_page, archive) -> None:
    at = open_page("statistics")
    parts = [
        int(_metric(at, k).replace(",", "")) for k in ("Played out", "Thrown in", "Unfinished")
    ]
    assert sum(parts) == int(_metric(at, "Deals"))
    assert parts[0] > 0


def test_dates_outside_the_archive_in_the_url_are_ignored(open_page, archive) -> None:
    at = open_page("statistics", **{"from": "2099-01-01", "to": "1900-01-01"})
    assert _metric(at, "Deals") == str(sum(SAMPLE.values()))
    assert at.date_input(key="stats_from").value is None
    assert "from" not in at.query_params
    at = open_page("statistics", seats="4" * 5000, **{"from": "2024-01-0" + "5" * 5000})
    assert _metric(at, "Deals") == str(sum(SAMPLE.values()))


def test_contracts_are_named_as_players_say_them(open_page, archive) -> None:
    at = show_numbers(open_page("statistics"))
    mix = next(e for e in at.expander if e.label == "Numbers: contract and declaration mix")
    frame = mix.dataframe[0].value
    assert set(frame["game"]) == {"French tarot", "Tarocco siciliano"}
    assert {"Chiamo", "Prise"} <= set(frame["contract"])
    assert not any("-" in c or c.islower() for c in frame["contract"]), set(frame["contract"])
    assert '"percent"' in mix.dataframe[0].proto.columns  # shares shown as percentages

    def colours(at) -> dict[str, str]:
        chart = next(h.value for h in at.get("html") if "tf-chart" in h.value)
        found = re.findall(r'background:(#\w+)"></i>([^<]+)</span>', chart)
        return {name: colour for colour, name in found}

    every = colours(at)
    assert {"Chiamo", "Prise", "Garde"} <= set(every)
    french = colours(open_page("statistics", game="french-tarot"))
    assert "Chiamo" not in french  # the legend lists the contracts shown...
    assert french["Garde"] == every["Garde"]  # ...each in its colour whatever the filter
    assert french["Prise"] == every["Prise"]


def test_score_distributions_are_drawn_per_game(open_page, archive) -> None:
    at = open_page("statistics", section="Scores")
    labels = [e.label for e in at.expander if e.label.startswith("Numbers: ")]
    assert "Numbers: french tarot: margin" in labels
    assert "Numbers: tarocco siciliano: margin" in labels
    summary = at.dataframe[-1].value
    assert not summary["contract"].str.contains("-").any()
    day = {"from": "2024-01-03", "to": "2024-01-03"}  # one deal of each game
    summary = open_page("statistics", section="Scores", **day).dataframe[-1].value
    assert set(summary["deals"]) == {1}
    assert set(summary["± sd"]) == {"—"}  # no spread for one deal


def test_the_time_axis_shows_the_year(open_page, archive) -> None:
    import json

    at = open_page("statistics", section="Players")
    spec = next(json.loads(c.proto.spec) for c in at.get("vega_lite_chart")
                if '"cumulative"' in c.proto.spec)  # fmt: skip
    assert "%Y" in spec["encoding"]["x"]["axis"]["format"]


def test_an_archive_of_simulations_says_so(open_page, tmp_path, monkeypatch) -> None:
    from trunfu.archive.ingest import ingest

    texts = sample_texts()["french-tarot"][:3]
    tagged = [
        t.replace("[Seats", '[Source "simulated by trunfu, seed 7"]\n[Seats', 1) for t in texts
    ]
    (tmp_path / "sim.tgn").write_text("\n".join(tagged), encoding="utf-8")
    ingest(tmp_path / "sim.duckdb", [str(tmp_path / "sim.tgn")], workers=0)
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(tmp_path / "sim.duckdb"))
    at = open_page("statistics")
    assert any("Every deal here is a simulation" in w.value for w in at.warning)


def test_an_archive_of_recorded_deals_says_nothing_of_simulations(open_page, archive) -> None:
    at = open_page("statistics")
    assert not any("simulation" in w.value for w in at.warning)


def test_the_connection_is_closed_when_idle(
    open_page, sample_archive, tmp_path, monkeypatch
) -> None:
    """Once the pages have been idle, the archive can be opened for writing (an ingest)."""
    copy = tmp_path / "copy.duckdb"
    shutil.copy(sample_archive, copy)
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(copy))
    monkeypatch.setattr(connection, "IDLE_SECONDS", 0.2)
    open_page("statistics")
    open_page("search", q="T20 led")
    with pytest.raises(lock.ArchiveError):  # the shared connection is still open...
        lock.connect(copy)
    time.sleep(1.0)
    lock.connect(copy).close()  # ...and closed when idle


def test_the_pool_keeps_a_connection_in_use(sample_archive) -> None:
    pool = connection.Pool()
    path = str(sample_archive)
    first = pool.cursor(path)
    second = pool.cursor(path)
    pool.release(first)
    assert not pool.close_idle()  # `second` still reads
    assert second.execute("SELECT 42").fetchone() == (42,)
    pool.release(second)
    assert pool.close_idle()


@pytest.mark.parametrize("section", ["Scores", "Players", "Jochi", "French bonuses"])
def test_charts_draw_only_the_query_rows(open_page, archive, section) -> None:
    """Altair's empty placeholder dataset would be drawn as an "undefined" category beside
    the query's rows: no chart the page sends carries it."""
    import json

    at = open_page("statistics", section=section)
    charts = at.get("vega_lite_chart")
    assert charts, section
    for chart in charts:
        assert not chart.proto.datasets, [d.name for d in chart.proto.datasets]
        assert chart.proto.data.data, "the query's rows are the chart's data"
        assert "datasets" not in json.loads(chart.proto.spec)


def test_french_bonuses_are_named_as_players_say_them(open_page, archive) -> None:
    at = show_numbers(open_page("statistics", section="French bonuses"))
    names = set(at.dataframe[0].value["bonus"])
    assert names, "the sample's French deals have bonuses"
    assert set(at.dataframe[0].value["side"]) <= {"taker's side", "defence", "side not recorded"}
    assert not any("_" in n or "." in n or "poignees" in n for n in names), names
