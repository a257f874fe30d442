"""Hand-built French tarot deals, each scored by hand in its comments (tests/engine/french/),
and records the referee must reject at the right place."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trunfu.engine import replay
from trunfu.notation.reader import read_text

DEALS = Path(__file__).parent / "french"


def replayed(text: str):
    (read,) = read_text(text)
    assert read.diagnostics == [], [str(d) for d in read.diagnostics]
    return replay(read.record)


def deal(name: str) -> str:
    return (DEALS / name).read_text(encoding="utf-8")


# file → (Result worked out by hand in the file's comments, breakdown facts)
HAND_SCORED = {
    "fft-3-prise-petit-au-bout-defence.tgn": (
        "-80 +40 +40",
        {"card_points": {"taker": 46.5, "defence": 44.5}, "oudlers": 1, "target": 51, "margin": -5},
    ),
    "classic-3-prise-petit-au-bout.tgn": (
        "-69 +19.5 +49.5",
        {"margin": -4.5, "petit_au_bout": {"seat": 3, "side": "defence", "points": 20}},
    ),
    "fft-4-garde-poignee.tgn": (
        "-174 +522 -174 -174",
        {"card_points": {"taker": 88, "defence": 3}, "oudlers": 3, "multiplier": 2},
    ),
    "fft-5-prise-chelem-unannounced.tgn": (
        "-280 +560 -280 +280 -280",
        {"partners": [4], "chelem": {"kind": "made unannounced", "points": 200}},
    ),
    "classic-5-prise-partner.tgn": ("-80 +160 -80 +80 -80", {"partners": [4], "chelem": None}),
    "fft-4-garde-sans-chelem-announced.tgn": (
        "-760 +2280 -760 -760",
        {
            "chelem": {"kind": "announced and made", "points": 400},
            "card_points": {"taker": 91, "defence": 0},
        },
    ),
    "fft-4-garde-sans-chelem-failed.tgn": (
        "-100 +300 -100 -100",
        {"chelem": {"kind": "announced and failed", "points": -200}, "oudlers": 2, "target": 41},
    ),
    "fft-4-prise-defence-chelem.tgn": (
        "-894 +298 +298 +298",
        {
            "chelem": {"kind": "defence took every trick", "points": -200},
            "poignees": [{"seat": 2, "poignee": "simple", "points": -20}],
        },
    ),
    "classic-4-prise-lost.tgn": ("-234 +78 +78 +78", {"chelem": None, "target": 56}),
    "classic-6-garde-two-partners.tgn": (
        "+363 -172 +112 -172 +41 -172",
        {"partners": [3, 5], "card_points": {"taker": 87, "defence": 4}, "side_total": 142},
    ),
}


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_hand_scored_deal(name):
    expected, facts = HAND_SCORED[name]
    result = replayed(deal(name))
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.result == expected
    for key, value in facts.items():
        assert result.outcome.breakdown[key] == value, key


def test_excuse_wins_the_last_trick_of_a_slam_only_in_fft():
    fft = replayed(deal("fft-5-prise-chelem-unannounced.tgn"))
    classic = replayed(deal("classic-5-prise-partner.tgn"))
    assert fft.tricks[-1].winner == 2  # seat 2's Excuse
    assert classic.tricks[-1].winner == 4  # QH of seat 4


def test_partner_known_when_called_king_played():
    result = replayed(deal("fft-5-prise-chelem-unannounced.tgn"))
    known = [s.partner_known for s in result.steps if s.kind == "trick"]
    assert known[:8] == [False] * 8 and all(known[8:])  # KH falls in trick 9


def test_wrong_result_is_reported_on_the_result_tag():
    text = deal("fft-4-garde-poignee.tgn").replace("-174 +522 -174 -174", "-170 +510 -170 -170")
    (diagnostic,) = replayed(text).diagnostics
    assert diagnostic.code == "result-differs" and diagnostic.line == 15


def test_chelem_announced_taker_leads():
    result = replayed(deal("fft-4-garde-sans-chelem-announced.tgn"))
    assert result.tricks[0].leader == 2  # the taker, not the eldest (seat 1)
    assert result.tricks[-1].winner == 2  # his Excuse wins the slam's last trick


# --- records the referee must reject, each at the right line and column -----------


def at(text: str, needle: str, nth: int = 1) -> tuple[int, int]:
    """(line, column) of the nth occurrence of `needle` in `text`, 1-based."""
    start = -1
    for _ in range(nth):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    return line, start - (text.rfind("\n", 0, start) + 1) + 1


def cut(text: str, tricks: int) -> str:
    """`text` without its Result tag and with only the first `tricks` tricks."""
    kept = []
    for line in text.splitlines():
        if line.startswith("[Result"):
            continue
        number = line.strip().split(".")[0]
        if line.startswith("  ") and number.isdigit() and int(number) > tricks:
            continue
        kept.append(line)
    return "\n".join(kept) + "\n"


def rejected(text: str, needle: str, code: str, nth: int = 1):
    found = replayed(text).diagnostics
    assert found, "the record was accepted"
    first = found[0]
    assert (first.code, (first.line, first.column)) == (code, at(text, needle, nth)), [
        str(d) for d in found
    ]
    return first


GARDE = deal("fft-4-garde-poignee.tgn")


def test_reject_not_beating_on_a_trump_lead():
    # the taker leads T10; seat 1 holds T11 but plays T7
    text = cut(GARDE, 1) + "  2. T10 T4 T3 T7\n"
    first = rejected(text, "T7\n", "illegal-card")
    assert "seat 1 played T7 but held T11" in first.message


def test_reject_king_in_the_ecart():
    text = cut(GARDE, 1).replace("discard\n  7C 6C 5C 4C 3C 2C", "discard\n  KC 6C 5C 4C 3C 2C")
    rejected(text, "KC 6C", "ecart-king")


def test_reject_poignee_with_the_wrong_count():
    text = cut(GARDE, 1).replace("T13 T12\n", "T13 T12 T10\n")
    rejected(text, "2: poignee", "poignee-size")


def test_reject_poignee_card_not_held():
    text = cut(GARDE, 1).replace("T13 T12\n", "T13 T11\n")
    rejected(text, "T11\n", "poignee-not-held")


def test_reject_lower_bid():
    text = cut(GARDE, 1).replace("passe garde passe passe", "passe garde prise passe")
    rejected(text, "prise", "low-bid")


def test_reject_second_bid_by_the_same_seat():
    text = cut(GARDE, 1).replace("passe garde passe passe", "passe garde passe passe garde-sans")
    rejected(text, "garde-sans", "second-call")


def test_reject_first_lead_in_the_called_suit():
    text = cut(deal("fft-5-prise-chelem-unannounced.tgn"), 0) + "  1. 10H T14 7H KH AH\n"
    first = rejected(text, "10H T14", "illegal-card")
    assert "called suit" in first.message


UNDERTRUMP = """[Game "french-tarot"]
[Seats "4"]
[Dealer "4"]

