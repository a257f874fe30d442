"""Hand-built French tarot deals, each scored by hand in its comments (tests/engine/french/),
and records the referee must reject at the right place."""

from __future__ import annotations

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
