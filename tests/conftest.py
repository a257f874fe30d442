"""Shared fixtures: the worked examples of the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def examples() -> list[Path]:
    """The worked examples of `data/examples/`, one or more per game and seat count."""
    return sorted((ROOT / "data" / "examples").glob("*.tgn"))
