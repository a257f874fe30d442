"""Reading speed of TGN against python-chess reading PGN, in one run.

Generates N 4-seat french-tarot records (full deal, auction, discard, 18 tricks; about
800 bytes each, rules legality not needed) and a PGN file of random legal 80-ply chess
games of similar total size, then reads both and prints records/s, MB/s and the ratios.

    .venv/bin/python bench/parse.py [-n 3000] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import random
import time

import chess
import chess.pgn

from trunfu.notation.decks import GAMES
from trunfu.notation.reader import read

SEED = 20260101


def tarot_record(rng: random.Random, board: int) -> str:
    """One french-tarot record with 4 seats: a shuffled deal and 18 arbitrary tricks."""
    game = GAMES["french-tarot"]
    deck = list(game.order)
    rng.shuffle(deck)
    hands = [game.sort(deck[i * 18 : (i + 1) * 18]) for i in range(4)]
    talon = game.sort(deck[72:])
    tricks = [[hands[s][t] for s in range(4)] for t in range(18)]
    lines = [
        '[Game "french-tarot"]',
        '[Seats "4"]',
        f'[Dealer "{board % 4 + 1}"]',
        '[Event "Benchmark"]',
        '[Site "Nowhere"]',
        '[Date "2026.??.??"]',
        f'[Board "{board}"]',
        '[Result "*"]',
        "",
        "deal",
        *(f"  {s + 1}: {' '.join(h)}" for s, h in enumerate(hands)),
        f"  talon: {' '.join(talon)}",
        "auction",
        "  passe prise passe passe",
        "discard",
        f"  {' '.join(talon)}",
        "play",
        *(f"  {t + 1}. {' '.join(cards)}" for t, cards in enumerate(tricks)),
    ]
    return "\n".join(lines) + "\n"


def chess_game(rng: random.Random, number: int, plies: int = 80) -> str:
    """A random legal chess game of up to `plies` half-moves, as PGN text."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    game = chess.pgn.Game.from_board(board)
    game.headers.update(Event="Benchmark", Site="Nowhere", Date="2026.??.??", Round=str(number))
    game.headers["White"], game.headers["Black"] = "Random A", "Random B"
    return str(game) + "\n\n"


def time_tgn(text: str) -> tuple[float, float, int]:
    """CPU seconds, wall seconds and records read."""
    cpu, wall = time.process_time(), time.perf_counter()
    count = 0
    for result in read(io.StringIO(text)):
        assert result.record is not None and not result.diagnostics, result.diagnostics
        count += 1
    return time.process_time() - cpu, time.perf_counter() - wall, count


def time_pgn(text: str) -> tuple[float, float, int]:
    stream = io.StringIO(text)
    cpu, wall = time.process_time(), time.perf_counter()
    count = 0
    while chess.pgn.read_game(stream) is not None:
        count += 1
    return time.process_time() - cpu, time.perf_counter() - wall, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=3000, help="number of TGN records")
    parser.add_argument("--profile", action="store_true", help="cProfile the TGN reading")
    args = parser.parse_args()

    rng = random.Random(SEED)
    records = [tarot_record(rng, i + 1) for i in range(args.n)]
    tgn = "\n".join(records)
    pgn_parts: list[str] = []
    size = 0
    while size < len(tgn):
        pgn_parts.append(chess_game(rng, len(pgn_parts) + 1))
        size += len(pgn_parts[-1])
    pgn = "".join(pgn_parts)

    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(time_tgn, tgn)
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
        return

    time_tgn("\n".join(records[:100]))  # warm up: build the parser
    gc.collect()
    tgn_cpu, tgn_wall, tgn_count = time_tgn(tgn)
    pgn_cpu, pgn_wall, pgn_count = time_pgn(pgn)
    tgn_mb, pgn_mb = len(tgn.encode()) / 1e6, len(pgn.encode()) / 1e6
    rows = [
        ("trunfu TGN", tgn_count, tgn_mb, tgn_cpu, tgn_wall),
        ("python-chess PGN", pgn_count, pgn_mb, pgn_cpu, pgn_wall),
    ]
    print("Rates per CPU second of this process (one core); wall time for reference.")
    print(
        f"{'reader':<18} {'records':>8} {'MB':>6} {'cpu s':>6} {'wall s':>6} "
        f"{'records/s':>10} {'MB/s':>6}"
    )
    for name, count, mb, cpu, wall in rows:
        print(
            f"{name:<18} {count:>8} {mb:>6.2f} {cpu:>6.2f} {wall:>6.2f} "
            f"{count / cpu:>10,.0f} {mb / cpu:>6.2f}"
        )
    print(f"bytes per record: TGN {len(tgn) / tgn_count:,.0f}, PGN {len(pgn) / pgn_count:,.0f}")
    print(
        f"ratio TGN/PGN: {(tgn_count / tgn_cpu) / (pgn_count / pgn_cpu):.2f}x records/s, "
        f"{(tgn_mb / tgn_cpu) / (pgn_mb / pgn_cpu):.2f}x MB/s"
    )


if __name__ == "__main__":
    main()
