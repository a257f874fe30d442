"""Marafone matches: consecutive four-seat hands of one match chained, with the running score.

A hand belongs to a match when it carries a `MatchScore` tag ("A B": teams 1+3 and 2+4
before the hand). Hands with the same `Event`, `Round` and players (P1..P4 in the same
seats; hands without the four names are not chained) are chained in ingest order (the order of the files); a new match starts when the
previous hand ended one (a team reached `Target`, default 41) or when a team's MatchScore
goes down. Each hand's score after it is its MatchScore plus its team points (the
breakdown's `teams`); a link is consistent when a hand's MatchScore equals the previous
hand's score after it. The tags are read from the stored canonical text: no schema change.
"""

from __future__ import annotations

from typing import Any

import duckdb
import pandas as pd

from .queries import NO_FILTERS, Filters, where_clause

TEAMS = ("1+3", "2+4")
DEFAULT_TARGET = 41

_CHAIN = r"""
WITH hand_ids AS MATERIALIZED (
    SELECT r.id FROM records r
    WHERE r.game = 'marafone' AND r.seats = 4 AND r.scored
      AND contains(r.text, '[MatchScore "') AND {where}
),
hands AS (
    SELECT r.id, r.event, r.round, r.date, r.board, r.dealer,
           p.players,
           CASE WHEN list_contains(p.players, '?') THEN r.id END AS lone,
           regexp_extract(r.text, '\[MatchScore "(\d+) (\d+)"\]', ['a', 'b']) AS ms,
           coalesce(TRY_CAST(nullif(regexp_extract(r.text, '\[Target "(\d+)"\]', 1), '')
                             AS INTEGER), {default_target}) AS target,
           (r.breakdown->>'$.teams."1+3"')::INTEGER AS points_a,
           (r.breakdown->>'$.teams."2+4"')::INTEGER AS points_b,
           r.breakdown->>'$.trump' AS trump,
           (r.breakdown->>'$.trump_named_by')::INTEGER AS trump_named_by,
           r.breakdown->>'$.end' AS "end",
           r.breakdown->>'$.claim.kind' AS claim,
           (r.breakdown->>'$.claim.seat')::INTEGER AS claim_seat,
           (r.breakdown->>'$.claim.right')::BOOLEAN AS claim_right
    FROM records r
    JOIN (SELECT record_id, list(coalesce(player, '?') ORDER BY seat) AS players
          FROM seats WHERE record_id IN (SELECT id FROM hand_ids) GROUP BY record_id) p
      ON p.record_id = r.id
    WHERE r.id IN (SELECT id FROM hand_ids)
),
scored AS (
    SELECT * EXCLUDE (ms), TRY_CAST(ms.a AS INTEGER) AS before_a,
           TRY_CAST(ms.b AS INTEGER) AS before_b
    FROM hands WHERE ms.a <> ''
),
linked AS (
    SELECT *, before_a + points_a AS after_a, before_b + points_b AS after_b,
           lag(before_a + points_a) OVER w AS prev_a, lag(before_b + points_b) OVER w AS prev_b,
           lag(before_a) OVER w AS prev_before_a, lag(before_b) OVER w AS prev_before_b,
           lag(target) OVER w AS prev_target
    FROM scored
    WINDOW w AS (PARTITION BY event, round, players, lone ORDER BY id)
),
flagged AS (
    SELECT *, (prev_a IS NULL OR before_a < prev_before_a OR before_b < prev_before_b
               OR greatest(prev_a, prev_b) >= prev_target) AS starts
    FROM linked
),
numbered AS (
    SELECT *, sum(starts::INTEGER) OVER (PARTITION BY event, round, players, lone ORDER BY id
                                         ROWS UNBOUNDED PRECEDING) AS match_no
    FROM flagged
),
chained AS (
    SELECT *, min(id) OVER m AS match_id,
           row_number() OVER (PARTITION BY event, round, players, lone, match_no ORDER BY id) AS hand,
           starts OR (before_a = prev_a AND before_b = prev_b) AS consistent
    FROM numbered
    WINDOW m AS (PARTITION BY event, round, players, lone, match_no)
)
"""


def _chain(f: Filters | None, extra: str = "TRUE") -> tuple[str, list[Any]]:
    where, params = where_clause(f)
    return _CHAIN.format(default_target=DEFAULT_TARGET, where=f"{where} AND {extra}"), params


def winner(
    after: tuple[int, int], target: int, claim: str | None, seat: int | None, right: bool | None
) -> str | None:
    """The team (`1+3`/`2+4`) that won the match with this hand, or None: a right `fuori`
    wins for the claimer's team; otherwise the team that reached the target (both: the
    higher score; equal: nobody, decided here)."""
    if claim == "fuori" and right and seat:
        return TEAMS[(seat - 1) % 2]
    reached = [after[0] >= target, after[1] >= target]
    if reached == [True, True]:
        return None if after[0] == after[1] else TEAMS[0 if after[0] > after[1] else 1]
    if any(reached):
        return TEAMS[reached.index(True)]
    return None


