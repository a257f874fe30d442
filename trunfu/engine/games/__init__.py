"""The registry of the games the engine referees.

Each game is a module (or package) of this package named after its `Game` tag, with `_`
for `-` (`french_tarot` referees `french-tarot`), that calls `register(GameRules(...))`
when imported. A game's module is imported the first time a record of that game is
replayed (`get`), so that refereeing one game never loads the others; `load()` imports
them all (to list them). A new game joins `replay`, `validate` and `simulate` by existing.
A game provides:

- `replay(record, ctx)`: apply its rules to `record`, reporting problems with
  `ctx.error(...)`, steps with `ctx.step(...)`, tricks via `engine.play.play_tricks`, and
  setting `ctx.outcome` (an `Outcome`) when the deal can be scored;
- `start(record) -> State`: the game state right after the deal of `record`;
- `actions(record) -> list[tuple[int | None, str]]`: the record's actions (seat, spelling)
  in the order the rules apply them;
- `deal(rng, seats, variant) -> State` and `choose(state, rng) -> str`: a random deal, and
  the action a player would choose among `state.legal()` (the simulator's heuristics),
  every random choice drawn from `rng` (a `random.Random`) so that a seed fixes the deal.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from ...notation.models import Record
from ..context import Context

if TYPE_CHECKING:
    from ..state import State

Replayer = Callable[[Record, Context], None]
Starter = Callable[[Record], "State"]
Actions = Callable[[Record], list[tuple[int | None, str]]]
Dealer = Callable[[random.Random, int, str | None], "State"]
Chooser = Callable[["State", random.Random], str]


@dataclass(frozen=True)
class GameRules:
    """What a game module registers."""

    name: str
    """The `Game` tag value."""
    seats: tuple[int, ...]
    """The seat counts the module referees."""
    replay: Replayer
    start: Starter
    actions: Actions
    deal: Dealer
    choose: Chooser


GAMES: dict[str, GameRules] = {}
"""The games registered so far, by name (`load()` registers them all)."""
LOAD_ERRORS: dict[str, str] = {}
"""Game modules that failed to import → the error (they are left out of `GAMES`)."""
_tried: set[str] = set()
"""The game modules imported, or that failed to import (each is tried once)."""


def register(rules: GameRules) -> GameRules:
    """Add a game to the registry (called by each game module at import)."""
    GAMES[rules.name] = rules
    return rules


@cache
def modules() -> dict[str, str]:
    """Each game's name → the name of its module in this package."""
    return {
        m.name.replace("_", "-"): m.name
        for m in pkgutil.iter_modules(__path__)
        if not m.name.startswith("_")
    }


def _import(module: str) -> None:
    """Import a game's module once; a game under construction must not stop the others."""
    if module in _tried:
        return
    _tried.add(module)
    try:
        importlib.import_module(f"{__name__}.{module}")
    except Exception as error:
        LOAD_ERRORS[module] = f"{type(error).__name__}: {error}"


def load() -> dict[str, GameRules]:
    """Import every game module; the registry."""
    for module in modules().values():
        _import(module)
    return GAMES


def get(name: str | None) -> GameRules | None:
    """The registered rules of a game (its module imported on first use), or None."""
    rules = GAMES.get(name or "")
    if rules is None and (module := modules().get(name or "")) is not None:
        _import(module)
        rules = GAMES.get(name or "")
    return rules
