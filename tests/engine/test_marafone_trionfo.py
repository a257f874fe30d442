"""Trionfo (marafone, five seats): every bid won and lost, a self-call, a throw-in and an
auction refused at the right place; results worked out by hand.

Deals are built from their play: every trick is five cards of one suit, so trumps never
decide a trick. A *high* trick is `3 2 A K C` of a suit (1 + 1 + 3 + 1 + 1 = 7 thirds, won
by the 3), a *low* one `J 7 6 5 4` (1 third, won by the J); the last trick adds 3 thirds.
The eight tricks hold 4 x 7 + 4 x 1 + 3 = 35 thirds."""

from __future__ import annotations

import re

from trunfu.engine import replay
from trunfu.notation.decks import GAMES
from trunfu.notation.reader import read_text

HIGH = ("3", "2", "A", "K", "C")
LOW = ("J", "7", "6", "5", "4")
DECK = GAMES["marafone"]


def trionfo(first, calls, trump, call, plan, signore, result, give=None, played=True):
    """A Trionfo record: `plan` lists (suit, "H" or "L", winner) in playing order; the
    winner holds the top card of the trick, the others are dealt round from him, and the
    cards in `give` (card → seat) go where they are told (5S to the first to speak)."""
    give = {"5S": first, **(give or {})}
    hands = {s: [] for s in range(1, 6)}
    tricks, leader = [], signore
    for suit, kind, winner in plan:
        ranks = HIGH if kind == "H" else LOW
        cards = [r + suit for r in ranks]
        owner = {cards[0]: winner}
        for card in cards[1:]:
            if card in give:
                owner[card] = give[card]
        rest = [c for c in cards if c not in owner]
        free = [
            s for s in ((winner + i - 1) % 5 + 1 for i in range(1, 5)) if s not in owner.values()
        ]
        owner.update(zip(rest, free, strict=True))
        for card, seat in owner.items():
            hands[seat].append(card)
        by_seat = {seat: card for card, seat in owner.items()}
        tricks.append([by_seat[(leader + i - 1) % 5 + 1] for i in range(5)])
        leader = winner
    text = [
        '[Game "marafone"]',
        '[Seats "5"]',
        '[Dealer "1"]',
        f'[Result "{result}"]',
        "",
        "deal",
        *(f"  {s}: {' '.join(DECK.sort(h))}" for s, h in hands.items()),
        "auction",
        f"  {calls}",
    ]
    if trump:
        text += ["trump", f"  {trump}"]
    if call:
        text += ["call", f"  {call}"]
    if played:
        text += ["play", *(f"  {i}. {' '.join(t)}" for i, t in enumerate(tricks, 1))]
    return "\n".join(text) + "\n"


def judge(text):
    (read,) = read_text(text)
    assert read.ok, [str(d) for d in read.diagnostics]
    return replay(read.record)


def test_chiamo_won_with_the_amico():
    # seat 2 (5S) chiamo, 3 4 5 1 pass; coins trumps; 3C called: its holder, seat 4, is amico.
    # 2+4: high D 7 + low D 1 + high C 7 + low S 1 + low B 1 + last 3 = 20 thirds = 6: won.
    # Others: high S 7 + high B 7 + low C 1 = 15. Scores: 2 +2, 4 +1, the others -1.
    plan = [("D", "H", 2), ("D", "L", 2), ("C", "H", 4), ("S", "L", 4)]
    plan += [("S", "H", 1), ("B", "H", 3), ("C", "L", 5), ("B", "L", 2)]
    rep = judge(trionfo(2, "chiamo passo passo passo passo", "D", "3C", plan, 2, "-1 +2 -1 +1 -1"))
    assert rep.valid, rep.diagnostics
    out = rep.outcome
    assert (out.contract, out.declarer, out.partners, out.won) == ("chiamo", 2, [4], True)
    assert out.breakdown["thirds"] == {"signore": 20, "others": 15}


def test_chiamo_lost():
    # As above, but seat 5 takes the last low batons: 2+4 have 7 + 1 + 7 + 1 = 16 = 5: lost.
    plan = [("D", "H", 2), ("D", "L", 2), ("C", "H", 4), ("S", "L", 4)]
    plan += [("S", "H", 1), ("B", "H", 3), ("C", "L", 5), ("B", "L", 5)]
    rep = judge(trionfo(2, "chiamo passo passo passo passo", "D", "3C", plan, 2, "+1 -2 +1 -1 +1"))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.won is False and rep.outcome.breakdown["card_points"]["signore"] == 5


