"""Sicilian tarocchi as a game state: `start` + `apply` of a record's actions reach its
outcome, every action is among `legal()` just before it, what `legal()` omits is refused
with the referee's sentence, and each phase judges its own actions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tarocco_records import DEAL_A, DEAL_C, DEAL_E, DEAL_F, WORKED

from trunfu.engine import IllegalAction, actions, replay, simulate, start
from trunfu.notation.decks import GAMES
from trunfu.notation.reader import read_records
from trunfu.notation.writer import write

SETTINGS = settings(max_examples=25, deadline=None)
DEALS = st.tuples(st.integers(0, 10**6), st.sampled_from([3, 4]))


def simulated(seed: int, seats: int):
    [record] = simulate("tarocco-siciliano", seats, 1, seed)
    return record


def record_of(text: str):
    return read_records(text)[0]


def replayed(state, moves):
    for _, action in moves:
        state.apply(action)
    return state


@SETTINGS
@given(deal=DEALS)
def test_the_actions_of_a_record_reach_its_outcome_each_legal_when_played(deal):
    record = simulated(*deal)
    state = start(record)
    for seat, action in actions(record):
        assert state.to_act == seat or action.startswith(f"{seat}: ")
        assert action in state.legal()
        state.apply(action)
    assert state.over
    outcome = replay(record, steps=False).outcome
    assert state.outcome.result == outcome.result == record.tag("Result")
    assert state.outcome == outcome
    assert write(state.record()) == write(record)


@SETTINGS
@given(deal=DEALS)
def test_a_snapshot_shows_the_cards_each_seat_holds_as_the_play_goes(deal):
    record = simulated(*deal)
    state = start(record)
    for _, action in actions(record):
        state.apply(action)
        play = state.play
        if play is not None:
            held = {s: sorted(play.hand(s), key=GAMES[state.game].rank_of.get) for s in play.hands}
            assert state.snapshot().hands == held
            assert state.snapshot().taken == play.taken()


@SETTINGS
@given(deal=DEALS, data=st.data())
def test_a_card_legal_omits_is_refused_with_the_referees_sentence(deal, data):
    record = simulated(*deal)
    if record.play is None:  # thrown in: nothing is played
        return
    moves = actions(record)
    flat = [(t.cards, i) for t in record.play.tricks for i in range(len(t.cards))]
    first = len(moves) - len(flat)  # the cards played come last
    n = data.draw(st.integers(first, len(moves) - 1))
    state = replayed(start(record), moves[:n])
    seat, played = moves[n]
    held = state.view(seat).hand
    refused = sorted(set(held) - set(state.legal()))
    if not refused:
        return
    wrong = data.draw(st.sampled_from(refused))
    before = write(state.record()), state.legal(), state.snapshot()
    with pytest.raises(IllegalAction) as error:
        state.apply(wrong)
    assert (write(state.record()), state.legal(), state.snapshot()) == before
    # the same card written in the record (and the card it replaces where `wrong` was)
    position = n - first
    cards, i = flat[position]
    assert cards[i] == played
    later, j = next((c, j) for c, j in flat if c[j] == wrong)
    later[j], cards[i] = played, wrong
    found = replay(record_of(write(record)), steps=False).diagnostics
    at = [d for d in found if (d.line, d.column) == cards.at(i)]
    assert [(d.code, d.message) for d in at] == [(error.value.code, str(error.value))]


@SETTINGS
@given(deal=DEALS, data=st.data())
def test_a_copy_is_independent_and_views_hide_the_other_hands(deal, data):
    record = simulated(*deal)
    moves = actions(record)
    n = data.draw(st.integers(0, len(moves)))
    state = replayed(start(record), moves[:n])
    copy = state.copy()
    text, legal = write(state.record()), state.legal()
    replayed(copy, moves[n:])
    assert copy.over and (write(state.record()), state.legal()) == (text, legal)
    hands = state.snapshot().hands
    for seat in range(1, state.seats + 1):
        view = state.view(seat)
        others = {c for s, h in hands.items() if s != seat for c in h}
        assert set(view.hand) <= set(hands[seat]) | set(state.talon)
        assert not set(view.hand) & others
        if state.to_act != seat and state.phase != "announce":
            assert view.legal == []


@SETTINGS
@given(deal=DEALS)
def test_the_typed_outcome_agrees_with_the_breakdown_and_the_record(deal):
    record = simulated(*deal)
    outcome = replay(record, steps=False).outcome
    seats, eldest = record.seats, record.dealer % record.seats + 1
    rounds = record.auction.rounds if record.auction else []
    assert outcome.speakers == [(eldest + i - 1) % seats + 1 for r in rounds for i in range(len(r))]
    if outcome.declarer is None:  # thrown in
        assert (outcome.sides, outcome.roles, outcome.bonuses) == ({}, {}, [])
        return
    team = [outcome.declarer, *outcome.partners]
    defence = [s for s in range(1, seats + 1) if s not in team]
    assert outcome.sides == {"declarer": sorted(team), "defence": defence}
    assert {s for s, r in outcome.roles.items() if r == "defender"} == set(defence)
    assert [s for s, r in outcome.roles.items() if r == "declarer"] == [outcome.declarer]
    if outcome.contract == "prendo":
        return
    breakdown = outcome.breakdown
    points = breakdown["card_points"]
    assert outcome.card_points == {"declarer": points["declarer"], "defence": points["opponents"]}
    assert sum(outcome.card_points.values()) == 109
    assert outcome.margin == breakdown["difference"]
    won = [
        (f"jochi.{name}", {"opponents": "defence"}.get(side, side), float(n))
        for name, by_side in breakdown["jochi"].items()
        for side, n in by_side.items()
        if n
    ]
    stata = [("stata", None, 1.0)] if breakdown["stata"] else []
    assert [(b.name, b.side, b.points) for b in outcome.bonuses] == won + stata


def test_the_typed_outcome_of_the_worked_example():
    outcome = replay(record_of(WORKED.read_text(encoding="utf-8")), steps=False).outcome
    assert outcome.sides == {"declarer": [3, 4], "defence": [1, 2]}
    assert outcome.roles == {1: "defender", 2: "defender", 3: "declarer", 4: "partner"}
    assert outcome.speakers == [3, 4, 1, 2, 3, 4, 1, 2]
    assert (outcome.card_points, outcome.margin) == ({"declarer": 75, "defence": 34}, 3)
    assert [(b.name, b.side, b.points) for b in outcome.bonuses] == [
        ("jochi.rimatura", "declarer", 1),
        ("jochi.vanto", "declarer", 1),
        ("jochi.pigliate", "declarer", 1),
    ]


# ---- each phase


def refused(state, action: str) -> IllegalAction:
    before = write(state.record()), state.phase, state.to_act
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert (write(state.record()), state.phase, state.to_act) == before
    return error.value


def three_seats():
    return start(record_of(DEAL_A))


def test_the_calls_of_each_round():
    state = three_seats()  # seat 3 deals: seat 1 speaks first
    assert (state.phase, state.to_act) == ("auction", 1)
    assert state.legal() == ["mischio", "altre-cinque", "vado-solo"]
    error = refused(state, "pago")
    assert error.code == "illegal-call"
    assert str(error) == (
        "round 1: seat 1 may not say `pago` (allowed in this round: mischio, "
        "altre-cinque, vado-solo)"
    )
    for call in ("altre-cinque", "mischio", "mischio"):
        state.apply(call)
    assert state.bidding.round == 2
    assert state.legal() == ["mischio", "altre-cinque", "pago"]  # no prendo before a pago
    assert "nobody said pago" in str(refused(state, "prendo"))
    state.apply("pago")
    assert state.legal() == ["mischio", "altre-cinque", "pago", "prendo"]
    state.apply("prendo")
    assert state.over and state.outcome.result == "-1 +1 0"
    assert state.outcome.sides == {"declarer": [2], "defence": [1, 3]}
    assert refused(state, "mischio").code == "call-after-end"


def test_a_call_said_by_the_wrong_seat_and_other_spellings():
    state = three_seats()
    error = refused(state, "2: mischio")
    assert (error.code, str(error)) == (
        "out-of-turn",
        "round 1: it is seat 1's turn to speak, not seat 2's",
    )
    state.apply("1: altre cinque")  # the notation's spelling, read by its reader
    state.apply("pass")  # `pass` is `mischio` at three seats
    assert state.bidding.rounds == [["altre-cinque", "mischio"]]
    assert refused(state, "bonjour").code == "unknown-action"
    assert refused(state, "mischio T5").code == "unknown-action"  # only chiamo shows a card
    assert refused(state, "2: T20").code == "unknown-action"  # a card has no seat label
    state.apply("Mischio")  # words and card codes in any case
    assert state.bidding.rounds == [["altre-cinque", "mischio", "mischio"], []]


def test_a_card_code_in_any_case_is_read():
    state = start(record_of(DEAL_A))
    for call in ("altre-cinque", "mischio", "mischio") * 3 + ("vado-solo",):
        state.apply(call)
    assert state.phase == "discard" and state.to_act == 1
    state.apply("7s")
    assert state.scarto == ["7S"]


def test_chiamo_names_the_highest_trump_the_caller_lacks():
    state = start(record_of(WORKED.read_text(encoding="utf-8")))
    for _ in range(4):
        state.apply("passo")
    seat = state.to_act
    [chiamo] = [a for a in state.legal() if a.startswith("chiamo")]
    wrong = "chiamo T18" if chiamo != "chiamo T18" else "chiamo T17"
    error = refused(state, wrong)
    assert error.code == "wrong-call" and f"seat {seat} calls" in str(error)
    state.apply(chiamo)
    assert "chiamo" not in " ".join(state.legal())  # one chiamo per deal
    assert state.legal() == ["passo", "vado-solo"]


def test_the_scarto_takes_no_king_nor_trump_while_other_cards_can_go():
    state = start(record_of(DEAL_F))  # seat 1 holds Giove; everybody passes
    for _ in range(8):
        state.apply("passo")
    assert (state.phase, state.declarer) == ("discard", 1)
    assert state.legal() == ["5S", "7S", "6S"]  # 15 trumps but three plain cards
    assert "only when the hand has too few other cards" in str(refused(state, "T5"))
    assert refused(state, "T20").code == "illegal-scarto"
    assert refused(state, "KS").code == "scarto-not-held"
    for card in ("7S", "6S", "5S"):
        state.apply(card)
    assert (state.phase, state.legal()) == ("call", ["T19"])
    assert str(refused(state, "T18")).endswith(
        "he must call the highest trump he does not hold, T19"
    )
    state.apply("T19")
    assert (state.phase, state.partner) == ("announce", 3)


def test_announcements_and_the_first_lead():
    state = start(record_of(DEAL_C))
    for _, action in actions(record_of(DEAL_C))[:13]:  # the calls and the scarto
        state.apply(action)
    assert state.phase == "announce" and state.to_act == 2
    assert state.legal()[:3] == ["1: scommessa", "2: rivanto", "3: rivanto"]
    assert "only an opponent" in str(refused(state, "1: rivanto"))
    assert "only the declarer" in str(refused(state, "2: scommessa"))
    assert str(refused(state, "2: rivanto T20")) == "`rivanto` shows no cards"
    state.apply("1: scommessa")
    assert "announced once" in str(refused(state, "1: scommessa"))
    state.apply("KS")  # the first card ends the announcements
    assert state.phase == "play" and refused(state, "3: rivanto").code == "illegal-announcement"


def test_the_fuggitivo_leads_only_the_last_trick():
    text = DEAL_C.replace("  3. T19 QD JC", "  3. EX QD JC").replace(
        "  20. EX KD 4D", "  20. T19 KD 4D"
    )
    moves = actions(record_of(text))
    state = replayed(
        start(record_of(text)), moves[:20]
    )  # 10 calls, 3 discards, 1 announcement, 2 tricks
    assert state.to_act == 1 and "EX" not in state.legal()
    error = refused(state, "EX")
    found = replay(record_of(text)).diagnostics[0]  # trick 3, at the EX
    assert (error.code, str(error)) == (found.code, found.message)
    assert (
        str(error) == "trick 3: seat 1 led the Fuggitivo (EX), which may lead only the last trick"
    )


def test_giove_in_the_talon_throws_the_deal_in():
    text = DEAL_F.replace("  1: T20 T18", "  1: T5 T18").replace("  talon: T5", "  talon: T20")
    state = start(record_of(text))
    for _ in range(8):
        state.apply("passo")
    assert state.over and state.outcome.thrown_in and state.legal() == []
    assert state.outcome.sides == {} and state.outcome.margin == 0.0


def test_a_forced_solo_and_the_replay_steps_observe_the_state():
    out = replayed(start(record_of(DEAL_E)), actions(record_of(DEAL_E))).outcome
    assert out.contract == "forced-solo" and out.roles == {
        1: "defender",
        2: "defender",
        3: "declarer",
        4: "defender",
    }
    steps = replay(record_of(DEAL_E)).steps
    talon = next(s for s in steps if s.kind == "talon")
    assert talon.declarer == 3 and talon.talon == [] and "T19" in talon.hands[3]
    last_call = [s for s in steps if s.kind == "call"][-1]
    assert last_call.declarer is None and last_call.talon == ["T19", "7S", "6S"]


def test_start_names_what_the_deal_leaves_out():
    text = DEAL_A.replace("  2: T1 KD", "  2x: T1 KD").replace("  talon: T3 T2 7S\n", "")
    text = "\n".join(line for line in text.splitlines() if "2x:" not in line) + "\n"
    with pytest.raises(ValueError, match="seat 2's hand and the talon"):
        start(record_of(text))
