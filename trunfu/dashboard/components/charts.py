"""Altair charts of the statistics page, each drawn with its numbers one click away."""

from __future__ import annotations

import altair as alt
import pandas as pd
import streamlit as st


def show(title: str, chart: alt.Chart | None, frame: pd.DataFrame, note: str = "") -> None:
    """A titled chart, and its figures in an expander below it."""
    st.markdown(f"**{title}**")
    if frame is None or frame.empty:
        st.caption("no deals match")
        return
    if note:
        st.caption(note)
    if chart is not None:
        st.altair_chart(chart, width="stretch")
    with st.expander(f"Numbers: {title.lower()}"):
        st.dataframe(frame, hide_index=True, width="stretch")


def contract_mix(frame: pd.DataFrame) -> alt.Chart:
    """One bar per game and seat count, split by the share of each contract."""
    data = frame.assign(
        table=frame["game"] + ", " + frame["seats"].astype(str) + " seats",
        contract=frame["contract"].fillna("(no contract)"),
    )
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "share:Q",
                axis=alt.Axis(format="%"),
                title="share of scored deals",
                stack="normalize",
            ),
            y=alt.Y("table:N", title=None),
            color=alt.Color("contract:N", legend=alt.Legend(orient="bottom", columns=3)),
            tooltip=["table", "contract", "deals", alt.Tooltip("share:Q", format=".1%")],
        )
    )


def success(frame: pd.DataFrame, by: str) -> alt.Chart:
    data = frame.assign(**{by: frame[by].astype(str)})
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(f"{by}:N", title=by, sort=None),
            y=alt.Y(
                "rate:Q",
                axis=alt.Axis(format="%"),
                title="declarer won",
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=alt.Color("game:N"),
            xOffset="game:N",
            tooltip=["game", by, "deals", "won", alt.Tooltip("rate:Q", format=".1%")],
        )
    )


def distribution(frame: pd.DataFrame, what: str) -> alt.Chart:
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("value:Q", title=what.replace("_", " "), bin=False),
            y=alt.Y("count:Q", title="deals", stack=None),
            color=alt.Color("game:N"),
            opacity=alt.value(0.7),
            tooltip=["game", "value", "count"],
        )
    )


def leaderboard(frame: pd.DataFrame) -> alt.Chart:
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("total:Q", title="total score"),
            y=alt.Y("player:N", sort="-x", title=None),
            color=alt.condition("datum.total >= 0", alt.value("#2e7d32"), alt.value("#c62828")),
            tooltip=["player", "games", "total", alt.Tooltip("mean:Q", format=".2f"), "won"],
        )
    )


def roles(frame: pd.DataFrame) -> alt.Chart:
    data = frame.melt(
        id_vars=["player"],
        value_vars=["declarer", "partner", "defender"],
        var_name="role",
        value_name="deals",
    )
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(
                "deals:Q", stack="normalize", axis=alt.Axis(format="%"), title="share of deals"
            ),
            y=alt.Y("player:N", title=None),
            color=alt.Color("role:N", sort=["declarer", "partner", "defender"]),
            tooltip=["player", "role", "deals"],
        )
    )


def by_side(frame: pd.DataFrame, category: str, value: str, title: str) -> alt.Chart:
    data = frame.assign(side=frame["side"].fillna("—"))
    return (
        alt.Chart(data)
        .mark_bar()
        .encode(
            x=alt.X(f"{value}:Q", title=title),
            y=alt.Y(f"{category}:N", title=None),
            color=alt.Color("side:N"),
            yOffset="side:N",
            tooltip=[category, "side", *[c for c in data.columns if c not in (category, "side")]],
        )
    )


def evolution(frame: pd.DataFrame) -> alt.Chart:
    return (
        alt.Chart(frame)
        .mark_line(point=True)
        .encode(
            x=alt.X("date:T", title=None),
            y=alt.Y("cumulative:Q", title="cumulative score"),
            color=alt.Color("player:N"),
            tooltip=["player", "date", "deals", "score", "cumulative"],
        )
    )
