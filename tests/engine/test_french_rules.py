"""French tarot rules as small functions: auction, calls, écart, poignée, scoring.
Every expected figure is worked out by hand in the comments (rules/french-tarot.md)."""

from __future__ import annotations

import pytest
from test_french_deals import deal, replayed

from trunfu.engine.games.french_tarot.announce import check_chelem, held_faults, shape_faults
from trunfu.engine.games.french_tarot.calls import (
    call_fault,
    count_fault,
    found_partners,
)
from trunfu.engine.games.french_tarot.ecart import card_fault, check_ecart, spare_first
from trunfu.engine.games.french_tarot.rules import DECK, card_points
from trunfu.engine.games.french_tarot.scoring import counted_points
from trunfu.engine.games.french_tarot.state import FrenchState
from trunfu.engine.model import TrickResult


def test_card_points_total_91():
    # 3 oudlers 13.5 + kings 18 + queens 14 + cavaliers 10 + jacks 6 + 59 others 29.5
    assert sum(card_points(c) for c in DECK.order) == 91
    assert [card_points(c) for c in ("T21", "T1", "EX", "T20", "KS", "QH", "CD", "JC", "10S")] == [
        4.5,
        4.5,
        4.5,
        0.5,
        4.5,
        3.5,
        2.5,
        1.5,
        0.5,
    ]


# --- auction ------------------------------------------------------------------------


def auction(seats: int, dealer: int, hands: dict | None = None) -> FrenchState:
    """A deal of unknown hands (but `hands`) before the first call, under the fft rules."""
    return FrenchState(
        seats, dealer, "fft", {**dict.fromkeys(range(1, seats + 1)), **(hands or {})}, None, []
    )


def bid_faults(said: list[str], word: str, seats: int = 4) -> list:
    """What is wrong with `word` said after the calls `said` (the eldest is seat 1)."""
    state = auction(seats, dealer=seats)
    for earlier in said:
        state.perform(earlier)
    return state.check(word)


def test_a_bid_must_be_higher_than_every_earlier_one():
    assert bid_faults([], "prise") == []
    assert bid_faults(["passe", "garde"], "passe") == []
    (fault,) = bid_faults(["garde"], "prise", seats=3)
    assert fault.code == "low-bid"
    assert "seat 2 bids prise after garde by seat 1" in fault.message
    assert bid_faults(["passe", "garde"], "garde", seats=3)[0].code == "low-bid"  # not higher
    assert bid_faults(["passe", "garde-sans"], "garde-contre", seats=3) == []


def test_each_seat_speaks_once():
    # 3 seats, eldest 1: the fourth call is seat 1 again, even a pass
    for word in ("garde", "passe"):
        (fault,) = bid_faults(["prise", "passe", "passe"], word, seats=3)
        assert fault.code == "second-call" and "seat 1 speaks a second time" in fault.message


def test_speaking_order_starts_with_eldest():
    state = auction(4, dealer=1)
    for _ in range(5):
        state.perform("passe")
    assert state.speakers == [2, 3, 4, 1, 2]


def test_petit_sec():
    assert auction(3, 3, {3: ["T1", "KS", "QS", "2H"]}).sec == 3
    assert auction(3, 3, {3: ["T1", "EX", "KS"]}).sec is None
    assert auction(3, 3, {3: ["T1", "T2", "KS"]}).sec is None
    assert auction(3, 3, {3: ["KS", "QS"]}).sec is None
    (fault,) = auction(3, 3, {3: ["T1", "KS", "QS", "2H"]}).check("prise")
    assert fault.code == "petit-sec" and "seat 3 holds the Petit sec" in fault.message


# --- calls --------------------------------------------------------------------------

FOUR_KINGS = ["KS", "KH", "KD", "KC", "T5", "3S"]


def called(cards: list[str], hand: list[str] | None, seats: int, taker: int) -> list:
    """The faults of the taker calling `cards` one by one, then of their count."""
    faults = [call_fault(card, cards[:i], hand, seats, taker) for i, card in enumerate(cards)]
    return [f for f in [*faults, count_fault(len(cards), seats)] if f is not None]


