"""The TGN reader: text → `Record` models with positions, and diagnostics (spec §1–§5, §7).

`read()` streams records from a path, a string or a text stream; each record is read on
its own, so a problem in one never stops the reading of the next ones. A record is read
one way: Lark's LALR parser (`tgn.lark`) reads its structure, calling the builder
(`builder.py`) for each tag and section; the builder splits a section's text into items
(`lexer.py`) and makes the models; then the checks (`checks.py`) read the record made.
"""

from __future__ import annotations

import bz2
import gc
import gzip
import io
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from lark import Token
from lark.exceptions import LarkError, UnexpectedEOF, UnexpectedInput

from . import checks, encoding
from .builder import MAX_PROBLEMS, Builder, attach_comments, comment_text
from .errors import syntax_message
from .grammar import build_parser
from .models import Cut, Diagnostic, ReadResult, Record
from .split import MAX_RECORD_CHARS, Chunk, pieces, split_records, split_stream
from .words import SECTION_KEYS

__all__ = ["SECTION_KEYS", "comment_text"]

MAX_DIAGNOSTICS = MAX_PROBLEMS


class Reader:
    """Reads records; one parser, reused for every record."""

    def __init__(self) -> None:
        self._comments: list[Token] = []
        self._build = Builder()
        self._parser = build_parser(self._build, self._comments)

    def parse_chunk(self, chunk: Chunk, file: str | None, index: int) -> ReadResult:
        """Read one record."""

        def diag(line: int, column: int, cls: str, code: str, message: str) -> Diagnostic:
            return Diagnostic(
                file=file,
                record=index,
                line=line,
                column=column,
                cls=cls,
                code=code,
                message=message,
            )

        bad = encoding.find(chunk.text, chunk.line, chunk.column)
        if chunk.bad is not None and (bad is None or chunk.bad < bad):
            bad = chunk.bad  # in a `%` line, or past the part kept of an oversize record
        if chunk.oversize or bad is not None:  # too long, or not text: not read further
            found = []
            if bad is not None:
                line, column, message = bad
                found.append(diag(line, column, "encoding", "not-utf-8", message))
            if chunk.oversize:
                found.insert(
                    0, diag(chunk.line, chunk.column, "syntax", "record-too-long", _too_long(chunk))
                )
            return ReadResult(
                file=file,
                index=index,
                line=chunk.line,
                text=chunk.text,
                diagnostics=found,
                cut=_cut(chunk),
            )
        build = self._build
        self._comments.clear()
        build.reset(chunk.line, chunk.column)
        text = chunk.text
        try:
            skipped: list[int] = []  # where the reading went on after a broken structure
            record = self._parser.parse(
                text, on_error=lambda error: _recover(error, text, build, skipped)
            )
        except UnexpectedInput as error:
            # the structure is broken here and the reading cannot go on (told by
            # `_recover`): the section being read is read for the problems of its text
            parser = getattr(error, "interactive_parser", None)
            if parser is not None:
                build.pending(parser.parser_state.value_stack)
            record = None
        except LarkError as error:  # pragma: no cover - grammar-level failure
            message = str(error).splitlines()[0]
            build.problem(chunk.line, chunk.column, "unreadable", message)
            record = None
        if build.problems:
            problems = sorted(build.problems, key=lambda p: (p[0], p[1]))[:MAX_DIAGNOSTICS]
            found = [diag(*problem) for problem in problems]
            return ReadResult(
                file=file, index=index, line=chunk.line, text=chunk.text, diagnostics=found
            )
        assert record is not None
        comments = [(*build.at(c.line, c.column), comment_text(c.value)) for c in self._comments]
        if comments:
            record.comments = tuple(attach_comments(record, comments, build.tags_end))
        record.file, record.index = file, index
        problems = checks.check(record)[:MAX_DIAGNOSTICS]
        return ReadResult(
            file=file,
            index=index,
            line=chunk.line,
            record=record,
            diagnostics=[diag(*problem) for problem in problems],
            text=chunk.text,
        )

    def read_lines(self, lines: Iterable[str], file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_records(lines), 1):
            yield self.parse_chunk(chunk, file, index)

    def read_stream(self, stream: TextIO, file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_stream(stream), 1):
            yield self.parse_chunk(chunk, file, index)


