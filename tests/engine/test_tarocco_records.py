"""Hand-written Sicilian deals, each scored by hand (the arithmetic is in the comments),
and records that must be rejected at the right line.

Card points (rules file): values (T20, T1, EX 10; T16-T19 and kings 5; queens 4; cavalli 3;
donne 2; blanks 1) less 2 per full three cards and 1 for a last one or two; +5 for the last
trick; the two sides total 109. All the raw values of the deck add up to 146 (30 + 20 + 20 +
16 + 12 + 8 + 40 blanks), so a side taking every card has 146 - 2*21 = 104, + 5 = 109.

The deals are built so that the tricks are easy to follow: in deals A, C the soloist (seat 1)
trumps the first trick and then leads trumps down to trick 19, so he wins tricks 1-19; in
B and E the soloist wins all tricks; in D he wins only the trick of his lone trump, Giove;
in F the caller holds only trumps and the pair wins all tricks.
"""

from pathlib import Path

from trunfu.engine import replay
from trunfu.engine.games.tarocco_siciliano.rules import card_points
from trunfu.notation.reader import read_records, read_text
from trunfu.referee import judge

WORKED = (
    Path(__file__).resolve().parents[2] / "data" / "examples" / "tarocco-siciliano-4-worked.tgn"
)

DEAL_A = """\
[Game "tarocco-siciliano"]
[Seats "3"]
[Dealer "3"]
[Result "+6 -3 -3"]

deal
  1: T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4 5D 6S 5S
  2: T1 KD QD CD JD 10D KC QC CC JC 10C KS QS CS JS 10S 9S 8S KB QB
  3: T0 EX 9D 8D 7D 6D 4D 9C 8C 7C 6C 5C CB JB 10B 9B 8B 7B 6B 5B
  talon: T3 T2 7S
auction
  altre-cinque mischio mischio / altre-cinque mischio mischio / altre-cinque mischio mischio / vado-solo
discard
  7S 6S 5S
play
  1. KS T0 T2
  2. T20 T1 EX
  3. T19 QD 9D
  4. T18 CD 8D
  5. T17 JD 7D
  6. T16 10D 6D
  7. T15 KC 9C
  8. T14 QC 8C
  9. T13 CC 7C
  10. T12 JC 6C
  11. T11 10C 5C
  12. T10 QS CB
  13. T9 CS JB
  14. T8 JS 10B
  15. T7 10S 9B
  16. T6 9S 8B
  17. T5 8S 7B
  18. T4 KB 6B
  19. T3 QB 5B
  20. 5D KD 4D
"""


DEAL_B = """\
[Game "tarocco-siciliano"]
[Seats "3"]
[Dealer "3"]
[Result "+20 -10 -10"]

deal
  1: T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 T4 7S 6S 5S
  2: KD QD CD JD 10D 9D 8D 7D 6D 5D 4D KC QC KS QS CS JS 10S 9S 8S
  3: T0 EX CC JC 10C 9C 8C 7C 6C 5C KB QB CB JB 10B 9B 8B 7B 6B 5B
  talon: T3 T2 T1
auction
  vado-solo
discard
  7S 6S 5S
play
  1. KS T0 T1
  2. T20 KD EX
  3. T19 QD CC
  4. T18 CD JC
  5. T17 JD 10C
  6. T16 10D 9C
  7. T15 9D 8C
  8. T14 8D 7C
  9. T13 7D 6C
  10. T12 6D 5C
  11. T11 5D KB
  12. T10 4D QB
  13. T9 QS CB
  14. T8 CS JB
  15. T7 JS 10B
  16. T6 10S 9B
  17. T5 9S 8B
  18. T4 8S 7B
  19. T3 KC 6B
  20. T2 QC 5B
"""


