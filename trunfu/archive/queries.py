"""The archive's questions, for `trunfu stats` and the dashboard.

Every function takes an open connection (`open_archive()`) and `Filters`, and returns a
pandas DataFrame (or a dict / a string for one record). User input only ever reaches DuckDB
as bound parameters: the SQL text is made of fixed fragments chosen by the code.

Vocabulary of the columns:
- `side`: `declarer` (the declarer and his partners) or `defence` when somebody declared;
  else a team (`1+3`) or the seat itself (waite-tarot).
- `position`: a seat counted from the dealer: 1 is the eldest, `seats` is the dealer.
- `role`: `declarer`, `partner`, `defender`, or empty when nobody declared.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from . import schema
from .lock import ArchiveError, connect

CARD_EVENTS = ("played", "captured", "last-trick", "led", "won-trick")
"""Card conditions of `find_deals`: the card was played at all; it was won by the other
side than the seat that played it; it fell in the last trick; it led a trick; it won one."""


@dataclass(frozen=True)
class Filters:
    """What every query can be narrowed to. `None` means no condition. Dates are
    inclusive; records without a full date are left out when a date bound is given."""

    game: str | None = None
    seats: int | None = None
    variant: str | None = None
    player: str | None = None
    event: str | None = None
    date_from: date | str | None = None
    date_to: date | str | None = None


NO_FILTERS = Filters()


def open_archive(path: str | Path, *, wait: float | None = None) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the archive (retries while an ingest holds the file;
    raises `lock.ArchiveBusy` / `lock.ArchiveMissing` / `lock.ArchiveError` (not an
    archive of this schema version) with a message for the user)."""
    con = connect(path, read_only=True, wait=wait)
    try:
        schema.check(con)
    except ArchiveError:
        con.close()
        raise
    return con


def _date(value: date | str) -> date:
    if isinstance(value, date):
        return value
    return date.fromisoformat(value.replace(".", "-"))


def where_clause(f: Filters | None, alias: str = "r") -> tuple[str, list[Any]]:
    """The WHERE clause (fixed fragments) and its parameters for the record filters."""
    f = f or NO_FILTERS
    parts: list[str] = ["TRUE"]
    params: list[Any] = []
    for column, value in (
        ("game", f.game),
        ("seats", f.seats),
        ("variant", f.variant),
        ("event", f.event),
    ):
        if value is not None and value != "":
            parts.append(f"{alias}.{column} = ?")
            params.append(value)
    if f.player:
        parts.append(
            f"EXISTS (SELECT 1 FROM seats ps WHERE ps.record_id = {alias}.id AND ps.player = ?)"
        )
        params.append(f.player)
    if f.date_from:
        parts.append(f"{alias}.date >= ?")
        params.append(_date(f.date_from))
    if f.date_to:
        parts.append(f"{alias}.date <= ?")
        params.append(_date(f.date_to))
    return " AND ".join(parts), params


def _seats_from(where: str) -> str:
    """The FROM clause of a question about seats under the record filters `where`: the
    records are joined only when a filter names them (every seat row belongs to a record)."""
    if where == "TRUE":
        return "seats s"
    return "seats s JOIN records r ON r.id = s.record_id"


def _df(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any]) -> pd.DataFrame:
    return con.execute(sql, params).df()


# -- the whole archive -------------------------------------------------------------------


