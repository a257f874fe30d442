"""Simulated deals of the Game of Tarot: they validate, round-trip through the writer, add
up as the rules say, and a changed card is detected."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from mangling import change_one_card, internal_errors, mangle, swap_between_seats

from trunfu.engine import replay, simulate
from trunfu.engine.games.waite_tarot.scoring import VALUE
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

seeds = st.integers(min_value=0, max_value=10**6)
seat_counts = st.sampled_from([2, 3])


def verdict(text: str):
    (read,) = read_text(text)
    return judge(read)


@settings(max_examples=30, deadline=None)
@given(seats=seat_counts, seed=seeds)
def test_simulated_deals_validate_round_trip_and_add_up(seats, seed):
    for record in simulate("waite-tarot", seats, 2, seed):
        text = write(record)
        found = verdict(text)
        assert found.valid, (text, [str(d) for d in found.diagnostics])
        assert found.result == record.tag("Result")
        (again,) = read_text(text)
        assert write(again.record) == text
        rep = replay(again.record, steps=False)
        b, scores = rep.outcome.breakdown, rep.outcome.scores
        seat_keys = [str(s) for s in range(1, seats + 1)]
        totals = [b["declaration_points"][s] + b["tricks"][s] for s in seat_keys]
        assert totals == [b["totals"][s] for s in seat_keys]
        # every trick's worth to its winner, 5 for the Fool's owner (when it was not in
        # the dead hand or the discard), 5 per king trumped
        worth = sum(max(VALUE[c] for _, c in t.cards) for t in rep.tricks)
        fool = 5 * any(c == "EX" for t in rep.tricks for _, c in t.cards)
        assert sum(b["tricks"].values()) == worth + fool + sum(b["kings_trumped"].values())
        ranked = sorted(totals, reverse=True)
        assert sorted(scores, reverse=True) == [ranked[0] - ranked[1]] + [0] * (seats - 1)
        assert len(rep.tricks) == 25


@settings(max_examples=25, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_one_changed_card_is_detected(seats, seed, pick):
    record = simulate("waite-tarot", seats, 1, seed)[0]
    change = change_one_card(record, random.Random(pick))
    assert not verdict(write(record)).valid, f"{change} not detected"


@settings(max_examples=25, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_two_cards_swapped_between_seats_are_detected(seats, seed, pick):
    record = simulate("waite-tarot", seats, 1, seed)[0]
    if swap_between_seats(record, random.Random(pick)):
        # the hands are dealt in the record: a card played by a seat that was not dealt it
        assert not verdict(write(record)).valid


MUTATIONS = ["announce", "  1: ask", "  2: tarots T21 EX T1", "exchange", "  1>2: KD", "discard"]


@settings(max_examples=25, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_a_mangled_record_gets_diagnostics_not_a_crash(seats, seed, pick):
    rng = random.Random(pick)
    text = mangle(write(simulate("waite-tarot", seats, 1, seed)[0]), rng, MUTATIONS)
    assert internal_errors(text) == []
