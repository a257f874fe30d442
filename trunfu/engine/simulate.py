"""The simulator driver: random legal deals from any registered game, fixed by a seed."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..notation.models import Record, Tag
from ..notation.reader import read_records
from ..notation.writer import write
from .games import GameRules, get, load


def iter_simulate(
    game: str, seats: int, deals: int, seed: int, variant: str | None = None
) -> Iterator[Record]:
    """`deals` random legal records of `game` with `seats` seats, the same for the same
    seed. Each gets `Event "trunfu simulation, seed S"`, `Board N` and `Source "simulated by
    trunfu"` tags (the last tells the dashboard and any reader that nobody played it)."""
    rules = get(game)
    if rules is None:
        known = ", ".join(sorted(load()))
        raise ValueError(f"no simulator for {game!r} (games that simulate: {known})")
    if rules.seats and seats not in rules.seats:
        counts = "|".join(str(n) for n in rules.seats)
        raise ValueError(f"{game} is simulated with {counts} seats, not {seats}")
    rng = random.Random(seed)
    for board in range(1, deals + 1):
        record = play_out(rules, rng, seats, variant)
        record.tags = [t for t in record.tags if t.name not in ("Event", "Board", "Source")]
        record.tags += [
            Tag(name="Event", value=f"trunfu simulation, seed {seed}"),
            Tag(name="Board", value=str(board)),
            Tag(name="Source", value="simulated by trunfu"),
        ]
        [record] = read_records(write(record))  # canonical: tag order and positions as read
        record.index = board
        yield record


def play_out(rules: GameRules, rng: random.Random, seats: int, variant: str | None) -> Record:
    """One deal: the game's random deal, then each action the game's heuristics choose
    among the legal ones, until the deal is over; the record, with its Result."""
    state = rules.deal(rng, seats, variant)
    while not state.over:
        state.apply(rules.choose(state, rng))
    record = state.record()
    outcome = state.outcome
    record.tags = [t for t in record.tags if t.name != "Result"]
    record.tags.append(Tag(name="Result", value=outcome.result if outcome else "*"))
    return record


def simulate(
    game: str, seats: int, deals: int, seed: int, variant: str | None = None
) -> list[Record]:
    """The list form of `iter_simulate`."""
    return list(iter_simulate(game, seats, deals, seed, variant))


SLAM_BIDS = {"maso-dei-masi"}
"""Contracts that promise every trick (announced like the French chelem)."""


@dataclass
class Rates:
    """How a set of deals of one game and seat count ended: the figures a player would
    check to see whether simulated play looks like real play."""

    game: str
    seats: int
    deals: int = 0
    thrown_in: int = 0
    """Deals nobody played (everybody passed, a Petit sec, Giove in the talon...)."""
    contracts: Counter[str] = field(default_factory=Counter)
    """Deals per contract (the game's word: `garde`, `vado-solo`, `di-piu`...); deals
    without a contract (four-seat marafone, the Game of Tarot) count under `played`."""
    decided: Counter[str] = field(default_factory=Counter)
    """Deals per contract that were won or lost (a `prendo` is neither)."""
    made: Counter[str] = field(default_factory=Counter)
    """Deals per contract that the declarer's side won."""
    announced: Counter[str] = field(default_factory=Counter)
    """Deals with at least one announcement of each word (`poignee`, `chelem`, `ask`...)."""
    kept: Counter[str] = field(default_factory=Counter)
    """Deals where a promise announced was kept: `chelem` made, `scommessa` won,
    `rivanto` (the last trick taken)."""
    petit_au_bout: int = 0
    """French tarot deals whose last trick holds the Petit (either side)."""
    slams: int = 0
    """Deals where the declarer promised every trick (a chelem, a maso dei masi)."""
    slams_made: int = 0
    claims: int = 0
    """Hands stopped by a claim (`fuori`)."""
    claims_right: int = 0

    def share(self, count: int) -> float:
        """`count` as a share of the deals (0 when there are none)."""
        return count / self.deals if self.deals else 0.0


def deal_rates(records: Iterable[Record]) -> dict[tuple[str, int], Rates]:
    """The `Rates` of `records` per (game, seats), each record scored by the referee."""
    from . import replay  # the engine package imports this module: import it late

    out: dict[tuple[str, int], Rates] = {}
    for record in records:
        game = record.game.name if record.game is not None else "?"
        seats = record.seats or 0
        rates = out.setdefault((game, seats), Rates(game, seats))
        rates.deals += 1
        outcome = replay(record, steps=False).outcome
        if outcome is None:
            continue
        if outcome.thrown_in:
            rates.thrown_in += 1
            rates.contracts["thrown-in"] += 1
            continue
        contract = outcome.contract or "played"
        rates.contracts[contract] += 1
        rates.decided[contract] += outcome.won is not None
        rates.made[contract] += bool(outcome.won)
        words = {item.word for item in record.announce.items} if record.announce else set()
        rates.announced.update(words)
        rates.kept.update(w for w in words if _kept(w, outcome.breakdown))
        if "chelem" in words or contract in SLAM_BIDS:
            rates.slams += 1
            made = _kept("chelem", outcome.breakdown) if "chelem" in words else outcome.won
            rates.slams_made += bool(made)
        rates.petit_au_bout += bool(outcome.breakdown.get("petit_au_bout"))
        claim = outcome.breakdown.get("claim")
        if claim:
            rates.claims += 1
            rates.claims_right += bool(claim.get("right"))
    return out


def _kept(word: str, breakdown: dict) -> bool:
    """Whether the promise `word` was kept, from the referee's breakdown of the deal."""
    if word == "chelem":
        return "announced and made" in (breakdown.get("chelem") or {}).get("kind", "")
    if word in ("scommessa", "rivanto"):
        side = "declarer" if word == "scommessa" else "opponents"
        return breakdown["jochi"][word][side] > 0
    return False