def matches(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Marafone matches under the filters (which select hands): `match_id` (the record id of
    its first hand), `event, round, players, team_1_3, team_2_4, date, hands, target,
    start_a, start_b, final_a, final_b, winner` (`1+3`, `2+4` or empty while no team has
    reached the target), `finished`, `consistent` (every hand's MatchScore equals the
    previous hand's score after it), `gaps` (inconsistent links), newest first."""
    sql, params = _chain(f)
    frame = con.execute(
        sql
        + """
        SELECT match_id, any_value(event) AS event, any_value(round) AS round,
               any_value(players) AS players, min(date) AS date, count(*) AS hands,
               arg_max(target, id) AS target,
               arg_min(before_a, id) AS start_a, arg_min(before_b, id) AS start_b,
               arg_max(after_a, id) AS final_a, arg_max(after_b, id) AS final_b,
               arg_max(claim, id) AS claim, arg_max(claim_seat, id) AS claim_seat,
               arg_max(claim_right, id) AS claim_right,
               count(*) FILTER (WHERE NOT consistent) AS gaps
        FROM chained GROUP BY match_id ORDER BY date DESC NULLS LAST, match_id DESC
        """,
        params,
    ).df()
    if frame.empty:
        return frame.assign(team_1_3=[], team_2_4=[], winner=[], finished=[], consistent=[]).drop(
            columns=["claim", "claim_seat", "claim_right"]
        )
    players = frame["players"].map(list)
    frame["team_1_3"] = players.map(lambda p: f"{p[0]} & {p[2]}")
    frame["team_2_4"] = players.map(lambda p: f"{p[1]} & {p[3]}")
    frame["players"] = players.map(", ".join)
    won = [
        winner((a, b), t, c, s, r)
        for a, b, t, c, s, r in zip(
            frame["final_a"],
            frame["final_b"],
            frame["target"],
            frame["claim"],
            frame["claim_seat"],
            frame["claim_right"],
            strict=True,
        )
    ]
    frame["winner"] = pd.Series(won, index=frame.index, dtype=object)
    frame["finished"] = frame["winner"].notna()
    frame["consistent"] = frame["gaps"] == 0
    columns = [
        "match_id", "event", "round", "players", "team_1_3", "team_2_4", "date", "hands",
        "target", "start_a", "start_b", "final_a", "final_b", "winner", "finished",
        "consistent", "gaps",
    ]  # fmt: skip
    return frame[columns]


def match_hands(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, match_id: int = 0
) -> pd.DataFrame:
    """The hands of the match whose first hand is record `match_id` (`f` is not used: a match
    is shown whole), in
    order, with the running score: `record_id, hand, board, dealer, trump, trump_named_by,
    end, before_a, before_b, points_a, points_b, after_a, after_b, expected_a, expected_b`
    (the previous hand's score after it; empty for the first) and `consistent`."""
    key = con.execute(
        "SELECT event, round FROM records WHERE id = ? AND game = 'marafone'", [match_id]
    ).fetchone()
    if key is None:
        return pd.DataFrame()
    sql, params = _chain(
        NO_FILTERS, "r.event IS NOT DISTINCT FROM ? AND r.round IS NOT DISTINCT FROM ?"
    )
    return con.execute(
        sql
        + """
        SELECT id AS record_id, hand, board, dealer, trump, trump_named_by, "end",
               before_a, before_b, points_a, points_b, after_a, after_b,
               CASE WHEN NOT starts THEN prev_a END AS expected_a,
               CASE WHEN NOT starts THEN prev_b END AS expected_b, consistent
        FROM chained WHERE match_id = ? ORDER BY hand
        """,
        [*params, key[0], key[1], match_id],
    ).df()


def running_score(hands: pd.DataFrame) -> pd.DataFrame:
    """The match's score per team after each hand, long form for a line chart: `hand,
    record_id, team, score` (hand 0 is the first hand's MatchScore)."""
    if hands.empty:
        return pd.DataFrame(columns=["hand", "record_id", "team", "score"])
    first = hands.iloc[0]
    rows = [
        {"hand": 0, "record_id": None, "team": TEAMS[0], "score": first["before_a"]},
        {"hand": 0, "record_id": None, "team": TEAMS[1], "score": first["before_b"]},
    ]
    for h in hands.itertuples():
        rows.append(
            {"hand": h.hand, "record_id": h.record_id, "team": TEAMS[0], "score": h.after_a}
        )
        rows.append(
            {"hand": h.hand, "record_id": h.record_id, "team": TEAMS[1], "score": h.after_b}
        )
    frame = pd.DataFrame(rows)
    return frame.astype({"record_id": "Int64", "score": "int64"})


QUERIES = {"matches": matches, "match_hands": match_hands}
"""The dashboard's queries of this module by name (with filters)."""
