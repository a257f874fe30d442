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
EXAMPLE = ROOT.parent / "shared" / "examples" / "sicilian-4-chiamo.tgn"
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
        at.run()
        at.switch_page(f"pages/{page}.py")
        for key, value in query.items():
            at.query_params[key] = value
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        return at

    return _open
