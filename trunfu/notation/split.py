"""Find record boundaries in a stream of lines (spec §1), without parsing.

A record starts at a `[` (outside comments and strings) once the current record has body
text, or at a `[Game` tag when the current tag section already has one. A brace comment
left open is closed by a line that starts with `[Game "`, so that one unterminated comment
never swallows the records after it. Memory is bounded by the largest record kept
(`MAX_RECORD_CHARS`); a longer one is reported, not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

MAX_RECORD_CHARS = 1 << 20
_SCAN = re.compile(r'\{[^}]*\}?|;|"(?:[^"\\\n]|\\.)*"?|\[[ \t]*([A-Za-z]\w*)?|\]|[^\s{;"\[\]]+')
_GAME_LINE = re.compile(r'[ \t]*\[[ \t]*Game[ \t]+"')


@dataclass
class Chunk:
    """The text of one record, where it starts in its file, and whether it was too long."""

    line: int
    column: int
    text: str
    oversize: bool = False
    size: int = 0


class _Builder:
    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column
        self.parts: list[str] = [" " * (column - 1)] if column > 1 else []
        self.size = 0
        self.oversize = False
        self.body_seen = False
        self.game_seen = False
        self.significant = False

    def add(self, text: str) -> None:
        self.size += len(text)
        if self.size > MAX_RECORD_CHARS:
            self.oversize = True
            self.parts = []
        if not self.oversize:
            self.parts.append(text)

    def chunk(self) -> Chunk:
        return Chunk(self.line, self.column, "".join(self.parts), self.oversize, self.size)


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Yield one `Chunk` per record found in `lines` (each line ending with its newline)."""
    current = _Builder(1, 1)
    in_comment = False
    for lineno, raw in enumerate(lines, 1):
        if lineno == 1 and raw.startswith("\ufeff"):
            raw = " " + raw[1:]  # keep columns as the file shows them
        if raw.startswith("%"):
            current.add("\n" if raw.endswith("\n") else "")
            continue
        pos = 0
        if in_comment:
            if _GAME_LINE.match(raw):
                in_comment = False
                if current.significant:
                    yield current.chunk()
                current = _Builder(lineno, 1)
            else:
                end = raw.find("}")
                if end < 0:
                    current.add(raw)
                    continue
                in_comment = False
                pos = end + 1
        start = 0
        for match in _SCAN.finditer(raw, pos):
            token = match.group()
            first = token[0]
            if first == "{":
                if not token.endswith("}"):
                    in_comment = True
                    break
                continue
            if first == ";":
                break
            if first == "[":
                name = match.group(1)
                if current.body_seen or (name == "Game" and current.game_seen):
                    at = match.start()
                    current.add(raw[start:at])
                    if current.significant:
                        yield current.chunk()
                    current = _Builder(lineno, at + 1)
                    start = at
                current.game_seen |= name == "Game"
                current.significant = True
                continue
            current.significant = True
            if first not in '"]':
                current.body_seen = True
        current.add(raw[start:])
    if current.significant:
        yield current.chunk()
