"""French tarot on the engine: the deal, the auction, the call, the chien and écart, the
announcements, the play and the score, in the order the rules give."""

from __future__ import annotations

from ....notation.models import Node, Record
from ...cards import card_name, suit_of
from ...context import Context
from ...model import Outcome, TrickResult
from ...play import PlayResult, PlaySetup, play_tricks
from ...scoring import format_result
from ...tricks import FollowRules, Overtrump
from . import piles
from .announce import check_chelem, check_poignee
from .auction import Fault, petit_sec, run_auction, speaker
from .calls import check_call, partners
from .ecart import check_ecart
from .rules import DECK, GAME, chien_size, hand_size
from .scoring import Tally, score

FOLLOW = FollowRules(game=GAME, overtrump=Overtrump.IN_TRICK)
"""Follow suit; void: trump; always beat a trump already in the trick; the Excuse anywhere."""


def variant_of(record: Record) -> str:
    """The Variant tag, or the default: `fft` for 3–5 seats, `classic` for 6."""
    return record.tag("Variant") or ("classic" if record.seats == 6 else "fft")


def _report(ctx: Context, faults: list[Fault] | tuple[Fault, ...], nodes: list, fallback) -> None:
    for fault in faults:
        node = nodes[fault.index] if 0 <= fault.index < len(nodes) else fallback
        ctx.error(node, fault.code, fault.message)


def _zero(ctx: Context, contract: str | None = None, taker: int | None = None) -> None:
    scores = [0.0] * ctx.seats
    ctx.outcome = Outcome(
        scores=scores,
        result=format_result(scores),
        contract=contract,
        declarer=taker,
        thrown_in=True,
        breakdown={"thrown_in": True},
    )


