"""Find record boundaries in a stream of lines (spec §1), without parsing.

A record starts at a `[` (outside comments and strings) once the current record has body
text, or at a `[Game` tag when the current tag section already has one. A tag's parts may
stand on several lines, with comments between them: the first word after a `[` is the
tag's name, never body text, wherever it stands, so that no record boundary falls inside a
tag. A brace comment left open is closed by a line that starts with `[Game "` in its first
column, so that one unterminated comment never swallows the records after it (the writer
indents the lines of a comment, so a canonical text never triggers this). Byte-order marks
(U+FEFF, as `cat` leaves them between files) are white space: one that starts a line is
dropped (it is not a column, as at the start of the file), any other outside strings and
comments is read as a space. Memory is bounded by the largest record kept
(`MAX_RECORD_CHARS`) and by the longest piece of a line read at once (`PIECE_CHARS`); a
longer record is reported, not read: it keeps its first characters, its length, the hash
of its whole text and where it ends (`Chunk`). (A line longer than a piece is split at the
piece's end; a tag cut there may be misread.)
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import chain
from typing import TextIO

from . import encoding

MAX_RECORD_CHARS = 1 << 20
PIECE_CHARS = 1 << 20
KEPT_CHARS = 1 << 16
"""What an oversize record keeps of its text: its first 65,536 characters."""
_SLICE = 1 << 16
"""Characters of an oversize record hashed at a time."""
BOM = "\ufeff"
_SCAN = re.compile(
    r'\{[^}]*\}?|;|"(?:[^"\\\n]|\\.)*"?|\[[ \t]*([A-Za-z]\w*)?|\]|\ufeff|[^\s\ufeff{;"\[\]]+'
)
_SPECIAL = re.compile(r'[\[\]{};"\ufeff]')
# a tag and its name (possessive runs: the same matches, without a try per character)
_TAG = r'\[[ \t]*([A-Za-z]\w*)[ \t]+"(?:[^"\\\n]++|\\.)*+"[ \t]*\][ \t\r]*'
_TAG_LINE = re.compile(_TAG + r"\n?\Z")
_GAME_LINE = re.compile(r'\[[ \t]*Game[ \t]+"')
BLOCK_CHARS = 1 << 18
_WRITER_TAGS = re.compile(r'(?:\[[A-Za-z]\w* "[^"\\\n]*+"\]\n)*+')
_TAG_RUN = re.compile(rf"(?:{_TAG}\n)*+")
"""A simple record's tag lines: first those the writer writes (`[Name "value"]`, a line
each), read by a plainer pattern in two thirds of the time, then any others."""
_BODY_STOPS = ']{};"%'
"""What ends a simple record's body besides `[` (found by `str.find`, far faster over a
kilobyte of body than a regex's character class)."""
_GAME_TAG = re.compile(r"^\[[ \t]*Game[ \t]", re.MULTILINE)


@dataclass
class Chunk:
    """The text of one record and where it starts in its file (`text` starts at `line`,
    `column`). A record longer than `MAX_RECORD_CHARS` is `oversize`: `text` keeps its
    first `KEPT_CHARS` characters, `size` is its whole length, `digest` the SHA-256 of its
    whole text (as the bytes read) and `end` where it ends (the line and column of the
    character after it), so that it can be told apart and read again from its file.
    `bad`: the first byte that is not UTF-8 outside `text` (in a `%` line, or past the
    kept part), as line, column and message."""

    line: int
    column: int
    text: str
    oversize: bool = False
    size: int = 0
    digest: str = ""
    end: tuple[int, int] | None = None
    bad: tuple[int, int, str] | None = None


