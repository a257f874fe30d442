"""The Replay page on the worked example (tarocco-siciliano, 4 seats): deep links,
stepping, the kibitz view, comments at their step, the final breakdown."""

from __future__ import annotations

import re
import shutil

import pytest
from conftest import EXAMPLE, ROOT

from trunfu.dashboard.components.table import slots

REF = "famous:example.tgn:1"
# The example's trick 4 ends with seat 4's 7B, annotated "seat 3 is out of batons".
TRICK4_COMMENT = "seat 3 is out of batons: he must trump"


@pytest.fixture
def example(famous):
    shutil.copy(EXAMPLE, famous / "example.tgn")
    return REF


def _step(at) -> tuple[int, int]:
    text = next(m.value for m in at.markdown if m.value.startswith("**Step "))
    found = re.match(r"\*\*Step (\d+) of (\d+)\*\*", text)
    return int(found.group(1)), int(found.group(2))


def _table(at) -> str:
    return next(h.proto.body for h in at.get("html") if "tf-table" in h.proto.body)


def _step_of_comment(at) -> int:
    """Find the step that shows the trick-4 comment by walking the slider."""
    last = _step(at)[1]
    for n in range(last + 1):
        at.slider(key="replay_step").set_value(n).run()
        if any(TRICK4_COMMENT in i.value for i in at.info):
            return n
    raise AssertionError("the comment is never shown")


def test_deep_link_opens_that_step(open_page, example) -> None:
    at = open_page("replay", record=example, step="31")
    assert _step(at)[0] == 31
    assert at.slider(key="replay_step").value == 31
    table = _table(at)
    # trick 4 of the example is JB 8B T15 7B: at its last card all four lie on the table
    trick = re.findall(r'<figure><span class="tf-card[^"]*"[^>]*data-card="(\w+)"', table)
    assert trick == ["JB", "8B", "T15", "7B"]
    assert any(TRICK4_COMMENT in i.value for i in at.info)
    # the auction so far: round 1 all pass, then seat 3 calls T19 (dealer 2: seat 3 speaks first)
    auction = next(m.value for m in at.markdown if "Chiamo T19" in m.value)
    calls = [line for line in auction.split("  \n") if line.startswith("seat ")]
    assert calls[:5] == [f"seat {n}: *passo*" for n in (3, 4, 1, 2)] + ["seat 3: *Chiamo T19*"]


def test_comment_is_shown_at_its_step_only(open_page, example) -> None:
    at = open_page("replay", record=example, step="0")
    assert not any(TRICK4_COMMENT in i.value for i in at.info)
    n = _step_of_comment(at)
    at.slider(key="replay_step").set_value(n + 1).run()
    assert not any(TRICK4_COMMENT in i.value for i in at.info)


def test_buttons_step_and_the_url_follows(open_page, example) -> None:
    at = open_page("replay", record=example)
    assert _step(at)[0] == 0
    at.button(key="next").click().run()
    at.button(key="next").click().run()
    assert _step(at)[0] == 2
    assert at.query_params["step"] == "2"
    at.button(key="prev").click().run()
    assert _step(at)[0] == 1
    at.button(key="last").click().run()
    index, last = _step(at)
    assert index == last
    at.button(key="next").click().run()
    assert _step(at)[0] == last  # no step past the end
    at.button(key="first").click().run()
    assert _step(at)[0] == 0


def _sheet(at):
    return next(t.value for t in at.table if "Score" in t.value.columns)


def test_last_step_shows_the_final_breakdown(open_page, example) -> None:
    at = open_page("replay", record=example, step="9999")  # clamped to the last step
    assert "Final result" in [s.value for s in at.subheader]
    # the worked example: d = 3, each partner (seats 3, 4) +3, each opponent -3
    assert list(_sheet(at)["Score"]) == ["-3", "-3", "+3", "+3"]
    said = [m.value for m in at.markdown]
    assert "**Chiamo** by seat 3 with seat 4: made it." in said
    assert "Declarer's side (seat 3 and seat 4): 75 card points in 39 cards." in said
    assert "Opponents (seat 1 and seat 2): 34 card points in 24 cards." in said
    jochi = next(t.value for t in at.table if t.value.index.name == "Joco")
    assert jochi.loc["Pigliate", "Declarer's side"] == "1"
    assert jochi.loc["**Total**"].tolist() == ["3", "0"]
    shown = " ".join(said) + " ".join(str(t.value) for t in at.table)
    for key in ("card_points", "jochi_total", "›", "None"):  # never the engine's raw keys
        assert key not in shown


