"""The fft's exception for the triple poignée, read at every seat count: a trump the taker
was forced to put in the écart (kings and oudlers may not go, and no other card was left
to put aside) is shown again with his poignée and counts as held. A trump put aside when
he could have kept it is not.

The deals in tests/engine/french/ named below are scored by hand in their comments; the
figures here are copied from that arithmetic, not from the engine."""

from __future__ import annotations

import re

import pytest
from test_french_deals import at, deal, replayed

from trunfu.engine.games.french_tarot.announce import held_faults, shape_faults
from trunfu.engine.games.french_tarot.ecart import forced_trumps
from trunfu.notation.reader import read_text
from trunfu.referee import judge

FOUR = "fft-4-garde-triple-poignee-ecart-trump.tgn"
FIVE = "fft-5-prise-triple-poignee-ecart-trumps.tgn"
SIX = "classic-6-prise-double-poignee-ecart-trumps.tgn"

# file → (Result worked out by hand in the file's comments, breakdown facts, the trumps
# forced into the écart and shown again)
HAND_SCORED = {
    # 4 kings and 15 trumps: T6 forced aside; garde (25 + 44) x 2 = 138, triple +40
    FOUR: (
        "+534 -178 -178 -178",
        {
            "card_points": {"taker": 85, "defence": 6},
            "oudlers": 2,
            "margin": 44,
            "base": 138,
            "poignees": [{"seat": 1, "poignee": "triple", "points": 40}],
            "side_total": 178,
        },
        ["T6"],
    ),
    # 4 kings and 13 trumps: T10 T9 forced aside; prise 80.5 counts 81, 65 + 40 = 105
    FIVE: (
        "+210 -105 -105 +105 -105",
        {
            "partners": [4],
            "card_points": {"taker": 80.5, "defence": 10.5},
            "counted": 81,
            "base": 65,
            "poignees": [{"seat": 1, "poignee": "triple", "points": 40}],
            "side_total": 105,
        },
        ["T10", "T9"],
    ),
    # 4 kings and 10 trumps: T13 T12 forced aside; a double (not a single) poignée
    SIX: (
        "+256.5 -101 +41 -101 +5.5 -101",
        {
            "variant": "classic",
            "partners": [3, 5],
            "card_points": {"taker": 87, "defence": 4},
            "base": 71,
            "poignees": [{"seat": 1, "poignee": "double", "points": 30}],
            "side_total": 71,
        },
        ["T13", "T12"],
    ),
}


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_validate_accepts_the_poignee_with_the_forced_trumps(name):
    (read,) = read_text(deal(name), name)
    verdict = judge(read)
    assert verdict.diagnostics == [], [str(d) for d in verdict.diagnostics]
    assert verdict.valid and verdict.result == read.record.tag("Result")


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
def test_the_poignee_with_the_forced_trumps_is_scored(name):
    expected, facts, aside = HAND_SCORED[name]
    text = deal(name)
    shown = text.split("poignee ")[1].split("\n")[0].split()
    ecart = text.split("discard\n")[1].split("\n")[0].split()
    assert set(aside) <= set(shown) and set(aside) <= set(ecart)  # the case under test
    result = replayed(text)
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.result == expected
    assert sum(result.outcome.scores) == 0
    for key, value in facts.items():
        assert result.outcome.breakdown[key] == value, key


@pytest.mark.parametrize("name", sorted(HAND_SCORED))
@pytest.mark.parametrize("cut", ["discard", "deal and discard"])
def test_same_result_when_the_ecart_is_inferred(name, cut):
    # the écart is then the cards nobody played (and the taker's hand what he played)
    text = re.sub(r"discard\n(  .*\n)", "", deal(name))
    if cut == "deal and discard":
        text = re.sub(r"deal\n(  .*\n)+", "", text)
    result = replayed(text)
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    assert result.outcome.result == HAND_SCORED[name][0]


# the 4-seat taker keeps AD and puts aside T7 and T6 instead: neither trump was forced
NOT_FORCED = (
    deal(FOUR)
    .replace('[Result "+534 -178 -178 -178"]\n', "")
    .replace("discard\n  T6 2S AS 2H AH AD", "discard\n  T7 T6 2S AS 2H AH")
    .replace("18. T7 4C 7C QC", "18. AD 4C 7C QC")
)


def test_reject_a_trump_put_aside_when_not_forced_then_shown():
    found = replayed(NOT_FORCED).diagnostics
    where = {(d.code, (d.line, d.column)) for d in found}
    shown_at = at(NOT_FORCED, "1: poignee")[0]
    line = NOT_FORCED.splitlines()[shown_at - 1]
    assert where == {
        ("ecart-trump", at(NOT_FORCED, "T7 T6 2S")),
        ("ecart-trump", at(NOT_FORCED, "T6 2S")),
        ("poignee-not-held", (shown_at, line.index("T7") + 1)),
        ("poignee-not-held", (shown_at, line.index("T6") + 1)),
    }, [str(d) for d in found]
    held = [d for d in found if d.code == "poignee-not-held"]
    assert all("could do otherwise" in d.message for d in held)
    (read,) = read_text(NOT_FORCED)
    assert not judge(read).valid


FULL = (
    ["KS", "KH", "KD", "KC", "EX"]
    + [f"T{n}" for n in (21, *range(19, 5, -1))]
    + ["2S", "AS", "2H", "AH"]
)
"""A 4-seat taker's 24 cards: four kings, the Excuse, 15 trumps and four small cards:
two trumps must go with the small cards."""
ECART = ["T7", "T6", "2S", "AS", "2H", "AH"]
HAND = [c for c in FULL if c not in ECART]
"""His 18 cards after the écart: the kings, the Excuse and 13 trumps."""


def test_forced_trumps_only_when_nothing_else_could_go():
    assert forced_trumps(FULL, ECART, 6) == ["T7", "T6"]
    # 2S kept: T8 T7 T6 could have been 2S
    assert forced_trumps(FULL, ["T8", "T7", "T6", "AS", "2H", "AH"], 6) == []
    # a wrong-sized écart proves nothing
    assert forced_trumps(FULL, [*ECART, "T8"], 6) == []
    # an oudler put aside is an error of its own, never a forced trump
    assert forced_trumps(FULL, ["T21", "T6", "2S", "AS", "2H", "AH"], 6) == ["T6"]


def test_the_excuse_stands_in_only_when_the_forced_trumps_are_shown():
    thirteen = [c for c in HAND if c.startswith("T")]
    assert len(HAND) == 18 and len(thirteen) == 13
    both = [*thirteen, "T7", "T6"]
    assert shape_faults(both, 4, 1, variant="fft", taker=1) == (2, [])
    assert held_faults(both, HAND, 1, aside=["T7", "T6"]) == []
    # the Excuse for T6 while T6, put aside, counts as held: refused
    shown = [*thirteen, "T7", "EX"]
    (fault,) = held_faults(shown, HAND, 1, aside=["T7", "T6"])
    assert (fault.at, fault.code) == (14, "poignee-excuse") and "T6" in fault.message
