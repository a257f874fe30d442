"""The trunfu dashboard: `streamlit run trunfu/dashboard/app.py` (or `make run`).

Multipage app: each page is a script in `pages/`; this entry only sets up navigation."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).parent

st.set_page_config(page_title="trunfu", page_icon="🃏", layout="wide")

PAGES = [
    st.Page(HERE / "pages/statistics.py", title="Statistics", icon="📊", default=True),
    st.Page(HERE / "pages/replay.py", title="Replay", icon="🃏"),
    st.Page(HERE / "pages/famous.py", title="Famous hands", icon="⭐"),
    st.Page(HERE / "pages/search.py", title="Search", icon="🔎"),
    st.Page(HERE / "pages/upload.py", title="Upload", icon="📤"),
]

st.navigation(PAGES).run()
