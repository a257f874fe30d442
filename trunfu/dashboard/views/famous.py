"""Famous hands: a gallery of the annotated deals of `data/famous/`, each opening in the
replay. The games picked are in the URL (`?game=marafone,french-tarot`); none picked shows
every game."""

from __future__ import annotations

import streamlit as st

from trunfu.dashboard import settings, sources, words

PICKED = "famous_games"

st.title("Famous hands")
hands = sources.famous_hands()
if not hands:
    st.info(f"No famous hands found in `{settings.famous_dir()}`.")
    st.stop()

games = sorted({h.tag("Game") for h in hands})
if PICKED not in st.session_state:  # from the URL; unknown games are ignored
    asked = st.query_params.get("game", "").split(",")
    st.session_state[PICKED] = [g for g in games if g in asked]
chosen = st.pills(
    "Game", games, selection_mode="multi", format_func=words.game, key=PICKED,
    help="Pick one or more games; none picked shows them all.",
)  # fmt: skip
if chosen:
    st.query_params["game"] = ",".join(chosen)
elif "game" in st.query_params:
    del st.query_params["game"]
shown = [h for h in hands if h.tag("Game") in (chosen or games)]
st.caption(f"{len(shown)} of {len(hands)} annotated deals")

columns = st.columns(3)
for n, hand in enumerate(shown):
    record = hand.read.record
    with columns[n % 3].container(border=True):
        st.markdown(f"**{hand.tag('Title') or hand.tag('Event') or hand.ref}**")
        facts = [words.game(hand.tag("Game")), f"{hand.tag('Seats')} seats", hand.tag("Date")]
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
