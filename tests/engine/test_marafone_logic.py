"""Marafone's small rules, worked out by hand: thirds and rounding, the maraffa, the
leader's words, `fuori` against MatchScore and Target, the Trionfo auction, goals and table."""

from __future__ import annotations

import pytest

from trunfu.engine.games.marafone.rules import (
    THIRDS,
    eleven_nil,
    fuori_right,
    holds_maraffa,
    parse_match_score,
    parse_target,
    points,
    team,
    trick_thirds,
    word_truth,
)
from trunfu.engine.games.marafone.trionfo import Auction, goal_met, scores


def test_card_thirds_by_rank():
    assert [THIRDS[c] for c in ("AD", "3C", "2S", "KB", "CD", "JC")] == [3, 1, 1, 1, 1, 1]
    assert [THIRDS[c] for c in ("7D", "6C", "5S", "4B")] == [0, 0, 0, 0]


def test_whole_deck_is_ten_and_two_thirds_plus_last_trick():
    from trunfu.notation.decks import GAMES

    # 4 aces x 3 + 20 cards (2, 3, K, C, J of four suits) x 1 = 32 thirds; + 3 last trick
    assert trick_thirds(GAMES["marafone"].order, last=True) == 35


def test_rounding_down_per_team():
    # 7 2/3 scores 7 (the seed's example); 23 thirds = 7 2/3
    assert points(23) == 7
    # 35 thirds split 18/17: 6 + 5 = 11; 20/15: 6 + 5 = 11; 21/14: 7 + 4 = 11
    assert [points(a) + points(35 - a) for a in (18, 20, 21)] == [11, 11, 11]


def test_trick_with_ace_and_figure_and_last():
    # A(3) + K(1) + 7(0) + 4(0) = 4 thirds; as last trick + 3 = 7
    assert trick_thirds(["AS", "KS", "7S", "4S"]) == 4
    assert trick_thirds(["AS", "KS", "7S", "4S"], last=True) == 7


def test_maraffa_needs_all_three():
    hand = ["AD", "2D", "3D", "KC"]
    assert holds_maraffa(hand, "D")
    assert not holds_maraffa(hand, "C")
    assert not holds_maraffa(["AD", "2D", "KC"], "D")


def test_signals_against_the_hand():
    assert word_truth("busso", "3S", [], exact=True)
    assert word_truth("striscio", "3S", ["4S", "KC"], exact=True) is True
    assert word_truth("striscio", "3S", ["KC"], exact=True) is False
    assert word_truth("volo", "3S", ["KC"], exact=True) is True
    assert word_truth("volo", "3S", ["4S"], exact=True) is False


def test_signals_against_a_hand_the_play_shows_in_part():
    # a later card of the suit proves `striscio` true and `volo` false; none proves nothing
    assert word_truth("striscio", "3S", ["4S"], exact=False) is True
    assert word_truth("volo", "3S", ["4S"], exact=False) is False
    assert word_truth("volo", "3S", ["KC"], exact=False) is None
    assert word_truth("striscio", "3S", [], exact=False) is None
    assert word_truth("busso", "3S", [], exact=False) is True


def test_teams_and_the_eleven_nil():
    assert [team(s) for s in (1, 2, 3, 4)] == [0, 1, 0, 1]
    assert eleven_nil(3) == (0, 11)
    assert eleven_nil(4) == (11, 0)


def test_match_tags():
    assert parse_target(None) == 41
    assert parse_target("31") == 31
    assert parse_target("x") is None
    assert parse_match_score(None) == (0, 0)
    assert parse_match_score("35 20") == (35, 20)
    assert parse_match_score("35") is None


def test_fuori_right_and_wrong():
    # team 2+4 had 36, has 5 so far: 41 >= 41 right; with 35 + 5 = 40 < 41 wrong
    assert fuori_right(2, (3, 5), (10, 36), 41)
    assert not fuori_right(4, (3, 5), (10, 35), 41)
    # short game: 27 + 4 = 31 >= 31
    assert fuori_right(1, (4, 2), (27, 0), 31)


def walk(first: int, words: list[str]) -> tuple[Auction, list[str | None]]:
    """The auction after `words`, and what `say` found wrong with each (None: taken)."""
    auction, problems = Auction(first), []
    for word in words:
        problems.append(auction.say(word))
    return auction, problems


def test_auction_ends_when_all_but_one_passed():
    auction, problems = walk(3, ["chiamo", "passo", "di-piu", "passo", "passo", "passo"])
    # seat 3 chiamo, 4 passo, 5 di-piu, 1 passo, 2 passo, 3 passo: seat 5 is the signore
    assert problems == [None] * 6
    assert auction.over and auction.bidder == 5 and auction.bid == "di-piu"
    assert auction.speakers == [3, 4, 5, 1, 2, 3]


