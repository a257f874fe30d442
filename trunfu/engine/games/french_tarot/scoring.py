"""Scores of a played deal, under the fft and the classic rules, with the breakdown, and
the deal's `Outcome`: one pass from the play's tricks (and the cards aside) to the score."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...model import Bonus, Outcome
from . import rules
from .announce import shape_faults
from .calls import found_partners
from .piles import count, petit_au_bout
from .rules import CHELEM, MULTIPLIER, PETIT_AU_BOUT, POIGNEE_BONUS, POIGNEE_NAMES, TARGET

if TYPE_CHECKING:
    from .state import FrenchState

SIDE_NAMES = {"taker": "declarer", "defence": "defence"}
"""The sides as the archive names them."""


def counted_points(points: float, target: int, variant: str) -> float:
    """The points that count: fft gives the half point to the winning side (40.5 against
    41 counts 40, 41.5 counts 42); classic keeps half points."""
    if variant != "fft" or points == int(points):
        return points
    return math.ceil(points) if points >= target else math.floor(points)


def score(state: FrenchState) -> tuple[Outcome, dict[str, float]]:
    """The `Outcome` of the deal `state` has played to its end (each seat's score, the
    breakdown and its typed fields as the archive stores them) and each side's card
    points. The taker's partners are the seats that played a called card; the cards aside
    count for the side the contract says: the chien left aside, the écart when it was judged
    against the taker's cards and the chien, else the cards nobody played."""
    seats, taker, contract, variant = state.seats, state.taker, state.contract, state.variant
    tricks, fft = state.play.tricks, variant == "fft"
    partners = found_partners(tricks, state.called, taker)
    team = {taker, *partners}
    aside = state.chien if not state.takes_chien else state.ecart if state.full else None
    aside = state.unplayed() if aside is None else aside
    piles = count(tricks, team, total=len(tricks), aside=aside, aside_side=rules.ASIDE[contract])
    points, oudlers = piles.points["taker"], piles.oudlers["taker"]
    target, mult = TARGET[oudlers], MULTIPLIER[contract]
    counted = counted_points(points, target, variant)
    won, margin = points >= target, counted - target
    base, sign = (25 + abs(margin)) * mult, 1 if won else -1
    total = sign * base  # X: what the taker's side gains from each defender
    bonuses: list[Bonus] = []  # fft: added to X; classic: `paid` by every other seat
    paid: list[tuple[int, float]] = []
    petit = chelem = None
    if (seat := petit_au_bout(tricks, team, slam_rule=fft)) is not None:
        side = "taker" if seat in team else "defence"
        bonus = PETIT_AU_BOUT * (mult * (1 if side == "taker" else -1) if fft else seats - 1)
        petit = {"seat": seat, "side": side, "points": bonus}
        bonuses.append(Bonus(name="petit_au_bout", side=SIDE_NAMES[side], points=bonus))
        paid.append((seat, PETIT_AU_BOUT))
    poignees = []
    for seat, shown in state.shown_cards().items():  # (each seat shows one at most)
        level = shape_faults(shown, seats, seat, variant=variant, taker=taker)[0]
        if level is None:
            continue
        bonus, name = sign * POIGNEE_BONUS[level], POIGNEE_NAMES[level]
        poignees.append({"seat": seat, "poignee": name, "points": bonus})
        side = SIDE_NAMES["taker" if seat in team else "defence"]
        bonuses.append(Bonus(name="poignees." + name, side=side, points=bonus))
        paid.append((taker, bonus))
    made = "announced and made" if not piles.tricks["defence"] else "announced and failed"
    kinds = [made] if state.chelem else ["made unannounced"] * (not piles.tricks["defence"])
    kinds += ["defence took every trick"] * (not piles.tricks["taker"])
    if fft and kinds:
        kind, bonus = "; ".join(kinds), sum(CHELEM[k] for k in kinds)
        chelem = {"kind": kind, "points": bonus}
        bonuses += [Bonus(name=f"chelem.{kind}", side=None, points=bonus)] if bonus else []
    total += sum(b.points for b in bonuses) if fft else 0
    defenders = [s for s in range(1, seats + 1) if s not in team]
    shares = dict.fromkeys(defenders, -total)  # every defender pays X, the taker's side shares it
    parts = rules.SHARES.get((seats, len(partners)), (len(defenders),))  # alone: all
    shares.update(zip([taker, *partners], (part * total for part in parts), strict=True))
    for to, amount in () if fft else paid:  # classic: every other seat pays it to seat `to`
        shares = {s: v + (amount * (seats - 1) if s == to else -amount) for s, v in shares.items()}
    breakdown = {
        "contract": contract,
        "taker": taker,
        "partners": list(partners),
        "card_points": {"taker": points, "defence": 91 - points},
        "oudlers": oudlers,
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
        "variant": variant,
        "called": state.called,
    }
    outcome = Outcome.of(
        [shares[s] for s in range(1, seats + 1)],
        declarer=taker,
        partners=partners,
        contract=contract,
        won=won,
        breakdown=breakdown,
        speakers=state.speakers,
        card_points={"declarer": points, "defence": 91 - points},
        margin=margin,
        bonuses=bonuses,
    )
    return outcome, piles.points


def thrown_in(seats: int, speakers: list[int]) -> Outcome:
    """The `Outcome` of a deal nobody plays (everybody passed, or a Petit sec): 0 each."""
    return Outcome.of(
        [0.0] * seats, thrown_in=True, breakdown={"thrown_in": True}, speakers=speakers, margin=0.0
    )
