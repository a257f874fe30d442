"""The Statistics page's Marafone, Trionfo and Game of Tarot tabs: charts with their numbers,
figures that follow the filters (counted here from the replays), queries only when open."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import show_numbers

from trunfu.archive.ingest import ingest
from trunfu.dashboard import settings
from trunfu.engine import replay, simulate
from trunfu.notation.models import Tag
from trunfu.notation.writer import write

NAMES = ("Ada", "Bice", "Carmelo", "Dora", "Ettore")
GAMES = (("marafone", 4, 24), ("marafone", 5, 24), ("waite-tarot", 2, 10), ("waite-tarot", 3, 10))


def records():
    """Simulated deals; deal n of a game seats the names rotated by n and is dated 2024-02-n
    (so `Ettore` sits out of one four-seat deal in five)."""
    out = []
    for game, seats, count in GAMES:
        for n, record in enumerate(simulate(game, seats, count, seed=seats + 20), 1):
            names = [NAMES[(n + i) % len(NAMES)] for i in range(seats)]
            tags = [Tag(name=f"P{i}", value=p) for i, p in enumerate(names, 1)]
            tags.append(Tag(name="Date", value=f"2024.02.{n:02d}"))
            out.append(replace(record, tags=record.tags + tags))
    return out


@pytest.fixture(scope="module")
def game_archive(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("games")
    path = folder / "games.tgn"
    path.write_text("\n".join(write(r) for r in records()), encoding="utf-8")
    db = folder / "games.duckdb"
    assert ingest(db, [str(path)], workers=0).rejected == 0
    return db


@pytest.fixture
def archive(game_archive: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(game_archive))
    return game_archive


def _numbers(at, title: str):
    show_numbers(at)
    return next(e for e in at.expander if e.label == f"Numbers: {title}").dataframe[0].value


def _four_seat_hands(player: str | None = None, last_day: int = 99) -> int:
    return sum(
        r.tag("Game") == "marafone"
        and r.seats == 4
        and (player is None or player in {r.tag(f"P{i}") for i in range(1, 5)})
        and int(r.tag("Date")[-2:]) <= last_day
        for r in records()
    )


@pytest.mark.parametrize("section", ["Marafone", "Trionfo", "Game of Tarot"])
def test_every_chart_has_its_numbers(open_page, archive, section) -> None:
    at = show_numbers(open_page("statistics", section=section))
    charts = at.get("vega_lite_chart")
    numbers = [e for e in at.expander if e.label.startswith("Numbers: ")]
    assert len(charts) >= 2
    assert len(numbers) == len(charts)
    for expander in numbers:
        assert not expander.dataframe[0].value.empty


def test_marafone_figures_follow_the_filters(open_page, archive) -> None:
    at = open_page("statistics", section="Marafone")
    teams = _numbers(at, "team results").set_index("team")
    assert teams.loc["1+3", "hands"] == _four_seat_hands()
    at.selectbox(key="stats_player").select("Ettore").run()
    assert not at.exception
    teams = _numbers(at, "team results").set_index("team")
    assert teams.loc["1+3", "hands"] == _four_seat_hands("Ettore") < _four_seat_hands()
    at = open_page("statistics", section="Marafone", to="2024-02-05")
    teams = _numbers(at, "team results").set_index("team")
    assert teams.loc["trump team", "hands"] == _four_seat_hands(last_day=5) == 5


def test_trionfo_bids_count_the_five_seat_deals(open_page, archive) -> None:
    at = open_page("statistics", section="Trionfo")
    mix = _numbers(at, "trionfo bid mix")
    outcomes = [
        replay(r, steps=False).outcome for r in records() if r.seats == 5
    ]  # every five-seat deal is scored, thrown in or not
    assert mix["deals"].sum() == len(outcomes)
    signore_bids = sum(not o.thrown_in and o.contract is not None for o in outcomes)
    assert _numbers(at, "success per bid")["deals"].sum() == signore_bids


def test_game_of_tarot_points_per_seat(open_page, archive) -> None:
    at = open_page("statistics", section="Game of Tarot", seats="3")
    frame = _numbers(at, "declaration points against trick points")
    assert set(frame["seats"]) == {3}
    assert frame["seat deals"].sum() == 3 * GAMES[3][2]


def test_trionfo_bids_are_named_as_players_say_them(open_page, archive) -> None:
    bids = set(_numbers(open_page("statistics", section="Trionfo"), "trionfo bid mix")["bid"])
    assert "Di più" in bids or "Maso" in bids, bids
    assert not bids & {"chiamo", "di-piu", "maso", "all pass"}, bids


def test_a_tab_of_another_game_says_so(open_page, archive) -> None:
    at = open_page("statistics", section="Trionfo", seats="4")
    assert not at.get("vega_lite_chart")
    assert any("5 seats" in c.value for c in at.caption)


def test_only_the_open_tab_runs(open_page, archive) -> None:
    at = open_page("statistics")
    assert not any(e.label == "Numbers: team results" for e in at.expander)
    at = open_page("statistics", section="Marafone")
    labels = {e.label for e in at.expander}
    assert "Numbers: team results" in labels and "Numbers: trionfo bid mix" not in labels
