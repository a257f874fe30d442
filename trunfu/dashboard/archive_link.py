"""The dashboard's door to the archive: the queries of `trunfu.archive.queries`, cached until
the archive file changes, on the process's shared read-only connection (`connection.POOL`,
closed when idle so that `trunfu ingest` can run); record texts by id; adding uploaded
records through `trunfu.archive.ingest`."""

from __future__ import annotations

import tempfile
from dataclasses import astuple
from pathlib import Path
from typing import TYPE_CHECKING, Any

import streamlit as st

from ..archive import accuracy, game_stats, lock, matches, queries
from ..archive.queries import Filters
from . import settings
from .connection import POOL

if TYPE_CHECKING:  # the reader and the referee are loaded by the Upload page only
    from .uploads import Checked

QUERIES = {**queries.QUERIES, **matches.QUERIES, **game_stats.QUERIES, **accuracy.QUERIES}
"""Every query the pages run by name: the archive's, marafone matches, the games' own, the
accuracy of the play."""


def stamp() -> tuple[str, int] | None:
    """The archive path and its modification time (the cache key), or None without one."""
    path = settings.archive_path()
    try:
        return str(path), path.stat().st_mtime_ns
    except OSError:
        return None


class _Lazy:
    """A cursor on the shared connection, taken on the first cache miss of a page run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.con = None

    def get(self):
        if self.con is None:
            self.con = POOL.cursor(self.path)
        return self.con

    def close(self) -> None:
        if self.con is not None:
            POOL.release(self.con)
            self.con = None


@st.cache_data(max_entries=512, show_spinner=False)
def _cached(_lazy: _Lazy, key: tuple[str, int], name: str, filters: tuple, kwargs: tuple) -> Any:
    if name == "choices":
        return queries.choices(_lazy.get())
    return QUERIES[name](_lazy.get(), Filters(*filters), **dict(kwargs))


class Reader:
    """A page run's door to the archive: `run(query, filters, **kwargs)`, cached per archive
    version; at most one cursor, taken on the first cache miss and given back on exit."""

    def __init__(self) -> None:
        key = stamp()
        if key is None:
            raise lock.ArchiveMissing(
                "There is no archive yet: add records on the Upload page, or with `trunfu ingest`."
            )
        self.key = key
        self._lazy = _Lazy(key[0])

    def run(self, name: str, filters: Filters | None = None, **kwargs: Any) -> Any:
        """`queries.<name>(con, filters, **kwargs)`. Raises `lock.ArchiveError` (busy);
        damage found by the query is told on the page, which stops there."""
        args = (astuple(filters or Filters()), tuple(sorted(kwargs.items())))
        try:
            with lock.reading(self.key[0]):
                return _cached(self._lazy, self.key, name, *args)
        except lock.ArchiveDamaged as error:
            self.close()
            POOL.close_idle()  # a restored file is opened afresh on the next run
            st.error(str(error))
            st.stop()
            raise  # st.stop() does not return

    def close(self) -> None:
        self._lazy.close()

    def __enter__(self) -> Reader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_page_reader() -> tuple[Reader, Any]:
    """A page's archive reader and the filter choices; when the archive cannot be read, the
    reason is shown and the page stops."""
    try:
        db = Reader()
        return db, db.run("choices")
    except lock.ArchiveDamaged as error:
        st.error(str(error))
        st.stop()
        raise  # st.stop() does not return
    except lock.ArchiveError as error:
        st.info(without_paths(str(error), settings.archive_path()))
        st.stop()
        raise  # st.stop() does not return


def record_text(record_id: int) -> str | None:
    """The TGN text of archive record `record_id`, or None."""
    key = stamp()
    if key is None:
        return None
    cursor = POOL.cursor(key[0])
    try:
        with lock.reading(key[0]):
            return queries.record_text(cursor, record_id)
    finally:
        POOL.release(cursor)


def add_button(valid: list[Checked]) -> None:
    """A button that adds the valid uploaded records to the archive, and its report."""
    if not valid:
        return
    n = len(valid)
    if not st.button(f"Add the {n} valid record{'s' if n != 1 else ''} to the archive"):
        return
    from ..archive.ingest import IngestAborted, ingest  # the engine: only to add records

    path = settings.archive_path()
    with tempfile.TemporaryDirectory() as folder:
        upload = Path(folder) / "upload.tgn"
        upload.write_text("\n".join(c.text.strip("\n") + "\n" for c in valid), encoding="utf-8")
        try:
            if not POOL.close_idle():
                raise lock.ArchiveBusy("a page is reading the archive; try again")
            summary = ingest(path, [str(upload)], workers=0)
        except (lock.ArchiveError, IngestAborted) as error:
            st.error(without_paths(str(error), upload, path))
            return
    st.success(
        f"{summary.added} record(s) added to the archive; {summary.duplicates} were already "
        "there" + (f"; {summary.rejected} rejected" if summary.rejected else "") + "."
    )


def without_paths(message: str, *paths: Path | str) -> str:
    """A message for the page without the server's file paths in it ("the archive")."""
    for path in paths:
        message = message.replace(f"{path}: ", "").replace(str(path), "the archive")
    return message[:1].upper() + message[1:]
