"""Double-dummy analysis speed on one core (CPU time): positions solved per second by the
compiled solver and by the reference minimax (its peer, same process) on endings of
simulated deals; then, for 4-seat French tarot and 4-seat Sicilian deals, the time to
analyse every card of the last 6, 8, 10 and 12 tricks (`trunfu analyse`) and the most
tricks analysed within the time limit.

    python bench/analyse.py [--deals 5] [--seed 1] [--limit 60]
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import time

from trunfu.analysis import reference
from trunfu.analysis.analyse import GROWTH, analyse
from trunfu.analysis.solver import Solver, history
from trunfu.engine import State, actions, simulate, start

PEERS = [("french-tarot", 4), ("tarocco-siciliano", 4), ("marafone", 4), ("waite-tarot", 2)]
DEALS = [("french-tarot", 4), ("tarocco-siciliano", 4)]
SPANS = (6, 8, 10, 12)


class _OutOfTime(Exception):
    """The time limit is reached: the deal's analysis stops there."""


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
    """Positions solved per CPU second, each from scratch: every card's exact value by the
    compiled solver with a fresh table, or by the reference minimax. Setting up (the side,
    the tables) is not timed."""
    ready = [(Solver(state, table_bits=18), state) for state in positions]
    began = time.process_time()
    for solver, state in ready:
        if compiled:
            solver.moves_of(state)
        else:
            reference.moves(state, frozenset(solver.side))
    return len(positions) / max(time.process_time() - began, 1e-9)


def reach(record, limit: float) -> list[float]:
    """CPU seconds to analyse every card of the deal's last 1, 2, … tricks (one analysis
    going back from the last trick, as `trunfu analyse` does), while they fit in `limit`:
    the analysis stops once the next trick is expected not to fit (`analyse.GROWTH`)."""
    began = time.process_time()
    times: list[float] = []

    def tick(done: int) -> None:
        spent = time.process_time() - began
        if spent > limit:
            raise _OutOfTime
        last = spent - (times[-1] if times else 0.0)
        times.append(spent)
        if spent + GROWTH * last > limit:
            raise _OutOfTime

    with contextlib.suppress(_OutOfTime):
        analyse(record, tricks=99, progress=tick)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=60.0, help="CPU seconds per deal")
    args = parser.parse_args()
    warm = deals("french-tarot", 4, 1, args.seed)[0]
    analyse(warm, tricks=2)  # numba loads (or compiles) its code once
    print("positions solved per CPU second, one core (each from scratch, its own table)")
    print(f"{'game':<22}{'tricks':>7}{'compiled':>12}{'reference':>12}{'ratio':>9}")
    for game, seats in PEERS:
        records = deals(game, seats, args.deals, args.seed)
        for tricks in (2, 4, 6):
            found = [position(r, tricks) for r in records]
            fast = rate(found, compiled=True)
            slow = rate(found, compiled=False) if tricks == 2 else None
            peer = f"{slow:12.2f}{fast / slow:9.0f}" if slow else f"{'-':>12}{'-':>9}"
            print(f"{game + ' ' + str(seats):<22}{tricks:>7}{fast:12.1f}{peer}")
    print()
    print(
        f"every card of the last N tricks (trunfu analyse), CPU seconds per deal, "
        f"{args.deals} deals; most tricks within {args.limit:g} s"
    )
    print(f"{'game':<22}" + "".join(f"{n:>16}" for n in SPANS) + f"{'tricks':>10}")
    for game, seats in DEALS:
        runs = [reach(r, args.limit) for r in deals(game, seats, args.deals, args.seed)]
        cells = []
        for n in SPANS:
            times = [t[n - 1] if len(t) >= n else float("inf") for t in runs]
            median = statistics.median(times)
            cell = f"{median:.2f} ({max(times):.2f})" if median < float("inf") else "-"
            cells.append(cell.replace("inf", f">{args.limit:g}"))
        most = statistics.median(len(t) for t in runs)
        print(
            f"{game + ' ' + str(seats):<22}" + "".join(f"{c:>16}" for c in cells) + f"{most:>10g}"
        )
    print(
        "(median (max) over the deals; '-': the median deal did not get there in time; the "
        "last column: tricks analysed before the next one was expected to pass the limit)"
    )


if __name__ == "__main__":
    main()
