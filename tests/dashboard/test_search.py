"""The Search page: conditions find the right deals, each linked to its replay."""

from __future__ import annotations

from conftest import SAMPLE, sample_texts

from trunfu.dashboard.search_terms import parse
from trunfu.notation.reader import read_records


def _deals_where(card: str, event: str) -> set[tuple[str, str]]:
    """(game, board) of the sample deals where `card` led a trick (`led`) or was played at
    all (`played`), read from the text."""
    found = set()
    for game, texts in sample_texts().items():
        for record in read_records("\n".join(texts)):
            tricks = record.play.tricks if record.play else []
            cards = [t.cards[:1] if event == "led" else t.cards for t in tricks]
            if any(c == card for trick in cards for c in trick):
                found.add((game, record.tag("Board")))
    return found


def _led(card: str) -> set[tuple[str, str]]:
    return _deals_where(card, "led")


GAMES = {"French tarot, 4": "french-tarot", "Tarocco siciliano, 4": "tarocco-siciliano"}


def _hits(at) -> set[tuple[str, str]]:
    frame = at.dataframe[0].value
    return {(GAMES[g], b) for g, b in zip(frame["game"], frame["board"], strict=True)}


def test_a_card_condition_finds_exactly_the_deals(open_page, archive) -> None:
    at = open_page("search", q="T20 led")
    assert not at.error
    assert _hits(at) == _led("T20")


def _first_trick(card: str, event: str, game: str, board: str) -> int:
    """The first trick of a sample deal where `card` was captured (by another side than
    its player's) or played."""
    from trunfu.engine import replay

    for record in read_records("\n".join(sample_texts()[game])):
        if record.tag("Board") == board:
            rep = replay(record)
            for trick in rep.tricks:
                if any(code == card for _, code in trick.cards):
                    return trick.number
    raise AssertionError("no such deal")


def test_a_hit_opens_the_replay_at_the_trick_where_it_happens(open_page, archive) -> None:
    at = open_page("search", q="T1 played", game="french-tarot")
    frame = at.dataframe[0].value
    trick = int(frame["trick"][0].removeprefix("trick "))
    assert trick == _first_trick("T1", "played", "french-tarot", frame["board"][0])
    # a click on the first row, as the browser sends it
    at.session_state["search_hits"] = {"selection": {"rows": [0], "columns": []}}
    at.run()
    assert at.query_params["record"] and at.query_params.get("trick") is None
    assert int(at.query_params["step"]) > 0
    table = next(h.proto.body for h in at.get("html") if "tf-table" in h.proto.body)
    assert 'data-card="T1"' in table.split('class="tf-center"')[1]  # T1 lies in the trick
    if trick > 1:  # ...of trick `trick`: the tricks before it are gathered
        assert f"Tricks played ({trick - 1})" in [e.label for e in at.expander]


def test_the_petit_au_bout_says_which_side_made_it(open_page, archive) -> None:
    at = open_page("search", q="petit au bout")
    assert not at.error
    frame = at.dataframe[0].value
    assert set(frame["Petit au bout by"]) <= {"taker's side", "defence"}
    assert frame["trick"].str.startswith("trick ").all()


def test_the_url_follows_the_query(open_page, archive) -> None:
    at = open_page("search")
    at.text_input(key="search_q").input("T1 captured").run()
    at.selectbox(key="search_won").select(True).run()
    at.selectbox(key="search_contract").select("garde").run()
    assert at.query_params["q"] == "T1 captured"
    assert at.query_params["won"] == "1"
    assert at.query_params["contract"] == "garde"
    again = open_page("search", q="T1 captured", won="1", contract="garde")
    assert again.selectbox(key="search_won").value is True
    assert again.selectbox(key="search_contract").value == "garde"
    assert again.text_input(key="search_q").value == "T1 captured"
    assert set(again.dataframe[0].value["contract"]) <= {"Garde"}  # in words


def test_player_and_game_filters_narrow_the_list(open_page, archive) -> None:
    at = open_page("search")
    assert len(at.dataframe[0].value) == sum(SAMPLE.values())
    at.selectbox(key="search_player").select("Bea").run()
    assert set(at.dataframe[0].value["game"]) == {"French tarot, 4"}
    assert len(at.dataframe[0].value) == SAMPLE["french-tarot"]
    assert at.query_params["player"] == "Bea"


def test_a_condition_that_means_nothing_is_explained(open_page, archive) -> None:
    at = open_page("search", q="T1 flies")
    assert "After the card, say what happened to it" in at.error[0].value
    assert not at.dataframe
    at = open_page("search", q="grand slam")
    message = at.error[0].value
    assert "grand slam" in message and "Petit au bout" in message and "Rimatura" in message
    assert not any(key in message for key in ("jochi.", "petit_au_bout", "chelem.", "poignees"))


def test_conditions_as_players_say_them() -> None:
    bonuses = ["chelem", "jochi.rimatura", "jochi.scommessa", "petit_au_bout", "poignees.single"]
    assert parse("T1 captured", bonuses).card == "T1"
    assert parse("t1 captured", bonuses).card_event == "captured"
    assert parse("EX in the last trick", bonuses).card_event == "last-trick"
    assert parse("petit au bout", bonuses).bonus == "petit_au_bout"
    assert parse("poignee", bonuses).bonus == "poignee"
    assert parse("scommessa", bonuses).bonus == "jochi.scommessa"
    assert parse("grand slam", bonuses).error
    keys = ["jochi.quattro-re", "poignees.double", "poignees.simple", "chelem.announced and made"]
    assert parse("quattro re", keys).bonus == "jochi.quattro-re"
    assert parse("Double poignée", keys).bonus == "poignees.double"
    assert parse("poignée", keys).bonus == "poignee"  # every poignée
    assert parse("chelem announced", keys).bonus == "chelem.announced"


def test_card_pages_are_the_same_when_looked_for_among_the_newest_deals_first(
    sample_archive, monkeypatch
) -> None:
    """`find_deals` looks for a card condition among the newest deals first and over the
    whole archive when too few match: every page is a slice of the one full, ordered list."""
    from trunfu.archive import queries as q

    con = q.open_archive(sample_archive)
    for card, event in (("T20", "led"), ("T1", "played")):
        everything = q.find_deals(con, card=card, card_event=event, limit=1000)
        assert set(zip(everything["game"], everything["board"], strict=True)) == _deals_where(
            card, event
        )
        order = list(zip(everything["date"], everything["id"], strict=True))
        assert order == sorted(order, reverse=True)
        with monkeypatch.context() as patch:
            patch.setattr(q, "_NEWEST_PER_ROW", 2)  # few candidates: both ways are taken
            ids = list(everything["id"])
            for limit in (1, 2, 3, 5):
                for offset in range(len(ids) + 1):
                    page = q.find_deals(
                        con, card=card, card_event=event, limit=limit, offset=offset
                    )
                    assert list(page["id"]) == ids[offset : offset + limit], (card, limit, offset)
                    expected = everything.iloc[offset : offset + limit]
                    assert page.to_dict("records") == expected.to_dict("records")
    con.close()
