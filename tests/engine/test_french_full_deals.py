"""Full French tarot deals (fft) for the cases test_french_rules.py checks only on the
scoring functions: a 5-seat taker alone (called king in the chien, his own king called),
the 3-seat half points, the Petit au bout taken by a defender in a garde sans and won by a
defender's Petit in a prise, and a defender's poignée when the taker wins.

Every record in tests/engine/french/ named below is scored by hand in its comments; the
figures here are copied from that arithmetic, not from the engine."""

from __future__ import annotations

import re

import pytest
from test_french_deals import at, deal, replayed

from trunfu.notation.reader import read_text
from trunfu.referee import judge

# file → (Result worked out by hand in the file's comments, breakdown facts from the same
# arithmetic)
HAND_SCORED = {
    # called KH in the chien: alone against four, 4X = 4 x 132
    "fft-5-garde-called-king-in-chien.tgn": (
        "-132 -132 +528 -132 -132",
        {
            "taker": 3,
            "partners": [],
            "called": ["KH"],
            "card_points": {"taker": 72, "defence": 19},
            "oudlers": 2,
            "target": 41,
            "margin": 31,
            "multiplier": 2,
            "base": 112,
            "poignees": [{"seat": 3, "poignee": "simple", "points": 20}],
            "petit_au_bout": None,
            "side_total": 132,
        },
    ),
    # his own KD called: alone, fails with 37.5 (counts 37): 4X = 4 x -29
    "fft-5-prise-own-king-called.tgn": (
        "+29 -116 +29 +29 +29",
        {
            "taker": 2,
            "partners": [],
            "called": ["KD"],
            "card_points": {"taker": 37.5, "defence": 53.5},
            "oudlers": 2,
            "target": 41,
            "counted": 37,
            "margin": -4,
            "won": False,
            "side_total": -29,
        },
    ),
    # 40.5 with two oudlers counts 40: lost by one
    "fft-3-prise-40-5-fails-by-one.tgn": (
        "-52 +26 +26",
        {
            "card_points": {"taker": 40.5, "defence": 50.5},
            "oudlers": 2,
            "target": 41,
            "counted": 40,
            "margin": -1,
            "won": False,
            "side_total": -26,
        },
    ),
    # 41.5 with two oudlers counts 42: won by one
    "fft-3-prise-41-5-wins-by-one.tgn": (
        "+52 -26 -26",
        {
            "card_points": {"taker": 41.5, "defence": 49.5},
            "oudlers": 2,
            "target": 41,
            "counted": 42,
            "margin": 1,
            "won": True,
            "side_total": 26,
        },
    ),
    # (25 + 21) x 4 = 184, the defence's Petit au bout -40: X = 144
    "fft-4-garde-sans-petit-au-bout-defence.tgn": (
        "-144 +432 -144 -144",
        {
            "contract": "garde-sans",
            "card_points": {"taker": 72, "defence": 19},
            "oudlers": 1,
            "target": 51,
            "margin": 21,
            "multiplier": 4,
            "base": 184,
            "petit_au_bout": {"seat": 3, "side": "defence", "points": -40},
            "side_total": 144,
        },
    ),
    # 25 + 26 = 51, the defender's Petit au bout -10: X = 41
    "fft-4-prise-petit-au-bout-defender.tgn": (
        "-41 -41 +123 -41",
        {
            "contract": "prise",
            "card_points": {"taker": 77, "defence": 14},
            "oudlers": 1,
            "target": 51,
            "margin": 26,
            "multiplier": 1,
            "base": 51,
            "petit_au_bout": {"seat": 4, "side": "defence", "points": -10},
            "side_total": 41,
        },
    ),
    # (25 + 35) x 2 = 120, seat 1's (a defender's) poignée +20 to the winning taker
    "fft-4-garde-defender-poignee.tgn": (
        "-140 -140 -140 +420",
        {
            "taker": 4,
            "card_points": {"taker": 71, "defence": 20},
            "oudlers": 3,
            "target": 36,
            "margin": 35,
            "multiplier": 2,
            "base": 120,
            "poignees": [{"seat": 1, "poignee": "simple", "points": 20}],
            "won": True,
            "side_total": 140,
        },
    ),
}


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_validate_accepts_the_record(name):
    # what `trunfu validate` runs: no diagnostics, and the Result tag is the computed one
    (read,) = read_text(deal(name), name)
    verdict = judge(read)
    assert verdict.diagnostics == [], [str(d) for d in verdict.diagnostics]
    assert verdict.valid and verdict.result == read.record.tag("Result")


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_hand_scored_full_deal(name):
    expected, facts = HAND_SCORED[name]
    result = replayed(deal(name))
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    outcome = result.outcome
    assert outcome.result == expected
    assert sum(outcome.scores) == 0
    assert outcome.breakdown["card_points"]["taker"] + outcome.breakdown["card_points"][
        "defence"
    ] == pytest.approx(91)
    for key, value in facts.items():
        assert outcome.breakdown[key] == value, key


