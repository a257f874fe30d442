"""The archive filters (game, seats, variant, player, event, date range) as widgets whose
values live in the URL (`st.query_params`), so that a view can be shared or bookmarked."""

from __future__ import annotations

from datetime import date
from typing import Any

import streamlit as st

from ..archive.queries import Filters
from . import words

PARAMS = ("game", "seats", "variant", "player", "event", "from", "to")
SAVED = "trunfu_filters"
"""Session key: the last filters, kept when the user visits another page and comes back."""


def parse(name: str, raw: str | None, choices: dict[str, list[Any]]) -> Any:
    """The widget value for a URL parameter, or None when absent or not a known choice."""
    if not raw:
        return None
    if name in ("from", "to"):
        try:
            day = date.fromisoformat(raw.replace(".", "-"))
        except ValueError:
            return None
        first, last = (choices.get("dates") or [None, None])[:2]
        if first is None or not first <= day <= last:
            return None  # outside the archive's dates: the date widgets cannot show it
        return day
    if name == "seats":
        return int(raw) if raw in map(str, choices["seats"]) else None
    options = choices[{"variant": "variants"}.get(name, name + "s")]
    return raw if raw in options else None


def to_filters(values: dict[str, Any]) -> Filters:
    return Filters(
        game=values.get("game"),
        seats=values.get("seats"),
        variant=values.get("variant"),
        player=values.get("player"),
        event=values.get("event"),
        date_from=values.get("from"),
        date_to=values.get("to"),
    )


def widgets(choices: dict[str, list[Any]], prefix: str, only: tuple[str, ...] = PARAMS) -> Filters:
    """Draw the filter row (the filters named in `only`: a page about one game leaves out
    game, seats and variant); the Filters chosen. The URL is kept in step with them."""
    saved: dict[str, Any] = st.session_state.setdefault(SAVED, {})
    for name in only:
        key = f"{prefix}_{name}"
        if key not in st.session_state:
            raw = st.query_params.get(name)
            value = raw or saved.get(name)  # a saved value is checked too: the archive changes
            st.session_state[key] = parse(name, str(value), choices) if value else None

    def pick(column, label: str, name: str, options: list[Any], say=str) -> Any:
        return column.selectbox(
            label,
            [None, *options],
            format_func=lambda v: "all" if v is None else say(v),
            placeholder="all",
            key=f"{prefix}_{name}",
        )

    first, last = (choices.get("dates") or [None, None])[:2]
    draw = {
        "game": (2, lambda c: pick(c, "Game", "game", choices["games"], words.game)),
        "seats": (1, lambda c: pick(c, "Seats", "seats", choices["seats"])),
        "variant": (1, lambda c: pick(c, "Variant", "variant", choices["variants"])),
        "player": (2, lambda c: pick(c, "Player", "player", choices["players"])),
        "event": (2, lambda c: pick(c, "Event", "event", choices["events"])),
        "from": (1.3, lambda c: c.date_input("From", min_value=first, max_value=last,
                                             key=f"{prefix}_from")),
        "to": (1.3, lambda c: c.date_input("To", min_value=first, max_value=last,
                                           key=f"{prefix}_to")),
    }  # fmt: skip
    shown = [name for name in PARAMS if name in only]
    cols = st.columns([draw[name][0] for name in shown])
    values = {name: draw[name][1](col) for name, col in zip(shown, cols, strict=True)}
    kept = {k: v for k, v in saved.items() if k not in only}  # for the other pages
    saved.clear()
    saved.update(kept)
    saved.update({k: v for k, v in values.items() if v is not None})
    for name in only:  # only our own parameters: others may be bound to widgets
        value = saved.get(name)
        text = (
            value.isoformat() if isinstance(value, date) else None if value is None else str(value)
        )
        if text is None:
            if name in st.query_params:
                del st.query_params[name]
        elif st.query_params.get(name) != text:
            st.query_params[name] = text
    return to_filters(values)
