"""Statistics that players of Marafone (4 seats), Trionfo (marafone, 5 seats) and Waite's
Game of Tarot look at, read from the engine's breakdown stored with each record.

Every function is `f(con, filters=None)` like those of `queries.py` (same `Filters`, same
WHERE helper); each narrows the filters to its game and seat count, and gives an empty
frame when the filters ask for another game or seat count.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import duckdb
import pandas as pd

from . import matches as match_queries
from .queries import NO_FILTERS, Filters, where_clause

SUIT_NAMES = {"D": "denari", "C": "coppe", "S": "spade", "B": "bastoni"}


def _narrow(f: Filters | None, game: str, seats: tuple[int, ...]) -> Filters | None:
    """`f` for `game` (one seat count only when `seats` has one); None when `f` asks for
    another game or a seat count the statistic is not about."""
    f = f or NO_FILTERS
    if f.game not in (None, "", game) or (f.seats is not None and f.seats not in seats):
        return None
    return replace(
        f, game=game, seats=f.seats if f.seats is not None or len(seats) > 1 else seats[0]
    )


def _query(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None,
    game: str,
    seats: tuple[int, ...],
    sql: str,
    columns: list[str],
    extra: list[Any] | None = None,
) -> pd.DataFrame:
    narrowed = _narrow(f, game, seats)
    if narrowed is None:
        return pd.DataFrame(columns=columns)
    where, params = where_clause(narrowed)
    return con.execute(sql.format(where=where), [*(extra or []), *params]).df()[columns]


# -- marafone, four seats -----------------------------------------------------------------

_TEAM_POINTS = """
    SELECT t.team, x.j[t.mine]::INTEGER AS points, x.j[t.theirs]::INTEGER AS other,
           x.j[4] AS "end", (x.j[3]::INTEGER % 2 = 1) = (t.team = '1+3') AS named_trumps
    FROM (SELECT json_extract_string(r.breakdown, ['$.teams."1+3"', '$.teams."2+4"',
                                                   '$.trump_named_by', '$.end']) AS j
          FROM records r WHERE r.scored AND {where}) x,
         (VALUES ('1+3', 1, 2), ('2+4', 2, 1)) t(team, mine, theirs)
"""
"""Two rows per hand (one per team), the breakdown parsed once per hand."""


def marafone_teams(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Team results of four-seat hands, per team (`1+3`, `2+4`) and for the team that named
    trumps and the other (`trump team`, `other team`): `team, hands, won` (more points than
    the other team), `drawn, points, mean`."""
    columns = ["team", "hands", "won", "drawn", "points", "mean"]
    sql = f"""
        WITH t AS ({_TEAM_POINTS})
        SELECT key AS team, count(*) AS hands, count(*) FILTER (WHERE points > other) AS won,
               count(*) FILTER (WHERE points = other) AS drawn, sum(points) AS points,
               avg(points) AS mean
        FROM (SELECT team AS key, * FROM t UNION ALL
              SELECT CASE WHEN named_trumps THEN 'trump team' ELSE 'other team' END, * FROM t)
        GROUP BY key ORDER BY key
    """
    return _query(con, f, "marafone", (4,), sql, columns)


