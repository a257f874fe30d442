"""The Game of Tarot's small rules, worked out by hand: every declaration, the trick
scores with the Fool and a trumped king, and the result as a difference."""

from __future__ import annotations

from trunfu.engine.games.waite_tarot.declarations import announced, declarations, sequences
from trunfu.engine.games.waite_tarot.scoring import difference_result, king_trumped, tally
from trunfu.engine.model import TrickResult


def kinds(hand):
    return {(d.kind, d.points) for d in declarations(hand)}


def test_greater_trumps_three_four_five():
    assert ("greater", 5) in kinds(["T21", "T19", "T17", "2D"])
    assert ("greater", 10) in kinds(["T21", "T20", "T19", "T17"])
    assert ("greater", 15) in kinds(["T21", "T20", "T19", "T18", "T17"])
    assert not any(k == "greater" for k, _ in kinds(["T21", "T20", "T16"]))


def test_lesser_trumps():
    assert ("lesser", 5) in kinds(["T1", "T3", "T5"])
    assert ("lesser", 10) in kinds(["T1", "T2", "T3", "T5"])


def test_ten_and_thirteen_trumps_fool_counts_one():
    # T6, T8, T10, ... T24 would not exist: take ten even-spaced trumps, no sequence of 4
    ten = ["T2", "T4", "T6", "T8", "T10", "T12", "T14", "T16", "T18", "T20"]
    assert ("trumps", 10) in kinds(ten)
    assert not any(k == "trumps" for k, _ in kinds(ten[:9]))
    # nine trumps and the Fool: ten
    assert ("trumps", 10) in kinds([*ten[:9], "EX"])
    thirteen = [*ten, "T1", "T3", "EX"]
    assert ("trumps", 15) in kinds(thirteen)


def test_tarots_each_three():
    assert ("tarots", 15) in kinds(["T21", "EX", "KD"])
    assert ("tarots", 15) in kinds(["T21", "EX", "KD", "KC", "KS"])  # 5 Tarots: one three
    assert ("tarots", 30) in kinds(["T21", "EX", "T1", "KD", "KC", "KS"])
    assert not any(k == "tarots" for k, _ in kinds(["KD", "KC"]))


def test_sequences_by_length():
    # K Q C J of coins: 4 in rank order → 5
    assert sequences(["KD", "QD", "CD", "JD", "9D"]) == [("KD", "QD", "CD", "JD")]
    seven = ["10C", "9C", "8C", "7C", "6C", "5C", "4C"]
    assert ("sequence", 10) in kinds(seven)
    ten = ["T15", "T14", "T13", "T12", "T11", "T10", "T9", "T8", "T7", "T6"]
    assert ("sequence", 15) in kinds(ten)
    # a run of 3 scores nothing; the Fool is not next to T1
    assert sequences(["EX", "T1", "T2", "T3"]) == []
    # two runs in one suit score apart: K Q C J and 9 8 7 6
    assert len(sequences(["KS", "QS", "CS", "JS", "9S", "8S", "7S", "6S"])) == 2


def test_combinations_are_independent():
    # T21..T17 (greater 15) is also a run of 5 (sequence 5); T21 alone is no three Tarots
    hand = ["T21", "T20", "T19", "T18", "T17"]
    assert kinds(hand) == {("greater", 15), ("sequence", 5)}


def test_announced_items():
    assert announced("greater", ["T21", "T20", "T19", "T18"]) == (10, None)
    assert announced("greater", ["T21", "T20", "T16"])[1] is not None
    assert announced("tarots", ["T21", "EX", "KB"]) == (15, None)
    assert announced("sequence", ["QB", "CB", "JB", "10B"]) == (5, None)
    assert announced("sequence", ["QB", "CB", "10B", "9B"])[1] is not None  # J missing
    assert announced("sequence", ["QB", "QC", "CB", "JB"])[1] is not None  # two suits
    assert announced("trumps", [f"T{n}" for n in range(1, 11)]) == (10, None)


def test_announced_card_shown_twice():
    # a card counts once: ten trumps and three repeats are no thirteen, six Tarots no double
    ten = [f"T{n}" for n in range(1, 11)]
    assert announced("trumps", [*ten, "T1", "T2", "T3"])[1] is not None
    assert announced("tarots", ["T21", "EX", "KB", "T21", "EX", "KB"])[1] is not None
    assert announced("greater", ["T21", "T20", "T19", "T19"])[1] is not None


def test_trick_values():
    def worth(*cards: str) -> int:  # of a trick led and won by seat 1
        return tally([TrickResult(1, 1, list(enumerate(cards, 1)), 1)], len(cards))[0][1]

    assert worth("KD", "2D") == 5  # a king is a Tarot
    assert worth("T1", "T5") == 5  # the Pagad
    assert worth("QC", "CC", "2C") == 4
    assert worth("CC", "JC") == 3
    assert worth("JB", "2B") == 2
    assert worth("9S", "T4") == 1
    assert worth("9S", "EX") == 1  # the Fool is not in the trick


def test_king_trumped():
    assert king_trumped(["KD", "T3"], "T3")
    assert not king_trumped(["KD", "2D"], "KD")  # not trumped
    assert not king_trumped(["T5", "KD"], "T5")  # a king thrown on a trump lead
    assert king_trumped(["EX", "KD", "T2"], "T2")  # the Fool led: the king sets the suit


def test_difference_result():
    assert difference_result([62, 48]) == [14, 0]
    assert difference_result([30, 30]) == [0, 0]
    assert difference_result([20, 45, 31]) == [0, 14, 0]
    assert difference_result([40, 40, 10]) == [0, 0, 0]
