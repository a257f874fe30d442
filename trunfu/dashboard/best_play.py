"""Best play in the Replay: the double-dummy analysis of a deal (`trunfu.analysis`),
worked out in a background thread so that the page never waits for it, kept once done,
and read step by step: the judgement of the card just played, the cards that keep the
value for the seat to play, and the evaluation line over the deal."""

from __future__ import annotations

import hashlib
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import altair as alt
import pandas as pd

from ..analysis.analyse import DEFAULT_BUDGET, Analysis, Position, analyse
from ..analysis.marks import mark
from ..analysis.values import NotAnalysable
from ..engine.model import Replay
from . import words

BUDGET = DEFAULT_BUDGET
"""Seconds of search per deal: as many of the last tricks as fit (`analysis.analyse`)."""
MARK_WORDS = {
    "best": "a best card",
    "inaccuracy": "an inaccuracy",
    "mistake": "a mistake",
    "blunder": "a blunder",
}
MARK_TEXT_COLOURS = {"best": "green", "inaccuracy": "orange", "mistake": "orange", "blunder": "red"}
"""Each mark's colour in the page's text (Streamlit's colour names)."""
MARK_COLOURS = {
    "best": "#1e7d32",
    "inaccuracy": "#e0a100",
    "mistake": "#e8590c",
    "blunder": "#c0182b",
}


@dataclass
class Job:
    """One deal's analysis under way or done: the tricks analysed so far, then the
    `Analysis` or the reason it cannot be made."""

    budget: float
    began: float = field(default_factory=time.monotonic)
    tricks: int = 0
    future: Future | None = None

    @property
    def done(self) -> bool:
        return self.future is not None and self.future.done()

    def share(self) -> float:
        """How far along it is, as the share of the time budget spent (below 1 until done)."""
        if self.done:
            return 1.0
        return min((time.monotonic() - self.began) / self.budget, 0.99)

    def result(self) -> Analysis | str:
        """The analysis, or why there is none, in words (only once `done`)."""
        error = self.future.exception()
        if isinstance(error, NotAnalysable):
            return str(error)
        if error is not None:
            return f"the analysis failed ({type(error).__name__}: {error})"
        return self.future.result()


class Jobs:
    """The analyses of the deals opened in the Replay, one worker at a time (the search
    uses a whole core), each deal analysed once, by the text of its record."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="best-play")
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, text: str, rep: Replay) -> Job:
        """The job of this record, started on first asking."""
        key = hashlib.sha256(text.encode()).hexdigest()
        with self.lock:
            job = self.jobs.get(key)
            if job is None:
                job = self.jobs[key] = Job(BUDGET)

                def told(tricks: int) -> None:
                    job.tricks = tricks

                job.future = self.pool.submit(analyse, rep.record, budget=BUDGET, progress=told)
            return job


@dataclass(frozen=True)
class Reading:
    """The analysis read at one step of the replay."""

    played: Position | None
    """The card played at this step, when it is analysed."""
    next: Position | None
    """The card the seat to play plays next, when analysed: its `best` are the cards that
    keep the value."""
    cards_before: int
    """How many cards were played before this step's position."""


def card_steps(rep: Replay) -> list[int]:
    """The index of each card's step, in playing order."""
    return [i for i, step in enumerate(rep.steps) if step.kind == "card"]


def reading(rep: Replay, found: Analysis, index: int) -> Reading:
    """What the analysis says at step `index`: the card just played, and the next one."""
    steps = card_steps(rep)
    played = sum(1 for i in steps if i <= index)
    first = len(steps) - len(found.positions)  # the analysed cards are the last ones

    def at(k: int) -> Position | None:
        return found.positions[k - first] if first <= k < len(steps) else None

    card_here = rep.steps[index].kind == "card"
    in_play = played > 0 or index + 1 in steps  # before the play, no card is to be played
    return Reading(at(played - 1) if card_here else None, at(played) if in_play else None, played)


def said(game: str, position: Position) -> str:
    """The verdict on the card just played, as a coloured line of the page (markdown)."""
    colour = MARK_TEXT_COLOURS[mark(game, position.loss)]
    return f":{colour}[**Best play:** {verdict(game, position)}]"


def verdict(game: str, position: Position) -> str:
    """The card just played, judged in a player's words."""
    judged = mark(game, position.loss)
    if judged == "best":
        return f"{position.card}: {MARK_WORDS[judged]}"
    best = ", ".join(position.best)
    cost = words.card_points(position.loss, game)
    return f"{position.card}: {MARK_WORDS[judged]}, it cost its side {cost} (best: {best})"


def line(rep: Replay, found: Analysis) -> pd.DataFrame:
    """The evaluation line: the value after each analysed card (and before the first),
    with the card, its seat and its mark."""
    first = len(card_steps(rep)) - len(found.positions)
    rows = []
    if found.positions:
        start = found.positions[0]
        rows.append({"card": first, "value": start.before, "played": "", "mark": "start"})
    for k, p in enumerate(found.positions, first + 1):
        rows.append(
            {"card": k, "value": p.after, "played": f"seat {p.seat}: {p.card}",
             "mark": mark(found.game, p.loss)}
        )  # fmt: skip
    return pd.DataFrame(rows)


def chart(data: pd.DataFrame, at_card: int, found: Analysis) -> alt.LayerChart:
    """The evaluation line, each card a point coloured by its mark, the step shown."""
    y = alt.Y("value:Q", title=f"Points ({found.side_words})")
    x = alt.X("card:Q", title="Cards played", axis=alt.Axis(tickMinStep=1))
    marks = [m for m in MARK_COLOURS if m in set(data["mark"])]
    colour = alt.Color(
        "mark:N",
        title="Card",
        scale=alt.Scale(domain=marks, range=[MARK_COLOURS[m] for m in marks]),
    )
    base = alt.Chart(data)
    path = base.mark_line(color="#888").encode(x=x, y=y)
    points = (
        base.transform_filter(alt.datum.mark != "start")
        .mark_circle(size=70)
        .encode(x=x, y=y, color=colour, tooltip=[alt.Tooltip("played:N", title="Card"),
                                                 alt.Tooltip("value:Q", title="Value after")])
    )  # fmt: skip
    now = alt.Chart(pd.DataFrame({"card": [at_card]})).mark_rule(color="#e0a100").encode(x=x)
    return (path + points + now).properties(height=180)