deal
  1: KS QS CS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH CH JH
  2: T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T4 T3
  3: KD QD CD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D AD 10H 9H 8H 7H
  4: T5 T2 T1 EX KC QC CC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C AC
  talon: 6H 5H 4H 3H 2H AH
auction
  passe garde-sans passe passe
play
  1. KS T3 2D T2
"""


def test_reject_under_trumping_when_able_to_overtrump():
    # spades led; seat 2 trumps with T3; seat 4, void in spades, holds T5 but plays T2
    first = rejected(UNDERTRUMP, "T2\n", "illegal-card")
    assert "held T5, higher than T3" in first.message
    assert replayed(UNDERTRUMP.replace("2D T2", "2D T5")).diagnostics == []


def test_reject_ecart_in_garde_sans():
    text = UNDERTRUMP.replace("play\n", "discard\n  6H 5H 4H 3H 2H AH\nplay\n")
    rejected(text, "discard", "no-ecart")


def test_reject_chelem_in_classic_and_poignee_by_a_defender_in_classic():
    text = deal("classic-4-prise-lost.tgn").replace(
        "play\n", "announce\n  2: poignee T21 T20 T19 T18 T17 T16 T15 T14 T13 T12\nplay\n"
    )
    rejected(text, "2: poignee", "poignee-not-taker")


PETIT_SEC = UNDERTRUMP.replace("T5 T2 T1 EX KC", "T1 KH QH CH KC").replace(
    "KS QS CS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH CH JH",
    "KS QS CS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS T5 T2 EX JH",
)


def test_petit_sec_throws_the_deal_in():
    # seat 4's only trump is the Petit and he has no Excuse: fft throws the deal in
    first = rejected(PETIT_SEC, "garde-sans", "petit-sec")
    assert "seat 4 holds the Petit sec" in first.message
    text = PETIT_SEC.replace("passe garde-sans passe passe", "passe passe passe passe").replace(
        "play\n  1. KS T3 2D T2\n", ""
    )
    result = replayed(text.replace('[Dealer "4"]', '[Dealer "4"]\n[Result "0 0 0 0"]'))
    assert result.diagnostics == [] and result.outcome.thrown_in
    # the classic rules know no petit sec
    classic = PETIT_SEC.replace('[Dealer "4"]', '[Dealer "4"]\n[Variant "classic"]')
    classic = classic.replace("KS T3 2D T2", "KS T3 2D T1")
    assert replayed(classic).diagnostics == []


def test_all_pass_is_thrown_in():
    text = UNDERTRUMP.replace("passe garde-sans passe passe", "passe passe passe passe").replace(
        "play\n  1. KS T3 2D T2\n", ""
    )
    result = replayed(text.replace('[Dealer "4"]', '[Dealer "4"]\n[Result "0 0 0 0"]'))
    assert result.diagnostics == [] and result.outcome.result == "0 0 0 0"


def test_fft_is_not_played_by_six():
    text = deal("classic-6-garde-two-partners.tgn").replace(
        '[Dealer "6"]', '[Dealer "6"]\n[Variant "fft"]'
    )
    rejected(text, '"fft"', "variant-seats")


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "path",
    sorted((ROOT / "data" / "famous").glob("french-tarot-*.tgn"))
    + sorted((ROOT / "data" / "examples").glob("french-tarot-*.tgn")),
    ids=lambda p: p.name,
)
def test_shipped_french_records_validate(path):
    from trunfu.referee import judge

    reads = read_text(path.read_text(encoding="utf-8"), str(path))
    assert reads
    for read in reads:
        verdict = judge(read)
        assert verdict.valid, [str(d) for d in verdict.diagnostics]
        assert verdict.result == read.record.tag("Result")
        if "famous" in str(path):
            assert read.record.tag("Title") and read.record.tag("Annotator")
            assert "constructed by trunfu" in read.record.tag("Source")


def test_calling_ones_own_king_plays_alone():
    # the 5-seat deal with KD called (the taker's own king): seat 2 plays alone.
    # Trick 8 (2S 6S 10S 2C 8S, 2.5) now goes to the defence (seat 4), so the Excuse's
    # side has not won every trick: the Excuse led to trick 15 goes to its winner, QH of
    # seat 4: EX 4.5 + 7H 0.5 + QH 3.5 + 3H 0.5 + 10H 0.5 = 9.5. Defence 12, taker 79,
    # oudlers T21 and T1: target 41, margin 38: X = 25 + 38 = 63; alone: 4X = 252.
    text = deal("fft-5-prise-chelem-unannounced.tgn").replace("call\n  KH", "call\n  KD")
    text = text.replace("-280 +560 -280 +280 -280", "-63 +252 -63 -63 -63")
    result = replayed(text)
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.partners == [] and result.outcome.breakdown["card_points"] == {
        "taker": 79,
        "defence": 12,
    }


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_same_result_without_deal_and_ecart(name):
    # hands and écart inferred from the play: the cards nobody played form the écart
    text = re.sub(r"discard\n(  .*\n)", "", re.sub(r"deal\n(  .*\n)+", "", deal(name)))
    result = replayed(text)
    assert result.diagnostics == [] and result.outcome.result == HAND_SCORED[name][0]


def test_first_lead_of_the_called_king_itself_is_allowed():
    # the 5-seat deal with KH and 10H swapped between seats 1 and 4: the eldest now holds
    # the called king and may lead it (the partner is then seat 1)
    text = cut(deal("fft-5-prise-chelem-unannounced.tgn"), 0)
    text = text.replace("T7 9S 8S 10H 9H", "T7 9S 8S KH 9H").replace("10S KH QH", "10S 10H QH")
    result = replayed(text + "  1. KH T14 7H 10H AH\n")
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.steps[-1].partner_known
    found = replayed(text + "  1. 9H T14 7H 10H AH\n").diagnostics
    assert [d.code for d in found] == ["illegal-card"] and "called suit" in found[0].message


FIVE = deal("fft-5-prise-chelem-unannounced.tgn")


@pytest.mark.parametrize(
    ("old", "new", "needle", "code"),
    [
        # a seat label that is not the speaker's (seat 1 speaks first: dealer 5)
        ("passe prise passe", "passe 3: prise passe", "prise passe passe passe", "out-of-turn"),
        # French tarot has one round of bids
        (
            "passe prise passe passe passe",
            "passe prise passe passe passe / passe",
            "/",
            "one-round",
        ),
        # an auction that stops before every seat has spoken, followed by the play
        (
            "passe prise passe passe passe",
            "passe prise passe",
            "auction",
            "auction-incomplete",
        ),
        # 5 seats: no call of a partner before the play
        ("call\n  KH\n", "", "auction", "call-missing"),
        # a queen called without the four kings
        ("call\n  KH", "call\n  QH", "QH\n", "bad-call"),
        # a chelem announced by a defender
        ("discard\n", "announce\n  3: chelem\ndiscard\n", "3: chelem", "chelem-not-taker"),
    ],
)
def test_reject_five_seat_mutations(old, new, needle, code):
    text = cut(FIVE, 1)
    assert old in text
    rejected(text.replace(old, new), needle, code)


def test_reject_call_at_four_seats_and_play_after_all_pass():
    text = cut(GARDE, 1).replace("discard\n", "call\n  KH\ndiscard\n")
    (read,) = read_text(text)
    assert [d.code for d in read.diagnostics] == ["unexpected-section"]  # the reader's
    text = cut(GARDE, 1).replace("passe garde passe passe", "passe passe passe passe")
    rejected(text, "discard", "thrown-in")
