"""French tarot as data: deal sizes, contracts, targets, poignée sizes, card points
(`shared/rules/french-tarot.md`)."""

from __future__ import annotations

from ....notation.decks import GAMES
from ...tricks import Overtrump, TrickRules

GAME = "french-tarot"
DECK = GAMES[GAME]
SEATS = {"fft": (3, 4, 5), "classic": (3, 4, 5, 6)}

OUDLERS = frozenset({"T21", "T1", "EX"})
PETIT = "T1"
EXCUSE = "EX"
PASS = "passe"

FOLLOW = TrickRules(game=GAME, overtrump=Overtrump.IN_TRICK)
"""Follow suit; void: trump; always beat a trump already in the trick; the Excuse anywhere."""

CONTRACTS = ("prise", "garde", "garde-sans", "garde-contre")
"""Bids, lowest first."""
TAKES_CHIEN = ("prise", "garde")
"""The contracts where the taker takes the chien and makes an écart."""
ASIDE = {"prise": "taker", "garde": "taker", "garde-sans": "taker", "garde-contre": "defence"}
"""Who counts the cards put aside: the écart (prise, garde) or the chien (sans, contre)."""
MULTIPLIER = {"prise": 1, "garde": 2, "garde-sans": 4, "garde-contre": 6}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
"""Card points the taker's side needs, by the oudlers it holds at the end."""

POIGNEE_SIZES = {3: (13, 15, 18), 4: (10, 13, 15), 5: (8, 10, 13), 6: (8, 10, 13)}
"""Trumps shown for a single, double, triple poignée."""
POIGNEE_NAMES = ("simple", "double", "triple")
POIGNEE_BONUS = (20, 30, 40)

CHELEM = {
    "announced and made": 400,
    "announced and failed": -200,
    "made unannounced": 200,
    "defence took every trick": -200,
}
"""What each kind of chelem (slam) is worth to the taker's side (fft)."""
SHARES = {(5, 1): (2, 1), (6, 1): (3, 1), (6, 2): (1.5, 1, 0.5)}
"""(seats, partners) → the shares of the side total of the taker then each partner."""
PETIT_AU_BOUT = 10

RANK_POINTS = {"K": 4.5, "Q": 3.5, "C": 2.5, "J": 1.5}


def card_points(card: str) -> float:
    """Points of one card: oudler or king 4.5, queen 3.5, cavalier 2.5, jack 1.5, else 0.5."""
    if card in OUDLERS:
        return 4.5
    return RANK_POINTS.get(card[:-1], 0.5) if card[0] != "T" else 0.5


HAND = {seats: deal.hand for seats, deal in DECK.deals.items()}
"""Seats → the cards dealt to each seat (the tricks of a deal)."""
CHIEN = {seats: deal.talon for seats, deal in DECK.deals.items()}
"""Seats → the cards of the chien (and of the écart)."""


CALLED = {3: 0, 4: 0, 5: 1, 6: 2}
"""Seats → how many cards the taker calls: one at 5 seats, two at 6, none otherwise."""


POINTS: dict[str, float] = {card: card_points(card) for card in DECK.order}
"""Card → its points (a table, for counting piles quickly)."""
