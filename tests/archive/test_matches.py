"""Marafone matches (`archive/matches.py`): hands chained by Event, Round and players, the
running score, the gaps and the winner, checked against figures worked out here from the
hands' replays."""

from __future__ import annotations

from dataclasses import replace
from itertools import zip_longest
from pathlib import Path

import pytest

from trunfu.archive import game_stats, matches, queries
from trunfu.archive.ingest import ingest
from trunfu.engine import replay, simulate
from trunfu.notation.models import Record, Tag
from trunfu.notation.writer import write

ROOT = Path(__file__).resolve().parents[2]
FUORI = ROOT / "data" / "famous" / "marafone-fuori-at-forty-one.tgn"
SAMPLE = ROOT / "data" / "matches" / "marafone-match-sample.tgn"


def complete_hands(count: int, seed: int) -> list[tuple[Record, tuple[int, int]]]:
    """Simulated four-seat hands played to the end (no claim, no irregularity), with the
    team points of each (1+3, 2+4)."""
    found = []
    for record in simulate("marafone", 4, count * 2, seed=seed):
        breakdown = replay(record, steps=False).outcome.breakdown
        if breakdown["end"] == "complete" and not breakdown["irregularity"]:
            found.append((record, (breakdown["teams"]["1+3"], breakdown["teams"]["2+4"])))
    assert len(found) >= count
    return found[:count]


def dress(record: Record, **tags: str) -> Record:
    """`record` with these tags (replacing those of the same name)."""
    kept = [t for t in record.tags if t.name not in tags]
    return replace(record, tags=kept + [Tag(name=k, value=v) for k, v in tags.items()])


def play_match(hands, players, event, rnd, *, target=41, date="", skew=(), stop=None):
    """A match of the given hands until a team reaches `target` (or `stop` hands); the
    MatchScore of the hands in `skew` is written one point too high for team 1+3 (a gap).
    Returns the records and the expected figures."""
    score, records, gaps = (0, 0), [], 0
    for i, (record, points) in enumerate(hands):
        before = (score[0] + 1, score[1]) if i in skew else score
        gaps += i in skew and i > 0
        names = {f"P{n}": p for n, p in enumerate(players, 1)}
        tags = {"Event": event, "Round": rnd, **names, "MatchScore": f"{before[0]} {before[1]}"}
        if target != 41:
            tags["Target"] = str(target)
        if date:
            tags["Date"] = date
        records.append(dress(record, **tags))
        score = (before[0] + points[0], before[1] + points[1])
        if max(score) >= target or len(records) == stop:
            break
    reached = [s >= target for s in score]
    winner = None
    if any(reached):
        winner = "1+3" if score[0] > score[1] else "2+4" if score[1] > score[0] else None
    expected = {
        "event": event,
        "round": rnd,
        "players": ", ".join(players),
        "hands": len(records),
        "target": target,
        "final": score,
        "winner": winner,
        "gaps": gaps,
    }
    return records, expected


ABCD = ("Anna", "Bruno", "Carla", "Dario")
EFGH = ("Elio", "Fede", "Gina", "Ugo")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    hands = complete_hands(40, seed=11)
    first, e1 = play_match(hands[:15], ABCD, "Club", "1", date="2025.01.10")
    rest = hands[len(first) :]
    second, e2 = play_match(rest[:3], ABCD, "Club", "1", date="2025.01.10", skew=(1,), stop=3)
    rest = rest[3:]
    other, e3 = play_match(rest[:12], EFGH, "Club", "1", target=31, date="2025.02.01")
    rest = rest[len(other) :]
    swapped = ("Bruno", "Anna", "Carla", "Dario")
    moved, e4 = play_match(rest[:2], swapped, "Club", "1", date="2025.01.10", stop=2)
    loose = dress(
        rest[2][0], Event="Club", Round="1", **{f"P{n}": p for n, p in enumerate(ABCD, 1)}
    )
    # the other match's hands come between the hands of the first: chaining skips them
    order = [r for pair in zip_longest(first, other) for r in pair if r is not None]
    order += [loose, *second, *moved]
    folder = tmp_path_factory.mktemp("matches")
    path = folder / "matches.tgn"
    path.write_text("\n".join(write(r) for r in order), encoding="utf-8")
    db = folder / "matches.duckdb"
    summary = ingest(db, [str(path), str(FUORI)], workers=0)
    assert summary.rejected == 0
    con = queries.open_archive(db)
    yield con, [e1, e2, e3, e4], {"first": first}
    con.close()


def _key(row) -> tuple:
    return (row["event"], row["round"], row["players"], row["hands"])


