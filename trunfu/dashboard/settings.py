"""Where the dashboard finds its data: the archive file and the famous hands folder,
from environment variables (set by `make run` and by the tests) or the defaults."""

from __future__ import annotations

import os
from pathlib import Path

from ..archive import DEFAULT_DB

ARCHIVE_ENV = "TRUNFU_ARCHIVE"
FAMOUS_ENV = "TRUNFU_FAMOUS"
DEFAULT_FAMOUS = Path("data/famous")


def archive_path() -> Path:
    """The DuckDB archive the pages read (by default the one `trunfu ingest` writes)."""
    if os.environ.get(ARCHIVE_ENV):
        return Path(os.environ[ARCHIVE_ENV])
    return DEFAULT_DB


def famous_dir() -> Path:
    """The folder of annotated famous hands (`*.tgn`)."""
    return Path(os.environ.get(FAMOUS_ENV) or DEFAULT_FAMOUS)
