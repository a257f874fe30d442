"""Dashboard benchmark: server-side render time of the Statistics page and of one
replay step, measured with Streamlit's AppTest (the script run and its elements, without the
browser's drawing).

Goals: the Statistics page under 1 s, a replay step under 100 ms. Peer runs in the same
process: the page's queries called directly on one connection (what the archive costs), and
an empty Streamlit page under AppTest (what a script run costs at all). The Search page's
`find_deals` is timed too, against a plain count of the same card condition's deals.

    .venv/bin/python bench/dashboard.py              # a sample archive built from data/
    .venv/bin/python bench/dashboard.py --db PATH    # e.g. the archive of
                                                     # `bench/ingest.py --keep --dir DIR`
    .venv/bin/python bench/dashboard.py --db PATH --times 10   # that archive's deals x 10

`--times N` copies the archive and repeats every deal N times under new ids (and new hashes),
so that a 100,000-deal archive gives the query load of 1,000,000 deals without simulating
them again.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from trunfu.archive import queries as q
from trunfu.archive import schema
from trunfu.archive.ingest import ingest
from trunfu.archive.lock import connect
from trunfu.dashboard import settings, sources
from trunfu.dashboard.components import table

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "trunfu" / "dashboard" / "app.py"
GOALS = {"statistics": 1.0, "step": 0.100}
STEPS = 30
TIMEOUT = 120


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def sample_archive(folder: Path) -> Path:
    db = folder / "sample.duckdb"
    files = sorted(str(p) for p in (ROOT / "data").rglob("*.tgn"))
    summary = ingest(db, files, workers=0)
    print(f"sample archive: {summary.added:,} deals from {len(files)} files in data/")
    return db


def repeated(db: Path, times: int, folder: Path) -> Path:
    """A copy of `db` where every deal appears `times` times (ids shifted, hashes suffixed)."""
    copy = folder / f"x{times}.duckdb"
    shutil.copy(db, copy)
    con = connect(copy)
    step = con.execute("SELECT max(id) + 1 FROM records").fetchone()[0]
    last = step - 1
    for k in range(1, times):
        shift = k * step
        con.execute(
            "INSERT INTO records SELECT * REPLACE (id + ? AS id, hash || ? AS hash) "
            "FROM records WHERE id <= ?",
            [shift, f"~{k}", last],
        )
        for child in schema.CHILD_TABLES:
            con.execute(
                f"INSERT INTO {child} SELECT * REPLACE (record_id + ? AS record_id) "
                f"FROM {child} WHERE record_id <= ?",
                [shift, last],
            )
    con.execute("CHECKPOINT")
    con.close()
    return copy


def page(name: str, **query: str) -> AppTest:
    at = AppTest.from_file(str(APP), default_timeout=TIMEOUT)
    at.query_params.update(query)
    at.switch_page(f"views/{name}.py")
    return at


def check(at: AppTest) -> AppTest:
    assert not at.exception, [e.value for e in at.exception]
    return at


SECTIONS = ("Contracts", "Scores", "Players", "Jochi", "French bonuses")


def statistics_page(db: Path) -> dict[str, float]:
    """Cold (empty cache) and warm renders of the default section, each other section
    opened cold, and a render after a filter change."""
    cold = []
    for _ in range(3):
        st.cache_data.clear()
        at = page("statistics")
        cold.append(timed(lambda at=at: check(at.run())))
    warm = min(timed(lambda: check(at.run())) for _ in range(3))
    sections = {}
    for section in SECTIONS:
        st.cache_data.clear()
        at = page("statistics", section=section)
        sections[section] = timed(lambda at=at: check(at.run()))
    games = q.choices(q.open_archive(db))["games"]
    st.cache_data.clear()
    at = page("statistics")
    check(at.run())
    game = games[0] if games else None
    changed = timed(lambda: check(at.selectbox(key="stats_game").select(game).run()))
    return {
        "cold": min(cold),
        "cold_first": cold[0],
        "warm": warm,
        "filter": changed,
        **{f"section {k}": v for k, v in sections.items()},
    }


def statistics_queries(db: Path) -> float:
    """Peer: the queries of the default view (overview and Contracts) on one connection,
    no Streamlit (best of 3)."""
    con = q.open_archive(db)
    f = q.Filters()

    def run() -> None:
        q.choices(con)
        q.overview(con, f)
        q.contract_mix(con, f)
        q.declarer_success(con, f, by="contract")

    best = min(timed(run) for _ in range(3))
    con.close()
    return best


SEARCHES = {
    "T1 captured": {"card": "T1", "card_event": "captured"},
    "EX last-trick": {"card": "EX", "card_event": "last-trick"},
    "petit au bout": {"bonus": "petit_au_bout"},
}


def search_queries(db: Path) -> dict[str, float]:
    """The Search page's `find_deals` (a page of 100, best of 3) for a few conditions, and
    the same condition's deals only counted by the plain semi-join over every play (peer)."""
    con = q.open_archive(db)
    times = {
        name: min(timed(lambda kw=kw: q.find_deals(con, **kw)) for _ in range(3))
        for name, kw in SEARCHES.items()
    }
    times["peer: count of T1 captured deals"] = min(
        timed(
            lambda: con.execute(
                "SELECT count(*) FROM records r WHERE r.id IN "
                "(SELECT record_id FROM plays p WHERE p.card = 'T1' AND p.captured)"
            ).fetchone()
        )
        for _ in range(3)
    )
    con.close()
    return times