DEAL_C = """\
[Game "tarocco-siciliano"]
[Seats "3"]
[Dealer "3"]
[Result "+8 -4 -4"]

deal
  1: T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 EX 7S 6S 5S
  2: T1 KD QD CD JD 10D 9D 8D 7D 6D 5D KC QC KS QS CS JS 10S 9S 8S
  3: T0 4D CC JC 10C 9C 8C 7C 6C 5C KB QB CB JB 10B 9B 8B 7B 6B 5B
  talon: T4 T3 T2
auction
  altre-cinque altre-cinque mischio / altre-cinque mischio mischio / mischio altre-cinque mischio / vado-solo
discard
  7S 6S 5S
announce
  1: scommessa
play
  1. KS T0 T2
  2. T20 T1 CC
  3. T19 QD JC
  4. T18 CD 10C
  5. T17 JD 9C
  6. T16 10D 8C
  7. T15 9D 7C
  8. T14 8D 6C
  9. T13 7D 5C
  10. T12 6D KB
  11. T11 5D QB
  12. T10 QS CB
  13. T9 CS JB
  14. T8 JS 10B
  15. T7 10S 9B
  16. T6 9S 8B
  17. T5 8S 7B
  18. T4 KC 6B
  19. T3 QC 5B
  20. EX KD 4D
"""


DEAL_D = """\
[Game "tarocco-siciliano"]
[Seats "3"]
[Dealer "3"]
[Result "-10 +5 +5"]

deal
  1: T20 EX 9D 8D 7D 6D 5D 4D 9C 8C 7C 6C 5C 9S 8S 7S 6S 5S 6B 5B
  2: T19 T18 T17 T16 T15 T14 T13 T12 T11 T10 KD QD CD JD 10D KC QC CC JC 10C
  3: T9 T8 T7 T6 T5 T4 T3 T2 T1 T0 KS QS CS JS 10S KB QB CB JB 10B
  talon: 9B 8B 7B
auction
  mischio altre-cinque mischio / mischio mischio altre-cinque / altre-cinque mischio mischio / vado-solo
discard
  9B 8B 7B
announce
  1: scommessa
play
  1. T10 T2 T20
  2. 4D KD T9
  3. T8 EX T19
  4. T18 T7 5D
  5. T17 T6 6D
  6. T16 T5 7D
  7. T15 T4 8D
  8. T14 T3 9D
  9. T13 T1 5C
  10. T12 T0 6C
  11. T11 KS 7C
  12. QD QS 8C
  13. CD CS 9C
  14. JD JS 5S
  15. 10D 10S 6S
  16. KC KB 7S
  17. QC QB 8S
  18. CC CB 9S
  19. JC JB 5B
  20. 10C 10B 6B
"""


DEAL_E = """\
[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "2"]
[Result "-6 -6 +18 -6"]

deal
  1: T3 T2 T1 EX 7D 6D 5D 4D KC QC CC JC 10C 9C 8C
  2: T0 7C 6C 5C 8S KB QB CB JB 10B 9B 8B 7B 6B 5B
  3: T20 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 5S
  4: T5 T4 KD QD CD JD 10D 9D 8D KS QS CS JS 10S 9S
  talon: T19 7S 6S
auction
  passo passo passo passo / chiamo T19 passo passo passo
discard
  7S 6S 5S
play
  1. T5 T3 T0 T20
  2. T19 T4 T2 8S
  3. T18 KD T1 7C
  4. T17 QD EX 6C
  5. T16 CD 7D 5C
  6. T15 JD 6D KB
  7. T14 10D 5D QB
  8. T13 9D 4D CB
  9. T12 8D KC JB
  10. T11 KS QC 10B
  11. T10 QS CC 9B
  12. T9 CS JC 8B
  13. T8 JS 10C 7B
  14. T7 10S 9C 6B
  15. T6 9S 8C 5B
"""


DEAL_F = """\
[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "4"]
[Result "+5 -5 +5 -5"]

deal
  1: T20 T18 T17 T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 5S
  2: T0 4D KC QC CC JC 10C 9C 8C 7C 6C 5C KS QS CS
  3: T19 T4 T3 T2 T1 KD QD CD JD 10D 9D 8D 7D 6D 5D
  4: EX JS 10S 9S 8S KB QB CB JB 10B 9B 8B 7B 6B 5B
  talon: T5 7S 6S
auction
  passo passo passo passo / passo passo passo passo
call
  T19
discard
  7S 6S 5S
play
  1. T0 T19 EX T5
  2. T4 JS T20 4D
  3. T18 KC T3 10S
  4. T17 QC T2 9S
  5. T16 CC T1 8S
  6. T15 JC KD KB
  7. T14 10C QD QB
  8. T13 9C CD CB
  9. T12 8C JD JB
  10. T11 7C 10D 10B
  11. T10 6C 9D 9B
  12. T9 5C 8D 8B
  13. T8 KS 7D 7B
  14. T7 QS 6D 6B
  15. T6 CS 5D 5B
"""


