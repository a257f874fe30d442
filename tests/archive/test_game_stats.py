"""Statistics of Marafone, Trionfo and the Game of Tarot (`archive/game_stats.py`), checked
against figures counted here from the replays of simulated and hand-written records."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from dataclasses import replace

import pytest

from trunfu.archive import game_stats as gs
from trunfu.archive import queries
from trunfu.archive.ingest import ingest
from trunfu.engine import replay, simulate
from trunfu.notation.models import Tag
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

PLAYERS = ("Ada", "Bice", "Carmelo", "Dora", "Ettore", "Fina")
DATES = ("2024.05.01", "2024.05.02", "2024.06.01")

# Trionfo, worked out by hand: seat 2 bids chiamo and calls 7C, which he holds: he plays
# alone. He wins the high diamonds, cups and swords (21 thirds = 7 points >= 6): won, +4/-1.
SELF_CALL = """[Game "marafone"]
[Seats "5"]
[Dealer "1"]
[P1 "Ada"]
[P2 "Bice"]
[P3 "Carmelo"]
[P4 "Dora"]
[P5 "Ettore"]
[Date "2024.06.01"]
[Result "-1 +4 -1 -1 -1"]

deal
  1: CD 5D CC 5C CS 7S 3B JB
  2: 3D 4D 3C 7C 3S 5S 2B 7B
  3: 2D JD 2C 4C 2S 6S AB 6B
  4: AD 7D AC JC AS 4S KB 5B
  5: KD 6D KC 6C KS JS CB 4B
auction
  chiamo passo passo passo passo
trump
  B
call
  7C
play
  1. 3D 2D AD KD CD
  2. 3C 2C AC KC CC
  3. 3S 2S AS KS CS
  4. 2B AB KB CB 3B
  5. 5D 4D JD 7D 6D
  6. 4C JC 6C 5C 7C
  7. 4S JS 7S 5S 6S
  8. 4B JB 7B 6B 5B
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """An archive of simulated marafone (4 and 5 seats) and Game of Tarot (2 and 3 seats)
    deals with players and dates, and the self-call; the deals with their replays."""
    rng = random.Random(3)
    deals = []
    for game, seats, count in (
        ("marafone", 4, 80),
        ("marafone", 5, 80),
        ("waite-tarot", 2, 25),
        ("waite-tarot", 3, 25),
    ):
        for record in simulate(game, seats, count, seed=seats):
            names = rng.sample(PLAYERS, seats)
            tags = [Tag(name=f"P{i}", value=n) for i, n in enumerate(names, 1)]
            tags.append(Tag(name="Date", value=rng.choice(DATES)))
            record = replace(record, tags=record.tags + tags)
            deals.append(record)
    (self_call,) = read_text(SELF_CALL)
    assert self_call.ok
    deals.append(self_call.record)
    folder = tmp_path_factory.mktemp("game_stats")
    path = folder / "deals.tgn"
    path.write_text("\n".join(write(r) for r in deals), encoding="utf-8")
    summary = ingest(folder / "a.duckdb", [str(path)], workers=0)
    assert summary.rejected == 0 and summary.added == len(deals)
    con = queries.open_archive(folder / "a.duckdb")
    yield con, [(r, replay(r, steps=False).outcome) for r in deals]
    con.close()


def _pick(deals, game, seats, player=None, date_from=None):
    for record, outcome in deals:
        if record.tag("Game") != game or record.seats != seats or outcome is None:
            continue
        names = {record.tag(f"P{i}") for i in range(1, seats + 1)}
        if player and player not in names:
            continue
        if date_from and record.tag("Date").replace(".", "-") < date_from:
            continue
        yield record, outcome


FILTERS = [
    queries.Filters(),
    queries.Filters(player="Dora"),
    queries.Filters(date_from="2024-05-02"),
]


def _args(f):
    return {"player": f.player, "date_from": f.date_from}


@pytest.mark.parametrize("f", FILTERS)
def test_marafone_team_results(built, f) -> None:
    con, deals = built
    want = defaultdict(Counter)
    for _, outcome in _pick(deals, "marafone", 4, **_args(f)):
        b = outcome.breakdown
        named = "1+3" if b["trump_named_by"] % 2 else "2+4"
        for team, other in (("1+3", "2+4"), ("2+4", "1+3")):
            points, against = b["teams"][team], b["teams"][other]
            for key in (team, "trump team" if team == named else "other team"):
                want[key]["hands"] += 1
                want[key]["won"] += points > against
                want[key]["drawn"] += points == against
                want[key]["points"] += points
    frame = gs.marafone_teams(con, f)
    assert set(frame["team"]) == set(want)
    for row in frame.to_dict("records"):
        w = want[row["team"]]
        assert (row["hands"], row["won"], row["drawn"], row["points"]) == (
            w["hands"],
            w["won"],
            w["drawn"],
            w["points"],
        )
        assert row["mean"] == pytest.approx(w["points"] / w["hands"])