def test_king_call_at_five_seats():
    assert called(["KH"], ["T5", "2S"], 5, taker=1) == []
    assert called(["KH"], ["KH", "2S"], 5, taker=1) == []  # his own king: allowed


def test_queen_call_needs_four_kings():
    (fault,) = called(["QH"], ["KS", "KH", "KD", "T3"], 5, taker=2)
    assert fault.code == "bad-call" and "does not hold all four kings" in fault.message
    assert called(["QH"], FOUR_KINGS, 5, taker=2) == []
    assert called(["KD"], FOUR_KINGS, 5, taker=2) == []  # may still call a king he holds
    (fault,) = called(["CH"], FOUR_KINGS, 5, taker=2)
    assert "four queens" in fault.message
    queens = [*FOUR_KINGS, "QS", "QH", "QD", "QC"]
    assert called(["CH"], queens, 5, taker=2) == []
    assert called(["JH"], queens, 5, taker=2)[0].code == "bad-call"
    # an unknown hand: any rank from the king down (nothing can be judged)
    assert called(["JH"], None, 5, taker=2) == []


def test_call_rejects_trumps_and_wrong_count():
    assert called(["T21"], [], 5, taker=1)[0].code == "bad-call"
    (fault,) = called(["KH", "KS"], [], 5, taker=1)  # the card too many is not judged
    assert fault.code == "call-count" and "(2 card(s) given)" in fault.message
    assert count_fault(0, 5).code == count_fault(1, 6).code == "call-count"
    assert count_fault(1, 4).code == "no-call"
    assert call_fault("KH", [], [], 4, taker=1) is None  # judged as a count, not a card


def test_six_seat_king_and_queen():
    assert called(["KH", "QS"], ["2S"], 6, taker=1) == []
    (fault,) = called(["KH", "KS"], ["2S"], 6, taker=1)
    assert fault.code == "bad-call" and "may not be a king" in fault.message
    (fault,) = called(["KH", "CS"], ["2S"], 6, taker=1)
    assert "four queens" in fault.message
    assert called(["KH", "CS"], ["QS", "QH", "QD", "QC"], 6, taker=1) == []
    assert called(["KH"], ["2S"], 6, taker=1)[0].code == "call-count"
    assert "twice" in called(["QH", "QH"], [*FOUR_KINGS], 6, taker=1)[0].message


def played(*cards: tuple[int, str]) -> list[TrickResult]:
    """One trick of `cards` (seat, card)."""
    return [TrickResult(number=1, leader=cards[0][0], cards=list(cards), winner=cards[0][0])]


def test_partners_leave_out_taker_and_chien():
    assert found_partners(played((3, "KH")), ["KH"], taker=1) == [3]
    assert found_partners(played((1, "KH")), ["KH"], taker=1) == []  # his own king: alone
    assert found_partners(played((2, "2S")), ["KH"], taker=1) == []  # in the chien: alone
    assert found_partners(played((4, "KH"), (2, "QS")), ["KH", "QS"], taker=1) == [4, 2]
    assert found_partners(played((4, "KH"), (4, "QS")), ["KH", "QS"], taker=1) == [4]


def test_a_called_card_written_twice_is_the_last_seat_s():
    tricks = [
        TrickResult(number=1, leader=1, cards=[(3, "KH"), (2, "2H")], winner=3),
        TrickResult(number=2, leader=1, cards=[(1, "3H"), (2, "KH")], winner=2),
    ]
    assert found_partners(tricks, ["KH"], taker=1) == [2]
    assert found_partners([], ["KH"], taker=1) == []


# --- écart --------------------------------------------------------------------------