def outcome(text: str):
    found = replay(read_records(text)[0])
    assert found.diagnostics == [], [str(d) for d in found.diagnostics]
    return found.outcome


def problems(text: str):
    """The referee's diagnostics (reader + engine) of a one-record text."""
    [read] = read_text(text)
    return judge(read).diagnostics


def with_tags(text: str, **tags: str) -> str:
    for name, value in tags.items():
        old = next(line for line in text.splitlines() if line.startswith(f"[{name} "))
        text = text.replace(old, f'[{name} "{value}"]')
    return text


def test_card_points_in_threes():
    # examples of the Mineo rules: cavallo + king + blank = 3 + 5 + 1 - 2 = 7
    assert card_points(["CS", "KD", "5B"]) == 7
    # Giove + queen + donna = 10 + 4 + 2 - 2 = 14; three blanks 3 - 2 = 1
    assert card_points(["T20", "QC", "JB"]) == 14
    assert card_points(["5S", "6S", "7S"]) == 1
    # a last pair of blanks counts 2 - 1 = 1, a last single blank 1 - 1 = 0
    assert card_points(["5S", "6S"]) == 1
    assert card_points(["5S"]) == 0


def test_worked_example_chiamo_with_a_partner():
    # the worked example: d = 3 (rimatura, vanto, pigliata of T1 for seats 3+4)
    text = WORKED.read_text(encoding="utf-8")
    out = outcome(text)
    assert out.result == "-3 -3 +3 +3"
    assert out.contract == "chiamo" and out.declarer == 3 and out.partners == [4]
    assert out.breakdown["card_points"] == {"declarer": 75, "opponents": 34}
    assert out.breakdown["jochi"]["pigliate"] == {"declarer": 1, "opponents": 0}


def test_altre_cinque_to_round_four_then_solo():
    # Deal A. Opponents win only trick 20 (5D KD 4D, KD wins); seat 3's EX stays with his
    # side (it won a trick): opponents hold 5D KD 4D EX = 1+5+1+10 = 17, 4 cards: 17-2-1 = 14,
    # +5 last trick = 19. Soloist 109-19 = 90 (check: 146-17 = 129 over 59 cards: 129-38-1 = 90).
    # Jochi soloist: rimatura 1, pigliata 1 (T1 of seat 2 falls to T20 in trick 2),
    # arie e giove 2 (T16-T20 his) = 4. Opponents: vanto 1. Kings split (KD theirs).
    # d = 3: the soloist gets 3 from each opponent: +6 -3 -3.
    out = outcome(DEAL_A)
    assert out.result == "+6 -3 -3" and out.contract == "vado-solo"
    assert out.breakdown["card_points"] == {"declarer": 90, "opponents": 19}
    jochi = out.breakdown["jochi"]
    assert jochi["arie"] == {"declarer": 2, "opponents": 0}
    assert jochi["vanto"] == {"declarer": 0, "opponents": 1}
    assert jochi["quattro-re"] == {"declarer": 0, "opponents": 0}


def test_rivanto_won():
    # Deal A with seat 2's rivanto: the opponents win the last trick, 1 more jocu to them:
    # 4 - 2 = 2: +4 -2 -2.
    text = DEAL_A.replace("play\n", "announce\n  2: rivanto\nplay\n")
    out = outcome(with_tags(text, Result="+4 -2 -2"))
    assert out.result == "+4 -2 -2"
    assert out.breakdown["jochi"]["rivanto"] == {"declarer": 0, "opponents": 1}


