"""Double-dummy analysis speed: positions solved per second by the compiled solver and by
the reference minimax (the peer, same process) on endings of simulated deals, the
compiled solver alone on longer endings, and the time to analyse every card of a deal's
last tricks (`trunfu analyse`).

    python bench/analyse.py [--deals 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from trunfu.analysis import reference
from trunfu.analysis.analyse import analyse
from trunfu.analysis.solver import Solver, history
from trunfu.engine import State, actions, simulate, start

GAMES = [("french-tarot", 4), ("tarocco-siciliano", 4), ("marafone", 4), ("waite-tarot", 2)]


def deals(game: str, seats: int, n: int, seed: int):
    """Simulated deals played to their end (not thrown in, no claim), as records."""
    found = []
    for record in simulate(game, seats, n * 4, seed=seed):
        state = start(record)
        for _, action in actions(record):
            state.apply(action)
        out = state.outcome
        if out is not None and not out.thrown_in and state.play.number > state.play.total:
            found.append(record)
        if len(found) == n:
            break
    return found


def position(record, tricks: int) -> State:
    """The position just before the first card of the record's last `tricks` tricks."""
    state = start(record)
    moves = actions(record)
    for _, action in moves:
        play = state.play
        if (
            play is not None
            and not play.trick
            and play.number == play.total - tricks + 1
            and len(history(state)) == (play.number - 1) * state.seats
        ):
            return state
        state.apply(action)
    raise ValueError("the deal has not that many tricks")


def rate(positions: list[State], *, compiled: bool) -> float:
    """Positions solved per CPU second (one core), each from scratch: the compiled solver with a
    fresh table, or the reference minimax. Setting up (the side, the tables) is not
    timed."""
    ready = [(Solver(state, table_bits=18), state) for state in positions]
    began = time.process_time()
    for solver, state in ready:
        if compiled:
            solver.value(state)
        else:
            reference.value(state, frozenset(solver.side))
    return len(positions) / max(time.process_time() - began, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    warm = deals("french-tarot", 4, 1, args.seed)[0]
    rate([position(warm, 2)], compiled=True)  # numba loads (or compiles) its code once
    print("positions solved per CPU second, one core (each from scratch, its own table)")
    print(f"{'game':<22}{'tricks':>7}{'compiled':>12}{'reference':>12}{'ratio':>9}")
    for game, seats in GAMES:
        records = deals(game, seats, args.deals, args.seed)
        for tricks in (2, 4, 6, 8):
            found = [position(r, tricks) for r in records]
            fast = rate(found, compiled=True)
            slow = rate(found, compiled=False) if tricks == 2 else None
            peer = f"{slow:12.2f}{fast / slow:9.0f}" if slow else f"{'-':>12}{'-':>9}"
            print(f"{game + ' ' + str(seats):<22}{tricks:>7}{fast:12.1f}{peer}")
    print()
    print("every card of the last N tricks (trunfu analyse), CPU seconds per deal")
    for game, seats, spans in (
        ("french-tarot", 4, (6, 8, 10)),
        ("tarocco-siciliano", 4, (6, 8, 10)),
        ("french-tarot", 3, (10,)),
    ):
        records = deals(game, seats, args.deals, args.seed)
        for tricks in spans:
            times = []
            for record in records:
                began = time.process_time()
                analyse(record, tricks=tricks)
                times.append(time.process_time() - began)
            print(
                f"{game + ' ' + str(seats):<22}{tricks:>7} tricks "
                f"median {statistics.median(times):7.2f} s, max {max(times):7.2f} s"
            )


if __name__ == "__main__":
    main()
