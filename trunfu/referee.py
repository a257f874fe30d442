"""The verdict on one record read: the reader's diagnostics, then (when the record reads
cleanly) the rules engine's, and the computed result."""

from __future__ import annotations

from dataclasses import dataclass, field

from .engine import replay
from .notation.models import Diagnostic, ReadResult

BLOCKING = frozenset({"syntax", "deck"})


@dataclass
class Verdict:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    result: str | None = None
    """The computed Result string, when the engine could compute it."""

    @property
    def valid(self) -> bool:
        return not self.diagnostics


def judge(read: ReadResult) -> Verdict:
    """Everything wrong with a record, and its computed result. The rules engine runs only
    for records without syntax or deck errors; games the engine does not know yet get the
    reader's verdict alone."""
    diagnostics = list(read.diagnostics)
    if read.record is None or any(d.cls in BLOCKING for d in diagnostics):
        return Verdict(diagnostics)
    found = replay(read.record, steps=False)
    engine = sorted(found.diagnostics, key=lambda d: (d.line, d.column))
    return Verdict(
        diagnostics + engine,
        found.outcome.result if found.outcome is not None else None,
    )
