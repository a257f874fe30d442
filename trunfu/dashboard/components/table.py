"""The card table: one state of a deal (an engine `Step`) drawn as HTML, every seat's hand
around the table in playing order, the trick in the middle. On a phone (640 px or less)
the seats are stacked, each hand in rows across the screen, the viewer's seat last."""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from ...engine.model import Step
from . import cards

LAYOUTS = {
    2: ("bottom", "top"),
    3: ("bottom", "tr", "tl"),
    4: ("bottom", "right", "top", "left"),
    5: ("bottom", "right", "tr", "tl", "left"),
    6: ("bottom", "br", "tr", "top", "tl", "bl"),
}
"""Seat slots in playing order, starting at the bottom and going round anticlockwise
(the Italian and French games play to the right)."""

CSS = """
<style>
.tf-table{display:grid;grid-template-columns:1fr 1.15fr 1fr;grid-template-rows:auto auto auto;
 grid-template-areas:"tl top tr" "left center right" "bl bottom br";gap:8px;
 background:#1f6b3a;border-radius:18px;padding:12px;color:#f5f5f0}
.tf-seat{background:rgba(0,0,0,.18);border-radius:10px;padding:6px 8px;font-size:.82em;min-height:4em}
.tf-seat.turn{box-shadow:0 0 0 3px #e0a100 inset}
.tf-seat .who{font-weight:600;margin-bottom:4px;font-size:1.1em}
.tf-seat .who .tag{background:#e0a100;color:#222;border-radius:4px;padding:0 4px;margin-left:4px;
 font-size:.8em}
.tf-seat .who .taken{float:right;font-weight:400;opacity:.9}
.tf-seat .tf-card{width:2.2em;height:3.1em;font-size:.95em}
.tf-center{grid-area:center;background:rgba(255,255,255,.08);border-radius:12px;padding:8px;
 display:flex;flex-direction:column;align-items:center;justify-content:center;min-height:8em}
.tf-trick{display:flex;gap:8px;justify-content:center;flex-wrap:wrap}
.tf-trick figure{margin:0;text-align:center;font-size:.75em}
.tf-trick figcaption{margin-top:2px}
.tf-label{margin-top:8px;font-size:.9em;text-align:center}
.tf-note{opacity:.85;font-style:italic}
@media (max-width:640px){
 .tf-table{display:flex;flex-direction:column;padding:8px;gap:6px}
 .tf-seat{order:0}
 .tf-center{order:1;min-height:5em}
 .tf-seat[style*="grid-area:bottom"]{order:2}
 .tf-seat .tf-card{width:2em;height:2.8em;font-size:.9em}
}
</style>
"""


def _who(seat: int, names: dict[int, str], step: Step, partners: list[int]) -> str:
    tags = []
    if step.declarer == seat:
        tags.append("declarer")
    elif seat in partners and step.partner_known:
        tags.append("partner")
    badge = "".join(f'<span class="tag">{t}</span>' for t in tags)
    player = f" · {escape(names[seat])}" if names.get(seat) else ""
    taken = step.taken.get(seat, 0)
    plural = "trick" if taken == 1 else "tricks"
    return (
        f'<div class="who">Seat {seat}{player}{badge}'
        f'<span class="taken" title="tricks taken">{taken} {plural}</span></div>'
    )


def _hand(game: str | None, seat: int, step: Step, shown: bool, best: Collection[str]) -> str:
    hand = step.hands.get(seat)
    if hand is None:
        return '<div class="tf-note">hand not recorded</div>'
    if not hand:
        return '<div class="tf-note">no cards left</div>'
    if not shown:
        return f'<div class="tf-cards">{cards.back(len(hand))}</div>'
    return cards.row(game, hand, marked=best)


def _trick(game: str | None, step: Step, names: dict[int, str]) -> str:
    if not step.trick:
        return '<div class="tf-note">no card on the table</div>'
    last = len(step.trick) - 1
    figures = []
    for i, (seat, code) in enumerate(step.trick):
        new = "new" if i == last and step.kind == "card" else ""
        note = f"played by seat {seat}" + (f" ({names[seat]})" if names.get(seat) else "")
        figures.append(
            f"<figure>{cards.card(game, code, new, note)}<figcaption>seat {seat}</figcaption></figure>"
        )
    return f'<div class="tf-trick">{"".join(figures)}</div>'


def slots(seats: int, bottom: int = 1) -> dict[int, str]:
    """Seat → grid slot, with `bottom` at the bottom and the others in playing order."""
    layout = LAYOUTS[seats]
    return {(bottom - 1 + k) % seats + 1: layout[k] for k in range(seats)}


def render(
    game: str | None,
    seats: int,
    step: Step,
    names: dict[int, str] | None = None,
    view: int | None = None,
    partners: list[int] | None = None,
    label: str | None = None,
    best: tuple[int, Collection[str]] | None = None,
) -> str:
    """The table at `step`. `view` shows only that seat's hand (a kibitz's view); `label`
    is the step's sentence under the trick (default: the engine's); `best` (a seat, cards)
    marks the cards of that seat's hand that best play would choose."""
    names = names or {}
    places = slots(seats, view or 1)
    marked = dict([best]) if best else {}
    panels = []
    for seat, slot in places.items():
        turn = " turn" if step.seat == seat and step.kind in ("card", "call") else ""
        panels.append(
            f'<div class="tf-seat{turn}" style="grid-area:{slot}" data-seat="{seat}">'
            f"{_who(seat, names, step, partners or [])}"
            f"{_hand(game, seat, step, view is None or view == seat, marked.get(seat, ()))}</div>"
        )
    centre = (
        f'<div class="tf-center">{_trick(game, step, names)}'
        f'<div class="tf-label">{escape(label or step.label or step.text)}</div></div>'
    )
    return f'{cards.CSS}{CSS}<div class="tf-table">{"".join(panels)}{centre}</div>'
