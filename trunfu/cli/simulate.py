"""`trunfu simulate`: random legal deals of any game that has a simulator."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..engine import iter_simulate
from ..notation.writer import write
from .app import app


@app.command()
def simulate(
    game: Annotated[
        str, typer.Option("--game", "-g", help="The Game tag, e.g. tarocco-siciliano.")
    ],
    seats: Annotated[int, typer.Option("--seats", "-n", help="Number of players.")],
    deals: Annotated[int, typer.Option("--deals", "-d", min=0, help="How many deals.")] = 10,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Random seed: same seed, same bytes.")
    ] = 0,
    variant: Annotated[str | None, typer.Option("--variant", help="Rule variant.")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
) -> None:
    """Write random legal deals (complete with hands, talon, discard, play and Result)."""
    try:
        records = iter_simulate(game, seats, deals, seed, variant)
        texts = (write(r) for r in records)
        if output is None:
            for i, text in enumerate(texts):
                sys.stdout.write(("\n" if i else "") + text)
        else:
            with output.open("w", encoding="utf-8", newline="\n") as out:
                for i, text in enumerate(texts):
                    out.write(("\n" if i else "") + text)
    except ValueError as error:
        typer.echo(f"trunfu simulate: {error}", err=True)
        raise typer.Exit(2) from None
