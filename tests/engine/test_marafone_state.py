"""Marafone as a game state (four seats and Trionfo): simulated hands replayed action by
action reach their Result, every card played was legal just before it, a card `legal`
leaves out is refused with the referee's own sentence and changes nothing, the record
of a finished state is the record; and the phases one by one (trumps, words, claims,
the auction, the called card)."""

from __future__ import annotations

import random
import re
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine import IllegalAction, actions, replay, simulate, start
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

FAMOUS = Path(__file__).resolve().parents[2] / "data" / "famous"
seeds = st.integers(min_value=0, max_value=10**6)
seat_counts = st.sampled_from([4, 5])


def read(text: str):
    (found,) = read_text(text)
    return found.record


def famous(name: str):
    return read((FAMOUS / name).read_text(encoding="utf-8"))


def shown(state) -> tuple:
    """What a state shows of itself: phase, seat to act, legal actions, table, record."""
    return (
        state.phase,
        state.to_act,
        state.legal(),
        asdict(state.snapshot()),
        write(state.record()),
    )


@settings(max_examples=25, deadline=None)
@given(seats=seat_counts, seed=seeds)
def test_the_actions_of_a_simulated_hand_reach_its_result(seats, seed):
    for record in simulate("marafone", seats, 4, seed):
        state = start(record)
        for seat, action in actions(record):
            if not action.startswith("fuori"):
                assert seat == state.to_act
            assert action in state.legal(), (action, state.legal())
            state.apply(action)
        assert state.over and state.to_act is None and state.legal() == []
        assert state.outcome.result == record.tag("Result")
        assert state.outcome == replay(record, steps=False).outcome
        assert write(state.record()) == write(record)


