"""Statistics page: the archive's figures under the filters of the URL, as charts, each with
its numbers one click away. The queries (`trunfu.archive.queries`) do the work."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from trunfu.dashboard import archive_link, filters, game_sections, words
from trunfu.dashboard.archive_link import Reader
from trunfu.dashboard.components import charts

DISTRIBUTIONS = {
    "margin": "margin",
    "declarer_score": "declarer's score",
    "score": "every seat's score",
}


def overview(db: Reader, f) -> bool:
    """The headline figures; False when no deal matches."""
    o = db.run("overview", f)
    played = o["scored"] - o["thrown_in"]
    figures = [
        ("Deals", o["deals"], "records of deals under the filters"),
        ("Played out", played, "deals played and scored"),
        ("Thrown in", o["thrown_in"], "deals nobody took: redealt, every seat scores 0"),
        ("Unfinished", o["deals"] - o["scored"], "records that stop before the deal's end"),
        ("Players", o["players"], "different player names"),
        ("Events", o["events"], "different Event tags"),
        ("Rejected records", o["rejected"], "records the archive refused (see `trunfu stats`)"),
    ]
    for column, (label, value, hint) in zip(st.columns(len(figures)), figures, strict=True):
        column.metric(label, f"{value:,}", help=hint)
    if o["first_date"]:
        st.caption(f"Dated deals from {o['first_date']:%-d %B %Y} to {o['last_date']:%-d %B %Y}.")
    simulated(db, f)
    return bool(o["deals"])


def simulated(db: Reader, f) -> None:
    """Say so when the deals shown are simulations (their Source tag says so)."""
    found = db.run("simulated", f)
    deals, made = found["deals"], found["simulated"]
    if not made:
        return
    if made == deals:
        st.warning(
            "Every deal here is a simulation (its Source tag says so): these figures show how "
            "trunfu's simulator plays, not how people play.",
            icon=":material/smart_toy:",
        )
    elif made * 2 >= deals:
        st.warning(
            f"{made:,} of these {deals:,} deals ({made / deals:.0%}) are simulations (their "
            "Source tag says so): the figures mostly show how trunfu's simulator plays.",
            icon=":material/smart_toy:",
        )
    else:
        st.caption(f"{made:,} of these {deals:,} deals are simulations (their Source tag).")


def contracts(db: Reader, f) -> None:
    left, right = st.columns(2)
    with left:
        frame = charts.mix(db.run("contract_mix", f))
        bars = charts.contract_bars(frame) if not frame.empty else None
        charts.show(
            "Contract and declaration mix", bars, frame,
            "share of the deals played out or thrown in, per game and seat count",
        )  # fmt: skip
    with right:
        st.markdown("**Declarer success**")
        tabs = st.tabs(["by contract", "by seat", "by oudlers"], key="success", on_change="rerun")
        for tab, by in zip(tabs, ["contract", "position", "oudlers"], strict=True):
            if not tab.open:
                continue
            with tab:
                frame = db.run("declarer_success", f, by=by)
                if by == "oudlers":
                    frame = frame[frame["oudlers"].notna()]
                title = {"position": "seat"}.get(by, by)
                frame = charts.readable(frame)
                bars = charts.success_bars(frame, by) if not frame.empty else None
                charts.show(f"Declarer success by {title}", bars, frame, charts.SUCCESS_BY[by])


def scores(db: Reader, f) -> None:
    what = st.segmented_control(
        "Distribution of",
        list(DISTRIBUTIONS),
        default="margin",
        format_func=DISTRIBUTIONS.get,
        key="stats_distribution",
    )
    what = what or "margin"
    frame = db.run("score_distribution", f, what=what)
    if frame.empty:
        st.caption("no deals match")
    games = list(dict.fromkeys(frame["game"]))
    for first in range(0, len(games), 2):  # one chart per game: scales differ between games
        for column, game in zip(st.columns(2), games[first : first + 2], strict=False):
            with column:
                one = frame[frame["game"] == game].drop(columns="game")
                spec = charts.distribution(DISTRIBUTIONS[what])
                charts.show(f"{words.game(game)}: {DISTRIBUTIONS[what]}", spec, one)
    st.markdown("**Average scores by contract**")
    st.caption("deals played out (thrown-in deals left out); ± is the standard deviation")
    summary = charts.readable(db.run("score_summary", f)).rename(
        columns={
            "declarer_score": "declarer's score",
            "declarer_score_sd": "± sd",
            "margin_sd": "margin ± sd",
            "abs_margin": "mean |margin|",
        }
    )
    charts.figures(summary, height=300)


def players(db: Reader, f, games: list[str]) -> None:
    """Leaderboard, roles and score over time, one game at a time: the games' points are
    not of one scale (a French tarot garde is worth hundreds, a marafone hand 11)."""
    if f.game is None:
        if not games:
            return
        if st.session_state.get("stats_players_game") not in games:
            st.session_state["stats_players_game"] = games[0]
        game = st.segmented_control("Game", games, format_func=words.game, key="stats_players_game")
        f = replace(f, game=game or games[0])
    frame = db.run("player_stats", f, limit=20)
    if frame.empty:
        st.caption("no named players in these deals")
        return
    name = words.game(f.game)
    left, right = st.columns(2)
    with left:
        charts.show(f"Leaderboard of {name} (20 most active players)", charts.leaderboard(),
                    frame)  # fmt: skip
    with right:
        charts.show(f"Role split in {name}", charts.roles(), charts.role_split(frame))
    shown = [f.player] if f.player else list(frame["player"][:5])  # as score_evolution's own
    evolution = db.run("score_evolution", f, players=shown)
    charts.show(f"{name} score over time (the 5 most active players)", charts.evolution(),
                evolution)  # fmt: skip


def jochi(db: Reader, f) -> None:
    if f.game not in (None, "tarocco-siciliano"):
        st.caption("Jochi are counted in tarocco-siciliano deals only.")
        return
    frame = db.run("sicilian_jochi", f)
    frame = frame.assign(category=frame["category"].map(lambda c: words.bonus(f"jochi.{c}")))
    spec = charts.by_side("category", "jochi", "jochi")
    charts.show("Sicilian jochi by category", spec, charts.readable(frame))


def french(db: Reader, f) -> None:
    if f.game not in (None, "french-tarot"):
        st.caption("Petit au bout, poignées and chelem are French tarot bonuses.")
        return
    frame = db.run("french_bonuses", f)
    frame = frame.assign(bonus=frame["bonus"].map(lambda b: words.bonus(b, "french-tarot")))
    spec = charts.by_side("bonus", "deals", "deals")
    charts.show("Petit au bout, poignées and chelem", spec, charts.readable(frame, "french-tarot"))


def _losses(frame):
    """Average losses with two decimals: they are small, and their differences matter."""
    return frame.assign(average_loss=frame["average_loss"].map(lambda v: f"{v:.2f}"))


def best_play(db: Reader, f) -> None:
    """The accuracy of the play, from the archive's best-play analysis: one game at a time
    (a card's loss is in its game's points)."""
    games = db.run("analysed_games", f)
    if games.empty:
        st.caption(
            "No deal here has been analysed yet. `trunfu analyse --db` with the archive's "
            "file judges every card of the last tricks against best play; the players' "
            "accuracy then shows here."
        )
        return
    names = list(games["game"])
    if f.game is None:
        if st.session_state.get("stats_best_game") not in names:
            st.session_state["stats_best_game"] = names[0]
        game = st.segmented_control("Game", names, format_func=words.game, key="stats_best_game")
        f = replace(f, game=game or names[0])
    row = games[games["game"] == f.game]
    if row.empty:
        st.caption(f"No {words.game(f.game)} deal here has been analysed yet.")
        return
    deals, cards = int(row["deals"].iloc[0]), int(row["cards"].iloc[0])
    st.caption(
        f"{deals:,} deals analysed, {cards:,} cards judged: a card's loss is what it cost its "
        "side in card points against best play with every hand visible (double dummy)."
    )
    left, right = st.columns(2)
    figures = {"average_loss": "average loss per card", "best_share": "best-card rate"}
    with left:
        st.markdown("**Accuracy by player** (20 most analysed)")
        frame = _losses(db.run("accuracy", f, by="player").head(20))
        charts.figures(frame.rename(columns={**figures, "who": "player"}))
    with right:
        st.markdown("**Accuracy by role**")
        frame = _losses(db.run("accuracy", f, by="role"))
        frame = frame.assign(who=frame["who"].map(words.plain))
        charts.figures(frame.rename(columns={**figures, "who": "role"}))
    st.markdown("**The most costly cards**")
    costly = db.run("costly_cards", f)
    if costly.empty:
        st.caption("No card of these deals cost its side anything.")
        return
    st.caption("Click a row to open the deal at that trick, with best play shown.")
    picked = st.dataframe(
        costly.assign(
            loss=costly["loss"].map(lambda v: words.card_points(v, f.game)),
            player=costly["player"].fillna("—"),
            event=costly["event"].fillna("—"),
        )
        .rename(columns={"best": "best was"})
        .drop(columns="record"),
        hide_index=True,
        width="stretch",
        key="stats_costly",
        on_select="rerun",
        selection_mode="single-row",
    )
    rows = picked.selection.rows if picked else []
    if rows:
        hit = costly.iloc[rows[0]]
        params = {"record": str(int(hit["record"])), "trick": str(int(hit["trick"])), "best": "1"}
        st.switch_page("views/replay.py", query_params=params)


st.title("Statistics")
db, choices = archive_link.open_page_reader()
SECTIONS = {
    "Contracts": contracts,
    "Scores": scores,
    "Players": lambda db, f: players(db, f, choices["games"]),
    "Jochi": jochi,
    "French bonuses": french,
    "Marafone": game_sections.marafone,
    "Trionfo": game_sections.trionfo,
    "Game of Tarot": game_sections.waite,
    "Best play": best_play,
}
with db:
    f = filters.widgets(choices, "stats")
    if not overview(db, f):
        st.info("No deal matches these filters.")
        st.stop()
    # lazy tabs: only the open section runs its queries; the section is in the URL too
    tabs = st.tabs(list(SECTIONS), key="section", bind="query-params")
    for tab, draw in zip(tabs, SECTIONS.values(), strict=True):
        if tab.open:
            with tab:
                draw(db, f)
