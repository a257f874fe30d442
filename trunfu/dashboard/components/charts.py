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

from .. import words

PERCENT = alt.Axis(format="%")
LABELS = alt.Axis(labelLimit=260)
"""Category labels such as `tarocco-siciliano, 4 seats` shown whole."""
CONTRACTS = alt.Scale(domain=words.CONTRACT_ORDER, range=words.CONTRACT_COLOURS)
"""One colour per contract name, the same whatever the filter shows."""
DAYS = alt.Axis(format="%e %b %Y", labelAngle=-30)
"""A time axis whose labels carry the year."""
ROLES = ["declarer", "partner", "defender"]
PERCENTS = ("share", "rate", "per deal", "declarer rate")
"""Columns of the figures shown as percentages."""


def show(
    title: str,
    spec: dict[str, Any] | None,
    frame: pd.DataFrame,
    note: str = "",
    key: str | None = None,
) -> None:
    """A titled chart of `frame` (keys already turned into words, see `readable`), and its
    figures in an expander below it, drawn only once it is opened (the page's first charts
    come sooner)."""
    st.markdown(f"**{title}**")
    if frame is None or frame.empty:
        st.caption("no deals match")
        return
    if note:
        st.caption(note)
    if spec is not None:
        st.vega_lite_chart(frame, spec, width="stretch", key=key)
    label = f"Numbers: {title[:1].lower() + title[1:]}"
    numbers = st.expander(label, key=f"numbers_{label}", on_change="rerun")
    if numbers.open:
        with numbers:
            figures(frame)


def figures(frame: pd.DataFrame, height: int | str = "auto") -> None:
    """A frame as a table with column names in words, shares as percentages, one decimal
    for means, and "—" where a figure does not exist (the spread of one deal)."""
    shown = frame.rename(columns=lambda c: str(c).replace("_", " "))
    config = {}
    for column in shown.columns:
        kind = shown[column].dtype.kind
        if column in PERCENTS or column.endswith(" rate"):
            config[column] = st.column_config.NumberColumn(column, format="percent")
        elif kind == "f":
            shown[column] = shown[column].map(lambda v: "—" if pd.isna(v) else _decimal(v))
    st.dataframe(shown, hide_index=True, width="stretch", column_config=config, height=height)


def _decimal(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def readable(frame: pd.DataFrame) -> pd.DataFrame:
    """The archive's keys in a query's frame turned into the players' words: games,
    contracts (per game), sides, Trionfo bids."""
    if frame is None or frame.empty:
        return frame
    out = frame.copy()
    if "contract" in out.columns:
        games = out["game"] if "game" in out.columns else [None] * len(out)
        out["contract"] = [
            words.contract(g, None if pd.isna(c) else c)
            for g, c in zip(games, out["contract"], strict=True)
        ]
    if "bid" in out.columns:
        out["bid"] = out["bid"].map(_bid)
    if "game" in out.columns:
        out["game"] = out["game"].map(words.game)
    if "side" in out.columns:
        out["side"] = out["side"].map(lambda v: words.side(None if pd.isna(v) else str(v)))
    return out


def _bid(key: str) -> str:
    if key == "all pass":
        return "All pass"
    base, _, rest = key.partition(" ")
    return words.contract("marafone", base) + (f" {rest}" if rest else "")


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
def contract_mix(*shown: str) -> alt.Chart:
    """One bar per game and seat count, split by the share of each contract (data: `mix`);
    the legend lists the contracts `shown` (each keeps its colour of the full scale)."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("share:Q", axis=PERCENT, title="share of deals", stack="normalize"),
            y=alt.Y("table:N", title=None, axis=LABELS),
            color=alt.Color(
                "contract:N",
                scale=CONTRACTS,
                sort=words.CONTRACT_ORDER,
                legend=alt.Legend(orient="bottom", columns=4, title="contract", values=list(shown)),
            ),
            order=alt.Order("rank:Q"),
            tooltip=[alt.Tooltip("table:N", title="game"), "contract:N", "deals:Q",
                     alt.Tooltip("share:Q", format=".1%")],
        )
        .transform_calculate(rank=f"indexof({words.CONTRACT_ORDER}, datum.contract)")
    )  # fmt: skip


def present(frame: pd.DataFrame) -> tuple[str, ...]:
    """The contract names of `frame`, in the colour scale's order."""
    found = set(frame["contract"]) if frame is not None and not frame.empty else set()
    order = words.CONTRACT_ORDER
    return tuple(sorted(found, key=lambda c: order.index(c) if c in order else len(order)))


def mix(frame: pd.DataFrame) -> pd.DataFrame:
    """`contract_mix` in words, with a `table` label per game and seat count."""
    out = readable(frame)
    return out.assign(table=out["game"] + ", " + frame["seats"].astype(str) + " seats")


SUCCESS_BY = {
    "contract": "contract",
    "position": "declarer's seat, counted from the dealer (1: the eldest)",
    "oudlers": "oudlers held by the taker's side",
}


@spec_of
def success(by: str) -> alt.Chart:
    """Declarer success rate by `by`, one bar per game."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X(f"{by}:N", title=SUCCESS_BY.get(by, by), sort=None),
            y=alt.Y("rate:Q", axis=PERCENT, title="declarer won", scale=alt.Scale(domain=[0, 1])),
            color=alt.Color("game:N", legend=alt.Legend(orient="bottom", title="game")),
            xOffset="game:N",
            tooltip=["game:N", alt.Tooltip(f"{by}:N", title=SUCCESS_BY.get(by, by)), "deals:Q",
                     "won:Q", alt.Tooltip("rate:Q", format=".1%", title="declarer won")],
        )
    )  # fmt: skip


@spec_of
def distribution(what: str) -> alt.Chart:
    """How many deals gave each value of `what` (one game: scales differ between games)."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("value:Q", title=what),
            y=alt.Y("count:Q", title="deals"),
            tooltip=[alt.Tooltip("value:Q", title=what), alt.Tooltip("count:Q", title="deals")],
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
                alt.Tooltip("games:Q", title="deals"),
                alt.Tooltip("total:Q", title="total score"),
                alt.Tooltip("mean:Q", format=".2f", title="mean score"),
                alt.Tooltip("won:Q", title="deals won"),
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
            color=alt.Color("role:N", sort=ROLES, legend=alt.Legend(orient="bottom")),
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
            color=alt.Color("side:N", legend=alt.Legend(orient="bottom")),
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
            x=alt.X("date:T", title=None, axis=DAYS),
            y=alt.Y("cumulative:Q", title="cumulative score"),
            color=alt.Color("player:N", legend=alt.Legend(orient="bottom")),
            tooltip=[
                "player:N",
                alt.Tooltip("date:T", format="%e %b %Y"),
                "deals:Q",
                alt.Tooltip("score:Q", title="score that day"),
                alt.Tooltip("cumulative:Q", title="score so far"),
            ],
        )
    )
