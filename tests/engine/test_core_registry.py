"""The registry of games: a game's module is found by its name and imported when first
asked for; one that fails to import is reported, not raised."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from trunfu.engine import actions, games, simulate, start
from trunfu.notation.models import Record, Tag


def test_every_game_module_is_found_by_its_game_name():
    assert games.modules() == {
        "french-tarot": "french_tarot",
        "marafone": "marafone",
        "tarocco-siciliano": "tarocco_siciliano",
        "waite-tarot": "waite_tarot",
    }
    assert sorted(games.load()) == sorted(games.modules())
    assert all(games.get(name).name == name for name in games.modules())


def test_a_name_that_is_no_game_gives_none():
    for name in ("no-such-game", "french_tarot", "", None):
        assert games.get(name) is None


def test_a_game_that_fails_to_import_is_left_out_once(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(games, "modules", lambda: {"broken-game": "broken_game"})
    monkeypatch.setattr(games, "LOAD_ERRORS", {})
    monkeypatch.setattr(games, "_tried", set())
    assert games.get("broken-game") is None
    assert games.LOAD_ERRORS["broken_game"].startswith("ModuleNotFoundError")
    games.LOAD_ERRORS.clear()
    assert games.get("broken-game") is None and games.LOAD_ERRORS == {}  # tried once


@pytest.mark.parametrize("game", ["french-tarot", "marafone", "tarocco-siciliano", "waite-tarot"])
@pytest.mark.parametrize("seats", ["1", "7", "four", None])
def test_a_state_is_refused_for_seats_the_game_is_not_played_by(game: str, seats: str | None):
    tags = [Tag(name="Game", value=game), Tag(name="Dealer", value="1")]
    record = Record(tags=tags + ([Tag(name="Seats", value=seats)] if seats is not None else []))
    counts = "|".join(map(str, games.get(game).seats))
    for call in (start, actions):
        with pytest.raises(ValueError, match=f"^{game} is played by {re.escape(counts)} seats"):
            call(record)


@pytest.mark.parametrize(
    ("game", "seats"),
    [
        ("french-tarot", 4),
        ("french-tarot", 6),
        ("marafone", 4),
        ("marafone", 5),
        ("tarocco-siciliano", 3),
        ("tarocco-siciliano", 4),
        ("waite-tarot", 2),
        ("waite-tarot", 3),
    ],
)
def test_start_names_what_the_deal_leaves_out(game: str, seats: int):
    [record] = simulate(game, seats, 1, seed=5)
    owners = [hand.owner for hand in record.deal.hands]
    words = {"talon": "the talon (`talon:`)", "dead": "the dead hand (`dead:`)"}
    assert start(record).phase != "over"
    for owner in owners:
        left = [hand for hand in record.deal.hands if hand.owner != owner]
        cut = replace(record, deal=replace(record.deal, hands=left))
        named = words.get(owner, f"seat {owner}'s hand")
        with pytest.raises(ValueError, match=f"^the deal does not give {re.escape(named)}$"):
            start(cut)
    cut = replace(record, deal=None)
    with pytest.raises(ValueError, match="seat 1's hand and seat 2's hand"):
        start(cut)
    assert set(owners) - {str(s) for s in range(1, seats + 1)} <= set(words)
