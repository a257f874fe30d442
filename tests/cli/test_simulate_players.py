"""`trunfu simulate --players --date`: named seats and dates, the deals unchanged."""

from __future__ import annotations

from typer.testing import CliRunner

import trunfu.cli.simulate  # noqa: F401  (the module adds its command)
from trunfu.cli.app import app
from trunfu.notation.reader import read_records

POOL = "Ana,Bea,Ciro,Dora,Enzo,Fede"


def run(*args: str):
    return CliRunner().invoke(app, ["simulate", "-g", "tarocco-siciliano", "-n", "4", *args])


def test_players_and_dates_are_added_without_changing_the_deals():
    plain = read_records(run("-d", "25", "-s", "9").stdout)
    named = read_records(
        run("-d", "25", "-s", "9", "--players", POOL, "--date", "2026.02.27").stdout
    )

    def body(record):
        return {k: v for k, v in record.content().items() if k != "tags"}

    assert [body(r) for r in plain] == [body(r) for r in named]
    for i, record in enumerate(named):
        seated = [record.tag(f"P{n}") for n in range(1, 5)]
        assert len(set(seated)) == 4 and set(seated) <= set(POOL.split(","))
        # 20 deals a day from 27 February: deals 21..25 fall on 28 February.
        assert record.tag("Date") == ("2026.02.27" if i < 20 else "2026.02.28")


def test_same_seed_same_players():
    assert (
        run("-d", "5", "-s", "4", "--players", POOL).stdout
        == run("-d", "5", "-s", "4", "--players", POOL).stdout
    )


def test_too_few_players_and_bad_date_are_usage_errors():
    few = run("-d", "1", "--players", "Ana,Bea")
    assert few.exit_code == 2 and "names 2 players" in few.output
    bad = run("-d", "1", "--date", "2026.02.30")
    assert bad.exit_code == 2 and "YYYY.MM.DD" in bad.output
