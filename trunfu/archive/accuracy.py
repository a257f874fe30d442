"""How well the archive's deals were played, from their best-play analysis (`analyses.py`):
the average loss per card by player and by role, and the most costly cards. Losses are in
the game's own points, so every figure is of one game.

Every function is `f(con, filters=None, ...)` like those of `queries.py`; without the
analysis tables (no `trunfu analyse --db` yet) each gives an empty frame."""

from __future__ import annotations

from typing import Any

import duckdb
import pandas as pd

from .queries import Filters, where_clause
from .schema import has_analysis

EMPTY = {
    "analysed_games": ["game", "deals", "cards"],
    "by": ["who", "cards", "average_loss", "best_share"],
    "costly": ["record", "trick", "seat", "player", "card", "loss", "best", "event"],
}


def _frame(con: duckdb.DuckDBPyConnection, kind: str, sql: str, params: list[Any]) -> pd.DataFrame:
    if not has_analysis(con):
        return pd.DataFrame(columns=EMPTY[kind])
    return con.execute(sql, params).df()


def analysed_games(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Per game: `game, deals, cards` — deals analysed and cards judged."""
    where, params = where_clause(f)
    sql = f"""SELECT r.game, count(DISTINCT c.record_id) AS deals, count(*) AS cards
              FROM analysed_cards c JOIN records r ON r.id = c.record_id
              WHERE {where} GROUP BY r.game ORDER BY cards DESC"""
    return _frame(con, "analysed_games", sql, params)


def accuracy(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None = None,
    by: str = "player",
    least: int = 1,
) -> pd.DataFrame:
    """Per player (named seats) or per role, in the filters' game: `who, cards, average_loss,
    best_share` — cards judged, the average points a card cost its side, and the share of
    best cards; players with at least `least` cards, the most judged first."""
    column = {"player": "s.player", "role": "s.role"}[by]
    where, params = where_clause(f)
    sql = f"""SELECT {column} AS who, count(*) AS cards, avg(c.loss) AS average_loss,
                     avg(CASE WHEN c.loss <= 0 THEN 1.0 ELSE 0.0 END) AS best_share
              FROM analysed_cards c JOIN records r ON r.id = c.record_id
              JOIN seats s ON s.record_id = c.record_id AND s.seat = c.seat
              WHERE {column} IS NOT NULL AND {where}
              GROUP BY {column} HAVING count(*) >= ? ORDER BY cards DESC, who"""
    return _frame(con, "by", sql, [*params, least])


def costly_cards(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, limit: int = 20
) -> pd.DataFrame:
    """The cards that cost their side most, in the filters' game: `record, trick, seat,
    player, card, loss, best, event`."""
    where, params = where_clause(f)
    sql = f"""SELECT r.id AS record, c.trick, c.seat, s.player, c.card, c.loss,
                     array_to_string(c.best, ' ') AS best, r.event
              FROM analysed_cards c JOIN records r ON r.id = c.record_id
              LEFT JOIN seats s ON s.record_id = c.record_id AND s.seat = c.seat
              WHERE c.loss > 0 AND {where}
              ORDER BY c.loss DESC, r.id, c.trick LIMIT ?"""
    return _frame(con, "costly", sql, [*params, int(limit)])


QUERIES = {
    "analysed_games": analysed_games,
    "accuracy": accuracy,
    "costly_cards": costly_cards,
}
"""The dashboard's queries of this module by name."""
