"""Each query against figures worked out here from the simulated records and the
engine's replays (not from the archive's tables)."""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from datetime import date
from pathlib import Path

import duckdb
import pytest

from trunfu.archive import queries as q

from .conftest import Deal


@pytest.fixture(scope="module")
def con(archive: Path) -> duckdb.DuckDBPyConnection:
    connection = q.open_archive(archive)
    yield connection
    connection.close()


def _hash(deal: Deal) -> str:
    return hashlib.sha256(deal.text.encode()).hexdigest()


def _ids(con: duckdb.DuckDBPyConnection) -> dict[str, int]:
    return dict(con.execute("SELECT hash, id FROM records").fetchall())


def _scored(deals: list[Deal]) -> list[Deal]:
    return [d for d in deals if d.replay.outcome is not None]


def _game(d: Deal) -> str:
    return d.record.tag("Game")


def _side_won(d: Deal, seat: int) -> bool:
    o = d.replay.outcome
    if o.declarer is not None and o.won is not None:
        return o.won == (seat == o.declarer or seat in o.partners)
    score = o.scores[seat - 1]
    return score == max(o.scores) and score > min(o.scores)


def test_deals_per_game(con, deals: list[Deal]) -> None:
    frame = q.deals_per_game(con)
    got = {(r.game, r.seats): (r.deals, r.thrown_in) for r in frame.itertuples()}
    expected = Counter((_game(d), d.record.seats) for d in deals)
    thrown = Counter(
        (_game(d), d.record.seats) for d in _scored(deals) if d.replay.outcome.thrown_in
    )
    assert got == {k: (n, thrown[k]) for k, n in expected.items()}


def test_contract_mix(con, deals: list[Deal]) -> None:
    frame = q.contract_mix(con, q.Filters(game="french-tarot"))
    got = {(r.seats, r.contract): r.deals for r in frame.itertuples()}
    expected = Counter(
        (d.record.seats, d.replay.outcome.contract or "thrown-in")
        for d in _scored(deals)
        if _game(d) == "french-tarot"
    )
    assert got == expected
    assert frame.groupby("seats")["share"].sum().round(9).eq(1).all()


@pytest.mark.parametrize("by", ["contract", "position", "oudlers"])
def test_declarer_success(con, deals: list[Deal], by: str) -> None:
    frame = q.declarer_success(con, by=by)
    got = {(r.game, getattr(r, by)): (r.deals, r.won) for r in frame.itertuples()}
    expected: dict[tuple, list[int]] = defaultdict(lambda: [0, 0])
    for d in _scored(deals):
        o = d.replay.outcome
        if o.declarer is None or o.won is None:
            continue
        if by == "contract":
            key = o.contract
        elif by == "position":  # 1 = the seat after the dealer
            key = (o.declarer - d.record.dealer) % d.record.seats or d.record.seats
        elif _game(d) == "french-tarot":
            key = o.breakdown["oudlers"]
        else:
            continue
        expected[(_game(d), key)][0] += 1
        expected[(_game(d), key)][1] += o.won
    assert got == {k: tuple(v) for k, v in expected.items()}
    if by == "oudlers":
        assert {k[1] for k in got if k[0] == "french-tarot"} <= {0, 1, 2, 3}


def test_score_summary(con, deals: list[Deal]) -> None:
    frame = q.score_summary(con)
    got = {
        (r.game, r.seats, r.contract if isinstance(r.contract, str) else None): (
            r.deals,
            r.declarer_score,
        )
        for r in frame.itertuples()
    }
    groups: dict[tuple, list[float]] = defaultdict(list)
    for d in _scored(deals):
        o = d.replay.outcome
        if not o.thrown_in and o.declarer is not None:
            groups[(_game(d), d.record.seats, o.contract)].append(o.scores[o.declarer - 1])
    for key, scores in groups.items():
        assert got[key][0] == len(scores)
        assert got[key][1] == pytest.approx(sum(scores) / len(scores))


def test_margin_distribution_of_french_tarot(con, deals: list[Deal]) -> None:
    frame = q.score_distribution(con, q.Filters(game="french-tarot"), what="margin")
    expected = Counter(
        d.replay.outcome.breakdown["margin"]
        for d in _scored(deals)
        if _game(d) == "french-tarot" and not d.replay.outcome.thrown_in
    )
    assert dict(zip(frame["value"], frame["count"], strict=True)) == expected
    binned = q.score_distribution(con, q.Filters(game="french-tarot"), "margin", bin_width=10)
    assert binned["count"].sum() == sum(expected.values())
    assert all(v % 10 == 0 for v in binned["value"])


def test_player_stats(con, deals: list[Deal]) -> None:
    frame = q.player_stats(con).set_index("player")
    games: Counter = Counter()
    total: dict[str, float] = defaultdict(float)
    declared: Counter = Counter()
    declared_won: Counter = Counter()
    partner: Counter = Counter()
    for d in deals:
        o = d.replay.outcome
        for seat in range(1, d.record.seats + 1):
            name = d.record.tag(f"P{seat}")
            games[name] += 1
            total[name] += o.scores[seat - 1]
            if o.declarer == seat:
                declared[name] += 1
                declared_won[name] += not o.thrown_in and _side_won(d, seat)
            partner[name] += seat in o.partners
    assert set(frame.index) == set(games)
    for name in games:
        row = frame.loc[name]
        assert (row.games, row.declarer, row.declarer_won, row.partner) == (
            games[name],
            declared[name],
            declared_won[name],
            partner[name],
        )
        assert row.total == pytest.approx(total[name])


