"""The trunfu dashboard: `streamlit run trunfu/dashboard/app.py` (or `make run`).

Multipage app: each page is a script in `pages/`; this entry only sets up navigation."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

HERE = Path(__file__).parent

st.set_page_config(page_title="trunfu", page_icon="🃏", layout="wide")

PAGES = [
    st.Page(
        HERE / "pages/famous.py", title="Famous hands", icon="⭐", url_path="famous", default=True
    ),
    st.Page(HERE / "pages/replay.py", title="Replay", icon="🃏", url_path="replay"),
    st.Page(HERE / "pages/upload.py", title="Upload", icon="📤", url_path="upload"),
]

st.navigation(PAGES).run()
