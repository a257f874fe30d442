"""`trunfu stats`: the archive's headline statistics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..archive import DEFAULT_DB
from .app import app

if TYPE_CHECKING:
    import pandas as pd
    from rich.table import Table

    from ..archive import queries


def _table(title: str, frame: pd.DataFrame) -> Table:
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    for column in frame.columns:
        table.add_column(
            str(column), justify="right" if frame[column].dtype.kind in "iuf" else "left"
        )
    for row in frame.itertuples(index=False):
        table.add_row(*(_cell(v) for v in row))
    return table


def _cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, float):
        return f"{value:.3g}" if abs(value) < 1 else f"{value:,.2f}".rstrip("0").rstrip(".")
    return str(value)


def headline(con: Any, filters: queries.Filters) -> dict[str, Any]:
    """The figures `trunfu stats` shows, by section."""
    from ..archive import queries

    sections: dict[str, Any] = {"overview": queries.overview(con, filters)}
    sections["deals per game"] = queries.deals_per_game(con, filters)
    sections["contracts"] = queries.contract_mix(con, filters)
    sections["declarer success by contract"] = queries.declarer_success(con, filters)
    sections["declarer success by seat from the dealer"] = queries.declarer_success(
        con, filters, by="position"
    )
    sections["scores and margins"] = queries.score_summary(con, filters)
    sections["players"] = queries.player_stats(con, filters, limit=20)
    if filters.game in (None, "french-tarot"):
        sections["declarer success by oudlers (french-tarot)"] = queries.declarer_success(
            con, queries.Filters(**{**filters.__dict__, "game": "french-tarot"}), by="oudlers"
        )
        sections["petit au bout, poignées, chelem (french-tarot)"] = queries.french_bonuses(
            con, filters
        )
    if filters.game in (None, "tarocco-siciliano"):
        sections["jochi (tarocco-siciliano)"] = queries.sicilian_jochi(con, filters)
    return sections


@app.command()
def stats(
    db: Annotated[Path, typer.Option("--db", help="The archive file (DuckDB).")] = DEFAULT_DB,
    game: Annotated[str | None, typer.Option("--game", help="Only this game.")] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="Only deals of this player.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Headline statistics of the archive: deals, contracts, declarer success, scores,
    players, and each game's bonuses. Exit 2 on a usage error (an empty --game or
    --player), 3 when the archive cannot be read."""
    for option, value in (("--game", game), ("--player", player)):
        if value is not None and not value.strip():
            # an empty name is a mistake (an unset shell variable?), not "everybody"
            typer.echo(f"trunfu stats: {option} needs a name (leave it out for all)", err=True)
            raise typer.Exit(2)
    import pandas as pd
    from rich.console import Console

    from ..archive import queries
    from ..archive.lock import ArchiveError, reading

    filters = queries.Filters(game=game, player=player)
    try:
        con = queries.open_archive(db)
        try:
            with reading(db):
                sections = headline(con, filters)
        finally:
            con.close()
    except ArchiveError as error:
        typer.echo(f"trunfu stats: {error}", err=True)
        raise typer.Exit(3) from None
    if as_json:
        out = {
            name: value.to_dict("records") if isinstance(value, pd.DataFrame) else value
            for name, value in sections.items()
        }
        typer.echo(json.dumps(out, default=str, ensure_ascii=False))
        return
    console = Console()
    overview = sections.pop("overview")
    console.print(
        " · ".join(f"{k.replace('_', ' ')}: {_cell(v) or '-'}" for k, v in overview.items())
    )
    for name, frame in sections.items():
        if len(frame):
            console.print(_table(name, frame))
