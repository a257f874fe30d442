"""Deals of the Game of Tarot with results worked out by hand (the arithmetic is in each
record's comment, in data/famous/waite-tarot-*.tgn), their variants, and records refused at
the right place."""

from __future__ import annotations

import re
from pathlib import Path

from trunfu.engine import replay
from trunfu.notation.reader import read_text
from trunfu.referee import judge as judge_file

FAMOUS = Path(__file__).resolve().parents[2] / "data" / "famous"
KING = (FAMOUS / "waite-tarot-pagad-trumps-a-king.tgn").read_text(encoding="utf-8")
ASK = (FAMOUS / "waite-tarot-ask-answered-with-the-fool.tgn").read_text(encoding="utf-8")
ALL = (FAMOUS / "waite-tarot-twenty-one-trumps.tgn").read_text(encoding="utf-8")


def judge(text: str):
    (read,) = read_text(text)
    assert read.ok, [str(d) for d in read.diagnostics]
    return replay(read.record)


def edit(text: str, *edits: tuple[str, str], result: str | None = None) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    if result is not None:
        text = re.sub(r'\[Result "[^"]*"\]', f'[Result "{result}"]', text)
    return text


def where(text: str, line_text: str, token: str) -> tuple[int, int]:
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(line_text):
            return number, re.search(rf"(?<!\S){re.escape(token)}(?!\S)", line).start() + 1
    raise AssertionError(line_text)


def points(rep, seat: int) -> dict[str, int]:
    return {d["kind"]: d["points"] for d in rep.outcome.breakdown["declarations"][str(seat)]}


def test_king_trumped_the_fool_and_declarations_from_the_hands():
    rep = judge(KING)
    assert rep.valid, rep.diagnostics
    out = rep.outcome
    assert out.result == "+25 0"
    assert points(rep, 1) == {"greater": 10, "lesser": 5, "trumps": 10, "tarots": 15, "sequence": 5}
    # seat 2 has two sequences: T16..T11 (5) and KS..8S (10), and twelve trumps (10)
    assert out.breakdown["declaration_points"] == {"1": 45, "2": 25}
    assert out.breakdown["tricks"] == {"1": 32, "2": 27}
    assert out.breakdown["kings_trumped"] == {"1": 5, "2": 0}


def test_the_ask_answered_moves_the_fool():
    rep = judge(ASK)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "0 +30"
    assert points(rep, 2)["trumps"] == 15  # twelve trumps and the Fool: 13
    assert points(rep, 2)["tarots"] == 15  # KS KC and the Fool received
    assert "ask" not in points(rep, 2)  # answered: nothing for asking
    assert rep.outcome.breakdown["tricks"] == {"1": 27, "2": 32}


def test_three_seats_and_the_unanswered_ask():
    rep = judge(ALL)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "+105 0 0"
    assert points(rep, 1) == {
        "ask": 5,
        "greater": 15,
        "lesser": 15,
        "trumps": 15,
        "tarots": 15,
        "sequence": 15,
    }
    assert rep.outcome.breakdown["totals"] == {"1": 130, "2": 25, "3": 20}


def test_the_discard_may_be_left_out():
    rep = judge(edit(KING, ("discard\n  4D 3D AD\n", "")))
    assert rep.valid, rep.diagnostics
    assert sorted(rep.outcome.breakdown["discard"]) == ["3D", "4D", "AD"]


def test_hands_inferred_from_the_play():
    text = re.sub(r"deal\n(  .*\n){4}discard\n  .*\n", "", KING)
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "+25 0"


def test_not_following_suit_is_refused_at_the_card():
    # seat 1 trumps the 7C lead with T3 though he holds 8C
    text = edit(KING, ("15. 7C 8C", "15. 7C T3"), ("17. T7 T3", "17. T7 8C"), result="*")
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == where(text, "  15.", "T3")
    assert first.code == "illegal-card" and "8C" in first.message


def test_a_card_of_the_dead_hand_is_refused():
    text = edit(KING, ("1. QD 9D", "1. QD 8D"), result="*")
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == where(text, "  1.", "8D")
    assert first.code == "card-not-held" and "dead hand" in first.message


def test_an_ask_with_three_tarots_is_refused():
    text = edit(KING, ("play\n", "announce\n  1: ask\nplay\n"), result="*")
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == (text.splitlines().index("  1: ask") + 1, 3)
    assert first.code == "bad-ask"


def test_an_ask_must_be_answered_by_a_seat_holding_a_tarot():
    text = edit(KING, ("play\n", "announce\n  2: ask\nplay\n"), result="*")
    assert [d.code for d in judge(text).diagnostics] == ["ask-unanswered"]


def test_an_announcement_of_cards_not_held_is_refused():
    text = edit(KING, ("play\n", "announce\n  1: greater T21 T20 T18\nplay\n"))
    (first, *_) = judge(text).diagnostics
    assert first.code == "bad-announcement" and "T18" in first.message


def test_the_dealer_discards_only_what_he_holds():
    text = edit(KING, ("  4D 3D AD\n", "  4D 8D AD\n"), result="*")
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == where(text, "  4D 8D AD", "8D")
    assert first.code == "discard-not-held"


def test_a_wrong_result_is_reported():
    rep = judge(edit(KING, result="+24 0"))
    assert [d.code for d in rep.diagnostics] == ["result-differs"]


def test_famous_hands_validate_and_say_where_they_come_from():
    paths = sorted(FAMOUS.glob("waite-tarot-*.tgn"))
    assert len(paths) >= 3
    for path in paths:
        (read,) = read_text(path.read_text(encoding="utf-8"), str(path))
        verdict = judge_file(read)
        assert verdict.valid, [str(d) for d in verdict.diagnostics]
        assert all(read.record.tag(t) for t in ("Title", "Annotator", "Source"))
        assert verdict.result is not None


def test_the_asker_gives_a_small_card_back():
    text = edit(ASK, ("  2>1: 2B\n", ""), result="*")
    codes = [d.code for d in judge(text).diagnostics]
    assert codes[0] == "bad-exchange"


def test_a_tarot_handed_to_a_seat_that_did_not_ask_is_refused():
    text = edit(ASK, ("  2: ask\n", "  2: sequence KS QS CS JS 10S 9S 8S\n"), result="*")
    (first, *_) = judge(text).diagnostics
    assert first.code == "bad-exchange" and "did not ask" in first.message
    assert (first.line, first.column) == (text.splitlines().index("  1>2: EX") + 1, 3)


def test_declarations_show_before_the_play_in_the_steps():
    steps = judge(ALL).steps
    kinds = [s.kind for s in steps]
    first_card = kinds.index("card")
    said = [s.text for s in steps[:first_card] if s.kind == "announce"]
    assert said[0].startswith("greater 15, lesser 15, trumps 15, tarots 15, sequence 15")
    assert said[0].endswith("asks for a third Tarot (5 points)")
    assert said[1:] == ["sequence 5, sequence 15", "sequence 10, sequence 10"]


def test_without_the_left_over_cards_the_dealer_hand_comes_from_the_play():
    rep = judge(edit(KING, ("  talon: KC 7C 2B\n", "")))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "+25 0"
