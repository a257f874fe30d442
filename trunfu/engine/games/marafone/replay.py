"""The referee of marafone: the hand's state (`MarafoneState`) driven by the
record's actions, once the holder of the first card (4D, 5S) is known, from the deal or
from the play when the deal leaves hands out."""

from __future__ import annotations

from ....notation.models import Claim, Record, Trick
from ...context import Context
from ...play import TrickPlay, play_tricks
from ...state import dealt
from .rules import DECK, FIRST_CARD, TRUMPED, first_holder
from .state import MarafoneState
from .trionfo import Auction

CLAIMED = {"fuori": " calls his team out", "penalty": "'s team is penalised"}
"""How a claim's step tells it, after the seat."""


def _no_trump(ctx: Context, record: Record, played: bool, who: str) -> None:
    """The record plays without naming trumps."""
    if played:
        message = f"{who} names trumps before the first trick: the record needs a `trump` section"
        ctx.error(record.play, "no-trump", message)


def _first(
    record: Record, ctx: Context, hands: dict, trump: str | None, played: bool
) -> int | None:
    """The holder of the first card (4D leads, 5S speaks first): from the deal, else the
    only seat s whose hand is not given such that, with the first trick led by the seat
    `shift` places after s (at four seats s; in Trionfo the signore, the bidder of the
    auction turned round from s), s plays that card and every seat whose hand is given
    plays only its own cards (with no hand given, every seat fits: a play can be turned
    round the table; it is walked once, from seat 1); told as missing when the record does
    not show it; seat 1 when five passes make him not matter."""
    seats, four = ctx.seats, ctx.seats == 4
    card, shift = FIRST_CARD[seats], 0 if four else None
    shown = first_holder(hands)
    if shown is not None:
        return shown
    if not four:
        auction = Auction(1)
        for call in record.calls():
            auction.say(call.word)
        if auction.thrown_in:
            return 1  # five passes are the same whoever spoke first
        shift = auction.bidder - 1 if auction.bidder else None
    fits = []
    if shift is not None:
        items = record.play.items if record.play is not None else []
        claimed = next((i for i, item in enumerate(items) if type(item) is Claim), len(items))
        tricks = [trick.cards for trick in items[:claimed]]
        walked = TrickPlay(TRUMPED[trump], seats, 1, len(tricks), {}).walk(tricks)
        for seat in (s for s, h in hands.items() if h is None):
            owners = {c: (s + seat + shift - 2) % seats + 1 for _, s, c in walked}
            if owners.get(card) == seat and all(
                hands[s] is None or c in hands[s] for c, s in owners.items()
            ):
                fits.append(seat)
    first = fits[0] if len(fits) == 1 else None
    where = (record.play if played else None) if four else record.auction
    if first is None and where is not None:
        does = "leads the first trick" if four else "speaks first"
        unknown = f"the holder of {card} {does}, but the record does not show who held {card}"
        hint = "give the deal (one hand is enough when the play then fits a single seat)"
        ctx.error(where, "unknown-leader" if four else "unknown-first", f"{unknown}: {hint}")
    return first


