"""The compiled solver against the reference minimax (no pruning, the engine's own state):
the same value for every card of random endings of every two-sided game, hence the same
best cards; its legal cards and trick winners against the engine's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from trunfu.analysis import core, reference
from trunfu.analysis.solver import Solver, history
from trunfu.analysis.values import NotAnalysable
from trunfu.engine.cards import SUITS

from .positions import GAMES, endings, played

DEPTH = {("waite-tarot", 2): 3}
"""Tricks from the end (2 elsewhere), so that the reference stays quick."""


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_card_has_the_reference_value(game, seats):
    tricks = DEPTH.get((game, seats), 2)
    checked = 0
    for position in endings(game, seats, deals=6, tricks=tricks, seed=seats * 7 + 1):
        solver = Solver(position)
        if position.play.number <= solver.check_until:
            continue  # a first trick with a rule of its own (five-seat French calls)
        expected = reference.moves(position, frozenset(solver.side))
        assert solver.moves_of(position) == expected, history(position)
        assert solver.value(position) == (
            max(expected.values()) if position.to_act in solver.side else min(expected.values())
        )
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_legal_cards_and_trick_winners_are_the_engines(game, seats):
    for before in played(game, seats, deals=3, seed=seats + 40):
        before = [s for s in before if s.play is not None]  # from the play's first card on
        solver = Solver(before[0])
        for state in before:
            if state.play is not None and state.play.number > solver.check_until:
                assert sorted(solver.legal(state)) == sorted(reference.cards(state))
        end = reference.playout(before[-1])
        cards = history(end)
        for trick in end.play.tricks[:-1]:
            upto = cards[: trick.number * seats]
            at = solver._run(upto)
            assert (at.leader + 1, at.tlen, at.done) == (trick.winner, 0, trick.number)


def test_three_seat_waite_tarot_is_not_analysed():
    position = next(endings("waite-tarot", 3, deals=1, tricks=1, seed=1))
    with pytest.raises(NotAnalysable, match="3 sides"):
        Solver(position)


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_compiled_legal_is_trick_rules_legal_on_random_hands_and_tricks(game, seats):
    before = next(played(game, seats, deals=6, seed=seats + 90))
    state = next(s for s in before if s.play is not None)
    solver = Solver(state)
    rng = random.Random(seats)
    base = state.play.rules
    trumps = [base.trump] + ([base.trump] if game != "marafone" else list("DCSB"))
    for trump in trumps:
        rules = base.with_trump(trump)
        P = solver.P.copy()
        P[core.TRUMP] = solver.suit[
            solver.index[next(c for c in solver.cards if SUITS[c] == trump)]
        ]
        for _ in range(150):
            size = rng.randint(1, 12)
            table = rng.randint(0, seats - 1)
            drawn = rng.sample(solver.cards, size + table)
            hand, trick = drawn[:size], drawn[size:]
            last = rng.random() < 0.3
            owner = np.full(len(solver.cards), core.GONE, dtype=np.int64)
            for card in hand:
                owner[solver.index[card]] = 0
            line = np.array([solver.index[c] for c in trick] + [0], dtype=np.int64)
            out = np.zeros(len(solver.cards) + 1, dtype=np.int64)
            k = core.legal(P, solver.suit, solver.power, owner, line, table, table, 0, last, out)
            got = sorted(solver.cards[c] for c in out[:k])
            assert got == sorted(rules.legal(hand, trick, last=last)), (hand, trick, last)
