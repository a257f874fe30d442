"""The referee of one Sicilian deal: the record's actions through a `SicilianState`, which
judges each one, then what only the play tells of a hand the record leaves out (the
scarto, the call, the scommessa)."""

from __future__ import annotations

from functools import partial

from ....notation.models import Cards, Record
from ...cards import SUITS, strengths
from ...context import Context
from ...play import TrickPlay, play_tricks
from .auction import CHIAMO, FORCED_CALL, OPEN, PACKETS, PRENDO, SOLO, chiamo_fault, over
from .rules import FOLLOW, NEVER_DISCARDED, TRICKS, forced_call_fault, plain, scarto_fault
from .state import SicilianState, dealt

POWER = strengths("tarocco-siciliano")


def walk(record: Record, seats: int, leader: int) -> list[tuple[int, int, str]]:
    """(trick, seat, card) of each written card, the first trick led by `leader`."""
    tricks = record.play.tricks if record.play is not None else []
    play = TrickPlay(FOLLOW, seats, leader, len(tricks), {})
    return play.walk([trick.cards for trick in tricks])


def replay(record: Record, ctx: Context) -> None:
    """Referee `record` (see the module docstring)."""
    seats = ctx.seats
    hands, talon = dealt(record, seats)
    state = SicilianState(seats, ctx.dealer, hands, talon, record.tags)
    ctx.observe(state)
    if ctx.want_steps:
        ctx.step("deal", label=f"seat {ctx.dealer} deals; seat {ctx.eldest} is eldest")
    chiamo = _declarations(record, ctx, state)
    end = state.bidding.end
    if end == FORCED_CALL and state.declarer is None and state.phase == "discard":
        holder = _giove_holder(record, ctx, hands)
        if holder is None:
            return
        state.name_declarer(holder)
    if state.phase in ("auction", "over"):
        _unplayed(record, ctx, state)
        return
    declarer, leader, given = state.declarer, state.leader, record.discard is not None
    walked = partial(walk, record, seats, leader)  # who played each card
    total = seats * TRICKS[seats]  # the cards of a whole play
    scarto = list(record.discard.cards) if given else None
    if not given and len(played := walked()) == total:
        held = {c for *_, c in played}
        scarto = [c for c in ctx.game.order if c not in held]
    state.talon_taken = True
    if ctx.want_steps:
        label = f"seat {declarer} takes the talon" + (f": {' '.join(talon)}" if talon else "")
        ctx.step("talon", seat=declarer, text="talon", label=label)
    if given and len(scarto) == 3:
        for place, card in enumerate(scarto):
            if faults := state.judge("card", None, card, None):
                ctx.tell(faults, record.discard, record.discard.cards, place)
            state.act("card", None, card, None)
    else:  # not known, or of a size the state cannot take card by card
        state.scarto = list(scarto or [])
        state.after_scarto()
    if scarto is not None and ctx.want_steps:
        how = "" if given else " (inferred: the cards never played)"
        label = f"seat {declarer} discards {' '.join(scarto)}{how}"
        ctx.step("discard", seat=declarer, text=" ".join(scarto), node=record.discard, label=label)
    call = record.call  # the card Giove's holder calls after everybody passed
    if end != FORCED_CALL and call is not None:
        why = "the `call` section is only for the holder of Giove (T20) when everybody passed"
        ctx.error(call, "unexpected-call", why)
    elif end == FORCED_CALL and (call is None or not call.cards):
        state.phase = "announce"
        if record.play is not None and record.play.items:
            why = (
                f"everybody passed: seat {declarer}, who holds Giove (T20), must take the "
                "talon, discard and call a card (`call` section)"
            )
            ctx.error(call or record.play, "missing-call", why)
    elif end == FORCED_CALL:
        ctx.tell(state.judge("card", None, call.cards[0], None), call, call.cards, 0)
        state.act("card", None, call.cards[0], None)
        if len(call.cards) > 1:
            ctx.error(call.cards.at(1), "wrong-call", "the holder of Giove calls one card")
        label = f"seat {declarer} calls {call.cards[0]}"
        ctx.step("call", seat=declarer, text=call.cards[0], node=call, label=label)
    called = state.called if state.partner is None else None  # a partner no hand shows
    if called and all(called not in (h or ()) for h in [talon, *hands.values()]):
        holders = [s for _, s, c in walked() if c == called]
        state.partner = min(holders) if holders and min(holders) != declarer else None
    for item in record.announce.items if record.announce is not None else ():
        read = ("announce", item.seat, item.word, item.cards[0] if item.cards else None)
        ctx.tell(state.judge(*read), item, item.cards)
        state.act(*read)
        if ctx.want_steps:
            label = f"seat {item.seat}: {item.word}"
            ctx.step("announce", seat=item.seat, text=item.word, node=item, label=label)
    start, owners = state.start_hands(), {}
    if start[declarer] is None:  # his cards known though his hand at the start of play is not
        how = {c: f"it was in the talon, taken by seat {declarer}" for c in talon or []}
        how.update((c, f"it was dealt to seat {declarer}") for c in hands[declarer] or ())
        owners = {c: (declarer, why) for c, why in how.items() if c not in (scarto or ())}
    lying = dict.fromkeys(scarto, "it lies in the scarto") if given else {}
    play = TrickPlay(FOLLOW, seats, leader, TRICKS[seats], start, lying=lying, owners=owners)
    result = play_tricks(ctx, state, play)
    if state.after is None or not given or len(scarto) != 3:
        after = state.after  # the declarer's cards with the talon, or as the play shows them
        if after is None and scarto is not None and len(walked()) == total:
            after = result.hands[declarer] + scarto
        _hindsight(record, ctx, state, scarto, after, chiamo, walked)
    state.finish()
    if state.over:
        ctx.outcome = state.outcome
        if ctx.want_steps:
            ctx.step("end", label=f"{state.contract}: result {ctx.outcome.result}")