def replay(record: Record, ctx: Context) -> None:
    """Referee one hand, four seats or Trionfo, and score it."""
    four, hands = ctx.seats == 4, dealt(record, ctx.seats)[0]
    trump = record.trump.suit if record.trump is not None else None
    played = record.play is not None and any(type(item) is not Claim for item in record.play.items)
    if four and trump is None:
        return _no_trump(ctx, record, played, "the holder of 4D")
    first = _first(record, ctx, hands, trump, played)
    if first is None:
        return None
    state = MarafoneState(hands, first=first, dealer=ctx.dealer, tags=record.tags)
    ctx.observe(state)
    count = "ten" if four else "eight"
    ctx.step("deal", label=f"the cards are dealt, {count} to each seat", node=record.deal)
    if not four:
        _refused(ctx, state)
    for call in [] if four else record.calls():  # four seats have no auction
        seat = state.auction.turn
        if call.label is not None and seat and call.label != seat:
            message = f"the call is labelled seat {call.label}, but it is seat {seat}'s turn"
            ctx.error(call, "wrong-turn", message)
        if (fault := state.say(call.word)) is not None:  # judged once, taken when allowed
            ctx.error(call, "illegal-call", fault)
        elif ctx.want_steps:
            ctx.step(
                "call", seat=seat, text=call.word, node=call, label=f"seat {seat}: {call.word}"
            )
    if state.phase == "trump" and trump is not None:  # shown below with the called card
        ctx.act(state, record.trump, f"trump {trump}")
    called = record.call.cards if record.call and not four else []
    if state.phase == "call" and len(called) == 1:  # else told below
        ctx.act(state, record.call, called[0], cards=called, place=0)
    if state.phase == "over":  # thrown in
        if played:
            ctx.error(record.play, "thrown-in", "everybody passed: the hand is thrown in")
        if not ctx.failed:
            ctx.outcome = state.outcome
            if first_holder(hands) is None:  # who spoke is not known
                ctx.outcome.speakers = []
        return None
    if state.phase == "auction":
        return None
    leader, bid = state.leader, state.bid
    if bid and bid != "chiamo" and called:
        message = f"only `chiamo` calls a card; seat {leader} bid `{bid}` and plays alone"
        ctx.error(called.at(0), "unexpected-call", message)
    if bid == "chiamo" and len(called) != 1:
        message = f"after `chiamo` seat {leader} calls one card of a suit other than trumps"
        ctx.error(record.call or record.auction, "call-needed", message + " (e.g. `call` `3C`)")
    if trump is None:
        return _no_trump(ctx, record, played, f"seat {leader}, the signore,")
    if state.trump is None:  # the state refused the suit (not one of the deck): no play
        return None
    if ctx.want_steps:  # one step shows trumps and the called card
        call, calls = (f" call {c}", f" and calls {c}") if (c := state.called) else ("", "")
        holds = ", who holds 4D," if four else ""
        label = f"seat {leader}{holds} names {DECK.suit_name(trump)} as trumps{calls}"
        ctx.step("call", seat=leader, text=f"trump {trump}{call}", node=record.trump, label=label)
    result = play_tricks(ctx, state, state.playing(), claims=four)
    if (claim := result.claim) is not None:  # `fuori` or `penalty`: nothing may follow it
        action = f"{claim.kind} {claim.seat}"
        ctx.act(state, claim, action)
        label = f"seat {claim.seat}{CLAIMED[claim.kind]}"
        ctx.step("claim", seat=claim.seat, text=action, node=claim, label=label)
        after = record.play.items[record.play.items.index(claim) + 1 :]
        if after:
            stop = f"the hand stopped at `{action}` (line {claim.line})"
            ctx.error(after[0], "play-after-claim", f"{stop}; nothing may be played after it")
    faults = len(ctx.diagnostics)
    if four:
        _words(ctx, state, result.written)
    if result.complete:
        state.close()
    if not faults and (result.complete or state.claim or state.irregular):
        ctx.outcome = state.score()
    if ctx.outcome is not None:
        ctx.step("end", label=f"the hand ends: {ctx.outcome.result}", trick=[])


def _refused(ctx: Context, state: MarafoneState) -> None:
    """Trionfo: the play's claims and leader's words, which belong to four seats, as the
    state refuses them (`check`)."""
    for item in ctx.record.play.items if ctx.record.play else ():
        if type(item) is Claim:
            ctx.tell(state.check(f"{item.kind} {item.seat}"), item)
            continue
        for i, extras in sorted(item.cards.extras.items()) if item.cards.extras else ():
            if extras.signal:
                (fault,) = state.check(f"{item.cards[i]} {extras.signal}")
                ctx.error((extras.signal_line, extras.signal_column), fault.code, fault.message)


def _words(ctx: Context, state: MarafoneState, written: list[Trick]) -> None:
    """Four seats: the leader's words written with the cards of the tricks played, as the
    state hears them once the play has shown the hands (a hand inferred from the play is
    only known then)."""
    tricks = state.play.tricks
    for number, trick in enumerate(written[: len(tricks)], 1):
        for i, extras in sorted(trick.cards.extras.items()) if trick.cards.extras else ():
            seat, card = tricks[number - 1].cards[i]
            if fault := extras.signal and state.hear(number, seat, card, extras.signal, i == 0):
                ctx.error((extras.signal_line, extras.signal_column), fault.code, fault.message)
