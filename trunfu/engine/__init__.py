"""The rules engine: `start(record)` gives the game state after the deal (`legal`,
`apply`), `replay(record)` referees a whole record, `simulate(...)` deals random legal
records. See docs/engine-contract.md."""

from __future__ import annotations

from ..notation.decks import GAMES as DECKS
from ..notation.models import Record
from .context import Context
from .games import GAMES, GameRules, get, register
from .model import Outcome, Replay, Step, TrickResult
from .scoring import format_result, parse_result, same_scores
from .simulate import iter_simulate, simulate
from .state import IllegalAction, State, View, dealt

__all__ = [
    "GAMES",
    "Context",
    "GameRules",
    "IllegalAction",
    "Outcome",
    "Replay",
    "State",
    "Step",
    "TrickResult",
    "View",
    "actions",
    "format_result",
    "iter_simulate",
    "register",
    "replay",
    "simulate",
    "start",
]


def _rules(record: Record) -> GameRules:
    """The registered rules of the record's game, which must have a game state for the
    record's seats."""
    name = record.tag("Game")
    rules = get(name)
    if rules is None:
        raise ValueError(f"trunfu has no game state for {name!r}")
    if rules.seats and record.seats not in rules.seats:
        counts = "|".join(map(str, rules.seats))
        raise ValueError(f"{name} is played by {counts} seats, not {record.tag('Seats')!r}")
    return rules


def start(record: Record) -> State:
    """The game state right after the deal of `record` (its tags and its `deal` section;
    every hand and the talon must be given, else `ValueError` saying which)."""
    rules = _rules(record)
    missing = _not_dealt(record)
    if missing:
        raise ValueError(f"the deal does not give {' and '.join(missing)}")
    return rules.start(record)


PILES = {"talon": "the talon (`talon:`)", "dead": "the dead hand (`dead:`)"}
"""The piles a deal may give beside the hands, in words."""


def _not_dealt(record: Record) -> list[str]:
    """What the deal of `record` leaves out of those its game deals: a seat's hand, the
    talon, the dead hand."""
    seats = record.seats or 0
    game = DECKS.get(record.tag("Game") or "")
    sizes = game.deals.get(seats) if game is not None else None
    hands, piles = dealt(record, seats)
    missing = [f"seat {s}'s hand" for s, hand in hands.items() if hand is None]
    return missing + [
        words for pile, words in PILES.items() if getattr(sizes, pile, 0) and pile not in piles
    ]


def actions(record: Record) -> list[tuple[int | None, str]]:
    """The record's actions, (seat, spelling), in the order the rules apply them: `start`
    and `apply` of each in turn replay the deal."""
    return _rules(record).actions(record)


def replay(record: Record, *, steps: bool = True) -> Replay:
    """Replay `record` under its game's rules. Never raises: every problem (an internal
    error included) is a diagnostic. A game without a registered module gives an empty
    replay. `steps=False` skips the step-by-step states (faster, for validation)."""
    ctx = Context(record, want_steps=steps)
    rules = get(ctx.game.name) if ctx.game is not None else None  # ctx.game: the Game tag's
    if rules is None or ctx.game is None or not ctx.seats:
        return Replay(record=record)
    try:
        rules.replay(record, ctx)
    except Exception as error:  # a referee bug must not become a traceback for the user
        ctx.error(
            None,
            "internal-error",
            f"the referee could not finish this record ({type(error).__name__}: {error}); "
            "please report it",
        )
        ctx.outcome = None
    _check_result(record, ctx)
    return Replay(
        record=record,
        steps=ctx.steps,
        tricks=ctx.tricks,
        diagnostics=ctx.diagnostics,
        outcome=ctx.outcome,
    )


def _check_result(record: Record, ctx: Context) -> None:
    """Compare the Result tag with the computed result (spec §6)."""
    tag = ctx.tags.get("Result")
    numbers = parse_result(tag.value) if tag is not None else None
    if tag is None or numbers is None:
        return
    if ctx.diagnostics and any(d.cls == "rules" for d in ctx.diagnostics):
        return  # a result is only compared for a deal played by the rules
    where = (tag.value_line or tag.line, tag.value_column or tag.column)
    if ctx.outcome is None:
        if not ctx.diagnostics:
            ctx.error(
                where,
                "result-incomplete",
                f"Result {tag.value!r} is given but the record does not hold the whole deal, "
                "so the result cannot be computed (write `*` for an unfinished deal)",
                cls="result",
            )
        return
    if not same_scores(numbers, ctx.outcome.scores):
        ctx.error(
            where,
            "result-differs",
            f"Result {tag.value!r} differs from the computed result {ctx.outcome.result!r}",
            cls="result",
        )
