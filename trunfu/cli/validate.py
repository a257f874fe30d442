"""`trunfu validate`: read, check and replay records; report every problem."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from .app import app, read_errors, tgn_files


@app.command()
def validate(
    paths: Annotated[
        list[str], typer.Argument(help="Files, folders (searched for *.tgn) or - for stdin.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per record per line.")
    ] = False,
) -> None:
    """Check every record: syntax, deck, rules and result. Exit 0 when all are valid."""
    from ..notation.reader import read
    from ..referee import judge

    total = valid = 0
    failed = False
    for name in tgn_files(paths):
        try:
            for result in read(name):
                verdict = judge(result)
                total += 1
                valid += verdict.valid
                if as_json:
                    line = {
                        "file": result.file,
                        "record": result.index,
                        "valid": verdict.valid,
                        "diagnostics": [d.as_json() for d in verdict.diagnostics],
                        "result": verdict.result,
                    }
                    typer.echo(json.dumps(line, ensure_ascii=False))
                else:
                    for diagnostic in verdict.diagnostics:
                        typer.echo(str(diagnostic))
        except read_errors() as error:
            typer.echo(f"trunfu validate: {name}: cannot read: {error}", err=True)
            failed = True
    if not as_json:
        typer.echo(f"{total} records: {valid} valid, {total - valid} invalid")
    raise typer.Exit(1 if failed or valid != total else 0)
