"""The compiled solver for one deal: the engine's cards, hands and trick rules turned into
the arrays of `core`, and positions of the play solved exactly.

A position's value is `offset + units(history) + search(rest)`: `units` is what the
compiled count gives the tricks played, `offset` what it does not see (the écart, the
chien, the scarto, the rounding of the outcome), fixed per deal and measured once by
comparing the compiled count of one whole line of play with the engine's outcome."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..engine import State
from ..engine.cards import EXCUSE, SUITS
from ..engine.tricks import ExcuseLead, Overtrump
from . import core
from .reference import playout
from .values import SICILIAN, NotAnalysable, final_value, scheme, side_of

_OVERTRUMP = {
    Overtrump.NEVER: core.OVER_NEVER,
    Overtrump.TRUMP_LEAD: core.OVER_TRUMP_LEAD,
    Overtrump.IN_TRICK: core.OVER_IN_TRICK,
}
_LEAD = {
    ExcuseLead.ALWAYS: core.LEAD_ALWAYS,
    ExcuseLead.LAST: core.LEAD_LAST,
    ExcuseLead.NEVER: core.LEAD_NEVER,
}


def history(state: State) -> list[str]:
    """The cards played so far, in playing order (the trick on the table last)."""
    play = state.play
    if play is None:
        return []
    return [card for trick in play.tricks for _, card in trick.cards] + list(play.trick)


class _Position(NamedTuple):
    """A position of the play as the compiled core counts it."""

    units: int
    """What the declarer's side has counted so far."""
    st: int
    """The core's state word (see `core.take`)."""
    leader: int
    """The seat leading the trick on the table (0-based)."""
    tlen: int
    """The cards on the table."""
    done: int
    """The tricks played."""
    owner: np.ndarray
    """Each card's place (a seat, the table, gone)."""
    line: np.ndarray
    """The cards played, in order."""
    legal: np.ndarray
    """The cards the seat to play may play."""


