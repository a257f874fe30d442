"""The shared follow rules and trick winners (engine/tricks.py, engine/cards.py)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine.cards import card_name, strengths, suit_of
from trunfu.engine.tricks import (
    ExcuseLead,
    FollowRules,
    Overtrump,
    is_legal,
    legal_cards,
    legal_trick_winner,
    trick_winner,
)
from trunfu.notation.decks import GAMES

SICILIAN = FollowRules(game="tarocco-siciliano", excuse_lead=ExcuseLead.LAST)
FRENCH = FollowRules(game="french-tarot", overtrump=Overtrump.IN_TRICK)
MARAFONE = FollowRules(game="marafone", must_trump=False, excuse=False)
SICILIAN_78 = FollowRules(game="french-tarot", excuse_lead=ExcuseLead.LAST)
FRENCH_LEAD = FollowRules(game="french-tarot", overtrump=Overtrump.TRUMP_LEAD)


def test_suits():
    assert suit_of("T0") == "T"
    assert suit_of("T20") == "T"
    assert suit_of("EX") == "EX"
    assert suit_of("10S") == "S"
    assert suit_of("CB") == "B"  # the cavallo of batons, not a cups card


def test_strength_follows_the_trick_order():
    sicilian, marafone = strengths("tarocco-siciliano"), strengths("marafone")
    assert sicilian["T20"] > sicilian["T1"] > sicilian["T0"]
    assert sicilian["KS"] > sicilian["CS"]
    assert marafone["3D"] > marafone["AD"] > marafone["KD"]


def test_names():
    assert card_name("tarocco-siciliano", "T20").startswith("Giove")
    assert "Fuggitivo" in card_name("tarocco-siciliano", "EX")
    assert card_name("tarocco-siciliano", "KS") == "the king of swords (KS)"
    assert "Petit" in card_name("french-tarot", "T1")


def test_follow_suit_without_beating():
    hand = ["T5", "KS", "6S", "9D"]
    assert sorted(legal_cards(hand, ["QS"], SICILIAN)) == ["6S", "KS"]


def test_void_must_trump_any_trump_in_sicilian():
    hand = ["T5", "T2", "9D", "EX"]
    # the T12 already played need not be beaten; the Fuggitivo is always allowed
    assert sorted(legal_cards(hand, ["QS", "T12"], SICILIAN)) == ["EX", "T2", "T5"]


def test_void_of_suit_and_trumps_plays_anything():
    assert sorted(legal_cards(["9D", "5C"], ["QS"], SICILIAN)) == ["5C", "9D"]


def test_french_must_overtrump_when_able():
    hand = ["T5", "T15", "9D"]
    assert legal_cards(hand, ["T10"], FRENCH) == ["T15"]
    assert legal_cards(hand, ["QS", "T10"], FRENCH) == ["T15"]
    # cannot overtrump: any trump (undertrump)
    assert sorted(legal_cards(["T5", "T2", "9D"], ["QS", "T10"], FRENCH)) == ["T2", "T5"]


def test_trump_lead_only_overtrump():
    rules = FollowRules(game="french-tarot", overtrump=Overtrump.TRUMP_LEAD)
    hand = ["T5", "T15"]
    assert legal_cards(hand, ["T10"], rules) == ["T15"]
    assert sorted(legal_cards(hand, ["QS", "T10"], rules)) == ["T15", "T5"]


def test_fuggitivo_leads_only_the_last_trick():
    hand = ["EX", "KS"]
    assert legal_cards(hand, [], SICILIAN) == ["KS"]
    assert sorted(legal_cards(hand, [], SICILIAN, last=True)) == ["EX", "KS"]
    assert sorted(legal_cards(hand, [], FRENCH)) == ["EX", "KS"]
    assert legal_cards(["EX"], [], SICILIAN) == ["EX"]


def test_after_an_excuse_lead_the_second_card_sets_the_suit():
    assert legal_cards(["KS", "T3", "9D"], ["EX"], SICILIAN) == ["KS", "T3", "9D"]
    assert sorted(legal_cards(["KS", "T3", "9D"], ["EX", "5D"], SICILIAN)) == ["9D"]
    assert trick_winner(["EX", "5D", "KS", "9D"], SICILIAN) == 3


def test_winner():
    assert trick_winner(["QS", "KS", "5S"], SICILIAN) == 1
    assert trick_winner(["QS", "KS", "T0"], SICILIAN) == 2  # the Miseria is a trump
    assert trick_winner(["KD", "T1", "T20", "EX"], SICILIAN) == 2
    assert trick_winner(["5S", "KD"], SICILIAN) == 0  # off-suit never wins


def test_named_trump_suit():
    # marafone: no duty to trump, the trump suit named by the caller wins
    assert sorted(legal_cards(["3D", "4C"], ["KS"], MARAFONE, "D")) == ["3D", "4C"]
    assert trick_winner(["3S", "4D", "2S"], MARAFONE, "D") == 1
    assert trick_winner(["4S", "3S", "2S"], MARAFONE, "D") == 1


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["french-tarot"].order),
    table_size=st.integers(0, 3),
    rules=st.sampled_from([SICILIAN_78, FRENCH, FRENCH_LEAD]),
    last=st.booleans(),
)
def test_is_legal_agrees_with_legal_cards(deck, table_size, rules, last):
    hand, table = list(deck[:8]), list(deck[8 : 8 + table_size])
    legal = legal_cards(hand, table, rules, last=last)
    assert [c for c in hand if is_legal(c, hand, table, rules, last=last)] == [
        c for c in hand if c in legal
    ]


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["marafone"].order),
    table_size=st.integers(0, 3),
    rules=st.sampled_from(
        [MARAFONE, FollowRules(game="marafone", excuse=False, overtrump=Overtrump.IN_TRICK)]
    ),
    trump=st.sampled_from(["D", "S", None]),
)
def test_is_legal_agrees_with_legal_cards_under_a_named_trump(deck, table_size, rules, trump):
    # a few cards per hand, so that voids in the suit led and in trumps are frequent
    hand, table = list(deck[:4]), list(deck[4 : 4 + table_size])
    legal = legal_cards(hand, table, rules, trump)
    assert [c for c in hand if is_legal(c, hand, table, rules, trump)] == [
        c for c in hand if c in legal
    ]


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["french-tarot"].order),
    picks=st.lists(st.integers(0, 5), min_size=1, max_size=4),
    rules=st.sampled_from([SICILIAN_78, FRENCH, FRENCH_LEAD]),
    last=st.booleans(),
)
def test_legal_trick_winner_agrees_with_is_legal_card_by_card_and_finds_the_winner(
    deck, picks, rules, last
):
    # seat i holds deck[6i : 6i + 6] and plays its card number picks[i]
    hands = [list(deck[6 * i : 6 * i + 6]) for i in range(len(picks))]
    trick = [hand[pick] for hand, pick in zip(hands, picks, strict=True)]
    expected = all(
        is_legal(card, hand, trick[:i], rules, last=last)
        for i, (card, hand) in enumerate(zip(trick, hands, strict=True))
    )
    winner = trick_winner(trick, rules) if expected else None
    assert legal_trick_winner(trick, hands, rules, last=last) == winner


def test_legal_trick_winner_finds_a_revoke_and_a_missed_overtrump():
    hands = [["QS", "T2"], ["KS", "T9"], ["5D", "T4", "T12"]]
    assert legal_trick_winner(["QS", "KS", "T12"], hands, FRENCH) is not None
    assert legal_trick_winner(["QS", "T9", "T12"], hands, FRENCH) is None  # seat 2 held KS
    assert legal_trick_winner(["T2", "T9", "T4"], hands, FRENCH) is None  # seat 3 could beat T9
    assert legal_trick_winner(["T2", "T9", "T4"], hands, SICILIAN_78) is not None  # no need to beat


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["marafone"].order),
    picks=st.lists(st.integers(0, 3), min_size=1, max_size=5),
    rules=st.sampled_from(
        [MARAFONE, FollowRules(game="marafone", excuse=False, overtrump=Overtrump.IN_TRICK)]
    ),
    trump=st.sampled_from(["D", "S", None]),
)
def test_legal_trick_winner_is_the_winner_of_a_legal_trick(deck, picks, rules, trump):
    # seat i holds deck[4i : 4i + 4] (few cards: voids and ruffs are frequent)
    hands = [list(deck[4 * i : 4 * i + 4]) for i in range(len(picks))]
    trick = [hand[pick] for hand, pick in zip(hands, picks, strict=True)]
    legal = all(
        is_legal(card, hand, trick[:i], rules, trump)
        for i, (card, hand) in enumerate(zip(trick, hands, strict=True))
    )
    expected = trick_winner(trick, rules, trump) if legal else None
    assert legal_trick_winner(trick, hands, rules, trump) == expected


def test_legal_trick_winner_on_a_trump_lead_and_a_ruff():
    hands = [["T2", "5D"], ["T9", "KS"], ["T4", "T12"], ["QS", "EX"]]
    # T12 beats T9 and wins; the excuse never does
    assert legal_trick_winner(["T2", "T9", "T12", "EX"], hands, FRENCH) == 2
    assert legal_trick_winner(["T2", "T9", "T4", "EX"], hands, FRENCH) is None  # T12 held
    hands = [["KS", "5D"], ["T9", "5H"], ["T4", "T12"], ["QS", "2C"]]
    # seat 2, void in spades, ruffs; seat 3 must overtrump T9 with T12
    assert legal_trick_winner(["KS", "T9", "T12", "QS"], hands, FRENCH) == 2
    assert legal_trick_winner(["KS", "T9", "T4", "QS"], hands, FRENCH) is None


def test_legal_trick_winner_wants_every_card_in_its_seats_hand():
    hands = [["QS", "T2"], ["KS", "T9"], ["5D", "T4", "T12"]]
    assert legal_trick_winner(["QS", "KS", "T12"], hands, FRENCH) == 2  # seat 3 ruffs
    assert legal_trick_winner(["QS", "KS", "T21"], hands, FRENCH) is None  # T21 not held
    assert legal_trick_winner(["KS", "QS", "T12"], hands, FRENCH) is None  # seats swapped
