"""Fixtures for the dashboard tests: the app under `AppTest`, with its archive and famous
hands folder pointed at temporary places."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from trunfu.dashboard import settings

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "trunfu" / "dashboard" / "app.py"
EXAMPLE = ROOT / "data" / "examples" / "tarocco-siciliano-4-worked.tgn"
TIMEOUT = 60


@pytest.fixture
def famous(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty famous hands folder the app reads."""
    folder = tmp_path / "famous"
    folder.mkdir()
    monkeypatch.setenv(settings.FAMOUS_ENV, str(folder))
    return folder


@pytest.fixture
def no_archive(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "none.duckdb"
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(path))
    return path


@pytest.fixture
def open_page(famous: Path) -> Callable[..., AppTest]:
    """`open_page("upload", record="…")`: the app, run once on that page with those query
    parameters."""

    def _open(page: str, **query: str) -> AppTest:
        at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
        at.query_params.update(query)  # as in a fresh browser session opened on that URL
        at.switch_page(f"views/{page}.py")
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    return _open


def show_numbers(at: AppTest) -> AppTest:
    """Open every "Numbers: …" expander of the page (they draw their table when open)."""
    labels = [e.label for e in at.expander if e.label.startswith("Numbers: ")]
    for label in labels:
        at.session_state[f"numbers_{label}"] = True
    if labels:
        at.run()
        assert not at.exception, [e.value for e in at.exception]
    return at


PLAYERS = {
    "french-tarot": ["Ada", "Bea", "Cid", "Dan"],
    "tarocco-siciliano": ["Ada", "Eve", "Fra", "Gio"],
}
SAMPLE = {"french-tarot": 20, "tarocco-siciliano": 12}
"""The sample archive: deals simulated per game (4 seats), with names and dates added."""
SEEDS = {"french-tarot": 12, "tarocco-siciliano": 8}
"""The simulator's seeds: the French deals hold two petits au bout, which the Search tests
look for."""


def sample_texts() -> dict[str, list[str]]:
    """The sample deals' TGN texts per game: simulated, then given players and a date
    (deal n of a game is played on 2024-01-n) and no `Source`, as recorded deals."""
    from trunfu.engine import simulate
    from trunfu.notation.writer import write

    texts: dict[str, list[str]] = {}
    for game, count in SAMPLE.items():
        names = "".join(f'[P{n} "{p}"]\n' for n, p in enumerate(PLAYERS[game], 1))
        texts[game] = [
            write(record)
            .replace('[Source "simulated by trunfu"]\n', "")  # as if recorded at a table
            .replace("[Seats", f'[Date "2024.01.{n:02d}"]\n{names}[Seats', 1)
            for n, record in enumerate(simulate(game, 4, count, seed=SEEDS[game]), 1)
        ]
    return texts


@pytest.fixture(scope="session")
def sample_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An archive built with `trunfu.archive.ingest` from the sample deals."""
    from trunfu.archive.ingest import ingest

    folder = tmp_path_factory.mktemp("sample")
    files = []
    for game, texts in sample_texts().items():
        path = folder / f"{game}.tgn"
        path.write_text("\n".join(texts), encoding="utf-8")
        files.append(str(path))
    db = folder / "sample.duckdb"
    summary = ingest(db, files, workers=0)
    assert summary.added == sum(SAMPLE.values()), summary.as_dict()
    return db


@pytest.fixture
def archive(sample_archive: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(settings.ARCHIVE_ENV, str(sample_archive))
    return sample_archive


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> pytest.TestReport:
    """Each phase's report on its test (`item.rep_call`...), for fixtures that keep
    evidence of a failure."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "viewport(width, height): the browser page's size")