class _Builder:
    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column
        self.parts: list[str] = []
        self.size = 0
        self.oversize = False
        self.body_seen = False
        self.game_seen = False
        self.significant = False
        self.bad: tuple[int, int, str] | None = None
        # once oversize: the running hash, and the line ends and characters after the last
        self._hash: hashlib._Hash | None = None
        self._newlines = self._tail = 0

    def add(self, text: str) -> None:
        self.size += len(text)
        if self.oversize:
            self._follow(text)
        else:
            self.parts.append(text)
            if self.size > MAX_RECORD_CHARS:
                self._cut()

    def note_bad(self, raw: str, line: int, column: int) -> None:
        """Note the first byte that is not UTF-8 in `raw`, a piece of a `%` line (which is
        not read, so the reader would not see it) at `line`, `column`."""
        if self.bad is None:
            self.bad = encoding.find(raw, line, column)

    def absorb(self, held: _Builder) -> None:
        """Add the text held back in `held` (never oversize), and its note of a bad byte."""
        self.add("".join(held.parts))
        if self.bad is None:
            self.bad = held.bad

    def _cut(self) -> None:
        """The record is too long: keep its first characters, follow the rest."""
        parts, self.parts = self.parts, []
        self.oversize = True
        self._hash = hashlib.sha256()
        kept = 0
        for part in parts:
            if kept < KEPT_CHARS:
                self.parts.append(part[: KEPT_CHARS - kept])
                kept += len(self.parts[-1])
            self._follow(part)

    def _follow(self, text: str) -> None:
        """Past the kept part: the hash, the position, and the first bad byte, a slice of
        `text` at a time (memory: a slice's bytes, not a piece's)."""
        for at in range(0, len(text), _SLICE):
            part = text[at : at + _SLICE]
            if self.bad is None:
                line = self.line + self._newlines
                column = self._tail + (1 if self._newlines else self.column)
                self.bad = encoding.find(part, line, column)
            self._hash.update(encoding.raw_bytes(part))  # type: ignore[union-attr]
            newlines = part.count("\n")
            self._newlines += newlines
            self._tail = len(part) - part.rfind("\n") - 1 if newlines else self._tail + len(part)

    def chunk(self) -> Chunk:
        text = "".join(self.parts)
        if self._hash is None:
            return Chunk(self.line, self.column, text, size=self.size, bad=self.bad)
        end = (self.line + self._newlines, self._tail + (1 if self._newlines else self.column))
        digest = self._hash.hexdigest()
        return Chunk(self.line, self.column, text, True, self.size, digest, end, self.bad)


def split_stream(stream: TextIO, block_chars: int = BLOCK_CHARS) -> Iterator[Chunk]:
    """The records of `stream`, as `split_records` finds them, faster: the stream is read
    in blocks, and a *simple* record (lines of one tag each, then lines free of brackets,
    braces, quotes, `;` and `%`, up to a line that starts with `[`, as canonical text is)
    is cut by a pattern for its tag lines and a search for the end of its body. From the
    first text that is not, the rest of the stream goes to `split_records`, line by line."""
    text, line, more, simple, line_start = "", 1, True, True, True
    while more and simple:
        block = stream.read(block_chars)
        more = bool(block)
        if more and not block.endswith("\n"):
            block += stream.readline(PIECE_CHARS)  # blocks end at a line end
        if BOM in block:
            block = _without_line_boms(block, line_start)
            simple = BOM not in block  # one inside a line: `split_records` reads it
        line_start = block.endswith("\n")
        text += block
        pos = 0
        while simple:
            start = _TAG_RUN.match(text, _WRITER_TAGS.match(text, pos).end()).end()
            if start == pos:  # no tag line: not a simple record, unless the text is done
                simple = pos == len(text)
                break
            end = text.find("[", start)  # the body: up to the first bracket, brace, quote...
            end = len(text) if end < 0 else end
            for stop in _BODY_STOPS:
                at = text.find(stop, start, end)
                end = end if at < 0 else at
            if end == len(text) and more:
                simple = len(text) - pos <= MAX_RECORD_CHARS
                break  # the record may go on in the next block
            tags = text[pos:start]
            simple = (
                (end == len(text) or text[end - 1 : end + 1] == "\n[")
                and end > start
                and not text[start:end].isspace()
                and (tags.count("Game") <= 1 or len(_GAME_TAG.findall(tags)) <= 1)
                and end - pos <= MAX_RECORD_CHARS
            )
            if simple:
                record = text[pos:end]
                yield Chunk(line, 1, record, size=len(record))
                line += record.count("\n")
                pos = end
        text = text[pos:]
    if text or more:
        yield from split_records(chain(pieces(io.StringIO(text)), pieces(stream)), line)


def _without_line_boms(block: str, line_start: bool) -> str:
    """`block` without the BOMs that start its lines, as `split_records` drops them
    (`line_start`: the block's first character starts a line)."""
    while "\n" + BOM in block:
        block = block.replace("\n" + BOM, "\n")
    return block.lstrip(BOM) if line_start else block


