"""The engine's commands: validate fills the result, replay, score and simulate."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import trunfu.cli.replay
import trunfu.cli.score
import trunfu.cli.simulate
import trunfu.cli.validate  # noqa: F401  (the modules add their commands)
from trunfu.cli.app import app

runner = CliRunner()
WORKED = (
    Path(__file__).resolve().parents[2] / "data" / "examples" / "tarocco-siciliano-4-worked.tgn"
)


def test_validate_json_gives_the_computed_result():
    result = runner.invoke(app, ["validate", "--json", str(WORKED)])
    assert result.exit_code == 0, result.output
    line = json.loads(result.output.splitlines()[0])
    assert line["valid"] is True and line["result"] == "-3 -3 +3 +3"


def test_validate_reports_a_wrong_result(tmp_path: Path):
    bad = tmp_path / "bad.tgn"
    bad.write_text(WORKED.read_text(encoding="utf-8").replace('"-3 -3 +3 +3"', '"-1 -1 +1 +1"'))
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 1
    assert "result result-differs" in result.output and "'-3 -3 +3 +3'" in result.output


def test_replay_shows_the_tricks_and_the_score():
    result = runner.invoke(app, ["replay", str(WORKED)])
    assert result.exit_code == 0, result.output
    assert "seat 3: chiamo T19" in result.output
    assert "trick 9 goes to seat 3" in result.output  # T20 takes the Picciotti
    assert "-3 -3 +3 +3" in result.output
    assert runner.invoke(app, ["replay", str(WORKED), "--record", "2"]).exit_code == 2


def test_score_json_breakdown():
    result = runner.invoke(app, ["score", "--json", str(WORKED)])
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)["outcome"]
    assert outcome["breakdown"]["card_points"] == {"declarer": 75, "opponents": 34}
    assert outcome["scores"] == [-3, -3, 3, 3]


def test_simulate_same_seed_same_bytes(tmp_path: Path):
    args = ["simulate", "--game", "tarocco-siciliano", "--seats", "4", "--deals", "3"]
    one = runner.invoke(app, [*args, "--seed", "11"])
    two = runner.invoke(app, [*args, "--seed", "11", "-o", str(tmp_path / "s.tgn")])
    assert one.exit_code == 0 and two.exit_code == 0
    assert one.output == (tmp_path / "s.tgn").read_text(encoding="utf-8")
    assert one.output.count('[Game "tarocco-siciliano"]') == 3
    checked = runner.invoke(app, ["validate", str(tmp_path / "s.tgn")])
    assert checked.exit_code == 0 and "3 records: 3 valid" in checked.output


def test_simulate_unknown_game_is_a_usage_error():
    result = runner.invoke(app, ["simulate", "--game", "scopa", "--seats", "4"])
    assert result.exit_code == 2
    assert "no simulator for 'scopa'" in result.output
