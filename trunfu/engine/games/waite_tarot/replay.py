"""Referee one deal of the Game of Tarot: the record's actions through the game state
(`state.py`) in the order the rules take them, and what only the whole record shows: a
discard left out, an exchange left unfinished, declarations judged once the play has shown
every hand (rules: waite-tarot.md)."""

from __future__ import annotations

from ....notation.models import Exchange, Record
from ...context import Context
from ...play import play_tricks
from .declarations import announced, declarations
from .state import DISCARD, WaiteState, discard_shown, in_rules_order, spell, start


def replay(record: Record, ctx: Context) -> None:
    """Referee and score one deal."""
    state = start(record, ctx.seats, ctx.dealer)
    ctx.observe(state)
    ctx.step("deal", label="three hands of 25 are dealt, five at a time; 3 cards are left over")
    if not _discard(record, ctx, state):
        return
    for item in in_rules_order(record):  # a declaration is judged after the play
        faults = state.check(item) if type(item) is Exchange or item.word == "ask" else []
        if faults and faults[0].code != "bad-announcement":
            ctx.error(item, faults[0].code, faults[0].message)
            return
        state.perform(item)
        if type(item) is Exchange:
            label = f"seat {item.giver} hands {item.card.code} to seat {item.receiver}"
            ctx.step("exchange", seat=item.giver, text=spell(item), node=item, label=label)
    due = state.due()
    if due is not None:
        ctx.tell([due], record.exchange if due.code == "bad-exchange" else record.announce)
        return
    if ctx.want_steps:
        _declaration_steps(record, ctx, state)
    result = play_tricks(ctx, state, state.new_play())
    for item in record.announce.items if record.announce else []:
        if fault := state.judge_declaration(item):
            ctx.error(item, fault.code, fault.message)
    if ctx.failed or not result.complete:
        return
    ctx.outcome = state.outcome
    ctx.step("end", label=f"the deal ends: {ctx.outcome.result}")


def _discard(record: Record, ctx: Context, state: WaiteState) -> bool:
    """The dealer's discard, card by card when the record shows it whole (it may be left
    out when the play shows it); False when the deal cannot go on."""
    written = record.discard.cards if record.discard else None
    if written is not None and len(written) != DISCARD:
        message = f"the dealer discards {DISCARD} cards, not {len(written)}"
        ctx.error(record.discard, "discard-size", message)
        return False
    cards = discard_shown(record, state.pool())
    if state.pool() is None or cards is None or len(cards) != DISCARD:
        state.discard_unseen(cards)
        return True
    for place, card in enumerate(cards):
        if faults := state.check(card):
            ctx.tell(faults, record.discard, written, place)
            return False
        state.perform(card)
    label = f"the dealer, seat {state.dealer}, takes the 3 left-over cards and discards 3"
    ctx.step("discard", seat=state.dealer, text=" ".join(cards), node=record.discard, label=label)
    return True


def _declaration_steps(record: Record, ctx: Context, state: WaiteState) -> None:
    """Before the play: what each seat declares — from its hand when known, else what it
    announced."""
    items = record.announce.items if record.announce else []
    for seat, hand in state.hands.items():
        asks = f"asks for a third Tarot ({'answered' if state.asks.get(seat) else '5 points'})"
        if hand is not None:
            found = [f"{d.kind} {d.points}" for d in declarations(hand)]
            text = ", ".join(found + ([asks] if seat in state.asks else [])) or "nothing to declare"
            ctx.step("announce", seat=seat, text=text, label=f"seat {seat}: {text}")
        for item in [] if hand is not None else [i for i in items if i.seat == seat]:
            word, shown, text = item.word, " ".join(item.cards), " ".join([item.word, *item.cards])
            points = announced(word, item.cards)[0]
            said = asks if word == "ask" else f"shows {word} {shown}: {points} points"
            ctx.step("announce", seat=seat, text=text, node=item, label=f"seat {seat} {said}")
