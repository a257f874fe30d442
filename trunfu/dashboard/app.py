"""The trunfu dashboard: `streamlit run trunfu/dashboard/app.py` (or `make run`).

Multipage app: each page is a script in `views/` (not `pages/`, which Streamlit would
also list on its own); this entry only sets up navigation."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).parent

st.set_page_config(page_title="trunfu", page_icon=":material/playing_cards:", layout="wide")

PAGES = [
    st.Page(
        HERE / "views/statistics.py", title="Statistics", icon=":material/bar_chart:", default=True
    ),
    st.Page(HERE / "views/replay.py", title="Replay", icon=":material/playing_cards:"),
    st.Page(HERE / "views/famous.py", title="Famous hands", icon=":material/star:"),
    st.Page(HERE / "views/search.py", title="Search", icon=":material/search:"),
    st.Page(HERE / "views/matches.py", title="Matches", icon=":material/emoji_events:"),
    st.Page(HERE / "views/upload.py", title="Upload", icon=":material/upload_file:"),
    st.Page(HERE / "views/transcribe.py", title="Transcribe", icon=":material/edit_note:"),
]

st.navigation(PAGES).run()