def test_the_score_sheet_names_the_players(open_page, archive) -> None:
    from trunfu.archive import queries

    con = queries.open_archive(archive)
    found = queries.find_deals(con, queries.Filters(game="french-tarot"), contract="garde")
    con.close()
    at = open_page("replay", record=str(found["id"][0]), step="9999")
    sheet = _sheet(at)
    assert list(sheet["Player"]) == ["Ada", "Bea", "Cid", "Dan"]
    assert all(re.fullmatch(r"[+-]?\d+", score) for score in sheet["Score"])  # no ".0000"
    said = " ".join(m.value for m in at.markdown)
    assert re.search(r"Taker \(seat \d \(\w+\)\): [\d.]+ card points with \d oudlers?, needed "
                     r"\d+: (made|down) by \d+", said), said  # fmt: skip
    assert "**Garde** by seat" in said


def test_calls_and_the_end_are_said_in_players_words(open_page, famous) -> None:
    from conftest import ROOT

    shutil.copy(ROOT / "data/famous/french-tarot-garde-contre-chelem.tgn", famous / "g.tgn")
    at = open_page("replay", record="famous:g.tgn:1", step="end")
    said = " ".join(m.value for m in at.markdown)
    assert "seat 2: *Garde contre*" in said
    assert "the deal ends. Garde contre by seat 2: made it." in said
    assert "garde-contre" not in said and "garde-contre" not in _table(at)
    name = "french-tarot-excuse-wins-the-last-trick.tgn"
    shutil.copy(ROOT / "data/famous" / name, famous / "k.tgn")
    at = open_page("replay", record="famous:k.tgn:1", step="end")
    said = " ".join(m.value for m in at.markdown)
    assert "*seat 2 calls the king of hearts (KH)*" in said  # not "call KH"


def test_no_spoilers_before_the_last_step(open_page, example) -> None:
    at = open_page("replay", record=example, step="0")
    story = "A worked example: tarocco-siciliano"
    assert not any(story in i.value for i in at.info)
    assert "Final result" not in [s.value for s in at.subheader]
    assert "-3 -3 +3 +3" not in at.markdown[0].value  # the Result tag
    assert any("shown at the last step" in c.value for c in at.caption)
    at.toggle(key="replay_reveal").set_value(True).run()  # the user asks
    assert "Final result" in [s.value for s in at.subheader]
    assert any(story in i.value for i in at.info)
    assert "-3 -3 +3 +3" in at.markdown[0].value
    assert at.query_params["reveal"] == "1"
    at = open_page("replay", record=example, step="9999")  # at the last step: all shown
    assert any(story in i.value for i in at.info)


def _seat2_only(table: str) -> None:
    seat2 = re.search(r'data-seat="2">(.*?)</div></div>', table, re.S).group(1)
    assert 'data-card="T18"' in seat2  # seat 2 holds T18 in the deal
    assert table.count("tf-card back") == 3 * 15  # the other three hands, face down
    assert 'style="grid-area:bottom" data-seat="2"' in table


def test_kibitz_view_hides_the_other_hands(open_page, example) -> None:
    at = open_page("replay", record=example, step="0")
    at.selectbox(key="replay_view").select(2).run()
    _seat2_only(_table(at))
    assert at.query_params["seat"] == "2"  # the view is in the URL
    at.selectbox(key="replay_view").select(None).run()
    assert "seat" not in at.query_params
    _seat2_only(_table(open_page("replay", record=example, step="0", seat="2")))
    assert "tf-card back" not in _table(open_page("replay", record=example, seat="9"))


