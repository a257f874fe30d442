"""The Game of Tarot as a game state: simulated deals replayed action by action reach the
referee's outcome through legal actions only; what `legal()` leaves out is refused with
the referee's own sentence; each phase refuses what the rules refuse."""

from __future__ import annotations

import random
import re
from dataclasses import asdict
from functools import cache
from pathlib import Path

import pytest

from trunfu.engine import IllegalAction, actions, replay, simulate, start
from trunfu.engine.games.waite_tarot.scoring import tally
from trunfu.engine.games.waite_tarot.state import WaiteState
from trunfu.notation.models import Record
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

FAMOUS = Path(__file__).resolve().parents[2] / "data" / "famous"
KING = (FAMOUS / "waite-tarot-pagad-trumps-a-king.tgn").read_text(encoding="utf-8")
ASK = (FAMOUS / "waite-tarot-ask-answered-with-the-fool.tgn").read_text(encoding="utf-8")
ALL = (FAMOUS / "waite-tarot-twenty-one-trumps.tgn").read_text(encoding="utf-8")


@cache
def deals(seats: int) -> tuple[Record, ...]:
    """Simulated deals (some with an ask, answered or not)."""
    return tuple(simulate("waite-tarot", seats, 12, seed=40 + seats))


def every_deal() -> list[Record]:
    return [*deals(2), *deals(3)]


def record_of(text: str) -> Record:
    (read,) = read_text(text)
    assert read.record is not None
    return read.record


def edited(text: str, old: str, new: str) -> Record:
    assert old in text, old
    return record_of(text.replace(old, new, 1))


def seen(state: WaiteState) -> tuple:
    """All a state shows, to tell that a refused action changed nothing."""
    return (state.phase, state.legal(), write(state.record()), asdict(state.snapshot()))


