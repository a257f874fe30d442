"""`trunfu fmt`: print, check or rewrite records in the canonical form (spec §8).

Records are streamed: a file is never held in memory whole. A record that does not read
is kept as written, byte for byte (a record too long to read is copied from its file
again, piece by piece), its diagnostics go to stderr, and `--in-place` leaves its file as
it was.
"""

from __future__ import annotations

import filecmp
import io
import os
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .app import app, read_errors, tgn_files

if TYPE_CHECKING:
    from ..notation.models import ReadResult

COMPRESSED = (".gz", ".bz2", ".zst")


def canonical_pieces(
    results: Iterable[ReadResult], unread: list[ReadResult], source: str | bytes
) -> Iterator[str]:
    """The canonical text of a file's records, one piece per record (one empty line between
    records) or more. A record that does not read, or reads with a problem of its text (a
    `syntax` diagnostic: what the writer cannot say as written, such as a seat label that
    does not exist), is given as written and added to `unread`; one too long to read is
    read again from `source` (its path, or the bytes of standard input), piece by piece."""
    from ..notation.reader import cut_text
    from ..notation.writer import write

    for i, result in enumerate(results):
        if result.record is None or any(d.cls == "syntax" for d in result.diagnostics):
            unread.append(result)
            if result.cut is not None:
                parts = _as_written(cut_text(source, result.cut))
            else:
                parts = iter([result.text.strip("\n") + "\n"])
        else:
            parts = iter([write(result.record)])
        if i:
            yield "\n"
        yield from parts


def _as_written(pieces: Iterable[str]) -> Iterator[str]:
    """The pieces of a record's text without its leading and trailing line ends, then one
    line end (as `canonical_pieces` gives a record that does not read)."""
    ends: str | None = None  # line ends held back; None until the text starts
    for piece in pieces:
        body = piece.rstrip("\n")
        if body:
            yield body.lstrip("\n") if ends is None else ends + body
            ends = piece[len(body) :]
        elif ends is not None:
            ends += piece
    yield "\n"


def _same(pieces: Iterable[str], original: io.BufferedIOBase) -> bool:
    """Whether the original bytes are exactly the pieces, encoded as UTF-8 (every piece is
    consumed, so that every record is read)."""
    from ..notation.encoding import raw_bytes

    same = True
    for piece in pieces:
        data = raw_bytes(piece)
        if same and original.read(len(data)) != data:
            same = False
    return same and original.read(1) == b""


def _report(name: str, unread: list[ReadResult]) -> None:
    for result in unread:
        for diagnostic in result.diagnostics:
            typer.echo(str(diagnostic), err=True)
    if unread:
        typer.echo(f"{name}: {len(unread)} record(s) do not read: kept as written", err=True)


def _rewrite(name: str, pieces: Iterable[str], unread: list[ReadResult]) -> bool:
    """Write the canonical text to a temporary file beside `name`, then put it in its place
    if every record read and the text changed. True when the file is canonical now."""
    from ..notation.encoding import ERRORS

    path = Path(name)
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors=ERRORS, newline="\n") as out:
            for piece in pieces:
                out.write(piece)
        if unread:
            return False
        if not filecmp.cmp(temp, name, shallow=False):
            os.replace(temp, name)
        return True
    finally:
        if os.path.exists(temp):
            os.unlink(temp)


@app.command()
def fmt(
    paths: Annotated[list[str], typer.Argument(help="Files, folders or - for stdin.")],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 if a file is not canonical.")
    ] = False,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the files.")] = False,
) -> None:
    """Print the canonical text of every record (or check, or rewrite, the files)."""
    if check and in_place:
        typer.echo("trunfu fmt: --check and --in-place do not go together", err=True)
        raise typer.Exit(2)
    names = list(tgn_files(paths))
    if in_place and any(n == "-" or n.lower().endswith(COMPRESSED) for n in names):
        typer.echo("trunfu fmt: --in-place rewrites plain .tgn files, not - or archives", err=True)
        raise typer.Exit(2)
    from ..notation.encoding import raw_bytes
    from ..notation.reader import open_binary, read, text_stream

    status = 0
    wrote = False
    for name in names:
        unread: list[ReadResult] = []
        try:
            if name == "-":
                data = sys.stdin.buffer.read()
                results = read(text_stream(io.BytesIO(data)), "<stdin>")
                original: io.BufferedIOBase = io.BytesIO(data)
                source: str | bytes = data
            else:
                results = read(name)
                original = open_binary(name)  # type: ignore[assignment]
                source = name
            pieces = canonical_pieces(results, unread, source)
            if check:
                with original:
                    if not _same(pieces, original):
                        typer.echo(f"{name}: not canonical", err=True)
                        status = 1
            elif in_place:
                original.close()
                if not _rewrite(name, pieces, unread):
                    typer.echo(f"{name}: not rewritten", err=True)
            else:
                original.close()
                out = sys.stdout.buffer  # bytes: a record that is not UTF-8 goes out as it came
                for n, piece in enumerate(pieces):
                    out.write(raw_bytes("\n" + piece if wrote and n == 0 else piece))
                    wrote = True
        except read_errors() as error:
            typer.echo(f"trunfu fmt: {name}: cannot read: {error}", err=True)
            status = 1
            continue
        _report(name, unread)
        status |= bool(unread)
    raise typer.Exit(status)