def test_bad_references_are_told(open_page, example, archive) -> None:
    at = open_page("replay", record="famous:nope.tgn:1")
    assert "no famous hand" in at.error[0].value
    at = open_page("replay", record="upload:123abc")
    assert "another browser session" in at.error[0].value
    at = open_page("replay", record="42")
    assert "no record 42" in at.error[0].value
    at.text_input(key="replay_typed").input(example).run()  # another reference, typed
    assert not at.error
    assert at.query_params["record"] == example
    assert _step(at)[0] == 0


def test_a_reference_of_thousands_of_digits_is_no_record(open_page, archive) -> None:
    at = open_page("replay", record="9" * 5000)
    assert "There is no record 9999" in at.error[0].value
    assert len(at.error[0].value) < 200
    at = open_page("replay", record=f"famous:x.tgn:{'1' * 5000}", step="7" * 5000)
    assert "no famous hand" in at.error[0].value


def test_numbers_of_thousands_of_digits_in_the_url_are_ignored(open_page, example) -> None:
    at = open_page("replay", record=example, step="7" * 5000, seat="2" * 5000, trick="3" * 5000)
    assert _step(at)[0] == 0
    assert "tf-card back" not in _table(at)


def test_seats_go_round_the_table_in_playing_order() -> None:
    assert slots(4) == {1: "bottom", 2: "right", 3: "top", 4: "left"}
    assert slots(4, bottom=3) == {3: "bottom", 4: "right", 1: "top", 2: "left"}
    assert sorted(slots(3).values()) == ["bottom", "tl", "tr"]


def test_tricks_played_so_far_are_listed(open_page, example) -> None:
    def tricks(at):
        (found,) = [e for e in at.expander if e.label.startswith("Tricks played")]
        return found.dataframe[0].value

    at = open_page("replay", record=example, step="31")  # the last card of trick 4 is down
    assert list(tricks(at)["trick"]) == [1, 2, 3]  # trick 4 is not gathered yet
    at.button(key="next").click().run()  # trick 4 is gathered
    frame = tricks(at)
    assert list(frame["trick"]) == [1, 2, 3, 4]
    assert list(frame["cards"])[:2] == ["KB CB 6B 9B", "8S CS KS 10S"]
    # trick 1: KB leads batons and nothing higher follows: seat 4, who led it, wins
    assert frame["winner"][0] == frame["leader"][0] == 4


def test_an_archive_record_opens_by_its_id(open_page, archive) -> None:
    from trunfu.archive import queries

    con = queries.open_archive(archive)
    found = queries.find_deals(con, queries.Filters(game="french-tarot"), limit=1)
    con.close()
    at = open_page("replay", record=str(found["id"][0]), step="2")
    assert "French tarot" in at.markdown[0].value
    assert _step(at)[0] == 2


def test_a_deal_the_referee_cannot_start_says_why(open_page, famous) -> None:
    # marafone needs the trump named before the first trick (rules/marafone.md)
    (famous / "no-trump.tgn").write_text(
        '[Game "marafone"]\n[Seats "4"]\n[Dealer "1"]\n\nplay\n  1. 3D 2D AD KD\n',
        encoding="utf-8",
    )
    at = open_page("replay", record="famous:no-trump.tgn:1")
    assert not at.exception
    assert at.error[0].value.startswith("The referee stopped")
    assert at.error[1].value.startswith("line ") and "trump" in at.error[1].value


def test_cards_are_named_on_hover(open_page, example) -> None:
    table = _table(open_page("replay", record=example, step="0"))
    titles = {
        card: title for title, card in re.findall(r'title="([^"]*)" data-card="(\w+)"', table)
    }
    assert "Giove" in titles["T20"]
    assert "Fuggitivo" in titles["EX"]
    assert "king" in titles["KS"] and "swords" in titles["KS"]
    # the trumps T0..T20 are dealt to the hands but T4, which lies in the talon
    assert table.count('class="tf-card trump"') == 20


def test_marafone_points_so_far_are_counted_in_thirds(open_page, famous) -> None:
    shutil.copy(ROOT / "data" / "famous" / "marafone-false-striscio.tgn", famous / "striscio.tgn")
    # step 11: trick 1 is taken, worth 2⅓ to team 1+3
    at = open_page("replay", record="famous:striscio.tgn:1", step="11")
    (points,) = [t.value for t in at.table]
    assert list(points["Points"]) == ["2⅓", "0"]
