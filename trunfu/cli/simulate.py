"""`trunfu simulate`: random legal deals of any game that has a simulator."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .app import app

if TYPE_CHECKING:
    from ..notation.models import Record


def seat_players(
    records: Iterator[Record], pool: list[str], seed: int, start: date | None
) -> Iterator[Record]:
    """Give each deal players drawn from `pool` (P1..Pn) and, from `start` on, a date a day
    apart per 20 deals; drawn from their own generator, so the deals stay those of the seed."""
    from ..notation.models import Tag

    rng = random.Random(f"players:{seed}")
    for i, record in enumerate(records):
        seats = record.seats or 0
        if pool:
            if len(pool) < seats:
                raise ValueError(f"--players names {len(pool)} players; the game seats {seats}")
            names = rng.sample(pool, seats)
            record.tags += [Tag(name=f"P{n}", value=name) for n, name in enumerate(names, 1)]
        if start is not None:
            day = start + timedelta(days=i // 20)
            record.tags.append(Tag(name="Date", value=day.strftime("%Y.%m.%d")))
        yield record


def _day(text: str) -> date:
    try:
        year, month, day = (int(part) for part in text.split("."))
        return date(year, month, day)
    except ValueError:
        raise ValueError(f"--date {text!r} is not a date written YYYY.MM.DD") from None


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
    players: Annotated[
        str | None,
        typer.Option("--players", help="Comma-separated names; each deal seats some of them."),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option("--date", help="YYYY.MM.DD: date the deals from this day on (20 a day)."),
    ] = None,
) -> None:
    """Write random legal deals (complete with hands, talon, discard, play and Result)."""
    from ..engine import iter_simulate
    from ..notation.writer import write

    try:
        records = iter_simulate(game, seats, deals, seed, variant)
        if players or start:
            pool = [name.strip() for name in (players or "").split(",") if name.strip()]
            first = _day(start) if start else None
            records = seat_players(records, pool, seed, first)
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
