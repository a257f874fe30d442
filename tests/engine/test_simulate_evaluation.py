"""The hand evaluations the simulators decide with: the published count reproduces its
examples, a strong hand bids higher than a weak one, a slam is promised only when sure
(and then made), and the promises of the Sicilian and Waite simulations are kept."""

from __future__ import annotations

import random

import pytest

from trunfu.engine import replay, simulate
from trunfu.engine.games import get
from trunfu.engine.games.french_tarot import evaluate as french
from trunfu.engine.games.french_tarot.rules import CONTRACTS, DECK, FOLLOW, HAND
from trunfu.engine.games.marafone import evaluate as marafone
from trunfu.engine.games.tarocco_siciliano import evaluate as sicilian
from trunfu.engine.games.waite_tarot.declarations import TAROTS, declarations
from trunfu.engine.simulate import play_out
from trunfu.engine.slam import slam_lead, sure_tricks


def cards(text: str) -> list[str]:
    return text.split()


CHAVEY_GARDE = cards("T21 T19 T12 T6 T1 EX KH CH 10H 8H AH JD 8D QC CC 7C 6S 4S")
"""Chavey's first example: 41 for the trumps, 13 hearts, 1 diamonds, 5 clubs: 60, garde."""
CHAVEY_PASSE = cards("T20 T18 T14 T13 T9 T8 T6 KH 10H 5H 4H KD QD 7C 8C 8S 7S 5S")
"""His second: 18 for the trumps, 6 hearts, 10 diamonds: 34, passe."""


def _level(word: str) -> int:
    return CONTRACTS.index(word) if word in CONTRACTS else -1


def test_the_count_reproduces_chaveys_examples() -> None:
    assert french.count(CHAVEY_GARDE) == 60
    assert french.count(CHAVEY_PASSE) == 34
    assert french.wish(CHAVEY_GARDE, 4) == "garde"
    assert french.wish(CHAVEY_PASSE, 4) == "passe"


def test_voids_count_only_above_a_garde() -> None:
    hand = cards("T21 T20 T19 T16 T14 T12 T8 EX KH QH 8H 5H 2H 4H KD 8C 9C 3C")
    assert french.count(hand, shape=True) == french.count(hand) + 6 + 3  # void ♠, single ♦


def _french_hand(seats: int, strong: bool) -> list[str]:
    """The best or the worst cards for a hand of `seats` seats: top trumps, the Excuse and
    kings; or small suit cards."""
    size = HAND[seats]
    if strong:
        cards = ["EX", *(f"T{n}" for n in range(21, 0, -1)), "KS", "KH", "KD", "KC"]
        return cards[:size]
    small = [c for c in DECK.order if c[:-1] in ("2", "3", "4", "5", "6", "7")]
    return small[:size]


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_a_strong_hand_bids_higher_than_a_weak_one(seats: int) -> None:
    strong, weak = _french_hand(seats, True), _french_hand(seats, False)
    assert _level(french.bid(strong, seats, None)) > _level(french.bid(weak, seats, None))
    assert french.bid(weak, seats, None) == "passe"
    assert french.bid(strong, seats, None) == "garde-contre"
    assert french.bid(strong, seats, "garde-contre") == "passe"  # never below a bid made


def test_random_hands_bid_in_the_order_of_their_count() -> None:
    """Up to a garde the bid follows the count alone (the shape only lifts a hand above)."""
    rng = random.Random(3)
    deck = list(DECK.order)
    seen = []
    for _ in range(400):
        rng.shuffle(deck)
        seen.append((french.count(deck[:18]), _level(french.wish(deck[:18], 4))))
    levels = [level for _, level in sorted(seen, key=lambda s: s[0]) if level <= 1]
    assert levels == sorted(levels)
    assert set(levels) == {-1, 0, 1}


def test_the_ecart_voids_the_shortest_suit_and_keeps_kings() -> None:
    hand = cards("T21 T20 T9 T5 T2 KS 3S 7H 6H 5H 4H 2H JD 10D 8D KC 9C 5C")
    chien = cards("QS T17 3C AD 9H 8H")
    ecart = french.ecart(hand + chien, 6)
    assert set(ecart) == {"QS", "3S", "AD", "8D", "10D", "JD"}  # spades and diamonds gone


