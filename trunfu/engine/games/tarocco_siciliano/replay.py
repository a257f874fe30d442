"""The referee of one Sicilian deal: a loop over the record's actions through a
`SicilianState`, which judges each one. Where the record leaves hands out, the referee
infers them from the play as before it starts, and judges after the play what only the
inferred hands tell (the scarto, the call, the scommessa of a declarer whose hand is not
given)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ....notation.models import Record
from ...cards import SUITS, strengths
from ...context import Context
from ...play import PlaySetup, play_tricks
from .auction import CHIAMO, FORCED_CALL, OPEN, PRENDO, SOLO, chiamo_fault, over, packet_label
from .rules import FOLLOW, NEVER_DISCARDED, TRICKS, forced_call_fault, plain, scarto_fault
from .state import SicilianState, no_cards

POWER = strengths("tarocco-siciliano")


@dataclass
class Known:
    """What the record tells of the cards. The play is walked only when something asks for
    it (`played`, `complete`), from the first leader."""

    record: Record
    seats: int
    hands: dict[int, list[str]]
    """Hands as dealt, given in the record."""
    talon: list[str] | None
    leader: int = 0

    @cached_property
    def tricks(self) -> list[list[tuple[int, str]]]:
        """The written tricks as (seat, card), leaders found from the winners."""
        return walk(self.record, self.seats, self.leader)

    @cached_property
    def played(self) -> dict[int, list[tuple[int, str]]]:
        """Seat → (trick number, card) for every card it plays."""
        played: dict[int, list[tuple[int, str]]] = {s: [] for s in range(1, self.seats + 1)}
        for number, cards in enumerate(self.tricks, 1):
            for seat, card in cards:
                played[seat].append((number, card))
        return played

    @cached_property
    def complete(self) -> bool:
        """True when the record holds every card of the play."""
        return sum(map(len, self.tricks)) == self.seats * TRICKS[self.seats]


def walk(record: Record, seats: int, leader: int) -> list[list[tuple[int, str]]]:
    """The written tricks as [(seat, card)] from `leader`, the next leaders found from the
    winners."""
    out = []
    for trick in record.play.tricks if record.play is not None else []:
        cards = [((leader - 1 + i) % seats + 1, c.code) for i, c in enumerate(trick.cards)]
        out.append(cards)
        if len(cards) < seats:
            break
        leader = cards[FOLLOW.winner([c for _, c in cards])][0]
    return out


def replay(record: Record, ctx: Context) -> None:
    """Referee `record` (see the module docstring)."""
    seats = ctx.seats
    hands: dict[int, list[str]] = {}
    talon = None
    for hand in record.deal.hands if record.deal is not None else []:
        if hand.owner.isdigit():
            hands[int(hand.owner)] = [c.code for c in hand.cards]
        elif hand.owner == "talon":
            talon = [c.code for c in hand.cards]
    if talon is None and len(hands) == seats:
        dealt = {c for h in hands.values() for c in h}
        talon = [c for c in ctx.game.order if c not in dealt]
    known = Known(record, seats, hands, talon)
    state = SicilianState(seats, ctx.dealer, hands, talon, record.tags)
    ctx.observe(state)
    ctx.step("deal", label=f"seat {ctx.dealer} deals; seat {ctx.eldest} is eldest")
    chiamo = _declarations(record, ctx, state)
    end = state.bidding.end
    if end == FORCED_CALL and state.declarer is None and state.phase == "discard":
        holder = _giove_holder(record, ctx, known)
        if holder is None:
            return
        state.name_holder(holder)
    if state.phase in ("auction", "over"):
        _unplayed(record, ctx, state)
        return
    if end != FORCED_CALL and record.call is not None:
        ctx.error(
            record.call,
            "unexpected-call",
            "the `call` section is only for the holder of Giove (T20) when everybody passed",
        )
    declarer = state.declarer
    known.leader = state.leader
    given = record.discard is not None
    scarto = [c.code for c in record.discard.cards] if given else None
    if not given and known.complete:
        played = {c for cards in known.tricks for _, c in cards}
        scarto = [c for c in ctx.game.order if c not in played]

    state.take_talon()
    ctx.step(
        "talon",
        seat=declarer,
        text="talon",
        label=f"seat {declarer} takes the talon" + (f": {' '.join(talon)}" if talon else ""),
    )
    if given and len(scarto) == 3:
        for node in record.discard.cards:
            for fault in state.check(node.code):
                ctx.error(node, fault.code, fault.message)
            state.perform(node.code)
    else:
        state.lay(scarto)
    if scarto is not None:
        ctx.step(
            "discard",
            seat=declarer,
            text=" ".join(scarto),
            node=record.discard,
            label=f"seat {declarer} discards {' '.join(scarto)}"
            + ("" if given else " (inferred: the cards never played)"),
        )
    if end == FORCED_CALL:
        _forced_call(record, ctx, state)
    called = state.called
    state.partner = _partner(called, declarer, known) if called else None
    bet = _announcements(record, ctx, state)

    start = state.start_hands()
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=FOLLOW,
            leader=state.leader,
            tricks=TRICKS[seats],
            hands=start,
            elsewhere={c: "it lies in the scarto" for c in scarto or []} if given else {},
            owners=_declarer_cards(declarer, known, scarto) if start[declarer] is None else {},
            on_trick=state.took if ctx.want_steps else None,  # the running points
            on_start=state.adopt,
        ),
    )

    # What only the inferred hands tell: judged here, by the rules the state applies.
    after = state.after
    if after is None and known.complete and scarto is not None:
        after = result.hands[declarer] + scarto
    inferred = state.after is None and after is not None
    _check_scarto(record, ctx, state, scarto, after)
    if end == CHIAMO and chiamo is not None and chiamo.card is not None:
        _check_chiamo(ctx, state, chiamo.card, known, after)
    if end == FORCED_CALL and state.forced and inferred:
        why = forced_call_fault(declarer, state.forced[0], after)
        if why:
            ctx.error(record.call.cards[0], "wrong-call", why)
    if bet is not None and inferred and (fault := state.scommessa_fault(after)) is not None:
        ctx.error(bet, fault.code, fault.message)

    state.finish()
    if state.over:
        ctx.outcome = state.outcome
        ctx.step("end", label=f"{state.contract}: result {ctx.outcome.result}")


def _declarations(record: Record, ctx: Context, state: SicilianState):
    """The calls of the record, round by round; the `chiamo` call that stands, if any."""
    auction, seats, bidding = record.auction, ctx.seats, state.bidding
    rounds = auction.rounds if auction is not None else []
    chiamo = None
    for r, calls in enumerate(rounds, 1):
        if not calls and r == 1 and len(rounds) == 1:
            break
        if bidding.end != OPEN:
            where = calls[0] if calls else auction.separators[r - 2]
            ctx.error(where, "call-after-end", over(r, bidding.ended_by))
            break
        ctx.step("packet", text=f"packet {r}", label=packet_label(seats, r))
        for i, call in enumerate(calls):
            if i >= seats and bidding.end not in (SOLO, PRENDO):
                ctx.error(
                    call,
                    "out-of-turn",
                    f"round {r}: every seat has spoken; `{call.word}` is one call too many",
                )
                break
            seat = ctx.next_seat(ctx.eldest, i)
            text = call.word + (f" {call.card.code}" if call.card else "")
            action = text if call.label is None else f"{call.label}: {text}"
            faults = state.check(action)
            for fault in faults:
                wrong = fault.code == "wrong-call" and call.card is not None
                ctx.error(call.card if wrong else call, fault.code, fault.message)
            if bidding.end != OPEN:
                break
            before = bidding.chiamo
            state.perform(action)
            if bidding.chiamo and not before:
                chiamo = call
            ctx.step("call", seat=seat, text=text, node=call, label=f"seat {seat}: {text}")
        if bidding.end != OPEN:
            continue
        if len(calls) < seats:
            if r < len(rounds):
                ctx.error(
                    auction.separators[r - 1],
                    "short-round",
                    f"round {r} ends after {len(calls)} calls: each of the {seats} seats speaks",
                )
            break
    return chiamo


def _unplayed(record: Record, ctx: Context, state: SicilianState) -> None:
    """A deal whose declarations did not lead to play (or are not over)."""
    why = state.why
    for section in (record.call, record.discard, record.announce, record.play):
        if section is not None and (section is not record.play or record.play.items):
            ctx.error(section, "not-played", f"{why}: there is no `{section.keyword}`")
            break
    if state.over:
        ctx.outcome = state.outcome
        ctx.step("end", label=f"{why}: result {ctx.outcome.result}")


def _giove_holder(record: Record, ctx: Context, known: Known) -> int | None:
    """After everybody passed, the holder of Giove when no hand shows him: the one seat
    that may hold it, else None (reported when the deal goes on). The play alone cannot
    tell (the seats of a play without hands are only known relative to its first leader,
    the seat after the caller): any seat whose hand is not given may be the one, unless
    it would not have played T20 itself; a scommessa, which only the declarer announces,
    names him."""
    fits = [s for s in range(1, ctx.seats + 1) if s not in known.hands]
    if len(fits) > 1 and record.announce is not None:
        bettor = [a.seat for a in record.announce.items if a.word == "scommessa"]
        if bettor and bettor[0] in fits:
            fits = bettor[:1]
    if len(fits) > 1 and record.play is not None and record.play.tricks:
        fits = [s for s in fits if _plays_giove(record, ctx, s)]
    if len(fits) == 1:
        return fits[0]
    if record.play is not None and record.play.items:
        ctx.error(
            record.play,
            "unknown-caller",
            "everybody passed, so the holder of Giove (T20) must call, but the record does "
            "not show who holds it (give his hand, or the other hands)",
        )
    return None


def _plays_giove(record: Record, ctx: Context, seat: int) -> bool:
    """True when, with the seat after `seat` leading, the play gives T20 to `seat`."""
    tricks = walk(record, ctx.seats, ctx.next_seat(seat))
    return next((s for cards in tricks for s, c in cards if c == "T20"), None) == seat


def _forced_call(record: Record, ctx: Context, state: SicilianState) -> None:
    """The card Giove's holder calls (the `call` section)."""
    call, declarer = record.call, state.declarer
    if call is None or not call.cards:
        state.skip_call()
        if record.play is not None and record.play.items:
            ctx.error(
                call or record.play,
                "missing-call",
                f"everybody passed: seat {declarer}, who holds Giove (T20), must take the talon, "
                "discard and call a card (`call` section)",
            )
        return
    node = call.cards[0]
    for fault in state.check(node.code):
        ctx.error(node, fault.code, fault.message)
    state.perform(node.code)
    if len(call.cards) > 1:
        ctx.error(call.cards[1], "wrong-call", "the holder of Giove calls one card")
    ctx.step(
        "call", seat=declarer, text=node.code, node=call, label=f"seat {declarer} calls {node.code}"
    )


