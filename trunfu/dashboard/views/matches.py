"""Matches page: marafone matches (consecutive hands of one Event, Round and four players)
under the filters, the longest first, and one match's running score with a link to each
hand's replay. The open match is in the URL (`?match=ID`, the record id of its first
hand)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trunfu.archive import matches as match_queries
from trunfu.archive.game_stats import SUIT_NAMES
from trunfu.dashboard import archive_link, filters, words
from trunfu.dashboard.archive_link import Reader
from trunfu.dashboard.components import charts
from trunfu.dashboard.components import game_charts as gc

PICK = "match_pick"
LISTING = "match_listing"
CLICKED = "match_clicked"
FILTERS = ("player", "event", "from", "to")  # those that apply: the game and seats are fixed


def label(row: pd.Series) -> str:
    round_ = f"round {row['round']}" if pd.notna(row["round"]) and row["round"] else ""
    where = " · ".join(str(v) for v in (row["event"], round_) if pd.notna(v) and v)
    hands = f"{row['hands']} hand{'s' if row['hands'] != 1 else ''}"
    return f"{where or 'no event'} · {row['players']} · {hands} · {row['final_a']}–{row['final_b']}"


def longest_first(found: pd.DataFrame) -> pd.DataFrame:
    """Real matches of many hands before the lone hands that carry a MatchScore."""
    order = found.assign(_date=found["date"].fillna(pd.Timestamp.min))
    order = order.sort_values(["hands", "_date", "match_id"], ascending=False, kind="stable")
    return order.drop(columns="_date").reset_index(drop=True)


def listing(found: pd.DataFrame) -> None:
    """The matches found; a click on a row opens that match (the picker follows)."""
    shown = pd.DataFrame(
        {
            "event": found["event"].fillna(""),
            "round": found["round"].fillna(""),
            "date": found["date"],
            "team 1+3": found["team_1_3"],
            "team 2+4": found["team_2_4"],
            "hands": found["hands"],
            "target": found["target"],
            "final 1+3": found["final_a"],
            "final 2+4": found["final_b"],
            "winner": found["winner"].map(
                lambda w: f"team {w}" if isinstance(w, str) else "not finished"
            ),
            "chained": found["consistent"],
        }
    )
    picked = st.dataframe(
        shown,
        hide_index=True,
        width="stretch",
        key=LISTING,
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "chained": st.column_config.CheckboxColumn(
                "chained", help="every hand's MatchScore is the score after the hand before"
            ),
            "date": st.column_config.DateColumn("date"),
        },
    )  # fmt: skip
    rows = picked.selection.rows if picked else []
    row = rows[0] if rows else None
    if row != st.session_state.get(CLICKED):  # a new click, not the one already followed
        st.session_state[CLICKED] = row
        if row is not None:
            st.session_state[PICK] = int(found["match_id"].iloc[row])


def show_match(db: Reader, row: pd.Series) -> None:
    """One match: its figures, the running score and its hands with their replays."""
    hands = db.run("match_hands", match_id=int(row["match_id"]))
    st.subheader(label(row))
    winner = row["winner"] if isinstance(row["winner"], str) else None
    figures = [
        ("Hands", f"{row['hands']}"),
        ("Final score", f"{row['final_a']}–{row['final_b']}"),
        ("Target", f"{row['target']}"),
        ("Winner", f"team {winner}" if winner else "not finished"),
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
    table = pd.DataFrame(
        {
            "hand": hands["hand"],
            "board": hands["board"].fillna(""),
            "trumps": hands["trump"].map(lambda t: SUIT_NAMES.get(t, t or "")),  # as players say
            "named by": hands["trump_named_by"].map(lambda s: f"seat {s}" if pd.notna(s) else ""),
            "ended": hands["end"].map(lambda e: words.HAND_ENDS.get(e, e or "")),
            "before 1+3": hands["before_a"],
            "before 2+4": hands["before_b"],
            "points 1+3": hands["points_a"],
            "points 2+4": hands["points_b"],
            "after 1+3": hands["after_a"],
            "after 2+4": hands["after_b"],
            "chains on": hands["consistent"],
        }
    )
    st.markdown("**Hands**")
    st.caption("Click a hand to open its replay.")
    picked = st.dataframe(
        table,
        hide_index=True,
        width="stretch",
        key="match_hands",
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "before 1+3": st.column_config.NumberColumn(
                "before 1+3", help="the match score before the hand (its MatchScore tag)"),
            "chains on": st.column_config.CheckboxColumn(
                "chains on", help="the hand's MatchScore is the score after the hand before"),
        },
    )  # fmt: skip
    rows = picked.selection.rows if picked else []
    if rows:
        record = str(int(hands["record_id"].iloc[rows[0]]))
        st.switch_page("views/replay.py", query_params={"record": record})


def page(db: Reader, choices: dict) -> None:
    f = filters.widgets(choices, "matches", only=FILTERS)
    found = longest_first(db.run("matches", f))
    if found.empty:
        st.info(
            "No marafone match under these filters: a match is four-seat marafone hands "
            "with a MatchScore tag, chained by Event, Round and players."
        )
        return
    ids = [int(i) for i in found["match_id"]]
    if PICK not in st.session_state:
        raw = st.query_params.get("match", "")
        st.session_state[PICK] = int(raw) if raw in map(str, ids) else None
    elif st.session_state[PICK] not in ids:
        st.session_state[PICK] = None
    st.caption(f"{len(found)} match(es), the longest first. Click a row or pick one below.")
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