def test_a_poignee_shows_the_lowest_trumps() -> None:
    hand = [f"T{n}" for n in range(21, 10, -1)] + cards("KS QS CS JS 10S 9S 8S")
    assert french.poignee(hand, 4) == [f"T{n}" for n in range(20, 10, -1)]
    assert french.poignee([*hand[:9], "EX", *hand[11:]], 4) == [*hand[:9], "EX"]
    assert french.poignee(hand[5:], 4) is None


SLAM = [*(f"T{n}" for n in range(21, 8, -1)), "EX", "KS", "QS", "CS", "JS"]
"""Thirteen top trumps, the Excuse and the four spade honours: every trick is sure."""


def test_a_chelem_is_sure_only_with_every_master() -> None:
    unseen = [c for c in DECK.order if c not in SLAM]
    assert sure_tricks(SLAM, unseen, "french-tarot", "T", excuse_wins_last=True) == len(SLAM)
    assert sure_tricks(SLAM, unseen, "french-tarot", "T") == len(SLAM) - 1  # the Excuse never wins
    weaker = [c for c in SLAM if c != "T21"] + ["T8"]
    unseen_weaker = [c for c in DECK.order if c not in weaker]
    sure = sure_tricks(weaker, unseen_weaker, "french-tarot", "T", excuse_wins_last=True)
    assert sure < len(weaker)
    gap = [c for c in SLAM if c != "QS"] + ["10S"]  # the queen of spades out: KS only
    assert not french.chelem(gap, [c for c in DECK.order if c not in gap])


class _Stacked(random.Random):
    """A generator whose shuffle deals `SLAM` to seat 2 of four."""

    def shuffle(self, cards) -> None:  # type: ignore[override]
        rest = [c for c in DECK.order if c not in SLAM]
        random.Random(3).shuffle(rest)
        cards[:] = rest[:18] + SLAM + rest[18:]


def test_an_announced_chelem_is_played_for_and_made() -> None:
    record = play_out(get("french-tarot"), _Stacked(1), 4, None)
    found = replay(record, steps=False)
    assert found.diagnostics == []
    assert next(i.word for i in record.announce.items if i.seat == 2) == "chelem"
    assert found.outcome.breakdown["chelem"]["kind"] == "announced and made"
    assert all(t.winner == 2 for t in found.tricks[:-1])


def test_sure_tricks_stop_where_a_side_suit_can_be_ruffed() -> None:
    hand = cards("3D 2D AD KD 3C 2C 7S 4B")  # trumps D
    unseen = [c for c in marafone.DECK.order if c not in hand]
    assert sure_tricks(hand, unseen, "marafone", "D") == 4  # the trumps are not drawn
    longer = cards("3D 2D AD KD CD JD 7D 3C")  # six outstanding trumps, six masters
    unseen = [c for c in marafone.DECK.order if c not in longer]
    assert sure_tricks(longer, unseen, "marafone", "D") == 8
    assert slam_lead(longer, unseen, "marafone", "D") == "3D"


def test_marafone_names_the_suit_it_is_strongest_in() -> None:
    hand = cards("3S 2S AS 5S 7D 6D 5D 4D")
    assert marafone.best_trump(hand) == "S"  # the strong suit, not the long one
    assert marafone.call(hand, "S") == "3D"  # the 3 of his longest other suit


def test_trionfo_bids_rise_with_the_hand() -> None:
    weak = cards("7D 6C 5S 4B JD 7C 6S 5B")
    fair = cards("3D 2D 7D 3C 6C 5S 4B 5B")
    strong = cards("3D 2D AD KD CD 3C 2C 3S")
    sure = cards("3D 2D AD KD CD JD 7D 6D")
    limits = [marafone.bid_limit(h) for h in (weak, fair, strong, sure)]
    assert limits == sorted(limits) and limits[0] == 0 and limits[-1] == 4, limits