def refused(state: WaiteState, action: str) -> IllegalAction:
    before = seen(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(action)
    assert seen(state) == before
    return caught.value


@pytest.mark.parametrize("record", every_deal(), ids=lambda r: f"{r.seats}-{r.tag('Board')}")
def test_the_record_actions_are_legal_and_reach_the_referees_outcome(record: Record) -> None:
    state = start(record)
    for seat, action in actions(record):
        # an announcement is listed by its word, an exchange and a card in full
        listed = " ".join(action.split(" ")[:2]) if ": " in action and ">" not in action else action
        assert listed in state.legal() and listed in state.view(seat).legal, (listed, seat)
        assert state.to_act in (seat, None)
        state.apply(action)
    assert state.over and state.legal() == []
    assert state.outcome == replay(record, steps=False).outcome
    assert state.outcome.result == record.tag("Result")
    assert write(state.record()) == write(record)


@pytest.mark.parametrize("record", every_deal(), ids=lambda r: f"{r.seats}-{r.tag('Board')}")
def test_a_card_legal_leaves_out_is_refused_with_the_referees_sentence(record: Record) -> None:
    rng = random.Random(record.tag("Board"))
    state, steps = start(record), actions(record)
    stop = rng.randrange(len(steps) - 30, len(steps))  # within the play
    for _, action in steps[:stop]:
        state.apply(action)
    seat, play = state.to_act, state.play
    hands = {s: play.hand(s) for s in range(1, record.seats + 1)}
    unheld = [c for s, hand in hands.items() if s != seat for c in hand]
    for card in [c for c in hands[seat] if c not in state.legal()][:1] + rng.sample(unheld, 1):
        error = refused(state, card)
        changed = record_of(write(record))  # the record, with `card` played here instead
        changed.play.tricks[play.number - 1].cards[len(play.trick)] = card
        (first, *_) = replay(changed, steps=False).diagnostics
        assert (error.code, str(error)) == (first.code, first.message)


@pytest.mark.parametrize("record", every_deal()[:6], ids=lambda r: f"{r.seats}-{r.tag('Board')}")
def test_views_show_a_seat_its_own_hand_and_copies_are_independent(record: Record) -> None:
    state = start(record)
    for n, (_, action) in enumerate(actions(record)):
        for seat in range(1, record.seats + 1):
            view = state.view(seat)
            others = [state.view(s).hand for s in range(1, record.seats + 1) if s != seat]
            assert not set(view.hand) & {c for hand in others for c in hand}
            assert set(view.legal) <= set(state.legal())
        if n % 20 == 0:
            twin = state.copy()
            twin.apply(action)
            assert seen(twin) != seen(state)
        state.apply(action)


def test_start_names_what_the_deal_does_not_give() -> None:
    with pytest.raises(ValueError, match="talon"):
        start(edited(KING, "  talon: KC 7C 2B\n", ""))
    with pytest.raises(ValueError, match="seat 2"):
        start(record_of(re.sub(r"  2: .*\n", "", KING, count=1)))


def test_the_discard_is_one_card_of_the_dealers_hand_or_the_left_over_cards() -> None:
    state = start(record_of(KING))
    dealer = state.dealer
    assert state.phase == "discard" and state.to_act == dealer
    assert sorted(state.legal()) == sorted(state.hands[dealer] + state.talon)
    error = refused(state, "KD")  # in the dead hand
    assert error.code == "discard-not-held" and f"seat {dealer}" in str(error)
    assert refused(state, "1: greater T21 T20 T19").code == "illegal-action"
    for card in ("4d", "3D", "AD"):  # the reader's spellings are accepted
        state.apply(card)
    assert state.discarded == ["4D", "3D", "AD"] and state.phase == "announce"
    assert "KC" in state.view(dealer).hand and state.view(dealer).talon == []
    for card, lies in (("8D", "in the dead hand"), ("4D", "in the dealer's discard")):
        error = refused(state, card)
        assert str(error) == f"trick 1: seat 1 played {card} but does not hold it ({lies})"


def test_asks_declarations_and_the_exchange_that_answers_an_ask() -> None:
    record = record_of(ASK)
    state = start(record)
    for card in ("4D", "3D", "AD"):
        state.apply(card)
    assert "2: ask" in state.legal() and "1: greater" in state.legal()
    assert refused(state, "1: ask").code == "bad-ask"  # three Tarots: T21 EX T1
    assert refused(state, "1>2: EX").code == "bad-exchange"  # nobody asked
    state.apply("2:ask")
    assert state.phase == "exchange" and state.to_act == 1
    assert state.legal() == ["1>2: T21", "1>2: T1", "1>2: EX"]
    assert refused(state, "1: greater T21 T20 T19").code == "ask-unanswered"
    assert refused(state, "QD").code == "ask-unanswered"  # no play before the answer
    state.apply("1 > 2: ex")
    assert state.to_act == 2 and "2>1: 9D" in state.legal() and "2>1: KS" not in state.legal()
    assert refused(state, "2>1: KS").code == "bad-exchange"  # a Tarot is not given back
    state.apply("2>1: 2B")
    assert state.phase == "announce" and "2: tarots" in state.legal()
    error = refused(state, "1: greater T21 T20 T18")
    assert (error.code, str(error)) == ("bad-announcement", "seat 1 shows T18 but does not hold it")
    assert refused(state, "1: poignee T21").code == "bad-announcement"
    assert refused(state, "1 greater").code == "unknown-action"
    state.apply("2: tarots EX KC KS")
    assert refused(state, "1: ask").code == "bad-ask"  # asks come before the declarations
    state.apply("2: trumps T18 T16 T15 T14 T13 T12 T11 T9 T7 T6 T4 T2 EX")
    shown = ["EX", "KC", "KS", "T18", "T16", "T15", "T14", "T13", "T12", "T11", "T9", "T7"]
    assert state.view(1).shown == {2: [*shown, "T6", "T4", "T2"]}  # each card once


def test_an_action_is_read_as_the_reader_reads_it_and_nothing_else() -> None:
    state = start(record_of(KING))
    for card in ("4D", "3D", "AD"):
        state.apply(card)
    # one card per exchange, seats 1 to 9, an announcement's cards all cards
    for action in ("1>2: KS KC", "1>: KS", "0: greater T21 T20 T19", "1: greater T21 T20 ZZ"):
        assert refused(state, action).code == "unknown-action", action
    assert refused(state, "1: greater T21 T20 t18").code == "bad-announcement"  # read: T18


def test_a_seat_asks_once() -> None:
    # seat 1 holds five Tarots and nobody can answer: one ask scores 5, a second is refused
    text = ALL.replace("  1: ask\n", "  1: ask\n  1: ask\n", 1)
    found = replay(record_of(text))
    assert [(d.code, d.message) for d in found.diagnostics] == [
        ("bad-ask", "seat 1 has already asked for a third Tarot")
    ]


def test_the_typed_outcome() -> None:
    outcome = replay(record_of(KING)).outcome
    assert outcome.sides == {"1": [1], "2": [2]} and outcome.roles == {}
    assert outcome.card_points == {"1": 32.0, "2": 27.0} and outcome.margin == 25.0
    assert [(b.name, b.side, b.points) for b in outcome.bonuses] == [
        ("declarations.greater", "1", 10.0),
        ("declarations.lesser", "1", 5.0),
        ("declarations.trumps", "1", 10.0),
        ("declarations.tarots", "1", 15.0),
        ("declarations.sequence", "1", 5.0),
        ("declarations.trumps", "2", 10.0),
        ("declarations.sequence", "2", 5.0),
        ("declarations.sequence", "2", 10.0),
        ("kings_trumped", "1", 5.0),
    ]
    asked = replay(record_of(ALL)).outcome.bonuses
    assert ("declarations.ask", "1", 5.0) in [(b.name, b.side, b.points) for b in asked]


def test_a_dealer_who_took_unknown_cards_shows_no_hand_before_the_play() -> None:
    found = replay(edited(KING, "  talon: KC 7C 2B\n", ""))
    dealer = 2
    assert dealer in found.steps[0].hands  # dealt
    announced = [s for s in found.steps if s.kind == "announce"]
    assert announced and all(dealer not in s.hands for s in announced)
    first_card = next(s for s in found.steps if s.kind == "card")
    played = [card for trick in found.tricks for seat, card in trick.cards if seat == dealer]
    assert sorted(first_card.hands[dealer]) == sorted(played)  # shown again by the play


def test_a_discard_left_out_is_inferred_from_the_play() -> None:
    record = edited(KING, "discard\n  4D 3D AD\n", "")
    listed = actions(record)
    assert sorted(a for _, a in listed[:3]) == ["3D", "4D", "AD"]
    assert {seat for seat, _ in listed[:3]} == {2}  # the dealer
    state = start(record)
    for _, action in listed:
        state.apply(action)
    assert state.outcome == replay(record_of(KING)).outcome


def test_the_points_shown_are_those_of_the_tricks_taken() -> None:
    def points(tricks: list) -> dict[str, float]:
        return {str(s): float(p) for s, p in tally(tricks, 2)[0].items()}

    found = replay(record_of(KING))
    taken = 0  # a trick's last card shows the points before it; its trick step, after
    for step in found.steps:
        taken += step.kind == "trick"
        if step.kind in ("card", "trick"):
            assert step.points == points(found.tricks[:taken])
    assert taken == 25 and found.steps[-1].points == points(found.tricks)
    state, listed = start(record_of(KING)), actions(record_of(KING))
    for _, action in listed:
        state.apply(action)
        if state.play is not None:
            assert state.snapshot().points == points(state.play.tricks)
