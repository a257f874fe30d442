"""The Transcribe page's logic (issue 20), without Streamlit: a simulated deal of every game
and seat count entered card by card and action by action reaches the record's canonical
text; illegal actions are refused with nothing entered; undo replays exactly; a transcription
of the play only gets the referee's verdict on the record without its hands."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import asdict, replace

import pytest

from trunfu.dashboard import before_play as sections
from trunfu.dashboard import words
from trunfu.dashboard.transcription import (
    SET_WORDS,
    Setup,
    Transcription,
    TranscriptionError,
    choices,
    say,
)
from trunfu.engine import IllegalAction, actions, replay, simulate
from trunfu.notation.decks import GAMES
from trunfu.notation.models import Record
from trunfu.notation.writer import write

COUNTS = [(game, seats) for game, rules in GAMES.items() for seats in rules.seats]
DEALS = 2


def deals(game: str, seats: int) -> list[Record]:
    return simulate(game, seats, DEALS, seed=11)


def setup_of(record: Record) -> Setup:
    """The set-up a user fills for `record` (its other tags kept as they are)."""
    tags = {t.name: t.value for t in record.tags}
    return Setup(
        game=tags["Game"],
        seats=int(tags["Seats"]),
        dealer=int(tags["Dealer"]),
        event=tags.get("Event", ""),
        extra=[(t.name, t.value) for t in record.tags if t.name in ("Board", "Source")],
        order=[t.name for t in record.tags],
    )


def entered(record: Record) -> Transcription:
    """`record`'s deal entered card by card (the last short owner filled with what is left)."""
    t = Transcription(setup=setup_of(record))
    hands = record.deal.hands
    for hand in hands[:-1]:
        for card in hand.cards:
            t.give(hand.owner, card)
    assert t.fill() == hands[-1].owner
    assert t.dealt
    return t


def is_offered(action: str, legal: list[str]) -> bool:
    """`action` is among the legal ones, or is a set of cards whose word is (`2: poignee`)."""
    head, _, rest = action.partition(" ")
    return action in legal or (
        rest.split(" ")[0] in SET_WORDS and f"{head} {rest.split()[0]}" in legal
    )


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_a_deal_entered_card_by_card_reaches_the_canonical_text(game: str, seats: int) -> None:
    for record in deals(game, seats):
        t = entered(record)
        state = t.state()
        for _, action in actions(record):
            assert is_offered(action, state.legal()), (action, state.legal())
            t.apply(action, state)
        assert state.over
        assert t.text(state) == write(record)
        assert t.text() == write(record)  # replayed from the start: the same


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_undo_replays_to_exactly_the_state_before(game: str, seats: int) -> None:
    record = deals(game, seats)[0]
    t = entered(record)
    dealt = t.text()
    steps = [a for _, a in actions(record)]
    half = len(steps) // 2
    for action in steps[:half]:
        t.apply(action)
    before, legal, view = t.text(), t.state().legal(), t.state().snapshot()
    for action in steps[half:]:
        t.apply(action)
    t.undo(len(steps) - half)
    assert t.actions == steps[:half]
    assert (t.text(), t.state().legal(), t.state().snapshot()) == (before, legal, view)
    t.undo(len(steps))  # more than there are: back to the deal
    assert t.actions == [] and t.text() == dealt


def test_an_illegal_card_is_refused_and_nothing_is_entered() -> None:
    record = deals("tarocco-siciliano", 4)[0]
    t = entered(record)
    state = t.state()
    while state.phase != "play" or len(choices(state.game, state.legal()).cards) == len(
        state.view(state.to_act).hand
    ):  # on to a seat that may not play every card it holds
        t.apply(next(a for _, a in actions(record)[len(t.actions) :]), state)
    held = state.view(state.to_act).hand
    refused = next(card for card in held if card not in state.legal())
    before = (list(t.actions), t.text())
    with pytest.raises(IllegalAction) as error:
        t.apply(refused)
    assert f"seat {state.to_act}" in str(error.value) and refused in str(error.value)
    assert (t.actions, t.text()) == before