def replay_steps(ref: str) -> dict[str, float]:
    """One click of `next`, repeated: median and worst; and the table's HTML alone."""
    at = check(page("replay", record=ref, step="0").run())
    clicks = [timed(lambda: check(at.button(key="next").click().run())) for _ in range(STEPS)]
    text = sources.text_of(ref)
    _, rep = sources.replay_of(text)
    game, seats = rep.record.tag("Game"), rep.record.seats or 0
    start = time.perf_counter()
    for step in rep.steps:
        table.render(game, seats, step)
    html = (time.perf_counter() - start) / max(len(rep.steps), 1)
    return {"median": statistics.median(clicks), "worst": max(clicks), "html": html}


def empty_page(folder: Path) -> float:
    """Peer: an AppTest run of a page that draws one line (median of 10)."""
    script = folder / "empty.py"
    script.write_text("import streamlit as st\nst.write('nothing')\n", encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=TIMEOUT)
    at.run()
    return statistics.median(timed(at.run) for _ in range(10))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an archive (default: one built from data/)")
    parser.add_argument("--times", type=int, default=1, help="repeat every deal N times")
    parser.add_argument("--keep", type=Path, help="keep the repeated archive at this path")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.db.parent if args.db else None) as tmp:
        folder = Path(tmp)
        db = args.db or sample_archive(folder)
        if args.times > 1:
            start = time.perf_counter()
            db = repeated(db, args.times, folder)
            print(f"deals repeated x{args.times} in {time.perf_counter() - start:,.0f} s")
            if args.keep:
                db = Path(shutil.move(db, args.keep))
        deals = q.overview(q.open_archive(db))["deals"]
        os.environ[settings.ARCHIVE_ENV] = str(db)
        os.environ[settings.FAMOUS_ENV] = str(ROOT / "data" / "famous")
        famous = sources.famous_hands()
        ref = next((h.ref for h in famous if h.read.ok), None) or "1"

        base = empty_page(folder)
        stats = statistics_page(db)
        peer = statistics_queries(db)
        searches = search_queries(db)
        steps = replay_steps(ref)

    ok = {True: "met", False: "NOT met"}
    print(f"archive: {db} ({deals:,} deals)")
    print(f"{'measure':<44} {'ms':>9}")
    rows = [
        ("statistics page, cold cache (best of 3)", stats["cold"]),
        ("statistics page, cold cache (first run)", stats["cold_first"]),
        ("statistics page, warm cache", stats["warm"]),
        ("statistics page, after a filter change", stats["filter"]),
        *((f"statistics page, {k} cold", v) for k, v in stats.items() if k.startswith("section")),
        ("peer: its queries alone, one connection", peer),
        (f"replay step ({ref}), median of {STEPS}", steps["median"]),
        ("replay step, worst", steps["worst"]),
        ("card table HTML for one step", steps["html"]),
        ("peer: empty page under AppTest", base),
        *((f"search: {k}" if not k.startswith("peer") else k, v) for k, v in searches.items()),
    ]
    for label, seconds in rows:
        print(f"{label:<44} {seconds * 1000:>9.1f}")
    print(
        f"statistics cold / its queries = {stats['cold'] / peer:.2f}; "
        f"replay step / empty page = {steps['median'] / base:.2f}; "
        f"search T1 captured / its count = "
        f"{searches['T1 captured'] / searches['peer: count of T1 captured deals']:.2f}"
    )
    worst = max(v for k, v in stats.items() if k.startswith("section"))
    print(
        f"goal statistics < 1 s: {ok[stats['cold'] < GOALS['statistics']]} (cold), "
        f"{ok[stats['filter'] < GOALS['statistics']]} (filter change), "
        f"{ok[worst < GOALS['statistics']]} (slowest section cold); "
        f"goal replay step < 100 ms: {ok[steps['median'] < GOALS['step']]}"
    )


if __name__ == "__main__":
    main()