class Solver:
    """Exact values of the positions of one deal's play (every hand known). Built from any
    state of the deal in its play phase; positions are later states of the same deal. The
    transposition table is kept from one position to the next."""

    def __init__(self, state: State, *, table_bits: int = core.TT_BITS) -> None:
        self.scheme = scheme(state)
        play = state.play
        if play is None or state.over:
            raise NotAnalysable("the deal is not in its play")
        if any(h is None for h in play.hands.values()):
            raise NotAnalysable("a hand is not known")
        end = playout(state)
        self.side = side_of(end)
        rules = play.rules
        self.game = state.game
        self.seats = state.seats
        self.total = play.total
        self.check_until = play.check_until
        self.first_leader = play.tricks[0].leader if play.tricks else play.leader
        self.dealt = {s: list(h) for s, h in play.dealt.items()}
        power = rules.power
        suits = sorted({SUITS[c] for c in power})
        self.cards = sorted(power, key=lambda c: (suits.index(SUITS[c]), power[c]))
        self.index = {c: i for i, c in enumerate(self.cards)}
        n = len(self.cards)
        self.suit = np.array([suits.index(SUITS[c]) for c in self.cards], dtype=np.int64)
        self.power = np.array([power[c] for c in self.cards], dtype=np.int64)
        self.unit = np.array([self.scheme.unit(c) for c in self.cards], dtype=np.int64)
        self.kings = np.full(len(suits), -1, dtype=np.int64)
        for c in self.cards:
            if c[0] == "K" and len(c) == 2:
                self.kings[suits.index(SUITS[c])] = self.index[c]
        sides = np.zeros(self.seats, dtype=np.int64)
        for s in self.side:
            sides[s - 1] = 1
        self.sides = sides
        P = np.zeros(core.N_PARAMS, dtype=np.int64)
        P[core.KIND] = self.scheme.kind
        P[core.SEATS] = self.seats
        P[core.FOLLOW] = int(rules.must_follow)
        P[core.MUST_TRUMP] = int(rules.must_trump)
        P[core.OVERTRUMP] = _OVERTRUMP[rules.overtrump]
        P[core.EXCUSE] = int(rules.excuse)
        P[core.EXCUSE_LEAD] = _LEAD[rules.excuse_lead]
        P[core.TRUMP] = suits.index(rules.trump) if rules.trump in suits else -1
        P[core.EX] = self.index.get(EXCUSE, -1)
        P[core.SLAM] = int(play.winner is not None and play.winner_at == play.total)
        P[core.TOTAL] = play.total
        P[core.LAST_BONUS] = self.scheme.last_bonus
        P[core.N_CARDS] = n
        self.P = P
        in_play = sum(len(h) for h in self.dealt.values())
        self.st0 = core.DECL_ALL | core.DEF_ALL
        if self.scheme.kind == SICILIAN:  # the scarto is the declarer's: its cards count
            self.st0 |= ((n - in_play) % 3) << core.R_SHIFT
        rng = np.random.default_rng(20260)
        self.zob = rng.integers(1, 2**63, n, dtype=np.int64).astype(np.uint64)
        self.zlead = rng.integers(1, 2**63, self.seats, dtype=np.int64).astype(np.uint64)
        self.zst = rng.integers(1, 2**63, 256, dtype=np.int64).astype(np.uint64)
        size = 1 << table_bits
        self.tt_key = np.zeros(size, dtype=np.uint64)
        self.tt_lo = np.zeros(size, dtype=np.int64)
        self.tt_hi = np.zeros(size, dtype=np.int64)
        self.tt_move = np.zeros(size, dtype=np.int64)
        self.moves = np.zeros((n + 1, n + 1), dtype=np.int64)
        line = history(end)
        self.offset = final_value(end) - self._run(line).units

    def _owner(self) -> np.ndarray:
        owner = np.full(len(self.cards), core.GONE, dtype=np.int64)
        for seat, hand in self.dealt.items():
            for card in hand:
                owner[self.index[card]] = seat - 1
        return owner

    def _run(self, cards: list[str]) -> _Position:
        """The position reached by playing `cards` from the start of play, with the cards
        the seat to play may play there."""
        line = np.zeros(len(self.cards) + 1, dtype=np.int64)
        line[: len(cards)] = [self.index[c] for c in cards]
        owner = self._owner()
        units, st, leader, tlen, done = core.run(
            self.P, self.suit, self.power, self.unit, self.sides, self.kings,
            owner, line, len(cards), self.first_leader - 1, self.st0,
        )  # fmt: skip
        seat = (leader + tlen) % self.seats
        buf = np.zeros(len(self.cards) + 1, dtype=np.int64)
        k = core.legal(
            self.P, self.suit, self.power, owner, line, len(cards), tlen, seat,
            done + 1 == self.total, buf,
        )  # fmt: skip
        return _Position(
            int(units), int(st), int(leader), int(tlen), int(done), owner, line, buf[:k].copy()
        )

    def moves_of(self, state: State) -> dict[str, int]:
        """Card → the exact value (units) once the seat to play has played it, for each card
        it may play in `state` (a position of this deal)."""
        return self.moves_after(history(state))

    def moves_after(self, cards: list[str]) -> dict[str, int]:
        """`moves_of` the position reached by playing `cards` from the start of play."""
        at = self._run(cards)
        if at.done < self.check_until:
            raise NotAnalysable(
                f"trick {at.done + 1} has a rule of its own that the solver does not play"
            )
        out = np.zeros(len(at.legal), dtype=np.int64)
        core.solve_moves(
            self.P, self.suit, self.power, self.unit, self.sides, self.kings, self.zob,
            self.zlead, self.zst, at.owner, at.line, self.moves, self.tt_key, self.tt_lo,
            self.tt_hi, self.tt_move, len(cards), at.tlen, at.leader, at.done, at.st,
            at.legal, out,
        )  # fmt: skip
        base = self.offset + at.units
        return {self.cards[c]: base + int(v) for c, v in zip(at.legal, out, strict=True)}

    def legal(self, state: State) -> list[str]:
        """The cards the seat to play may play, by the compiled rules."""
        return [self.cards[c] for c in self._run(history(state)).legal]

    def value(self, state: State) -> int:
        """The exact value of `state` (a position of this deal), in units."""
        found = self.moves_of(state).values()
        seat = state.to_act
        return max(found) if seat in self.side else min(found)
