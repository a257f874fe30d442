"""Scores of a played deal, under the fft and the classic rules, with the breakdown, and
the deal's `Outcome`."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

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


def side_of(seat: int, tally: Tally) -> str:
    return "taker" if seat == tally.taker or seat in tally.partners else "defence"


def score(tally: Tally) -> Outcome:
    """The `Outcome` of the deal `tally` scores: each seat's score, the breakdown and its
    typed fields (sides and roles, card points, margin, bonuses) as the archive stores
    them."""
    target = TARGET[tally.oudlers]
    mult = MULTIPLIER[tally.contract]
    counted = counted_points(tally.points, target, tally.variant)
    won = tally.points >= target
    margin = counted - target
    base = (25 + abs(margin)) * mult
    sign = 1 if won else -1
    total = sign * base  # X: what the taker's side gains from each defender
    extras = [0.0] * tally.seats  # payments outside the shares (classic)
    fft = tally.variant == "fft"
    bonuses: list[Bonus] = []
    breakdown: dict[str, Any] = {
        "contract": tally.contract,
        "taker": tally.taker,
        "partners": list(tally.partners),
        "card_points": {"taker": tally.points, "defence": 91 - tally.points},
        "oudlers": tally.oudlers,
        "target": target,
        "counted": counted,
        "margin": margin,
        "multiplier": mult,
        "base": sign * base,
        "won": won,
        "petit_au_bout": None,
        "poignees": [],
        "chelem": None,
    }

    if tally.petit_au_bout is not None:
        seat = tally.petit_au_bout
        side = side_of(seat, tally)
        if fft:
            points = PETIT_AU_BOUT * mult * (1 if side == "taker" else -1)
            total += points
        else:
            points = PETIT_AU_BOUT * (tally.seats - 1)
            _pay_all(extras, seat, PETIT_AU_BOUT)
        breakdown["petit_au_bout"] = {"seat": seat, "side": side, "points": points}
        bonuses.append(Bonus(name="petit_au_bout", side=SIDE_NAMES[side], points=points))
    for seat, level in tally.poignees:
        points = sign * POIGNEE_BONUS[level]
        if fft:
            total += points
        else:
            _pay_all(extras, tally.taker, points)
        name = POIGNEE_NAMES[level]
        breakdown["poignees"].append({"seat": seat, "poignee": name, "points": points})
        side = SIDE_NAMES[side_of(seat, tally)]
        bonuses.append(Bonus(name="poignees." + name, side=side, points=points))
    chelem = _chelem(tally) if fft else None
    if chelem:
        total += chelem[1]
        breakdown["chelem"] = {"kind": chelem[0], "points": chelem[1]}
        if chelem[1]:  # kinds that cancel out make no bonus
            bonuses.append(Bonus(name=f"chelem.{chelem[0]}", side=None, points=chelem[1]))
    breakdown |= {"side_total": total, "variant": tally.variant, "called": tally.called}
    defenders = [s for s in range(1, tally.seats + 1) if side_of(s, tally) == "defence"]
    shares = {s: -total for s in defenders}  # every defender pays X, the taker's side shares it
    parts = SHARES.get((tally.seats, len(tally.partners)), (len(defenders),))  # alone: all
    for seat, part in zip([tally.taker, *tally.partners], parts, strict=True):
        shares[seat] = part * total
    return Outcome.of(
        [shares[s] + extras[s - 1] for s in range(1, tally.seats + 1)],
        declarer=tally.taker,
        partners=tally.partners,
        contract=tally.contract,
        won=won,
        breakdown=breakdown,
        speakers=tally.speakers,
        card_points={"declarer": tally.points, "defence": 91 - tally.points},
        margin=margin,
        bonuses=bonuses,
    )


def _pay_all(extras: list[float], seat: int, amount: float) -> None:
    """Every other seat pays `amount` to `seat` (a negative amount goes the other way)."""
    for other in range(1, len(extras) + 1):
        if other != seat:
            extras[other - 1] -= amount
            extras[seat - 1] += amount


def _chelem(tally: Tally) -> tuple[str, int] | None:
    """The kinds of chelem of the deal, and what they are worth together (None: none)."""
    kinds = []
    if tally.chelem_announced:
        kinds.append("announced and made" if tally.taker_all_tricks else "announced and failed")
    elif tally.taker_all_tricks:
        kinds.append("made unannounced")
    if tally.defence_all_tricks:
        kinds.append("defence took every trick")
    return ("; ".join(kinds), sum(CHELEM[k] for k in kinds)) if kinds else None


def thrown_in(seats: int, speakers: list[int]) -> Outcome:
    """The `Outcome` of a deal nobody plays (everybody passed, or a Petit sec): 0 each."""
    return Outcome.of(
        [0.0] * seats, thrown_in=True, breakdown={"thrown_in": True}, speakers=speakers, margin=0.0
    )
