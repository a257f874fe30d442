"""Statistics page: the archive's figures under the filters of the URL, as charts, each with
its numbers one click away. The queries (`trunfu.archive.queries`) do the work."""

from __future__ import annotations

import streamlit as st

from trunfu.dashboard import archive_link, filters, game_sections
from trunfu.dashboard.archive_link import Reader
from trunfu.dashboard.components import charts

DISTRIBUTIONS = {
    "margin": "margin",
    "declarer_score": "declarer's score",
    "score": "every seat's score",
}


def overview(db: Reader, f) -> bool:
    """The headline figures; False when no deal matches."""
    o = db.run("overview", f)
    figures = [
        ("Deals", o["deals"]),
        ("Scored", o["scored"]),
        ("Thrown in", o["thrown_in"]),
        ("Players", o["players"]),
        ("Events", o["events"]),
        ("Rejected records", o["rejected"]),
    ]
    for column, (label, value) in zip(st.columns(len(figures)), figures, strict=True):
        column.metric(label, f"{value:,}")
    if o["first_date"]:
        st.caption(f"Dated deals from {o['first_date']} to {o['last_date']}.")
    return bool(o["deals"])


def contracts(db: Reader, f) -> None:
    left, right = st.columns(2)
    with left:
        frame = db.run("contract_mix", f)
        charts.show("Contract and declaration mix", charts.contract_mix(), charts.mix(frame))
    with right:
        st.markdown("**Declarer success**")
        tabs = st.tabs(["by contract", "by seat", "by oudlers"], key="success", on_change="rerun")
        for tab, by in zip(tabs, ["contract", "position", "oudlers"], strict=True):
            if not tab.open:
                continue
            with tab:
                frame = db.run("declarer_success", f, by=by)
                if by == "oudlers":
                    frame = frame[frame["oudlers"].notna()]
                note = "seat counted from the dealer: 1 is the eldest" if by == "position" else ""
                charts.show(f"Declarer success by {by}", charts.success(by), frame, note)


def scores(db: Reader, f) -> None:
    left, right = st.columns(2)
    with left:
        what = st.segmented_control(
            "Distribution of",
            list(DISTRIBUTIONS),
            default="margin",
            format_func=DISTRIBUTIONS.get,
            key="stats_distribution",
        )
        what = what or "margin"
        frame = db.run("score_distribution", f, what=what)
        charts.show("Score distribution", charts.distribution(what), frame)
    with right:
        st.markdown("**Average scores by contract**")
        st.dataframe(
            db.run("score_summary", f),
            hide_index=True,
            width="stretch",
            height=300,
            column_config={
                "declarer_score": st.column_config.NumberColumn("declarer's score", format="%.1f"),
                "declarer_score_sd": st.column_config.NumberColumn("± sd", format="%.1f"),
                "margin": st.column_config.NumberColumn("margin", format="%.1f"),
                "margin_sd": st.column_config.NumberColumn("margin ± sd", format="%.1f"),
                "abs_margin": st.column_config.NumberColumn("mean |margin|", format="%.1f"),
            },
        )


def players(db: Reader, f) -> None:
    frame = db.run("player_stats", f, limit=20)
    if frame.empty:
        return
    left, right = st.columns(2)
    with left:
        charts.show("Leaderboard (20 most active players)", charts.leaderboard(), frame)
    with right:
        charts.show("Role split", charts.roles(), charts.role_split(frame))
    shown = [f.player] if f.player else list(frame["player"][:5])  # as score_evolution's own
    evolution = db.run("score_evolution", f, players=shown)
    charts.show("Score over time (the 5 most active players)", charts.evolution(), evolution)


def jochi(db: Reader, f) -> None:
    if f.game not in (None, "tarocco-siciliano"):
        st.caption("Jochi are counted in tarocco-siciliano deals only.")
        return
    frame = db.run("sicilian_jochi", f)
    spec = charts.by_side("category", "jochi", "jochi")
    charts.show("Sicilian jochi by category", spec, frame.fillna({"side": NO_SIDE}))


NO_SIDE = "side not recorded"


def french(db: Reader, f) -> None:
    if f.game not in (None, "french-tarot"):
        st.caption("Petit au bout, poignées and chelem are French tarot bonuses.")
        return
    frame = db.run("french_bonuses", f)
    frame = frame.assign(bonus=frame["bonus"].map(bonus_name))
    spec = charts.by_side("bonus", "deals", "deals")
    charts.show("Petit au bout, poignées and chelem", spec, frame.fillna({"side": NO_SIDE}))


def bonus_name(name: str) -> str:
    """A French tarot bonus as players say it: `poignees.double` is "double poignée"."""
    kind, _, detail = name.partition(".")
    if kind == "poignees":
        return f"{detail} poignée"
    return f"{kind} {detail}".strip().replace("_", " ")


st.title("Statistics")
db, choices = archive_link.open_page_reader()
SECTIONS = {
    "Contracts": contracts,
    "Scores": scores,
    "Players": players,
    "Jochi": jochi,
    "French bonuses": french,
    "Marafone": game_sections.marafone,
    "Trionfo": game_sections.trionfo,
    "Game of Tarot": game_sections.waite,
}
with db:
    f = filters.widgets(choices, "stats")
    if not overview(db, f):
        st.info("No deal matches these filters.")
        st.stop()
    # lazy tabs: only the open section runs its queries; the section is in the URL too
    tabs = st.tabs(list(SECTIONS), key="section", bind="query-params")
    for tab, draw in zip(tabs, SECTIONS.values(), strict=True):
        if tab.open:
            with tab:
                draw(db, f)
