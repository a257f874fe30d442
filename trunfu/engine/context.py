"""The state shared by the phases of one replay: where diagnostics and steps go, and what
is known of the deal so far (for the step-through view)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..notation.decks import GAMES, Game
from ..notation.models import Cards, Diagnostic, Node, Record, Tag, number
from .model import Outcome, Snapshot, Step, TrickResult

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .state import Fault, State


class Context:
    """Collects what a game module finds while replaying `record`: the diagnostics
    (`error`), the tricks, the outcome, and the steps (`step`: a snapshot of the game
    state the referee `observe`s, made only when steps were asked for)."""

    def __init__(self, record: Record, want_steps: bool = True) -> None:
        self.record = record
        self.tags: dict[str, Tag] = record.first_tags()
        """Tag name → the record's first tag of that name (the tags are read once)."""
        self.game: Game | None = GAMES.get(self.tag("Game") or "")
        self.seats: int = number(self.tag("Seats") or "") or 0
        self.dealer: int = number(self.tag("Dealer") or "") or 1
        self.want_steps = want_steps
        self.diagnostics: list[Diagnostic] = []
        self.steps: list[Step] = []
        self.tricks: list[TrickResult] = []
        self.outcome: Outcome | None = None
        self.observed: State | None = None
        """The game state whose snapshot each step shows (`observe`); before one is
        observed, steps show an empty table."""

    def observe(self, state: State) -> None:
        """Show `state` (a game state: its `snapshot()`) in every step from now on."""
        self.observed = state

    def tag(self, name: str) -> str | None:
        """The value of the record's first tag called `name` (`Record.tag`, from `tags`)."""
        tag = self.tags.get(name)
        return tag.value if tag is not None else None

    @property
    def eldest(self) -> int:
        """The seat after the dealer."""
        return self.next_seat(self.dealer)

    def next_seat(self, seat: int, n: int = 1) -> int:
        """The seat `n` places after `seat` in playing order."""
        return (seat - 1 + n) % self.seats + 1

    def error(
        self, where: Node | tuple[int, int] | None, code: str, message: str, cls: str = "rules"
    ) -> None:
        """Report a problem at a node (or a (line, column) pair; None: the record's start)."""
        if where is None:
            where = (0, 0)
        line, column = where if isinstance(where, tuple) else (where.line, where.column)
        self.diagnostics.append(
            Diagnostic(
                file=self.record.file,
                record=self.record.index,
                line=line or self.record.line,
                column=column or self.record.column,
                cls=cls,
                code=code,
                message=message,
            )
        )

    def tell(
        self,
        faults: Iterable[Fault],
        node: Node | None,
        cards: Cards | None = None,
        place: int | None = None,
    ) -> None:
        """Report `faults` at `node`, or at the card of `cards` each is about (`Fault.at`;
        every fault when `place` names the action's card there); the position of a card is
        made only for a fault, and one `cards` does not hold falls back on `node`."""
        for code, message, at in faults:
            at = at if place is None else place
            inside = cards is not None and at is not None and 0 <= at < len(cards)
            self.error(cards.at(at) if inside else node, code, message)

    def act(
        self,
        state: State,
        node: Node | None,
        action: str,
        label: str = "",
        *,
        cards: Cards | None = None,
        place: int | None = None,
        text: str | None = None,
        always: bool = False,
    ) -> bool:
        """The referee's step for one written action: what `state` finds wrong with it
        told at `node` or at its card (`tell`: `cards`, `place`), then done unless refused
        (`always`: done all the same, for a state that takes what it refuses), shown as a
        `call` step labelled `label` (none when the label is empty) that writes it `text`
        (default: `action`); True when it was not refused."""
        faults = state.check(action)
        if faults:
            self.tell(faults, node, cards, place)
            if not always:
                return False
        seat = state.to_act if label and self.want_steps else None
        state.perform(action)
        if seat is not None:
            self.step(
                "call", seat=seat, text=action if text is None else text, node=node, label=label
            )
        return not faults

    @property
    def failed(self) -> bool:
        """True once a rules problem has been reported."""
        return bool(self.diagnostics)

    def step(
        self,
        kind: str,
        *,
        seat: int | None = None,
        text: str = "",
        label: str = "",
        node: Node | None = None,
        trick: list[tuple[int, str]] | None = None,
        taken: dict[int, int] | None = None,
    ) -> None:
        """Record one state of the deal when steps are wanted: a snapshot of the observed
        game state. `trick` and `taken` show the play's table between a trick's last card
        and its winner taking it."""
        if not self.want_steps:
            return
        s = self.observed.snapshot() if self.observed is not None else Snapshot()
        self.steps.append(
            Step(
                index=len(self.steps),
                kind=kind,
                seat=seat,
                text=text,
                line=node.line if node else 0,
                column=node.column if node else 0,
                label=label,
                hands={k: list(v) for k, v in s.hands.items()},
                talon=list(s.talon),
                discard=list(s.discard),
                trick=list(s.trick if trick is None else trick),
                taken=dict(s.taken if taken is None else taken),
                points=dict(s.points),
                declarer=s.declarer,
                partner_known=s.partner_known,
                comments=list(getattr(node, "comments", None) or ()),
                suffix=getattr(node, "suffix", None),
                nags=list(getattr(node, "nags", None) or ()),
            )
        )