def marafone_points(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Points per hand: how many times a team made `points` in a hand, by how the hand
    ended (`complete`, `fuori`, `penalty`, `irregularity`): `points, end, team_hands`."""
    sql = f"""
        WITH t AS ({_TEAM_POINTS})
        SELECT points, "end", count(*) AS team_hands FROM t GROUP BY ALL ORDER BY points, "end"
    """
    return _query(con, f, "marafone", (4,), sql, ["points", "end", "team_hands"])


def marafone_maraffa(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Maraffa frequency: hands where a seat held A, 2 and 3 of trumps and led the ace first
    (`scored`), held it without (`held, ace not first`), or nobody held it (`none`):
    `maraffa, hands, share`."""
    sql = """
        SELECT CASE WHEN (r.breakdown->>'$.maraffa.seat') IS NULL THEN 'none'
                    WHEN (r.breakdown->>'$.maraffa.ace_first')::BOOLEAN THEN 'scored'
                    ELSE 'held, ace not first' END AS maraffa,
               count(*) AS hands, count(*) / sum(count(*)) OVER () AS share
        FROM records r WHERE r.scored AND {where} GROUP BY 1 ORDER BY hands DESC
    """
    return _query(con, f, "marafone", (4,), sql, ["maraffa", "hands", "share"])


def marafone_trumps(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Who names trumps, by suit: `suit, name, hands, won` (the team that named trumps made
    more points), `rate, mean_points` (that team's mean points)."""
    sql = """
        SELECT j[1] AS suit, count(*) AS hands, count(*) FILTER (WHERE j[2]::BOOLEAN) AS won,
               avg(j[2]::BOOLEAN::INTEGER) AS rate,
               avg((CASE WHEN j[3]::INTEGER % 2 = 1 THEN j[4] ELSE j[5] END)::INTEGER)
                   AS mean_points
        FROM (SELECT json_extract_string(r.breakdown, ['$.trump', '$.trump_team_won',
                     '$.trump_named_by', '$.teams."1+3"', '$.teams."2+4"']) AS j
              FROM records r WHERE r.scored AND {where})
        WHERE j[1] IS NOT NULL GROUP BY 1 ORDER BY 1
    """
    frame = _query(con, f, "marafone", (4,), sql, ["suit", "hands", "won", "rate", "mean_points"])
    frame.insert(1, "name", frame["suit"].map(SUIT_NAMES))
    return frame


def marafone_match_outcomes(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None
) -> pd.DataFrame:
    """Match outcomes (see `matches.py`): `outcome` (`1+3 won`, `2+4 won`, `unfinished`),
    `matches, share, mean_hands, mean_margin` (final score of the winner minus the loser's)."""
    columns = ["outcome", "matches", "share", "mean_hands", "mean_margin"]
    if _narrow(f, "marafone", (4,)) is None:
        return pd.DataFrame(columns=columns)
    found = match_queries.matches(con, f)
    if found.empty:
        return pd.DataFrame(columns=columns)
    found = found.assign(
        outcome=found["winner"].map(lambda w: f"{w} won" if isinstance(w, str) else "unfinished"),
        margin=(found["final_a"] - found["final_b"]).abs(),
    )
    frame = (
        found.groupby("outcome")
        .agg(
            matches=("match_id", "size"),
            mean_hands=("hands", "mean"),
            mean_margin=("margin", "mean"),
        )
        .reset_index()
    )
    frame["share"] = frame["matches"] / frame["matches"].sum()
    return frame[columns]


# -- Trionfo (marafone, five seats) ---------------------------------------------------------


def trionfo_bids(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """The signore's bid mix and success: `bid` (`chiamo`, `chiamo (self-call)` when he
    called a card of his own, `di-piu`, `maso`, `maso-dei-masi`, `all pass`), `deals,
    share, won, rate` (rate empty for `all pass`)."""
    sql = """
        SELECT CASE WHEN r.thrown_in OR r.contract IS NULL THEN 'all pass'
                    WHEN r.contract = 'chiamo' AND (r.breakdown->>'$.alone')::BOOLEAN
                    THEN 'chiamo (self-call)' ELSE r.contract END AS bid,
               count(*) AS deals, count(*) / sum(count(*)) OVER () AS share,
               count(*) FILTER (WHERE r.won) AS won, avg(r.won::INTEGER) AS rate
        FROM records r WHERE r.scored AND {where} GROUP BY 1
        ORDER BY list_position(['chiamo', 'chiamo (self-call)', 'di-piu', 'maso',
                                'maso-dei-masi', 'all pass'], bid)
    """
    return _query(con, f, "marafone", (5,), sql, ["bid", "deals", "share", "won", "rate"])


# -- the Game of Tarot (waite-tarot) ---------------------------------------------------------

_WAITE_PATHS = [f'$.{part}."{seat}"' for part in ("declaration_points", "tricks", "kings_trumped")
               for seat in (1, 2, 3)]  # fmt: skip
_WAITE_SEATS = f"""
    SELECT x.seats, s.seat, coalesce(x.j[s.seat]::INTEGER, 0) AS declarations,
           coalesce(x.j[3 + s.seat]::INTEGER, 0) AS tricks,
           coalesce(x.j[6 + s.seat]::INTEGER, 0) AS kings
    FROM (SELECT r.seats, json_extract_string(r.breakdown, {_WAITE_PATHS!r}) AS j
          FROM records r WHERE r.scored AND {{where}}) x,
         range(1, x.seats + 1) s(seat)
"""
"""One row per seat of a deal, the breakdown parsed once per deal."""


def waite_points(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Declaration points against trick points, one point per (seat count, declarations,
    tricks) with how many seats of a deal made them: `seats, declarations, tricks,
    seat_deals` (bounded whatever the archive's size)."""
    sql = f"""
        SELECT seats, declarations, tricks, count(*) AS seat_deals
        FROM ({_WAITE_SEATS}) GROUP BY ALL ORDER BY ALL
    """
    columns = ["seats", "declarations", "tricks", "seat_deals"]
    return _query(con, f, "waite-tarot", (2, 3), sql, columns)


def waite_seats(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Average points per deal by seat count and seat, split into declarations, tricks and
    kings trumped (long form, for stacked bars): `seats, seat, part, points, deals`."""
    sql = f"""
        SELECT seats, seat, avg(declarations) AS declarations, avg(tricks) AS tricks,
               avg(kings) AS "kings trumped", count(*) AS deals
        FROM ({_WAITE_SEATS}) GROUP BY ALL ORDER BY ALL
    """
    columns = ["seats", "seat", "declarations", "tricks", "kings trumped", "deals"]
    frame = _query(con, f, "waite-tarot", (2, 3), sql, columns)
    return frame.melt(
        id_vars=["seats", "seat", "deals"],
        value_vars=["declarations", "tricks", "kings trumped"],
        var_name="part",
        value_name="points",
    )[["seats", "seat", "part", "points", "deals"]]


QUERIES = {
    "marafone_teams": marafone_teams,
    "marafone_points": marafone_points,
    "marafone_maraffa": marafone_maraffa,
    "marafone_trumps": marafone_trumps,
    "marafone_match_outcomes": marafone_match_outcomes,
    "trionfo_bids": trionfo_bids,
    "waite_points": waite_points,
    "waite_seats": waite_seats,
}
"""The dashboard's queries of this module by name."""
