"""The declarations of Sicilian tarocchi: one round per packet (3 seats) or two rounds
(4 seats), each seat speaking at most once per round, eldest first. `Declarations` keeps
them call by call: who is to speak, which calls the round allows, and how they ended."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...cards import suit_of
from ...state import Fault
from .rules import ROUND_CALLS, highest_missing

OPEN, SOLO, CHIAMO, FORCED_CALL, PRENDO, THROWN_IN = (
    "open",
    "vado-solo",
    "chiamo",
    "forced-call",
    "prendo",
    "thrown-in",
)


PLAIN = frozenset(("passo", "mischio", "altre-cinque", "pago", "vado-solo"))
"""The calls that are legal whenever their round allows them."""


def over(round_: int, ended_by: str | None) -> str:
    """The sentence for a call made once the declarations are over."""
    return f"round {round_}: the declarations are over ({ended_by})"


@dataclass
class Declarations:
    """The declarations so far, and how they ended."""

    seats: int
    eldest: int
    end: str = OPEN
    """`open` (still going on), `vado-solo`, `chiamo`, `forced-call` (everybody passed: the
    holder of T20 must call), `prendo` or `thrown-in`."""
    ended_by: str | None = None
    """Why the declarations are over, in words (None while they go on)."""
    declarer: int | None = None
    stata: bool = False
    chiamo: bool = False
    """A `chiamo` stands (its card is `called`; None when it names none)."""
    called: str | None = None
    payments: dict[int, int] = field(default_factory=dict)
    """`prendo`: what each seat receives (+) or pays (−)."""
    rounds: list[list[str]] = field(default_factory=lambda: [[]])
    """The calls of each round as spoken (`chiamo T19`)."""
    speakers: list[int] = field(default_factory=list)
    """The seat of each call, in order."""
    pagos: list[int] = field(default_factory=list)
    """The seats that said `pago` in this round."""
    altre: bool = False
    """A seat said `altre-cinque` in this round."""

    @property
    def round(self) -> int:
        return len(self.rounds)

    @property
    def to_speak(self) -> int:
        return (self.eldest - 1 + len(self.rounds[-1])) % self.seats + 1

    def allowed(self) -> tuple[str, ...]:
        """The words of this round."""
        return ROUND_CALLS[self.seats][self.round]

    def legal(self, hand: list[str] | None) -> list[str]:
        """The calls the seat to speak may make (`hand`: its cards, None when unknown)."""
        out = []
        for word in self.allowed():
            if word == "prendo" and not self.pagos:
                continue
            if word == "chiamo":
                if self.chiamo:
                    continue
                card = highest_missing(hand) if hand is not None else None
                word = f"chiamo {card}" if card else word
            out.append(word)
        return out

    def faults(
        self, label: int | None, word: str, card: str | None, dealt: list[str] | None
    ) -> list[Fault]:
        """What is wrong with the seat to speak saying `word` (`label`: the seat the call is
        said to be by, if any; `card`: the card a `chiamo` names; `dealt`: the caller's
        cards, None when unknown)."""
        r, seat = self.round, self.to_speak
        if self.end != OPEN:
            return [Fault("call-after-end", over(r, self.ended_by))]
        if label is None and word in PLAIN and word in ROUND_CALLS[self.seats][r]:
            return []  # the common case: a call the round allows, that asks nothing more
        faults = []
        if label is not None and label != seat:
            faults.append(
                Fault(
                    "out-of-turn",
                    f"round {r}: it is seat {seat}'s turn to speak, not seat {label}'s",
                )
            )
        allowed = self.allowed()
        if word not in allowed:
            why = f"seat {seat} may not say `{word}` (allowed in this round: {', '.join(allowed)})"
        elif word == "prendo" and not self.pagos:
            why = f"seat {seat} says prendo but nobody said pago in this round"
        elif word == "chiamo" and self.chiamo:
            why = f"after seat {self.declarer}'s chiamo only passo or vado-solo may follow"
        else:
            wrong = chiamo_fault(seat, card, dealt) if word == "chiamo" and card else None
            return faults + ([wrong] if wrong else [])
        return [*faults, Fault("illegal-call", f"round {r}: {why}")]

    def say(self, word: str, card: str | None) -> None:
        """The seat to speak says `word`; a call the round does not allow is a turn spoken
        for nothing."""
        if self.end != OPEN:
            return
        seat, calls = self.to_speak, self.rounds[-1]
        self.speakers.append(seat)
        calls.append(f"{word} {card}" if card else word)
        if word not in self.allowed():
            pass
        elif word == "vado-solo":
            self.end, self.declarer, self.stata = SOLO, seat, self.round == 1
            self.chiamo, self.called = False, None
            self.ended_by = f"seat {seat} said vado-solo" + (" (a stata)" if self.stata else "")
        elif word == "prendo" and self.pagos:
            self.end, self.declarer = PRENDO, seat
            self.payments = dict.fromkeys(range(1, self.seats + 1), 0)
            for s in self.pagos:
                self.payments[s] -= 1
                self.payments[seat] += 1
            self.ended_by = f"seat {seat} took the pago with prendo"
        elif word == "pago":
            self.pagos.append(seat)
        elif word == "altre-cinque":
            self.altre = True
        elif word == "chiamo" and not self.chiamo:
            self.chiamo, self.called, self.declarer = True, card, seat
        if self.end == OPEN and len(calls) == self.seats:
            self._close_round()

    def _close_round(self) -> None:
        """Every seat has spoken: the next packet, or the end of the declarations."""
        r = self.round
        if self.seats == 3 and (r == 4 or not self.altre):
            self.end, self.ended_by = THROWN_IN, "the deal was thrown in"
        elif self.seats == 4 and r == 2:
            self.end = CHIAMO if self.chiamo else FORCED_CALL
            self.ended_by = "every seat has spoken twice"
        else:
            self.rounds.append([])
            self.pagos, self.altre = [], False


def chiamo_fault(seat: int, called: str, dealt: list[str] | None) -> Fault | None:
    """What is wrong with `seat` calling `called`: only a trump is called, the highest
    that his dealt cards (`dealt`, None when unknown) lack."""
    if suit_of(called) != "T":
        return Fault("wrong-call", f"seat {seat} calls {called}: only a trump is called")
    expected = highest_missing(dealt) if dealt is not None else called
    if called == expected:
        return None
    reason = (
        f"he holds {called}"
        if called in dealt
        else f"he does not hold {expected}, a higher trump, either"
    )
    return Fault(
        "wrong-call",
        f"seat {seat} calls {called} but {reason}: he must call the highest trump "
        f"he does not hold, {expected}",
    )


def packet_label(seats: int, r: int) -> str:
    """The packet dealt before round `r`, in words."""
    if seats == 4:
        return (
            "first packet: five cards to each seat"
            if r == 1
            else "the rest of the deal: fifteen cards to each seat, three to the talon"
        )
    if r == 4:
        return "fourth packet: twenty cards to each seat, three to the talon"
    return f"packet {r}: {5 * r} cards to each seat"
