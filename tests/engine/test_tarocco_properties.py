"""Properties of simulated Sicilian deals: they validate, round-trip through the canonical
writer, their payments sum to zero, and a changed card of the play is detected."""

from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine import replay, simulate
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

SETTINGS = settings(max_examples=40, deadline=None)


def verdict(text: str):
    [read] = read_text(text)
    return judge(read)


@SETTINGS
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([3, 4]))
def test_simulated_deals_validate_round_trip_and_sum_to_zero(seed, seats):
    [record] = simulate("tarocco-siciliano", seats, 1, seed)
    text = write(record)
    found = verdict(text)
    assert found.valid, [str(d) for d in found.diagnostics]
    assert found.result == record.tag("Result")
    [again] = read_text(text)
    assert write(again.record) == text
    assert again.record.content() == record.content()
    outcome = replay(record, steps=False).outcome
    assert sum(outcome.scores) == 0
    points = outcome.breakdown.get("card_points")
    if points:
        assert sum(points.values()) == 109


@SETTINGS
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([3, 4]), data=st.data())
def test_changing_one_card_of_the_play_is_detected(seed, seats, data):
    [record] = simulate("tarocco-siciliano", seats, 1, seed)
    tricks = record.play.tricks if record.play else []
    if not tricks:  # a deal thrown in has no play to change
        return
    t = data.draw(st.integers(0, len(tricks) - 1))
    i = data.draw(st.integers(0, len(tricks[t].cards) - 1))
    card = tricks[t].cards[i]
    seat_of = {c: s for trick in replay(record, steps=False).tricks for s, c in trick.cards}
    own = {c for c, s in seat_of.items() if s == seat_of[card]}
    # another card, which the seat does not hold: a card of another seat or of the scarto
    other = data.draw(st.sampled_from(sorted(set(record.game.order) - own)))
    for trick in tricks:  # swap it with the place where it was played, if it was
        for place, c in enumerate(trick.cards):
            if c == other:
                trick.cards[place] = card
    tricks[t].cards[i] = other
    found = verdict(write(record))
    assert not found.valid


def test_same_seed_same_bytes():
    one = "".join(write(r) for r in simulate("tarocco-siciliano", 3, 5, 7))
    two = "".join(write(r) for r in simulate("tarocco-siciliano", 3, 5, 7))
    other = "".join(write(r) for r in simulate("tarocco-siciliano", 3, 5, 8))
    assert one == two != other
