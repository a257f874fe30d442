"""Charts of the statistics page, each drawn with its numbers one click away.

The charts are written with Altair, without data: each specification is built once per
process (Altair's encoding and validation are too slow to repeat on every page run) and
drawn by `st.vega_lite_chart` with the query's frame."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from html import escape
from typing import Any

import altair as alt
import pandas as pd
import streamlit as st

from .. import words

PERCENT = alt.Axis(format="%")
LABELS = alt.Axis(labelLimit=260)
"""Category labels such as `tarocco-siciliano, 4 seats` shown whole."""
DAYS = alt.Axis(format="%e %b %Y", labelAngle=-30)
"""A time axis whose labels carry the year."""
ROLES = ["declarer", "partner", "defender"]
PERCENTS = ("share", "rate", "per deal", "declarer rate")
"""Columns of the figures shown as percentages."""


def show(
    title: str,
    spec: dict[str, Any] | str | None,
    frame: pd.DataFrame,
    note: str = "",
    key: str | None = None,
) -> None:
    """A titled chart of `frame` (keys already turned into words, see `readable`), and its
    figures in an expander below it, drawn only once it is opened (the page's first charts
    come sooner). `spec` is a Vega-Lite specification, or a chart already drawn in HTML
    (`st.html`: the browser draws it with the page, with neither Vega nor a markdown parser
    to load first)."""
    st.markdown(f"**{title}**")
    if frame is None or frame.empty:
        st.caption("no deals match")
        return
    if note:
        st.caption(note)
    if isinstance(spec, str):
        st.html(spec)
    elif spec is not None:
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


def readable(frame: pd.DataFrame, game: str | None = None) -> pd.DataFrame:
    """The archive's keys in a query's frame turned into the players' words: games,
    contracts (per game), sides (in the words of `game` when given), Trionfo bids."""
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
        out["side"] = out["side"].map(lambda v: words.side(None if pd.isna(v) else str(v), game))
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


BARS_CSS = """
<style>
.tf-chart{font-size:.8rem;color:#31333f;font-family:'Source Sans',sans-serif}
.tf-chart .row{display:grid;grid-template-columns:minmax(7em,13em) 1fr;gap:8px;align-items:center;
 margin:3px 0}
.tf-chart .name{text-align:right;color:#555;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tf-chart .bar{display:flex;height:1.15em;background:#eee;border-radius:2px;overflow:hidden}
.tf-chart .bar{position:relative}
.tf-chart .bar span{display:block;height:100%}
.tf-chart .bar b{position:absolute;right:2px;top:0;font-weight:400;font-size:.72rem;color:#222;
 background:rgba(255,255,255,.75);padding:0 2px;border-radius:2px;line-height:1.15rem}
.tf-chart .axis{display:flex;justify-content:space-between;color:#777;font-size:.72rem}
.tf-chart .legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin-top:8px}
.tf-chart .legend i{display:inline-block;width:.8em;height:.8em;margin-right:4px;border-radius:2px;
 vertical-align:-1px}
@media (max-width:640px){.tf-chart .row{grid-template-columns:9.5em 1fr}}
</style>
"""


def contract_bars(frame: pd.DataFrame) -> str:
    """The contract mix (data: `mix`) as stacked bars drawn in HTML: one bar per game and
    seat count, one segment per contract in its colour, a hover tells the deals and share.
    Drawn without Vega, so that the page's first chart shows with the page itself."""
    colours = dict(zip(words.CONTRACT_ORDER, words.CONTRACT_COLOURS, strict=True))
    order = words.CONTRACT_ORDER
    rank = {c: order.index(c) if c in order else len(order) for c in frame["contract"]}
    rows = []
    for table, part in frame.groupby("table", sort=True):
        part = part.assign(rank=part["contract"].map(rank)).sort_values("rank")
        segments = "".join(
            f'<span style="width:{share * 100:.2f}%;background:{colours.get(c, "#999")}" '
            f'title="{escape(table)}: {escape(c)}, {deals:,} deals ({share:.1%})"></span>'
            for c, deals, share in zip(part["contract"], part["deals"], part["share"], strict=True)
        )
        rows.append(
            f'<div class="row"><div class="name" title="{escape(table)}">{escape(table)}</div>'
            f'<div class="bar" role="img" aria-label="{escape(table)}">{segments}</div></div>'
        )
    axis = "".join(f"<span>{n}%</span>" for n in (0, 20, 40, 60, 80, 100))
    legend = "".join(
        f'<span><i style="background:{colours.get(c, "#999")}"></i>{escape(c)}</span>'
        for c in present(frame)
    )
    return (
        f'{BARS_CSS}<div class="tf-chart">{"".join(rows)}'
        f'<div class="row"><div class="name">share of deals</div><div class="axis">{axis}</div>'
        f'</div><div class="legend">{legend}</div></div>'
    )


GAME_COLOURS = ["#1f6fc5", "#e4572e", "#2e9e5b", "#8e5cc4"]


def success_bars(frame: pd.DataFrame, by: str) -> str:
    """Declarer success (data: `declarer_success` in words) as bars drawn in HTML: one row
    per `by` value and game, its length the share of deals the declarer won."""
    games = list(dict.fromkeys(frame["game"]))
    colour = {g: GAME_COLOURS[i % len(GAME_COLOURS)] for i, g in enumerate(games)}
    if by == "contract":  # in the players' order of the contracts, game by game
        order = words.CONTRACT_ORDER
        frame = frame.assign(
            _rank=frame["contract"].map(lambda c: order.index(c) if c in order else 99)
        )
        frame = frame.sort_values(["game", "_rank"], kind="stable")
    rows = []
    for value, game, deals, won, rate in zip(
        frame[by], frame["game"], frame["deals"], frame["won"], frame["rate"], strict=True
    ):
        name = f"{value}" if len(games) == 1 else f"{value} · {game}"
        rows.append(
            f'<div class="row"><div class="name" title="{escape(name)}">{escape(name)}</div>'
            f'<div class="bar" title="{escape(name)}: won {won:,} of {deals:,} ({rate:.0%})">'
            f'<span style="width:{rate * 100:.2f}%;background:{colour[game]}"></span>'
            f"<b>{rate:.0%}</b></div></div>"
        )
    axis = "".join(f"<span>{n}%</span>" for n in (0, 20, 40, 60, 80, 100))
    legend = "".join(
        f'<span><i style="background:{colour[g]}"></i>{escape(g)}</span>' for g in games
    )
    return (
        f'{BARS_CSS}<div class="tf-chart">{"".join(rows)}'
        f'<div class="row"><div class="name">declarer won</div><div class="axis">{axis}</div>'
        f'</div><div class="legend">{legend}</div></div>'
    )


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
    "contract": "",
    "position": "the declarer's seat, counted from the dealer (1: the eldest)",
    "oudlers": "the oudlers the taker's side took",
}
"""What each declarer success chart is grouped by, said under its title."""


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
