"""The declarations of Sicilian tarocchi, call by call: one round per packet (3 seats) or
two rounds (4 seats), each seat speaking once a round, eldest first."""

from __future__ import annotations

from ...cards import SUITS
from ...state import Fault
from .rules import ROUND_CALLS, highest_missing

OPEN, SOLO, CHIAMO, FORCED_CALL, PRENDO = "open", "vado-solo", "chiamo", "forced-call", "prendo"
THROWN_IN = "thrown-in"
PASS = frozenset(("passo", "mischio"))


def over(round_: int, ended_by: str | None) -> str:
    """The sentence for a call made once the declarations are over."""
    return f"round {round_}: the declarations are over ({ended_by})"


class Declarations:
    """The declarations so far; `end` how they ended (`open`: not yet), `ended_by` in words."""

    def __init__(self, seats: int, eldest: int) -> None:
        self.seats, self.table, self.to_speak = seats, ROUND_CALLS[seats], eldest
        self.end, self.ended_by, self.round = OPEN, None, 1
        self.declarer: int | None = None
        self.stata = self.altre = False
        """`altre`: a seat said `altre-cinque` in this round."""
        self.chiamo: int | None = None
        """The index of the `chiamo` that stands among the calls (its card: `called`)."""
        self.called: str | None = None
        self.payments: dict[int, int] = {}
        """`prendo`: what each seat receives (+) or pays (−)."""
        self.rounds: list[list[str]] = [[]]
        """The calls of each round as spoken (`chiamo T19`)."""
        self.speakers: list[int] = []
        self.pagos: list[int] = []
        """The seats that said `pago` in this round."""

    def legal(self, hand: list[str] | None) -> list[str]:
        """The calls the seat to speak may make (`hand`: its cards, None when unknown)."""
        card = highest_missing(hand) if hand is not None else None
        spelled = {"chiamo": f"chiamo {card}" if card else "chiamo"}
        words = self.table[self.round]
        return [spelled.get(w, w) for w in words if not self.say(w, card, None, hand, do=False)]

    def say(
        self,
        word: str,
        card: str | None = None,
        label: int | None = None,
        dealt: list[str] | None = None,
        *,
        do: bool = True,
    ) -> list[Fault]:
        """The seat to speak (said to be `label`) says `word` (`card`: a chiamo's; `dealt`: the
        caller's cards, None when unknown): what is wrong with it, and the call done unless
        `do` is false. A call after the end is not done; one its round refuses passes the turn
        and does nothing else."""
        r, seat, allowed = self.round, self.to_speak, self.table.get(self.round, ())
        if self.end != OPEN:
            return [Fault("call-after-end", over(r, self.ended_by))]
        faults, why = [], None
        if label is not None and label != seat:
            turn = f"round {r}: it is seat {seat}'s turn to speak, not seat {label}'s"
            faults.append(Fault("out-of-turn", turn))
        if word not in allowed:
            why = f"seat {seat} may not say `{word}` (allowed in this round: {', '.join(allowed)})"
        elif word == "prendo" and not self.pagos:
            why = f"seat {seat} says prendo but nobody said pago in this round"
        elif word == "chiamo" and self.chiamo is not None:
            why = f"after seat {self.declarer}'s chiamo only passo or vado-solo may follow"
        elif word == "chiamo" and card and (wrong := chiamo_fault(seat, card, dealt)):
            faults.append(wrong)
        if why:
            faults.append(Fault("illegal-call", f"round {r}: {why}"))
        if not do:
            return faults
        calls = self.rounds[-1]
        self.speakers.append(seat)
        calls.append(f"{word} {card}" if card else word)
        self.to_speak = seat % self.seats + 1
        if why or word in PASS:
            pass  # a call its round refuses does nothing
        elif word == "vado-solo":
            self.end, self.declarer, self.stata = SOLO, seat, self.round == 1
            self.chiamo, self.called = None, None
            self.ended_by = f"seat {seat} said vado-solo" + (" (a stata)" if self.stata else "")
        elif word == "prendo":
            self.end, self.declarer = PRENDO, seat
            self.payments = {s: -self.pagos.count(s) for s in range(1, self.seats + 1)}
            self.payments[seat] += len(self.pagos)  # each pago pays the taker one
            self.ended_by = f"seat {seat} took the pago with prendo"
        elif word == "pago":
            self.pagos.append(seat)
        elif word == "altre-cinque":
            self.altre = True
        elif word == "chiamo":
            self.chiamo, self.called, self.declarer = len(self.speakers) - 1, card, seat
        if self.end == OPEN and len(calls) == self.seats:  # the next packet, or the end
            if self.seats == 3 and (r == 4 or not self.altre):
                self.end, self.ended_by = THROWN_IN, "the deal was thrown in"
            elif self.seats == 4 and r == 2:
                self.end = CHIAMO if self.chiamo is not None else FORCED_CALL
                self.ended_by = "every seat has spoken twice"
            else:
                self.round += 1
                self.rounds.append([])
                self.pagos, self.altre = [], False
        return faults


def chiamo_fault(seat: int, called: str, dealt: list[str] | None) -> Fault | None:
    """What is wrong with `seat` calling `called`: the highest trump his `dealt` cards lack
    (the fault is about the card called)."""
    if SUITS[called] != "T":
        return Fault("wrong-call", f"seat {seat} calls {called}: only a trump is called", 0)
    expected = highest_missing(dealt) if dealt is not None else called
    if called == expected:
        return None
    reason = f"he does not hold {expected}, a higher trump, either"
    if called in dealt:
        reason = f"he holds {called}"
    must = f"he must call the highest trump he does not hold, {expected}"
    return Fault("wrong-call", f"seat {seat} calls {called} but {reason}: {must}", 0)


PACKETS = {
    (4, 1): "first packet: five cards to each seat",
    (4, 2): "the rest of the deal: fifteen cards to each seat, three to the talon",
    (3, 4): "fourth packet: twenty cards to each seat, three to the talon",
}
"""(Seats, round) → the packet dealt before the round, in words, where it is not `packet N`'s
(`N`: the round, 5 N cards to each seat)."""
