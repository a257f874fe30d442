"""The referee of marafone: the hand's state (`FourState`, `TrionfoState`) driven by the
record's actions, once the holder of the first card (4D, 5S) is known, from the deal or
from the play when the deal leaves hands out."""

from __future__ import annotations

from collections.abc import Callable

from ....notation.models import Claim, Node, Record
from ...context import Context
from ...play import PlaySetup, play_tricks, written_tricks
from .rules import DECK, RULES
from .state import FourState, MarafoneState, TrionfoState, dealt_hands
from .trionfo import Auction


def replay(record: Record, ctx: Context) -> None:
    """Referee one hand, four seats or Trionfo, and score it."""
    hands = dealt_hands(record, ctx.seats)
    trump = record.trump.suit if record.trump is not None else None
    (_four if ctx.seats == 4 else _five)(record, ctx, hands, trump)


def _act(ctx: Context, state: MarafoneState, action: str, node: Node | None) -> bool:
    """Report what is wrong with `action` at `node`, then do it; True when it was legal."""
    faults = state.check(action)
    for fault in faults:
        ctx.error(node, fault.code, fault.message)
    state.perform(action)
    return not faults


def _walk(record: Record, seats: int, leader: int, trump: str | None) -> dict[str, int]:
    """Card → the seat that plays it, when the first trick is led by `leader`."""
    owners: dict[str, int] = {}
    for item in record.play.items if record.play is not None else ():
        if type(item) is Claim:
            break
        codes = [c.code for c in item.cards]
        for i, code in enumerate(codes):
            owners[code] = (leader - 1 + i) % seats + 1
        if len(codes) != seats:
            break
        leader = (leader - 1 + RULES.with_trump(trump).winner(codes)) % seats + 1
    return owners


def holder(
    record: Record,
    hands: dict[int, list[str] | None],
    card: str,
    leader_of: Callable[[int], int | None],
    trump: str | None,
) -> int | None:
    """The seat holding `card` at the start: from the deal, else the only seat s such that,
    with the first trick led by `leader_of(s)`, s plays `card` and every seat whose hand is
    given plays only its own cards. None when the record does not tell (with no hand given,
    every seat fits: a play can be turned round the table)."""
    for seat, hand in hands.items():
        if hand is not None and card in hand:
            return seat
    known = {s: set(h) for s, h in hands.items() if h is not None}
    fits = []
    for seat in (s for s, h in hands.items() if h is None):
        leader = leader_of(seat)
        if leader is None:
            continue
        owners = _walk(record, len(hands), leader, trump)
        if owners.get(card) == seat and all(
            code in known[s] for code, s in owners.items() if s in known
        ):
            fits.append(seat)
    return fits[0] if len(fits) == 1 else None


def _unknown(card: str, what: str) -> str:
    """The record does not show who held the first card."""
    return (
        f"the holder of {card} {what}, but the record does not show who held {card}: give "
        "the deal (one hand is enough when the play then fits a single seat)"
    )


def _four(record: Record, ctx: Context, hands: dict, trump: str | None) -> None:
    """Four seats: trumps named by the holder of 4D, the play, the words and the claims."""
    played = record.play is not None and record.play.tricks
    if trump is None:
        if played:
            message = (
                "the holder of 4D names trumps before the first trick: the record needs a "
                "`trump` section"
            )
            ctx.error(record.play, "no-trump", message)
        return
    leader = holder(record, hands, "4D", lambda s: s, trump)
    if leader is None:
        if played:
            ctx.error(record.play, "unknown-leader", _unknown("4D", "leads the first trick"))
        return
    tags = [(name, tag.value) for name, tag in ctx.tags.items()]
    state = FourState(hands, first=leader, dealer=ctx.dealer, tags=tags)
    ctx.observe(state)
    ctx.step("deal", label="the cards are dealt, ten to each seat", node=record.deal)
    _act(ctx, state, f"trump {trump}", record.trump)
    if ctx.want_steps:  # the label is built for the steps only
        named = f"seat {leader}, who holds 4D, names {DECK.suit_name(trump)} as trumps"
        ctx.step("call", seat=leader, text=f"trump {trump}", node=record.trump, label=named)

    def on_claim(claim: Claim, played: int) -> bool:
        action = f"{claim.kind} {claim.seat}"
        _act(ctx, state, action, claim)
        label = f"seat {claim.seat}'s team is penalised"
        if claim.kind == "fuori":
            label = f"seat {claim.seat} calls his team out"
        ctx.step("claim", seat=claim.seat, text=action, node=claim, label=label)
        items = record.play.items
        after = items[next(i for i, item in enumerate(items) if item is claim) + 1 :]
        if after:
            message = (
                f"the hand stopped at `{action}` (line {claim.line}); nothing may be played "
                "after it"
            )
            ctx.error(after[0], "play-after-claim", message)
        return True

    setup = PlaySetup(
        rules=RULES.with_trump(trump),
        leader=leader,
        tricks=FourState.total,
        hands=hands,
        on_trick=state.took if ctx.want_steps else None,
        on_claim=on_claim,
        on_start=state.adopt,
    )
    complete = play_tricks(ctx, setup).complete
    faults = len(ctx.diagnostics)
    _words(ctx, state)
    if complete:
        state.close()
    if faults or not (complete or state.claim or state.irregular):
        return
    ctx.outcome = state.score()
    if ctx.outcome is not None:
        ctx.step("end", label=f"the hand ends: {ctx.outcome.result}", trick=[])