@settings(max_examples=25, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_a_card_legal_leaves_out_is_refused_with_the_referees_sentence(seats, seed, pick):
    rng = random.Random(pick)
    record = simulate("marafone", seats, 1, seed)[0]
    if record.play is None:
        return  # thrown in
    steps, state, played = actions(record), start(record), []
    for index, (_, action) in enumerate(steps):
        if state.phase == "play" and not action.startswith("fuori"):
            played.append(index)
        state.apply(action)
    at = rng.choice(played)
    state = start(record)
    for _, action in steps[:at]:
        state.apply(action)
    seat = state.to_act
    refused = [c for c in state.view(seat).hand if c not in state.legal()]
    strangers = [c for s, h in _hands(record).items() if s != seat for c in h]
    card = rng.choice(refused or strangers)
    before = shown(state)
    with pytest.raises(IllegalAction) as refusal:
        state.apply(card)
    assert shown(state) == before
    # the referee says the same of the record with that card written instead
    cards, i = [(t.cards, i) for t in record.play.tricks for i in range(len(t.cards))][
        played.index(at)
    ]
    cards[i] = card
    found = replay(record, steps=False).diagnostics
    said = [d for d in found if (d.line, d.column) == cards.at(i)]
    assert [(d.code, d.message) for d in said] == [(refusal.value.code, str(refusal.value))]


def _hands(record) -> dict[int, list[str]]:
    return {int(h.owner): list(h.cards) for h in record.deal.hands}


@settings(max_examples=15, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_a_copy_is_independent_and_a_view_shows_only_its_own_hand(seats, seed, pick):
    rng = random.Random(pick)
    record = simulate("marafone", seats, 1, seed)[0]
    steps = actions(record)
    state = start(record)
    for _, action in steps[: rng.randrange(len(steps))]:
        state.apply(action)
    copied = state.copy()
    before = shown(state)
    while not copied.over:
        copied.apply(copied.legal()[0])
    assert shown(state) == before
    hands = _hands(record)
    played = set(state.view(1).played)
    for seat in range(1, seats + 1):
        view = state.view(seat)
        assert set(view.hand) == set(hands[seat]) - played
        others = {c for s, h in hands.items() if s != seat for c in h} - played
        seen = {*view.hand, *view.played, *(c for _, c in view.trick)}
        assert not seen & others
        assert view.legal == (state.legal() if state.to_act == seat else [])


MARAFFA = famous("marafone-maraffa-led.tgn")


def test_four_seats_begin_with_the_trumps_named_by_the_holder_of_4d():
    state = start(MARAFFA)
    first = next(int(h.owner) for h in MARAFFA.deal.hands if "4D" in h.cards)
    assert (state.phase, state.to_act) == ("trump", first)
    assert state.legal() == ["trump D", "trump C", "trump S", "trump B"]
    with pytest.raises(IllegalAction, match="names trumps first"):
        state.apply("AD")
    state.apply("trump d")  # the reader's spelling
    assert (state.phase, state.trump, state.to_act) == ("play", "D", first)
    with pytest.raises(IllegalAction) as unreadable:
        state.apply("trump X")
    assert unreadable.value.code == "unknown-action"


def test_the_leader_may_say_a_true_word_and_the_others_none():
    state = start(MARAFFA)
    steps = actions(MARAFFA)
    for _, action in steps[:1]:
        state.apply(action)
    legal = state.legal()
    lead = legal[0]
    assert legal[:3] == [lead, f"{lead} busso", legal[2]]
    assert legal[2].split()[1] in ("striscio", "volo")
    assert [a for a in legal if a.startswith("fuori")] == [f"fuori {s}" for s in (1, 2, 3, 4)]
    state.apply(steps[1][1])
    follower = state.legal()[0]
    assert not [a for a in state.legal() if " " in a]  # no word, no claim mid-trick
    with pytest.raises(IllegalAction) as word:
        state.apply(f"{follower} busso")
    assert word.value.code == "signal-not-leader"
    with pytest.raises(IllegalAction, match="between two tricks"):
        state.apply("fuori 1")


def test_a_false_word_is_taken_and_loses_the_hand_eleven_nil():
    record = famous("marafone-false-striscio.tgn")
    state = start(record)
    for _, action in actions(record):
        state.apply(action)
    assert state.outcome.result == "+11 0 +11 0"
    assert state.outcome.breakdown["irregularity"]["seat"] == 2


def test_a_claim_ends_the_hand_and_is_judged_against_the_match_tags():
    record = famous("marafone-fuori-at-forty-one.tgn")
    state = start(record)
    for _, action in actions(record):
        state.apply(action)
    assert state.over and state.outcome.breakdown["claim"]["right"] is True
    assert write(state.record()).endswith("\n  fuori 3\n")
    bad = read(re.sub(r'\[MatchScore "[^"]*"\]', '[MatchScore "x"]', write(record)))
    state = start(bad)
    steps = actions(bad)
    for _, action in steps[:-1]:
        state.apply(action)
    assert not [a for a in state.legal() if a.startswith("fuori")]
    with pytest.raises(IllegalAction) as claim:
        state.apply(steps[-1][1])
    assert claim.value.code == "bad-match-tag"
    state.apply("penalty 2")  # the umpire's ruling, never offered
    assert state.outcome.breakdown["end"] == "penalty"


def trionfo_state():
    return start(famous("marafone-trionfo-maso-too-late.tgn"))


def test_the_trionfo_auction_rises_and_skips_the_seats_that_passed():
    state = trionfo_state()
    first = state.to_act
    assert state.phase == "auction"
    assert state.legal() == ["passo", "chiamo", "di-piu", "maso", "maso-dei-masi"]
    state.apply("di più")  # the reader's spelling
    assert state.legal() == ["passo", "maso", "maso-dei-masi"]
    with pytest.raises(IllegalAction) as low:
        state.apply("chiamo")
    assert low.value.code == "illegal-call" and "not higher" in str(low.value)
    with pytest.raises(IllegalAction):
        state.apply("garde")
    for _ in range(4):
        state.apply("pass")
    assert (state.phase, state.to_act, state.signore) == ("trump", first, first)
    assert state.outcome is None


def test_five_passes_throw_the_hand_in():
    state = trionfo_state()
    for _ in range(5):
        state.apply("passo")
    assert state.over and state.outcome.thrown_in and state.outcome.result == "0 0 0 0 0"
    assert state.record().play is None


def test_the_signore_calls_a_card_of_another_suit_after_chiamo():
    state = trionfo_state()
    state.apply("chiamo")
    for _ in range(4):
        state.apply("passo")
    state.apply("trump S")
    assert state.phase == "call" and "3S" not in state.legal() and "3C" in state.legal()
    with pytest.raises(IllegalAction) as trump:
        state.apply("3S")
    assert trump.value.code == "call-trump"
    state.apply("3C")
    assert state.phase == "play" and state.to_act == state.signore
    holder = next(s for s, h in state.hands.items() if "3C" in h)
    assert state.amico == holder
    lead = state.legal()[0]
    with pytest.raises(IllegalAction) as word:
        state.apply(f"{lead} busso")
    assert word.value.code == "unexpected-signal"
    with pytest.raises(IllegalAction) as claim:
        state.apply("fuori 1")
    assert claim.value.code == "unexpected-claim"


def test_start_needs_every_hand():
    text = re.sub(r"  3: .*\n", "", write(MARAFFA))
    with pytest.raises(ValueError, match="seat 3's hand"):
        start(read(text))


def test_the_typed_outcome_of_the_maraffa_hand():
    out = replay(MARAFFA, steps=False).outcome
    # seat 1 holds 4D and names trumps: his team 1+3 is the declarer's side
    assert out.sides == {"declarer": [1, 3], "defence": [2, 4]}
    assert out.roles == {1: "declarer", 2: "defender", 3: "partner", 4: "defender"}
    assert out.card_points == {"declarer": 16 / 3, "defence": 19 / 3}
    assert out.margin == 16 / 3 - 19 / 3
    assert [(b.name, b.side, b.points) for b in out.bonuses] == [
        ("maraffa", "declarer", 1.0),
        ("signals.striscio", "declarer", 1.0),
        ("signals.volo", "declarer", 1.0),
        ("signals.busso", "declarer", 1.0),  # seat 1 leads 6S in trick 7
    ]
    assert out.speakers == []


@settings(max_examples=15, deadline=None)
@given(seats=seat_counts, seed=seeds)
def test_the_typed_outcome_says_what_the_breakdown_says(seats, seed):
    for record in simulate("marafone", seats, 6, seed):
        out = replay(record, steps=False).outcome
        kept = out.breakdown
        if out.thrown_in:
            assert (out.sides, out.roles, out.card_points, out.margin) == ({}, {}, {}, 0.0)
            assert out.speakers == [(kept["auction_first"] + i - 1) % 5 + 1 for i in range(5)]
            continue
        ours = sorted([out.declarer, *out.partners])
        theirs = [s for s in range(1, seats + 1) if s not in ours]
        assert out.sides == {"declarer": ours, "defence": theirs}
        assert out.roles == {
            s: "declarer" if s == out.declarer else "partner" if s in ours else "defender"
            for s in range(1, seats + 1)
        }
        assert out.margin == out.card_points["declarer"] - out.card_points["defence"]
        if seats == 5:
            points = kept["card_points"]
            assert out.card_points == {"declarer": points["signore"], "defence": points["others"]}
            assert out.speakers[0] == kept["auction_first"] and out.bonuses == []
            assert len(out.speakers) == len(record.auction.rounds[0])
            continue
        team = "1+3" if out.declarer % 2 else "2+4"
        other = "2+4" if team == "1+3" else "1+3"
        points = kept["card_points"]
        assert out.card_points == {"declarer": points[team], "defence": points[other]}
        named = [("maraffa", kept["maraffa"]["seat"])] if kept["maraffa"] else []
        named += [(f"signals.{s['word']}", s["seat"]) for s in kept["signals"]]
        if kept["claim"]:
            named.append((f"claim.{kept['claim']['kind']}", kept["claim"]["seat"]))
        if kept["irregularity"]:
            named.append(("irregularity", kept["irregularity"]["seat"]))
        assert [(b.name, b.side, b.points) for b in out.bonuses] == [
            (name, "declarer" if seat in ours else "defence", 1.0) for name, seat in named
        ]


def test_the_speakers_are_those_the_play_shows_or_none_when_nobody_can_tell():
    record = famous("marafone-trionfo-maso-too-late.tgn")
    seats = [s for s in replay(record, steps=False).outcome.speakers]
    one_hand = read(re.sub(r"  [2345]: .*\n", "", write(record)))
    assert replay(one_hand, steps=False).outcome.speakers == seats
    text = (
        '[Game "marafone"]\n[Seats "5"]\n[Dealer "2"]\n\nauction\n  passo passo passo passo passo\n'
    )
    assert replay(read(text), steps=False).outcome.speakers == []
