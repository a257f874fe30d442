"""The Transcribe page (issue 20) under `AppTest`: a simulated deal of each game entered
through the page's controls (the set-up, a click per card of the deal, a button per call,
card and announcement) reaches the record's canonical text; the cards the rules refuse are
disabled when the hand is known; undo restores the page exactly; a transcription of the
play only gets the referee's verdict; a reload resumes the work from the URL."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from streamlit.testing.v1 import AppTest

from trunfu.dashboard.transcription import SET_WORDS, Transcription, key_of
from trunfu.engine import actions, replay, simulate
from trunfu.notation.models import Record
from trunfu.notation.writer import write

PAGE = "transcribe"
GAMES = [("french-tarot", 4), ("tarocco-siciliano", 3), ("marafone", 5), ("waite-tarot", 2)]
"""One seat count per game, each with its own phases: the chien and the écart; the
Sicilian auction of three; marafone's auction, trumps and called card; Waite's asks and
exchanges."""


def ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert not errors, errors
    return at


def the_text(at: AppTest) -> str:
    """The TGN text the side panel shows (its code block drops the last line end)."""
    return at.code[0].value + "\n"


def played(game: str, seats: int) -> Record:
    """A simulated deal that was played (not thrown in)."""
    return next(r for r in simulate(game, seats, 10, seed=4) if r.play is not None)


def set_up(at: AppTest, record: Record) -> AppTest:
    """Fill the set-up form for `record` and start."""
    at.selectbox(key="tr_game").set_value(record.tag("Game")).run()
    at.selectbox(key=f"tr_seats_{record.tag('Game')}").set_value(record.seats).run()
    at.selectbox(key="tr_game")  # the dealer's box has no key: found by its label
    next(s for s in at.selectbox if s.label == "Dealer").set_value(int(record.tag("Dealer")))
    at.text_input(key="tr_event").set_value(record.tag("Event"))
    at.button(key="tr_start").click().run()
    return ok(at)


def deal(at: AppTest, record: Record) -> AppTest:
    """Give every card of the deal by clicking it, hand after hand; the last with the button
    that fills it with what is left."""
    hands = record.deal.hands
    for hand in hands[:-1]:
        at.button(key=f"owner-{hand.owner}").click().run()
        for card in hand.cards:  # the clicks of a hand sent in one run, each one a callback
            assert not at.button(key=f"deal-{card}").disabled
            at.button(key=f"deal-{card}").click()
        at.run()
        assert ok(at).html  # the hand's tiles
    ok(at)
    at.button(key="tr-fill").click().run()
    return ok(at)


def enter(at: AppTest, action: str) -> AppTest:
    """Enter one action through the page's controls."""
    head, _, rest = action.partition(" ")
    word = rest.split(" ")[0]
    if head.endswith(":") and word in SET_WORDS:  # pick the cards, then announce
        key = key_of(f"{head} {word}")
        at.multiselect(key=f"set-{key}").set_value(rest.split()[1:])
        at.button(key=f"announce-{key}").click().run()
    elif re.fullmatch(r"(T\d+|EX|(10|[2-9AJCQK])[SHDCB])", head) and rest in (
        "busso",
        "striscio",
        "volo",
    ):
        at.segmented_control(key="tr_signal").set_value(rest).run()
        at.button(key=f"play-{head}").click().run()
    elif re.fullmatch(r"(T\d+|EX|(10|[2-9AJCQK])[SHDCB])", action):
        button = at.button(key=f"play-{action}")
        assert not button.disabled, action
        button.click().run()
    else:
        at.button(key=f"do-{key_of(action)}").click().run()
    return ok(at)


def expected(record: Record) -> str:
    """The record as the page writes it: the tags the set-up asks for."""
    keep = ("Game", "Seats", "Dealer", "Event", "Result")
    return write(replace(record, tags=[t for t in record.tags if t.name in keep]))


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_a_whole_deal_entered_through_the_page_reaches_the_records_text(
    open_page: Callable[..., AppTest], game: str, seats: int
) -> None:
    record = played(game, seats)
    at = deal(set_up(open_page(PAGE), record), record)
    for _, action in actions(record):
        enter(at, action)
    assert the_text(at) == expected(record)
    assert any("The deal is over" in s.value for s in at.success)
    assert any(f"Valid so far (Result {record.tag('Result')})" in s.value for s in at.success)


def play_until(at: AppTest, record: Record, test: Callable[[int], bool]) -> int:
    """Enter the record's actions until `test(n)` holds after n of them; n."""
    steps = actions(record)
    for n, (_, action) in enumerate(steps):
        if test(n):
            return n
        enter(at, action)
    raise AssertionError("the deal ended first")


def card_buttons(at: AppTest) -> dict[str, bool]:
    """The card buttons of the seat to play: card → enabled."""
    return {b.key[5:]: not b.disabled for b in at.button if b.key and b.key.startswith("play-")}


def test_the_cards_the_rules_refuse_are_disabled(open_page: Callable[..., AppTest]) -> None:
    record = played("tarocco-siciliano", 4)
    at = deal(set_up(open_page(PAGE), record), record)
    t: dict[str, Transcription] = {}

    def must_follow(_: int) -> bool:
        t["now"] = at.session_state["transcription"]
        state = t["now"].state()
        return state.phase == "play" and set(state.legal()) != set(state.view(state.to_act).hand)

    play_until(at, record, must_follow)
    state = t["now"].state()
    buttons = card_buttons(at)
    hand = state.view(state.to_act).hand
    assert sorted(buttons) == sorted(hand)  # the seat's hand, every card shown
    assert {c for c, on in buttons.items() if on} == set(state.legal())
    assert any(not on for on in buttons.values())
    turn = [h.value for h in at.html if "tf-turn" in h.value]
    assert turn and f"Seat {state.to_act} plays" in turn[0]


