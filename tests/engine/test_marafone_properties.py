"""Simulated marafone hands (four seats and Trionfo): they validate, round-trip through the
writer, add up as the rules say, and a changed card is detected."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from mangling import change_one_card, internal_errors, mangle, swap_between_seats

from trunfu.engine import replay, simulate
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

seeds = st.integers(min_value=0, max_value=10**6)
seat_counts = st.sampled_from([4, 5])


def verdict(text: str):
    (read,) = read_text(text)
    return judge(read)


def check_sums(out, seats: int) -> None:
    b = out.breakdown
    if seats == 5:
        assert sum(out.scores) == 0 or out.thrown_in
        if not out.thrown_in:
            assert b["thirds"]["signore"] + b["thirds"]["others"] == 35
        return
    a, c = out.scores[0], out.scores[1]
    assert out.scores == [a, c, a, c]  # partners carry their team's figure
    if b["end"] in ("irregularity", "penalty") or (b["claim"] and not b["claim"]["right"]):
        assert sorted((a, c)) == [0, 11]
        return
    bonus = 3 if b["maraffa"] and b["maraffa"]["ace_first"] else 0
    thirds = b["thirds"]["1+3"] + b["thirds"]["2+4"]
    if b["end"] == "complete":
        assert thirds == 35 and a + c == 11 + bonus  # 35 thirds round down to 11 in all
    else:  # a right `fuori`: the cards so far, no last trick
        assert thirds <= 32 and a + c <= 10 + bonus


@settings(max_examples=40, deadline=None)
@given(seats=seat_counts, seed=seeds)
def test_simulated_hands_validate_round_trip_and_add_up(seats, seed):
    for record in simulate("marafone", seats, 3, seed):
        text = write(record)
        found = verdict(text)
        assert found.valid, (text, [str(d) for d in found.diagnostics])
        assert found.result == record.tag("Result")
        (again,) = read_text(text)
        assert write(again.record) == text
        assert again.record.content() == read_text(write(again.record))[0].record.content()
        check_sums(replay(again.record, steps=False).outcome, seats)


def played(seats: int, seed: int):
    for record in simulate("marafone", seats, 20, seed):
        if record.play is not None and len(record.play.tricks) > 1:
            return record
    raise AssertionError("nothing played in 20 hands")


@settings(max_examples=30, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_one_changed_card_is_detected(seats, seed, pick):
    record = played(seats, seed)
    change = change_one_card(record, random.Random(pick))
    assert not verdict(write(record)).valid, f"{change} not detected"


@settings(max_examples=30, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_two_cards_swapped_between_seats_are_detected(seats, seed, pick):
    record = played(seats, seed)
    if swap_between_seats(record, random.Random(pick)):
        # the hands are dealt in the record: a card played by a seat that was not dealt it
        assert not verdict(write(record)).valid


@settings(max_examples=20, deadline=None)
@given(seed=seeds)
def test_a_changed_result_is_detected(seed):
    record = simulate("marafone", 4, 1, seed)[0]
    tag = next(t for t in record.tags if t.name == "Result")
    first = int(tag.value.split()[0])
    tag.value = " ".join([str(first + 1), *tag.value.split()[1:]])
    codes = [d.code for d in verdict(write(record)).diagnostics]
    assert "result-differs" in codes


MUTATIONS = ["  fuori 2", "  penalty 1", "call", "  3C", "trump", "  S", "auction", "  passo"]


@settings(max_examples=30, deadline=None)
@given(seats=seat_counts, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_a_mangled_record_gets_diagnostics_not_a_crash(seats, seed, pick):
    rng = random.Random(pick)
    text = mangle(write(simulate("marafone", seats, 1, seed)[0]), rng, MUTATIONS)
    assert internal_errors(text) == []