@pytest.mark.parametrize(
    ("name", "taker", "x"),
    [("fft-5-garde-called-king-in-chien.tgn", 3, 132), ("fft-5-prise-own-king-called.tgn", 2, -29)],
)
def test_five_seat_taker_alone_takes_four_shares(name, taker, x):
    outcome = replayed(deal(name)).outcome
    assert outcome.partners == [] and outcome.declarer == taker
    assert outcome.scores == [4 * x if seat == taker else -x for seat in range(1, 6)]


def test_called_king_from_the_chien_is_played_by_the_taker():
    # KH lay in the chien: the taker takes it with the chien and plays it in trick 11
    result = replayed(deal("fft-5-garde-called-king-in-chien.tgn"))
    (trick,) = [t for t in result.tricks if (3, "KH") in t.cards]
    assert trick.number == 11 and trick.winner == 3


def test_half_point_deals_differ_only_in_the_play_order():
    # the same hands and chien; seat 2 plays CS on KS (41.5) instead of JS (40.5)
    fails = deal("fft-3-prise-40-5-fails-by-one.tgn")
    wins = deal("fft-3-prise-41-5-wins-by-one.tgn")
    assert fails.split("deal\n")[1].split("play\n")[0] == wins.split("deal\n")[1].split("play\n")[0]
    assert replayed(fails).tricks[8].cards == [(1, "KS"), (2, "JS"), (3, "4S")]
    assert replayed(wins).tricks[8].cards == [(1, "KS"), (2, "CS"), (3, "4S")]


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        # classic keeps the half point: 40.5 against 41 is lost by 0.5:
        # X = -(25 + 0.5) = -25.5, taker 2X = -51
        ("fft-3-prise-40-5-fails-by-one.tgn", "-52 +26 +26", "-51 +25.5 +25.5"),
        # 41.5 wins by 0.5: X = 25.5, taker +51
        ("fft-3-prise-41-5-wins-by-one.tgn", "+52 -26 -26", "+51 -25.5 -25.5"),
    ],
)
def test_half_point_deals_in_classic_are_not_rounded(name, old, new):
    text = deal(name).replace(old, new).replace('[Dealer "3"]', '[Dealer "3"]\n[Variant "classic"]')
    result = replayed(text)
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.result == new
    assert abs(result.outcome.breakdown["margin"]) == 0.5


@pytest.mark.parametrize(
    ("name", "winner", "cards"),
    [
        # seat 3 leads T2 to the last trick; the taker's last card is the Petit
        (
            "fft-4-garde-sans-petit-au-bout-defence.tgn",
            3,
            [(3, "T2"), (4, "10D"), (1, "9D"), (2, "T1")],
        ),
        # the taker leads 9D; seat 4's last card, the Petit, is the only trump
        ("fft-4-prise-petit-au-bout-defender.tgn", 4, [(3, "9D"), (4, "T1"), (1, "KC"), (2, "6C")]),
    ],
)
def test_defence_wins_the_last_trick_with_the_petit_in_it(name, winner, cards):
    last = replayed(deal(name)).tricks[-1]
    assert (last.number, last.winner, last.cards) == (18, winner, cards)


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_same_result_without_deal_and_ecart(name):
    # hands inferred from the play; the cards nobody played form the écart (or the chien)
    text = re.sub(r"discard\n(  .*\n)", "", re.sub(r"deal\n(  .*\n)+", "", deal(name)))
    result = replayed(text)
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.result == HAND_SCORED[name][0]


def test_reject_first_lead_in_the_called_suit_with_the_king_in_the_chien():
    # the rule holds wherever the called king lies: seat 1 may not lead 7H in trick 1
    text = deal("fft-5-garde-called-king-in-chien.tgn")
    text = text.split("play\n")[0].replace('[Result "-132 -132 +528 -132 -132"]\n', "")
    text += "play\n  1. 7H 8H KH 5H 6H\n"
    (first, *_) = replayed(text).diagnostics
    assert (first.code, (first.line, first.column)) == ("illegal-card", at(text, "7H 8H KH"))
    assert "called suit" in first.message
