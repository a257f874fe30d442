"""The chien and the écart: after `prise` or `garde` the taker takes the chien and puts
aside as many cards; no king and no oudler, and trumps only when he cannot do otherwise."""

from __future__ import annotations

from ...cards import SUITS, TRUMP
from ...state import Fault
from .rules import DECK, EXCUSE, OUDLERS

TRUMPS = frozenset(c for c in DECK.order if SUITS[c] == TRUMP)
is_trump = TRUMPS.__contains__
TRUMP_OR_EXCUSE = TRUMPS | {EXCUSE}
SPARE = frozenset(c for c in DECK.order if c not in TRUMP_OR_EXCUSE and not c.startswith("K"))
"""The suit cards other than the kings: what the écart should be made of."""
discardable = SPARE.__contains__


def trumps_of(cards: list[str]) -> list[str]:
    """The trumps and the Excuse among `cards`, in their order."""
    return list(filter(TRUMP_OR_EXCUSE.__contains__, cards))


def forced_trumps(hand: list[str], ecart: list[str], size: int) -> list[str]:
    """The trumps of `ecart` the taker could not keep out of it: all of them when the écart
    is of the right size and every card he could put aside instead is in it, none otherwise.
    Such trumps still count as his for a poignée (the fft's exception for the triple)."""
    if len(ecart) != size or any(c in SPARE and c not in ecart for c in hand):
        return []
    return [c for c in ecart if is_trump(c) and c not in OUDLERS and c in hand]


def card_fault(hand: list[str], ecart: list[str], index: int, taker: int) -> Fault | None:
    """What is wrong with `ecart[index]` (the fault names it), put aside from `hand` (the
    taker's cards and the chien): not held, an oudler, a king, or a trump while a card of
    `hand` that could go instead is not in `ecart` (the écart so far, when it is made card
    by card)."""
    card, puts = ecart[index], f"seat {taker} puts"
    if card not in hand:
        return Fault("ecart-not-held", f"{puts} {card} in the écart but does not hold it", index)
    if card in OUDLERS:
        told = f"{puts} the oudler {card} in the écart: oudlers may not be put aside"
        return Fault("ecart-oudler", told, index)
    if card.startswith("K"):
        told = f"{puts} the king {card} in the écart: kings may not be put aside"
        return Fault("ecart-king", told, index)
    if is_trump(card) and (spare := [c for c in hand if c in SPARE and c not in ecart]):
        told = f"{puts} the trump {card} in the écart while still holding {spare[0]}"
        return Fault("ecart-trump", told + ": trumps only when he cannot do otherwise", index)
    return None


def check_ecart(hand: list[str], ecart: list[str], size: int, taker: int) -> list[Fault]:
    """The faults of the whole `ecart` put aside from `hand` (the taker's cards and the
    chien): as many cards as the chien holds (the first card too many told), then each
    card."""
    faults = []
    if len(ecart) != size:
        told = f"the écart holds {len(ecart)} cards; the taker puts aside as many as the chien ({size})"
        faults.append(Fault("ecart-size", told, size if len(ecart) > size else None))
    faults += filter(None, (card_fault(hand, ecart, i, taker) for i in range(len(ecart))))
    return faults


def spare_first(cards: list[str]) -> list[str]:
    """`cards` in the order the rules let the taker put them aside one by one: the cards
    that may always go first, trumps (and any other) after them."""
    return [c for c in cards if discardable(c)] + [c for c in cards if not discardable(c)]
