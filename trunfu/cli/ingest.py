"""`trunfu ingest`: load TGN files into the archive."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from ..archive import BATCH_SIZE, DEFAULT_DB
from .app import app, tgn_files

if TYPE_CHECKING:
    from rich.console import Console

    from ..archive.ingest import Summary
    from ..archive.lock import ArchiveError

DbOption = Annotated[Path, typer.Option("--db", help="The archive file (DuckDB).")]


@app.command("ingest")
def ingest_command(
    paths: Annotated[
        list[str] | None,
        typer.Argument(help="TGN files (.tgn, .tgn.gz, .tgn.zst), folders, or - for stdin."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-j", help="Parsing processes (default: one per core)."),
    ] = None,
    batch_size: Annotated[
        int, typer.Option("--batch-size", help="Records per transaction.", min=1)
    ] = BATCH_SIZE,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    rescore_: Annotated[
        bool,
        typer.Option(
            "--rescore",
            help="Then replay the stored records the engine could not score when they were "
            "ingested (their game had no module yet).",
        ),
    ] = False,
) -> None:
    """Add every record of PATHS to the archive: valid ones once each (by the hash of their
    canonical text), invalid ones to the rejects with their diagnostics."""
    if not paths and not rescore_:
        typer.echo("trunfu ingest: give files or folders (or --rescore)", err=True)
        raise typer.Exit(2)
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from ..archive.ingest import IngestAborted, Summary, ingest, rescore
    from ..archive.lock import ArchiveError

    files = list(tgn_files(paths or []))
    console = Console(stderr=True)
    progress = Progress(
        SpinnerColumn(),
        TextColumn("[bold]ingest"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.total:,.0f} files"),
        TextColumn("{task.fields[records]:,} records"),
        TextColumn("{task.fields[rate]:,.0f} records/s"),
        TimeElapsedColumn(),
        console=console,
        disable=as_json,
    )
    task = progress.add_task("ingest", total=len(files), records=0, rate=0.0)
    seen: set[str] = set()
    start = time.perf_counter()

    def update(summary: Summary) -> None:
        elapsed = time.perf_counter() - start
        progress.update(
            task,
            records=summary.records,
            rate=summary.records / elapsed if elapsed else 0.0,
            completed=len(seen),
        )

    def file_done(name: str) -> None:
        seen.add(name)

    summary = Summary(files=len(files))
    try:
        if files:
            with progress:
                summary = ingest(
                    db,
                    files,
                    workers=workers,
                    batch_size=batch_size,
                    on_batch=update,
                    on_file=file_done,
                )
                progress.update(task, completed=len(files))
    except IngestAborted as error:  # the summary tells what the archive holds now
        report(error.summary, db, as_json, console)
        raise typer.Exit(3 if error.damaged else 1) from None
    except ArchiveError as error:
        refuse(error, summary, db, as_json, console)
    if files or not rescore_:
        report(summary, db, as_json, console)
    damaged = False
    if rescore_ and not summary.interrupted:
        try:
            again = rescore(db, batch_size=batch_size)
        except IngestAborted as error:
            again, damaged = error.summary, error.damaged
        except ArchiveError as error:
            refuse(error, Summary(), db, as_json, console, "rescored")
        if as_json:
            typer.echo(json.dumps({"db": str(db), "rescored": again.as_dict()}, default=str))
        else:
            for error in again.errors:
                console.print(error, style="red", markup=False, highlight=False)
            typer.echo(
                f"rescored {again.records:,} records: {again.added:,} scored, "
                f"{again.rejected:,} moved to the rejects"
            )
        summary.errors += again.errors
        summary.interrupted |= again.interrupted
    if summary.interrupted:
        raise typer.Exit(130)
    raise typer.Exit(3 if damaged else 1 if summary.errors else 0)


def refuse(
    error: ArchiveError,
    summary: Summary,
    db: Path,
    as_json: bool,
    console: Console,
    key: str | None = None,
) -> NoReturn:
    """The archive cannot be used (busy, damaged, not an archive): say why, exit 3. With
    `--json`, the summary of what was done (nothing) carries the message."""
    if as_json:
        summary.errors.append(str(error))
        shown = summary.as_dict()
        typer.echo(json.dumps({"db": str(db), **({key: shown} if key else shown)}, default=str))
    else:
        console.print(f"trunfu ingest: {error}", style="red", markup=False, highlight=False)
    raise typer.Exit(3)


def report(summary: Summary, db: Path, as_json: bool, console: Console) -> None:
    """The summary: added, already present, rejected, and any unreadable file."""
    if as_json:
        typer.echo(json.dumps({"db": str(db), **summary.as_dict()}, default=str))
        return
    for error in summary.errors:
        console.print(error, style="red", markup=False, highlight=False)
    if summary.interrupted:
        console.print("[yellow]interrupted: the archive keeps the whole batches committed[/yellow]")
    typer.echo(
        f"{summary.records:,} records in {summary.files} files: {summary.added:,} added, "
        f"{summary.duplicates:,} already present, {summary.rejected:,} rejected "
        f"({summary.rate:,.0f} records/s) → {db}"
    )
