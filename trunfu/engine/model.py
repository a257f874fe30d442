"""What the engine gives for one record (see docs/engine-contract.md): slotted dataclasses,
which `trunfu.notation.schema` validates and dumps with pydantic at the edges."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..notation.models import Diagnostic, Record
from .scoring import format_result

__all__ = ["Bonus", "Outcome", "Replay", "Snapshot", "Step", "TrickResult"]

StepKind = str
"""`deal`, `packet`, `call`, `talon`, `discard`, `announce`, `exchange`, `card`, `trick`,
`claim` or `end`."""


FORBID_EXTRA = {"extra": "forbid"}
"""pydantic's configuration of the engine's dataclasses: a field it does not know is an
error when one is validated from a dict or JSON."""


@dataclass(slots=True)
class Snapshot:
    """The whole table at one moment (every hand known so far): what a game state shows
    (`State.snapshot`), and a replay step with it."""

    hands: dict[int, list[str]] = field(default_factory=dict)
    """Known cards of each seat, in canonical order."""
    talon: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    trick: list[tuple[int, str]] = field(default_factory=list)
    """Cards on the table: (seat, card) in playing order."""
    taken: dict[int, int] = field(default_factory=dict)
    """Tricks won so far per seat."""
    points: dict[str, float] = field(default_factory=dict)
    """Card points taken so far per side (side names are the game's, e.g. `declarer`)."""
    declarer: int | None = None
    partner_known: bool = False


@dataclass(slots=True, kw_only=True)
class Step(Snapshot):
    """One state of the deal, for step-through replay: the table (a `Snapshot` of the game
    state, after the step) and the item that made it. A deal has a hundred or so."""

    __pydantic_config__ = FORBID_EXTRA

    index: int
    kind: StepKind
    seat: int | None = None
    text: str = ""
    """The item as written, e.g. `KS` or `chiamo T19`."""
    line: int = 0
    column: int = 0
    """Source position of the item (0 when the step is inferred)."""
    label: str = ""
    """A sentence for a player, e.g. "seat 3 plays the king of swords"."""
    comments: list[str] = field(default_factory=list)
    suffix: str | None = None
    nags: list[int] = field(default_factory=list)


@dataclass(slots=True)
class TrickResult:
    """One trick played: who led, the cards in playing order and who won it (the fields
    may be given in order: the referee makes one per trick). `dataclasses.replace` copies
    it with changes."""

    __pydantic_config__ = FORBID_EXTRA

    number: int
    leader: int
    cards: list[tuple[int, str]]
    winner: int


@dataclass(slots=True, kw_only=True)
class Bonus:
    """One bonus or premium of a scored deal, as the archive stores it."""

    __pydantic_config__ = FORBID_EXTRA

    name: str
    """The bonus as the game's breakdown names it: `petit_au_bout`, `poignees.double`,
    `chelem.announced and made`, `jochi.rivanto`, `maraffa`, `declarations.sequence`..."""
    side: str | None
    """The side it counts for (a key of `Outcome.sides`), None for the whole deal."""
    points: float


@dataclass(slots=True, kw_only=True)
class Outcome:
    """The scored end of a deal."""

    __pydantic_config__ = FORBID_EXTRA

    scores: list[float]
    """Each seat's figure, seat 1 first."""
    result: str
    """The canonical Result text, e.g. `+6 -2 -2 -2`."""
    contract: str | None = None
    declarer: int | None = None
    partners: list[int] = field(default_factory=list)
    won: bool | None = None
    thrown_in: bool = False
    breakdown: dict[str, Any] = field(default_factory=dict)
    sides: dict[str, list[int]] = field(default_factory=dict)
    """Side → its seats: `declarer` and `defence` when a seat declared (the declarer and
    partners known at the end; trionfo: the signore and his amico), the fixed teams `1+3`
    and `2+4` of four-seat marafone, each seat alone (`"1"`, `"2"`...) otherwise."""
    roles: dict[int, str] = field(default_factory=dict)
    """Seat → `declarer`, `partner` or `defender` when a seat declared."""
    speakers: list[int] = field(default_factory=list)
    """The seat of each auction call, in the order of the record's calls."""
    card_points: dict[str, float] = field(default_factory=dict)
    """Card points taken per side (keys of `sides`), as the game counts them."""
    margin: float | None = None
    """The deal's own margin (French tarot: points over the target; Sicilian: the
    difference in jochi), else the declarer's card points minus the others'."""
    bonuses: list[Bonus] = field(default_factory=list)

    @classmethod
    def of(
        cls,
        scores: Sequence[float],
        *,
        declarer: int | None = None,
        partners: Sequence[int] = (),
        **fields: Any,
    ) -> Outcome:
        """The outcome paying `scores` (seat 1 first, made floats) with its Result text;
        with a `declarer`, each seat's role and the sides `declarer` and `defence` (unless
        given). Every other field as given (values of their final type), else its default."""
        scores = [float(s) for s in scores]
        if declarer is not None:
            roles, sides = {}, {"declarer": [], "defence": []}
            for seat in range(1, len(scores) + 1):
                ours = seat == declarer or seat in partners
                roles[seat] = "declarer" if seat == declarer else "partner" if ours else "defender"
                sides["declarer" if ours else "defence"].append(seat)
            fields = {"sides": sides, "roles": roles} | fields
        result, partners = format_result(scores), list(partners)
        return cls(scores=scores, result=result, declarer=declarer, partners=partners, **fields)


@dataclass(slots=True, kw_only=True)
class Replay:
    """Everything the engine found in one record."""

    __pydantic_config__ = FORBID_EXTRA

    record: Record
    steps: list[Step] = field(default_factory=list)
    tricks: list[TrickResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def valid(self) -> bool:
        """True when the engine found nothing wrong."""
        return not self.diagnostics
