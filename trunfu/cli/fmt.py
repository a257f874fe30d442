"""`trunfu fmt`: print or rewrite records in the canonical form (spec §8)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..notation.models import ReadResult
from ..notation.reader import read
from ..notation.writer import write
from .app import app, tgn_files


def canonical_file(results: list[ReadResult]) -> tuple[str, list[ReadResult]]:
    """The canonical text of a file's records, and the records that did not read (kept
    as written, never rewritten)."""
    texts, unread = [], []
    for result in results:
        if result.record is None:
            unread.append(result)
            texts.append(result.text.strip("\n") + "\n")
        else:
            texts.append(write(result.record))
    return "\n".join(texts), unread


@app.command()
def fmt(
    paths: Annotated[list[str], typer.Argument(help="Files, folders or - for stdin.")],
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 if a file is not canonical.")
    ] = False,
    in_place: Annotated[bool, typer.Option("--in-place", "-i", help="Rewrite the files.")] = False,
) -> None:
    """Print the canonical text of every record (or check, or rewrite, the files)."""
    status = 0
    for name in tgn_files(paths):
        results = list(read(name))
        text, unread = canonical_file(results)
        for result in unread:
            status = 1
            for diagnostic in result.diagnostics:
                typer.echo(str(diagnostic), err=True)
        if check:
            original = (
                sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8-sig")
            )
            if original.replace("\r\n", "\n") != text:
                typer.echo(f"{name}: not canonical", err=True)
                status = 1
        elif in_place and name != "-":
            if unread:
                typer.echo(f"{name}: not rewritten: {len(unread)} record(s) do not read", err=True)
            else:
                Path(name).write_text(text, encoding="utf-8", newline="\n")
        else:
            sys.stdout.write(text)
    raise typer.Exit(status)
