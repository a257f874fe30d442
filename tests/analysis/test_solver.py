"""The compiled solver against the reference minimax (no pruning, the engine's own state):
the same value for every card of random endings of every two-sided game, hence the same
best cards; its legal cards and trick winners against the engine's."""

from __future__ import annotations

import pytest

from trunfu.analysis import reference
from trunfu.analysis.solver import Solver, history
from trunfu.analysis.values import NotAnalysable

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
            _, _, leader, tlen, done = solver._run(upto)
            assert (leader + 1, tlen, done) == (trick.winner, 0, trick.number)


def test_three_seat_waite_tarot_is_not_analysed():
    position = next(endings("waite-tarot", 3, deals=1, tricks=1, seed=1))
    with pytest.raises(NotAnalysable, match="3 sides"):
        Solver(position)
