"""The dashboard's door to the archive: a read connection per page run, record texts by id,
and adding uploaded records (through `trunfu.archive.ingest`)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import streamlit as st

from ..archive import lock
from . import settings
from .uploads import Checked


def connect():
    """A read-only connection to the archive, or None (with a message) when there is none."""
    path = settings.archive_path()
    try:
        return lock.connect(path, read_only=True, wait=2.0)
    except lock.ArchiveError as error:
        st.info(str(error))
        return None


def record_text(record_id: int) -> str | None:
    """The TGN text of archive record `record_id`, or None."""
    path = settings.archive_path()
    if not path.exists():
        return None
    from ..archive import queries

    con = lock.connect(path, read_only=True, wait=2.0)
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
    from ..archive.ingest import ingest

    path = settings.archive_path()
    with tempfile.TemporaryDirectory() as folder:
        upload = Path(folder) / "upload.tgn"
        upload.write_text("\n".join(c.text.strip("\n") + "\n" for c in valid), encoding="utf-8")
        try:
            summary = ingest(path, [str(upload)], workers=0)
        except lock.ArchiveError as error:
            st.error(str(error))
            return
    st.cache_data.clear()
    st.success(
        f"{summary.added} record(s) added to {path}; {summary.duplicates} were already there"
        + (f"; {summary.rejected} rejected" if summary.rejected else "")
        + "."
    )
