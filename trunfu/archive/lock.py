"""Opening the archive file with clear messages when another process holds it.

DuckDB lets one process write a database file; while it does, no other process may open
it, even to read. A second writer is told so at once; a reader retries for a few seconds
(an ingest commits in batches, but holds the file until it ends), then is told so.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import duckdb

READ_WAIT = 5.0
"""Seconds a reader keeps retrying while a writer holds the file."""


class ArchiveError(Exception):
    """A problem with the archive file, told in a sentence for the user."""


class ArchiveBusy(ArchiveError):
    """Another process holds the archive file."""


class ArchiveMissing(ArchiveError):
    """There is no archive at the path given to a reader."""


def _holder(message: str) -> str:
    found = re.search(r"PID (\d+)", message)
    return f"process {found.group(1)}" if found else "another process"


def _is_lock_error(error: Exception) -> bool:
    text = str(error).lower()
    return "lock" in text or "conflicting" in text


def connect(
    path: str | Path, *, read_only: bool = False, wait: float | None = None
) -> duckdb.DuckDBPyConnection:
    """A connection to the archive at `path`.

    Readers (`read_only=True`) retry for `wait` seconds (default `READ_WAIT`) while a writer
    holds the file; writers do not wait (default 0). Raises `ArchiveBusy` or `ArchiveMissing`
    with a message for the user, never DuckDB's own exception.
    """
    path = Path(path)
    if wait is None:
        wait = READ_WAIT if read_only else 0.0
    if read_only and not path.exists():
        raise ArchiveMissing(f"{path}: no archive here (create one with `trunfu ingest`)")
    if not read_only:
        path.parent.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + wait
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except (duckdb.IOException, duckdb.ConnectionException) as error:
            if not _is_lock_error(error):
                raise ArchiveError(f"{path}: cannot open the archive: {error}") from None
            if time.monotonic() >= deadline:
                who = _holder(str(error))
                doing = "read" if read_only else "write to"
                raise ArchiveBusy(
                    f"{path}: the archive is in use by {who} (an ingest?); cannot {doing} it "
                    "now. DuckDB allows one process at a time: try again when it has finished."
                ) from None
            time.sleep(0.2)
