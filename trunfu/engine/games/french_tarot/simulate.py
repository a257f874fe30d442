"""Legal French tarot deals as players would make them: a random deal, then each action
chosen among the legal ones. Bids, the call, the écart, poignées and a chelem come from the
hand's evaluation (`evaluate`: Chavey's count); cards are chosen at random among the legal
ones (a taker who announced a chelem plays for every trick, one long in trumps keeps the
Petit for the last trick)."""

from __future__ import annotations

import random

from ....notation.models import Tag
from ...slam import slam_lead
from . import evaluate
from .rules import DECK, GAME, HAND, PASS, PETIT
from .state import FrenchState, Hands, check_seats, default_variant


def deal(rng: random.Random, seats: int, variant: str | None) -> FrenchState:
    """A random deal of French tarot (the deck shuffled, then a random dealer)."""
    variant = variant or default_variant(seats)
    check_seats(seats, variant)
    deck = list(DECK.order)
    rng.shuffle(deck)
    size = HAND[seats]
    hands: Hands = {s: deck[(s - 1) * size : s * size] for s in range(1, seats + 1)}
    dealer = rng.randint(1, seats)
    named = [("Game", GAME), ("Seats", str(seats)), ("Dealer", str(dealer))]
    named += [("Variant", variant)] if variant != default_variant(seats) else []
    tags = [Tag(name=n, value=v) for n, v in named]
    return FrenchState(seats, dealer, variant, hands, deck[seats * size :], tags)


def choose(state: FrenchState, rng: random.Random) -> str:
    """What the seat to act does: bid what its hand is worth, call the king it lacks in
    its longest suit, put aside the low cards of its shortest suits, show every poignée it
    holds, announce a chelem only when it is sure; else play a legal card."""
    phase, taker, seats = state.phase, state.taker, state.seats
    if phase == "auction":  # (the Petit sec's seat: nobody bids)
        return PASS if state.sec else evaluate.bid(state.dealt[state.to_act], seats, state.contract)
    if phase == "call":
        return evaluate.call(state.dealt[taker], state.legal())
    if phase == "discard":
        plan, done = evaluate.ecart(state.full, state.size), state.ecart or []
        return next(c for c in plan if c not in done)
    if phase == "announce" and (announced := _announcement(state)) is not None:
        return announced
    legal = state.playing().legal()
    seat, play = state.to_act, state.play
    if state.chelem and seat == taker and not play.trick:
        return slam_lead(legal, _unseen(state), DECK.name, "T")
    last = play.number == HAND[seats]
    if seat == taker and not last and evaluate.petit_au_bout(state.hand_at_play(taker), seats):
        return rng.choice([c for c in legal if c != PETIT] or legal)
    return rng.choice(legal)


def _announcement(state: FrenchState) -> str | None:
    """The next announcement: the taker's chelem when it is sure (fft), then each poignée
    held, in speaking order."""
    for action in state.announcements():
        seat, _, word = action.partition(": ")
        if word == "poignee":
            shown = evaluate.poignee(state.poignee_hand(int(seat)), state.seats)
            return f"{action} {' '.join(shown)}"
        if evaluate.chelem(state.hand_at_play(state.taker), list(_unseen(state))):
            return action
    return None


def _unseen(state: FrenchState) -> set[str]:
    """The cards the taker has not seen: neither dealt to him, nor in a chien he took, nor
    played."""
    chien, play = state.chien if state.takes_chien else [], state.play
    seen = {*state.dealt[state.taker], *chien, *(play.played if play else ())}
    return {c for c in DECK.order if c not in seen}
