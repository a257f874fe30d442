"""Scores of a played deal, under the fft and the classic rules, with the breakdown, and
the deal's `Outcome`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...model import Bonus, Outcome
from .rules import CHELEM, MULTIPLIER, PETIT_AU_BOUT, POIGNEE_BONUS, POIGNEE_NAMES, SHARES, TARGET

SIDE_NAMES = {"taker": "declarer", "defence": "defence"}
"""The sides as the archive names them."""


@dataclass
class Tally:
    """What the play established, as the scoring needs it."""

    variant: str
    seats: int
    contract: str
    taker: int
    partners: list[int]  # in call order (5 and 6 seats)
    points: float  # card points of the taker's side (the cards aside as the contract says)
    oudlers: int  # among the taker's side's cards
    petit_au_bout: int | None = None  # the seat winning the trick of the Petit au bout
    poignees: list[tuple[int, int]] = field(default_factory=list)  # (seat, level 0, 1, 2)
    chelem_announced: bool = False
    taker_all_tricks: bool = False
    defence_all_tricks: bool = False
    called: list[str] = field(default_factory=list)  # the cards called (5 and 6 seats)
    speakers: list[int] = field(default_factory=list)  # the seat of each call, in order


def counted_points(points: float, target: int, variant: str) -> float:
    """The points that count: fft gives the half point to the winning side (40.5 against
    41 counts 40, 41.5 counts 42); classic keeps half points."""
    if variant != "fft" or points == int(points):
        return points
    return math.ceil(points) if points >= target else math.floor(points)


def score(tally: Tally) -> Outcome:
    """The `Outcome` of the deal `tally` scores: each seat's score, the breakdown and its
    typed fields (sides and roles, card points, margin, bonuses) as the archive stores
    them."""
    seats, taker, partners, fft = tally.seats, tally.taker, tally.partners, tally.variant == "fft"
    team = {taker, *partners}
    target, mult = TARGET[tally.oudlers], MULTIPLIER[tally.contract]
    counted = counted_points(tally.points, target, tally.variant)
    won, margin = tally.points >= target, counted - target
    base, sign = (25 + abs(margin)) * mult, 1 if won else -1
    total = sign * base  # X: what the taker's side gains from each defender
    bonuses: list[Bonus] = []  # fft: added to X; classic: `paid` by every other seat
    paid: list[tuple[int, float]] = []
    petit = chelem = None
    if tally.petit_au_bout is not None:
        seat = tally.petit_au_bout
        side = "taker" if seat in team else "defence"
        points = PETIT_AU_BOUT * (mult * (1 if side == "taker" else -1) if fft else seats - 1)
        petit = {"seat": seat, "side": side, "points": points}
        bonuses.append(Bonus(name="petit_au_bout", side=SIDE_NAMES[side], points=points))
        paid.append((seat, PETIT_AU_BOUT))
    poignees = []
    for seat, level in tally.poignees:
        points, name = sign * POIGNEE_BONUS[level], POIGNEE_NAMES[level]
        poignees.append({"seat": seat, "poignee": name, "points": points})
        side = SIDE_NAMES["taker" if seat in team else "defence"]
        bonuses.append(Bonus(name="poignees." + name, side=side, points=points))
        paid.append((taker, points))
    kinds = _chelem_kinds(tally) if fft else []
    if kinds:
        chelem = {"kind": "; ".join(kinds), "points": sum(CHELEM[k] for k in kinds)}
        if chelem["points"]:  # kinds that cancel out make no bonus
            bonuses.append(
                Bonus(name=f"chelem.{chelem['kind']}", side=None, points=chelem["points"])
            )
    total += sum(bonus.points for bonus in bonuses) if fft else 0
    extras = [0.0] * seats  # classic: every other seat pays each `paid` amount to its seat
    for to, amount in () if fft else paid:
        extras = [
            e + (amount * (seats - 1) if s == to else -amount) for s, e in enumerate(extras, 1)
        ]
    defenders = [s for s in range(1, seats + 1) if s not in team]
    shares = dict.fromkeys(defenders, -total)  # every defender pays X, the taker's side shares it
    parts = SHARES.get((seats, len(partners)), (len(defenders),))  # alone: all
    for seat, part in zip([taker, *partners], parts, strict=True):
        shares[seat] = part * total
    breakdown = {
        "contract": tally.contract,
        "taker": taker,
        "partners": list(partners),
        "card_points": {"taker": tally.points, "defence": 91 - tally.points},
        "oudlers": tally.oudlers,
        "target": target,
        "counted": counted,
        "margin": margin,
        "multiplier": mult,
        "base": sign * base,
        "won": won,
        "petit_au_bout": petit,
        "poignees": poignees,
        "chelem": chelem,
        "side_total": total,
        "variant": tally.variant,
        "called": tally.called,
    }
    return Outcome.of(
        [shares[s] + extras[s - 1] for s in range(1, seats + 1)],
        declarer=taker,
        partners=partners,
        contract=tally.contract,
        won=won,
        breakdown=breakdown,
        speakers=tally.speakers,
        card_points={"declarer": tally.points, "defence": 91 - tally.points},
        margin=margin,
        bonuses=bonuses,
    )


def _chelem_kinds(tally: Tally) -> list[str]:
    """The kinds of chelem of the deal (fft), each a key of `CHELEM`."""
    made = "announced and made" if tally.taker_all_tricks else "announced and failed"
    kinds = [made] if tally.chelem_announced else ["made unannounced"] * tally.taker_all_tricks
    return kinds + ["defence took every trick"] * tally.defence_all_tricks


def thrown_in(seats: int, speakers: list[int]) -> Outcome:
    """The `Outcome` of a deal nobody plays (everybody passed, or a Petit sec): 0 each."""
    return Outcome.of(
        [0.0] * seats, thrown_in=True, breakdown={"thrown_in": True}, speakers=speakers, margin=0.0
    )