def test_stata_and_the_fuggitivo_of_a_side_without_tricks():
    # Deal B: vado-solo after the first packet (a stata). The soloist wins all 20 tricks; the
    # opponents, who take no trick, lose their Fuggitivo (seat 3, trick 2) to him: he ends
    # with all 63 cards: 104 + 5 = 109 to 0. Jochi: rimatura, vanto, quattro re, arie e giove
    # 2 = 5; d = 5; solo 5 x 2 opponents = 10, doubled for the stata: +20 -10 -10.
    out = outcome(DEAL_B)
    assert out.result == "+20 -10 -10" and out.contract == "stata"
    assert out.breakdown["card_points"] == {"declarer": 109, "opponents": 0}
    assert out.breakdown["cards"] == {"declarer": 63, "opponents": 0}


def test_rivanto_lost():
    # Deal B declared in round four instead (no stata), seat 3 announces rivanto and loses
    # the last trick: 1 jocu to the soloist: 6 - 0 = 6: +12 -6 -6.
    text = DEAL_B.replace(
        "  vado-solo\n",
        "  altre-cinque mischio mischio / altre-cinque mischio mischio\n"
        "  / altre-cinque mischio mischio / vado-solo\n",
    ).replace("play\n", "announce\n  3: rivanto\nplay\n")
    out = outcome(with_tags(text, Result="+12 -6 -6"))
    assert out.result == "+12 -6 -6" and out.contract == "vado-solo"
    assert out.breakdown["jochi"]["rivanto"] == {"declarer": 1, "opponents": 0}


def test_fuggitivo_led_to_the_last_trick_and_scommessa_won():
    # Deal C: the soloist keeps the Fuggitivo and leads it to trick 20; KD (seat 2) sets the
    # suit and wins over 4D. EX stays with the soloist (his side won tricks). Opponents:
    # KD 4D = 6 - 1 = 5, +5 = 10; soloist 99. Scommessa: he ends with T20, T1 (captured in
    # trick 2) and EX: 1. Jochi 1 rimatura + 1 pigliata + 2 arie + 1 scommessa = 5 against
    # vanto 1: d = 4: +8 -4 -4.
    out = outcome(DEAL_C)
    assert out.result == "+8 -4 -4"
    assert out.breakdown["card_points"] == {"declarer": 99, "opponents": 10}
    assert out.breakdown["jochi"]["scommessa"] == {"declarer": 1, "opponents": 0}
    assert read_records(DEAL_C)[0].play.tricks[-1].cards.card(0).code == "EX"


def test_scommessa_lost_arie_without_giove_quattro_re():
    # Deal D: the soloist holds Giove, the Fuggitivo and low cards. He wins trick 1 only
    # (T10 T2 T20): his side has the scarto 7B 8B 9B (3), T10 T2 (2), T20 (10) and his EX
    # (10; his side won a trick) = 25 over 7 cards: 25 - 4 - 1 = 20; opponents 89.
    # Opponents: rimatura 1, vanto 1, arie 1 (T16-T19 without Giove), quattro re 1,
    # scommessa 1 (T1 never falls to the soloist) = 5; soloist 0; d = -5: -10 +5 +5.
    out = outcome(DEAL_D)
    assert out.result == "-10 +5 +5" and out.won is False
    assert out.breakdown["card_points"] == {"declarer": 20, "opponents": 89}
    jochi = out.breakdown["jochi"]
    assert jochi["arie"] == {"declarer": 0, "opponents": 1}
    assert jochi["quattro-re"] == {"declarer": 0, "opponents": 1}
    assert jochi["scommessa"] == {"declarer": 0, "opponents": 1}


def test_chiamo_whose_trump_is_in_the_talon():
    # Deal E: seat 3 calls T19, which lies in the talon: a forced solo. His trumps T20-T6
    # beat the opponents' T5-T0, so he takes every trick (and seat 1's EX): 109 to 0.
    # Jochi: rimatura, vanto, quattro re, arie e giove 2, pigliata 1 (seat 1's T1 in trick 3)
    # = 6; solo against three: +18 for him, -6 each.
    out = outcome(DEAL_E)
    assert out.result == "-6 -6 +18 -6"
    assert out.contract == "forced-solo" and out.partners == []
    assert out.breakdown["jochi"]["pigliate"] == {"declarer": 1, "opponents": 0}


