"""The referee of Trionfo (marafone with five seats): the hand's `TrionfoState` driven by
the record (the auction from the holder of `5S`, the signore's trumps and called card, the
secret amico, the play)."""

from __future__ import annotations

from ....notation.models import Claim, Record
from ...context import Context
from ...play import PlaySetup, play_tricks
from .common import RULES, dealt_hands, holder
from .state import DECK, TrionfoState
from .trionfo import SEATS, Auction

FIRST = "5S"


def _walk(record: Record, first: int) -> Auction:
    """The record's auction when seat `first` speaks first."""
    auction = Auction(first)
    for call in (c for r in record.auction.rounds for c in r) if record.auction else ():
        auction.say(call.word)
    return auction


def replay(record: Record, ctx: Context) -> None:
    """Referee one Trionfo hand and score it."""
    hands = dealt_hands(record, SEATS)
    trump = record.trump.suit if record.trump is not None else None
    first = holder(record, SEATS, hands, FIRST, lambda s: _walk(record, s).bidder, trump)
    guessed = first is None and _walk(record, 1).thrown_in
    if guessed:
        first = 1  # five passes are the same whoever spoke first
    if first is None:
        if record.auction is not None:
            ctx.error(
                record.auction,
                "unknown-first",
                f"the holder of {FIRST} speaks first, but the record does not show who held "
                f"{FIRST}: give the deal (one hand is enough when the play then fits a "
                "single seat)",
            )
        return
    state = TrionfoState(hands, first=first, dealer=ctx.dealer)
    ctx.observe(state)
    ctx.step("deal", label="the cards are dealt, eight to each seat", node=record.deal)
    _no_marafone_words(record, ctx)
    for call in (c for r in record.auction.rounds for c in r) if record.auction else ():
        seat = state.auction.turn
        if call.label is not None and seat and call.label != seat:
            ctx.error(
                call,
                "wrong-turn",
                f"the call is labelled seat {call.label}, but it is seat {seat}'s turn",
            )
        faults = state.check(call.word)
        for fault in faults:
            ctx.error(call, fault.code, fault.message)
        state.perform(call.word)
        if not faults:
            label = f"seat {seat}: {call.word}"
            ctx.step("call", seat=seat, text=call.word, node=call, label=label)
    if state.auction.thrown_in:
        if record.play is not None and record.play.tricks:
            ctx.error(record.play, "thrown-in", "everybody passed: the hand is thrown in")
        if not ctx.failed:
            ctx.outcome = state.outcome
            if guessed:  # who spoke is not known
                ctx.outcome.speakers = []
        return
    signore = state.signore
    if signore is None:
        return
    if trump is not None:
        for fault in state.check(f"trump {trump}"):
            ctx.error(record.trump, fault.code, fault.message)
        state.perform(f"trump {trump}")
    called = _called(record, ctx, state)
    if trump is None:
        if record.play is not None and record.play.tricks:
            ctx.error(
                record.play,
                "no-trump",
                f"seat {signore}, the signore, names trumps: the record needs a `trump` section",
            )
        return
    ctx.step(
        "call",
        seat=signore,
        text=f"trump {trump}" + (f" call {called}" if called else ""),
        node=record.trump,
        label=f"seat {signore} names {DECK.suit_name(trump)} as trumps"
        + (f" and calls {called}" if called else ""),
    )
    if called and state.amico is None:
        state.amico = holder(record, SEATS, hands, called, lambda s: signore, trump)
    faults = len(ctx.diagnostics)
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=RULES.with_trump(trump),
            leader=signore,
            tricks=TrionfoState.total,
            hands=hands,
            on_trick=state.took if ctx.want_steps else None,
            on_start=state.adopt,
        ),
    )
    if called and state.amico is None and result.complete:
        state.amico = next((s for s, h in result.hands.items() if called in h), None)
    if ctx.failed or faults or not result.complete or (called and state.amico is None):
        return
    state.close()
    ctx.outcome = state.score()
    ctx.step("end", label=f"the hand ends: {ctx.outcome.result}", trick=[])


def _called(record: Record, ctx: Context, state: TrionfoState) -> str | None:
    """The card called after `chiamo` (one card, judged by the state once trumps are
    named); after another bid, none."""
    cards = record.call.cards if record.call is not None else []
    if state.bid != "chiamo":
        if cards:
            ctx.error(
                cards[0],
                "unexpected-call",
                f"only `chiamo` calls a card; seat {state.signore} bid `{state.bid}` and plays "
                "alone",
            )
        return None
    if len(cards) != 1:
        ctx.error(
            record.call or record.auction,
            "call-needed",
            f"after `chiamo` seat {state.signore} calls one card of a suit other than trumps "
            "(e.g. `call` `3C`)",
        )
        return None
    card = cards[0]
    if state.phase != "call":  # trumps not named: the record stops short of the play
        return card.code
    faults = state.check(card.code)
    for fault in faults:
        ctx.error(card, fault.code, fault.message)
    if faults:
        return None
    state.perform(card.code)
    return card.code


def _no_marafone_words(record: Record, ctx: Context) -> None:
    """Words, `fuori` and `penalty` belong to the four-seat game (the state refuses them;
    the play of the record skips them)."""
    for item in record.play.items if record.play else []:
        if type(item) is Claim:
            fault = TrionfoState.no_claim(item.kind)
            ctx.error(item, fault.code, fault.message)
            continue
        for card in item.cards:
            if card.extras is not None and card.extras.signal:  # `card.signal`, quicker
                fault = TrionfoState.no_word(card.signal)
                ctx.error((card.signal_line, card.signal_column), fault.code, fault.message)
