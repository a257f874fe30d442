"""The referee of four-seat marafone: the hand's `FourState` driven by the record (trumps
named by the holder of `4D`, the play, the leader's words, `fuori` and `penalty`)."""

from __future__ import annotations

from ....notation.models import Claim, Record
from ...context import Context
from ...play import PlaySetup, play_tricks, written_tricks
from .common import RULES, claim_after, dealt_hands, holder
from .state import DECK, FourState

SEATS = 4
FIRST = "4D"


def replay(record: Record, ctx: Context) -> None:
    """Referee one four-seat hand and score it."""
    hands = dealt_hands(record, SEATS)
    trump = record.trump.suit if record.trump is not None else None
    if trump is None:
        if record.play is not None and record.play.tricks:
            ctx.error(
                record.play,
                "no-trump",
                f"the holder of {FIRST} names trumps before the first trick: the record "
                "needs a `trump` section",
            )
        return
    leader = holder(record, SEATS, hands, FIRST, lambda s: s, trump)
    if leader is None:
        if record.play is not None and record.play.tricks:
            ctx.error(
                record.play,
                "unknown-leader",
                f"the holder of {FIRST} leads the first trick, but the record does not show "
                f"who held {FIRST}: give the deal (one hand is enough when the play then "
                "fits a single seat)",
            )
        return
    tags = [(name, tag.value) for name, tag in ctx.tags.items()]
    state = FourState(hands, first=leader, dealer=ctx.dealer, tags=tags)
    ctx.observe(state)
    ctx.step("deal", label="the cards are dealt, ten to each seat", node=record.deal)
    for fault in state.check(f"trump {trump}"):
        ctx.error(record.trump, fault.code, fault.message)
    state.perform(f"trump {trump}")
    ctx.step(
        "call",
        seat=leader,
        text=f"trump {trump}",
        node=record.trump,
        label=f"seat {leader}, who holds {FIRST}, names {DECK.suit_name(trump)} as trumps",
    )
    claims: list[Claim] = []

    def on_claim(claim: Claim, played: int) -> bool:
        action = f"{claim.kind} {claim.seat}"
        for fault in state.check(action):
            ctx.error(claim, fault.code, fault.message)
        state.perform(action)
        claims.append(claim)
        ctx.step(
            "claim",
            seat=claim.seat,
            text=action,
            node=claim,
            label=(
                f"seat {claim.seat} calls his team out"
                if claim.kind == "fuori"
                else f"seat {claim.seat}'s team is penalised"
            ),
        )
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
    result = play_tricks(ctx, setup)
    if claims:
        claim_after(ctx, claims[0])
    faults = len(ctx.diagnostics)
    _word_steps(ctx)
    _words(ctx, state)
    if result.complete:
        state.close()
    if faults or not (result.complete or state.claim or state.irregular):
        return
    ctx.outcome = state.score()
    if ctx.outcome is not None:
        ctx.step("end", label=f"the hand ends: {ctx.outcome.result}", trick=[])


def _words(ctx: Context, state: FourState) -> None:
    """The state hears every word written in a trick played, once the play has shown the
    hands (a hand inferred from the play is only known then)."""
    tricks = state.playing().tricks
    for number, trick in enumerate(written_tricks(ctx.record)[: len(tricks)], 1):
        for i, node in enumerate(trick.cards):
            if node.extras is not None and node.extras.signal:  # `node.signal`, quicker
                seat, card = tricks[number - 1].cards[i]
                fault = state.hear(number, seat, card, node.signal, lead=i == 0)
                if fault is not None:
                    ctx.error((node.signal_line, node.signal_column), fault.code, fault.message)


def _word_steps(ctx: Context) -> None:
    """Show each word in the step of the card it follows (`3C striscio`)."""
    if not ctx.want_steps or ctx.record.play is None:
        return
    words = {
        (c.line, c.column): c.signal
        for t in written_tricks(ctx.record)
        for c in t.cards
        if c.signal
    }
    for step in ctx.steps:
        word = words.get((step.line, step.column)) if step.kind == "card" else None
        if word:
            step.text = f"{step.text} {word}"
            step.label = f"{step.label}, saying {word}"