@pytest.mark.parametrize("f", FILTERS)
def test_marafone_points_per_hand(built, f) -> None:
    con, deals = built
    want = Counter()
    for _, outcome in _pick(deals, "marafone", 4, **_args(f)):
        for points in outcome.breakdown["teams"].values():
            want[(points, outcome.breakdown["end"])] += 1
    frame = gs.marafone_points(con, f)
    got = {(p, e): n for p, e, n in frame.itertuples(index=False)}
    assert got == dict(want)


def test_maraffa_frequency(built) -> None:
    con, deals = built
    want = Counter()
    for _, outcome in _pick(deals, "marafone", 4):
        m = outcome.breakdown["maraffa"]
        want["none" if not m else "scored" if m["ace_first"] else "held, ace not first"] += 1
    frame = gs.marafone_maraffa(con)
    assert dict(zip(frame["maraffa"], frame["hands"], strict=True)) == dict(want)
    assert frame["share"].sum() == pytest.approx(1)


def test_who_names_trumps_by_suit(built) -> None:
    con, deals = built
    hands, won = Counter(), Counter()
    for _, outcome in _pick(deals, "marafone", 4):
        suit = outcome.breakdown["trump"]
        named = "1+3" if outcome.breakdown["trump_named_by"] % 2 else "2+4"
        other = "2+4" if named == "1+3" else "1+3"
        hands[suit] += 1
        won[suit] += outcome.breakdown["teams"][named] > outcome.breakdown["teams"][other]
    frame = gs.marafone_trumps(con)
    assert dict(zip(frame["suit"], frame["hands"], strict=True)) == dict(hands)
    for row in frame.to_dict("records"):
        assert row["won"] == won[row["suit"]]
        assert row["rate"] == pytest.approx(won[row["suit"]] / hands[row["suit"]])
    assert set(frame["name"]) <= {"denari", "coppe", "spade", "bastoni"}


@pytest.mark.parametrize("f", FILTERS)
def test_trionfo_bid_mix_and_success(built, f) -> None:
    con, deals = built
    deals_by, won_by = Counter(), Counter()
    for _, outcome in _pick(deals, "marafone", 5, **_args(f)):
        if outcome.thrown_in or not outcome.contract:
            bid = "all pass"
        elif outcome.contract == "chiamo" and outcome.breakdown["alone"]:
            bid = "chiamo (self-call)"
        else:
            bid = outcome.contract
        deals_by[bid] += 1
        won_by[bid] += bool(outcome.won)
    frame = gs.trionfo_bids(con, f)
    assert dict(zip(frame["bid"], frame["deals"], strict=True)) == dict(deals_by)
    assert dict(zip(frame["bid"], frame["won"], strict=True)) == dict(won_by)
    assert deals_by["chiamo (self-call)"] >= 1  # the hand-written one passes every filter


def test_the_self_call_is_a_won_bid_alone(built) -> None:
    con, _ = built
    frame = gs.trionfo_bids(con, queries.Filters(date_from="2024-06-01", player="Ettore"))
    row = frame[frame["bid"] == "chiamo (self-call)"].iloc[0]
    assert row["won"] >= 1


@pytest.mark.parametrize("f", FILTERS)
def test_waite_declarations_against_tricks(built, f) -> None:
    con, deals = built
    want, sums = Counter(), defaultdict(lambda: [0, 0, 0, 0])
    for seats in (2, 3):
        for _, outcome in _pick(deals, "waite-tarot", seats, **_args(f)):
            b = outcome.breakdown
            for seat in range(1, seats + 1):
                d, t = b["declaration_points"][str(seat)], b["tricks"][str(seat)]
                want[(seats, d, t)] += 1
                s = sums[(seats, seat)]
                s[0] += d
                s[1] += t
                s[2] += b["kings_trumped"][str(seat)]
                s[3] += 1
    frame = gs.waite_points(con, f)
    got = {(s, d, t): n for s, d, t, n in frame.itertuples(index=False)}
    assert got == dict(want)
    stacked = gs.waite_seats(con, f)
    for (seats, seat), (d, t, k, n) in sums.items():
        rows = stacked[(stacked["seats"] == seats) & (stacked["seat"] == seat)]
        parts = dict(zip(rows["part"], rows["points"], strict=True))
        assert parts["declarations"] == pytest.approx(d / n)
        assert parts["tricks"] == pytest.approx(t / n)
        assert parts["kings trumped"] == pytest.approx(k / n)
        assert set(rows["deals"]) == {n}


def test_other_games_and_seats_give_empty_frames(built) -> None:
    con, _ = built
    french = queries.Filters(game="french-tarot")
    for query in gs.QUERIES.values():
        assert query(con, french).empty
    assert gs.marafone_teams(con, queries.Filters(seats=5)).empty
    assert gs.trionfo_bids(con, queries.Filters(seats=4)).empty
    two = gs.waite_points(con, queries.Filters(seats=2))
    assert set(two["seats"]) == {2}
    assert not gs.trionfo_bids(con, queries.Filters(game="marafone")).empty
