"""Upload page: drop TGN files or paste text; each record gets its verdict, errors are
shown with the offending line; valid records open in the replay or go to the archive."""

from __future__ import annotations

import streamlit as st

from trunfu.dashboard import archive_link, sources
from trunfu.dashboard.uploads import (
    MAX_FILE_BYTES,
    MAX_RECORDS,
    Checked,
    FileReport,
    check_text,
    check_upload,
    errors_file,
)

SHOWN = 100  # records drawn in full; the others are listed in the summary table only
UPLOAD_MB = 64  # the largest file the browser sends; over MAX_FILE_BYTES: told on the page


@st.cache_resource(max_entries=16, show_spinner="Checking the records…")
def _check_file(name: str, data: bytes) -> FileReport:
    return check_upload(name, data)


@st.cache_resource(max_entries=16, show_spinner="Checking the records…")
def _check_paste(text: str) -> FileReport:
    return check_text("pasted", text)


def _heading(checked: Checked) -> str:
    where = f"{checked.file} · record {checked.index} (line {checked.line})"
    what = ", ".join(
        x
        for x in (
            checked.tag("Game"),
            f"{checked.tag('Seats')} seats" if checked.tag("Seats") else "",
            checked.tag("Event"),
            checked.tag("Title"),
        )
        if x
    )
    parts = [where, what] if what else [where]
    if checked.valid:
        return ":green[:material/check_circle:] " + " — ".join(parts)
    n = len(checked.problems)
    parts.append(f"{n} problem{'s' if n != 1 else ''}")
    return ":red[:material/error:] " + " — ".join(parts)


def _show_record(checked: Checked, key: str) -> None:
    with st.container(border=True):
        st.markdown(_heading(checked))
        if checked.valid:
            left, right = st.columns([4, 1])
            result = checked.verdict.result or checked.tag("Result") or "*"
            left.caption(f"Result {result}")
            if right.button("Replay ▶", key=f"replay-{key}"):
                ref = sources.remember_upload(st.session_state, checked.text)
                st.switch_page("views/replay.py", query_params={"record": ref})
            return
        for problem in checked.problems:
            d = problem.diagnostic
            st.error(f"line {d.line}, column {d.column}: {d.cls} `{d.code}` — {d.message}")
            if problem.caret:
                st.code(problem.caret, language=None)


def _summary(reports: list[FileReport]) -> None:
    rows = [
        {
            "file": c.file,
            "record": c.index,
            "line": c.line,
            "game": c.tag("Game"),
            "event": c.tag("Event"),
            "valid": c.valid,
            "problems": len(c.problems),
            "first problem": str(c.problems[0].diagnostic.message) if c.problems else "",
        }
        for r in reports
        for c in r.records
    ]
    if rows:
        st.dataframe(rows, hide_index=True, width="stretch")


st.title("Upload and validate")
st.caption(
    f"Drop one or many `.tgn` files, or paste TGN text. Each file may be up to "
    f"{MAX_FILE_BYTES / 1e6:g} MB; the first {MAX_RECORDS:,} records of a file are "
    "judged. For larger files use `trunfu validate` and `trunfu ingest`."
)
files = st.file_uploader(
    "TGN files",
    type=["tgn", "txt"],
    accept_multiple_files=True,
    max_upload_size=UPLOAD_MB,  # larger than checked: a file too large is told on the page
)
pasted = st.text_area("…or paste TGN text", height=140, key="pasted")

reports = [_check_file(f.name, f.getvalue()) for f in files or []]
if pasted.strip():
    reports.append(_check_paste(pasted))

if not reports:
    st.info("Nothing uploaded yet.")
    st.stop()

valid = [c for r in reports for c in r.valid]
invalid = [c for r in reports for c in r.invalid]
for report in reports:
    if report.error:
        st.error(report.error)
    elif report.skipped:
        st.warning(
            f"{report.name}: {report.skipped:,} records past the first {MAX_RECORDS:,} "
            "were not judged (use `trunfu validate`)."
        )
total = len(valid) + len(invalid)
if not total:  # every file refused, each said why above
    st.stop()
st.subheader(
    f"{total} record{'s' if total != 1 else ''}: {len(valid)} valid, {len(invalid)} invalid"
)

actions = st.columns(2)
with actions[0]:
    archive_link.add_button(valid)
with actions[1]:
    if invalid:
        st.download_button(
            f"Download the {len(invalid)} invalid record{'s' if len(invalid) != 1 else ''} "
            "with their errors",
            errors_file(invalid),
            file_name="invalid-records.tgn",
            mime="text/plain",
        )

_summary(reports)
shown = [c for r in reports for c in r.records][:SHOWN]
for n, checked in enumerate(shown):
    _show_record(checked, f"{n}")
if total > SHOWN:
    st.caption(f"The first {SHOWN} records are drawn above; all {total} are in the table.")
