"""Card points, jochi and payments of a played Sicilian deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...model import Bonus, Outcome, TrickResult
from .rules import (
    FOUR_ARIE,
    JOCHI,
    KINGS,
    LAST_TRICK,
    PIGLIATA_CARDS,
    RIMATURA,
    SCOMMESSA_CARDS,
    card_points,
)

if TYPE_CHECKING:
    from .state import SicilianState

_SPECIAL = PIGLIATA_CARDS | {"EX"}
"""The cards a trick's winners may not keep (the Fuggitivo) or that make a pigliata."""
ARCHIVE = {"declarer": "declarer", "opponents": "defence"}
"""The breakdown's side names → the archive's (`Outcome.sides`)."""


def side_cards(
    tricks: list[TrickResult], side_of: dict[int, str], scarto: list[str]
) -> tuple[dict[str, list[str]], dict[str, int]]:
    """The cards each side ends with (its tricks; the scarto to the declarer's; the Fuggitivo
    back to its holder's side if that side won a trick) and its pigliate."""
    cards: dict[str, list[str]] = {"declarer": list(scarto), "opponents": []}
    pigliate = {"declarer": 0, "opponents": 0}
    fled: list[tuple[str, str]] = []
    """(the side that took it, its holder's side) of each Fuggitivo taken by the other side."""
    for trick in tricks:
        side = side_of[trick.winner]
        taken = cards[side]
        for seat, card in trick.cards:
            taken.append(card)
            if card in _SPECIAL and side_of[seat] != side:
                if card == "EX":
                    fled.append((side, side_of[seat]))
                else:
                    pigliate[side] += 1
    for taker, holder in fled:
        if any(side_of[trick.winner] == holder for trick in tricks):
            cards[taker].remove("EX")
            cards[holder].append("EX")
    return cards, pigliate


def score(deal: SicilianState) -> Outcome:
    """The outcome of a deal played to its end (rules file, "Scoring (jochi)")."""
    seats, partner, tricks, stata = deal.seats, deal.partner, deal.play.tricks, deal.bidding.stata
    side_of, sides = {}, {"declarer": [], "opponents": []}
    for s in range(1, seats + 1):
        side_of[s] = side = "declarer" if s in (deal.declarer, partner) else "opponents"
        sides[side].append(s)
    cards, pigliate = side_cards(tricks, side_of, deal.scarto)
    last = side_of[tricks[-1].winner]
    jochi: dict[str, dict[str, int]] = {k: {"declarer": 0, "opponents": 0} for k in JOCHI}
    jochi["vanto"][last], jochi["rivanto"][last] = 1, 1 if deal.rivanto is not None else 0
    jochi["pigliate"] = pigliate
    points, counts = {}, {}  # each side's card points and cards
    for side, taken in cards.items():
        held, counts[side] = set(taken), len(taken)
        points[side] = card_points(taken) + (LAST_TRICK if side == last else 0)
        jochi["rimatura"][side] = 1 if points[side] >= RIMATURA else 0
        jochi["quattro-re"][side] = 1 if held.issuperset(KINGS) else 0
        jochi["arie"][side] = (2 if "T20" in held else 1) if held.issuperset(FOUR_ARIE) else 0
        if deal.scommessa and side == "declarer":
            jochi["scommessa"]["declarer" if held.issuperset(SCOMMESSA_CARDS) else "opponents"] = 1
    totals, bonuses = {"declarer": 0, "opponents": 0}, []
    for name, by_side in jochi.items():
        for side, n in by_side.items():
            if n:
                totals[side] += n
                bonuses.append(Bonus(name=f"jochi.{name}", side=ARCHIVE[side], points=float(n)))
    d, stake = totals["declarer"] - totals["opponents"], 2 if stata else 1  # a stata pays double
    share = {"declarer": d * stake * (seats - 1 if partner is None else 1), "opponents": -d * stake}
    breakdown = {"sides": sides, "card_points": points, "jochi": jochi, "jochi_total": totals}
    breakdown |= {"difference": d, "stata": stata, "cards": counts}
    return _outcome(
        deal,
        [share[side] for side in side_of.values()],
        breakdown,
        contract=deal.contract,
        margin=float(d),
        won=d > 0 if d else None,
        card_points={ARCHIVE[side]: float(n) for side, n in points.items()},
        bonuses=bonuses + [Bonus(name="stata", side=None, points=1.0)] * stata,
    )


def flat(deal: SicilianState, contract: str) -> Outcome:
    """The outcome of a deal not played: thrown in (all 0) or ended by the declarer's prendo."""
    scores = [float(deal.bidding.payments.get(s, 0)) for s in range(1, deal.seats + 1)]
    ranked = sorted(set(scores), reverse=True)
    margin = ranked[0] - ranked[1] if len(ranked) > 1 else 0.0
    return _outcome(deal, scores, {}, contract=contract, margin=margin)


def _outcome(deal: SicilianState, scores: list, breakdown: dict, **fields: Any) -> Outcome:
    """The `Outcome` of `deal` paying `scores` (seat 1 first): sides, roles, payments added to
    the `breakdown` (a dict of the caller's own); `fields` (the contract among them) as
    `Outcome.of` takes them."""
    breakdown["payments"] = {str(s): scores[s - 1] for s in range(1, deal.seats + 1)}
    return Outcome.of(
        scores,
        declarer=deal.declarer or None,
        partners=[deal.partner] if deal.partner is not None else [],
        thrown_in=fields["contract"] == "thrown-in",
        speakers=deal.bidding.speakers,
        breakdown=breakdown,
        **fields,
    )