def pieces(stream: TextIO) -> Iterator[str]:
    """The lines of `stream`, a very long line cut into pieces of `PIECE_CHARS`."""
    return iter(partial(stream.readline, PIECE_CHARS), "")


def split_records(lines: Iterable[str], first_line: int = 1) -> Iterator[Chunk]:
    """Yield one `Chunk` per record found in `lines`: lines ending with their newline, or
    pieces of lines (a piece without a newline is continued by the next one). The first
    line is line `first_line` of its file."""
    current = _Builder(first_line, 1)
    held: _Builder | None = None
    """The text from a `[` whose name has not come yet, when that name decides whether the
    `[` starts a record (a second `Game` tag does)."""
    in_comment = naming = False  # naming: a `[` was read, and the word after it was not yet
    lineno, column_base, line_start, skipping = first_line - 1, 0, True, False
    for raw in lines:
        if line_start:
            lineno += 1
            column_base = 0
            if raw.startswith(BOM):
                raw = raw.lstrip(BOM)  # not a column
            skipping = raw.startswith("%")
        base = column_base
        line_start = raw.endswith("\n")
        column_base += len(raw)
        if not raw:
            continue
        if skipping:
            (held or current).note_bad(raw, lineno, base + 1)
            if line_start:
                held = _add(current, held, "\n")
            continue
        if not (in_comment or naming):
            if _SPECIAL.search(raw) is None:  # plain body text
                if not raw.isspace():
                    current.body_seen = current.significant = True
                current.add(raw)
                continue
            tag = _TAG_LINE.match(raw) if base == 0 else None
            if tag is not None:  # a line holding one tag and nothing else
                game = tag.group(1) == "Game"
                if current.body_seen or (game and current.game_seen):
                    if current.significant:
                        yield current.chunk()
                    current = _Builder(lineno, 1)
                current.game_seen |= game
                current.significant = True
                current.add(raw)
                continue
        pos = 0
        if in_comment:
            if base == 0 and _GAME_LINE.match(raw):
                in_comment = naming = False
                if held is not None:
                    current.absorb(held)
                    held = None
                if current.significant:
                    yield current.chunk()
                current = _Builder(lineno, 1)
            else:
                end = raw.find("}")
                if end < 0:
                    held = _add(current, held, raw)
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
            if first == BOM:  # white space
                held = _add(current, held, raw[start : match.start()] + " ")
                start = match.end()
                continue
            if naming and first != "[":  # what stands where the tag's name goes
                naming = False
                game = token == "Game"
                if held is not None:
                    if game:  # a second Game tag: a record starts at its `[`
                        if current.significant:
                            yield current.chunk()
                        current = held
                    else:
                        current.absorb(held)
                    held = None
                current.game_seen |= game
                current.significant = True
                if first not in '"]':
                    continue  # the name: not body text
            if first == "[":
                if held is not None:  # the tag before has no name
                    current.absorb(held)
                    held = None
                name = match.group(1)
                at = match.start()
                if current.body_seen or (name == "Game" and current.game_seen):
                    current.add(raw[start:at])
                    if current.significant:
                        yield current.chunk()
                    current = _Builder(lineno, base + at + 1)
                    start = at
                elif name is None and current.game_seen:  # its name, still to come, decides
                    current.add(raw[start:at])
                    held = _Builder(lineno, base + at + 1)
                    start = at
                naming = name is None
                current.game_seen |= name == "Game"
                current.significant = True
                continue
            current.significant = True
            if first not in '"]':
                current.body_seen = True
        held = _add(current, held, raw[start:])
    if held is not None:
        current.absorb(held)
    if current.significant:
        yield current.chunk()


def _add(current: _Builder, held: _Builder | None, text: str) -> _Builder | None:
    """Add `text` to the text `held` back from `current`, or to `current` when none is; held
    text that would pass `MAX_RECORD_CHARS` goes to `current` (a tag whose name comes that
    late starts no record). What is held afterwards."""
    if held is not None:
        if held.size + len(text) <= MAX_RECORD_CHARS:
            held.add(text)
            return held
        current.absorb(held)
    current.add(text)
    return None
