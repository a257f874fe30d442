"""Search page: deals by player, event, contract, outcome, or a card condition such as
"T1 captured" or "petit au bout", each linked to its replay."""

from __future__ import annotations

import streamlit as st

from trunfu.archive.lock import ArchiveError
from trunfu.dashboard import archive_link, filters, search_terms
from trunfu.dashboard.archive_link import Reader

PAGE_SIZE = 100
OUTCOMES = {None: "any outcome", True: "declarer won", False: "declarer lost"}
EXTRA = {"contract": "search_contract", "declarer": "search_declarer", "q": "search_q"}


def search(db: Reader, choices: dict) -> None:
    """The search form and its results."""
    valid = {"contract": choices["contracts"], "declarer": choices["players"]}
    for param, key in EXTRA.items():  # the search terms live in the URL too
        if key not in st.session_state:
            raw = st.query_params.get(param)
            if param == "q":
                st.session_state[key] = raw or ""
            else:
                st.session_state[key] = raw if raw in valid[param] else None
    f = filters.widgets(choices, "search")

    cols = st.columns([2, 2, 2, 3])
    contract = cols[0].selectbox(
        "Contract",
        [None, *choices["contracts"]],
        format_func=lambda v: v or "any",
        placeholder="any",
        key="search_contract",
    )
    won = cols[1].selectbox("Outcome", list(OUTCOMES), format_func=OUTCOMES.get, key="search_won")
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
        placeholder="T1 captured, petit au bout, EX last-trick…",
        help="A card and what happened to it (played, captured, led, last-trick, won-trick), "
        "or a bonus of the games (petit au bout, poignee, scommessa, maraffa…).",
    )
    condition = search_terms.parse(typed or "", choices["bonuses"])
    if condition.error:
        st.error(condition.error)
        return
    for param, value in (("contract", contract), ("declarer", declarer), ("q", typed)):
        if value:
            st.query_params[param] = value
        elif param in st.query_params:
            del st.query_params[param]

    page = st.columns([1, 5])[0].number_input(
        "Page", min_value=1, value=1, step=1, key="search_page"
    )
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
    except ArchiveError as error:
        st.error(str(error))
        return

    if found.empty:
        st.info("No deal matches." if page == 1 else "No more deals.")
        return
    first = (page - 1) * PAGE_SIZE + 1
    more = " (more on the next page)" if len(found) == PAGE_SIZE else ""
    st.subheader(f"Deals {first}–{first + len(found) - 1}{more}")
    found = found.assign(replay="replay?record=" + found["id"].astype(str))
    st.dataframe(
        found[["replay", *[c for c in found.columns if c != "replay"]]],
        hide_index=True,
        width="stretch",
        height=600,
        column_config={
            "replay": st.column_config.LinkColumn("replay", display_text="▶ open"),
            "declarer": st.column_config.NumberColumn("declarer seat"),
            "declarer_player": st.column_config.TextColumn("declarer"),
            "won": st.column_config.CheckboxColumn("won", help="the declarer's side won"),
            "date": st.column_config.DateColumn("date"),
        },
    )


st.title("Search")
db, choices = archive_link.open_page_reader()

with db:
    search(db, choices)
