"""Announcements: the poignée (trumps shown) and the chelem (the taker's slam). A
poignée's fault about one shown card names it (`Fault.at`), where the referee tells it."""

from __future__ import annotations

from collections.abc import Collection

from ...state import Fault
from .ecart import TRUMP_OR_EXCUSE, is_trump
from .rules import EXCUSE, POIGNEE_SIZES


def shape_faults(
    shown: list[str], seats: int, seat: int, *, variant: str, taker: int | None
) -> tuple[int | None, list[Fault]]:
    """What a poignée is worth (0, 1, 2: single, double, triple) and what is wrong with it
    whatever the hand: shown by another seat than the taker (classic), of no poignée's
    size, or a card that is not a trump nor the Excuse."""
    if variant == "classic" and seat != taker:
        told = f"seat {seat} shows a poignée: in the classic rules only the taker may"
        return None, [Fault("poignee-not-taker", told)]
    faults = []
    sizes = POIGNEE_SIZES[seats]
    if len(shown) not in sizes:
        told = (
            f"seat {seat} shows {len(shown)} trumps: a poignée at {seats} seats shows exactly "
            + ", ".join(str(n) for n in sizes)
        )
        faults.append(Fault("poignee-size", told))
    for i, card in enumerate(shown):
        if card not in TRUMP_OR_EXCUSE:
            told = f"seat {seat} shows {card} in a poignée: only trumps (and the Excuse) are shown"
            faults.append(Fault("poignee-card", told, i))
    return (None if faults else sizes.index(len(shown))), faults


def held_faults(
    shown: list[str],
    hand: list[str],
    seat: int,
    *,
    aside: Collection[str] = (),
    ecart: Collection[str] = (),
) -> list[Fault]:
    """What is wrong with the trumps shown by `seat` against its hand at the start of play
    (the taker's after the écart). `aside` are the trumps the taker was forced to put in the
    écart (`ecart.forced_trumps`): they are shown again with the poignée and count as held,
    so the Excuse stands for a trump only when they are shown too. `ecart` is the taker's
    écart, for the message about a trump put aside when he could have kept it."""
    faults = []
    for i, card in enumerate(shown):
        if card in TRUMP_OR_EXCUSE and card not in hand and card not in aside:
            why = (
                "put it in the écart when he could do otherwise: only a trump he was "
                "forced to put aside is shown again"
                if card in ecart
                else "does not hold it"
            )
            told = f"seat {seat} shows {card} in a poignée but {why}"
            faults.append(Fault("poignee-not-held", told, i))
    if EXCUSE in shown:
        hidden = [c for c in [*hand, *aside] if is_trump(c) and c not in shown]
        if hidden:
            told = (
                f"seat {seat} shows the Excuse for a trump while holding {hidden[0]}: "
                "the Excuse stands for a trump only when no other trump is held"
            )
            faults.append(Fault("poignee-excuse", told, shown.index(EXCUSE)))
    return faults


def check_chelem(seat: int, taker: int | None, variant: str) -> list[Fault]:
    if variant != "fft":
        return [Fault("chelem-variant", "the chelem is announced only under the fft rules")]
    if seat != taker:
        return [Fault("chelem-not-taker", f"seat {seat} announces a chelem: only the taker may")]
    return []