def test_auction_bid_not_higher_is_refused():
    auction, problems = walk(1, ["di-piu", "chiamo"])
    assert problems[0] is None
    assert "not higher" in problems[1]
    assert auction.bid == "di-piu" and auction.calls == ["di-piu"] and auction.turn == 2


def test_auction_all_pass_and_nothing_after():
    auction, problems = walk(2, ["passo"] * 5 + ["chiamo"])
    assert problems[:5] == [None] * 5
    assert auction.thrown_in and "over" in problems[5]


def test_last_seat_must_still_speak_after_four_passes():
    auction, _ = walk(1, ["passo"] * 4)
    assert not auction.over and auction.turn == 5


def test_scoring_table():
    # chiamo won: signore 3 +2, amico 5 +1, the others -1 each: sum 0
    assert scores("chiamo", 3, 5, True) == [-1, -1, 2, -1, 1]
    assert scores("chiamo", 3, 5, False) == [1, 1, -2, 1, -1]
    # calling his own card: +4 / -1 x 4
    assert scores("chiamo", 2, None, True) == [-1, 4, -1, -1, -1]
    assert scores("chiamo", 2, 2, False) == [1, -4, 1, 1, 1]
    assert scores("di-piu", 1, None, True) == [8, -2, -2, -2, -2]
    assert scores("maso", 4, None, False) == [4, 4, 4, -16, 4]
    assert scores("maso-dei-masi", 5, None, True) == [-8, -8, -8, -8, 32]


def tricks(*winners_and_cards):
    """(winner, thirds) of each trick, the last of eight with its point."""
    return [(w, trick_thirds(c, last=n == 8)) for n, (w, c) in enumerate(winners_and_cards, 1)]


def test_goal_six_points_with_the_amico():
    full = tricks(
        (1, ["AS", "3S", "2S", "KS", "CS"]),  # 7 thirds to seat 1
        (2, ["AD", "3D", "4D", "5D", "6D"]),  # 4 to seat 2 (amico)
        (3, ["AC", "2C", "4C", "5C", "6C"]),  # 4 to seat 3
        (1, ["JS", "7S", "6S", "5S", "4S"]),  # 1 to seat 1
        (4, ["AB", "3B", "2B", "KB", "CB"]),  # 7 to seat 4
        (1, ["JB", "7B", "6B", "5B", "4B"]),  # 1
        (2, ["KD", "CD", "JD", "2D", "7D"]),  # 4 to seat 2
        (5, ["3C", "KC", "CC", "JC", "7C"]),  # 4 + 3 last = 7 to seat 5
    )
    # signore 1 + amico 2: 7 + 4 + 1 + 1 + 4 = 17 thirds = 5 2/3 → 5 < 6: lost
    assert not goal_met("chiamo", 1, {1, 2}, full)
    # with seat 3 as amico instead: 7 + 4 + 1 + 1 = 13: lost; with 4: 7 + 1 + 7 + 1 = 16
    assert not goal_met("chiamo", 1, {1, 4}, full)
    # seat 4 with amico 5: 7 + 7 = 14. Seat 1 with 2 and... give seat 1 trick 5 as well:
    full[4] = (1, full[4][1])  # seat 1 now 7 + 1 + 7 + 1 = 16, with amico 2: 16 + 8 = 24
    assert goal_met("chiamo", 1, {1, 2}, full)
    assert goal_met("di-piu", 1, {1}, full) is False  # alone 16 thirds = 5 1/3


def test_maso_six_before_the_others_make_one():
    won = tricks(
        (1, ["AS", "3S", "2S", "KS", "CS"]),  # 7
        (1, ["AB", "3B", "2B", "KB", "CB"]),  # 14
        (1, ["AD", "3D", "2D", "KD", "CD"]),  # 21 >= 18 before the others have any
        (2, ["AC", "3C", "2C", "KC", "CC"]),
        *[(2, ["4S", "5S", "6S", "7S", "JS"])] * 4,
    )
    assert goal_met("maso", 1, {1}, won)
    lost = [won[3], *won[:3], *won[4:]]  # the others make 7 thirds first
    assert not goal_met("maso", 1, {1}, lost)


def test_maso_dei_masi_every_trick():
    all_tricks = tricks(*[(3, ["4S", "5S", "6S", "7S", "JS"])] * 8)
    assert goal_met("maso-dei-masi", 3, {3}, all_tricks)
    assert not goal_met("maso-dei-masi", 3, {3}, [*all_tricks[:7], (4, all_tricks[7][1])])


@pytest.mark.parametrize("bid", ["chiamo", "di-piu", "maso", "maso-dei-masi"])
def test_every_table_row_sums_to_zero(bid):
    for won in (True, False):
        assert sum(scores(bid, 1, 2 if bid == "chiamo" else None, won)) == 0