_PARTIAL_TAG = ("LSQB", "TAG_NAME", "STRING")
"""The tokens of a tag written in parts (`[`, name, value) before its `]`."""
_READABLE = ("TAG", "LSQB", "KEYWORD", "KW_TRUMP")
"""Tokens that open a tag or a section: read where they stand once a broken tag is left."""


def _problem(error: UnexpectedInput, text: str, build: Builder) -> tuple[int, int, str, str, str]:
    """The problem a parse error is, at its file position."""
    stack = error.interactive_parser.parser_state.value_stack
    line, column, code, message = syntax_message(error, text, build.open_section(stack))
    return (*build.at(line, column), "syntax", code, message)


def _recover(error: UnexpectedInput, text: str, build: Builder, skipped: list[int]) -> bool:
    """Tell a break in the record's structure (a broken tag, a `{` never closed, a stray
    `]`), then go on reading at the next line (noted in `skipped`): a tag left half
    written is dropped, the section being read goes on. False (the reading stops) at the
    end of the text, or when `MAX_DIAGNOSTICS` problems are told; the end reached in what
    a break left unfinished is not told again."""
    token = getattr(error, "token", None)
    at_end = isinstance(error, UnexpectedEOF) or (token is not None and token.type == "$END")
    if at_end and skipped:
        return False
    line, column, cls, code, message = _problem(error, text, build)
    build.problem(line, column, code, message, cls)
    if at_end or len(build.problems) >= MAX_DIAGNOSTICS:
        return False
    parser = error.interactive_parser
    states, values = parser.parser_state.state_stack, parser.parser_state.value_stack
    dropped = False
    while values and isinstance(values[-1], Token) and values[-1].type in _PARTIAL_TAG:
        states.pop()
        values.pop()
        dropped = True
    if token is None:  # characters no token reads: the next line
        start = error.pos_in_stream  # type: ignore[attr-defined]
        resume = text.find("\n", start) + 1 or len(text)
    elif dropped and token.type in _READABLE:  # read where it stands, the tag left
        resume = token.start_pos
    else:  # a token out of place: the line after it
        end = max(token.end_pos - 1, token.start_pos)
        resume = text.find("\n", end) + 1 or len(text)
    skipped.append(resume)
    counter = parser.lexer_thread.state.line_ctr
    counter.char_pos = resume
    counter.line = text.count("\n", 0, resume) + 1
    counter.line_start_pos = text.rfind("\n", 0, resume) + 1
    counter.column = resume - counter.line_start_pos + 1
    return True


def _too_long(chunk: Chunk) -> str:
    """The message of an oversize record."""
    return (
        f"this record is {chunk.size:,} characters long; a record may hold at most "
        f"{MAX_RECORD_CHARS:,} (is a record separator missing?)"
    )


def _cut(chunk: Chunk) -> Cut | None:
    """What the text of an oversize record leaves out."""
    if not chunk.oversize or chunk.end is None:
        return None
    return Cut(
        size=chunk.size,
        digest=chunk.digest,
        line=chunk.line,
        column=chunk.column,
        end_line=chunk.end[0],
        end_column=chunk.end[1],
    )


_READER: Reader | None = None


def shared_reader() -> Reader:
    """The process's one `Reader`, built on first use (its parser is built once; worker
    processes forked after it inherit it)."""
    global _READER
    if _READER is None:
        _READER = Reader()
    return _READER