def test_the_deal_is_entered_by_the_rules_of_the_deck() -> None:
    t = Transcription(setup=Setup(game="marafone", seats=4, players=["Ada", "", "", ""]))
    t.give("1", "3D")
    with pytest.raises(TranscriptionError, match="already given to Ada"):
        t.give("2", "3D")
    with pytest.raises(TranscriptionError, match="not a card"):
        t.give("2", "T21")
    with pytest.raises(TranscriptionError, match="not dealt in this game"):
        t.give("talon", "2D")
    for card in t.left()[:9]:
        t.give("1", card)
    with pytest.raises(TranscriptionError, match="already holds its 10 cards"):
        t.give("1", t.left()[0])
    assert t.fill() is None  # three seats are short: which card goes where is not known
    t.take_back("3D")
    assert "3D" in t.left() and len(t.hand("1")) == 9
    with pytest.raises(TranscriptionError, match="cards missing"):
        t.state()


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_a_transcription_of_the_play_only_gets_the_referees_verdict(game: str, seats: int) -> None:
    for record in deals(game, seats):
        bare = replace(record, deal=None)
        t = Transcription.from_text(write(bare))
        assert not t.known
        cards = list(t.cards)
        t.undo(len(cards))
        expected = [s.seat for s in replay(record).steps if s.kind == "card"]
        for n, card in enumerate(cards):
            code, _, signal = card.partition(" ")
            assert code in t.unplayed()
            if n < 3 and game != "marafone":  # who plays next, as the referee sees it
                assert t.to_play() == expected[n]
            t.play(code, signal or None)
        verdict = replay(bare, steps=False)
        found = t.check()
        assert [(d.code, d.message) for d in found.diagnostics] == [
            (d.code, d.message) for d in verdict.diagnostics if d.cls != "result"
        ]
        if verdict.outcome is not None:
            assert t.text() == write(bare)
            assert found.outcome.result == record.tag("Result")


def test_marafone_play_only_with_the_leaders_hand() -> None:
    """Marafone's referee must know who held 4D, who leads: one hand is enough."""
    record = deals("marafone", 4)[0]
    holder = next(h for h in record.deal.hands if "4D" in h.cards)
    bare = replace(record, deal=None)
    t = Transcription.from_text(write(bare))
    assert [d.code for d in t.problems()] == ["unknown-leader"]
    cards = list(t.cards)
    t.undo(len(cards))
    for card in holder.cards:
        t.give(holder.owner, card)
    assert t.to_play() == int(holder.owner)
    for card in cards:
        code, _, signal = card.partition(" ")
        t.play(code, signal or None)
    assert t.problems() == []
    assert t.check().outcome.result == record.tag("Result")


