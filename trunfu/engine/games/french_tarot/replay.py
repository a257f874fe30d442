"""French tarot refereed: the record's actions applied in turn to the game state
(`state.FrenchState`), every fault it finds told where it is written. Judged here, of the
record as a whole: a section missing, too short or too long, the écart as laid down, and
what only the play shows of hands the record does not give."""

from __future__ import annotations

from ....notation.models import Node, Record
from ...cards import card_name
from ...context import Context
from ...play import PlayResult, play_tricks
from . import scoring
from .calls import count_fault
from .ecart import check_ecart
from .rules import CALLED, GAME, HAND, PASS
from .state import FrenchState, from_record, petit_sec_fault


def replay(record: Record, ctx: Context) -> None:
    """Apply the French tarot rules to `record`."""
    state = from_record(record, ctx)
    if state.variant == "fft" and ctx.seats == 6:
        tag = ctx.tags["Variant"]
        told = "the fft rules are for 3, 4 and 5 seats; 6 seats play the classic rules"
        ctx.error((tag.value_line, tag.value_column), "variant-seats", told)
        return
    ctx.observe(state)
    if ctx.want_steps:
        ctx.step("deal", label=f"the deal: {HAND[ctx.seats]} cards each, {state.size} in the chien")
    later = [s for s in (record.call, record.discard, record.announce, record.play) if s]  # given
    if _auction(state, record, ctx, later):
        _call(state, record, ctx)
        _chien(state, record, ctx)
        _announcements(state, record, ctx)
        result = play_tricks(ctx, state, state.playing())
        if result.complete:
            _after_play(state, record, ctx, result)


def _auction(state: FrenchState, record: Record, ctx: Context, later: list[Node]) -> bool:
    """The bids; True when a contract was reached and the deal goes on (to `later`). A seat
    holding the Petit sec (fft) shows it: told at the first bid or section after the deal,
    and the deal is thrown in."""
    bids, calls = record.auction, record.calls()
    state.enter("auction")
    if state.sec is not None:
        for node in [*(c for c in calls if c.word != PASS), *later][:1]:
            ctx.tell([petit_sec_fault(state.sec)], node)
        for call in calls:
            state.perform(call.word)
        ctx.outcome = scoring.thrown_in(ctx.seats, state.speakers)
        ctx.step("end", seat=state.sec, label=f"seat {state.sec} shows the Petit sec: thrown in")
        return False
    for separator in bids.separators if bids else []:
        ctx.error(separator, "one-round", "french-tarot has a single round of bids: no `/`")
    for call in calls:
        action = call.word if call.label is None else f"{call.label}: {call.word}"
        label = f"seat {state.to_act}: {call.word}" if ctx.want_steps else ""
        ctx.act(state, call, action, label, text=call.word, always=True)
    state.close("auction")
    if len(calls) < ctx.seats:
        if later:
            told = (
                f"the auction has {len(calls)} calls: each of the {ctx.seats} seats speaks once "
                "before the play"
            )
            ctx.error(bids or later[0], "auction-incomplete", told)
        return False
    if state.contract is None:
        for section in later:
            ctx.error(section, "thrown-in", "everybody passed: the deal is thrown in")
        ctx.outcome = state.outcome
        return False
    return True


def _call(state: FrenchState, record: Record, ctx: Context) -> None:
    """The king (5 seats) or king and queen (6 seats) called: their count, then each card."""
    section, expected = record.call, CALLED[ctx.seats]
    if section is not None:
        cards = section.cards
        if (fault := count_fault(len(cards), ctx.seats)) is not None:  # at the first card too many
            ctx.tell([fault], section, cards, expected)
        state.enter("call")
        for place, card in enumerate(cards):
            ctx.act(state, section, card, cards=cards, place=place, always=True)
        if ctx.want_steps:
            names = ", ".join(card_name(GAME, c) for c in state.called)
            label, text = f"seat {state.taker} calls {names}", "call " + " ".join(state.called)
            ctx.step("call", seat=state.taker, text=text, node=section, label=label)
    elif expected and (record.play is not None or record.discard is not None):
        told = f"with {ctx.seats} seats the taker calls a partner (`call KH`) before the play"
        ctx.error(record.auction, "call-missing", told)
    state.close("call")


def _chien(state: FrenchState, record: Record, ctx: Context) -> None:
    """The chien taken and the écart made (prise, garde), or left aside (sans, contre). The
    écart is judged as a whole (whatever its order): here when the taker's cards and the
    chien are given, else after the play."""
    section, taker = record.discard, state.taker
    if not state.takes_chien:
        if section is not None:
            told = f"in a {state.contract} the taker makes no écart: the chien stays aside"
            ctx.error(section, "no-ecart", told)
        return
    if state.chien is not None and ctx.want_steps:
        ctx.step("talon", seat=taker, text="chien", label=f"seat {taker} takes the chien")
    if section is not None:
        state.enter("discard")
        for card in section.cards:
            state.perform(card)
        if state.full is not None:
            ctx.tell(check_ecart(*state.put_aside(), state.size, taker), section, section.cards)
        if ctx.want_steps:
            label = f"seat {taker}'s écart"
            ctx.step("discard", seat=taker, text="discard", node=section, label=label)
    state.close("discard")


def _announcements(state: FrenchState, record: Record, ctx: Context) -> None:
    """Each poignée and chelem (the chelem decides who leads)."""
    for item in record.announce.items if record.announce else []:
        seat, word, shown = item.seat, item.word, item.cards
        ctx.act(state, item, f"{seat}: {word} {' '.join(shown)}", cards=shown, always=True)
        if ctx.want_steps:
            poignee = f"shows a poignée of {len(shown)}: {' '.join(shown)}"
            what = poignee if word == "poignee" else "announces the chelem"
            text = f"{word} {' '.join(shown)}".strip()
            ctx.step("announce", seat=seat, text=text, node=item, label=f"seat {seat} {what}")


def _after_play(state: FrenchState, record: Record, ctx: Context, result: PlayResult) -> None:
    """What the whole play tells: the poignées of seats whose hand it alone gives, the
    écart not judged before the play (the taker's hand or the chien not given, or no
    `discard` section: the cards nobody played); then the score."""
    items = record.announce.items if record.announce and result.inferred else []
    firsts = {item.seat: item for item in reversed(items) if item.word == "poignee"}
    for item in items:  # each seat's first poignée, in the record's order
        if firsts.get(item.seat) is item and item.seat in result.inferred:
            ctx.tell(state.shown_faults(item.seat, item.cards), item, item.cards)
    section = record.discard
    if state.takes_chien and (section is None or state.full is None):
        faults = check_ecart(*state.put_aside(), state.size, state.taker)
        ctx.tell(faults, section or record.play, section and section.cards)
    if not ctx.failed:
        outcome = ctx.outcome = state.outcome
        if ctx.want_steps and outcome is not None:
            made = "made" if outcome.won else "lost"
            label = f"{state.contract} by seat {state.taker} {made}: {outcome.result}"
            ctx.step("end", label=label)
