"""Random legal deals of the Game of Tarot, two or three seats, played as players would:
the dealer discards small cards, the first seat one Tarot short of a three asks for it,
every seat declares the combinations it holds; cards at random among the legal ones."""

from __future__ import annotations

import copy
import random

from .declarations import TAROTS, declarations
from .state import DECK, DISCARD, WaiteState, spell

HAND = 25


def _small(hand: list[str]) -> list[str]:
    """The cards a player gives away first: suit cards below the jack, else any non-Tarot."""
    pips = [c for c in hand if c[0] != "T" and c != "EX" and c[:-1] not in "KQCJ"]
    return pips or [c for c in hand if c not in TAROTS]


def deal(rng: random.Random, seats: int, variant: str | None = None) -> WaiteState:
    """Three hands of 25 and 3 left over, from a shuffled deck; a random dealer."""
    cards = list(DECK.order)
    rng.shuffle(cards)
    dealt = [cards[i * HAND : (i + 1) * HAND] for i in range(3)]
    dealer = rng.randint(1, seats)
    hands = {str(s): dealt[s - 1] for s in range(1, seats + 1)}
    dead = {"dead": dealt[2]} if seats == 2 else {}
    return WaiteState(seats, dealer, {**hands, "talon": cards[3 * HAND :], **dead}, [])


def choose(state: WaiteState, rng: random.Random) -> str:
    """What the seat to act does: see the module's docstring."""
    phase = state.phase
    order = [(state.dealer + i) % state.seats + 1 for i in range(state.seats)]
    if phase == "discard":
        pool = state.dealt[str(state.dealer)] + state.talon
        small = _small(pool)
        return _sampled(rng, small if len(small) >= DISCARD else pool, state.discarded)
    if phase == "exchange":
        return _exchange(state, rng, order)
    if phase == "announce":
        hands = state.hands
        if not state.asks and not state.announced:  # one ask a deal, before any declaration
            short = [s for s in order if sum(c in TAROTS for c in hands[s]) % 3 == 2]
            if short:
                return f"{short[0]}: ask"
        said = {spell(item) for item in state.announced}
        held = [f"{s}: {d.kind} {' '.join(d.cards)}" for s in order for d in declarations(hands[s])]
        for text in held:  # declarations score: nobody keeps one back
            if text not in said:
                return text
    return rng.choice([a for a in state.legal() if ":" not in a])


def _exchange(state: WaiteState, rng: random.Random, order: list[int]) -> str:
    """A small card back to the seat that answered, else a Tarot to the asker."""
    hands = state.hands
    for asker, giver in state.owed:  # the first card owed
        return f"{asker}>{giver}: {rng.choice(_small(hands[asker]))}"
    asker = next(s for s, answered in state.asks.items() if not answered)
    giver = next(s for s in order if s != asker and any(c in TAROTS for c in hands[s]))
    return f"{giver}>{asker}: {rng.choice([c for c in hands[giver] if c in TAROTS])}"


def _sampled(rng: random.Random, population: list[str], taken: list[str]) -> str:
    """The card after `taken` in `rng.sample(population, 3)`: the dealer's discard, chosen one
    card per action, is one sample, drawn by a copy of `rng` until its last card, when `rng`
    goes on from the copy's state."""
    twin = copy.copy(rng)
    card = twin.sample(population, DISCARD)[len(taken)]
    if len(taken) == DISCARD - 1:
        rng.setstate(twin.getstate())
    return card
