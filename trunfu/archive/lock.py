"""Opening the archive file, and telling the user in a sentence why it cannot be used:
another process holds it, it is missing, it is damaged.

DuckDB lets one process write a database file; while it does, no other process may open
it, even to read. A second writer is told so at once; a reader retries for a few seconds
(an ingest commits in batches, but holds the file until it ends), then is told so.

DuckDB reports a damaged file (cut short, a block whose checksum does not match) only when
it reads the part that is damaged, possibly deep inside a query: `reading` turns those
errors into `ArchiveDamaged` wherever the archive is read.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
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


class ArchiveDamaged(ArchiveError):
    """The archive file cannot be read: cut short, or its bytes changed."""


_NOT_DAMAGE = (
    "Cannot open file",
    "Permission denied",
    "Read-only file system",
    "No space left on device",
    "Could not write",
)
"""DuckDB's words for an I/O fault that is not in the file's content (the file could not be
opened, or written)."""

_DAMAGE = (
    duckdb.IOException,
    duckdb.InternalException,
    duckdb.SerializationException,
    duckdb.FatalException,
)


def is_damage(error: BaseException) -> bool:
    """Whether DuckDB's `error` says the file could not be read as it should: missing bytes
    (a cut file), a checksum that does not match, a block it cannot make sense of."""
    if not isinstance(error, duckdb.Error) or _is_lock_error(error):
        return False
    if any(words in str(error) for words in _NOT_DAMAGE):
        return False
    return (
        isinstance(error, _DAMAGE)
        or type(error) is duckdb.Error  # "Corrupt database file: computed checksum ..."
        or "corrupt" in str(error).lower()
    )


def _first_line(error: BaseException) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def damaged(path: str | Path, error: BaseException) -> ArchiveDamaged:
    """The message for a damaged archive at `path`, with DuckDB's words for the fault."""
    return ArchiveDamaged(
        f"{path}: the archive is damaged and cannot be read ({_first_line(error)}). "
        "trunfu does not write into it: restore a copy, or ingest the TGN files again "
        "into a new archive (--db)."
    )


@contextmanager
def reading(path: str | Path) -> Iterator[None]:
    """Run the block; a DuckDB error that says the file is damaged leaves it as
    `ArchiveDamaged` (other errors are left as they are)."""
    try:
        yield
    except duckdb.Error as error:
        if is_damage(error):
            raise damaged(path, error) from None
        raise


def _holder(message: str) -> str:
    found = re.search(r"PID (\d+)", message)
    return f"process {found.group(1)}" if found else "another process"


def _is_lock_error(error: Exception) -> bool:
    text = str(error).lower()
    return "could not set lock" in text or "conflicting lock" in text or "lock on file" in text


def _refusal(path: Path, error: duckdb.Error) -> ArchiveError:
    """Why DuckDB would not open `path` (not a lock): not a DuckDB file, a DuckDB file this
    DuckDB cannot read, or a damaged one."""
    text = str(error)
    if "not a valid DuckDB database file" in text:
        return ArchiveError(
            f"{path}: this file is not a trunfu archive (not a DuckDB database); trunfu does "
            "not write into it: give the path of an archive, or of a file that does not exist "
            "yet (--db)"
        )
    if "version number" in text or "storage version" in text.lower():
        return ArchiveError(f"{path}: this DuckDB cannot open the archive ({_first_line(error)})")
    if is_damage(error):
        return damaged(path, error)
    return ArchiveError(f"{path}: cannot open the archive ({_first_line(error)})")


def connect(
    path: str | Path,
    *,
    read_only: bool = False,
    wait: float | None = None,
    writer: bool | None = None,
) -> duckdb.DuckDBPyConnection:
    """A connection to the archive at `path`.

    Readers (`read_only=True`) retry for `wait` seconds (default `READ_WAIT`) while a writer
    holds the file; writers do not wait (default 0). `writer` says, for the message when the
    file is busy, whether the caller means to write (default: unless `read_only`; a writer
    may look at the file read-only first). Raises `ArchiveBusy`, `ArchiveMissing`,
    `ArchiveDamaged` or `ArchiveError` with a message for the user, never DuckDB's own
    exception. A folder that would hold a new archive is created.
    """
    path = Path(path)
    if wait is None:
        wait = READ_WAIT if read_only else 0.0
    if read_only and not path.exists():
        raise ArchiveMissing(f"{path}: no archive here (create one with `trunfu ingest`)")
    if path.is_dir():
        raise ArchiveError(f"{path}: this is a folder, not an archive file")
    if not read_only:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise ArchiveError(f"{path}: cannot create its folder ({error.strerror})") from None
    deadline = time.monotonic() + wait
    while True:
        try:
            return duckdb.connect(str(path), read_only=read_only)
        except duckdb.Error as error:
            if not _is_lock_error(error):
                raise _refusal(path, error) from None
            if time.monotonic() >= deadline:
                who = _holder(str(error))
                doing = "write to" if (not read_only if writer is None else writer) else "read"
                raise ArchiveBusy(
                    f"{path}: the archive is in use by {who} (an ingest?); cannot {doing} it "
                    "now. DuckDB allows one process at a time: try again when it has finished."
                ) from None
            time.sleep(0.2)
