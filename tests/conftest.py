"""Shared fixtures: paths to the shared spec material and the sample data."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.fixture
def shared_examples() -> list[Path]:
    return sorted((SHARED / "examples").glob("*.tgn"))