def _declarations(record: Record, ctx: Context, state: SicilianState):
    """The calls, and the rounds cut short, too long or after the end; the chiamo that stands."""
    auction, seats, bidding, steps = record.auction, ctx.seats, state.bidding, ctx.want_steps
    rounds = auction.rounds if auction is not None else []
    acted = []
    for r, calls in enumerate(rounds, 1):
        if not calls and len(rounds) == 1:
            break
        if bidding.end != OPEN:
            where = calls[0] if calls else auction.separators[r - 2]
            ctx.error(where, "call-after-end", over(r, bidding.ended_by))
            break
        if steps:
            label = PACKETS.get((seats, r)) or f"packet {r}: {5 * r} cards to each seat"
            ctx.step("packet", text=f"packet {r}", label=label)
        for i, call in enumerate(calls):
            if i >= seats and bidding.end not in (SOLO, PRENDO):
                why = f"round {r}: every seat has spoken; `{call.word}` is one call too many"
                ctx.error(call, "out-of-turn", why)
                break
            if bidding.end != OPEN:  # a call after the end: told, not done
                ctx.error(call, "call-after-end", over(r, bidding.ended_by))
                break
            seat, card = bidding.to_speak, call.card and call.card.code
            if faults := bidding.say(call.word, card, call.label, state.hands[seat]):
                ctx.tell(faults, call, call.card and Cards.of([call.card]))
            acted.append(call)
            if steps:
                text = call.word if card is None else f"{call.word} {card}"
                ctx.step("call", seat=seat, text=text, node=call, label=f"seat {seat}: {text}")
        if bidding.end == OPEN and len(calls) < seats:
            if r < len(rounds):
                why = f"round {r} ends after {len(calls)} calls: each of the {seats} seats speaks"
                ctx.error(auction.separators[r - 1], "short-round", why)
            break
    if bidding.end != OPEN:
        state.end_auction()
    return acted[bidding.chiamo] if bidding.chiamo is not None else None