def test_undo_restores_the_page_exactly(open_page: Callable[..., AppTest]) -> None:
    record = played("french-tarot", 4)
    at = deal(set_up(open_page(PAGE), record), record)
    play_until(at, record, lambda n: n == 20)  # into the play
    before = (the_text(at), card_buttons(at), [b.key for b in at.button], at.query_params["t"])
    for _, action in actions(record)[20:25]:
        enter(at, action)
    assert the_text(at) != before[0]
    at.number_input(key="tr_undo_n").set_value(5).run()
    at.button(key="tr-undo-button").click().run()
    ok(at)
    after = (the_text(at), card_buttons(at), [b.key for b in at.button], at.query_params["t"])
    assert after == before
    at.number_input(key="tr_undo_n").set_value(1).run()
    at.button(key="tr-undo-button").click().run()  # one step more: one action fewer
    assert len(at.session_state["transcription"].actions) == 19


def test_the_deal_typed_with_completion_reaches_the_same_text(
    open_page: Callable[..., AppTest],
) -> None:
    record = played("tarocco-siciliano", 3)
    at = set_up(open_page(PAGE), record)
    hands = record.deal.hands
    first = list(hands[0].cards)
    offered = {o.split(" · ")[0] for o in at.multiselect(key="tr_typed").options}
    assert set(first) <= offered  # every card offered, by its code and its name
    # every hand typed in one go but the last: each fills in turn, the next one follows
    typed = [c for h in hands[:-1] for c in h.cards]
    at.multiselect(key="tr_typed").set_value(typed).run()
    at.button(key="tr-give-typed").click().run()
    ok(at)
    assert at.multiselect(key="tr_typed").value == []
    t = at.session_state["transcription"]
    assert [t.hand(h.owner) for h in hands[:-1]] == [list(h.cards) for h in hands[:-1]]
    at.button(key="tr-fill").click().run()
    for _, action in actions(record):
        enter(ok(at), action)
    assert the_text(ok(at)) == expected(record)


def test_a_comment_on_the_last_call_goes_into_the_text(
    open_page: Callable[..., AppTest],
) -> None:
    record = played("tarocco-siciliano", 3)
    at = deal(set_up(open_page(PAGE), record), record)
    assert not [i for i in at.text_input if i.key == "tr_call_note"]  # nothing said yet
    for _, action in actions(record)[:2]:
        enter(at, action)
    at.text_input(key="tr_call_note").input("a long think").run()
    assert "{ a long think }" in the_text(ok(at))
    assert at.session_state["transcription"].call_notes == {1: "a long think"}


def test_a_reload_resumes_the_work_from_the_url(open_page: Callable[..., AppTest]) -> None:
    record = played("marafone", 4)
    at = deal(set_up(open_page(PAGE), record), record)
    play_until(at, record, lambda n: n == 6)
    token = at.query_params["t"]
    again = ok(open_page(PAGE, t=token[0] if isinstance(token, list) else token))
    assert the_text(again) == the_text(at)
    assert card_buttons(again) == card_buttons(at)


def test_a_pasted_partial_record_resumes_the_work(open_page: Callable[..., AppTest]) -> None:
    record = played("waite-tarot", 3)
    text = write(record)
    partial = text[: text.index("  5. ")]  # four tricks played
    partial = re.sub(r'\[Result "[^"]*"\]', '[Result "*"]', partial)
    at = open_page(PAGE)
    at.text_area(key="tr_paste").set_value(partial)
    at.button(key="tr_resume").click().run()
    ok(at)
    assert the_text(at) == partial
    for _, action in actions(record)[len(at.session_state["transcription"].actions) :]:
        enter(at, action)
    assert the_text(at) == text


def test_the_play_only_gets_the_referees_verdict(open_page: Callable[..., AppTest]) -> None:
    record = played("french-tarot", 3)
    bare = replace(record, deal=None)
    before = write(replace(bare, play=None, tags=[])).strip("\n")
    at = open_page(PAGE)
    at.selectbox(key="tr_game").set_value("french-tarot").run()
    at.selectbox(key="tr_seats_french-tarot").set_value(3).run()
    next(s for s in at.selectbox if s.label == "Dealer").set_value(int(record.tag("Dealer")))
    at.text_input(key="tr_event").set_value(record.tag("Event"))
    at.radio(key="tr_mode").set_value("play")
    at.button(key="tr_start").click().run()
    at.text_area(key="tr_before").set_value(before).run()
    ok(at)
    seats = [s.seat for s in replay(record).steps if s.kind == "card"]
    cards = record.played()
    for n, card in enumerate(cards):
        if n < 4:  # who plays next, as the referee sees it
            assert f"Seat {seats[n]} plays" in next(
                h.value for h in at.html if "tf-turn" in h.value
            )
        at.button(key=f"play-{card}").click().run()
        assert not at.exception
    verdict = replay(bare, steps=False)
    assert verdict.valid and verdict.outcome.result == record.tag("Result")
    assert the_text(at) == expected(bare)
    assert any(f"Valid so far (Result {record.tag('Result')})" in s.value for s in at.success)
