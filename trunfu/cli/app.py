"""The Typer application and the helpers every command shares."""

from __future__ import annotations

import os
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path

import typer

app = typer.Typer(
    name="trunfu",
    help="Archive and analysis of tarot-family card games recorded in TGN.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help and usage errors: only the commands that draw load rich
)


@app.callback()
def trunfu() -> None:
    """Archive and analysis of tarot-family card games recorded in TGN."""
    # A callback keeps `trunfu COMMAND` a group even when one command is loaded.


TGN_SUFFIXES = (".tgn", ".tgn.gz", ".tgn.bz2", ".tgn.zst")


def read_errors() -> tuple[type[BaseException], ...]:
    """What reading a file may raise: I/O errors and broken compressed data. Written in an
    `except` clause, it is called once something was raised; zstandard's error is among
    them when a `.zst` file has loaded zstandard (nothing else raises it)."""
    zstandard = sys.modules.get("zstandard")
    found = (OSError, EOFError, zlib.error)
    return (*found, zstandard.ZstdError) if zstandard is not None else found


def tgn_files(paths: list[str]) -> Iterator[str]:
    """Files named by `paths`: files as given, folders searched for TGN files, `-` for stdin.
    A path that does not exist is a usage error (exit 2); a folder inside that cannot be
    read is skipped, and said so on stderr."""
    for raw in paths:
        if raw == "-":
            yield raw
            continue
        path = Path(raw)
        if path.is_dir():
            yield from sorted(_found(path))
        elif path.is_file():
            yield str(path)
        else:
            typer.echo(f"trunfu: {raw}: no such file or folder", err=True)
            raise typer.Exit(2)


def _found(folder: Path) -> Iterator[str]:
    """The TGN files under `folder` (its subfolders too, symbolic links to folders not
    followed, as `Path.rglob` does)."""

    def unreadable(error: OSError) -> None:
        where = error.filename or folder
        reason = error.strerror or str(error)
        typer.echo(f"trunfu: {where}: cannot read the folder ({reason}); skipped", err=True)

    for top, _, names in os.walk(folder, onerror=unreadable):
        for name in names:
            if name.lower().endswith(TGN_SUFFIXES) and os.path.isfile(os.path.join(top, name)):
                yield os.path.join(top, name)
