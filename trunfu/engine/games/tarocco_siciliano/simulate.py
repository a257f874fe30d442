"""Sicilian deals as players would make them (docs/simulation.md, "Sicilian tarocchi"):
calls from the hand's count (`evaluate`), the cheapest scarto, random legal cards but for
the promises (Giove kept for a rivanto, the Picciotti of a scommessa played safe)."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ...cards import suit_of
from ...tricks import led_suit
from . import evaluate
from .evaluate import GIOVE, PICCIOTTI
from .rules import GAME, PACKET, TRICKS, VALUES, highest_missing
from .state import SicilianState

DECK = GAMES[GAME]
TRUMPS = frozenset(c for c in DECK.order if suit_of(c) == "T")


def deal(rng: random.Random, seats: int, variant: str | None = None) -> SicilianState:
    """A shuffled deal: packets of five to each seat, eldest first; the rest to the talon."""
    deck = list(DECK.order)
    rng.shuffle(deck)
    dealer = rng.randint(1, seats)
    order = [(dealer + i) % seats + 1 for i in range(seats)]
    hands: dict[int, list[str]] = {s: [] for s in order}
    for n, seat in enumerate(order * (TRICKS[seats] // PACKET)):
        hands[seat] += deck[n * PACKET : (n + 1) * PACKET]
    return SicilianState(seats, dealer, hands, deck[seats * TRICKS[seats] :])


def choose(state: SicilianState, rng: random.Random) -> str:
    """What the seat to act does (see the module docstring)."""
    phase, seat = state.phase, state.to_act
    if phase == "auction":
        return _declare(state, seat)
    if phase in ("discard", "call"):  # the call: the one legal card
        return min(state.legal(), key=_cheapest)
    declarer = state.declarer
    if phase == "announce":
        if not state.scommessa and evaluate.scommessa(state.in_hand()):
            return f"{declarer}: scommessa"
        if state.rivanto is None:
            order = [(state.dealer + i) % state.seats + 1 for i in range(state.seats)]
            for s in order:
                if s not in (declarer, state.partner) and evaluate.rivanto(state.hands[s]):
                    return f"{s}: rivanto"
    play = state.current_play()
    table, following = play.trick, led_suit(play.trick) is not None
    # the legal cards in a sorted hand's order, the Fuggitivo last when following
    legal = [a for a in state.legal() if ":" not in a]
    legal.sort(key=lambda c: (following and c == "EX", DECK.rank_of[c]))
    if seat == state.rivanto and play.number < play.total:  # Giove kept for the last trick
        legal = [c for c in legal if c != GIOVE] or legal
        if not table:  # and no trump led
            legal = [c for c in legal if suit_of(c) != "T"] or legal
    if seat == declarer and state.scommessa and PICCIOTTI in legal:  # bet on: played safe
        outside, last = TRUMPS.difference(state.after, play.played), len(table) == state.seats - 1
        if not outside or (last and not any(suit_of(c) == "T" for c in table)):  # none catches it
            legal = [PICCIOTTI]
        else:
            legal = [c for c in legal if c != PICCIOTTI] or legal
    return rng.choice(legal)


def _declare(state: SicilianState, seat: int) -> str:
    """A call from the count of the packets the seat has received."""
    bidding = state.bidding
    r, hand = bidding.round, state.hands[seat]
    if state.seats == 3:
        return evaluate.three_seat_call(hand[: PACKET * r], r, "pago" in bidding.rounds[-1])
    word = evaluate.four_seat_call(
        hand[:PACKET] if r == 1 else hand, r, called=bidding.chiamo is not None
    )
    return f"chiamo {highest_missing(hand)}" if word == "chiamo" else word


def _cheapest(card: str) -> tuple[int, int, int]:
    """The order the declarer discards in: plain cards by value and rank, then low trumps."""
    if suit_of(card) == "T":
        return 1, int(card[1:]), 0
    return 0, VALUES.get(card, 0), DECK.rank_of[card]
