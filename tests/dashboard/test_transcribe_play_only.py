"""The Transcribe page's play-only transcription (issue 20) under `AppTest`: a simulated
deal of every game and seat count the page offers, entered through the page's controls
only (the calls, the called card, trumps, the discard, the exchanges and announcements,
then the cards of the play, each a click; no text typed), reaches a record that validates
with the simulated record's result; undo before the play restores the page exactly."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from trunfu.dashboard import before_play as sections
from trunfu.dashboard.transcription import key_of
from trunfu.engine import replay, simulate
from trunfu.notation.decks import GAMES
from trunfu.notation.models import Record

PAGE = "transcribe"
COUNTS = [(game, seats) for game, rules in GAMES.items() for seats in rules.seats]
LEADS = {("marafone", 4): "4D", ("marafone", 5): "5S"}
"""The card whose holder's hand the referee needs (who names trumps, who speaks first)."""


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert not errors, errors
    return at


def a_deal(game: str, seats: int) -> Record:
    """A simulated deal that was played, with as many kinds of steps before the play as
    a dozen deals offer (an exchange, an announcement, a called card…)."""
    played = [
        r
        for r in simulate(game, seats, 12, seed=5)
        if r.play is not None and sections.items_of(r) and not needs_giove(r)
    ]
    return max(played, key=lambda r: len({sections.section_of(i) for i in sections.items_of(r)}))


def needs_giove(record: Record) -> bool:
    """A Sicilian deal everybody passed: the referee needs the hand that holds Giove."""
    calls = record.calls()
    return bool(calls) and all(c.word == "passo" for c in calls) and record.discard is not None


def set_up(at: AppTest, record: Record) -> AppTest:
    """The set-up for `record`, the play only."""
    game = record.tag("Game")
    at.selectbox(key="tr_game").set_value(game).run()
    at.selectbox(key=f"tr_seats_{game}").set_value(record.seats).run()
    next(s for s in at.selectbox if s.label == "Dealer").set_value(int(record.tag("Dealer")))
    at.radio(key="tr_mode").set_value("play")
    at.button(key="tr_start").click().run()
    return ok(at)


def give_hand(at: AppTest, record: Record, card: str) -> AppTest:
    """The hand holding `card`, given by clicking its cards on the deck."""
    hand = next(h for h in record.deal.hands if card in h.cards)
    at.button(key=f"owner-{hand.owner}").click().run()
    for c in hand.cards:
        at.button(key=f"deal-{c}").click()
    at.run()
    return ok(at)


def click(at: AppTest, key: str) -> AppTest:
    button = at.button(key=key)
    assert not button.disabled, key
    button.click().run()
    return ok(at)


def enter(at: AppTest, item: str) -> None:
    """Enter an item before the play with the page's controls."""
    section, body = sections.section_of(item), sections.body_of(item)
    if section == "announce" and body.split()[1] in sections.SHOWN:
        seat, word, *cards = body.replace(":", "").split()
        at.segmented_control(key="bp_show_seat").set_value(int(seat))
        at.segmented_control(key="bp_show_word").set_value(word)
        at.multiselect(key="bp_show_cards").set_value(cards).run()
        click(at, "bp-show")
        return
    if section in ("call", "discard"):
        click(at, f"bp-{section}-{body}")
    else:
        click(at, f"bp-{key_of(f'{section} {body}')}")


def play(at: AppTest, record: Record) -> None:
    """The cards of the play, a click each (a run each: the callbacks of clicks sent in
    one run come in the page's order, not the clicks')."""
    for trick in record.play.tricks:
        lead = trick.cards.card(0)
        if lead.signal:
            at.segmented_control(key="tr_signal").set_value(lead.signal).run()
        for card in trick.cards:
            at.button(key=f"play-{card}").click().run()
        ok(at)


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_a_play_only_deal_entered_with_the_controls_validates_with_its_result(
    open_page: Callable[..., AppTest], game: str, seats: int
) -> None:
    record = a_deal(game, seats)
    at = set_up(open_page(PAGE), record)
    if (game, seats) in LEADS:
        give_hand(at, record, LEADS[game, seats])
    for item in sections.items_of(record):
        enter(at, item)
    play(at, record)
    t = at.session_state["transcription"]
    assert not t.known
    # the items as the record has them, the cards shown in an announcement in any order
    assert [sorted(i.split()) for i in t.before] == [
        sorted(i.split()) for i in sections.items_of(record)
    ]
    verdict = replay(t.record(), steps=False)
    assert verdict.valid, [d.message for d in verdict.diagnostics]
    assert verdict.outcome.result == record.tag("Result")
    assert any(f"Valid so far (Result {record.tag('Result')})" in s.value for s in at.success)
    assert any(f"The deal is over: {record.tag('Result')}" in s.value for s in at.success)
    assert not [b for b in at.button if b.key and b.key.startswith("play-")]


def state_of(at: AppTest) -> tuple:
    """What the page shows: the text, the buttons and the link's token."""
    return (at.code[0].value, [b.key for b in at.button], at.query_params["t"])


def test_undo_before_the_play_restores_the_page_exactly(open_page: Callable[..., AppTest]) -> None:
    record = a_deal("french-tarot", 5)
    at = set_up(open_page(PAGE), record)
    items = sections.items_of(record)
    for item in items[:3]:
        enter(at, item)
    before = state_of(at)
    for item in items[3:]:
        enter(at, item)
    assert state_of(at) != before
    at.number_input(key="tr_undo_n").set_value(len(items) - 3).run()
    click(at, "tr-undo-button")
    assert state_of(at) == before
    assert at.session_state["transcription"].before == items[:3]


def test_a_call_the_rules_refuse_is_not_offered(open_page: Callable[..., AppTest]) -> None:
    at = set_up(open_page(PAGE), a_deal("french-tarot", 4))
    click(at, "bp-auction-garde")
    calls = {b.key for b in at.button if b.key and b.key.startswith("bp-auction-")}
    assert calls == {"bp-auction-passe", "bp-auction-garde-sans", "bp-auction-garde-contre"}
    labels = {b.label for b in at.button if b.key in calls}
    assert labels == {"Passe", "Garde sans", "Garde contre"}
