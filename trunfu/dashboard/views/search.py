"""Search page: deals by player, event, contract, outcome, or a card condition such as
"T1 captured" or "petit au bout". A click on a hit opens its replay, in this tab, at the
trick where the condition happens. The query is in the URL."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from trunfu.archive.lock import ArchiveError
from trunfu.dashboard import archive_link, filters, search_terms, words
from trunfu.dashboard.archive_link import Reader

PAGE_SIZE = 100
OUTCOMES = {None: "any outcome", True: "declarer won", False: "declarer lost"}
WON_PARAM = {True: "1", False: "0"}
EXTRA = {"contract": "search_contract", "declarer": "search_declarer", "q": "search_q"}
HITS = "search_hits"


def _from_url(choices: dict) -> None:
    """The search terms of the URL as the widgets' first values (unknown ones ignored)."""
    valid = {"contract": choices["contracts"], "declarer": choices["players"]}
    for param, key in EXTRA.items():
        if key not in st.session_state:
            raw = st.query_params.get(param)
            if param == "q":
                st.session_state[key] = raw or ""
            else:
                st.session_state[key] = raw if raw in valid[param] else None
    if "search_won" not in st.session_state:
        won = {v: k for k, v in WON_PARAM.items()}.get(st.query_params.get("won", ""))
        st.session_state["search_won"] = won
    if "search_page" not in st.session_state:
        raw = st.query_params.get("page", "1")
        st.session_state["search_page"] = int(raw) if raw.isdigit() and len(raw) < 6 else 1


def _to_url(values: dict[str, str | None]) -> None:
    for param, value in values.items():
        if value:
            if st.query_params.get(param) != value:
                st.query_params[param] = value
        elif param in st.query_params:
            del st.query_params[param]


def table(found: pd.DataFrame, places: pd.DataFrame, condition) -> pd.DataFrame:
    """The hits as players read them: words for games and contracts, the declarer by name,
    made or down, and where the condition happens."""
    shown = pd.DataFrame(
        {
            "date": found["date"],
            "game": [
                f"{words.game(g)}, {s}" for g, s in zip(found["game"], found["seats"], strict=True)
            ],
            "event": found["event"].fillna(""),
            "board": found["board"].fillna(""),
            "players": found["players"].fillna(""),
            "contract": [
                "" if pd.isna(c) else words.contract(g, c)
                for g, c in zip(found["game"], found["contract"], strict=True)
            ],
            "declarer": [
                name if isinstance(name, str) else ("" if pd.isna(seat) else f"seat {int(seat)}")
                for name, seat in zip(found["declarer_player"], found["declarer"], strict=True)
            ],
            "outcome": found["won"].map({True: "made", False: "down"}).fillna(""),
            "result": found["result"].fillna(""),
        }
    )
    where = []  # where the condition happens: beside the outcome, not past the players
    if "trick" in places.columns:
        shown["trick"] = [f"trick {int(t)}" if pd.notna(t) else "" for t in places["trick"]]
        where.append("trick")
    if "side" in places.columns:
        shown[f"{condition.said} by"] = [
            "" if pd.isna(s) else words.side(s, g)
            for s, g in zip(places["side"], found["game"], strict=True)
        ]
        where.append(f"{condition.said} by")
    order = ["date", "game", "contract", "declarer", "outcome", *where, "result", "board",
             "event", "players"]  # fmt: skip
    return shown[order]


def open_hit(found: pd.DataFrame, places: pd.DataFrame, row: int) -> None:
    """Open hit `row` in the replay: at its trick, or at the end for a bonus of the score."""
    params = {"record": str(int(found["id"].iloc[row]))}
    trick = places["trick"].iloc[row] if "trick" in places.columns else None
    if trick is not None and pd.notna(trick):
        params["trick"] = str(int(trick))
    elif "side" in places.columns:
        params["step"] = "end"  # a bonus is seen in the score
    st.switch_page("views/replay.py", query_params=params)