class Truncated(EOFError):
    """A compressed file that ends before the end of its compressed stream."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"truncated: the {kind} data ends before the end of its stream")


class _Decompressing(io.RawIOBase):
    """The bytes of a compressed file, handed out up to the last line end decompressed so
    far (a line's start is held back, up to `HOLD` bytes, until its end comes). A fault
    (the file cut short, bad data) drops the held line, which it cut, and is given first
    as the end of the file, then raised by the next read and by `_Text` where the text
    ends: so the text before a fault ends with a line end, and the records it holds are
    read before the fault is raised."""

    HOLD = 1 << 20

    def __init__(self) -> None:
        self.fault: Exception | None = None
        self._ready = memoryview(b"")
        self._held = b""
        self._done = self._told = False  # the end reached; and told as the end of the file

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._ready:
            if self._done:
                if self.fault is not None and self._told:
                    raise self.fault
                self._told = True
                return 0
            self._more()
        size = min(len(buffer), len(self._ready))
        buffer[:size] = self._ready[:size]
        self._ready = self._ready[size:]
        return size

    def _more(self) -> None:
        """Decompress the next bytes: those up to the last line end become ready."""
        try:
            data = self._next()
        except Exception as fault:  # Truncated, OSError, zlib.error, ZstdError...
            self.fault = fault
            self._held, self._done = b"", True  # the line the fault cut is dropped
            return
        if not data:  # the end: the last line, whole
            self._ready, self._held, self._done = memoryview(self._held), b"", True
            return
        data = self._held + data if self._held else data
        cut = data.rfind(b"\n") + 1
        if len(data) - cut > self.HOLD:
            cut = len(data)
        self._ready, self._held = memoryview(data)[:cut], data[cut:]

    def _next(self) -> bytes:
        """The next decompressed bytes (some, or b"" at the end of the file)."""
        raise NotImplementedError


class _Library(_Decompressing):
    """A gzip or bzip2 file as the standard library reads it; one cut short raises
    `Truncated` (the library's `EOFError` does not say what is wrong)."""

    def __init__(self, file: Any, kind: str) -> None:
        super().__init__()
        self._file, self._kind = file, kind

    def _next(self) -> bytes:
        try:
            return self._file.read1(1 << 16)
        except EOFError:
            raise Truncated(self._kind) from None

    def close(self) -> None:
        self._file.close()
        super().close()


class _Zstd(_Decompressing):
    """A zstd file, frame after frame as `zstd -d` reads it; one that ends inside a frame
    raises `Truncated`. The compressed bytes go in `FEED` at a time, so that a frame of
    long runs never expands into more than a few MiB at once (a zstd block of 4 bytes may
    stand for 128 KiB)."""

    FEED = 256

    def __init__(self, file: BinaryIO) -> None:
        import zstandard

        super().__init__()
        self._file = file
        self._zstd = zstandard.ZstdDecompressor()
        self._frame: Any = None  # the decompressor of the frame being read, if any
        self._input = b""
        self._at = 0

    def _next(self) -> bytes:
        while True:
            if self._at == len(self._input):
                self._input, self._at = self._file.read(1 << 16), 0
                if not self._input:
                    if self._frame is not None:
                        raise Truncated("zstd")
                    return b""
            if self._frame is None:
                self._frame = self._zstd.decompressobj()
            feed = self._input[self._at : self._at + self.FEED]
            self._at += len(feed)
            out = self._frame.decompress(feed)
            if self._frame.eof:  # the frame ends: what follows it starts the next one
                self._input = self._frame.unused_data + self._input[self._at :]
                self._at, self._frame = 0, None
            if out:
                return out

    def close(self) -> None:
        self._file.close()
        super().close()


class _Text(io.TextIOWrapper):
    """The text of a compressed file: where it ends, the fault that ended it is raised."""

    def read(self, size: int | None = -1) -> str:
        text = super().read(size)
        if not text:
            self._fault()
        return text

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = super().readline(size)
        if not text:
            self._fault()
        return text

    def _fault(self) -> None:
        fault = getattr(getattr(self.buffer, "raw", None), "fault", None)
        if fault is not None:
            raise fault


def open_binary(path: str | Path) -> BinaryIO:
    """Open a TGN file as bytes, decompressing `.gz`, `.bz2` and `.zst` files. A compressed
    file cut short raises `Truncated` (an `EOFError`) after the bytes before the cut."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(".gz"):
        raw: io.RawIOBase = _Library(gzip.open(path, "rb"), "gzip")  # type: ignore[arg-type]
    elif name.endswith(".bz2"):
        raw = _Library(bz2.open(path, "rb"), "bzip2")  # type: ignore[arg-type]
    elif name.endswith(".zst"):
        raw = _Zstd(open(path, "rb"))
    else:
        return open(path, "rb")
    return io.BufferedReader(raw)  # type: ignore[return-value]


def text_stream(raw: BinaryIO) -> TextIO:
    """UTF-8 text of a byte stream: CRLF read as LF, a byte that is not UTF-8 as a lone
    surrogate (`encoding`: the record holding it is reported, and its bytes are kept). A
    BOM is left to `split_records`, the one place that skips it. The text of a compressed
    file raises, where it ends, the fault that cut it (`open_binary`)."""
    wrapper = _Text if isinstance(getattr(raw, "raw", None), _Decompressing) else io.TextIOWrapper
    return wrapper(raw, encoding="utf-8", errors=encoding.ERRORS, newline=None)


def open_text(path: str | Path) -> TextIO:
    """Open a TGN file (also `.gz`, `.bz2`, `.zst`) as text, as `text_stream` reads it."""
    return text_stream(open_binary(path))


def cut_text(source: str | Path | bytes, cut: Cut) -> Iterator[str]:
    """The whole text of a record too long to read (`ReadResult.cut`), read again from its
    file (a path, or the bytes of standard input) in pieces of at most `PIECE_CHARS`
    characters: memory stays bounded. Lines that start with `%` are given as written."""
    raw = io.BytesIO(source) if isinstance(source, bytes) else open_binary(source)
    start, end = (cut.line, cut.column), (cut.end_line, cut.end_column)
    line, column = 1, 1
    with text_stream(raw) as stream:
        for piece in pieces(stream):
            if (line, column) == (1, 1) and piece.startswith("\ufeff"):
                piece = piece[1:]  # a BOM is not a column (`split_records`)
            if line > end[0]:
                break
            if line >= start[0]:
                first = max(start[1] - column, 0) if line == start[0] else 0
                last = min(end[1] - column, len(piece)) if line == end[0] else len(piece)
                if last > first:
                    yield piece[first:last]
            if piece.endswith("\n"):
                line, column = line + 1, 1
            else:
                column += len(piece)


def read(source: str | Path | TextIO, file: str | None = None) -> Iterator[ReadResult]:
    """Stream the records of `source`: a path, `"-"` for stdin, a text stream, or TGN text
    (a `str` that holds a newline or a `[` is taken as text, not as a path). Files and text
    are read in blocks (`split_stream`); stdin and other streams line by line, so that a
    record is read as soon as it is written."""
    reader = shared_reader()
    if isinstance(source, Path) or (
        isinstance(source, str) and source != "-" and "\n" not in source and "[" not in source
    ):
        with open_text(source) as stream:
            yield from reader.read_stream(stream, file or str(source))
    elif source == "-":
        stream = text_stream(sys.stdin.buffer)
        yield from reader.read_lines(pieces(stream), file or "<stdin>")  # as lines come
    elif isinstance(source, str):
        yield from read_text(source, file)
    elif isinstance(source, io.StringIO):  # in memory: read in blocks
        yield from reader.read_stream(source, file)
    else:  # a stream may be a pipe: each record as soon as its lines come
        yield from reader.read_lines(pieces(source), file)


def read_text(text: str, file: str | None = None) -> list[ReadResult]:
    """Every record of a TGN text (CRLF line ends are read as LF)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    collecting = gc.isenabled()
    gc.disable()  # the records are kept: collecting while they pile up costs more than reading
    try:
        return list(shared_reader().read_stream(io.StringIO(text), file))
    finally:
        if collecting:
            gc.enable()


def read_records(text: str) -> list[Record]:
    """The records of a text that must read without diagnostics (for tests and tools)."""
    results = read_text(text)
    problems = [str(d) for r in results for d in r.diagnostics]
    if problems:
        raise ValueError("\n".join(problems))
    return [r.record for r in results if r.record is not None]
