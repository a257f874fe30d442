"""Check uploaded TGN files for the Upload page: size and encoding first, then the reader
and the referee, record by record. Pure functions, no Streamlit: the page only draws."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from itertools import islice

from ..notation import encoding
from ..notation.models import Diagnostic, ReadResult, Record
from ..notation.reader import read
from ..notation.split import split_records
from ..referee import Verdict, judge

MAX_FILE_BYTES = 5_000_000
"""Largest file the page checks (5 MB, some 2,500 deals); larger ones: `trunfu validate`."""
MAX_RECORDS = 500
"""Most records checked in one file, so the page answers at once; the rest are counted,
not read."""
SNIFF_BYTES = 8192
"""A NUL byte in the first bytes marks a binary file."""
TAG = re.compile(r"^[ \t\ufeff]*\[\s*[A-Za-z][A-Za-z0-9_]*\s+\"", re.MULTILINE)
"""A tag pair at the start of a line, such as `[Game "marafone"]`: every TGN record has
some; a file without any is not TGN."""
COMMENTS = re.compile(r"\{[^}]*\}|^[ \t]*[%;].*$", re.MULTILINE)
"""Brace comments and `%` / `;` comment lines."""


@dataclass
class Problem:
    """A diagnostic with the source line it points at, as the page shows it."""

    diagnostic: Diagnostic
    source: str
    """The offending line of the file, without its line end ('' when unknown)."""

    @property
    def caret(self) -> str:
        """The source line with a caret under the column, for a code block."""
        if not self.source:
            return ""
        pad = " " * max(self.diagnostic.column - 1, 0)
        return f"{self.source}\n{pad}^"


@dataclass
class Checked:
    """One record of an upload and its verdict."""

    file: str
    index: int
    line: int
    text: str
    record: Record | None
    verdict: Verdict
    problems: list[Problem] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return self.record is not None and self.verdict.valid

    def tag(self, name: str) -> str:
        return (self.record.tag(name) if self.record else None) or ""


@dataclass
class FileReport:
    """What one uploaded file holds: its records, or why it could not be read at all."""

    name: str
    size: int
    error: str | None = None
    records: list[Checked] = field(default_factory=list)
    skipped: int = 0
    """Records past `MAX_RECORDS`, counted but not read."""

    @property
    def valid(self) -> list[Checked]:
        return [r for r in self.records if r.valid]

    @property
    def invalid(self) -> list[Checked]:
        return [r for r in self.records if not r.valid]


def decode(name: str, data: bytes) -> tuple[str | None, str | None]:
    """The text of an upload, or why it is refused (too large, binary, not UTF-8)."""
    if len(data) > MAX_FILE_BYTES:
        return None, (
            f"{name} is too large to check here: {len(data) / 1e6:.1f} MB, and this page "
            f"checks files up to {MAX_FILE_BYTES / 1e6:g} MB. Check it with "
            f"`trunfu validate {name}` and add it with `trunfu ingest {name}`."
        )
    if b"\x00" in data[:SNIFF_BYTES]:
        return None, f"{name} is a binary file, not TGN text."
    text = encoding.decode(data)
    if encoding.find(text) is not None:  # where `trunfu validate` says: a BOM is no column
        lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        line, column, message = encoding.find(lines)  # type: ignore[misc]
        return None, f"{name}:{line}:{column}: {message}."
    return text, None


def not_tgn(name: str, text: str) -> str | None:
    """Why `text` is no TGN file at all (empty, or without a single tag), or None."""
    if not text.strip(" \t\r\n\ufeff"):
        return f"{name} is empty: it holds no records."
    if not COMMENTS.sub("", text).strip(" \t\r\n\ufeff"):
        return f"{name} holds no records: only comments and white space."
    if TAG.search(text) is None:
        return (
            f"{name} is not TGN: no line of it starts with a tag such as "
            '`[Game "french-tarot"]`, as every TGN record does.'
        )
    return None


def check_text(name: str, text: str, max_records: int = MAX_RECORDS) -> FileReport:
    """Read and judge the first `max_records` records of a TGN text; count the others. A
    text that is not TGN at all is refused with the reason, not read record by record."""
    report = FileReport(name=name, size=len(text.encode("utf-8", "replace")))
    report.error = not_tgn(name, text)
    if report.error:
        return report
    lines = text.splitlines()
    for result in islice(read(io.StringIO(text), file=name), max_records):
        report.records.append(_checked(name, result, lines))
    if len(report.records) == max_records:
        total = sum(1 for _ in split_records(io.StringIO(text)))
        report.skipped = max(total - max_records, 0)
    if not report.records:
        report.error = f"{name} holds no records: only comments and white space."
    return report


def check_upload(name: str, data: bytes, max_records: int = MAX_RECORDS) -> FileReport:
    """Check one uploaded file given as bytes."""
    text, error = decode(name, data)
    if text is None:
        return FileReport(name=name, size=len(data), error=error)
    return check_text(name, text, max_records)


def _checked(name: str, read: ReadResult, lines: list[str]) -> Checked:
    verdict = judge(read)
    problems = [
        Problem(d, lines[d.line - 1] if 0 < d.line <= len(lines) else "")
        for d in verdict.diagnostics
    ]
    return Checked(
        file=name,
        index=read.index,
        line=read.line,
        text=read.text,
        record=read.record,
        verdict=verdict,
        problems=problems,
    )


def errors_file(records: list[Checked]) -> str:
    """The invalid records, each as given, with its diagnostics before it on `%` lines
    (which TGN readers ignore), so the file can be fixed and uploaded again."""
    parts = []
    for checked in records:
        notes = [f"% {checked.file} record {checked.index} (line {checked.line}):"]
        notes += [f"%   {p.diagnostic}" for p in checked.problems]
        parts.append("\n".join(notes) + "\n" + checked.text.strip("\n") + "\n")
    return "\n".join(parts)