def test_a_card_played_twice_is_refused() -> None:
    t = Transcription(setup=Setup(game="french-tarot", seats=4), play_only=True)
    t.play("T21")
    with pytest.raises(TranscriptionError, match="already played"):
        t.play("T21")
    assert "T21" not in t.unplayed() and len(t.unplayed()) == 77


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_the_url_token_and_a_pasted_partial_record_resume_the_work(game: str, seats: int) -> None:
    record = deals(game, seats)[0]
    t = entered(record)
    steps = [a for _, a in actions(record)]
    for action in steps[: len(steps) // 3]:
        t.apply(action)
    t.comment = "club night, table 2"
    if t.played_count():
        t.notes = {0: "the opening lead"}
    if t.calls_count():
        t.call_notes = {0: "a quick pass"}
    again = Transcription.from_token(t.to_token())
    assert again == t
    pasted = Transcription.from_text(t.text())
    assert pasted.text() == t.text() and pasted.actions == t.actions
    assert pasted.notes == t.notes and pasted.comment == t.comment
    assert pasted.call_notes == t.call_notes


def test_a_damaged_token_is_told() -> None:
    with pytest.raises(TranscriptionError, match="holds no transcription"):
        Transcription.from_token("not-a-token")


def test_comments_are_written_at_the_record_and_at_the_card() -> None:
    record = deals("french-tarot", 4)[0]
    t = entered(record)
    for _, action in actions(record):
        t.apply(action)
    t.comment = "A deal from the club"
    t.notes = {0: "the opening lead", 5: "trumps"}
    text = t.text()
    assert "{ A deal from the club }" in text
    first = text.split("play\n")[1].splitlines()[0]
    assert first.startswith("  1. ") and first.split()[2:4] == ["{", "the"]


def test_a_comment_on_a_call_is_written_after_it_and_undone_with_it() -> None:
    record = deals("tarocco-siciliano", 4)[0]
    t = entered(record)
    steps = [a for _, a in actions(record)]
    for action in steps[:3]:
        t.apply(action)
    assert t.calls_count() == 3
    t.call_notes = {1: "thought for a long time", 2: "at once"}
    auction = t.text().split("auction\n")[1].split("\n\n")[0]
    assert "{ thought for a long time }" in auction and "{ at once }" in auction
    assert auction.index("thought") < auction.index("at once")
    t.undo()
    assert t.call_notes == {1: "thought for a long time"}
    assert "at once" not in t.text()


def test_actions_read_in_players_words() -> None:
    t = Transcription(setup=Setup(game="french-tarot", seats=5, players=["Ada"] + [""] * 4))
    assert say(t, "garde-contre") == "Garde contre"
    assert say(t, "passe") == "Passe"
    assert say(t, "EX") == "The Excuse"
    assert say(t, "T1") == "The Petit"
    assert say(t, "KH") == "The king of hearts"
    assert say(t, "1: poignee T21 T20") == "Ada (seat 1): poignée — the 21, trump 20"
    assert say(t, "2: chelem") == "Seat 2: chelem"
    m = Transcription(setup=Setup(game="marafone", seats=4))
    assert say(m, "trump D") == "Trumps: coins"
    assert say(m, "3D busso") == "The 3 of coins, busso (knock)"
    assert say(m, "fuori 2") == "Seat 2 claims the rest (fuori)"
    s = Transcription(setup=Setup(game="tarocco-siciliano", seats=4))
    assert say(s, "chiamo T19") == "Chiamo trump 19"
    assert say(s, "vado-solo") == "Vado solo"
    w = Transcription(setup=Setup(game="waite-tarot", seats=2))
    assert say(w, "1>2: EX") == "Seat 1 gives the Excuse to seat 2"


def test_the_set_up_refuses_what_the_notation_does_not_allow() -> None:
    with pytest.raises(TranscriptionError, match="played by 4 or 5 players"):
        Setup(game="marafone", seats=3)
    with pytest.raises(TranscriptionError, match="dealer"):
        Setup(game="marafone", seats=4, dealer=5)
    with pytest.raises(TranscriptionError, match="may not hold"):
        Setup(game="marafone", seats=4, event='the "club"')


def test_running_card_points_are_written_as_players_write_them() -> None:
    # marafone counts in thirds of a point; French tarot in halves
    assert words.card_points(1 / 3, "marafone") == "⅓"
    assert words.card_points(0, "marafone") == "0"
    assert words.card_points(-4 / 3, "marafone") == "-1⅓"
    assert words.card_points(-1 / 3, "marafone") == "-⅓"
    assert words.card_points(23 / 3, "marafone") == "7⅔"
    assert words.card_points(8.0, "marafone") == "8"
    assert words.card_points(40.5, "french-tarot") == "40.5"
    assert words.card_points(41.0, "tarocco-siciliano") == "41"


# -- the play only: what comes before the play, item by item ---------------------------------

HOLDERS = {("marafone", 4): "4D", ("marafone", 5): "5S"}
"""The card whose holder's hand marafone's referee needs (who names trumps, speaks first)."""


def play_only(record: Record) -> Transcription:
    """A play-only transcription of `record`'s set-up, with the one hand its referee needs
    (marafone's first hand; Sicilian, everybody passed: Giove's holder)."""
    t = Transcription(setup=setup_of(record), play_only=True)
    card = HOLDERS.get((record.tag("Game"), record.seats))
    calls = record.calls()
    if record.tag("Game") == "tarocco-siciliano" and calls:
        card = "T20" if all(c.word == "passo" for c in calls) else None
    if card is not None:
        hand = next(h for h in record.deal.hands if card in h.cards)
        for code in hand.cards:
            t.give(hand.owner, code)
    return t


def offered(offer: sections.Offer, item: str) -> bool:
    """`item` is among what the offer shows (a call naming a card or an announcement
    showing cards: by its word)."""
    section, body = sections.section_of(item), sections.body_of(item)
    word = body.split(": ")[-1].split()[0]
    return {
        "auction": f"auction {body}" in offer.calls or word in offer.card_calls,
        "call": body in offer.called,
        "trump": body in offer.trumps,
        "discard": body in (offer.discard or []),
        "exchange": item in offer.exchanges,
        "announce": item in offer.announce or word in offer.shows,
    }[section]


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_the_play_only_is_entered_item_by_item_as_the_referee_offers(game: str, seats: int) -> None:
    for record in deals(game, seats):
        t = play_only(record)
        items = sections.items_of(record)
        for item in items:
            offer = t.offer()
            assert offered(offer, item), (item, offer)
            if sections.section_of(item) in ("auction", "call", "trump"):
                assert not offer.play  # the play waits for them
            t.enter(item)
        assert t.before == items
        offer = t.offer()
        assert not offer.calls and not offer.called and not offer.trumps
        if record.play is None:  # thrown in
            assert not offer.play and t.check().outcome.result == record.tag("Result")
            continue
        assert offer.play, offer.why
        for trick in record.play.tricks:
            for card in trick.cards.cards():
                t.play(card.code, card.signal)
        verdict = t.check()
        assert verdict.valid, [d.message for d in verdict.diagnostics]
        assert verdict.outcome.result == record.tag("Result")


def test_a_call_the_rules_refuse_is_refused_with_the_referees_sentence() -> None:
    t = Transcription(setup=Setup(game="french-tarot", seats=4, dealer=4), play_only=True)
    assert t.speaker("passe") == 1
    t.enter("auction garde")
    assert t.speaker("passe") == 2
    offer = t.offer()
    assert offer.calls == ["auction passe", "auction garde-sans", "auction garde-contre"]
    with pytest.raises(TranscriptionError, match="higher than every earlier bid"):
        t.enter("auction prise")
    assert t.before == ["auction garde"]
    for _ in range(3):
        t.enter("auction passe")
    assert t.offer().calls == []
    with pytest.raises(TranscriptionError, match="speaks a second time"):
        t.enter("auction passe")


def test_a_section_is_entered_to_its_count_and_no_further() -> None:
    t = Transcription(setup=Setup(game="french-tarot", seats=6), play_only=True)
    t.enter("auction garde")
    for _ in range(5):
        t.enter("auction passe")
    t.enter("call KS")  # a king, then a queen: not finished yet
    assert not t.offer().play and "a king and then a queen" in t.offer().why
    t.enter("call QH")
    with pytest.raises(TranscriptionError, match="calls a king and then a queen"):
        t.enter("call QD")  # one card too many
    for card in ("9D", "7D", "6D", "8C", "2C"):
        t.enter(f"discard {card}")
        assert not t.offer().play  # the écart is short of cards
    t.enter("discard 3C")
    assert "3C" not in t.unplayed() and "4C" in t.unplayed()
    with pytest.raises(TranscriptionError, match="the 3 of clubs is in the discard"):
        t.play("3C")
    offer = t.offer()
    assert offer.discard is None and offer.discarded == offer.discard_size == 6
    assert offer.play and "poignee" in offer.shows


def test_undo_takes_back_the_cards_then_the_items_before_the_play() -> None:
    record = deals("french-tarot", 5)[0]
    t = play_only(record)
    items = sections.items_of(record)
    for item in items[:4]:
        t.enter(item)
    before = (list(t.before), t.text(), t.offer(), t.to_token())
    for item in items[4:]:
        t.enter(item)
    cards = [c for trick in record.play.tricks[:2] for c in trick.cards]
    for card in cards:
        t.play(card)
    t.undo(len(cards) + len(items) - 4)
    assert (t.before, t.text(), t.offer(), t.to_token()) == before
    t.undo(10)
    assert t.before == [] and t.cards == []


def test_the_items_before_the_play_resume_from_a_link_and_a_pasted_record() -> None:
    record = deals("waite-tarot", 3)[0]
    t = play_only(record)
    items = sections.items_of(record)
    for item in items:
        t.enter(item)
    t.play(record.play.tricks[0].cards[0])
    assert Transcription.from_token(t.to_token()) == t
    pasted = Transcription.from_text(t.text())
    assert pasted.before == items and pasted.text() == t.text()
    typed = Transcription(setup=setup_of(record), play_only=True)
    typed.set_before_play(t.before_play)
    assert typed.before == items
    with pytest.raises(TranscriptionError, match="only the sections before the play"):
        typed.set_before_play(t.text())
    with pytest.raises(TranscriptionError, match="line 2, column 9"):
        typed.set_before_play("discard\n  9C 4S zz")
    assert typed.before == items


def test_no_item_is_entered_once_the_play_has_begun() -> None:
    t = Transcription(setup=Setup(game="marafone", seats=4), play_only=True)
    t.play("4D")
    with pytest.raises(TranscriptionError, match="the play has begun"):
        t.enter("trump D")
    with pytest.raises(TranscriptionError, match="no such step"):
        Transcription(setup=Setup(game="marafone", seats=4), play_only=True).enter("discard 4D")


def test_a_link_with_the_sections_typed_as_text_still_resumes() -> None:
    """A link made when the sections before the play were kept as typed TGN text."""
    t = Transcription(setup=Setup(game="french-tarot", seats=4), play_only=True)
    data = asdict(t)
    del data["before"]
    data["before_play"] = "auction\n  passe garde passe passe"
    raw = json.dumps(data).encode()
    token = base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")
    again = Transcription.from_token(token)
    assert again.before == ["auction passe", "auction garde", "auction passe", "auction passe"]
