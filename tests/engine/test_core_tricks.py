"""The shared trick rules and winners (engine/tricks.py, engine/cards.py), and the play
state (engine/play.py `TrickPlay`)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine.cards import card_name, strengths, suit_of
from trunfu.engine.play import TrickPlay
from trunfu.engine.tricks import ExcuseLead, Overtrump, TrickRules, led_suit
from trunfu.notation.decks import GAMES

SICILIAN = TrickRules(game="tarocco-siciliano", excuse_lead=ExcuseLead.LAST)
FRENCH = TrickRules(game="french-tarot", overtrump=Overtrump.IN_TRICK)
MARAFONE = TrickRules(game="marafone", must_trump=False, excuse=False)
SICILIAN_78 = TrickRules(game="french-tarot", excuse_lead=ExcuseLead.LAST)
FRENCH_LEAD = TrickRules(game="french-tarot", overtrump=Overtrump.TRUMP_LEAD)


def stated_legal(rules, hand, trick, last=False):
    """The cards `rules` let `hand` play to `trick`, stated as a player states the rules
    (follow; else trump; a trump must beat when `must_beat` asks and it can; the excuse
    anywhere but where it may not lead), independently of `TrickRules.allows`."""
    with_excuse = rules.excuse and "EX" in hand
    cards = [c for c in hand if c != "EX"]
    if not trick:
        return list(hand) if not with_excuse or rules.may_lead_excuse(last) or not cards else cards
    led = led_suit(trick)
    if led is None:
        return list(hand)
    asked = [c for c in cards if suit_of(c) == led] if rules.must_follow else []
    if not asked and rules.must_trump and rules.trump is not None and led != rules.trump:
        asked = [c for c in cards if suit_of(c) == rules.trump]
    if asked and suit_of(asked[0]) == rules.trump:
        best = rules.must_beat(led, rules.top(trick))
        if best is not None:
            asked = [c for c in asked if rules.power[c] > best] or asked
    legal = asked or cards
    return [*legal, "EX"] if with_excuse else legal


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
    assert sorted(SICILIAN.legal(hand, ["QS"])) == ["6S", "KS"]


def test_void_must_trump_any_trump_in_sicilian():
    hand = ["T5", "T2", "9D", "EX"]
    # the T12 already played need not be beaten; the Fuggitivo is always allowed
    assert sorted(SICILIAN.legal(hand, ["QS", "T12"])) == ["EX", "T2", "T5"]


def test_void_of_suit_and_trumps_plays_anything():
    assert sorted(SICILIAN.legal(["9D", "5C"], ["QS"])) == ["5C", "9D"]


def test_french_must_overtrump_when_able():
    hand = ["T5", "T15", "9D"]
    assert FRENCH.legal(hand, ["T10"]) == ["T15"]
    assert FRENCH.legal(hand, ["QS", "T10"]) == ["T15"]
    # cannot overtrump: any trump (undertrump)
    assert sorted(FRENCH.legal(["T5", "T2", "9D"], ["QS", "T10"])) == ["T2", "T5"]


def test_trump_lead_only_overtrump():
    rules = TrickRules(game="french-tarot", overtrump=Overtrump.TRUMP_LEAD)
    hand = ["T5", "T15"]
    assert rules.legal(hand, ["T10"]) == ["T15"]
    assert sorted(rules.legal(hand, ["QS", "T10"])) == ["T15", "T5"]


def test_fuggitivo_leads_only_the_last_trick():
    hand = ["EX", "KS"]
    assert SICILIAN.legal(hand, []) == ["KS"]
    assert sorted(SICILIAN.legal(hand, [], last=True)) == ["EX", "KS"]
    assert sorted(FRENCH.legal(hand, [])) == ["EX", "KS"]
    assert SICILIAN.legal(["EX"], []) == ["EX"]


def test_after_an_excuse_lead_the_second_card_sets_the_suit():
    assert SICILIAN.legal(["KS", "T3", "9D"], ["EX"]) == ["KS", "T3", "9D"]
    assert sorted(SICILIAN.legal(["KS", "T3", "9D"], ["EX", "5D"])) == ["9D"]
    assert SICILIAN.winner(["EX", "5D", "KS", "9D"]) == 3


def test_winner():
    assert SICILIAN.winner(["QS", "KS", "5S"]) == 1
    assert SICILIAN.winner(["QS", "KS", "T0"]) == 2  # the Miseria is a trump
    assert SICILIAN.winner(["KD", "T1", "T20", "EX"]) == 2
    assert SICILIAN.winner(["5S", "KD"]) == 0  # off-suit never wins


def test_named_trump_suit():
    # marafone: no duty to trump, the trump suit named by the caller wins
    assert sorted(MARAFONE.with_trump("D").legal(["3D", "4C"], ["KS"])) == ["3D", "4C"]
    assert MARAFONE.with_trump("D").winner(["3S", "4D", "2S"]) == 1
    assert MARAFONE.with_trump("D").winner(["4S", "3S", "2S"]) == 1


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["french-tarot"].order),
    table_size=st.integers(0, 3),
    rules=st.sampled_from([SICILIAN_78, FRENCH, FRENCH_LEAD]),
    last=st.booleans(),
)
def test_allows_and_legal_agree_with_the_rules_as_stated(deck, table_size, rules, last):
    hand, table = list(deck[:8]), list(deck[8 : 8 + table_size])
    stated = stated_legal(rules, hand, table, last=last)
    assert [c for c in hand if rules.allows(c, hand, table, last=last)] == [
        c for c in hand if c in stated
    ]
    assert rules.legal(hand, table, last=last) == stated


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(GAMES["marafone"].order),
    table_size=st.integers(0, 3),
    rules=st.sampled_from(
        [MARAFONE, TrickRules(game="marafone", excuse=False, overtrump=Overtrump.IN_TRICK)]
    ),
    trump=st.sampled_from(["D", "S", None]),
)
def test_allows_and_legal_agree_with_the_rules_under_a_named_trump(deck, table_size, rules, trump):
    # a few cards per hand, so that voids in the suit led and in trumps are frequent
    hand, table = list(deck[:4]), list(deck[4 : 4 + table_size])
    named = rules.with_trump(trump)
    stated = stated_legal(named, hand, table)
    assert [c for c in hand if named.allows(c, hand, table)] == [c for c in hand if c in stated]
    assert named.legal(hand, table) == stated


@settings(max_examples=80, deadline=None)
@given(
    deck=st.permutations(GAMES["french-tarot"].order),
    table_size=st.integers(0, 3),
    rules=st.sampled_from([SICILIAN_78, FRENCH, FRENCH_LEAD]),
    last=st.booleans(),
)
def test_a_refusal_is_given_exactly_for_the_cards_legal_omits(deck, table_size, rules, last):
    hand, table = list(deck[:6]), list(deck[6 : 6 + table_size])
    legal = stated_legal(rules, hand, table, last=last)
    for card in hand:
        refused = rules.refusal(card, hand, table, last=last)
        assert (refused is None) == (card in legal)
        if refused is not None and refused.witness is not None:
            assert refused.witness in legal and refused.witness != card


def test_refusals_in_a_players_words():
    hands = ["T2", "T15", "KS", "5D"]
    follow = FRENCH.refusal("5D", hands, ["QS"])
    assert follow.sentence("french-tarot", "5D", "trick 2: seat 3", ExcuseLead.ALWAYS) == (
        "trick 2: seat 3 played 5D but held KS of the suit led"
    )
    trump = FRENCH.refusal("5D", ["T2", "5D"], ["QS"])
    assert trump.sentence("french-tarot", "5D", "trick 1: seat 2", ExcuseLead.ALWAYS) == (
        "trick 1: seat 2 played 5D but held T2: without spades a seat must trump"
    )
    over = FRENCH.refusal("T2", ["T2", "T15", "5D"], ["QS", "T10"])
    assert over.sentence("french-tarot", "T2", "trick 1: seat 3", ExcuseLead.ALWAYS) == (
        "trick 1: seat 3 played T2 but held T15, higher than T10: a seat must overtrump when able"
    )
    lead = SICILIAN.refusal("EX", ["EX", "KS"], [])
    assert (
        lead.sentence("tarocco-siciliano", "EX", "trick 1: seat 1", ExcuseLead.LAST)
        == "trick 1: seat 1 led the Fuggitivo (EX), which may lead only the last trick"
    )


def test_must_beat_is_the_one_overtrump_rule():
    def beat(rules, trick):
        return rules.must_beat(led_suit(trick), rules.top(trick))

    assert beat(FRENCH, ["QS", "T10", "T4"]) == FRENCH.power["T10"]  # a trump in the trick
    assert beat(FRENCH, ["QS", "KS"]) is None  # no trump to beat
    assert beat(FRENCH_LEAD, ["QS", "T10"]) is None  # only on a trump lead
    assert beat(FRENCH_LEAD, ["T3", "T10"]) == FRENCH_LEAD.power["T10"]
    assert beat(SICILIAN, ["T3", "T10"]) is None  # never
    assert beat(MARAFONE.with_trump("D"), ["2D", "3D"]) is None


def test_trick_play_takes_turns_and_hands_the_lead_to_the_winner():
    hands = {1: ["KS", "5D"], 2: ["9S", "T3"], 3: ["6S", "7D"]}
    play = TrickPlay(SICILIAN, 3, 1, 2, hands)
    assert play.to_play == 1 and play.legal() == ["KS", "5D"]
    play.play("KS")
    assert play.to_play == 2 and play.legal() == ["9S"]
    assert play.card_fault("T3").message == "trick 1: seat 2 played T3 but held 9S of the suit led"
    assert play.card_fault("5D").message == (
        "trick 1: seat 2 played 5D but does not hold it (it was dealt to seat 1)"
    )
    play.play("9S")
    assert play.card_fault("7D").message == "trick 1: seat 3 played 7D but held 6S of the suit led"
    trick = play.play("6S")
    assert trick.winner == 1 and trick.cards == [(1, "KS"), (2, "9S"), (3, "6S")]
    assert play.to_play == 1 and play.number == 2 and play.taken() == {1: 1, 2: 0, 3: 0}
    play.play("5D")
    assert play.legal() == ["T3"]  # void in coins: seat 2 must trump
    play.play("T3")
    play.play("7D")
    assert play.over and play.to_play is None and play.tricks[-1].winner == 2
    assert hands[1] == ["KS", "5D"]  # the play copies the hands it is given


@settings(max_examples=120, deadline=None)
@given(
    data=st.data(),
    rules=st.sampled_from(
        [
            SICILIAN_78,
            FRENCH,
            FRENCH_LEAD,
            MARAFONE.with_trump("D"),
            MARAFONE.with_trump(None),
            TrickRules(game="marafone", excuse=False, overtrump=Overtrump.IN_TRICK).with_trump("S"),
        ]
    ),
    last=st.booleans(),
    stranger=st.booleans(),
)
def test_a_whole_trick_is_judged_and_won_in_one_pass(data, rules, last, stranger):
    # four hands of three cards (voids are frequent), each seat playing its first card
    deck = data.draw(st.permutations(GAMES[rules.game].order))
    hands = [list(deck[3 * i : 3 * i + 3]) for i in range(4)]
    cards = [hand[0] for hand in hands]
    if stranger:  # a card its seat does not hold
        cards[2] = deck[20]
    judged = all(
        card in hand and rules.allows(card, hand, cards[:i], last=last)
        for i, (card, hand) in enumerate(zip(cards, hands, strict=True))
    )
    assert rules.judge(cards, hands, last=last) == (rules.winner(cards) if judged else None)


def test_a_whole_trick_played_at_once_is_taken_as_card_by_card():
    hands = {1: ["KS", "5D"], 2: ["9S", "T3"], 3: ["6S", "7D"]}
    one, other = TrickPlay(SICILIAN, 3, 2, 2, hands), TrickPlay(SICILIAN, 3, 2, 2, hands)
    assert one.take([["9S", "6S", "KS"], ["5D", "T3"]]) == 1  # an unfinished trick: not played
    whole = one.tricks[-1]
    for card in ["9S", "6S", "KS"]:
        done = other.play(card)
    assert whole == done and whole.winner == 1 and one.leader == other.leader == 1
    assert one.hands == other.hands and one.to_play == 1
    refused = TrickPlay(SICILIAN, 3, 2, 2, hands)  # seat 3 holds 6S but plays 7D
    assert refused.take([["9S", "7D", "KS"]]) == 0 and refused.tricks == []
    assert refused.hand(3) == ["6S", "7D"] and refused.to_play == 2


def test_sorted_hands_follow_the_play_card_by_card_in_the_decks_order():
    hands = {1: ["5D", "KS"], 2: ["T3", "9S"], 3: ["7D", "6S"]}
    play = TrickPlay(SICILIAN, 3, 1, 2, {**hands, 3: None})
    assert play.sorted_hands() == {1: ["5D", "KS"], 2: ["T3", "9S"]}  # seat 3 not known
    play.play("KS")
    assert play.sorted_hands() == {1: ["5D"], 2: ["T3", "9S"]}  # on the table: not held
    play.play("9S")
    play.play("6S")
    assert play.sorted_hands() == {1: ["5D"], 2: ["T3"]}
    assert play.played == ["KS", "9S", "6S"]
