"""`trunfu new` (issue 20): a skeleton record for every game and seat count that `trunfu
validate` accepts as an unfinished record, with the tags asked for and the section
keywords; bad options are usage errors told in a sentence."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import trunfu.cli.new  # noqa: F401  (the module adds its command to the app)
from trunfu.cli.app import app
from trunfu.notation.decks import GAMES
from trunfu.notation.reader import read_text
from trunfu.referee import judge

runner = CliRunner()
COUNTS = [(game, seats) for game, rules in GAMES.items() for seats in rules.seats]


def new(*args: str):
    return runner.invoke(app, ["new", *args])


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_every_skeleton_validates_as_an_unfinished_record(game: str, seats: int) -> None:
    for dealer in range(1, seats + 1):
        done = new("--game", game, "--seats", str(seats), "--dealer", str(dealer))
        assert done.exit_code == 0, done.output
        (found,) = read_text(done.stdout, file="new.tgn")
        verdict = judge(found)
        assert verdict.valid, [str(d) for d in verdict.diagnostics]
        record = found.record
        assert (record.tag("Game"), record.seats, record.tag("Dealer")) == (
            game,
            seats,
            str(dealer),
        )
        assert record.tag("Result") == "*"
        assert record.deal is not None  # the deal's keyword is there to be filled


def _sections(game: str, seats: int) -> set[str]:
    """The sections a deal of this game holds (from a simulated record)."""
    from trunfu.engine import simulate

    record = simulate(game, seats, 1, seed=1)[0]
    names = ("deal", "auction", "call", "trump", "discard", "exchange", "announce", "play")
    return {name for name in names if getattr(record, name) is not None}


@pytest.mark.parametrize(("game", "seats"), COUNTS)
def test_the_skeleton_names_every_section_a_deal_of_the_game_holds(game: str, seats: int) -> None:
    text = new("-g", game, "-n", str(seats)).stdout
    keywords = {
        line.removeprefix("; ").split()[0]
        for line in text.splitlines()
        if line and not line.startswith((" ", "[", ";  ")) and line.removeprefix("; ").split()
    }
    assert _sections(game, seats) <= keywords


def test_players_variant_and_the_tags_to_fill() -> None:
    done = new("--game", "french-tarot", "--seats", "4", "--dealer", "3", "--players",
               "Ada, Bea,Cid,Dan", "--variant", "classic")  # fmt: skip
    assert done.exit_code == 0, done.output
    (found,) = read_text(done.stdout)
    record = found.record
    assert [record.tag(f"P{n}") for n in range(1, 5)] == ["Ada", "Bea", "Cid", "Dan"]
    assert record.tag("Variant") == "classic"
    for tag in ("Event", "Site", "Date", "Round"):
        assert record.tag(tag) is not None, tag
    assert "from seat 4" in done.stdout  # the eldest, after dealer 3, speaks first
    assert judge(found).valid


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-g", "chess", "-n", "2"], "--game 'chess': trunfu knows french-tarot"),
        (["-g", "marafone", "-n", "3"], "--seats 3: marafone is played by 4|5 players"),
        (["-g", "marafone", "-n", "4", "--dealer", "5"], "--dealer 5: the dealer is a seat"),
        (["-g", "marafone", "-n", "4", "--variant", "x"], "--variant 'x': marafone has standard"),
        (["-g", "marafone", "-n", "4", "--players", "A,B"], "--players names 2 players"),
        (["-g", "marafone", "-n", "4", "--players", 'A,"B,C,D'], "may not hold"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], said: str) -> None:
    done = new(*args)
    assert done.exit_code == 2
    assert said in done.stderr
    assert "Traceback" not in done.output
    assert done.stdout == ""
