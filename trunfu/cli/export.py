"""`trunfu export`: the archive as TGN, JSON Lines or Parquet."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..archive import DEFAULT_DB
from .app import app


@app.command()
def export(
    out: Annotated[
        str, typer.Argument(help="Output file (tgn, jsonl; - for stdout) or folder (parquet).")
    ],
    fmt: Annotated[str, typer.Option("--format", help="tgn, jsonl or parquet.")],
    db: Annotated[Path, typer.Option("--db", help="The archive file (DuckDB).")] = DEFAULT_DB,
    game: Annotated[str | None, typer.Option("--game", help="Only this game.")] = None,
) -> None:
    """Write the archive out: `tgn` gives back the canonical texts byte for byte, `jsonl`
    one pydantic Record per line, `parquet` one file per table in the folder OUT.
    Exit 2 when OUT cannot take the format (a folder for a file, a missing folder), 3 when
    the archive cannot be read, 1 when writing fails."""
    from ..archive import export as exporter
    from ..archive import queries
    from ..archive.lock import ArchiveError, reading

    if fmt not in exporter.FORMATS:
        typer.echo(
            f"trunfu export: --format must be one of {', '.join(exporter.FORMATS)}", err=True
        )
        raise typer.Exit(2)
    if game == "":
        typer.echo("trunfu export: --game needs a game's name (leave it out for all)", err=True)
        raise typer.Exit(2)
    try:
        exporter.check_output(fmt, out)
    except exporter.OutputError as error:
        typer.echo(f"trunfu export: {error}", err=True)
        raise typer.Exit(2) from None
    try:
        con = queries.open_archive(db)
    except ArchiveError as error:
        typer.echo(f"trunfu export: {error}", err=True)
        raise typer.Exit(3) from None
    try:
        with reading(db):
            if fmt == "tgn":
                count = exporter.export_tgn(con, out, game)
            elif fmt == "jsonl":
                count = exporter.export_jsonl(con, out, game)
            else:
                count = exporter.export_parquet(con, out, game)["records"]
    except ArchiveError as error:
        typer.echo(f"trunfu export: {error}", err=True)
        raise typer.Exit(3) from None
    except OSError as error:
        typer.echo(f"trunfu export: cannot write {out}: {error.strerror or error}", err=True)
        raise typer.Exit(1) from None
    finally:
        con.close()
    if out != "-":
        typer.echo(f"{count:,} records → {out}", err=True)
