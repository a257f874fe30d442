"""Trionfo: marafone with five seats. The auction from the holder of `5S`, the signore's
trumps and called card, the secret amico, the goal of the bid and the scoring table
(rules: marafone.md §Five seats)."""

from __future__ import annotations

from ....notation.decks import GAMES
from ....notation.models import Claim, Record
from ...context import Context
from ...model import Outcome, TrickResult, trusted, untyped
from ...play import PlaySetup, play_tricks
from ...scoring import format_result
from .common import RULES, dealt_hands, holder
from .points import LAST_TRICK_THIRDS, points, trick_thirds
from .trionfo import SEATS, TRICKS, Auction, goal_met, scores, side_thirds

FIRST = "5S"
DECK = GAMES["marafone"]


def _auction(record: Record, first: int, ctx: Context | None) -> Auction:
    """The auction walked from seat `first`; problems go to `ctx` when given."""
    auction = Auction(first)
    calls = [c for r in record.auction.rounds for c in r] if record.auction else []
    for call in calls:
        seat = auction.turn
        if ctx is not None and call.label is not None and seat and call.label != seat:
            ctx.error(
                call,
                "wrong-turn",
                f"the call is labelled seat {call.label}, but it is seat {seat}'s turn",
            )
        message = auction.say(call.word)
        if ctx is None:
            continue
        if message:
            ctx.error(call, "illegal-call", message)
        else:
            ctx.step(
                "call", seat=seat, text=call.word, node=call, label=f"seat {seat}: {call.word}"
            )
    return auction


def _signore(record: Record, first: int) -> int | None:
    return _auction(record, first, None).bidder


def replay(record: Record, ctx: Context) -> None:
    """Referee one Trionfo hand and score it."""
    hands = dealt_hands(record, SEATS)
    trump = record.trump.suit if record.trump is not None else None
    first = holder(record, SEATS, hands, FIRST, lambda s: _signore(record, s), trump)
    if first is None and _auction(record, 1, None).thrown_in:
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
    ctx.state["hands"] = {s: list(h) for s, h in hands.items() if h is not None}
    ctx.step("deal", label="the cards are dealt, eight to each seat", node=record.deal)
    _no_marafone_words(record, ctx)
    auction = _auction(record, first, ctx)
    if auction.thrown_in:
        if record.play is not None and record.play.tricks:
            ctx.error(record.play, "thrown-in", "everybody passed: the hand is thrown in")
        if not ctx.failed:
            ctx.outcome = trusted(
                Outcome,
                scores=[0.0] * SEATS,
                result=format_result([0] * SEATS),
                contract=None,
                declarer=None,
                partners=[],
                won=None,
                thrown_in=True,
                **untyped(),
                breakdown={"auction_first": first, "bid": None},
            )
        return
    if not auction.over:
        return
    signore, bid = auction.bidder, auction.bid
    assert signore is not None and bid is not None
    ctx.state["declarer"] = signore
    called = _called(record, ctx, bid, trump, signore)
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
    amico = holder(record, SEATS, hands, called, lambda s: signore, trump) if called else None
    side = {signore} | ({amico} if amico else set())
    ctx.state["points"] = {"signore": 0.0, "others": 0.0}

    def on_trick(trick: TrickResult) -> None:  # for the steps only
        if called and any(c == called for _, c in trick.cards):
            ctx.state["partner_known"] = True
        key = "signore" if trick.winner in side else "others"
        ctx.state["points"][key] += trick_thirds(c for _, c in trick.cards) / 3

    faults = len(ctx.diagnostics)
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=RULES.with_trump(trump),
            leader=signore,
            tricks=TRICKS,
            hands=hands,
            on_trick=on_trick if ctx.want_steps else None,
        ),
    )
    if called and amico is None and result.complete:
        amico = next((s for s, h in result.hands.items() if called in h), None)
        side = {signore} | ({amico} if amico else set())
    if ctx.failed or faults or not result.complete or (called and amico is None):
        return
    taken = [(t.winner, [c for _, c in t.cards]) for t in ctx.tricks]
    won = goal_met(bid, signore, side, taken)
    alone = amico is None or amico == signore
    seat_scores = scores(bid, signore, None if alone else amico, won)
    ours, theirs = side_thirds(side, taken, complete=True)
    ctx.state["points"]["signore" if ctx.tricks[-1].winner in side else "others"] += (
        LAST_TRICK_THIRDS / 3
    )
    ctx.outcome = trusted(  # the scores made floats here
        Outcome,
        scores=[float(x) for x in seat_scores],
        result=format_result(seat_scores),
        contract=bid,
        declarer=signore,
        partners=[] if alone else [amico],
        won=won,
        thrown_in=False,
        **untyped(),
        breakdown={
            "bid": bid,
            "won": won,
            "auction_first": first,
            "signore": signore,
            "trump": trump,
            "called": called,
            "amico": None if alone else amico,
            "alone": alone,
            "card_points": {"signore": points(ours), "others": points(theirs)},
            "thirds": {"signore": ours, "others": theirs},
            "tricks": {
                "signore": sum(w in side for w, _ in taken),
                "others": sum(w not in side for w, _ in taken),
            },
        },
    )
    ctx.step("end", label=f"the hand ends: {ctx.outcome.result}")


def _called(record: Record, ctx: Context, bid: str, trump: str | None, signore: int) -> str | None:
    """The card called after `chiamo` (checked: one card, not a trump)."""
    cards = record.call.cards if record.call is not None else []
    if bid != "chiamo":
        if cards:
            ctx.error(
                cards[0],
                "unexpected-call",
                f"only `chiamo` calls a card; seat {signore} bid `{bid}` and plays alone",
            )
        return None
    if len(cards) != 1:
        ctx.error(
            record.call or record.auction,
            "call-needed",
            f"after `chiamo` seat {signore} calls one card of a suit other than trumps "
            "(e.g. `call` `3C`)",
        )
        return None
    card = cards[0]
    if trump is not None and card.code[-1] == trump:
        ctx.error(card, "call-trump", f"{card.code} is a trump: the called card is of another suit")
        return None
    return card.code


def _no_marafone_words(record: Record, ctx: Context) -> None:
    """Words, `fuori` and `penalty` belong to the four-seat game."""
    for item in record.play.items if record.play else []:
        if type(item) is Claim:
            ctx.error(
                item,
                "unexpected-claim",
                f"`{item.kind}` belongs to four-seat marafone, not to Trionfo",
            )
            continue
        for card in item.cards:
            if card.extras is not None and card.extras.signal:  # `card.signal`, quicker
                ctx.error(
                    (card.signal_line, card.signal_column),
                    "unexpected-signal",
                    f"`{card.signal}`: the leader's words belong to four-seat marafone, not to Trionfo",
                )
