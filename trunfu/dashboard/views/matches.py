"""Matches page: marafone matches (consecutive hands of one Event, Round and four players)
under the filters, and one match's running score with a link to each hand's replay. The
open match is in the URL (`?match=ID`, the record id of its first hand)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trunfu.archive import matches as match_queries
from trunfu.dashboard import archive_link, filters
from trunfu.dashboard.archive_link import Reader
from trunfu.dashboard.components import charts
from trunfu.dashboard.components import game_charts as gc

PICK = "match_pick"


def label(row: pd.Series) -> str:
    where = " · ".join(str(v) for v in (row["event"], row["round"]) if pd.notna(v) and v)
    return f"{where or 'no event'} · {row['players']} · {row['final_a']}–{row['final_b']}"


def listing(found: pd.DataFrame) -> None:
    """The matches found, each with a link that opens it here."""
    shown = found.assign(
        open="matches?match=" + found["match_id"].astype(str),
        round=found["round"].fillna(""),
        winner=found["winner"].fillna("not finished"),
    )
    st.dataframe(
        shown[["open", "event", "round", "date", "team_1_3", "team_2_4", "hands", "target",
               "final_a", "final_b", "winner", "consistent", "gaps"]],
        hide_index=True,
        width="stretch",
        column_config={
            "open": st.column_config.LinkColumn("match", display_text="▶ open"),
            "team_1_3": st.column_config.TextColumn("team 1+3"),
            "team_2_4": st.column_config.TextColumn("team 2+4"),
            "final_a": st.column_config.NumberColumn("1+3"),
            "final_b": st.column_config.NumberColumn("2+4"),
            "consistent": st.column_config.CheckboxColumn(
                "chained", help="every hand's MatchScore is the score after the hand before"
            ),
            "date": st.column_config.DateColumn("date"),
        },
    )  # fmt: skip


def show_match(db: Reader, row: pd.Series) -> None:
    """One match: its figures, the running score and its hands with their replays."""
    hands = db.run("match_hands", match_id=int(row["match_id"]))
    st.subheader(label(row))
    winner = row["winner"] if isinstance(row["winner"], str) else None
    figures = [
        ("Hands", f"{row['hands']}"),
        ("Final score", f"{row['final_a']}–{row['final_b']}"),
        ("Target", f"{row['target']}"),
        ("Winner", winner or "not finished"),
    ]
    for column, (name, value) in zip(st.columns(len(figures)), figures, strict=True):
        column.metric(name, value)
    st.caption(f"Team 1+3: {row['team_1_3']}; team 2+4: {row['team_2_4']}.")
    if row["gaps"]:
        st.warning(
            f"The chain has {row['gaps']} gap(s): a hand's MatchScore is not the score after "
            "the hand before it (a hand missing from the archive, or a tag miswritten)."
        )
    charts.show("Running score", gc.running_score(), match_queries.running_score(hands))
    table = hands.assign(replay="replay?record=" + hands["record_id"].astype(str))
    st.markdown("**Hands**")
    st.dataframe(
        table[["replay", "hand", "board", "trump", "end", "before_a", "before_b", "points_a",
               "points_b", "after_a", "after_b", "consistent"]],
        hide_index=True,
        width="stretch",
        column_config={
            "replay": st.column_config.LinkColumn("replay", display_text="▶ replay"),
            "before_a": st.column_config.NumberColumn("MatchScore 1+3"),
            "before_b": st.column_config.NumberColumn("MatchScore 2+4"),
            "points_a": st.column_config.NumberColumn("points 1+3"),
            "points_b": st.column_config.NumberColumn("points 2+4"),
            "after_a": st.column_config.NumberColumn("after 1+3"),
            "after_b": st.column_config.NumberColumn("after 2+4"),
            "consistent": st.column_config.CheckboxColumn("chains on"),
        },
    )  # fmt: skip


def page(db: Reader, choices: dict) -> None:
    f = filters.widgets(choices, "matches")
    found = db.run("matches", f)
    if found.empty:
        st.info(
            "No marafone match under these filters: a match is four-seat marafone hands "
            "with a MatchScore tag, chained by Event, Round and players."
        )
        return
    ids = [int(i) for i in found["match_id"]]
    if PICK not in st.session_state:
        raw = st.query_params.get("match", "")
        st.session_state[PICK] = int(raw) if raw.isdigit() and int(raw) in ids else None
    elif st.session_state[PICK] not in ids:
        st.session_state[PICK] = None
    st.caption(f"{len(found)} match(es), newest first.")
    listing(found)
    labels = {int(r["match_id"]): label(r) for _, r in found.iterrows()}
    chosen = st.selectbox(
        "Open a match", [None, *ids], format_func=lambda i: "—" if i is None else labels[i],
        key=PICK, placeholder="pick a match to see its running score and hands",
    )  # fmt: skip
    if chosen is None:
        if "match" in st.query_params:
            del st.query_params["match"]
        return
    st.query_params["match"] = str(chosen)
    show_match(db, found[found["match_id"] == chosen].iloc[0])


st.title("Marafone matches")
db, choices = archive_link.open_page_reader()

with db:
    page(db, choices)