def _announcements(record: Record, ctx: Context, state: SicilianState):
    """The announcements; the scommessa that stands (its item), if any."""
    bet = None
    for item in record.announce.items if record.announce is not None else []:
        action = " ".join([f"{item.seat}: {item.word}", *(c.code for c in item.cards)])
        for fault in state.check(action):
            where = item.cards[0] if fault.message == no_cards(item.word) else item
            ctx.error(where, fault.code, fault.message)
        if bet is None and item.word == "scommessa" and item.seat == state.declarer:
            bet = item
        state.perform(action)
        ctx.step(
            "announce",
            seat=item.seat,
            text=item.word,
            node=item,
            label=f"seat {item.seat}: {item.word}",
        )
    return bet


def _partner(called: str, declarer: int, known: Known) -> int | None:
    """The holder of the called card (None: a forced solo, the card being in the talon)."""
    for seat, hand in known.hands.items():
        if called in hand:
            return seat if seat != declarer else None
    if known.talon is not None and called in known.talon:
        return None
    for seat, cards in known.played.items():
        if any(c == called for _, c in cards):
            return seat if seat != declarer else None
    return None


def _declarer_cards(
    declarer: int, known: Known, scarto: list[str] | None
) -> dict[str, tuple[int, str]]:
    """Cards known to be the declarer's though his hand at the start of play is not: his
    dealt hand (when given) and the talon (when given), less the scarto."""
    left = set(scarto or [])
    owners = {
        c: (declarer, f"it was in the talon, taken by seat {declarer}")
        for c in known.talon or []
        if c not in left
    }
    for c in known.hands.get(declarer, []):
        if c not in left:
            owners[c] = (declarer, f"it was dealt to seat {declarer}")
    return owners


