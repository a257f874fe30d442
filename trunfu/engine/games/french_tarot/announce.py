"""Announcements: the poignée (trumps shown) and the chelem (the taker's slam)."""

from __future__ import annotations

from collections.abc import Collection

from .auction import Fault
from .ecart import is_trump
from .rules import EXCUSE, POIGNEE_NAMES, POIGNEE_SIZES


def poignee_level(count: int, seats: int) -> int | None:
    """0, 1, 2 for a single, double, triple poignée of `count` trumps; None if no size fits."""
    sizes = POIGNEE_SIZES[seats]
    return sizes.index(count) if count in sizes else None


def check_poignee(
    shown: list[str],
    hand: list[str] | None,
    seats: int,
    seat: int,
    *,
    variant: str,
    taker: int | None,
    aside: Collection[str] = (),
    ecart: Collection[str] = (),
) -> tuple[int | None, list[Fault]]:
    """The level of a poignée shown by `seat`, and its faults: its shape (`shape_faults`),
    then the cards against `hand` (`held_faults`) when the hand is known (not None)."""
    level, faults = shape_faults(shown, seats, seat, variant=variant, taker=taker)
    if faults and faults[0].code == "poignee-not-taker":
        return None, faults
    if hand is not None:
        faults += held_faults(shown, hand, seat, aside=aside, ecart=ecart)
    return (level if not faults else None), faults


def shape_faults(
    shown: list[str], seats: int, seat: int, *, variant: str, taker: int | None
) -> tuple[int | None, list[Fault]]:
    """What a poignée is worth and what is wrong with it whatever the hand: shown by
    another seat than the taker (classic), of no poignée's size, or a card that is not a
    trump nor the Excuse. Fault indexes point at the shown card concerned; -1 means the
    announcement itself."""
    if variant == "classic" and seat != taker:
        return None, [
            Fault(
                -1,
                "poignee-not-taker",
                f"seat {seat} shows a poignée: in the classic rules only the taker may",
            )
        ]
    faults: list[Fault] = []
    level = poignee_level(len(shown), seats)
    if level is None:
        sizes = ", ".join(str(n) for n in POIGNEE_SIZES[seats])
        faults.append(
            Fault(
                -1,
                "poignee-size",
                f"seat {seat} shows {len(shown)} trumps: a poignée at {seats} seats shows exactly {sizes}",
            )
        )
    for i, card in enumerate(shown):
        if not is_trump(card) and card != EXCUSE:
            faults.append(
                Fault(
                    i,
                    "poignee-card",
                    f"seat {seat} shows {card} in a poignée: only trumps (and the Excuse) are shown",
                )
            )
    return (level if not faults else None), faults


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
    faults: list[Fault] = []
    for i, card in enumerate(shown):
        if (is_trump(card) or card == EXCUSE) and card not in hand and card not in aside:
            why = (
                "put it in the écart when he could do otherwise: only a trump he was "
                "forced to put aside is shown again"
                if card in ecart
                else "does not hold it"
            )
            faults.append(
                Fault(i, "poignee-not-held", f"seat {seat} shows {card} in a poignée but {why}")
            )
    if EXCUSE in shown:
        hidden = [c for c in [*hand, *aside] if is_trump(c) and c not in shown]
        if hidden:
            faults.append(
                Fault(
                    shown.index(EXCUSE),
                    "poignee-excuse",
                    f"seat {seat} shows the Excuse for a trump while holding {hidden[0]}: "
                    "the Excuse stands for a trump only when no other trump is held",
                )
            )
    return faults


def poignee_name(level: int) -> str:
    return POIGNEE_NAMES[level]


def check_chelem(seat: int, taker: int | None, variant: str) -> list[Fault]:
    if variant != "fft":
        return [Fault(-1, "chelem-variant", "the chelem is announced only under the fft rules")]
    if seat != taker:
        return [
            Fault(-1, "chelem-not-taker", f"seat {seat} announces a chelem: only the taker may")
        ]
    return []