def test_ecart_rules():
    hand = ["T21", "T10", "T3", "EX", "KS", "QS", "2S", "3S", "4H", "5H", "6H"]
    assert check_ecart(hand, ["QS", "2S", "3S", "4H", "5H", "6H"], 6, taker=1) == []
    (fault,) = check_ecart(hand, ["KS", "2S", "3S", "4H", "5H", "6H"], 6, taker=1)
    assert (fault.at, fault.code) == (0, "ecart-king")
    (fault,) = check_ecart(hand, ["T21", "2S", "3S", "4H", "5H", "6H"], 6, taker=1)
    assert fault.code == "ecart-oudler"
    (fault,) = check_ecart(hand, ["T10", "2S", "3S", "4H", "5H", "6H"], 6, taker=1)
    assert fault.code == "ecart-trump" and "still holding QS" in fault.message
    # the size is told at the first card too many, else at the écart as a whole
    assert check_ecart(hand, ["2S", "3S"], 6, taker=1)[0].at is None
    faults = check_ecart(hand, ["QS", "2S", "3S", "4H", "5H", "6H", "T3"], 6, taker=1)
    assert (faults[0].at, faults[0].code) == (6, "ecart-size")
    assert check_ecart(hand, ["9C", "2S", "3S", "4H", "5H", "6H"], 6, taker=1)[0].code == (
        "ecart-not-held"
    )


def test_ecart_trumps_when_unavoidable():
    # only 4 suit cards that are not kings: two trumps must go with them
    hand = ["T21", "T10", "T3", "T2", "KS", "QS", "2S", "4H", "5H"]
    assert check_ecart(hand, ["QS", "2S", "4H", "5H", "T3", "T2"], 6, taker=1) == []
    assert check_ecart(hand, ["T10", "2S", "4H", "5H", "T3", "T2"], 6, taker=1)[0].code == (
        "ecart-trump"
    )


def test_an_ecart_made_card_by_card_puts_the_trumps_last():
    # judged on the écart so far, a trump is refused while a suit card could still go
    hand = ["T21", "T10", "T3", "T2", "KS", "QS", "2S", "4H", "5H"]
    ecart = spare_first(["T3", "T2", "QS", "2S", "4H", "5H"])
    assert ecart == ["QS", "2S", "4H", "5H", "T3", "T2"]
    assert [card_fault(hand, ecart[: i + 1], i, 1) for i in range(6)] == [None] * 6
    assert card_fault(hand, ["T3"], 0, 1).code == "ecart-trump"


# --- announcements ------------------------------------------------------------------

TEN = ["T21", "T18", "T15", "T14", "T12", "T9", "T7", "T5", "T3", "T2"]


def test_poignee_sizes_per_seats():
    assert shape_faults(TEN, 4, 2, variant="fft", taker=1) == (0, [])
    level, faults = shape_faults(TEN, 3, 2, variant="fft", taker=1)
    assert level is None and faults[0].code == "poignee-size"  # 3 seats: 13/15/18
    assert shape_faults(TEN, 5, 2, variant="fft", taker=1) == (1, [])  # 8/10/13
    assert shape_faults(TEN[:8], 6, 1, variant="classic", taker=1) == (0, [])
    assert held_faults(TEN, [*TEN, "KS"], 2) == []
    level, faults = shape_faults(TEN[:9], 4, 2, variant="fft", taker=1)
    assert faults[0].at is None  # told at the announcement
    assert faults[0].code == "poignee-size" and "exactly 10, 13, 15" in faults[0].message


def test_poignee_card_not_held():
    hand = [*TEN[:9], "T4", "KS"]
    (fault,) = held_faults(TEN, hand, 3)
    assert (fault.at, fault.code) == (9, "poignee-not-held") and "T2" in fault.message


def test_poignee_excuse_only_without_other_trumps():
    nine = TEN[:9]
    shown = [*nine, "EX"]
    assert held_faults(shown, [*nine, "EX", "KS"], 1) == []
    (fault,) = held_faults(shown, [*nine, "T1", "EX"], 1)
    assert fault.code == "poignee-excuse" and "T1" in fault.message


def test_poignee_classic_taker_only():
    _level, (fault,) = shape_faults(TEN, 4, 2, variant="classic", taker=1)
    assert fault.code == "poignee-not-taker"


def test_chelem_announcement():
    assert check_chelem(1, 1, "fft") == []
    assert check_chelem(2, 1, "fft")[0].code == "chelem-not-taker"
    assert check_chelem(1, 1, "classic")[0].code == "chelem-variant"


