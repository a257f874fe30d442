"""Sections of the Statistics page for Marafone, Trionfo and the Game of Tarot: each runs
its queries (`trunfu.archive.game_stats`) only when its tab is open."""

from __future__ import annotations

import streamlit as st

from ..archive.queries import Filters
from . import words
from .archive_link import Reader
from .components import charts
from .components import game_charts as gc


def _fits(f: Filters, game: str, seats: tuple[int, ...], what: str) -> bool:
    """Whether the filters allow `game` at one of `seats`; else say why nothing is shown."""
    if f.game in (None, game) and (f.seats is None or f.seats in seats):
        return True
    counts = " or ".join(str(s) for s in seats)
    st.caption(f"{what} are figures of {words.game(game)} deals at {counts} seats.")
    return False


def marafone(db: Reader, f: Filters) -> None:
    if not _fits(f, "marafone", (4,), "Marafone team results, maraffe and matches"):
        return
    left, right = st.columns(2)
    with left:
        charts.show("Team results", gc.team_results(), db.run("marafone_teams", f),
                    "hands won by each team, and by the team that named trumps")  # fmt: skip
        charts.show("Maraffa frequency", gc.share_bars("maraffa", "hands"),
                    db.run("marafone_maraffa", f))  # fmt: skip
        charts.show("Match outcomes", gc.share_bars("outcome", "matches"),
                    db.run("marafone_match_outcomes", f),
                    "matches: consecutive hands of one Event, Round and four players")  # fmt: skip
    with right:
        points = db.run("marafone_points", f)
        points = points.assign(end=points["end"].map(lambda e: words.HAND_ENDS.get(e, e)))
        charts.show("Points per hand", gc.points_per_hand(), points)
        charts.show("Who names trumps: trump team success by suit",
                    gc.rate_bars("name", "hands", "trump team won"),
                    db.run("marafone_trumps", f))  # fmt: skip


def trionfo(db: Reader, f: Filters) -> None:
    if not _fits(f, "marafone", (5,), "Trionfo bids"):
        return
    frame = charts.readable(db.run("trionfo_bids", f))
    left, right = st.columns(2)
    with left:
        charts.show("Trionfo bid mix", gc.share_bars("bid", "deals"), frame)
    with right:
        charts.show("Success per bid", gc.rate_bars("bid", "deals", "signore won"),
                    frame[frame["bid"] != "All pass"],
                    "self-call: the signore called a card of his own and played alone")  # fmt: skip


def waite(db: Reader, f: Filters) -> None:
    if not _fits(f, "waite-tarot", (2, 3), "Declarations and tricks"):
        return
    left, right = st.columns(2)
    with left:
        charts.show("Declaration points against trick points", gc.declarations_vs_tricks(),
                    db.run("waite_points", f), "one circle per pair of points made by a seat")  # fmt: skip
    with right:
        charts.show("Points per seat", gc.points_by_seat(),
                    gc.seat_labels(db.run("waite_seats", f)))  # fmt: skip
