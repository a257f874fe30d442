"""The outcome told in players' words (`trunfu.dashboard.breakdowns`): sentences and small
tables for every game, figures without trailing zeros, never the engine's keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from trunfu.dashboard import breakdowns
from trunfu.engine import replay, simulate
from trunfu.notation.reader import read_text

FAMOUS = Path(__file__).resolve().parents[2] / "data" / "famous"
RAW_KEYS = ("card_points", "side_total", "petit_au_bout", "jochi_total", "_", "›", "None")


def _told(parts: list[breakdowns.Part]) -> str:
    return "\n".join(p if isinstance(p, str) else p.caption + str(p.rows) for p in parts)


def _outcome(path: Path):
    rep = replay(read_text(path.read_text(encoding="utf-8"))[0].record)
    return rep.outcome


def test_numbers_have_no_trailing_zeros() -> None:
    assert breakdowns.number(-280.0) == "-280"
    assert breakdowns.number(64.5) == "64.5"
    assert breakdowns.number(26 / 3) == "8.67"
    assert breakdowns.signed(246.0) == "+246"
    assert breakdowns.signed(0.0) == "0"


def test_french_tarot_is_told_as_players_count_it() -> None:
    outcome = _outcome(FAMOUS / "french-tarot-garde-contre-chelem.tgn")
    names = {2: "Bea"}
    parts = breakdowns.explain(outcome, "french-tarot", names)
    told = _told(parts)
    assert "Taker (seat 2 (Bea)): 88 card points with 3 oudlers, needed 36: made by 52." in parts
    assert "Contract: (25 + 52) × 6 for a Garde contre = 462, won by the taker's side." in parts
    (bonuses,) = [p for p in parts if isinstance(p, breakdowns.Table)]
    assert [(r["Bonus"], r["Points"]) for r in bonuses.rows] == [
        ("Petit au bout", "+60"),
        ("Triple poignée", "+40"),
        ("Chelem announced and made", "+400"),
    ]
    assert "seat 2 (Bea), taker's side" in bonuses.rows[0]["Who"]  # who made the petit au bout
    assert "Each defender pays **962** to the taker's side." in parts
    assert not any(key in told for key in RAW_KEYS)
    assert breakdowns.verdict(outcome, "french-tarot", names) == (
        "**Garde contre** by seat 2 (Bea): made it."
    )


@pytest.mark.parametrize(
    ("game", "seats"),
    [("french-tarot", 3), ("french-tarot", 5), ("tarocco-siciliano", 3), ("marafone", 4),
     ("marafone", 5), ("waite-tarot", 2), ("waite-tarot", 3)],
)  # fmt: skip
def test_every_game_is_told_without_raw_keys(game: str, seats: int) -> None:
    told = 0
    for record in simulate(game, seats, 12, seed=3):
        outcome = replay(record).outcome
        parts = breakdowns.explain(outcome, game, {1: "Ada"})
        assert not any(isinstance(p, breakdowns.Table) and "Item" in p.rows[0] for p in parts), (
            "a game's breakdown fell back to the item list"
        )
        text = _told(parts) + breakdowns.verdict(outcome, game, {})
        assert not any(key in text for key in RAW_KEYS), text
        assert ".0 " not in text and ".0," not in text and ".0'" not in text, text
        told += bool(parts)
    assert told  # some deal of the twelve was played and told


def test_an_unknown_breakdown_is_told_item_by_item() -> None:
    (table,) = breakdowns.generic({"side_total": 12.0, "petit_au_bout": {"seat": 2}})
    assert table.rows == [
        {"Item": "Side total", "Value": "12"},
        {"Item": "Petit au bout, seat", "Value": "2"},
    ]


def test_a_marafone_hand_is_told_by_its_teams() -> None:
    outcome = _outcome(FAMOUS / "marafone-maraffa-led.tgn")
    assert breakdowns.verdict(outcome, "marafone", {}) == "Team 1+3 wins the hand, 8 to 6."
    parts = breakdowns.explain(outcome, "marafone", {1: "Ada"})
    assert parts[0] == "Trumps: denari (coins), named by seat 1 (Ada)."
    (teams,) = [p for p in parts if isinstance(p, breakdowns.Table) and p.caption == "Teams"]
    assert [r["Card points"] for r in teams.rows] == ["5⅓", "6⅓"]
