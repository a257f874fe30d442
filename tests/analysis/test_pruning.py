"""What makes the search fast must not change a value: the bounds from the points still in
play (the highest trumps held, the Excuse kept) hold against the reference minimax; one
solver judging every card of a deal's last tricks (one table for all, the transposition
key by relative ranks, equivalent cards searched once, zero-window tests) gives the
reference's values and best cards; a French slam with the Excuse still in hand."""

from __future__ import annotations

from pathlib import Path

import pytest

import trunfu
from trunfu.analysis import core, reference
from trunfu.analysis.analyse import analyse
from trunfu.analysis.solver import Solver, history
from trunfu.engine import actions, simulate, start
from trunfu.notation.decks import GAMES as DECKS

from .positions import GAMES, played

SLAM = Path(__file__).resolve().parents[2] / "data/famous/french-tarot-garde-contre-chelem.tgn"


def _before_each_card(record):
    """The state before each card of the record's play, in order."""
    state = start(record)
    before = []
    for _, action in actions(record):
        snapshot = state.copy()
        seen = len(history(state))
        state.apply(action)
        if len(history(state)) > seen:
            before.append(snapshot)
    return before


def _agrees_with_the_reference(record, tricks: int) -> int:
    """Every card of the last `tricks` tricks judged by `analyse` (one solver) as the
    reference judges it: before, after, best. Returns the cards checked."""
    found = analyse(record, tricks=tricks)
    states = _before_each_card(record)[-len(found.positions) :]
    scheme = Solver(states[0]).scheme
    side = frozenset(found.side)
    for p, state in zip(found.positions, states, strict=True):
        assert (state.to_act, state.play.number) == (p.seat, p.trick)
        moves = reference.moves(state, side)
        before = max(moves.values()) if p.seat in side else min(moves.values())
        best = DECKS[state.game].sort([c for c, v in moves.items() if v == before])
        assert (p.before, p.after, p.best) == (
            scheme.points(before),
            scheme.points(moves[p.card]),
            best,
        ), (p, moves)
    return len(found.positions)


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_every_card_of_the_last_tricks_is_judged_as_the_reference_does(game, seats):
    tricks = 3 if (game, seats) == ("waite-tarot", 2) else 2
    checked = 0
    for record in simulate(game, seats, 4, seed=seats * 13 + 5):
        end = start(record)
        for _, action in actions(record):
            end.apply(action)
        if end.outcome is None or end.outcome.thrown_in or end.play.number <= end.play.total:
            continue  # thrown in, or a marafone claim before the last trick
        checked += _agrees_with_the_reference(record, tricks)
    assert checked >= tricks * seats


@pytest.mark.parametrize(("game", "seats"), GAMES)
def test_the_bounds_of_the_rest_hold(game, seats):
    """At the start of a trick, the least and the most `core.boundary` allows contain the
    reference's value of the rest of the deal, and they are not always the trivial ones."""
    tight = 0
    checked = 0
    back = 3 if seats <= 3 else 2
    starts = [
        s
        for before in played(game, seats, deals=8, seed=seats * 5 + 2)
        for s in before
        if s.play is not None and not s.play.trick and s.play.number > s.play.total - back
    ]
    for position in starts:
        cards = history(position)
        solver = Solver(position)
        at = solver._run(cards)
        if at.done < solver.check_until:
            continue
        rest = reference.value(position, frozenset(solver.side)) - solver.offset - at.units
        _, least, most = core.boundary(
            solver.P, solver.suit, solver.unit, solver.sides, at.owner, solver.zrel,
            solver.zlead, solver.zst, at.leader, at.st, at.done,
        )  # fmt: skip
        assert least <= rest <= most, (cards, least, rest, most)
        held = sum(int(solver.unit[c]) for c in range(len(solver.cards)) if at.owner[c] >= 0)
        tight += least > 0 or most < held
        checked += 1
    assert checked >= 3
    if game in ("french-tarot", "marafone"):
        assert tight > 0  # the trumps held, the Excuse kept: bounds that cut


def test_a_french_slam_with_the_excuse_in_hand():
    """The fft slam rule: the Excuse of a side that took every trick wins the last one; the
    taker holds the highest trump and the Excuse until then."""
    record = trunfu.read_text(SLAM.read_text())[0].record
    assert _agrees_with_the_reference(record, 2) == 8