def test_matches_are_chained_with_their_final_score_and_winner(built) -> None:
    con, expected, _ = built
    found = matches.matches(con)
    # four dressed matches and the famous fuori hand (no players: a match of its own)
    assert len(found) == 5
    by_key = {_key(row): row for row in found.to_dict("records")}
    for e in expected:
        row = by_key[(e["event"], e["round"], e["players"], e["hands"])]
        assert (row["final_a"], row["final_b"]) == e["final"]
        assert row["winner"] == e["winner"]
        assert row["finished"] == (e["winner"] is not None)
        assert row["target"] == e["target"]
        assert row["gaps"] == e["gaps"]
        assert row["consistent"] == (e["gaps"] == 0)
        assert (row["start_a"], row["start_b"]) == (0, 0)


def test_a_right_fuori_ends_a_match_for_the_claimers(built) -> None:
    con, _, _ = built
    found = matches.matches(con, queries.Filters(event="Famous hands of marafone"))
    (row,) = found.to_dict("records")
    # 33 30 before; seats 1+3 make 8 and call themselves out: 41 30
    assert (row["start_a"], row["start_b"], row["final_a"], row["final_b"]) == (33, 30, 41, 30)
    assert row["winner"] == "1+3" and row["hands"] == 1


def test_the_hands_of_a_match_carry_the_running_score(built) -> None:
    con, expected, records = built
    found = matches.matches(con, queries.Filters(player="Anna"))
    first = found[found["hands"] == expected[0]["hands"]].iloc[0]
    hands = matches.match_hands(con, match_id=int(first["match_id"]))
    assert list(hands["hand"]) == list(range(1, expected[0]["hands"] + 1))
    running, after = (0, 0), []
    for record in records["first"]:
        points = replay(record, steps=False).outcome.breakdown["teams"]
        running = (running[0] + points["1+3"], running[1] + points["2+4"])
        after.append(running)
    assert list(zip(hands["after_a"], hands["after_b"], strict=True)) == after
    assert hands["consistent"].all()
    assert hands["expected_a"].isna().iloc[0]
    assert list(hands["expected_a"].iloc[1:]) == [a for a, _ in after[:-1]]
    chart = matches.running_score(hands)
    assert len(chart) == 2 * (len(hands) + 1)
    assert chart[chart["team"] == "2+4"]["score"].iloc[-1] == after[-1][1]


def test_a_gap_in_the_chain_is_flagged_on_its_hand(built) -> None:
    con, _, _ = built
    found = matches.matches(con, queries.Filters(player="Anna"))
    second = found[found["gaps"] > 0].iloc[0]
    hands = matches.match_hands(con, match_id=int(second["match_id"]))
    assert list(hands["consistent"]) == [True, False, True]
    bad = hands.iloc[1]
    assert bad["before_a"] == bad["expected_a"] + 1 and bad["before_b"] == bad["expected_b"]


def test_filters_select_the_matches(built) -> None:
    con, _, _ = built
    elio = matches.matches(con, queries.Filters(player="Elio"))
    assert list(elio["players"]) == [", ".join(EFGH)]
    assert elio["target"].iloc[0] == 31
    late = matches.matches(con, queries.Filters(date_from="2025-01-15"))
    assert list(late["players"]) == [", ".join(EFGH)]
    assert matches.matches(con, queries.Filters(game="french-tarot")).empty
    anna = matches.matches(con, queries.Filters(player="Anna"))
    assert len(anna) == 3  # two matches in seats A B C D, one with Bruno and Anna swapped


def test_match_outcomes_count_the_winners(built) -> None:
    con, expected, _ = built
    frame = game_stats.marafone_match_outcomes(con, queries.Filters(event="Club"))
    counts = dict(zip(frame["outcome"], frame["matches"], strict=True))
    want: dict[str, int] = {}
    for e in expected:
        key = f"{e['winner']} won" if e["winner"] else "unfinished"
        want[key] = want.get(key, 0) + 1
    assert counts == want
    assert frame["share"].sum() == pytest.approx(1)


def test_an_unknown_match_has_no_hands(built) -> None:
    con, _, _ = built
    assert matches.match_hands(con, match_id=10**9).empty


def test_the_sample_match_validates_and_chains(tmp_path) -> None:
    db = tmp_path / "sample.duckdb"
    summary = ingest(db, [str(SAMPLE)], workers=0)
    assert summary.rejected == 0 and summary.added >= 4
    con = queries.open_archive(db)
    (row,) = matches.matches(con).to_dict("records")
    assert row["hands"] == summary.added and row["consistent"] and row["finished"]
    assert row["target"] == 41 and max(row["final_a"], row["final_b"]) >= 41
    con.close()


@pytest.mark.parametrize(
    ("after", "claim", "seat", "right", "won"),
    [
        ((41, 30), None, None, None, "1+3"),
        ((30, 45), None, None, None, "2+4"),
        ((44, 42), None, None, None, "1+3"),
        ((42, 42), None, None, None, None),
        ((30, 20), None, None, None, None),
        ((41, 43), "fuori", 1, True, "1+3"),
    ],
)
def test_winner(after, claim, seat, right, won) -> None:
    assert matches.winner(after, 41, claim, seat, right) == won
