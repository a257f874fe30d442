"""French tarot refereed: the record's actions applied in turn to the game state
(`state.FrenchState`), every fault the state finds told where it is written. What can only
be judged of the record as a whole stays here: a section missing, too short or too long,
and what only the play shows of hands the record does not give."""

from __future__ import annotations

from ....notation.models import Node, Record
from ...cards import card_name
from ...context import Context
from ...play import PlayResult, play_tricks
from . import scoring
from .auction import Fault, petit_sec_fault, speaker
from .calls import count_fault
from .ecart import check_ecart, size_fault
from .rules import GAME, PASS, called_cards, chien_size, hand_size
from .state import FrenchState, from_record, variant_of


def replay(record: Record, ctx: Context) -> None:
    """Apply the French tarot rules to `record`."""
    variant = variant_of(ctx)
    ctx.variant = variant
    if ctx.seats == 6 and variant == "fft":
        tag = ctx.tags["Variant"]
        ctx.error(
            (tag.value_line, tag.value_column),
            "variant-seats",
            "the fft rules are for 3, 4 and 5 seats; 6 seats play the classic rules",
        )
        return
    state = from_record(record, ctx, variant)
    ctx.observe(state)
    if ctx.want_steps:
        ctx.step(
            "deal",
            label=f"the deal: {hand_size(ctx.seats)} cards each, {chien_size(ctx.seats)} in the chien",
        )
    if state.sec is not None:
        _petit_sec(state, record, ctx)
        return
    if not _auction(state, record, ctx):
        return
    _call(state, record, ctx)
    _chien(state, record, ctx)
    _announcements(state, record, ctx)
    result = play_tricks(ctx, state.setup())
    if not result.complete:
        return
    _poignees_inferred(state, record, ctx, result)
    _ecart_after_play(state, record, ctx, result)
    if not ctx.failed:
        outcome = ctx.outcome = state.outcome
        if ctx.want_steps and outcome is not None:
            made = "made" if outcome.won else "lost"
            label = f"{state.contract} by seat {state.taker} {made}: {outcome.result}"
            ctx.step("end", label=label)


def _later(record: Record) -> list[Node]:
    """The sections after the auction."""
    return [s for s in (record.call, record.discard, record.announce, record.play) if s is not None]


def _tell(ctx: Context, faults: list[Fault], nodes: list, fallback: Node | None) -> None:
    """Report `faults` at the node their index names (else at `fallback`)."""
    for fault in faults:
        node = nodes[fault.index] if 0 <= fault.index < len(nodes) else fallback
        ctx.error(node, fault.code, fault.message)


def _petit_sec(state: FrenchState, record: Record, ctx: Context) -> None:
    """A seat holds the Petit sec (fft): told at the first bid or section after the deal,
    and the deal is thrown in."""
    calls = [c for r in record.auction.rounds for c in r] if record.auction else []
    bids: list[Node] = [c for c in calls if c.word != PASS]
    fault = petit_sec_fault(state.sec)
    for node in [*bids, *_later(record)][:1]:
        ctx.error(node, fault.code, fault.message)
    state.enter("auction")
    for call in calls:
        state.perform(call.word)
    ctx.outcome = scoring.thrown_in(ctx.seats, state.speakers)
    ctx.step("end", seat=state.sec, label=f"seat {state.sec} shows the Petit sec: thrown in")


def _auction(state: FrenchState, record: Record, ctx: Context) -> bool:
    """The bids; True when a contract was reached and the deal goes on."""
    bids = record.auction  # a model's fields are read once each (a read costs a call)
    calls = [c for round_ in (bids.rounds if bids else []) for c in round_]
    for separator in bids.separators if bids else []:
        ctx.error(separator, "one-round", "french-tarot has a single round of bids: no `/`")
    state.enter("auction")
    steps = ctx.want_steps
    for i, call in enumerate(calls):
        action = call.word if call.label is None else f"{call.label}: {call.word}"
        for fault in state.faults(action):
            ctx.error(call, fault.code, fault.message)
        state.perform(action)
        if steps:
            seat = speaker(i, state.eldest, ctx.seats)
            label = f"seat {seat}: {call.word}"
            ctx.step("call", seat=seat, text=call.word, node=call, label=label)
    state.close("auction")
    later = _later(record)
    if len(calls) < ctx.seats:
        if later:
            ctx.error(
                bids or later[0],
                "auction-incomplete",
                f"the auction has {len(calls)} calls: each of the {ctx.seats} seats speaks once "
                "before the play",
            )
        return False
    if state.contract is None:
        for section in later:
            ctx.error(section, "thrown-in", "everybody passed: the deal is thrown in")
        ctx.outcome = state.outcome
        return False
    return True


