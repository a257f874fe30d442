"""The reference solver: a plain minimax over the engine's game state, every card of every
seat tried (a copy of the state, `apply`, until the deal is over), no pruning. Slow; it is
the oracle the compiled solver is tested against and its peer in `bench/analyse.py`."""

from __future__ import annotations

from ..engine import State
from ..notation.decks import GAMES
from .values import final_value


def cards(state: State) -> list[str]:
    """The cards the seat to play may play (the engine's `legal()` without the words a lead
    may carry and without claims), in the engine's order."""
    deck = GAMES[state.game].cards
    found: list[str] = []
    for action in state.legal():
        if action in deck and action not in found:
            found.append(action)
    return found


def playout(state: State) -> State:
    """A copy of `state` played to the end, each seat playing its first legal card."""
    end = state.copy()
    while not end.over:
        legal = cards(end)
        if not legal:
            raise ValueError(f"no card to play in phase {end.phase}")
        end.apply(legal[0])
    return end


def value(state: State, side: frozenset[int]) -> int:
    """The value of the rest of the deal for `side` (the declarer's), in the game's units,
    when every seat plays perfectly."""
    if state.over:
        return final_value(state)
    found = [value(child, side) for child in children(state).values()]
    return max(found) if state.to_act in side else min(found)


def children(state: State) -> dict[str, State]:
    """Card → the state once the seat to play has played it."""
    out: dict[str, State] = {}
    for card in cards(state):
        child = state.copy()
        child.apply(card)
        out[card] = child
    return out


def moves(state: State, side: frozenset[int]) -> dict[str, int]:
    """Card → the value once the seat to play has played it."""
    return {card: value(child, side) for card, child in children(state).items()}