def test_self_call_won_alone():
    # Seat 2 calls 7C, which he holds: he plays alone, scored +4 / -1.
    # Seat 2: high D, C, S = 21 thirds = 7 >= 6: won.
    plan = [("D", "H", 2), ("C", "H", 2), ("S", "H", 2), ("B", "H", 1)]
    plan += [("D", "L", 3), ("C", "L", 4), ("S", "L", 5), ("B", "L", 1)]
    text = trionfo(
        2, "chiamo passo passo passo passo", "B", "7C", plan, 2, "-1 +4 -1 -1 -1", {"7C": 2}
    )
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.partners == [] and rep.outcome.breakdown["alone"] is True


def test_self_call_lost():
    # Seat 2 alone: high D 7 + low D 1 + low C 1 + low B 1 + last 3 = 13 = 4: lost, -4 / +1.
    plan = [("D", "H", 2), ("C", "H", 1), ("S", "H", 3), ("B", "H", 4)]
    plan += [("D", "L", 2), ("C", "L", 2), ("S", "L", 5), ("B", "L", 2)]
    # (he calls 2S, which he holds: the 3S is seat 3's)
    text = trionfo(
        2, "chiamo passo passo passo passo", "B", "2S", plan, 2, "+1 -4 +1 +1 +1", {"2S": 2}
    )
    assert judge(text).valid


def test_di_piu_won_and_lost():
    # Seat 2 chiamo, seat 3 di-piu, 4 5 1 2 pass: seat 3 alone.
    # Won: high D, C, B 21 + low B 1 + last 3 = 25 thirds = 8: +8, others -2.
    calls = "chiamo di-piu passo passo passo passo"
    won = [("D", "H", 3), ("C", "H", 3), ("S", "H", 1), ("B", "H", 3)]
    won += [("D", "L", 4), ("C", "L", 5), ("S", "L", 1), ("B", "L", 3)]
    rep = judge(trionfo(2, calls, "S", None, won, 3, "-2 -2 +8 -2 -2"))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.contract == "di-piu" and rep.outcome.won
    # Lost: high D, C 14 + low D 1 + low C 1 = 16 = 5: -8, others +2.
    lost = [("D", "H", 3), ("C", "H", 3), ("S", "H", 1), ("B", "H", 4)]
    lost += [("D", "L", 3), ("C", "L", 3), ("S", "L", 1), ("B", "L", 5)]
    assert judge(trionfo(2, calls, "S", None, lost, 3, "+2 +2 -8 +2 +2")).valid


def test_maso_won():
    # Seat 4 (5S) maso: high D, C, S in the first three tricks: 21 thirds before the others
    # have any. +16, others -4.
    plan = [("D", "H", 4), ("C", "H", 4), ("S", "H", 4), ("B", "H", 1)]
    plan += [("D", "L", 2), ("C", "L", 3), ("S", "L", 5), ("B", "L", 1)]
    rep = judge(trionfo(4, "maso passo passo passo passo", "C", None, plan, 4, "-4 -4 -4 +16 -4"))
    assert rep.valid, rep.diagnostics


def test_maso_lost_though_the_signore_takes_most():
    # Seat 4 takes 7 thirds, then seat 1 takes high C (7 >= 3): the others made a point
    # first. Seat 4 ends with 7 + 7 + 7 + 1 + 1 + 1 + 3 = 27 thirds and still loses: -16, +4.
    plan = [("D", "H", 4), ("C", "H", 1), ("S", "H", 4), ("B", "H", 4)]
    plan += [("D", "L", 4), ("C", "L", 4), ("S", "L", 2), ("B", "L", 4)]
    rep = judge(trionfo(4, "maso passo passo passo passo", "C", None, plan, 4, "+4 +4 +4 -16 +4"))
    assert rep.valid, rep.diagnostics
    assert rep.outcome.breakdown["thirds"]["signore"] == 27 and rep.outcome.won is False


def test_maso_dei_masi_won_and_lost():
    # Seat 1 (5S) passes, seat 2 maso-dei-masi, 3 4 5 pass. Every trick: +32, others -8.
    everything = [(s, k, 2) for s in "DCSB" for k in "HL"]
    calls = "passo maso-dei-masi passo passo passo"
    assert judge(trionfo(1, calls, "D", None, everything, 2, "-8 +32 -8 -8 -8")).valid
    # Seven of eight: lost, -32, others +8.
    seven = [*everything[:7], ("B", "L", 3)]
    assert judge(trionfo(1, calls, "D", None, seven, 2, "+8 -32 +8 +8 +8")).valid