def replay(record: Record, ctx: Context) -> None:
    """Apply the French tarot rules to `record` (see the module docstring)."""
    seats = ctx.seats
    variant = variant_of(record)
    ctx.variant = variant
    if seats == 6 and variant == "fft":
        tag = next(t for t in record.tags if t.name == "Variant")
        ctx.error(
            (tag.value_line, tag.value_column),
            "variant-seats",
            "the fft rules are for 3, 4 and 5 seats; 6 seats play the classic rules",
        )
        return
    dealt: dict[int, list[str] | None] = {s: None for s in range(1, seats + 1)}
    chien: list[str] | None = None
    if record.deal is not None:
        for hand in record.deal.hands:
            codes = [c.code for c in hand.cards]
            if hand.owner == "talon":
                chien = codes
            elif hand.owner.isdigit():
                dealt[int(hand.owner)] = codes
    for seat, hand in dealt.items():
        ctx.state["hands"][seat] = list(hand or [])
    ctx.state["talon"] = list(chien or [])
    ctx.step(
        "deal", label=f"the deal: {hand_size(seats)} cards each, {chien_size(seats)} in the chien"
    )

    # Petit sec (fft): the deal is thrown in.
    if variant == "fft":
        sec = [s for s, h in dealt.items() if h is not None and petit_sec(h)]
        if sec:
            _petit_sec(record, ctx, sec[0])
            return

    # The auction.
    calls = [c for round_ in (record.auction.rounds if record.auction else []) for c in round_]
    for separator in record.auction.separators if record.auction else []:
        ctx.error(separator, "one-round", "french-tarot has a single round of bids: no `/`")
    eldest = ctx.eldest
    auction = run_auction([c.word for c in calls], eldest, seats)
    _report(ctx, auction.faults, calls, record.auction)
    for i, call in enumerate(calls):
        seat = speaker(i, eldest, seats)
        if call.label is not None and call.label != seat:
            ctx.error(
                call, "out-of-turn", f"call {i + 1} is seat {seat}'s, not seat {call.label}'s"
            )
        ctx.step("call", seat=seat, text=call.word, node=call, label=f"seat {seat}: {call.word}")
    later = [
        s for s in (record.call, record.discard, record.announce, record.play) if s is not None
    ]
    if not auction.complete:
        if later:
            ctx.error(
                record.auction or later[0],
                "auction-incomplete",
                f"the auction has {len(calls)} calls: each of the {seats} seats speaks once before the play",
            )
        return
    if auction.thrown_in:
        for section in later:
            ctx.error(
                section, "thrown-in", "everybody passed: the deal is thrown in, nothing follows"
            )
        _zero(ctx)
        return
    taker, contract = auction.taker, auction.contract
    assert taker is not None and contract is not None
    ctx.state["declarer"] = taker

    # The call of a partner (5 and 6 seats).
    called: list[str] = []
    expected = {5: 1, 6: 2}.get(seats, 0)
    if record.call is not None:
        called = [c.code for c in record.call.cards]
        _report(ctx, check_call(called, dealt[taker], seats, taker), record.call.cards, record.call)
        ctx.step(
            "call",
            seat=taker,
            text="call " + " ".join(called),
            node=record.call,
            label=f"seat {taker} calls {', '.join(card_name(GAME, c) for c in called)}",
        )
    elif expected and (record.play is not None or record.discard is not None):
        ctx.error(
            record.auction,
            "call-missing",
            f"with {seats} seats the taker calls a partner (`call KH`) before the play",
        )

    # The chien and the écart.
    size = chien_size(seats)
    takes_chien = contract in ("prise", "garde")
    ecart: list[str] | None = None
    if record.discard is not None:
        ecart = [c.code for c in record.discard.cards]
        if not takes_chien:
            ctx.error(
                record.discard,
                "no-ecart",
                f"in a {contract} the taker makes no écart: the chien stays aside",
            )
            ecart = None
    if takes_chien and chien is not None:
        if dealt[taker] is not None:
            ctx.state["hands"][taker] = dealt[taker] + chien
        ctx.state["talon"] = []
        ctx.step(
            "talon", seat=taker, text="chien", label=f"seat {taker} shows the chien and takes it"
        )
    if takes_chien and ecart is not None:
        full = (dealt[taker] or []) + (chien or [])
        if dealt[taker] is not None and chien is not None:
            _report(
                ctx, check_ecart(full, ecart, size, taker), record.discard.cards, record.discard
            )
            ctx.state["hands"][taker] = [c for c in full if c not in ecart]
        ctx.state["discard"] = list(ecart)
        ctx.step(
            "discard",
            seat=taker,
            text="discard",
            node=record.discard,
            label=f"seat {taker} makes the écart",
        )

    # Announcements: chelem sets the leader; poignées are checked once the hands are known.
    announced = record.announce.items if record.announce else []
    chelem = False
    for item in announced:
        if item.word == "chelem":
            faults = check_chelem(item.seat, taker, variant)
            if chelem:
                faults.append(Fault(-1, "chelem-twice", "the chelem is announced twice"))
            _report(ctx, faults, [], item)
            chelem = chelem or not faults

    for item in announced:
        shown = " ".join(c.code for c in item.cards)
        what = (
            f"shows a poignée of {len(item.cards)}: {shown}"
            if item.word == "poignee"
            else "announces the chelem"
        )
        ctx.step(
            "announce",
            seat=item.seat,
            text=f"{item.word} {shown}".strip(),
            node=item,
            label=f"seat {item.seat} {what}",
        )

    # The play.
    hands: dict[int, list[str] | None] = {
        s: (list(h) if h is not None else None) for s, h in dealt.items()
    }
    elsewhere: dict[str, str] = {}
    if takes_chien:
        hand = dealt[taker]
        if hand is not None and chien is not None and ecart is not None:
            hands[taker] = [c for c in hand + chien if c not in ecart]
        else:
            hands[taker] = None  # inferred from the play; the écart is checked afterwards
        for card in ecart or []:
            elsewhere[card] = "it is in the écart"
    else:
        for card in chien or []:
            elsewhere[card] = f"it is in the chien, which nobody takes in a {contract}"
    called_suits = {suit_of(c) for c in called}
    known_partners: list[int] = []
    played_by: dict[str, int] = {}

    def first_lead(
        seat: int, card: str, table: list[str], number: int, hand: list[str]
    ) -> str | None:
        if number != 1 or table or not called_suits or card in called:
            return None
        if suit_of(card) in called_suits and any(suit_of(c) not in called_suits for c in hand):
            return (
                f"trick 1: seat {seat} leads {card} in a called suit: the first lead may be "
                "in a called suit only with the called card"
            )
        return None

    def on_trick(trick: TrickResult) -> None:
        for seat, card in trick.cards:
            played_by[card] = seat
            if card in called and seat != taker and seat not in known_partners:
                known_partners.append(seat)
                ctx.state["partner_known"] = True
        if ctx.want_steps:
            counted = piles.count(
                ctx.tricks,
                _side(taker, known_partners),
                total=hand_size(seats),
                aside=[],
                aside_side=None,
            )
            ctx.state["points"] = counted.points

    leader = taker if chelem else eldest
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=FOLLOW,
            leader=leader,
            tricks=hand_size(seats),
            hands=hands,
            elsewhere=elsewhere,
            check=first_lead,
            on_trick=on_trick,
        ),
    )
    if not result.complete:
        _check_poignees(record, ctx, result, taker, variant)
        return
    played = {card for t in result.tricks for _, card in t.cards}
    unplayed = [c for c in DECK.order if c not in played]
    if takes_chien:
        given = ecart is not None
        if not given:
            ecart = unplayed
            ctx.state["discard"] = list(ecart)
        if not given or dealt[taker] is None or chien is None:
            if dealt[taker] is not None and chien is not None:
                full = dealt[taker] + chien
            else:
                full = [c for t in result.tricks for s, c in t.cards if s == taker] + ecart
            nodes = record.discard.cards if given else []
            _report(
                ctx, check_ecart(full, ecart, size, taker), nodes, record.discard or record.play
            )
    _check_poignees(record, ctx, result, taker, variant)
    if ctx.failed:
        return
    _score(ctx, record, variant, taker, contract, called, played_by, chelem, unplayed)