def _words(ctx: Context, state: FourState) -> None:
    """The state hears every word written in a trick played, once the play has shown the
    hands (a hand inferred from the play is only known then); each word is shown in the
    step of its card (`3C striscio`)."""
    tricks = state.play.tricks
    said = {}
    for number, trick in enumerate(written_tricks(ctx.record), 1):
        for i, node in enumerate(trick.cards):
            if node.extras is None or not node.extras.signal:  # `node.signal`, quicker
                continue
            said[node.line, node.column] = node.signal
            if number <= len(tricks):
                seat, card = tricks[number - 1].cards[i]
                fault = state.hear(number, seat, card, node.signal, lead=i == 0)
                if fault is not None:
                    ctx.error((node.signal_line, node.signal_column), fault.code, fault.message)
    for step in ctx.steps if said else ():
        word = said.get((step.line, step.column)) if step.kind == "card" else None
        if word:
            step.text = f"{step.text} {word}"
            step.label = f"{step.label}, saying {word}"


def _auction(record: Record, first: int) -> Auction:
    """The record's auction when seat `first` speaks first."""
    auction = Auction(first)
    for call in (c for r in record.auction.rounds for c in r) if record.auction else ():
        auction.say(call.word)
    return auction


def _five(record: Record, ctx: Context, hands: dict, trump: str | None) -> None:
    """Trionfo: the auction from the holder of 5S, the signore's trumps and called card,
    the secret amico, the play."""
    first = holder(record, hands, "5S", lambda s: _auction(record, s).bidder, trump)
    guessed = first is None and _auction(record, 1).thrown_in
    if guessed:
        first = 1  # five passes are the same whoever spoke first
    if first is None:
        if record.auction is not None:
            ctx.error(record.auction, "unknown-first", _unknown("5S", "speaks first"))
        return
    state = TrionfoState(hands, first=first, dealer=ctx.dealer)
    ctx.observe(state)
    ctx.step("deal", label="the cards are dealt, eight to each seat", node=record.deal)
    _no_marafone_words(record, ctx)
    for call in (c for r in record.auction.rounds for c in r) if record.auction else ():
        seat = state.auction.turn
        if call.label is not None and seat and call.label != seat:
            message = f"the call is labelled seat {call.label}, but it is seat {seat}'s turn"
            ctx.error(call, "wrong-turn", message)
        if _act(ctx, state, call.word, call) and ctx.want_steps:
            label = f"seat {seat}: {call.word}"
            ctx.step("call", seat=seat, text=call.word, node=call, label=label)
    played = record.play is not None and record.play.tricks
    if state.auction.thrown_in:
        if played:
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
        _act(ctx, state, f"trump {trump}", record.trump)
    called = _called(record, ctx, state)
    if trump is None:
        if played:
            message = (
                f"seat {signore}, the signore, names trumps: the record needs a `trump` section"
            )
            ctx.error(record.play, "no-trump", message)
        return
    if ctx.want_steps:
        call = f" call {called}" if called else ""
        named = f"seat {signore} names {DECK.suit_name(trump)} as trumps"
        named += f" and calls {called}" if called else ""
        ctx.step("call", seat=signore, text=f"trump {trump}{call}", node=record.trump, label=named)
    if called and state.amico is None:
        state.amico = holder(record, hands, called, lambda s: signore, trump)
    setup = PlaySetup(
        rules=RULES.with_trump(trump),
        leader=signore,
        tricks=TrionfoState.total,
        hands=hands,
        on_trick=state.took if ctx.want_steps else None,
        on_start=state.adopt,
    )
    result = play_tricks(ctx, setup)
    if called and state.amico is None and result.complete:
        state.amico = next((s for s, h in result.hands.items() if called in h), None)
    if ctx.failed or not result.complete or (called and state.amico is None):
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
            message = (
                f"only `chiamo` calls a card; seat {state.signore} bid `{state.bid}` and plays "
                "alone"
            )
            ctx.error(cards[0], "unexpected-call", message)
        return None
    if len(cards) != 1:
        message = (
            f"after `chiamo` seat {state.signore} calls one card of a suit other than trumps "
            "(e.g. `call` `3C`)"
        )
        ctx.error(record.call or record.auction, "call-needed", message)
        return None
    card = cards[0].code
    if state.phase != "call":  # trumps not named: the record stops short of the play
        return card
    faults = state.check(card)
    for fault in faults:
        ctx.error(cards[0], fault.code, fault.message)
    if faults:
        return None
    state.perform(card)
    return card


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
