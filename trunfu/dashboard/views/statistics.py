"""Statistics page: the archive's figures under the filters of the URL, as Altair charts,
each with its numbers one click away. The queries (`trunfu.archive.queries`) do the work."""

from __future__ import annotations

import streamlit as st

from trunfu.archive.lock import ArchiveError
from trunfu.dashboard import archive_link, filters
from trunfu.dashboard.components import charts

st.title("Statistics")
try:
    choices = archive_link.run("choices")
except ArchiveError as error:
    st.info(str(error))
    st.stop()

f = filters.widgets(choices, "stats")
overview = archive_link.run("overview", f)

figures = st.columns(6)
for column, (label, value) in zip(
    figures,
    [
        ("Deals", overview["deals"]),
        ("Scored", overview["scored"]),
        ("Thrown in", overview["thrown_in"]),
        ("Players", overview["players"]),
        ("Events", overview["events"]),
        ("Rejected records", overview["rejected"]),
    ],
    strict=True,
):
    column.metric(label, f"{value:,}" if isinstance(value, int) else value)
if overview["first_date"]:
    st.caption(f"Dated deals from {overview['first_date']} to {overview['last_date']}.")
if not overview["deals"]:
    st.info("No deal matches these filters.")
    st.stop()

left, right = st.columns(2)
with left:
    mix = archive_link.run("contract_mix", f)
    charts.show("Contract and declaration mix", charts.contract_mix(mix), mix)
with right:
    st.markdown("**Declarer success**")
    tabs = st.tabs(["by contract", "by seat", "by oudlers"])
    for tab, by in zip(tabs, ["contract", "position", "oudlers"], strict=True):
        with tab:
            frame = archive_link.run("declarer_success", f, by=by)
            if by == "oudlers":
                frame = frame[frame["oudlers"].notna()]
            note = "seat counted from the dealer: 1 is the eldest" if by == "position" else ""
            charts.show(f"Declarer success by {by}", charts.success(frame, by), frame, note)

left, right = st.columns(2)
with left:
    what = (
        st.segmented_control(
            "Distribution of",
            ["margin", "declarer_score", "score"],
            default="margin",
            format_func=lambda w: {
                "margin": "margin",
                "declarer_score": "declarer's score",
                "score": "every seat's score",
            }[w],
            key="stats_distribution",
        )
        or "margin"
    )
    dist = archive_link.run("score_distribution", f, what=what)
    charts.show("Score distribution", charts.distribution(dist, what), dist)
with right:
    summary = archive_link.run("score_summary", f)
    st.markdown("**Average scores by contract**")
    st.dataframe(summary, hide_index=True, width="stretch", height=300)

players = archive_link.run("player_stats", f, limit=20)
if not players.empty:
    left, right = st.columns(2)
    with left:
        charts.show("Leaderboard (20 most active players)", charts.leaderboard(players), players)
    with right:
        charts.show(
            "Role split",
            charts.roles(players),
            players[["player", "declarer", "partner", "defender"]],
        )
    evolution = archive_link.run("score_evolution", f)
    charts.show("Score over time", charts.evolution(evolution), evolution)

if f.game in (None, "tarocco-siciliano"):
    jochi = archive_link.run("sicilian_jochi", f)
    if not jochi.empty:
        charts.show(
            "Sicilian jochi by category", charts.by_side(jochi, "category", "jochi", "jochi"), jochi
        )
if f.game in (None, "french-tarot"):
    french = archive_link.run("french_bonuses", f)
    if not french.empty:
        charts.show(
            "Petit au bout, poignées and chelem",
            charts.by_side(french, "bonus", "deals", "deals"),
            french,
        )