# --- scoring, fft (whole deals of tests/engine/french/, replayed) -------------------


def scored(name: str, points: float, oudlers: int):
    """The outcome of the deal `name` (tests/engine/french/), replayed without a fault;
    its taker's side took `points` card points holding `oudlers` oudlers."""
    result = replayed(deal(name))
    assert result.diagnostics == [], [str(d) for d in result.diagnostics]
    breakdown = result.outcome.breakdown
    assert breakdown["card_points"]["taker"] == points and breakdown["oudlers"] == oudlers
    return result.outcome


def test_half_point_to_winning_side():
    assert counted_points(40.5, 41, "fft") == 40
    assert counted_points(41.5, 41, "fft") == 42
    assert counted_points(40.5, 41, "classic") == 40.5


def test_three_seats_40_5_fails_by_one():
    # 2 oudlers, target 41; 40.5 counts 40: lost by 1: X = -(25 + 1) = -26;
    # taker pays each of two defenders 26
    result = scored("fft-3-prise-40-5-fails-by-one.tgn", 40.5, 2)
    assert result.scores == [-52, 26, 26] and not result.won
    assert result.breakdown["margin"] == -1


def test_three_seats_41_5_wins_by_one():
    # 41.5 counts 42: won by 1: X = 26; taker (seat 2) +52
    result = scored("fft-3-prise-41-5-seat-2.tgn", 41.5, 2)
    assert result.scores == [-26, 52, -26] and result.won


def test_garde_sans_defender_takes_petit_au_bout():
    # garde sans (x4), 2 oudlers, 45 points: (25 + 4) x 4 = 116; the Petit au bout to the
    # defence: -10 x 4 = -40; X = 76 (each defender pays 76 instead of 116: +40 each)
    without = scored("fft-4-garde-sans-45.tgn", 45, 2)
    assert without.scores == [348, -116, -116, -116]
    result = scored("fft-4-garde-sans-45-petit-au-bout-3.tgn", 45, 2)
    assert result.scores == [228, -76, -76, -76]
    assert result.breakdown["petit_au_bout"] == {"seat": 3, "side": "defence", "points": -40}


def test_prise_defender_wins_last_trick_with_petit():
    # prise, 1 oudler, 53 points: 25 + 2 = 27; Petit au bout to the defence -10: X = 17
    result = scored("fft-4-prise-53-petit-au-bout-2.tgn", 53, 1)
    assert result.scores == [51, -17, -17, -17]


def test_defender_poignee_goes_to_winning_taker():
    # prise, 2 oudlers, exactly 41: 25; a defender's single poignée (20) goes to the side
    # that wins: X = 45; each defender pays 20 more than the bare 25
    result = scored("fft-4-prise-41-defender-poignee.tgn", 41, 2)
    assert result.scores == [135, -45, -45, -45]
    assert result.breakdown["poignees"] == [{"seat": 3, "poignee": "simple", "points": 20}]


def test_poignee_lost_by_taker():
    # prise, 2 oudlers, 36 points: -(25 + 5) = -30; taker's double poignée (30) goes to the
    # defence: X = -60
    result = scored("fft-4-prise-36-taker-double-poignee.tgn", 36, 2)
    assert result.scores == [-180, 60, 60, 60]


def test_chelem_announced_and_made():
    # garde, 3 oudlers, 91 points: (25 + 55) x 2 = 160; chelem announced and made +400
    # X = 560; taker +1680
    result = scored("fft-4-garde-chelem-made.tgn", 91, 3)
    assert result.scores == [1680, -560, -560, -560]
    assert result.breakdown["chelem"]["points"] == 400


def test_chelem_made_unannounced():
    # prise, 2 oudlers (a defender kept the Excuse), 87 points: 25 + 46 = 71; +200 -> 271
    result = scored("fft-4-prise-chelem-unannounced.tgn", 87, 2)
    assert result.scores == [813, -271, -271, -271]


def test_chelem_announced_and_failed():
    # garde, 3 oudlers, 80 points: (25 + 44) x 2 = 138; failed chelem -200: X = -62
    result = scored("fft-4-garde-chelem-failed.tgn", 80, 3)
    assert result.scores == [-186, 62, 62, 62]
    assert result.breakdown["chelem"] == {"kind": "announced and failed", "points": -200}