def test_player_and_date_filters(con, deals: list[Deal]) -> None:
    only = q.Filters(player="Ada", date_from="2024.03.02", date_to=date(2024, 4, 10))
    got = q.deals_per_game(con, only)["deals"].sum()
    expected = sum(
        "Ada" in {t.value for t in d.record.tags}
        and d.record.tag("Date") in ("2024.03.02", "2024.04.10")
        for d in deals
    )
    assert got == expected > 0


def test_score_evolution(con, deals: list[Deal]) -> None:
    frame = q.score_evolution(con, q.Filters(player="Bice"))
    by_day: dict[str, float] = defaultdict(float)
    for d in deals:
        day = d.record.tag("Date")
        for seat in range(1, d.record.seats + 1):
            if d.record.tag(f"P{seat}") == "Bice" and "?" not in day:
                by_day[day] += d.replay.outcome.scores[seat - 1]
    running, expected = 0.0, []
    for day in sorted(by_day):
        running += by_day[day]
        expected.append(running)
    assert list(frame["cumulative"]) == pytest.approx(expected)
    assert set(frame["player"]) == {"Bice"}


def test_sicilian_jochi(con, deals: list[Deal]) -> None:
    frame = q.sicilian_jochi(con)
    got = {(r.category, r.side): r.jochi for r in frame.itertuples()}
    expected: Counter = Counter()
    for d in _scored(deals):
        for category, sides in d.replay.outcome.breakdown.get("jochi", {}).items():
            for side, n in sides.items():
                if n:
                    expected[(category, "defence" if side == "opponents" else side)] += n
    assert got == expected and expected


def test_french_bonuses(con, deals: list[Deal]) -> None:
    frame = q.french_bonuses(con)
    got = Counter()
    for r in frame.itertuples():
        got[r.bonus.split(".")[0]] += r.deals
    expected = Counter()
    for d in _scored(deals):
        b = d.replay.outcome.breakdown
        if _game(d) == "french-tarot" and b.get("petit_au_bout"):
            expected["petit_au_bout"] += 1
        if _game(d) == "french-tarot" and b.get("poignees"):
            expected["poignees"] += len(b["poignees"])
    assert {k: got[k] for k in expected} == expected
    assert expected["poignees"] and expected["petit_au_bout"]
    seated = frame[~frame["bonus"].str.startswith("chelem")]  # chelem: the taker's total
    assert set(seated["side"]) <= {"declarer", "defence"}


def test_find_deals_by_card_condition(con, deals: list[Deal]) -> None:
    ids = _ids(con)
    captured, last_excuse = set(), set()
    for d in _scored(deals):
        o = d.replay.outcome

        def side(seat: int, o=o) -> object:
            if o.declarer is None:
                return seat
            return seat == o.declarer or seat in o.partners

        for trick in d.replay.tricks:
            for seat, card in trick.cards:
                if card == "T1" and side(seat) != side(trick.winner):
                    captured.add(ids[_hash(d)])
        if d.replay.tricks and "EX" in [c for _, c in d.replay.tricks[-1].cards]:
            last_excuse.add(ids[_hash(d)])
    found = q.find_deals(con, card="T1", card_event="captured", limit=10_000)
    assert set(found["id"]) == captured and captured
    found = q.find_deals(con, card="ex", card_event="last-trick", limit=10_000)
    assert set(found["id"]) == last_excuse


def test_find_deals_by_contract_outcome_player_and_bonus(con, deals: list[Deal]) -> None:
    ids = _ids(con)
    expected = {
        ids[_hash(d)]
        for d in _scored(deals)
        if d.replay.outcome.contract == "prise"
        and d.replay.outcome.won is False
        and d.record.tag(f"P{d.replay.outcome.declarer}") == "Carmelo"
    }
    found = q.find_deals(con, contract="prise", won=False, declarer="Carmelo", limit=10_000)
    assert set(found["id"]) == expected
    petit = {
        ids[_hash(d)] for d in _scored(deals) if d.replay.outcome.breakdown.get("petit_au_bout")
    }
    assert set(q.find_deals(con, bonus="petit_au_bout", limit=10_000)["id"]) == petit
    page = q.find_deals(con, limit=5, offset=5)
    assert len(page) == 5 and not set(page["id"]) & set(q.find_deals(con, limit=5)["id"])


def test_record_text_and_info(con, deals: list[Deal]) -> None:
    ids = _ids(con)
    for d in deals[::17]:
        record_id = ids[_hash(d)]
        assert q.record_text(con, record_id) == d.text
        info = q.record_info(con, record_id)
        assert [s["score"] for s in info["seats"]] == d.replay.outcome.scores
        assert info["outcome"]["breakdown"] == d.replay.outcome.breakdown
    assert q.record_text(con, -1) is None


def test_overview_and_choices(con, deals: list[Deal]) -> None:
    overview = q.overview(con)
    assert overview["deals"] == len(deals)
    assert overview["thrown_in"] == sum(d.replay.outcome.thrown_in for d in deals)
    assert overview["first_date"] == date(2024, 3, 1)
    options = q.choices(con)
    assert options["games"] == sorted({_game(d) for d in deals})
    assert set(options["players"]) == {
        t.value for d in deals for t in d.record.tags if t.name[1:].isdigit()
    }


def test_user_text_is_never_sql(con) -> None:
    sneaky = q.Filters(player="x' OR 1=1 --", event="'; DROP TABLE records; --")
    assert q.deals_per_game(con, sneaky).empty
    assert q.overview(con)["deals"] > 0
