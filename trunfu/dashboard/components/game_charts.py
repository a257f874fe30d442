"""Charts of Marafone, Trionfo, the Game of Tarot and of marafone matches: data-less Altair
specifications built once per process (as in `charts.py`), drawn with `charts.show`."""

from __future__ import annotations

import altair as alt
import pandas as pd

from .charts import PERCENT, spec_of

RATE = alt.Scale(domain=[0, 1])


@spec_of
def team_results() -> alt.Chart:
    """Share of hands won per team (1+3, 2+4) and for the team that named trumps."""
    return (
        alt.Chart()
        .transform_calculate(rate="datum.won / datum.hands")
        .mark_bar()
        .encode(
            x=alt.X("team:N", title=None, sort=["1+3", "2+4", "trump team", "other team"]),
            y=alt.Y("rate:Q", axis=PERCENT, scale=RATE, title="hands won"),
            color=alt.Color("team:N", legend=None),
            tooltip=["team:N", "hands:Q", "won:Q", "drawn:Q", "points:Q",
                     alt.Tooltip("mean:Q", format=".2f", title="mean points")],
        )
    )  # fmt: skip


@spec_of
def points_per_hand() -> alt.Chart:
    """How often a team made each number of points in a hand, stacked by how it ended."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("points:O", title="team points in the hand"),
            y=alt.Y("team_hands:Q", title="team hands"),
            color=alt.Color("end:N", title="hand ended"),
            tooltip=["points:O", "end:N", "team_hands:Q"],
        )
    )


@spec_of
def share_bars(category: str, count: str) -> alt.Chart:
    """One bar per `category` with its share (and `count` in the tooltip)."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("share:Q", axis=PERCENT, title="share"),
            y=alt.Y(f"{category}:N", title=None, sort="-x"),
            tooltip=[f"{category}:N", f"{count}:Q", alt.Tooltip("share:Q", format=".1%")],
        )
    )


@spec_of
def rate_bars(category: str, count: str, title: str) -> alt.Chart:
    """Success rate per `category` (`rate`), out of `count`."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X(f"{category}:N", title=None, sort=None),
            y=alt.Y("rate:Q", axis=PERCENT, scale=RATE, title=title),
            tooltip=[f"{category}:N", f"{count}:Q", "won:Q", alt.Tooltip("rate:Q", format=".1%")],
        )
    )


@spec_of
def declarations_vs_tricks() -> alt.Chart:
    """Each seat of a deal: its declaration points against its trick points (circle size:
    how many seats of deals made that pair)."""
    return (
        alt.Chart()
        .mark_circle(opacity=0.6)
        .encode(
            x=alt.X("tricks:Q", title="trick points"),
            y=alt.Y("declarations:Q", title="declaration points"),
            size=alt.Size("seat_deals:Q", title="seats of deals"),
            color=alt.Color("seats:N", title="seats"),
            tooltip=["seats:N", "declarations:Q", "tricks:Q", "seat_deals:Q"],
        )
    )


@spec_of
def points_by_seat() -> alt.Chart:
    """Average points per deal of each seat, stacked: declarations, tricks, kings trumped."""
    return (
        alt.Chart()
        .mark_bar()
        .encode(
            x=alt.X("points:Q", title="average points per deal"),
            y=alt.Y("table:N", title=None),
            color=alt.Color("part:N", sort=["declarations", "tricks", "kings trumped"]),
            tooltip=["table:N", "part:N", alt.Tooltip("points:Q", format=".2f"), "deals:Q"],
        )
    )


def seat_labels(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.assign(
        table=frame["seats"].astype(str) + " seats, seat " + frame["seat"].astype(str)
    )


@spec_of
def running_score() -> alt.Chart:
    """A match's score per team after each hand (hand 0: the score before the first)."""
    return (
        alt.Chart()
        .mark_line(point=True)
        .encode(
            x=alt.X("hand:O", title="hand"),
            y=alt.Y("score:Q", title="match score"),
            color=alt.Color("team:N"),
            tooltip=["hand:O", "team:N", "score:Q", "record_id:Q"],
        )
    )
