"""The simulated deals end as real play ends (docs/simulation.md): about one deal in seven
thrown in, gardes about a quarter of the French deals, a stata or a maso now and then, a
slam promised only when it is sure, and then made. Seeded: the same figures every run."""

from __future__ import annotations

from functools import cache

import pytest

from trunfu.engine.simulate import Rates, deal_rates, iter_simulate

DEALS = 500
THROWN_IN = (0.10, 0.20)
"""Where players report the share of deals nobody plays."""


@cache
def rates(game: str, seats: int) -> Rates:
    [found] = deal_rates(iter_simulate(game, seats, DEALS, seed=seats)).values()
    assert found.deals == DEALS
    return found


def _between(share: float, band: tuple[float, float]) -> bool:
    return band[0] <= share <= band[1]


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_french_tarot_bids_like_players(seats: int) -> None:
    found = rates("french-tarot", seats)
    assert _between(found.share(found.thrown_in), THROWN_IN), found
    gardes = sum(found.contracts[c] for c in ("garde", "garde-sans", "garde-contre"))
    assert _between(found.share(gardes), (0.15, 0.45)), found
    assert found.contracts["prise"] > gardes, found
    above = found.contracts["garde-sans"] + found.contracts["garde-contre"]
    assert _between(found.share(above), (0.01, 0.12)), found


@pytest.mark.parametrize("seats", [3, 4, 5])
def test_a_chelem_is_announced_only_when_sure(seats: int) -> None:
    found = rates("french-tarot", seats)
    assert found.share(found.announced["chelem"]) <= 0.01, found
    assert found.slams_made == found.slams, found


def test_sicilian_three_seats_mostly_play_a_solo() -> None:
    found = rates("tarocco-siciliano", 3)
    assert _between(found.share(found.thrown_in), THROWN_IN), found
    assert found.share(found.contracts["vado-solo"]) >= 0.6, found
    assert found.share(found.contracts["stata"]) <= 0.03, found
    assert 0 < found.contracts["prendo"] <= 0.1 * DEALS, found


def test_sicilian_four_seats_call_a_partner_unless_all_pass() -> None:
    found = rates("tarocco-siciliano", 4)
    all_passed = found.contracts["forced-call"] + found.thrown_in
    assert _between(found.share(all_passed), THROWN_IN), found
    assert found.share(found.contracts["chiamo"]) >= 0.6, found
    solos = found.contracts["vado-solo"] + found.contracts["stata"]
    assert _between(found.share(solos), (0.02, 0.15)), found
    assert found.share(found.contracts["stata"]) <= 0.03, found


def test_trionfo_bids_what_the_hand_is_worth() -> None:
    found = rates("marafone", 5)
    assert _between(found.share(found.thrown_in), THROWN_IN), found
    assert found.contracts["chiamo"] > found.contracts["di-piu"] > 0, found
    high = found.contracts["maso"] + found.contracts["maso-dei-masi"]
    assert found.share(high) <= 0.02, found
    assert found.made["maso"] == found.contracts["maso"], found
    assert found.slams_made == found.slams, found


def test_rates_count_a_failed_chelem_as_promised_not_made(monkeypatch) -> None:
    """A taker made to announce a chelem on any hand: the deals keep to the rules, and the
    rates tell the promises from the slams made (a failed chelem's contract may be won)."""
    from trunfu.engine.games.french_tarot import evaluate

    monkeypatch.setattr(evaluate, "chelem", lambda hand, unseen: True)
    found = deal_rates(iter_simulate("french-tarot", 4, 40, seed=1))[("french-tarot", 4)]
    played = found.deals - found.thrown_in
    assert found.slams == found.announced["chelem"] == played > 0
    assert found.slams_made == found.kept["chelem"] < found.slams
    assert sum(found.made.values()) > found.slams_made


def test_marafone_claims_come_from_the_team_ahead_and_are_mostly_right() -> None:
    found = rates("marafone", 4)
    assert _between(found.share(found.claims), (0.05, 0.15)), found
    assert found.claims_right >= 0.8 * found.claims, found
