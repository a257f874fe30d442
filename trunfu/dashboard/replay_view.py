"""The parts of the Replay page around the card table: heading, step sentence, annotations,
auction and talon so far, running points, final breakdown."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from ..engine.model import Replay, Step
from ..notation.models import Record
from . import breakdowns, words
from .components import cards

NAGS = {
    1: "good card (!)",
    2: "mistake (?)",
    3: "brilliant card (!!)",
    4: "blunder (??)",
    5: "interesting card (!?)",
    6: "dubious card (?!)",
    7: "forced card",
    8: "the only card",
    9: "worst card",
}
"""PGN's numeric annotation glyphs $1..$9, worded for cards."""
SUFFIXES = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
BIDDING = ("call", "packet", "announce", "exchange", "talon", "discard")


def clamp(value: Any, last: int) -> int:
    """A step number from the URL, kept within 0..last (0 when it is not a number; the
    last step for `end`)."""
    if value == "end":
        return last
    try:
        return max(0, min(last, int(str(value))))
    except ValueError:
        return 0


def step_of_trick(rep: Replay, trick: str | None) -> int | None:
    """The step where trick number `trick` (text from the URL) lies whole on the table, or
    None when the deal has no such trick."""
    if not trick or not trick.isdigit() or len(trick) > 4 or not 1 <= int(trick) <= len(rep.tricks):
        return None
    number = int(trick)
    size = len(rep.tricks[number - 1].cards)
    for step in rep.steps:
        if (
            step.kind == "card"
            and sum(step.taken.values()) == number - 1
            and len(step.trick) == size
        ):
            return step.index
    return None


def player_names(record: Record) -> dict[int, str]:
    return {
        seat: name for seat in range(1, (record.seats or 0) + 1) if (name := record.tag(f"P{seat}"))
    }


def partners(rep: Replay) -> list[int]:
    return list(rep.outcome.partners) if rep.outcome else []


def heading(record: Record, reveal: bool) -> str:
    """Markdown naming the deal: title, game, seats, dealer, date, players; the Result tag
    only when `reveal` (it would tell the outcome before the play)."""
    names = player_names(record)
    title = record.tag("Title") or record.tag("Event") or "Deal"
    dealer = record.dealer
    facts = [
        words.game(record.tag("Game")),
        f"{record.seats} seats",
        f"dealer: seat {dealer}" + (f" ({names[dealer]})" if dealer in names else ""),
        record.tag("Date") or "",
        f"result {record.tag('Result')}" if reveal and record.tag("Result") else "",
    ]
    who = ", ".join(f"{s}: {n}" for s, n in names.items())
    line = f"### {title}\n{' · '.join(f for f in facts if f)}"
    if who:
        line += f"  \nPlayers — {who}"
    if record.tag("Annotator"):
        line += f"  \nAnnotated by {record.tag('Annotator')}"
    if record.tag("Source"):
        line += f"  \nSource: {record.tag('Source')}"
    return line


def describe(step: Step, rep: Replay | None = None, names: dict[int, str] | None = None) -> str:
    """The step in a sentence, contracts and declarations in the players' words."""
    game = rep.record.tag("Game") if rep else None
    if step.kind == "end" and rep is not None and rep.outcome is not None:
        return "the deal ends. " + breakdowns.verdict(rep.outcome, game, names or {}).replace(
            "**", ""
        )
    if step.kind == "call" and step.seat and step.text and step.label.startswith("seat"):
        who = f"seat {step.seat}" + (
            f" ({names[step.seat]})" if names and step.seat in names else ""
        )
        return f"{who}: {said(game, step.text)}"
    return step.label or (f"seat {step.seat}: {step.text}" if step.seat else step.text) or step.kind


def said(game: str | None, call: str) -> str:
    """A call as players say it: `garde-contre` → "Garde contre", `chiamo T19` → "Chiamo
    T19"; words that are no contract (passe, passo) as written."""
    word, _, rest = call.partition(" ")
    if word == "trump" and rest:  # marafone: the first hand names trumps
        return f"trumps: {breakdowns.suit_name(game, rest)}"
    if not any(word in table for table in words.CONTRACTS.values()):
        return call
    return f"{words.contract(game, word)} {rest}".strip()


def annotations(step: Step) -> list[str]:
    """The annotation glyphs and comments written after this step's item."""
    notes = []
    glyphs = ([SUFFIXES[step.suffix]] if step.suffix in SUFFIXES else []) + list(step.nags)
    if glyphs:
        meaning = ", ".join(NAGS.get(n, f"${n}") for n in glyphs)
        notes.append(f"{step.text}{step.suffix or ''}: {meaning}")
    return notes + list(step.comments)


def _said(step: Step, game: str | None) -> str:
    """A line of the auction column: calls as `seat N: word`, other items as sentences."""
    if step.kind == "call" and step.seat and (not step.label or step.label.startswith("seat")):
        if step.label and not step.label.startswith(f"seat {step.seat}:"):
            return f"*{step.label}*"  # the engine's sentence: "seat 4 calls the king of spades"
        return f"seat {step.seat}: *{said(game, step.text)}*"
    return f"*{step.label or step.text}*"


def sidebar(rep: Replay, index: int) -> None:
    """Auction and other declarations so far, talon and discard, running card points."""
    game = rep.record.tag("Game")
    step = rep.steps[index]
    spoken = [s for s in rep.steps[: index + 1] if s.kind in BIDDING and s.text]
    st.markdown("**Auction and declarations**")
    if spoken:
        st.markdown("  \n".join(_said(s, game) for s in spoken))
    else:
        st.caption("nothing said yet")
    if step.talon:
        st.markdown("**Talon**")
        st.html(cards.CSS + cards.row(game, step.talon))
    if step.discard:
        st.markdown("**Discard**")
        st.html(cards.CSS + cards.row(game, step.discard))
    if step.points:
        st.markdown("**Card points so far**")
        st.table(
            [
                {"Side": words.side(side), "Points": words.card_points(points, game)}
                for side, points in step.points.items()
            ]
        )


def tricks_so_far(rep: Replay, index: int) -> list[dict[str, Any]]:
    """The tricks complete at step `index`: number, leader, cards, winner."""
    done = sum(rep.steps[index].taken.values())
    return [
        {
            "trick": t.number,
            "leader": t.leader,
            "cards": " ".join(card for _, card in t.cards),
            "winner": t.winner,
        }
        for t in rep.tricks[:done]
    ]


def final(rep: Replay, names: dict[int, str]) -> None:
    """The outcome: a sentence, the score sheet and the game's breakdown told in words."""
    outcome = rep.outcome
    if outcome is None:
        st.caption("The record stops before the end of the deal: no final score.")
        return
    game = rep.record.tag("Game")
    st.subheader("Final result")
    sheet, how = st.columns([2, 3], gap="large")
    with sheet:
        st.markdown(breakdowns.verdict(outcome, game, names))
        draw(breakdowns.score_sheet(outcome.scores, names))
    parts = breakdowns.explain(outcome, game, names)
    if parts:
        with how:
            st.markdown("**How it was scored**")
            for part in parts:
                draw(part)


def draw(part: breakdowns.Part) -> None:
    """A sentence or a small table of the breakdown."""
    if isinstance(part, str):
        st.markdown(part)
        return
    if part.caption:
        st.caption(part.caption)
    st.table(pd.DataFrame(part.rows).set_index(next(iter(part.rows[0]))))
