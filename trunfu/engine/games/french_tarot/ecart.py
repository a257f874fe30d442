"""The chien and the écart: after `prise` or `garde` the taker takes the chien and puts
aside as many cards; no king and no oudler, and trumps only when he cannot do otherwise."""

from __future__ import annotations

from .auction import Fault
from .rules import OUDLERS


def is_trump(card: str) -> bool:
    return card[0] == "T" and card[1:].isdigit()


def discardable(card: str) -> bool:
    """A suit card other than a king: what the écart should be made of."""
    return not is_trump(card) and card not in OUDLERS and not card.startswith("K")


def _spare(hand: list[str], ecart: list[str]) -> list[str]:
    """The cards of `hand` the taker could put aside instead of a trump."""
    return [c for c in hand if discardable(c) and c not in ecart]


def forced_trumps(hand: list[str], ecart: list[str], size: int) -> list[str]:
    """The trumps of `ecart` the taker could not keep out of it: all of them when the écart
    is of the right size and every card he could put aside instead is in it, none otherwise.
    Such trumps still count as his for a poignée (the fft's exception for the triple)."""
    if len(ecart) != size or _spare(hand, ecart):
        return []
    return [c for c in ecart if is_trump(c) and c not in OUDLERS and c in hand]


def check_ecart(hand: list[str], ecart: list[str], size: int, taker: int) -> list[Fault]:
    """Faults of `ecart` put aside from `hand` (the taker's cards and the chien)."""
    faults: list[Fault] = []
    if len(ecart) != size:
        faults.append(
            Fault(
                min(len(ecart), size) if ecart else 0,
                "ecart-size",
                f"the écart holds {len(ecart)} cards; the taker puts aside as many as the chien ({size})",
            )
        )
    for i, card in enumerate(ecart):
        if card not in hand:
            faults.append(
                Fault(
                    i,
                    "ecart-not-held",
                    f"seat {taker} puts {card} in the écart but does not hold it",
                )
            )
        elif card in OUDLERS:
            faults.append(
                Fault(
                    i,
                    "ecart-oudler",
                    f"seat {taker} puts the oudler {card} in the écart: oudlers may not be put aside",
                )
            )
        elif card.startswith("K"):
            faults.append(
                Fault(
                    i,
                    "ecart-king",
                    f"seat {taker} puts the king {card} in the écart: kings may not be put aside",
                )
            )
        elif is_trump(card) and (spare := _spare(hand, ecart)):
            faults.append(
                Fault(
                    i,
                    "ecart-trump",
                    f"seat {taker} puts the trump {card} in the écart while still holding "
                    f"{spare[0]}: trumps only when he cannot do otherwise",
                )
            )
    return faults
