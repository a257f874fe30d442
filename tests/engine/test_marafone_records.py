"""Four-seat marafone hands with results worked out by hand, and records refused at the
right place. They start from data/famous/marafone-maraffa-led.tgn, whose arithmetic is:

  seats 1+3: trick 1 (AD) 3, 2 (3D KD CD JD) 4, 3 (2D) 1, 4 0, 5 (3C 2C AC KC) 6,
             6 (CC JC) 2 = 16 thirds = 5 1/3 → 5 points;
  seats 2+4: trick 7 (3S 2S AS) 5, 8 (KS CS JS) 3, 9 (3B 2B) 2, 10 (AB KB CB JB) 6,
             last trick 3 = 19 thirds = 6 1/3 → 6 points;
  seat 1 holds AD 2D 3D (coins are trumps) and leads AD first: maraffa, 3 more for 1+3."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trunfu.engine import replay
from trunfu.notation.reader import read_text
from trunfu.referee import judge as judge_file

FAMOUS = Path(__file__).resolve().parents[2] / "data" / "famous"
BASE = (FAMOUS / "marafone-maraffa-led.tgn").read_text(encoding="utf-8")
PLAIN = re.sub(r"\s*\{[^}]*\}", "", BASE).replace("AD!", "AD")
"""The base hand without comments, annotations or words."""
for word in (" striscio", " volo", " busso"):
    PLAIN = PLAIN.replace(word, "")


def variant(*edits: tuple[str, str], result: str | None = None, text: str = PLAIN) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    if result is not None:
        text = re.sub(r'\[Result "[^"]*"\]', f'[Result "{result}"]', text)
    return text


def judge(text: str):
    (read,) = read_text(text)
    assert read.ok, [str(d) for d in read.diagnostics]
    return replay(read.record)


def where(text: str, line_text: str, token: str) -> tuple[int, int]:
    """Line and column of `token` on the line starting with `line_text`."""
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(line_text):
            return number, line.index(token, len(line_text) - 1) + 1
    raise AssertionError(line_text)


def test_maraffa_led_from_the_ace_and_true_words():
    rep = judge(BASE)
    assert rep.valid, rep.diagnostics
    out = rep.outcome
    assert out.result == "+8 +6 +8 +6"
    assert out.breakdown["thirds"] == {"1+3": 16, "2+4": 19}
    assert out.breakdown["maraffa"] == {"seat": 1, "team": "1+3", "ace_first": True}
    assert [(s["word"], s["true"]) for s in out.breakdown["signals"]] == [
        ("striscio", True),
        ("volo", True),
        ("busso", True),
    ]


def test_maraffa_without_the_ace_first_scores_no_bonus():
    # 3D first, AD second: trick 1 (3D) 1, trick 2 (AD KD CD JD) 3 + 3 = 6: 1+3 still 16
    # thirds = 5, but no maraffa: 5 and 6.
    text = variant(("1. AD 5D", "1. 3D 5D"), ("2. 3D KD", "2. AD KD"), result="+5 +6 +5 +6")
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.breakdown["maraffa"]["ace_first"] is False


def test_one_hand_is_enough_to_place_the_play():
    # only seat 2's hand is given: the play fits the table one way round only
    text = re.sub(r"  [134]: .*\n", "", BASE)
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "+8 +6 +8 +6"


def test_without_any_hand_the_leader_is_unknown():
    # the same play turned round the table fits every seat as the holder of 4D
    text = variant(("deal\n", ""), result="*")
    text = re.sub(r"  [1234]: .*\n", "", text)
    assert [d.code for d in judge(text).diagnostics] == ["unknown-leader"]


@pytest.mark.parametrize(
    ("edit", "result", "seat"),
    [
        # seat 1 says striscio on CC but has no cups left: 1+3 lose 11-0
        (("6. CC JC", "6. CC striscio JC"), "0 +11 0 +11", 1),
        # seat 1 says volo on 3C but still holds CC
        (("5. 3C 2C", "5. 3C volo 2C"), "0 +11 0 +11", 1),
        # seat 2 says striscio on KS, his last sword: 2+4 lose 11-0
        (("8. KS CS", "8. KS striscio CS"), "+11 0 +11 0", 2),
        # seat 2 says volo on 3B but still holds AB
        (("9. 3B 6B", "9. 3B volo 6B"), "+11 0 +11 0", 2),
    ],
)
def test_a_false_word_loses_the_hand_eleven_nil(edit, result, seat):
    rep = judge(variant(edit, result=result))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.breakdown["irregularity"]["seat"] == seat
    assert rep.outcome.breakdown["end"] == "irregularity"


def test_true_volo_and_striscio_by_seat_two():
    # KS volo (no swords left after it) and 3B striscio (AB still held): no change, 8 and 6
    text = variant(("8. KS CS", "8. KS volo CS"), ("9. 3B 6B", "9. 3B striscio 6B"))
    rep = judge(variant(text=text, result="+8 +6 +8 +6"))
    assert rep.valid, rep.diagnostics


def test_a_word_from_a_seat_that_did_not_lead_is_refused_at_the_word():
    text = variant(("7. 6S 3S 2S", "7. 6S 3S 2S busso"), result="*")
    rep = judge(text)
    (first, *_) = rep.diagnostics
    assert (first.line, first.column) == where(text, "  7.", "busso")
    assert first.code == "signal-not-leader"


def test_fuori_right():
    rep = judge((FAMOUS / "marafone-fuori-at-forty-one.tgn").read_text(encoding="utf-8"))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.result == "+8 0 +8 0"
    assert rep.outcome.breakdown["claim"]["right"] is True


def test_fuori_wrong_is_eleven_nil():
    # 32 + 8 = 40 < 41: wrong, 11 to seats 2+4
    famous = (FAMOUS / "marafone-fuori-at-forty-one.tgn").read_text(encoding="utf-8")
    text = variant(('MatchScore "33 30"', 'MatchScore "32 30"'), result="0 +11 0 +11", text=famous)
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.breakdown["claim"]["right"] is False


def test_fuori_in_the_short_game():
    # Target 31: 23 + 8 = 31, right
    famous = (FAMOUS / "marafone-fuori-at-forty-one.tgn").read_text(encoding="utf-8")
    text = variant(
        ('MatchScore "33 30"', 'MatchScore "23 10"'), ('Target "41"', 'Target "31"'), text=famous
    )
    assert judge(text).valid


def test_penalty_stops_the_hand():
    text = variant(("  4. 4D", "  penalty 2\n  4. 4D"), result="+11 0 +11 0")
    text = text.split("  4. 4D")[0].rstrip() + "\n"
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.breakdown["claim"] == {"kind": "penalty", "seat": 2, "after_trick": 3}


def test_play_after_a_claim_is_refused():
    text = variant(("  4. 4D", "  penalty 2\n  4. 4D"), result="+11 0 +11 0")
    codes = [d.code for d in judge(text).diagnostics]
    assert codes == ["play-after-claim"]


def test_not_following_suit_is_refused_at_the_card():
    # seat 3 discards 6B on the spade lead of trick 7 while holding 2S
    text = variant(("7. 6S 3S 2S AS", "7. 6S 3S 6B AS"), ("9. 3B 6B", "9. 3B 2S"), result="*")
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == where(text, "  7.", "6B")
    assert first.code == "illegal-card"
    assert "2S" in first.message


def test_a_card_not_held_is_refused_at_the_card():
    # seat 2 plays JD, dealt to seat 4 (the record stops after trick 1)
    text = variant(("1. AD 5D 6D 7D", "1. AD JD 6D 7D"), result="*").split("  2. ")[0]
    (first, *_) = judge(text).diagnostics
    assert (first.line, first.column) == where(text, "  1.", "JD")
    assert first.code == "card-not-held"


def test_a_wrong_result_is_reported():
    rep = judge(variant(result="+7 +6 +7 +6"))
    assert [d.code for d in rep.diagnostics] == ["result-differs"]


def test_the_trump_must_be_named():
    text = variant(("trump\n  D\n", ""), result="*")
    assert [d.code for d in judge(text).diagnostics] == ["no-trump"]


def test_trumps_not_of_the_deck_are_refused_without_an_internal_error():
    (read,) = read_text(variant(("trump\n  D\n", "trump\n  H\n"), result="*"))
    codes = [d.code for d in replay(read.record).diagnostics]
    assert codes == ["unknown-action"]


def test_famous_hands_validate_and_say_where_they_come_from():
    paths = sorted(FAMOUS.glob("marafone-*.tgn"))
    assert len(paths) >= 3
    for path in paths:
        (read,) = read_text(path.read_text(encoding="utf-8"), str(path))
        verdict = judge_file(read)
        assert verdict.valid, [str(d) for d in verdict.diagnostics]
        assert all(read.record.tag(t) for t in ("Title", "Annotator", "Source"))
        assert verdict.result is not None


def test_the_false_striscio_famous_hand_is_scored_eleven_nil():
    rep = judge((FAMOUS / "marafone-false-striscio.tgn").read_text(encoding="utf-8"))
    assert rep.outcome.result == "+11 0 +11 0"
    assert rep.outcome.breakdown["irregularity"]["seat"] == 2


def test_words_show_in_the_steps_of_their_cards():
    steps = judge(BASE).steps
    said = [s.text for s in steps if s.kind == "card" and " " in s.text]
    assert said == ["3C striscio", "CC volo", "6S busso"]
    assert [s.kind for s in steps[:2]] == ["deal", "call"]  # the deal, then the trump named
    assert steps[-1].kind == "end" and steps[-1].label.endswith("+8 +6 +8 +6")
