"""Famous hands: a gallery of the annotated deals of `data/famous/`, each opening in the
replay."""

from __future__ import annotations

import streamlit as st

from trunfu.dashboard import settings, sources

st.title("Famous hands")
hands = sources.famous_hands()
if not hands:
    st.info(f"No famous hands found in `{settings.famous_dir()}`.")
    st.stop()

games = sorted({h.tag("Game") for h in hands})
chosen = st.pills("Game", games, selection_mode="multi", default=games, key="famous_games")
shown = [h for h in hands if h.tag("Game") in (chosen or games)]
st.caption(f"{len(shown)} of {len(hands)} annotated deals")

columns = st.columns(3)
for n, hand in enumerate(shown):
    record = hand.read.record
    with columns[n % 3].container(border=True):
        st.markdown(f"**{hand.tag('Title') or hand.tag('Event') or hand.ref}**")
        facts = [hand.tag("Game"), f"{hand.tag('Seats')} seats", hand.tag("Date")]
        st.caption(" · ".join(f for f in facts if f))
        if record and record.comments:
            st.write(sources.blurb(record.comments[0]))
        if hand.read.diagnostics:
            st.warning(f"{len(hand.read.diagnostics)} problem(s) reading this record")
        who = [f"annotated by {hand.tag('Annotator')}" if hand.tag("Annotator") else ""]
        who.append(f"source: {hand.tag('Source')}" if hand.tag("Source") else "")
        st.caption(" — ".join(w for w in who if w))
        st.page_link(
            "views/replay.py",
            label="Open in the replay",
            icon=":material/play_arrow:",
            query_params={"record": hand.ref, "step": "0"},
        )
