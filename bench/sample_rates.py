"""How the simulated deals end, per game and seat count: throw-ins, contracts (and how
many the declarer made), slams promised and made, announcements.

    .venv/bin/python bench/sample_rates.py                   # data/sample/*.tgn.gz
    .venv/bin/python bench/sample_rates.py FILE...            # any TGN files (.gz too)
    .venv/bin/python bench/sample_rates.py --simulate 1000   # fresh deals, seed 1

Prints one block per game and seat count; docs/simulation.md quotes its figures.
"""

from __future__ import annotations

import argparse
import gzip
from pathlib import Path

from trunfu.engine.games import load
from trunfu.engine.simulate import Rates, deal_rates, iter_simulate
from trunfu.notation.reader import read_records

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "sample"


def _text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} %" if whole else "    —"


def show(rates: Rates) -> None:
    print(f"{rates.game} {rates.seats} seats: {rates.deals} deals")
    print(f"  thrown in            {rates.thrown_in:6d}  {_pct(rates.thrown_in, rates.deals)}")
    for contract, count in rates.contracts.most_common():
        if contract == "thrown-in":
            continue
        line = f"  {contract:20s} {count:6d}  {_pct(count, rates.deals)}"
        if rates.decided[contract]:
            made = rates.made[contract]
            line += f"   made {made:5d} ({_pct(made, rates.decided[contract]).strip()})"
        print(line)
    if rates.petit_au_bout:
        bout = rates.petit_au_bout
        print(f"  petit au bout        {bout:6d}  {_pct(bout, rates.deals)}")
    if rates.slams:
        print(f"  every trick promised {rates.slams:6d}   made {rates.slams_made}")
    for word, count in sorted(rates.announced.items()):
        line = f"  announce {word:11s} {count:6d}  {_pct(count, rates.deals)}"
        if word in ("chelem", "scommessa", "rivanto"):
            line += f"   kept {rates.kept[word]:5d} ({_pct(rates.kept[word], count).strip()})"
        print(line)
    if rates.claims:
        right = rates.claims_right
        print(
            f"  fuori claimed        {rates.claims:6d}  {_pct(rates.claims, rates.deals)}", end=""
        )
        print(f"   right {right:4d} ({_pct(right, rates.claims).strip()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--simulate", type=int, metavar="DEALS", help="fresh deals per setup")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    records = []
    if args.simulate:
        for name, rules in sorted(load().items()):
            for seats in rules.seats:
                records += iter_simulate(name, seats, args.simulate, args.seed)
    else:
        for path in args.files or sorted(SAMPLE.glob("*.tgn.gz")):
            records += read_records(_text(path))
    for _, rates in sorted(deal_rates(records).items()):
        show(rates)


if __name__ == "__main__":
    main()