def test_four_seat_stata():
    # Deal E with seat 3 (eldest) saying vado-solo after the first packet: a stata, so the
    # talon's T19 plays no part. Same tricks, same 6 jochi: 6 x 3 opponents x 2 = +36 for
    # him, -12 each.
    text = DEAL_E.replace("  passo passo passo passo / chiamo T19 passo passo passo", "  vado-solo")
    out = outcome(with_tags(text, Result="-12 -12 +36 -12"))
    assert out.contract == "stata" and out.result == "-12 -12 +36 -12"


def test_forced_call_by_the_holder_of_giove():
    # Deal F: everybody passes twice; seat 1 holds T20, takes the talon (T5 6S 7S),
    # discards 5S 6S 7S and calls T19, the highest trump he lacks: seat 3 is his partner.
    # The pair takes all 15 tricks and seat 4's EX: 109 to 0. Jochi: rimatura, vanto,
    # quattro re, arie e giove 2 = 5 (the T1 is the pair's own): +5 -5 +5 -5.
    out = outcome(DEAL_F)
    assert out.result == "+5 -5 +5 -5"
    assert out.contract == "forced-call" and out.declarer == 1 and out.partners == [3]


def test_forced_call_with_giove_in_the_talon_is_thrown_in():
    text = (
        '[Game "tarocco-siciliano"]\n[Seats "4"]\n[Dealer "4"]\n[Result "0 0 0 0"]\n\n'
        "deal\n  talon: T20 6S 7S\nauction\n  passo passo passo passo / passo passo passo passo\n"
    )
    assert outcome(text).thrown_in


AUCTION = '[Game "tarocco-siciliano"]\n[Seats "3"]\n[Dealer "3"]\n[Result "{}"]\n\nauction\n  {}\n'


def test_everyone_mischio():
    assert outcome(AUCTION.format("0 0 0", "mischio mischio mischio")).thrown_in


def test_pago_prendo_with_one_pago():
    # eldest is seat 1: round 2, seat 1 pago, seat 2 prendo: seat 1 pays 1 to seat 2
    out = outcome(AUCTION.format("-1 +1 0", "altre-cinque mischio mischio / pago prendo"))
    assert out.contract == "prendo" and out.result == "-1 +1 0"


def test_pago_prendo_with_two_pago():
    # round 3: seats 1 and 2 pago, seat 3 prendo: each pays him 1
    text = AUCTION.format(
        "-1 -1 +2", "altre-cinque mischio mischio / altre-cinque mischio mischio / pago pago prendo"
    )
    assert outcome(text).result == "-1 -1 +2"


def test_a_pago_nobody_takes_lapses():
    # round 4: seat 1 pago, nobody prendo, nobody solo: thrown in
    text = AUCTION.format(
        "0 0 0",
        "altre-cinque mischio mischio / altre-cinque mischio mischio"
        " / altre-cinque mischio mischio / pago mischio mischio",
    )
    assert outcome(text).thrown_in


# ---- records that must be rejected, each at the right line and column


def first(text: str):
    found = problems(text)
    assert found, "the record should be rejected"
    return found[0]


def test_revoke_found_with_inferred_hands():
    # Deal D without its hands; seat 1 discards 5S in trick 8 and plays 8C to the coins led
    # in trick 12 though he still holds 9D, which he plays in trick 14.
    text = DEAL_D.split("deal\n")[0] + "auction" + DEAL_D.split("auction")[1]
    text = text.replace("  8. T14 T3 9D", "  8. T14 T3 5S").replace(
        "  14. JD JS 5S", "  14. JD JS 9D"
    )
    d = first(text)
    line = text.splitlines().index("  12. QD QS 8C") + 1
    assert (d.line, d.column, d.cls, d.code) == (line, 13, "rules", "illegal-card")
    assert (
        d.message
        == "trick 12: seat 1 played 8C but held 9D of the suit led (9D played in trick 14)"
    )


def test_failure_to_trump():
    # Deal A: seat 3, void in swords, plays 9D to the KS of trick 1 while holding T0
    text = DEAL_A.replace("  1. KS T0 T2", "  1. KS 9D T2").replace(
        "  3. T19 QD 9D", "  3. T19 QD T0"
    )
    [d] = problems(text)
    assert (d.line, d.column) == (text.splitlines().index("  1. KS 9D T2") + 1, 9)
    assert d.message == "trick 1: seat 3 played 9D but held T0: without swords a seat must trump"


