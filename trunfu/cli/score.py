"""`trunfu score`: the computed result of every record, with its breakdown."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .app import app, read_errors, tgn_files

if TYPE_CHECKING:
    from rich.table import Table

    from ..engine.model import Outcome


def outcome_table(outcome: Outcome, title: str) -> Table:
    """A rich table of an outcome: payments per seat, then each breakdown entry."""
    from rich.table import Table

    table = Table(title=title, show_header=True, title_justify="left")
    table.add_column("item")
    table.add_column("value")
    table.add_row("contract", str(outcome.contract or "-"))
    if outcome.declarer is not None:
        partners = ", ".join(str(p) for p in outcome.partners)
        table.add_row(
            "declarer", f"seat {outcome.declarer}" + (f" with seat {partners}" if partners else "")
        )
    table.add_row("result", outcome.result)
    for key, value in outcome.breakdown.items():
        if key == "jochi" and isinstance(value, dict):
            for category, sides in value.items():
                if any(sides.values()):
                    shown = ", ".join(f"{side} {n}" for side, n in sides.items() if n)
                    table.add_row(f"  {category}", shown)
        else:
            table.add_row(key, _text(value))
    return table


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


@app.command()
def score(
    paths: Annotated[list[str], typer.Argument(help="Files, folders or - for stdin.")],
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per record.")] = False,
) -> None:
    """Compute each record's result and show how it is made up."""
    from rich.console import Console

    from ..engine import replay
    from ..notation.reader import read

    console = Console(highlight=False)
    status = 0
    for name in tgn_files(paths):
        try:
            for result in read(name):
                where = f"{result.file or '<stdin>'} record {result.index}"
                if result.record is None or result.diagnostics:
                    status = 1
                    for d in result.diagnostics:
                        typer.echo(str(d), err=True)
                    continue
                found = replay(result.record, steps=False)
                for d in found.diagnostics:
                    typer.echo(str(d), err=True)
                status |= bool(found.diagnostics)
                if as_json:
                    typer.echo(
                        json.dumps(
                            {
                                "file": result.file,
                                "record": result.index,
                                "outcome": asdict(found.outcome) if found.outcome else None,
                            },
                            ensure_ascii=False,
                        )
                    )
                elif found.outcome is None:
                    console.print(f"{where}: no result (the deal is not complete or not scored)")
                else:
                    console.print(outcome_table(found.outcome, where))
        except read_errors() as error:
            typer.echo(f"trunfu score: {name}: cannot read: {error}", err=True)
            status = 1
    raise typer.Exit(status)