def _call(state: FrenchState, record: Record, ctx: Context) -> None:
    """The king (5 seats) or king and queen (6 seats) called."""
    section = record.call
    if section is not None:
        cards = section.cards
        state.enter("call")
        fault = count_fault(len(cards), ctx.seats)
        _tell(ctx, [fault] if fault else [], cards, section)
        for card in cards:
            for fault in state.faults(card.code):
                ctx.error(card, fault.code, fault.message)
            state.perform(card.code)
        if ctx.want_steps:
            taker, codes = state.taker, [c.code for c in cards]
            names = ", ".join(card_name(GAME, c) for c in codes)
            ctx.step(
                "call",
                seat=taker,
                text="call " + " ".join(codes),
                node=section,
                label=f"seat {taker} calls {names}",
            )
    elif called_cards(ctx.seats) and (record.play is not None or record.discard is not None):
        ctx.error(
            record.auction,
            "call-missing",
            f"with {ctx.seats} seats the taker calls a partner (`call KH`) before the play",
        )
    state.close("call")


def _chien(state: FrenchState, record: Record, ctx: Context) -> None:
    """The chien taken and the écart made (prise, garde), or left aside (sans, contre)."""
    section, taker = record.discard, state.taker
    if not state.takes_chien:
        if section is not None:
            ctx.error(
                section,
                "no-ecart",
                f"in a {state.contract} the taker makes no écart: the chien stays aside",
            )
        return
    if state.chien is not None and ctx.want_steps:
        ctx.step("talon", seat=taker, text="chien", label=f"seat {taker} takes the chien")
    if section is not None:
        state.enter("discard", laid=[c.code for c in section.cards])
        if state.full is not None:  # else judged after the play
            fault = size_fault(len(section.cards), chien_size(ctx.seats))
            _tell(ctx, [fault] if fault else [], section.cards, section)
        for card in section.cards:
            for fault in state.faults(card.code):
                ctx.error(card, fault.code, fault.message)
            state.perform(card.code)
        if ctx.want_steps:
            label = f"seat {taker}'s écart"
            ctx.step("discard", seat=taker, text="discard", node=section, label=label)
    state.close("discard")


def _announcements(state: FrenchState, record: Record, ctx: Context) -> None:
    """Each poignée and chelem (the chelem decides who leads)."""
    for item in record.announce.items if record.announce else []:
        shown = [c.code for c in item.cards]
        action = " ".join([f"{item.seat}: {item.word}", *shown])
        _tell(ctx, state.faults(action), item.cards, item)
        state.perform(action)
        if ctx.want_steps:
            what = (
                f"shows a poignée of {len(shown)}: {' '.join(shown)}"
                if item.word == "poignee"
                else "announces the chelem"
            )
            ctx.step(
                "announce",
                seat=item.seat,
                text=f"{item.word} {' '.join(shown)}".strip(),
                node=item,
                label=f"seat {item.seat} {what}",
            )


def _poignees_inferred(
    state: FrenchState, record: Record, ctx: Context, result: PlayResult
) -> None:
    """The cards of each poignée shown by a seat whose hand only the whole play tells: judged
    against that hand now (the others were judged when shown)."""
    seen: set[int] = set()
    for item in record.announce.items if record.announce else []:
        if item.word != "poignee" or item.seat in seen:
            continue
        seen.add(item.seat)
        if item.seat in result.inferred:
            shown = [c.code for c in item.cards]
            _tell(ctx, state.shown_faults(item.seat, shown), item.cards, item)


def _ecart_after_play(state: FrenchState, record: Record, ctx: Context, result: PlayResult) -> None:
    """An écart not judged before the play (the taker's hand or the chien not given, or no
    `discard` section: it is then the cards nobody played) is judged against the cards the
    taker played and the écart."""
    section, full = record.discard, state.full
    if not state.takes_chien or (section is not None and full is not None):
        return
    ecart = [c.code for c in section.cards] if section is not None else state.unplayed()
    if full is None:
        taker = state.taker
        full = [c for t in result.tricks for s, c in t.cards if s == taker] + ecart
    faults = check_ecart(full, ecart, chien_size(ctx.seats), state.taker)
    _tell(ctx, faults, section.cards if section is not None else [], section or record.play)
