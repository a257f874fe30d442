"""Charts of the statistics page, each drawn with its numbers one click away.

The charts are written with Altair, without data: each specification is built once per
process (Altair's encoding and validation take ~60 ms a chart, too slow to repeat on every
page run) and drawn by `st.vega_lite_chart` with the query's frame."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

PERCENT = alt.Axis(format="%")
LABELS = alt.Axis(labelLimit=260)
"""Category labels such as `tarocco-siciliano, 4 seats` shown whole."""
MANY = alt.Scale(scheme="tableau20")
"""Twenty distinct colours: the contracts of every game side by side without repeats."""
ROLES = ["declarer", "partner", "defender"]


def show(title: str, spec: dict[str, Any] | None, frame: pd.DataFrame, note: str = "") -> None:
    """A titled chart of `frame`, and its figures in an expander below it."""
    st.markdown(f"**{title}**")
    if frame is None or frame.empty:
        st.caption("no deals match")
        return
    if note:
        st.caption(note)
    if spec is not None:
        st.vega_lite_chart(frame, spec, width="stretch")
    with st.expander(f"Numbers: {title.lower()}"):
        st.dataframe(frame, hide_index=True, width="stretch")


def spec_of(build: Callable[..., alt.Chart]) -> Callable[..., dict[str, Any]]:
    """Cache the Vega-Lite dict of a data-less Altair chart, per arguments.

    Altair writes an empty placeholder dataset into a chart built without data; its one empty
    row would be drawn beside the query's rows as an "undefined" category, so it is dropped."""

    @cache
    @wraps(build)
    def spec(*args: str) -> dict[str, Any]:
        drawn = build(*args).to_dict()
        return {key: value for key, value in drawn.items() if key not in ("data", "datasets")}

    return spec


@spec_of
def contract_mix() -> alt.Chart:
    """One bar per game and seat count, split by the share of each contract (data: `mix`)."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("share:Q", axis=PERCENT, title="share of scored deals", stack="normalize"),
            y=alt.Y("table:N", title=None, axis=LABELS),
            color=alt.Color(
                "contract:N",
                scale=MANY,
                legend=alt.Legend(orient="bottom", columns=3),
            ),
            tooltip=["table:N", "contract:N", "deals:Q", alt.Tooltip("share:Q", format=".1%")],
        )
    )


def mix(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(
        table=frame["game"] + ", " + frame["seats"].astype(str) + " seats",
        contract=frame["contract"].fillna("(no contract)"),
    )


@spec_of
def success(by: str) -> alt.Chart:
    """Declarer success rate by `by`, one bar per game."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X(f"{by}:N", title=by, sort=None),
            y=alt.Y("rate:Q", axis=PERCENT, title="declarer won", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("game:N"),
            xOffset="game:N",
            tooltip=["game:N", f"{by}:N", "deals:Q", "won:Q", alt.Tooltip("rate:Q", format=".1%")],
        )
    )


@spec_of
def distribution(what: str) -> alt.Chart:
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("value:Q", title=what.replace("_", " ")),
            y=alt.Y("count:Q", title="deals", stack=None),
            color=alt.Color("game:N"),
            opacity=alt.value(0.7),
            tooltip=["game:N", "value:Q", "count:Q"],
        )
    )


@spec_of
def leaderboard() -> alt.Chart:
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("total:Q", title="total score"),
            y=alt.Y("player:N", sort="-x", title=None),
            color=alt.condition("datum.total >= 0", alt.value("#2e7d32"), alt.value("#c62828")),
            tooltip=[
                "player:N",
                "games:Q",
                "total:Q",
                alt.Tooltip("mean:Q", format=".2f"),
                "won:Q",
            ],
        )
    )


@spec_of
def roles() -> alt.Chart:
    """Each player's deals as declarer, partner and defender (data: `role_split`)."""
    return (
        alt.Chart()
        .transform_calculate(rank=f"indexof({ROLES}, datum.role)")  # stacked as in the legend
        .mark_bar()
        .encode(
            x=alt.X("deals:Q", stack="normalize", axis=PERCENT, title="share of deals"),
            y=alt.Y("player:N", title=None),
            color=alt.Color("role:N", sort=ROLES),
            order=alt.Order("rank:Q"),
            tooltip=["player:N", "role:N", "deals:Q"],
        )
    )


def role_split(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per player and role."""
    return frame.melt(id_vars=["player"], value_vars=ROLES, var_name="role", value_name="deals")


@spec_of
def by_side(category: str, value: str, title: str) -> alt.Chart:
    """A bonus or jochi category per side."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X(f"{value}:Q", title=title),
            y=alt.Y(f"{category}:N", title=None, axis=LABELS),
            color=alt.Color("side:N"),
            yOffset="side:N",
            tooltip=[f"{category}:N", "side:N", "deals:Q", f"{value}:Q"],
        )
    )


@spec_of
def evolution() -> alt.Chart:
    return (
        alt.Chart()
        .mark_line(point=True)
        .encode(
            x=alt.X("date:T", title=None),
            y=alt.Y("cumulative:Q", title="cumulative score"),
            color=alt.Color("player:N"),
            tooltip=["player:N", "date:T", "deals:Q", "score:Q", "cumulative:Q"],
        )
    )
