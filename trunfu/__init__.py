"""trunfu: TGN notation, rules engine and archive for tarot-family card games.

The everyday names live here (see docs/python.md)::

    import trunfu

    for result in trunfu.read("deals.tgn"):
        print(trunfu.judge(result).result)

Each name is imported the first time it is used (PEP 562), so `import trunfu` itself loads
nothing: the command line and a script pay only for the layers they use (reading and
refereeing never load DuckDB or pandas).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # what the names are, for type checkers and editors
    from .archive.ingest import Summary, ingest
    from .archive.lock import ArchiveBusy, ArchiveError, ArchiveMissing
    from .archive.queries import Filters, open_archive
    from .engine import actions, replay, start
    from .engine.model import Outcome, Replay, Step, TrickResult
    from .engine.simulate import iter_simulate, simulate
    from .engine.state import IllegalAction, State
    from .notation.models import Diagnostic, ReadResult, Record
    from .notation.reader import read, read_text
    from .notation.writer import write, write_all
    from .referee import Verdict, judge

_HOMES = {
    # reading and writing TGN
    "read": "trunfu.notation.reader",
    "read_text": "trunfu.notation.reader",
    "write": "trunfu.notation.writer",
    "write_all": "trunfu.notation.writer",
    "Record": "trunfu.notation.models",
    "ReadResult": "trunfu.notation.models",
    "Diagnostic": "trunfu.notation.models",
    # the rules
    "replay": "trunfu.engine",
    "start": "trunfu.engine",
    "actions": "trunfu.engine",
    "State": "trunfu.engine.state",
    "IllegalAction": "trunfu.engine.state",
    "Replay": "trunfu.engine.model",
    "Outcome": "trunfu.engine.model",
    "Step": "trunfu.engine.model",
    "TrickResult": "trunfu.engine.model",
    "judge": "trunfu.referee",
    "Verdict": "trunfu.referee",
    "simulate": "trunfu.engine.simulate",
    "iter_simulate": "trunfu.engine.simulate",
    # the archive
    "ingest": "trunfu.archive.ingest",
    "Summary": "trunfu.archive.ingest",
    "open_archive": "trunfu.archive.queries",
    "Filters": "trunfu.archive.queries",
    "ArchiveError": "trunfu.archive.lock",
    "ArchiveBusy": "trunfu.archive.lock",
    "ArchiveMissing": "trunfu.archive.lock",
}
"""Each public name → the module that defines it."""

__all__ = [
    "ArchiveBusy",
    "ArchiveError",
    "ArchiveMissing",
    "Diagnostic",
    "Filters",
    "IllegalAction",
    "Outcome",
    "ReadResult",
    "Record",
    "Replay",
    "State",
    "Step",
    "Summary",
    "TrickResult",
    "Verdict",
    "actions",
    "ingest",
    "iter_simulate",
    "judge",
    "open_archive",
    "read",
    "read_text",
    "replay",
    "simulate",
    "start",
    "write",
    "write_all",
]


def __getattr__(name: str) -> Any:
    """Import a public name on first use and keep it in the package's namespace."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'trunfu' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
