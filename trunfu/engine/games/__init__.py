"""The registry of the games the engine referees.

Each game is a module (or package) of this package that calls `register(GameRules(...))`
when imported; every module here is imported when the registry is first used, so a new
game joins `replay`, `validate` and `simulate` by existing. A game provides:

- `replay(record, ctx)`: apply its rules to `record`, reporting problems with
  `ctx.error(...)`, steps with `ctx.step(...)`, tricks via `engine.play.play_tricks`, and
  setting `ctx.outcome` (an `Outcome`) when the deal can be scored;
- `simulate(rng, seats, variant) -> Record`: one random legal deal, complete with Result,
  drawing every random choice from `rng` (a `random.Random`) so that a seed fixes it.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...notation.models import Record
from ..context import Context

Replayer = Callable[[Record, Context], None]
Simulator = Callable[[random.Random, int, str | None], Record]


@dataclass(frozen=True)
class GameRules:
    """What a game module registers."""

    name: str
    """The `Game` tag value."""
    replay: Replayer
    simulate: Simulator | None = None
    seats: tuple[int, ...] = ()
    """The seat counts the module referees (empty: all those of the deck)."""


GAMES: dict[str, GameRules] = {}
LOAD_ERRORS: dict[str, str] = {}
"""Game modules that failed to import → the error (they are left out of `GAMES`)."""
_loaded = False


def register(rules: GameRules) -> GameRules:
    """Add a game to the registry (called by each game module at import)."""
    GAMES[rules.name] = rules
    return rules


def load() -> dict[str, GameRules]:
    """Import every game module once; the registry."""
    global _loaded
    if not _loaded:
        _loaded = True
        for module in pkgutil.iter_modules(__path__):
            if module.name.startswith("_"):
                continue
            try:
                importlib.import_module(f"{__name__}.{module.name}")
            except Exception as error:  # a game under construction must not stop the others
                LOAD_ERRORS[module.name] = f"{type(error).__name__}: {error}"
    return GAMES


def get(name: str | None) -> GameRules | None:
    """The registered rules of a game, or None."""
    return (GAMES if _loaded else load()).get(name or "")
