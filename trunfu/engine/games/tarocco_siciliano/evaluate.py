"""How a Sicilian player values his cards before each declaration, announcement and
lead: the French count carried over to the Sicilian deck (docs/simulation.md, "Sicilian
tarocchi"). The thresholds are set where deals end as players report."""

from __future__ import annotations

from ....notation.decks import GAMES
from ...cards import suit_of
from .rules import ARIE, GAME

DECK = GAMES[GAME]
SUITS = DECK.suits

GIOVE, FUGGITIVO, PICCIOTTI = "T20", "EX", "T1"
HONOURS = {"K": 6, "Q": 3, "C": 2, "J": 1}
LONG_SUIT = {5: 5, 6: 7}
PICCIOTTI_GUARDED = {5: 5, 6: 7}

NEVER = float("inf")
THREE_SEATS = {
    1: (26, NEVER, 3, 0),
    2: (NEVER, 34, 8, 5),
    3: (NEVER, 48, 20, 14),
    4: (50, 46, NEVER, 34),
}
"""Round → the least count for `vado-solo`, `prendo`, `altre-cinque`; `pago` below its own
(`NEVER`: not said in that round)."""

FOUR_SEATS = {"stata": 26, "solo": 54, "chiamo": 37}
"""The least count for a stata (first packet), a solo and a `chiamo` (whole deal)."""


def count(cards: list[str]) -> int:
    """The cards' count: the key cards, trumps from five, Arie, honours (a king and a queen
    together: one more) and long suits."""
    held = set(cards)
    trumps = _trumps(cards) + (FUGGITIVO in held)
    total = 10 * (GIOVE in held) + 8 * (FUGGITIVO in held)
    if trumps >= 5:  # the Picciotti guarded, and 2 a trump
        total += 2 * trumps + (PICCIOTTI in held) * PICCIOTTI_GUARDED.get(trumps, 9)
    arie = [int(a[1:]) for a in ARIE if a in held]
    total += 2 * len(arie) + sum(n - 1 in arie or n + 1 in arie for n in arie)
    for suit in SUITS:
        ranks = {c[:-1] for c in cards if suit_of(c) == suit}
        total += sum(HONOURS.get(r, 0) for r in ranks) + ("K" in ranks and "Q" in ranks)
        total += LONG_SUIT.get(len(ranks), 9 if len(ranks) >= 7 else 0)
    return total


def three_seat_call(cards: list[str], round_: int, pago_before: bool) -> str:
    """What a seat of three holding `cards` says in round `round_` (after a `pago` or not)."""
    solo, take, more, pay = THREE_SEATS[round_]
    value = count(cards)
    if value >= solo:
        return "vado-solo"
    if pago_before and value >= take:
        return "prendo"
    if value >= more:
        return "altre-cinque"
    return "pago" if value < pay else "mischio"


def four_seat_call(cards: list[str], round_: int, called: bool) -> str:
    """What a seat of four says in round `round_` (`called`: somebody said chiamo)."""
    value = count(cards)
    if value >= FOUR_SEATS["stata" if round_ == 1 else "solo"]:
        return "vado-solo"
    return "chiamo" if round_ == 2 and not called and value >= FOUR_SEATS["chiamo"] else "passo"


def scommessa(cards: list[str]) -> bool:
    """The declarer bets when he holds Giove, the Picciotti and the Fuggitivo, six trumps."""
    return {GIOVE, PICCIOTTI, FUGGITIVO} <= set(cards) and _trumps(cards) >= 6


def rivanto(cards: list[str]) -> bool:
    """An opponent promises the last trick holding Giove and seven trumps more to keep it."""
    return GIOVE in cards and _trumps(cards) >= 8


def _trumps(cards: list[str]) -> int:
    return sum(suit_of(c) == "T" for c in cards)
