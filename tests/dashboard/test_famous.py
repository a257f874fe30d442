"""The Famous hands gallery: every annotated deal of the folder, each linked to its replay."""

from __future__ import annotations

import shutil

from conftest import EXAMPLE

from trunfu.dashboard.sources import blurb

ANNOTATED = """[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "2"]
[Title "The Picciotti fall"]
[Annotator "A. Tester"]
[Source "constructed for the test"]

{ Giove takes the Picciotti. }
"""


def test_gallery_lists_each_hand_with_its_replay_link(open_page, famous) -> None:
    shutil.copy(EXAMPLE, famous / "a-example.tgn")
    (famous / "b-annotated.tgn").write_text(ANNOTATED, encoding="utf-8")
    at = open_page("famous")
    assert "2 of 2 annotated deals" in [c.value for c in at.caption]
    titles = [m.value for m in at.markdown if m.value.startswith("**")]
    assert titles == ["**Worked example**", "**The Picciotti fall**"]
    links = at.get("page_link")
    assert [link.proto.query_string for link in links] == [
        "record=famous%3Aa-example.tgn%3A1&step=0",
        "record=famous%3Ab-annotated.tgn%3A1&step=0",
    ]
    assert any("annotated by A. Tester" in c.value for c in at.caption)
    assert any(m.value == "Giove takes the Picciotti." for m in at.markdown)


def test_a_game_picked_shows_that_game_and_is_in_the_url(open_page, famous) -> None:
    shutil.copy(EXAMPLE, famous / "a-example.tgn")
    marafone = ANNOTATED.replace("tarocco-siciliano", "marafone").replace("Picciotti", "Maraffa")
    (famous / "b-marafone.tgn").write_text(marafone, encoding="utf-8")
    at = open_page("famous")
    assert at.pills(key="famous_games").value == []  # nothing picked: every game
    assert "2 of 2 annotated deals" in [c.value for c in at.caption]
    at.pills(key="famous_games").set_value(["marafone"]).run()  # one click on a game...
    assert "1 of 2 annotated deals" in [c.value for c in at.caption]  # ...shows that game
    assert at.query_params["game"] == "marafone"
    at = open_page("famous", game="marafone,chess")
    assert at.pills(key="famous_games").value == ["marafone"]
    titles = [m.value for m in at.markdown if m.value.startswith("**")]
    assert titles == ["**The Maraffa fall**"]


def test_an_empty_folder_is_told(open_page, famous) -> None:
    at = open_page("famous")
    assert "No famous hands" in at.info[0].value


def test_long_comments_are_cut_after_a_sentence() -> None:
    text = "First sentence here. " * 30
    short = blurb(text, limit=100)
    assert short.endswith(". …")
    assert len(short) <= 103
    assert blurb("short") == "short"


def test_every_famous_hand_of_data_opens_in_the_replay(open_page, monkeypatch) -> None:
    from conftest import ROOT

    from trunfu.dashboard import settings, sources

    folder = ROOT / "data" / "famous"
    monkeypatch.setenv(settings.FAMOUS_ENV, str(folder))
    hands = sources.famous_hands(folder)
    assert hands, "data/famous holds no hand"
    for hand in hands:
        at = open_page("replay", record=hand.ref, step="9999")
        assert not at.error, (hand.ref, [e.value for e in at.error])
        index, last = _step(at)
        assert index == last > 0, hand.ref


def _step(at) -> tuple[int, int]:
    text = next(m.value for m in at.markdown if m.value.startswith("**Step "))
    index, _, last = text.removeprefix("**Step ").partition("**")[0].partition(" of ")
    return int(index), int(last)
