"""`trunfu analyse`: every card of the last tricks of each record, judged double dummy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .app import app, read_errors, tgn_files


def _number(value: float) -> str:
    return f"{value:g}"


@app.command()
def analyse(
    paths: Annotated[
        list[str] | None, typer.Argument(help="Files, folders or - for stdin.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per record.")] = False,
    tricks: Annotated[
        int | None,
        typer.Option("--tricks", min=1, help="Analyse the last N tricks (default: the budget's)."),
    ] = None,
    budget: Annotated[
        float,
        typer.Option("--budget", min=0.0, help="Seconds per deal when --tricks is not given."),
    ] = 10.0,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="Analyse the archive's records instead, and store the result."),
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", help="With --db: only this game's records.")
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=0, help="With --db: at most N records.")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers", "-j", min=0, help="With --db: processes (default: one per core)."
        ),
    ] = None,
) -> None:
    """Judge every card of the last tricks double dummy: the value before and after it, the
    best cards and what it cost (docs/analysis.md). With --db, the archive's scored records
    not analysed yet, stored in its analysis tables."""
    if db is not None:
        if paths:
            typer.echo("trunfu analyse: give files, or --db, not both", err=True)
            raise typer.Exit(2)
        _archive(db, as_json, tricks, budget, game, limit, workers)
        return
    if not paths:
        typer.echo("trunfu analyse: give files or folders (or --db)", err=True)
        raise typer.Exit(2)
    from ..analysis.analyse import analyse as run
    from ..analysis.values import NotAnalysable
    from ..notation.reader import read

    status = 0
    for name in tgn_files(paths):
        try:
            for result in read(name):
                where = f"{result.file or '<stdin>'} record {result.index}"
                if result.record is None or result.diagnostics:
                    error = "the record does not read: " + "; ".join(
                        f"line {d.line}, column {d.column}: {d.message}" for d in result.diagnostics
                    )
                    status = 1
                    _error(as_json, result.file, result.index, where, error)
                    continue
                try:
                    found = run(result.record, tricks=tricks, budget=budget)
                except NotAnalysable as refused:
                    status = 1
                    _error(as_json, result.file, result.index, where, str(refused))
                    continue
                if as_json:
                    typer.echo(
                        json.dumps(
                            {
                                "file": result.file,
                                "record": result.index,
                                "game": found.game,
                                "side": found.side,
                                "tricks": found.tricks,
                                "positions": [p.as_json() for p in found.positions],
                            },
                            ensure_ascii=False,
                        )
                    )
                else:
                    _table(where, found)
        except read_errors() as error:
            typer.echo(f"trunfu analyse: {name}: cannot read: {error}", err=True)
            status = 1
    raise typer.Exit(status)


def _archive(
    db: Path,
    as_json: bool,
    tricks: int | None,
    budget: float,
    game: str | None,
    limit: int | None,
    workers: int | None,
) -> None:
    """`trunfu analyse --db`: the archive's records analysed and stored."""
    from ..archive.analyses import analyse_archive
    from ..archive.lock import ArchiveError

    try:
        summary = analyse_archive(
            db, game=game, limit=limit, tricks=tricks, budget=budget, workers=workers
        )
    except ArchiveError as error:
        typer.echo(f"trunfu analyse: {error}", err=True)
        raise typer.Exit(3) from None
    if as_json:
        typer.echo(json.dumps(summary.as_dict()))
    else:
        typer.echo(
            f"{summary.analysed:,} records analysed ({summary.cards:,} cards judged), "
            f"{summary.refused:,} that cannot be, in {summary.seconds:.1f} s"
            + (" (interrupted: what was stored is kept)" if summary.interrupted else "")
        )
    raise typer.Exit(130 if summary.interrupted else 0)


def _error(as_json: bool, file: str | None, index: int, where: str, error: str) -> None:
    if as_json:
        typer.echo(json.dumps({"file": file, "record": index, "error": error}, ensure_ascii=False))
    else:
        typer.echo(f"{where}: cannot analyse: {error}", err=True)


def _table(where: str, found) -> None:  # found: analysis.analyse.Analysis
    from ..analysis.marks import mark

    typer.echo(
        f"{where}: {found.game}, the last {found.tricks} tricks; values are the points of "
        f"the declarer's side ({found.side_words}) with perfect play"
    )
    typer.echo(f"{'trick':>5} {'seat':>4} {'card':<5} {'before':>7} {'after':>7} {'loss':>6}  mark")
    for p in found.positions:
        judged = mark(found.game, p.loss)
        best = "" if judged == "best" else "  best: " + " ".join(p.best)
        typer.echo(
            f"{p.trick:>5} {p.seat:>4} {p.card:<5} {_number(p.before):>7} "
            f"{_number(p.after):>7} {_number(p.loss):>6}  {judged}{best}"
        )
