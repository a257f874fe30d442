"""Simulated French tarot deals: they validate, round-trip through the writer, sum to zero,
and a single changed card of the play is detected."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine import replay, simulate
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

SETUPS = [
    (3, "fft"),
    (4, "fft"),
    (5, "fft"),
    (3, "classic"),
    (4, "classic"),
    (5, "classic"),
    (6, "classic"),
]
setups = st.sampled_from(SETUPS)
seeds = st.integers(min_value=0, max_value=10**6)


def diagnostics(text: str):
    (read,) = read_text(text)
    if read.diagnostics or read.record is None:
        return list(read.diagnostics), None
    result = replay(read.record, steps=False)
    return list(result.diagnostics), result


@settings(max_examples=40, deadline=None)
@given(setup=setups, seed=seeds)
def test_simulated_deals_validate_round_trip_and_sum_to_zero(setup, seed):
    seats, variant = setup
    for record in simulate("french-tarot", seats, 3, seed, variant):
        text = write(record)
        found, result = diagnostics(text)
        assert found == [], (text, found)
        assert result.outcome is not None
        assert result.outcome.result == record.tag("Result")
        assert abs(sum(result.outcome.scores)) < 1e-9
        (again,) = read_text(text)
        assert write(again.record) == text
        assert again.record.content() == read_text(write(again.record))[0].record.content()


def played_deal(seats: int, variant: str, seed: int):
    """The first simulated deal of `seed` that was played (not thrown in)."""
    for record in simulate("french-tarot", seats, 20, seed, variant):
        if record.play is not None:
            return record
    raise AssertionError("no deal played in 20")


@settings(max_examples=40, deadline=None)
@given(setup=setups, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_one_changed_card_is_detected(setup, seed, pick):
    seats, variant = setup
    record = played_deal(seats, variant, seed)
    rng = random.Random(pick)
    tricks = record.play.tricks
    trick = rng.choice(tricks)
    place = rng.randrange(len(trick.cards))
    old = trick.cards[place]
    others = [c for t in tricks for c in t.cards if c != old]
    trick.cards[place] = rng.choice(others)
    found, _ = diagnostics(write(record))
    assert found, f"{old} -> {trick.cards[place]} not detected"


@settings(max_examples=30, deadline=None)
@given(setup=setups, seed=seeds, pick=st.integers(min_value=0, max_value=10**6))
def test_two_cards_swapped_between_seats_are_detected(setup, seed, pick):
    # the deck stays whole, so only the referee (hands against play) can find it
    seats, variant = setup
    record = played_deal(seats, variant, seed)
    rng = random.Random(pick)
    seat_of = {c: s for t in replay(record, steps=False).tricks for s, c in t.cards}
    cards = [(t.cards, i) for t in record.play.tricks for i in range(len(t.cards))]
    x, i = rng.choice(cards)
    y, j = rng.choice([(c, j) for c, j in cards if seat_of[c[j]] != seat_of[x[i]]])
    x[i], y[j] = y[j], x[i]
    found, _ = diagnostics(write(record))
    assert any(d.code == "card-not-held" for d in found), found