def overview(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> dict[str, Any]:
    """Headline figures: deals, scored deals, thrown-in deals, players, events, first and
    last date, and rejected records (rejects ignore every filter but `game`)."""
    where, params = where_clause(f)
    row = con.execute(
        f"""SELECT count(*), count(*) FILTER (WHERE r.scored),
                   count(*) FILTER (WHERE r.thrown_in),
                   count(DISTINCT r.event), min(r.date), max(r.date)
            FROM records r WHERE {where}""",
        params,
    ).fetchone()
    players = con.execute(
        f"""SELECT count(DISTINCT s.player) FROM {_seats_from(where)}
            WHERE s.player IS NOT NULL AND {where}""",
        params,
    ).fetchone()[0]
    game = (f or NO_FILTERS).game
    rejected = con.execute(
        "SELECT count(*) FROM rejects WHERE ? IS NULL OR game = ?", [game, game]
    ).fetchone()[0]
    return {
        "deals": row[0],
        "scored": row[1],
        "thrown_in": row[2],
        "events": row[3],
        "players": players,
        "first_date": row[4],
        "last_date": row[5],
        "rejected": rejected,
    }


SIMULATED = r'\[Source "[^"\n]*(?i:simulat)'
"""A record whose `Source` tag speaks of a simulation ("simulated by trunfu", "trunfu
simulate")."""


def simulated(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> dict[str, int]:
    """How many deals under the filters there are, and how many of them are simulations
    (their `Source` tag says so): `deals, simulated`."""
    where, params = where_clause(f)
    row = con.execute(
        f"""SELECT count(*), count(*) FILTER (WHERE regexp_matches(r.text, ?))
            FROM records r WHERE {where}""",
        [SIMULATED, *params],
    ).fetchone()
    return {"deals": row[0], "simulated": row[1]}


def deals_per_game(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Deals per game and seat count: `game, seats, deals, scored, thrown_in`."""
    where, params = where_clause(f)
    return _df(
        con,
        f"""SELECT r.game, r.seats, count(*) AS deals, count(*) FILTER (WHERE r.scored) AS scored,
                   count(*) FILTER (WHERE r.thrown_in) AS thrown_in
            FROM records r
            WHERE {where} GROUP BY ALL ORDER BY r.game, r.seats""",
        params,
    )


def contract_mix(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Declaration and contract mix of scored deals: `game, seats, contract, deals, share`
    (share of the game and seat count's scored deals; thrown-in deals have contract
    `thrown-in` or empty)."""
    where, params = where_clause(f)
    return _df(
        con,
        f"""SELECT r.game, r.seats, coalesce(r.contract, CASE WHEN r.thrown_in
                   THEN 'thrown-in' END) AS contract, count(*) AS deals,
                   count(*) / sum(count(*)) OVER (PARTITION BY r.game, r.seats) AS share
            FROM records r
            WHERE r.scored AND {where} GROUP BY 1, 2, 3 ORDER BY r.game, r.seats, deals DESC""",
        params,
    )


_SUCCESS_KEYS = {
    "contract": "r.contract",
    "position": "(r.declarer - r.dealer - 1 + r.seats) % r.seats + 1",
    "oudlers": "r.oudlers",
    "seats": "r.seats",
}


def declarer_success(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, by: str = "contract"
) -> pd.DataFrame:
    """Declarer success rate of deals with a declarer and a won/lost outcome, grouped
    `by` `contract`, `position` (the declarer's seat from the dealer: 1 = eldest),
    `oudlers` (french-tarot only) or `seats`: `game, <by>, deals, won, rate`."""
    if by not in _SUCCESS_KEYS:
        raise ValueError(f"by must be one of {', '.join(_SUCCESS_KEYS)}")
    where, params = where_clause(f)
    return _df(
        con,
        f"""SELECT r.game, {_SUCCESS_KEYS[by]} AS {by}, count(*) AS deals,
                   count(*) FILTER (WHERE r.won) AS won, avg(r.won::INT) AS rate
            FROM records r
            WHERE r.declarer IS NOT NULL AND r.won IS NOT NULL AND {_SUCCESS_KEYS[by]} IS NOT NULL
              AND {where}
            GROUP BY ALL ORDER BY r.game, {by}""",
        params,
    )


def score_summary(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Average scores and margins of scored deals (thrown-in left out) per game, seat count
    and contract: `game, seats, contract, deals, declarer_score, declarer_score_sd, margin,
    margin_sd, abs_margin`. The margin is the game's (see docs/archive.md)."""
    where, params = where_clause(f)
    return _df(
        con,
        f"""SELECT r.game, r.seats, r.contract, count(*) AS deals,
                   avg(r.declarer_score) AS declarer_score,
                   stddev_samp(r.declarer_score) AS declarer_score_sd,
                   avg(r.margin) AS margin, stddev_samp(r.margin) AS margin_sd,
                   avg(abs(r.margin)) AS abs_margin
            FROM records r
            WHERE r.scored AND NOT r.thrown_in AND {where}
            GROUP BY ALL ORDER BY r.game, r.seats, deals DESC""",
        params,
    )


_DISTRIBUTIONS = {
    "margin": ("records", "r.margin"),
    "declarer_score": ("records", "r.declarer_score"),
    "score": ("seats", "s.score"),
}


def score_distribution(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None = None,
    what: str = "margin",
    bin_width: float | None = None,
) -> pd.DataFrame:
    """Distribution of `margin`, `declarer_score` or every seat's `score` over scored,
    not thrown-in deals: `game, value, count` (value is the bin's lower bound when
    `bin_width` is given)."""
    if what not in _DISTRIBUTIONS:
        raise ValueError(f"what must be one of {', '.join(_DISTRIBUTIONS)}")
    where, params = where_clause(f)
    column = _DISTRIBUTIONS[what][1]
    value = "floor(v / ?) * ?" if bin_width else "v"
    extra = [bin_width, bin_width] if bin_width else []
    source = "seats s JOIN records r ON r.id = s.record_id" if what == "score" else "records r"
    return _df(
        con,
        f"""SELECT game, {value} AS value, count(*) AS count FROM (
                SELECT r.game, {column} AS v FROM {source}
                WHERE r.scored AND NOT r.thrown_in AND {column} IS NOT NULL AND {where})
            GROUP BY ALL ORDER BY game, value""",
        extra + params,
    )


# -- players -----------------------------------------------------------------------------


def player_stats(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, limit: int | None = None
) -> pd.DataFrame:
    """Per player (named seats only): `player, games, scored, total, mean, won, declarer,
    declarer_won, declarer_rate, partner, defender` — deals played, total and mean score,
    deals on the winning side, deals as declarer and won, as partner, as defender. Sorted by
    games played; `limit` keeps the first ones."""
    where, params = where_clause(f)
    sql = f"""SELECT s.player, count(*) AS games, count(s.score) AS scored,
                   coalesce(sum(s.score), 0) AS total, avg(s.score) AS mean,
                   count(*) FILTER (WHERE s.won) AS won,
                   count(*) FILTER (WHERE s.role = 'declarer') AS declarer,
                   count(*) FILTER (WHERE s.role = 'declarer' AND s.won) AS declarer_won,
                   count(*) FILTER (WHERE s.role = 'declarer' AND s.won)
                     / nullif(count(*) FILTER (WHERE s.role = 'declarer'), 0) AS declarer_rate,
                   count(*) FILTER (WHERE s.role = 'partner') AS partner,
                   count(*) FILTER (WHERE s.role = 'defender') AS defender
            FROM {_seats_from(where)}
            WHERE s.player IS NOT NULL AND {where}
            GROUP BY s.player ORDER BY games DESC, s.player"""
    if limit is not None:
        sql += " LIMIT ?"
        params = [*params, int(limit)]
    return _df(con, sql, params)


def score_evolution(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None = None,
    players: list[str] | None = None,
    top: int = 5,
) -> pd.DataFrame:
    """Score over time per player, by day: `player, date, deals, score, cumulative`.
    `players` names whom to show (default: the filter's player, else the `top` players by
    games). Records without a full date are left out."""
    where, params = where_clause(f)
    if not players:
        fp = (f or NO_FILTERS).player
        players = [fp] if fp else _top_players(con, f, top)
    if not players:
        return pd.DataFrame(columns=["player", "date", "deals", "score", "cumulative"])
    return _df(
        con,
        f"""SELECT player, date, deals, score,
                   sum(score) OVER (PARTITION BY player ORDER BY date) AS cumulative
            FROM (SELECT s.player, r.date, count(*) AS deals, sum(s.score) AS score
                  FROM seats s JOIN records r ON r.id = s.record_id
                  WHERE s.score IS NOT NULL AND r.date IS NOT NULL
                    AND list_contains(?, s.player) AND {where}
                  GROUP BY ALL)
            ORDER BY player, date""",
        [list(players), *params],
    )


def _top_players(con: duckdb.DuckDBPyConnection, f: Filters | None, top: int) -> list[str]:
    """The first `top` players of `player_stats` (most games, then by name), counted alone."""
    where, params = where_clause(f)
    rows = con.execute(
        f"""SELECT s.player FROM {_seats_from(where)}
            WHERE s.player IS NOT NULL AND {where}
            GROUP BY s.player ORDER BY count(*) DESC, s.player LIMIT ?""",
        [*params, int(top)],
    ).fetchall()
    return [row[0] for row in rows]


# -- the games' bonuses ------------------------------------------------------------------


def bonuses(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, prefix: str | None = None
) -> pd.DataFrame:
    """The games' bonuses (rows of the breakdown, see docs/archive.md), optionally those
    whose name starts with `prefix`: `game, name, side, deals, total` (`deals`: how many
    times it was scored — a deal with two poignées of one kind counts twice)."""
    where, params = where_clause(f)
    return _df(
        con,
        f"""SELECT r.game, b.name, b.side, count(*) AS deals,
                   sum(b.value) AS total
            FROM bonuses b JOIN records r ON r.id = b.record_id
            WHERE (? IS NULL OR starts_with(b.name, ?)) AND {where}
            GROUP BY ALL ORDER BY r.game, b.name, b.side""",
        [prefix, prefix, *params],
    )


def sicilian_jochi(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Sicilian jochi by category (rimatura, vanto, rivanto, pigliate, scommessa,
    quattro-re, arie) and side: `category, side, deals, jochi, per_deal` (per scored,
    not thrown-in Sicilian deal)."""
    f = Filters(**{**(f or NO_FILTERS).__dict__, "game": "tarocco-siciliano"})
    where, params = where_clause(f)
    played = con.execute(
        f"""SELECT count(*) FROM records r WHERE r.scored AND NOT r.thrown_in AND {where}""",
        params,
    ).fetchone()[0]
    frame = bonuses(con, f, "jochi.")
    frame = frame.assign(category=frame["name"].str.removeprefix("jochi."))
    frame = frame.rename(columns={"total": "jochi"})[["category", "side", "deals", "jochi"]]
    return frame.assign(per_deal=frame["jochi"] / played if played else 0.0)


def french_bonuses(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """French tarot: petit au bout, poignées (single/double/triple) and chelem, per side:
    `bonus, side, deals, share, points` (share of scored, not thrown-in deals)."""
    f = Filters(**{**(f or NO_FILTERS).__dict__, "game": "french-tarot"})
    where, params = where_clause(f)
    played = con.execute(
        f"""SELECT count(*) FROM records r WHERE r.scored AND NOT r.thrown_in AND {where}""",
        params,
    ).fetchone()[0]
    frame = bonuses(con, f).rename(columns={"name": "bonus", "total": "points"})
    frame = frame[["bonus", "side", "deals", "points"]]
    return frame.assign(share=frame["deals"] / played if played else 0.0)


# -- finding deals -----------------------------------------------------------------------

_CARD_SQL = {
    "played": "TRUE",
    "led": "p.ord = 1",
    "won-trick": "p.seat = p.winner",
    "last-trick": "p.last_trick",
    "captured": "p.captured",
}


def find_deals(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None = None,
    *,
    contract: str | None = None,
    won: bool | None = None,
    declarer: str | None = None,
    card: str | None = None,
    card_event: str = "played",
    bonus: str | None = None,
    limit: int = 100,
    offset: int = 0,
) -> pd.DataFrame:
    """Deals matching every condition given, newest first: `id, game, seats, date, event,
    board, players, contract, declarer, declarer_player, won, result`.

    `contract`: the contract or declaration; `won`: the declarer's side won (True) or lost;
    `declarer`: the declarer's player name; `card` with `card_event` (one of CARD_EVENTS):
    e.g. `T1`/`captured`, `EX`/`last-trick`; `bonus`: a bonus name or prefix, e.g.
    `petit_au_bout`, `poignee`, `jochi.scommessa`, `maraffa`."""
    if card_event not in _CARD_SQL:
        raise ValueError(f"card_event must be one of {', '.join(CARD_EVENTS)}")
    where, params = where_clause(f)
    parts = [where]
    outcome: list[str] = []
    if contract:
        outcome.append("r.contract = ?")
        params.append(contract)
    if won is not None:
        outcome.append("r.won = ?")
        params.append(bool(won))
    if outcome:
        parts += outcome
    if declarer:
        parts.append("r.id IN (SELECT record_id FROM seats WHERE role = 'declarer' AND player = ?)")
        params.append(declarer)
    if bonus:
        parts.append("r.id IN (SELECT record_id FROM bonuses WHERE starts_with(name, ?))")
        params.append(bonus)
    if not card:
        return _deals_page(con, " AND ".join(parts), params, None, [], limit, offset)
    played = f"p.card = ? AND {_CARD_SQL[card_event]}"
    played_params = [card.upper()]
    # The newest deals first: a card condition is looked for among the newest deals passing
    # the other conditions (a few thousand plays read by record), and over every play only
    # when too few of those match. Exact either way: the order is total (date, then id).
    newest = _NEWEST_PER_ROW * (int(limit) + int(offset))
    page = _deals_page(
        con, " AND ".join(parts), params, played, played_params, limit, offset, newest
    )
    if len(page) >= int(limit):
        return page
    return _deals_page(con, " AND ".join(parts), params, played, played_params, limit, offset)


_NEWEST_PER_ROW = 20
"""A card condition is first looked for among this many newest candidate deals per deal
asked for (2,000 for a page of 100)."""


def _deals_page(
    con: duckdb.DuckDBPyConnection,
    where: str,
    params: list[Any],
    played: str | None,
    played_params: list[Any],
    limit: int,
    offset: int,
    newest: int | None = None,
) -> pd.DataFrame:
    """One page of `find_deals`: records passing `where` (and having a play passing `played`,
    looked for among the `newest` candidates only if given), newest first, with their
    players named."""
    order = "ORDER BY r.date DESC NULLS LAST, r.id DESC"
    columns = """r.id, r.game, r.seats, r.date, r.event, r.board, r.contract, r.declarer,
                 r.won, coalesce(r.result, r.result_tag) AS result"""
    if played is None:
        found = f"SELECT {columns} FROM records r WHERE {where}"
        found_params = params
    elif newest is None:
        found = f"""SELECT {columns} FROM records r WHERE {where}
                    AND r.id IN (SELECT record_id FROM plays p WHERE {played})"""
        found_params = [*params, *played_params]
    else:
        found = f"""WITH cand AS MATERIALIZED (
                        SELECT {columns} FROM records r WHERE {where} {order} LIMIT ?)
                    SELECT * FROM cand WHERE cand.id IN (
                        SELECT record_id FROM plays p
                        WHERE p.record_id IN (SELECT id FROM cand) AND {played})"""
        found_params = [*params, newest, *played_params]
    return _df(
        con,
        f"""WITH page AS MATERIALIZED (
                SELECT * FROM ({found}) AS r {order} LIMIT ? OFFSET ?),
            names AS (
                SELECT s.record_id,
                       string_agg(coalesce(s.player, '?'), ', ' ORDER BY s.seat) AS players,
                       any_value(s.player) FILTER (WHERE s.role = 'declarer') AS declarer_player
                FROM seats s WHERE s.record_id IN (SELECT id FROM page) GROUP BY s.record_id)
            SELECT page.id, page.game, page.seats, page.date, page.event, page.board,
                   names.players, page.contract, page.declarer, names.declarer_player,
                   page.won, page.result
            FROM page LEFT JOIN names ON names.record_id = page.id
            ORDER BY page.date DESC NULLS LAST, page.id DESC""",
        [*found_params, int(limit), int(offset)],
    )


def where_it_happens(
    con: duckdb.DuckDBPyConnection,
    f: Filters | None = None,
    *,
    ids: list[int] | tuple[int, ...] = (),
    card: str | None = None,
    card_event: str = "played",
    bonus: str | None = None,
) -> pd.DataFrame:
    """Where the condition of `find_deals` happens in each of the deals `ids`: `id, trick,
    side` — the first trick where the card condition holds (for a petit au bout, the trick
    of `T1`), and the side that scored the bonus (its sides joined when several did). The
    filters `f` are not used: the deals are named."""
    if card_event not in _CARD_SQL:
        raise ValueError(f"card_event must be one of {', '.join(CARD_EVENTS)}")
    ids = [int(i) for i in ids]
    frame = pd.DataFrame({"id": pd.Series(ids, dtype="int64")})
    if card or (bonus and bonus.startswith("petit")):
        played = f"p.card = ? AND {_CARD_SQL[card_event]}" if card else "p.card = 'T1'"
        tricks = _df(
            con,
            f"""SELECT p.record_id AS id, min(p.trick) AS trick FROM plays p
                WHERE list_contains(?, p.record_id) AND {played} GROUP BY 1""",
            [ids, *([card.upper()] if card else [])],
        )
        frame = frame.merge(tricks, on="id", how="left")
    if bonus:
        sides = _df(
            con,
            """SELECT b.record_id AS id, string_agg(DISTINCT b.side, ', ' ORDER BY b.side) AS side
               FROM bonuses b WHERE list_contains(?, b.record_id) AND starts_with(b.name, ?)
               GROUP BY 1""",
            [ids, bonus],
        )
        frame = frame.merge(sides, on="id", how="left")
    return frame


def record_text(con: duckdb.DuckDBPyConnection, record_id: int) -> str | None:
    """The canonical TGN text of one record, or None."""
    row = con.execute("SELECT text FROM records WHERE id = ?", [int(record_id)]).fetchone()
    return row[0] if row else None


def record_info(con: duckdb.DuckDBPyConnection, record_id: int) -> dict[str, Any] | None:
    """One record: its columns, `seats` (one dict per seat) and `outcome` (a dict with the
    parsed `breakdown`, or None)."""
    cur = con.execute("SELECT * FROM records WHERE id = ?", [int(record_id)])
    row = cur.fetchone()
    if row is None:
        return None
    info = dict(zip([d[0] for d in cur.description], row, strict=True))
    seats = con.execute(
        "SELECT * FROM seats WHERE record_id = ? ORDER BY seat", [int(record_id)]
    ).df()
    info["seats"] = seats.to_dict("records")
    # the view `outcomes` by its query: an archive made without it (schema.UNSTAMPED) reads too
    outcomes = schema.VIEWS["outcomes"]
    cur = con.execute(f"SELECT * FROM ({outcomes}) WHERE record_id = ?", [int(record_id)])
    out = cur.fetchone()
    info["outcome"] = None
    if out is not None:
        import json

        outcome = dict(zip([d[0] for d in cur.description], out, strict=True))
        outcome["breakdown"] = json.loads(outcome["breakdown"] or "{}")
        info["outcome"] = outcome
    return info


# -- choices and rejects -----------------------------------------------------------------


def choices(con: duckdb.DuckDBPyConnection) -> dict[str, list[Any]]:
    """Values for the filter widgets: `games`, `seats`, `variants`, `events`, `players`,
    `contracts`, `bonuses` (names), and the `dates` range [first, last]."""

    def column(sql: str) -> list[Any]:
        return [r[0] for r in con.execute(sql).fetchall()]

    return {
        "games": column("SELECT DISTINCT game FROM records WHERE game IS NOT NULL ORDER BY 1"),
        "seats": column("SELECT DISTINCT seats FROM records ORDER BY 1"),
        "variants": column(
            "SELECT DISTINCT variant FROM records WHERE variant IS NOT NULL ORDER BY 1"
        ),
        "events": column("SELECT DISTINCT event FROM records WHERE event IS NOT NULL ORDER BY 1"),
        "players": column("SELECT name FROM players ORDER BY 1"),
        "contracts": column(
            "SELECT DISTINCT contract FROM records WHERE contract IS NOT NULL ORDER BY 1"
        ),
        "bonuses": column("SELECT DISTINCT name FROM bonuses ORDER BY 1"),
        "dates": list(con.execute("SELECT min(date), max(date) FROM records").fetchone()),
    }


def reject_codes(con: duckdb.DuckDBPyConnection, f: Filters | None = None) -> pd.DataFrame:
    """Rejected records by diagnostic code: `code, records` (only `game` filters)."""
    game = (f or NO_FILTERS).game
    return _df(
        con,
        """SELECT code, count(*) AS records FROM (
               SELECT DISTINCT hash, unnest(codes) AS code FROM rejects
               WHERE ? IS NULL OR game = ?)
           GROUP BY code ORDER BY records DESC, code""",
        [game, game],
    )


def rejects(
    con: duckdb.DuckDBPyConnection, f: Filters | None = None, limit: int = 100, offset: int = 0
) -> pd.DataFrame:
    """Rejected records: `source_file, source_index, source_line, game, codes, diagnostics
    (JSON list), text` (only `game` filters)."""
    game = (f or NO_FILTERS).game
    return _df(
        con,
        """SELECT source_file, source_index, source_line, game, codes, diagnostics, text
           FROM rejects WHERE ? IS NULL OR game = ?
           ORDER BY batch, source_file, source_index LIMIT ? OFFSET ?""",
        [game, game, int(limit), int(offset)],
    )


QUERIES = {
    "overview": overview,
    "simulated": simulated,
    "deals_per_game": deals_per_game,
    "contract_mix": contract_mix,
    "declarer_success": declarer_success,
    "score_summary": score_summary,
    "score_distribution": score_distribution,
    "player_stats": player_stats,
    "score_evolution": score_evolution,
    "bonuses": bonuses,
    "sicilian_jochi": sicilian_jochi,
    "french_bonuses": french_bonuses,
    "find_deals": find_deals,
    "where_it_happens": where_it_happens,
    "choices": choices,
    "reject_codes": reject_codes,
    "rejects": rejects,
}
"""Every dashboard query by name (the benchmark times each one)."""