def test_sicilian_calls_rise_with_the_hand() -> None:
    weak = cards("5D 6D 7C 8C 9S 10S 5B 6B 7B 4D 8D 9C 10C 6S 7S")
    fair = cards("T19 T18 T15 T11 T7 T3 EX KD QD 9D KC 7C 6S 5S 8B")
    strong = cards("T20 T19 T18 T17 T16 T14 T10 T5 T1 EX KD QD KC KS KB")
    assert [sicilian.four_seat_call(h, 2, called=False) for h in (weak, fair, strong)] == [
        "passo",
        "chiamo",
        "vado-solo",
    ]
    assert sicilian.four_seat_call(fair, 2, called=True) == "passo"
    assert sicilian.three_seat_call(strong[:5], 1, pago_before=False) == "vado-solo"
    assert sicilian.three_seat_call(weak[:5], 1, pago_before=False) == "mischio"


def test_sicilian_promises_are_kept_in_play() -> None:
    """Over many deals: a rivanto seat takes the last trick, a scommessa is made, nearly
    always (the cards can force Giove or the Picciotti out early)."""
    kept = promised = 0
    for seats in (3, 4):
        for record in simulate("tarocco-siciliano", seats, 300, seed=seats):
            words = {i.word: i.seat for i in record.announce.items} if record.announce else {}
            if not words:
                continue
            found = replay(record, steps=False)
            jochi = found.outcome.breakdown["jochi"]
            if "rivanto" in words:
                promised += 1
                kept += found.tricks[-1].winner == words["rivanto"]
            if "scommessa" in words:
                promised += 1
                kept += jochi["scommessa"]["declarer"] == 1
    assert promised >= 40 and kept >= 0.8 * promised, (kept, promised)


@pytest.mark.parametrize("seats", [2, 3])
def test_game_of_tarot_seats_declare_all_they_hold_and_ask_when_short(seats: int) -> None:
    asked = 0
    for record in simulate("waite-tarot", seats, 40, seed=seats):
        found = replay(record, steps=False)
        assert found.diagnostics == []
        played: dict[int, list[str]] = {s: [] for s in range(1, seats + 1)}
        for trick in found.tricks:
            for seat, card in trick.cards:
                played[seat].append(card)
        items = record.announce.items if record.announce else []
        for seat, hand in played.items():  # every combination held, nothing more
            said = sorted((i.word, list(i.cards)) for i in items if i.seat == seat)
            held = sorted((d.kind, list(d.cards)) for d in declarations(hand))
            assert [s for s in said if s[0] != "ask"] == held, (seat, said, held)
        before = {s: list(h) for s, h in played.items()}  # the hands before the exchange
        for ex in record.exchange.items if record.exchange else []:
            before[ex.receiver].remove(ex.card.code)
            before[ex.giver].append(ex.card.code)
        dealer = int(record.tag("Dealer"))
        order = [(dealer + i) % seats + 1 for i in range(seats)]
        short = [s for s in order if sum(c in TAROTS for c in before[s]) % 3 == 2]
        assert [i.seat for i in items if i.word == "ask"] == short[:1]
        asked += bool(short)
    assert asked


def test_a_taker_long_in_trumps_keeps_the_petit_for_the_last_trick() -> None:
    """He plays it earlier only when it is the one card the rules let him play."""
    tried = kept = 0
    for seats in (4, 5):
        for record in simulate("french-tarot", seats, 200, seed=seats):
            found = replay(record, steps=False)
            if found.outcome is None or found.outcome.thrown_in:
                continue
            taker = found.outcome.declarer
            played = [
                (t, i) for t in found.tricks for i, (s, _) in enumerate(t.cards) if s == taker
            ]
            hand = [t.cards[i][1] for t, i in played]
            if not french.petit_au_bout(hand, seats):
                continue
            tried += 1
            for n, (trick, i) in enumerate(played[:-1]):
                if trick.cards[i][1] == "T1":
                    before = [c for _, c in trick.cards[:i]]
                    assert FOLLOW.legal(hand[n:], before) == ["T1"], record
            kept += hand[-1] == "T1"
    assert tried >= 10 and kept > tried / 2, (kept, tried)