def _side(taker: int, partners_: list[int]):
    return lambda seat: "taker" if seat == taker or seat in partners_ else "defence"


def _check_poignees(
    record: Record, ctx: Context, play: PlayResult, taker: int, variant: str
) -> None:
    """Check every poignée against its announcer's hand at the start of play (a hand
    inferred from an unfinished play is not known well enough to check)."""
    seen: set[int] = set()
    for item in record.announce.items if record.announce else []:
        if item.word != "poignee":
            continue
        if item.seat in seen:
            ctx.error(item, "poignee-twice", f"seat {item.seat} shows a second poignée")
            continue
        seen.add(item.seat)
        hand = play.hands.get(item.seat)
        if item.seat in play.inferred and not play.complete:
            hand = None
        _, faults = check_poignee(
            [c.code for c in item.cards], hand, ctx.seats, item.seat, variant=variant, taker=taker
        )
        _report(ctx, faults, item.cards, item)


def _poignees(record, ctx, variant, taker) -> list[tuple[int, int]]:
    found = []
    for item in record.announce.items if record.announce else []:
        if item.word == "poignee":
            level, _ = check_poignee(
                [c.code for c in item.cards],
                None,
                ctx.seats,
                item.seat,
                variant=variant,
                taker=taker,
            )
            if level is not None:
                found.append((item.seat, level))
    return found


def _score(ctx, record, variant, taker, contract, called, played_by, chelem, unplayed) -> None:
    seats = ctx.seats
    total = hand_size(seats)
    holders = {card: played_by.get(card) for card in called}
    side_partners = partners(called, holders, taker)
    side = _side(taker, side_partners)
    tricks = ctx.tricks
    if variant == "fft":
        seat = piles.excuse_wins_last(tricks, side)
        if seat is not None and tricks[-1].winner != seat:
            tricks[-1] = tricks[-1].model_copy(update={"winner": seat})
    aside_side = {
        "prise": "taker",
        "garde": "taker",
        "garde-sans": "taker",
        "garde-contre": "defence",
    }[contract]
    counted = piles.count(tricks, side, total=total, aside=unplayed, aside_side=aside_side)
    ctx.state["points"] = counted.points
    ctx.state["taken"] = {s: sum(t.winner == s for t in tricks) for s in range(1, seats + 1)}
    ctx.state["partner_known"] = True
    tally = Tally(
        variant=variant,
        seats=seats,
        contract=contract,
        taker=taker,
        partners=side_partners,
        points=counted.points["taker"],
        oudlers=counted.oudlers["taker"],
        petit_au_bout=piles.petit_au_bout(tricks, side, slam_rule=variant == "fft"),
        poignees=_poignees(record, ctx, variant, taker),
        chelem_announced=chelem,
        taker_all_tricks=all(side(t.winner) == "taker" for t in tricks),
        defence_all_tricks=all(side(t.winner) == "defence" for t in tricks),
    )
    result = score(tally)
    breakdown = dict(result.breakdown)
    breakdown["variant"] = variant
    breakdown["called"] = called
    ctx.outcome = Outcome(
        scores=result.scores,
        result=format_result(result.scores),
        contract=contract,
        declarer=taker,
        partners=side_partners,
        won=result.won,
        breakdown=breakdown,
    )
    ctx.step(
        "end",
        label=f"{contract} by seat {taker} {'made' if result.won else 'lost'}: {ctx.outcome.result}",
    )


def _petit_sec(record: Record, ctx: Context, seat: int) -> None:
    """Seat `seat` holds the Petit sec: the deal is thrown in (fft)."""
    bids = [
        c for r in (record.auction.rounds if record.auction else []) for c in r if c.word != "passe"
    ]
    later: list[Node] = [*bids] + [
        s for s in (record.call, record.discard, record.announce, record.play) if s is not None
    ]
    for node in later[:1]:
        ctx.error(
            node,
            "petit-sec",
            f"seat {seat} holds the Petit sec (T1 and no other trump nor the Excuse): "
            "he shows it and the deal is thrown in",
        )
    _zero(ctx)
    ctx.step("end", seat=seat, label=f"seat {seat} shows the Petit sec: the deal is thrown in")


def replay_record(record: Record) -> Outcome | None:
    """The outcome of a record the simulator wrote; a rules problem there is a bug."""
    ctx = Context(record, want_steps=False)
    replay(record, ctx)
    if ctx.diagnostics:
        raise ValueError(
            "simulated deal breaks the rules: " + "; ".join(str(d) for d in ctx.diagnostics)
        )
    return ctx.outcome