def test_fuggitivo_leading_early():
    # Deal C: the soloist leads the Fuggitivo to trick 3
    text = DEAL_C.replace("  3. T19 QD JC", "  3. EX QD JC").replace(
        "  20. EX KD 4D", "  20. T19 KD 4D"
    )
    d = first(text)
    assert (d.line, d.column) == (text.splitlines().index("  3. EX QD JC") + 1, 6)
    assert "seat 1 led the Fuggitivo (EX), which may lead only the last trick" in d.message


def test_wrong_chiamo_card():
    # the worked example with `chiamo T18`: seat 3 lacks T19, the highest trump he must call
    text = WORKED.read_text(encoding="utf-8")
    text = text.replace("chiamo T19", "chiamo T18")
    [d] = problems(text)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "chiamo T18" in s)
    assert (d.line, d.column, d.code) == (line, 12, "wrong-call")  # at the card T18
    assert "he must call the highest trump he does not hold, T19" in d.message


def test_king_in_the_scarto():
    # Deal A with KB in the talon (7S goes to seat 2) and discarded
    text = (
        DEAL_A.replace("  talon: T3 T2 7S", "  talon: T3 T2 KB")
        .replace("10S 9S 8S KB QB", "10S 9S 8S 7S QB")
        .replace("  discard\n  7S 6S 5S", "")
        .replace("discard\n  7S 6S 5S", "discard\n  KB 6S 5S")
        .replace("  18. T4 KB 6B", "  18. T4 7S 6B")
    )
    [d] = problems(text)
    assert (d.line, d.column, d.code) == (
        text.splitlines().index("  KB 6S 5S") + 1,
        3,
        "illegal-scarto",
    )
    assert "the scarto may hold no king: KB" in d.message


def test_call_out_of_turn():
    text = AUCTION.format("*", "1: altre-cinque 3: mischio 2: mischio")
    d = first(text)
    assert (d.line, d.column, d.code) == (7, 22, "out-of-turn")  # at the word `mischio`
    assert d.message == "round 1: it is seat 2's turn to speak, not seat 3's"


def test_wrong_result():
    text = with_tags(DEAL_A, Result="+4 -2 -2")
    [d] = problems(text)
    assert (d.line, d.column, d.cls) == (4, 9, "result")  # the opening quote
    assert "differs from the computed result '+6 -3 -3'" in d.message


def test_prendo_without_pago_and_a_second_chiamo():
    d = first(AUCTION.format("*", "altre-cinque mischio mischio / mischio prendo"))
    assert d.code == "illegal-call" and "nobody said pago" in d.message
    text = (
        '[Game "tarocco-siciliano"]\n[Seats "4"]\n[Dealer "4"]\n\n'
        "auction\n  passo passo passo passo / chiamo T20 chiamo T19\n"
    )
    d = first(text)
    assert d.code == "illegal-call" and d.column == 40  # the second `chiamo`


def test_trump_in_the_scarto_while_other_cards_could_go():
    # Deal F: seat 1 could discard 5S 6S 7S but puts T5 in the scarto instead of 5S
    text = DEAL_F.replace("discard\n  7S 6S 5S", "discard\n  T5 7S 6S")
    found = problems(text)
    scarto = [d for d in found if d.code == "illegal-scarto"]
    [d] = scarto
    assert (d.line, d.column) == (text.splitlines().index("  T5 7S 6S") + 1, 3)
    assert "only when the hand has too few other cards to discard" in d.message


def test_announcements_by_the_wrong_seat():
    # Deal A: seat 1 holds Giove but not the Fuggitivo: no scommessa
    d = first(DEAL_A.replace("play\n", "announce\n  1: scommessa\nplay\n"))
    assert d.code == "illegal-announcement" and "without holding the Fuggitivo (EX)" in d.message
    # Deal F: seat 3 holds the called T19: the caller's partner may not announce rivanto
    d = first(DEAL_F.replace("play\n", "announce\n  3: rivanto\nplay\n"))
    assert d.code == "illegal-announcement" and "caller's partner" in d.message
    # the declarer never announces rivanto
    d = first(DEAL_F.replace("play\n", "announce\n  1: rivanto\nplay\n"))
    assert "only an opponent may announce rivanto" in d.message
