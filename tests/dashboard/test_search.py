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
            if any(c.code == card for trick in cards for c in trick):
                found.add((game, record.tag("Board")))
    return found


def _led(card: str) -> set[tuple[str, str]]:
    return _deals_where(card, "led")


def test_a_card_condition_finds_exactly_the_deals_and_links_them(open_page, archive) -> None:
    at = open_page("search", q="T20 led")
    assert not at.error
    frame = at.dataframe[0].value
    assert set(zip(frame["game"], frame["board"], strict=True)) == _led("T20")
    assert list(frame["replay"]) == [f"replay?record={i}" for i in frame["id"]]


def test_player_and_game_filters_narrow_the_list(open_page, archive) -> None:
    at = open_page("search")
    assert len(at.dataframe[0].value) == sum(SAMPLE.values())
    at.selectbox(key="search_player").select("Bea").run()
    assert set(at.dataframe[0].value["game"]) == {"french-tarot"}
    assert len(at.dataframe[0].value) == SAMPLE["french-tarot"]
    assert at.query_params["player"] == "Bea"


def test_a_condition_that_means_nothing_is_explained(open_page, archive) -> None:
    at = open_page("search", q="T1 flies")
    assert "after the card" in at.error[0].value
    assert not at.dataframe


def test_conditions_as_players_say_them() -> None:
    bonuses = ["chelem", "jochi.rimatura", "jochi.scommessa", "petit_au_bout", "poignees.single"]
    assert parse("T1 captured", bonuses).card == "T1"
    assert parse("t1 captured", bonuses).card_event == "captured"
    assert parse("EX in the last trick", bonuses).card_event == "last-trick"
    assert parse("petit au bout", bonuses).bonus == "petit_au_bout"
    assert parse("poignee", bonuses).bonus == "poignee"
    assert parse("scommessa", bonuses).bonus == "jochi.scommessa"
    assert parse("grand slam", bonuses).error


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