def test_defence_takes_every_trick():
    # prise, 0 oudlers, only the écart's 3 points: -(25 + 53) = -78; defence's chelem
    # -200: X = -278
    result = scored("fft-4-prise-defence-takes-every-trick.tgn", 3, 0)
    assert result.scores == [-834, 278, 278, 278]


def test_five_seats_shares():
    # garde, 2 oudlers, 51 points: (25 + 10) x 2 = 70; taker 2X, partner X, three defenders -X
    result = scored("fft-5-garde-51-partner-4.tgn", 51, 2)
    assert result.scores == [-70, 140, -70, 70, -70] and result.partners == [4]
    # alone against four (his own king called): 4X
    alone = scored("fft-5-garde-51-alone.tgn", 51, 2)
    assert alone.scores == [-70, 280, -70, -70, -70] and alone.partners == []


# --- scoring, classic ---------------------------------------------------------------


def test_classic_keeps_half_points():
    # 5 seats, prise alone, 2 oudlers, 40.5: lost by 0.5: X = -25.5; taker 4X = -102
    result = scored("classic-5-prise-40-5-alone.tgn", 40.5, 2)
    assert result.scores == [-102, 25.5, 25.5, 25.5, 25.5]


def test_classic_petit_au_bout_from_every_seat():
    # prise, 1 oudler, 61 points: 25 + 10 = 35: taker +105, defenders -35; the Petit in
    # the last trick won by seat 3: each other seat gives him 10: seat 3 -35 + 30 = -5,
    # taker 105 - 10 = 95, seats 2 and 4 -45
    result = scored("classic-4-prise-61-petit-au-bout-3.tgn", 61, 1)
    assert result.scores == [95, -45, -5, -45]


def test_classic_poignee_paid_by_each_seat():
    # prise, 2 oudlers, 41: X = 25 (taker +75); taker's single poignée, won: each seat pays
    # him 20: taker +135, defenders -45
    won = scored("classic-4-prise-41-poignee.tgn", 41, 2)
    assert won.scores == [135, -45, -45, -45]
    # lost (36 points: X = -30): he pays 20 to each: taker -90 - 60 = -150, defenders +50
    result = scored("classic-4-prise-36-poignee.tgn", 36, 2)
    assert result.scores == [-150, 50, 50, 50]


def test_classic_no_chelem_bonus():
    result = scored("classic-4-prise-all-tricks.tgn", 91, 3)
    # (25 + 55) x 1 = 80, nothing more: taker +240
    assert result.scores == [240, -80, -80, -80] and result.breakdown["chelem"] is None


@pytest.mark.parametrize(
    ("name", "partners", "expected"),
    [
        # X = 30 (prise, 2 oudlers, 46 points: 25 + 5). Alone: 5X = 150
        ("classic-6-prise-46-alone.tgn", [], [150, -30, -30, -30, -30, -30]),
        # one partner, four defenders: 4X = 120 split 3/4 (90) and 1/4 (30)
        ("classic-6-prise-46-partner-3.tgn", [3], [90, -30, 30, -30, -30, -30]),
        # two partners, three defenders: 3X = 90 split 1/2 (45), 1/3 (30), 1/6 (15)
        ("classic-6-prise-46-partners-5-2.tgn", [5, 2], [45, 15, -30, -30, 30, -30]),
    ],
)
def test_classic_six_seat_shares(name, partners, expected):
    result = scored(name, 46, 2)
    assert result.partners == partners
    assert result.scores == expected and sum(result.scores) == 0


def test_six_seat_shares_of_an_odd_total():
    # prise, 2 oudlers, 40 points: lost by 1: X = -26; two partners: taker 1.5X = -39,
    # first called -26, second called -13, three defenders +26
    result = scored("classic-6-prise-40-partners-2-3.tgn", 40, 2)
    assert result.partners == [2, 3]
    assert result.scores == [-39, -26, -13, 26, 26, 26]
