"""The Search page: conditions find the right deals, each linked to its replay."""

from __future__ import annotations

from conftest import SAMPLE, sample_texts

from trunfu.dashboard.search_terms import parse
from trunfu.notation.reader import read_records


def _led(card: str) -> set[tuple[str, str]]:
    """(game, board) of the sample deals where `card` led a trick, read from the text."""
    found = set()
    for game, texts in sample_texts().items():
        for record in read_records("\n".join(texts)):
            tricks = record.play.tricks if record.play else []
            if any(t.cards and t.cards[0].code == card for t in tricks):
                found.add((game, record.tag("Board")))
    return found


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