def _check_scarto(
    record: Record,
    ctx: Context,
    state: SicilianState,
    scarto: list[str] | None,
    after: list[str] | None,
) -> None:
    """The scarto where the state could not judge it: of the wrong size, inferred from the
    play, or its trumps when the declarer's cards were not known before the play."""
    if scarto is None:
        return
    if len(scarto) != 3:
        ctx.error(record.discard, "scarto-size", f"the scarto is 3 cards, not {len(scarto)}")
        return
    given = record.discard is not None
    if given and state.after is not None:
        return  # judged card by card by the state
    count = plain(after) if after is not None else 3
    trumps = 0
    for card in scarto:
        trump = SUITS[card] == "T" and card not in NEVER_DISCARDED
        if not given or trump:
            why = scarto_fault(card, count, trumps)
            if why:
                node = next((c for c in record.discard.cards if c.code == card), record.discard)
                ctx.error(
                    node if given else record.play,
                    "illegal-scarto",
                    why + ("" if given else " (the scarto is inferred: the cards never played)"),
                )
        trumps += trump


def _check_chiamo(ctx: Context, state: SicilianState, node, known: Known, after) -> None:
    """A `chiamo` whose caller's hand is not given: judged from his cards after the talon
    less the talon, else proved wrong by a higher trump another seat plays."""
    called, declarer = node.code, state.declarer
    if known.hands.get(declarer) is not None or SUITS[called] != "T":
        return  # judged by the state
    if after is not None and known.talon is not None:
        fault = chiamo_fault(declarer, called, [c for c in after if c not in known.talon])
        if fault is not None:
            ctx.error(node, fault.code, fault.message)
        return
    for seat, cards in known.played.items():
        if seat == declarer:
            continue
        for number, card in cards:
            if SUITS[card] == "T" and POWER[card] > POWER[called]:
                ctx.error(
                    node,
                    "wrong-call",
                    f"seat {declarer} calls {called} but did not hold {card} (seat {seat} played "
                    f"it in trick {number}): he must call the highest trump he does not hold",
                )
                return
