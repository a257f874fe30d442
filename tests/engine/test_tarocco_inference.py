"""Records that leave out hands, talon or scarto: the referee infers them from the play and
still checks and scores the deal (results worked out by hand in test_tarocco_records.py)."""

import re

import pytest
from test_tarocco_records import DEAL_A, DEAL_B, DEAL_C, DEAL_D, DEAL_E, DEAL_F, WORKED

from trunfu.engine import replay
from trunfu.notation.reader import read_records, read_text
from trunfu.referee import judge

DEALS = {"A": DEAL_A, "B": DEAL_B, "C": DEAL_C, "D": DEAL_D, "E": DEAL_E, "F": DEAL_F}


def without(text: str, hands: bool = True, talon: bool = False, discard: bool = False) -> str:
    lines = text.splitlines()
    if "deal" in lines:
        start = lines.index("deal")
        end = lines.index("auction")
        kept = [
            line
            for line in lines[start + 1 : end]
            if not (hands and re.match(r"  \d: ", line))
            and not (talon and line.startswith("  talon:"))
        ]
        lines[start:end] = ["deal", *kept] if kept else []
    if discard and "discard" in lines:
        i = lines.index("discard")
        del lines[i : i + 2]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(set(DEALS) - {"F"}))  # F: see below
@pytest.mark.parametrize(
    "cut", [{"hands": True}, {"hands": True, "discard": True}, {"talon": True, "discard": True}]
)
def test_same_result_with_hands_inferred(name, cut):
    text = without(DEALS[name], **cut)
    [read] = read_text(text)
    verdict = judge(read)
    assert verdict.valid, [str(d) for d in verdict.diagnostics]
    tag = read.record.tag("Result")
    assert verdict.result == tag


def test_scarto_is_inferred_as_the_cards_never_played():
    found = replay(read_records(without(DEAL_A, discard=True))[0])
    discard = next(s for s in found.steps if s.kind == "discard")
    assert sorted(discard.discard) == ["5S", "6S", "7S"] and "inferred" in discard.label


def without_seat_1(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("  1: ")) + "\n"


def test_forced_call_holder_cannot_be_told_from_the_play_alone():
    # Deal F without hands: the seats of the play are known only relative to its first
    # leader, the seat after the caller, and everybody passed: any seat may hold Giove
    [d] = judge(read_text(without(DEAL_F))[0]).diagnostics
    assert d.code == "unknown-caller"


def test_forced_call_holder_found_from_the_other_hands():
    # Deal F with seats 2-4 given and seat 1 left out: Giove can only be seat 1's
    text = without_seat_1(without(DEAL_F, hands=False, discard=True))
    verdict = judge(read_text(text)[0])
    assert verdict.valid and verdict.result == "+5 -5 +5 -5"
    out = replay(read_records(text)[0]).outcome
    assert out.declarer == 1 and out.partners == [3]


def test_called_card_played_by_the_caller_came_from_the_talon():
    # Deal E without hands and talon: seat 3 plays T19 himself: it was in the talon
    out = replay(read_records(without(DEAL_E, talon=True))[0]).outcome
    assert out.contract == "forced-solo"


def test_wrong_forced_call_with_inferred_hands():
    # deal F without seat 1's hand nor the scarto, seat 1 calling T18: he ends with the 15
    # trumps T20, T18-T5 he plays and the never-played 5S 6S 7S, so he lacks T19 first
    text = without_seat_1(without(DEAL_F, hands=False, discard=True))
    text = text.replace("call\n  T19", "call\n  T18")
    [d] = judge(read_text(text)[0]).diagnostics
    assert d.code == "wrong-call" and d.message.endswith("he does not hold, T19")


def test_wrong_chiamo_proved_by_a_higher_trump_of_another_seat():
    # the worked example without hands or talon, seat 3 calling T18: seat 4 plays T19 in
    # trick 10, so seat 3 did not hold it and had to call it
    text = without(WORKED.read_text(encoding="utf-8"), talon=True).replace(
        "chiamo T19", "chiamo T18"
    )
    [d] = judge(read_text(text)[0]).diagnostics
    assert d.code == "wrong-call"
    assert "did not hold T19 (seat 4 played it in trick 10)" in d.message


def test_revoke_by_a_seat_whose_hand_is_unknown_with_the_others_known():
    # Deal A, seat 3's hand left out; in trick 1 he plays 9D to KS while holding T0 (played
    # in trick 3): a failure to trump proved by the later card
    text = DEAL_A.replace("  1. KS T0 T2", "  1. KS 9D T2").replace(
        "  3. T19 QD 9D", "  3. T19 QD T0"
    )
    text = "\n".join(line for line in text.splitlines() if not line.startswith("  3: ")) + "\n"
    [d] = judge(read_text(text)[0]).diagnostics
    assert d.message == (
        "trick 1: seat 3 played 9D but held T0: without swords a seat must trump "
        "(T0 played in trick 3)"
    )


def test_steps_follow_the_deal():
    found = replay(read_records(DEAL_C)[0])
    kinds = [s.kind for s in found.steps]
    assert kinds[:2] == ["deal", "packet"]
    assert kinds.count("packet") == 4 and kinds.count("call") == 10
    after = kinds[kinds.index("talon") :]
    assert after[:3] == ["talon", "discard", "announce"]
    assert after.count("card") == 60 and after.count("trick") == 20 and after[-1] == "end"
    talon = next(s for s in found.steps if s.kind == "talon")
    assert len(talon.hands[1]) == 23  # 20 dealt + 3 from the talon
    last = found.steps[-1]
    assert last.points == {"declarer": 99, "opponents": 10}
    first_card = next(s for s in found.steps if s.kind == "card")
    assert first_card.seat == 2 and first_card.text == "KS" and first_card.line > 0


def test_a_talon_card_played_by_another_seat():
    # Deal A without hands: the talon (T3 T2 7S) is seat 1's; in trick 19 seat 2 is written
    # with T3 (and seat 1 with QB): one error, at T3, and no revokes invented from it
    text = without(DEAL_A).replace("  19. T3 QB 5B", "  19. QB T3 5B")
    text = text.replace('[Result "+6 -3 -3"]', '[Result "*"]')
    [d] = judge(read_text(text)[0]).diagnostics
    assert d.code == "card-not-held" and d.column == 10
    assert d.message == "trick 19: seat 2 played T3 but it was in the talon, taken by seat 1"


def test_no_revokes_invented_after_an_impossible_card():
    # Deal A with only the soloist's hand: trick 18 written `KB T4 6B` gives seat 2 the T4
    # dealt to seat 1. The first error is there; seat 2 is not accused of revokes in tricks
    # 3-17 on the strength of the cards written after it.
    text = "\n".join(
        line for line in DEAL_A.splitlines() if not line.startswith(("  2: ", "  3: ", "  talon"))
    )
    text = text.replace("  18. T4 KB 6B", "  18. KB T4 6B").replace('"+6 -3 -3"', '"*"') + "\n"
    found = judge(read_text(text)[0]).diagnostics
    assert found[0].message == "trick 18: seat 2 played T4 but it was dealt to seat 1"
    assert all(d.code == "card-not-held" for d in found)
