"""The parts of the Replay page around the card table: heading, step sentence, annotations,
auction and talon so far, running points, final breakdown."""

from __future__ import annotations

from typing import Any

import streamlit as st

from ..engine.model import Replay, Step
from ..notation.models import Record
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
    """A step number from the URL, kept within 0..last (0 when it is not a number)."""
    try:
        return max(0, min(last, int(str(value))))
    except ValueError:
        return 0


def player_names(record: Record) -> dict[int, str]:
    return {
        seat: name for seat in range(1, (record.seats or 0) + 1) if (name := record.tag(f"P{seat}"))
    }


def partners(rep: Replay) -> list[int]:
    return list(rep.outcome.partners) if rep.outcome else []


def heading(record: Record, rep: Replay) -> str:
    """One markdown line naming the deal."""
    title = record.tag("Title") or record.tag("Event") or "Deal"
    facts = [
        record.tag("Game") or "?",
        f"{record.seats} seats",
        f"dealer seat {record.dealer}",
        record.tag("Date") or "",
        f"result {record.tag('Result')}" if record.tag("Result") else "",
    ]
    who = ", ".join(f"{s}: {n}" for s, n in player_names(record).items())
    line = f"### {title}\n{' · '.join(f for f in facts if f)}"
    if who:
        line += f"  \nPlayers — {who}"
    if record.tag("Annotator"):
        line += f"  \nAnnotated by {record.tag('Annotator')}"
    if record.tag("Source"):
        line += f"  \nSource: {record.tag('Source')}"
    return line


def describe(step: Step) -> str:
    """The step in a sentence."""
    return step.label or (f"seat {step.seat}: {step.text}" if step.seat else step.text) or step.kind


def annotations(step: Step) -> list[str]:
    """The annotation glyphs and comments written after this step's item."""
    notes = []
    glyphs = ([SUFFIXES[step.suffix]] if step.suffix in SUFFIXES else []) + list(step.nags)
    if glyphs:
        words = ", ".join(NAGS.get(n, f"${n}") for n in glyphs)
        notes.append(f"{step.text}{step.suffix or ''}: {words}")
    return notes + list(step.comments)


def _flat(value: Any, prefix: str = "") -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        rows = []
        for key, inner in value.items():
            rows += _flat(inner, f"{prefix}{key} › " if prefix or key else "")
        return rows or [(prefix.rstrip(" ›"), "—")]
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [row for i, v in enumerate(value, 1) for row in _flat(v, f"{prefix}{i} › ")]
    text = ", ".join(map(str, value)) if isinstance(value, list) else value
    return [(prefix.rstrip(" ›"), text)]


def breakdown_rows(breakdown: dict[str, Any]) -> list[dict[str, Any]]:
    """The game's breakdown as `item`/`value` rows (nested keys joined by ›)."""
    return [{"item": k, "value": str(v)} for k, v in _flat(breakdown)]


def _said(step: Step) -> str:
    """A line of the auction column: calls as `seat N: word`, other items as sentences."""
    if step.kind == "call" and step.seat:
        return f"seat {step.seat}: `{step.text}`"
    return f"*{step.label or step.text}*"


def sidebar(rep: Replay, index: int) -> None:
    """Auction and other declarations so far, talon and discard, running card points."""
    game = rep.record.tag("Game")
    step = rep.steps[index]
    said = [s for s in rep.steps[: index + 1] if s.kind in BIDDING and s.text]
    st.markdown("**Auction and declarations**")
    if said:
        st.markdown("  \n".join(_said(s) for s in said))
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
            [{"side": side, "points": f"{points:.4g}"} for side, points in step.points.items()]
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
    """The outcome: contract, who won, each seat's score and the game's breakdown."""
    outcome = rep.outcome
    if outcome is None:
        st.caption("The record stops before the end of the deal: no final score.")
        return
    st.subheader("Final result")
    if outcome.thrown_in:
        st.write("Thrown in: every seat scores 0.")
    else:
        who = f"seat {outcome.declarer}" if outcome.declarer else "nobody"
        verdict = {True: "made it", False: "went down", None: ""}[outcome.won]
        partners_text = (
            f" with seat{'s' if len(outcome.partners) > 1 else ''} "
            + ", ".join(map(str, outcome.partners))
            if outcome.partners
            else ""
        )
        st.write(f"Contract **{outcome.contract or '—'}** by {who}{partners_text}: {verdict}.")
    st.table(
        [
            {"seat": seat, "player": names.get(seat, ""), "score": score}
            for seat, score in enumerate(outcome.scores, 1)
        ]
    )
    if outcome.breakdown:
        st.markdown("**Breakdown**")
        st.table(breakdown_rows(outcome.breakdown))
