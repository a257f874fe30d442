"""`trunfu replay`: a deal step by step in the terminal."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Annotated

import typer

from .app import app, read_errors
from .score import outcome_table

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from rich.console import Console

    from ..engine.model import Replay, Step
    from ..notation.models import ReadResult, Record


def _hands(step: Step) -> list[str]:
    lines = [
        f"    seat {seat}: {' '.join(cards) if cards else '(unknown)'}"
        for seat, cards in sorted(step.hands.items())
    ]
    if step.talon:
        lines.append(f"    talon: {' '.join(step.talon)}")
    return lines


def step_lines(step: Step, show_hands: bool) -> list[str]:
    """The lines that show one step."""
    if step.kind == "card":
        return []
    notes = "".join(f"  {{{c}}}" for c in step.comments)
    if step.kind == "trick":
        cards = "  ".join(f"{seat}:{card}" for seat, card in step.trick)
        points = ", ".join(f"{side} {p:g}" for side, p in step.points.items())
        lines = [f"[bold]{step.label}[/bold]: {cards}   [dim]{points}[/dim]{notes}"]
        return lines + (_hands(step) if show_hands else [])
    lines = [f"{step.label}{notes}"]
    if step.kind in ("deal", "discard") or (show_hands and step.kind == "talon"):
        lines += _hands(step)
    return lines


@app.command()
def replay(
    path: Annotated[str, typer.Argument(help="A TGN file (or - for stdin).")],
    record: Annotated[
        int, typer.Option("--record", "-r", min=1, help="Which record (1-based).")
    ] = 1,
    hands: Annotated[
        bool, typer.Option("--hands", help="Show the hands after every trick.")
    ] = False,
) -> None:
    """Show a deal step by step: the hands, the declarations, each trick and the score."""
    from rich.console import Console

    from ..engine import replay as run
    from ..notation.reader import read

    console = Console(highlight=False)
    try:
        _show(read(path), path, record, hands, console, run)
    except read_errors() as error:
        typer.echo(f"trunfu replay: {path}: cannot read: {error}", err=True)
        raise typer.Exit(1) from None


def _show(
    results: Iterable[ReadResult],
    path: str,
    record: int,
    hands: bool,
    console: Console,
    run: Callable[[Record], Replay],
) -> None:
    """Print record number `record` of the file `path` step by step; exit 1 when it does
    not read or breaks the rules, 2 when the file has no such record."""
    for result in results:
        if result.index != record:
            continue
        for d in result.diagnostics:
            console.print(str(d), markup=False)
        if result.record is None:
            raise typer.Exit(1)
        found = run(result.record)
        pending: list[str] = []
        for step in found.steps:
            if step.kind == "card":
                pending += [f"{step.text}: {c}" for c in step.comments]
                continue
            if step.kind == "trick" and pending:
                step = replace(step, comments=pending + step.comments)
                pending = []
            for line in step_lines(step, hands):
                console.print(line)
        for d in found.diagnostics:
            console.print(f"[red]{d}[/red]")
        if found.outcome is not None:
            console.print(outcome_table(found.outcome, f"record {record}"))
        raise typer.Exit(1 if found.diagnostics or result.diagnostics else 0)
    typer.echo(f"trunfu replay: {path} has no record {record}", err=True)
    raise typer.Exit(2)
