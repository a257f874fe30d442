"""The declarations of Sicilian tarocchi: one round per packet (3 seats) or two rounds
(4 seats), each seat speaking at most once per round, eldest first."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....notation.models import Call
from ...context import Context
from .rules import ROUND_CALLS

OPEN, SOLO, CHIAMO, FORCED_CALL, PRENDO, THROWN_IN = (
    "open",
    "vado-solo",
    "chiamo",
    "forced-call",
    "prendo",
    "thrown-in",
)


@dataclass
class Declarations:
    """How the declarations ended."""

    end: str = OPEN
    """`open` (the record stops during them), `vado-solo`, `chiamo`, `forced-call` (everybody
    passed: the holder of T20 must call), `prendo` or `thrown-in`."""
    declarer: int | None = None
    stata: bool = False
    called: Call | None = None
    """The `chiamo CARD` call that stands."""
    payments: dict[int, int] = field(default_factory=dict)
    """`prendo`: what each seat receives (+) or pays (−)."""
    rounds: int = 0
    """Rounds of declarations spoken (= packets dealt before the end, 3 seats)."""


def declarations(ctx: Context) -> Declarations:
    """Walk the auction of `ctx.record`, reporting every call that breaks the rules."""
    seats = ctx.seats
    allowed = ROUND_CALLS[seats]
    auction = ctx.record.auction
    rounds = auction.rounds if auction is not None else []
    result = Declarations()
    eldest = ctx.eldest
    ended_by: str | None = None
    for r, calls in enumerate(rounds, 1):
        if not calls and r == 1 and len(rounds) == 1:
            break
        if ended_by is not None:
            where = calls[0] if calls else auction.separators[r - 2]
            ctx.error(where, "call-after-end", f"round {r}: the declarations are over ({ended_by})")
            break
        if r > len(allowed):
            where = calls[0] if calls else auction.separators[r - 2]
            ctx.error(
                where,
                "too-many-rounds",
                f"round {r}: {seats} seats declare in {len(allowed)} rounds at most",
            )
            break
        if ctx.want_steps:
            ctx.step("packet", text=f"packet {r}", label=_packet_label(ctx, r))
        result.rounds = r
        pagos: list[int] = []
        altre = False
        for i, call in enumerate(calls):
            seat = ctx.next_seat(eldest, i)
            if ended_by is not None:
                ctx.error(
                    call, "call-after-end", f"round {r}: the declarations are over ({ended_by})"
                )
                break
            if i >= seats:
                ctx.error(
                    call,
                    "out-of-turn",
                    f"round {r}: every seat has spoken; `{call.word}` is one call too many",
                )
                break
            if call.label is not None and call.label != seat:
                ctx.error(
                    call,
                    "out-of-turn",
                    f"round {r}: it is seat {seat}'s turn to speak, not seat {call.label}'s",
                )
            word = call.word
            if word not in allowed[r]:
                ctx.error(
                    call,
                    "illegal-call",
                    f"round {r}: seat {seat} may not say `{word}` "
                    f"(allowed in this round: {', '.join(allowed[r])})",
                )
                _call_step(ctx, seat, call)
                continue
            if word == "vado-solo":
                result.end, result.declarer, result.stata = SOLO, seat, r == 1
                result.called = None
                ended_by = f"seat {seat} said vado-solo" + (" (a stata)" if r == 1 else "")
            elif word == "prendo":
                if not pagos:
                    ctx.error(
                        call,
                        "illegal-call",
                        f"round {r}: seat {seat} says prendo but nobody said pago in this round",
                    )
                else:
                    result.end, result.declarer = PRENDO, seat
                    result.payments = {s: 0 for s in range(1, seats + 1)}
                    for s in pagos:
                        result.payments[s] -= 1
                        result.payments[seat] += 1
                    ended_by = f"seat {seat} took the pago with prendo"
            elif word == "pago":
                pagos.append(seat)
            elif word == "altre-cinque":
                altre = True
            elif word == "chiamo":
                if result.called is not None:
                    ctx.error(
                        call,
                        "illegal-call",
                        f"round {r}: after seat {result.declarer}'s chiamo only passo or "
                        "vado-solo may follow",
                    )
                else:
                    result.called, result.declarer = call, seat
            _call_step(ctx, seat, call)
        if ended_by is not None:
            continue
        if len(calls) < seats:
            if r < len(rounds):
                ctx.error(
                    auction.separators[r - 1],
                    "short-round",
                    f"round {r} ends after {len(calls)} calls: each of the {seats} seats speaks",
                )
            break
        if seats == 3:
            if r < 4 and altre:
                continue
            result.end = THROWN_IN
            ended_by = "the deal was thrown in"
        elif r == 2:
            result.end = CHIAMO if result.called is not None else FORCED_CALL
            ended_by = "every seat has spoken twice"
    if result.end == OPEN and ctx.record.auction is None:
        result.end = OPEN
    return result


def _call_step(ctx: Context, seat: int, call: Call) -> None:
    if ctx.want_steps:
        text = call.word + (f" {call.card.code}" if call.card else "")
        ctx.step("call", seat=seat, text=text, node=call, label=f"seat {seat}: {text}")


def _packet_label(ctx: Context, r: int) -> str:
    if ctx.seats == 4:
        return (
            "first packet: five cards to each seat"
            if r == 1
            else "the rest of the deal: fifteen cards to each seat, three to the talon"
        )
    if r == 4:
        return "fourth packet: twenty cards to each seat, three to the talon"
    return f"packet {r}: {5 * r} cards to each seat"
