"""The dashboard's door to the archive: the queries of `trunfu.archive.queries` run on a
short-lived read-only connection and cached until the archive file changes; record texts by
id; adding uploaded records through `trunfu.archive.ingest`.

Connections are not kept open between runs: DuckDB lets one process hold a file for writing,
and a dashboard left open must not stop `trunfu ingest`."""

from __future__ import annotations

import tempfile
from dataclasses import astuple
from pathlib import Path
from typing import Any

import streamlit as st

from ..archive import lock, queries
from ..archive.ingest import ingest
from ..archive.queries import Filters
from . import settings
from .uploads import Checked


def stamp() -> tuple[str, int] | None:
    """The archive path and its modification time (the cache key), or None without one."""
    path = settings.archive_path()
    try:
        return str(path), path.stat().st_mtime_ns
    except OSError:
        return None


class _Lazy:
    """One read-only connection, opened on the first cache miss of a page run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.con = None

    def get(self):
        if self.con is None:
            self.con = queries.open_archive(self.path, wait=2.0)
        return self.con

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
            self.con = None


@st.cache_data(max_entries=512, show_spinner=False)
def _cached(_lazy: _Lazy, key: tuple[str, int], name: str, filters: tuple, kwargs: tuple) -> Any:
    if name == "choices":
        return queries.choices(_lazy.get())
    return queries.QUERIES[name](_lazy.get(), Filters(*filters), **dict(kwargs))


class Reader:
    """A page run's door to the archive: `run(query, filters, **kwargs)`, cached per archive
    version; at most one connection, opened on the first cache miss and closed on exit."""

    def __init__(self) -> None:
        key = stamp()
        if key is None:
            raise lock.ArchiveMissing(
                f"{settings.archive_path()}: no archive here (create one with `trunfu ingest`)"
            )
        self.key = key
        self._lazy = _Lazy(key[0])

    def run(self, name: str, filters: Filters | None = None, **kwargs: Any) -> Any:
        """`queries.<name>(con, filters, **kwargs)`. Raises `lock.ArchiveError` (busy)."""
        args = (astuple(filters or Filters()), tuple(sorted(kwargs.items())))
        return _cached(self._lazy, self.key, name, *args)

    def close(self) -> None:
        self._lazy.close()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def record_text(record_id: int) -> str | None:
    """The TGN text of archive record `record_id`, or None."""
    key = stamp()
    if key is None:
        return None
    con = queries.open_archive(key[0], wait=2.0)
    try:
        return queries.record_text(con, record_id)
    finally:
        con.close()


def add_button(valid: list[Checked]) -> None:
    """A button that adds the valid uploaded records to the archive, and its report."""
    if not valid:
        return
    n = len(valid)
    if not st.button(f"Add the {n} valid record{'s' if n != 1 else ''} to the archive"):
        return
    path = settings.archive_path()
    with tempfile.TemporaryDirectory() as folder:
        upload = Path(folder) / "upload.tgn"
        upload.write_text("\n".join(c.text.strip("\n") + "\n" for c in valid), encoding="utf-8")
        try:
            summary = ingest(path, [str(upload)], workers=0)
        except lock.ArchiveError as error:
            st.error(str(error))
            return
    st.success(
        f"{summary.added} record(s) added to {path}; {summary.duplicates} were already there"
        + (f"; {summary.rejected} rejected" if summary.rejected else "")
        + "."
    )
