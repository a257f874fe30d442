"""What makes the search fast must not change a value: the bounds from the points still in
play (the highest trumps held, the Excuse kept) hold against the reference minimax; one
solver judging every card of a deal's last tricks (one table for all, the transposition
key by relative ranks, equivalent cards searched once, zero-window tests) gives the
reference's values and best cards; a French slam with the Excuse still in hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
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


def test_the_excuse_kept_counts_only_while_it_can_be_played_before_the_last_trick():
    """The taker's Excuse: 4 points kept (8 units) with two tricks left; none when it is left
    for the last trick, which a defender takes with it."""
    state = next(s for before in played("french-tarot", 4, 2, seed=4) for s in before)
    solver = Solver(state)
    taker = solver.side[0] - 1
    defence = [s for s in range(4) if s != taker]
    owner = np.full(len(solver.cards), core.GONE, dtype=np.int64)
    owner[solver.index["EX"]] = taker
    for seat, card in zip(defence, ("3H", "4H", "5H"), strict=True):
        owner[solver.index[card]] = seat
    total = int(solver.P[core.TOTAL])

    def bounds(done):
        _, least, most = core.boundary(
            solver.P, solver.suit, solver.unit, solver.sides, owner, solver.zrel,
            solver.zlead, solver.zst, defence[0], 0, done,
        )  # fmt: skip
        return least, most

    assert bounds(total - 2) == (8, 12)
    assert bounds(total - 1) == (0, 12)
    line = np.zeros(len(solver.cards) + 1, dtype=np.int64)
    rest = core.search(
        solver.P, solver.suit, solver.power, solver.unit, solver.sides, solver.kings,
        solver.zrel, solver.zlead, solver.zst, owner, line, solver.moves, solver.score,
        solver.tt_key, solver.tt_lo, solver.tt_hi, solver.tt_move, 0, 0, defence[0],
        total - 1, 0, -core.INF, core.INF,
    )  # fmt: skip
    assert rest == 0  # the last trick and the Excuse go to the defence
