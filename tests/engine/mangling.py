"""Random damage to a record's text, for the "diagnostics, never a crash" properties."""

from __future__ import annotations

import random

from trunfu.notation.reader import read_text
from trunfu.referee import judge


def mangle(text: str, rng: random.Random, mutations: list[str], edits: int = 3) -> str:
    """`text` with `edits` random line edits: a line deleted, a mutation inserted, or two
    lines swapped."""
    lines = text.splitlines()
    for _ in range(edits):
        i = rng.randrange(len(lines))
        choice = rng.randrange(3)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, rng.choice(mutations))
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def internal_errors(text: str) -> list[str]:
    """The `internal-error` diagnostics the referee gives for `text` (none expected)."""
    return [
        d.message
        for r in read_text(text)
        for d in judge(r).diagnostics
        if d.code == "internal-error"
    ]