def _unplayed(record: Record, ctx: Context, state: SicilianState) -> None:
    """A deal whose declarations did not lead to play (or are not over)."""
    for section in (record.call, record.discard, record.announce, record.play):
        if section is not None and (section is not record.play or record.play.items):
            ctx.error(section, "not-played", f"{state.why}: there is no `{section.keyword}`")
            break
    if state.over:
        ctx.outcome = state.outcome
        ctx.step("end", label=f"{state.why}: result {ctx.outcome.result}")


def _giove_holder(record: Record, ctx: Context, hands: dict[int, list[str] | None]) -> int | None:
    """The holder of Giove no hand shows after everybody passed: the one seat not given
    that the scommessa names or the play gives T20 to; else None (told if play follows)."""
    fits = [s for s, hand in hands.items() if hand is None]
    items = record.announce.items if record.announce is not None else []
    bettor = next((a.seat for a in items if a.word == "scommessa"), None)
    if len(fits) > 1 and bettor in fits:
        fits = [bettor]
    if len(fits) > 1:  # the play, led by the seat after him, must give him T20
        walks = {s: walk(record, ctx.seats, ctx.next_seat(s)) for s in fits}
        fits = [s for s in fits if next((p for _, p, c in walks[s] if c == "T20"), 0) == s]
    if len(fits) == 1:
        return fits[0]
    if record.play is not None and record.play.items:
        why = (
            "everybody passed, so the holder of Giove (T20) must call, but the record does "
            "not show who holds it (give his hand, or the other hands)"
        )
        ctx.error(record.play, "unknown-caller", why)
    return None


def _hindsight(record: Record, ctx: Context, state: SicilianState, scarto, after, chiamo, walked):
    """What the state could not judge, by the rules it applies: a scarto of the wrong size,
    inferred, or whose trumps are judged by the declarer's cards with the talon, `after`, as
    the play shows them (one trump too many while they are not known); with `after` inferred,
    the chiamo, Giove's call and the scommessa."""
    given, unknown, declarer = record.discard is not None, state.after is None, state.declarer
    if scarto is not None and len(scarto) != 3:
        ctx.error(record.discard, "scarto-size", f"the scarto is 3 cards, not {len(scarto)}")
    elif scarto is not None and (unknown or not given):
        count = plain(after) if after is not None else 3
        for i, card in enumerate(scarto):
            trump = SUITS[card] == "T" and card not in NEVER_DISCARDED
            why = scarto_fault(card, count, scarto[:i]) if trump or not given else None
            if why and given:  # the first of the cards written so
                cards = record.discard.cards
                ctx.error(cards.at(cards.index(card)), "illegal-scarto", why)
            elif why:
                why += " (the scarto is inferred: the cards never played)"
                ctx.error(record.play, "illegal-scarto", why)
    end, talon, node = state.bidding.end, state.talon, chiamo and chiamo.card
    if end == CHIAMO and SUITS.get(state.called) == "T" and state.hands[declarer] is None:
        # a chiamo of a trump whose caller's hand is not given: by his inferred cards, or
        # a higher trump another seat plays
        if after is not None and talon is not None:
            if fault := chiamo_fault(declarer, node.code, [c for c in after if c not in talon]):
                ctx.error(node, fault.code, fault.message)
        elif higher := [
            (seat, number, card)
            for number, seat, card in walked()
            if seat != declarer and SUITS[card] == "T" and POWER[card] > POWER[node.code]
        ]:
            seat, number, card = min(higher)
            why = f"seat {declarer} calls {node.code} but did not hold {card} (seat {seat} "
            must = "he must call the highest trump he does not hold"
            ctx.error(node, "wrong-call", f"{why}played it in trick {number}): {must}")
    if not unknown or after is None:
        return
    if state.forced and (why := forced_call_fault(declarer, state.forced[0], after)):
        ctx.error(record.call.cards.at(0), "wrong-call", why)
    if state.scommessa and (why := state.scommessa_fault(after)):
        bet = next(a for a in record.announce.items if a.word == "scommessa" and a.seat == declarer)
        ctx.error(bet, "illegal-announcement", why)