def test_all_pass_is_thrown_in():
    deal = [(s, k, 2) for s in "DCSB" for k in "HL"]
    text = trionfo(
        3, "passo passo passo passo passo", None, None, deal, 3, "0 0 0 0 0", played=False
    )
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.thrown_in


def test_a_bid_not_higher_is_refused_at_its_place():
    plan = [(s, k, 2) for s in "DCSB" for k in "HL"]
    # seat 1 (5S) di-piu, seat 2 chiamo: lower, refused at the word `chiamo`
    text = trionfo(1, "di-piu chiamo passo passo passo passo", "D", None, plan, 1, "*")
    rep = judge(text)
    line = text.splitlines().index("  di-piu chiamo passo passo passo passo") + 1
    (first, *_) = rep.diagnostics
    assert (first.line, first.column, first.code) == (line, 10, "illegal-call")
    assert "not higher" in first.message


def test_called_card_must_not_be_a_trump():
    plan = [(s, k, 2) for s in "DCSB" for k in "HL"]
    text = trionfo(1, "passo chiamo passo passo passo", "D", "3D", plan, 2, "*")
    rep = judge(text)
    codes = [d.code for d in rep.diagnostics]
    assert codes[0] == "call-trump"
    # told once, at the call: the cards of the play are not taken for called cards
    assert codes.count("call-trump") == 1
    assert [s.text for s in rep.steps if s.kind == "call"][-1] == "trump D"


def test_one_hand_places_the_auction_and_the_amico_is_found_in_the_play():
    # the chiamo hand above with only seat 1's hand given: seat 2 must have played 5S
    # (first to speak) and seat 4 the called 3C (the amico)
    plan = [("D", "H", 2), ("D", "L", 2), ("C", "H", 4), ("S", "L", 4)]
    plan += [("S", "H", 1), ("B", "H", 3), ("C", "L", 5), ("B", "L", 2)]
    text = trionfo(2, "chiamo passo passo passo passo", "D", "3C", plan, 2, "-1 +2 -1 +1 -1")
    text = re.sub(r"  [2345]: .*\n", "", text)
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert (rep.outcome.breakdown["auction_first"], rep.outcome.partners) == (2, [4])


def test_without_any_hand_the_first_speaker_is_unknown():
    plan = [(s, k, 2) for s in "DCSB" for k in "HL"]
    text = trionfo(1, "passo maso-dei-masi passo passo passo", "D", None, plan, 2, "*")
    text = re.sub(r"  [12345]: .*\n", "", text).replace("deal\n", "")
    assert [d.code for d in judge(text).diagnostics] == ["unknown-first"]


def test_a_seat_label_must_name_the_seat_whose_turn_it_is():
    plan = [("D", "H", 2), ("D", "L", 2), ("C", "H", 4), ("S", "L", 4)]
    plan += [("S", "H", 1), ("B", "H", 3), ("C", "L", 5), ("B", "L", 2)]
    # seat 2 speaks first; `3: passo` is seat 3's turn, `5: passo` is seat 4's
    calls = "2: chiamo 3: passo 5: passo passo passo"
    text = trionfo(2, calls, "D", "3C", plan, 2, "-1 +2 -1 +1 -1")
    (first,) = judge(text).diagnostics
    assert first.code == "wrong-turn" and "seat 4's turn" in first.message


def test_five_passes_need_no_deal():
    text = '[Game "marafone"]\n[Seats "5"]\n[Dealer "2"]\n[Result "0 0 0 0 0"]\n\n'
    text += "auction\n  passo passo passo passo passo\n"
    rep = judge(text)
    assert rep.valid, rep.diagnostics
    assert rep.outcome.thrown_in


def test_a_word_written_in_trionfo_is_refused_and_its_card_step_shows_it_as_written():
    # The leader's words belong to four seats: Trionfo refuses `striscio` where it is
    # written, and the card's step writes the card as the record does, word included.
    plan = [("D", "H", 2), ("D", "L", 2), ("C", "H", 4), ("S", "L", 4)]
    plan += [("S", "H", 1), ("B", "H", 3), ("C", "L", 5), ("B", "L", 2)]
    text = trionfo(2, "chiamo passo passo passo passo", "D", "3C", plan, 2, "-1 +2 -1 +1 -1")
    text = text.replace("  1. 3D", "  1. 3D striscio")
    rep = judge(text)
    assert [d.code for d in rep.diagnostics] == ["unexpected-signal"]
    (step,) = [s for s in rep.steps if s.kind == "card" and s.text.startswith("3D")]
    assert step.text == "3D striscio" and step.label.endswith(", saying striscio")
