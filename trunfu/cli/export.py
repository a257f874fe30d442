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
    one pydantic Record per line, `parquet` one file per table in the folder OUT."""
    from ..archive import export as exporter
    from ..archive.lock import ArchiveError, connect

    if fmt not in exporter.FORMATS:
        typer.echo(
            f"trunfu export: --format must be one of {', '.join(exporter.FORMATS)}", err=True
        )
        raise typer.Exit(2)
    try:
        con = connect(db, read_only=True)
    except ArchiveError as error:
        typer.echo(f"trunfu export: {error}", err=True)
        raise typer.Exit(3) from None
    try:
        if fmt == "tgn":
            count = exporter.export_tgn(con, out, game)
        elif fmt == "jsonl":
            count = exporter.export_jsonl(con, out, game)
        else:
            count = exporter.export_parquet(con, out, game)["records"]
    finally:
        con.close()
    if out != "-":
        typer.echo(f"{count:,} records → {out}", err=True)