def search(db: Reader, choices: dict) -> None:
    """The search form and its results."""
    _from_url(choices)
    f = filters.widgets(choices, "search")

    cols = st.columns([2, 2, 2, 3])
    contract = cols[0].selectbox(
        "Contract",
        [None, *choices["contracts"]],
        format_func=lambda v: "any" if v is None else words.contract(None, v),
        placeholder="any",
        key="search_contract",
    )
    won = cols[1].selectbox(
        "Outcome", list(OUTCOMES), format_func=OUTCOMES.get, placeholder=OUTCOMES[None],
        key="search_won",
    )  # fmt: skip
    declarer = cols[2].selectbox(
        "Declarer",
        [None, *choices["players"]],
        format_func=lambda v: v or "anyone",
        placeholder="anyone",
        key="search_declarer",
    )
    typed = cols[3].text_input(
        "Card condition or bonus",
        key="search_q",
        placeholder="T1 captured, petit au bout, EX in the last trick…",
        help="A card and what happened to it (played, captured, led, in the last trick, won "
        "a trick), or a bonus of the games (petit au bout, poignée, scommessa, maraffa…).",
    )
    page = st.columns([1, 5])[0].number_input("Page", min_value=1, step=1, key="search_page")
    _to_url(
        {
            "contract": contract,
            "declarer": declarer,
            "q": typed.strip() or None,
            "won": WON_PARAM.get(won),
            "page": str(page) if page > 1 else None,
        }
    )
    condition = search_terms.parse(typed or "", choices["bonuses"])
    if condition.error:
        st.error(condition.error)
        return
    try:
        found = db.run(
            "find_deals",
            f,
            contract=contract,
            won=won,
            declarer=declarer,
            card=condition.card,
            card_event=condition.card_event,
            bonus=condition.bonus,
            limit=PAGE_SIZE,
            offset=(page - 1) * PAGE_SIZE,
        )
        places = pd.DataFrame(index=found.index)
        if condition.card or condition.bonus:
            places = db.run(
                "where_it_happens",
                ids=tuple(int(i) for i in found["id"]),
                card=condition.card,
                card_event=condition.card_event,
                bonus=condition.bonus,
            ).drop(columns="id")
    except ArchiveError as error:
        st.error(str(error))
        return

    if found.empty:
        st.info("No deal matches." if page == 1 else "No more deals.")
        return
    first = (page - 1) * PAGE_SIZE + 1
    more = " (more on the next page)" if len(found) == PAGE_SIZE else ""
    st.subheader(f"Deals {first}–{first + len(found) - 1}{more}")
    where = " at the trick where it happens" if "trick" in places.columns else ""
    st.caption(f"Click a row to open its replay{where}.")
    picked = st.dataframe(
        table(found, places, condition),
        hide_index=True,
        width="stretch",
        height=600,
        key=HITS,
        on_select="rerun",
        selection_mode="single-row",
        column_config={
            "date": st.column_config.DateColumn("date", width=95),
            "game": st.column_config.TextColumn("game, seats", width=150),
            "contract": st.column_config.TextColumn("contract", width=100),
            "declarer": st.column_config.TextColumn("declarer", width=90),
            "outcome": st.column_config.TextColumn("outcome", width=70),
            "trick": st.column_config.TextColumn("where", width=70),
            f"{condition.said} by": st.column_config.TextColumn(width=130),
            "result": st.column_config.TextColumn("result", width=170),
            "board": st.column_config.TextColumn("board", width=55),
            "event": st.column_config.TextColumn("event", width=200),
            "players": st.column_config.TextColumn("players", width=320),
        },
    )
    rows = picked.selection.rows if picked else []
    if rows:
        open_hit(found, places, rows[0])


st.title("Search")
db, choices = archive_link.open_page_reader()

with db:
    search(db, choices)
