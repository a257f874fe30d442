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


def widgets(choices: dict[str, list[Any]], prefix: str) -> Filters:
    """Draw the filter row; the Filters chosen. The URL is kept in step with them."""
    saved: dict[str, Any] = st.session_state.setdefault(SAVED, {})
    for name in PARAMS:
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
    cols = st.columns([2, 1, 1, 2, 2, 1.3, 1.3])
    values = {
        "game": pick(cols[0], "Game", "game", choices["games"], words.game),
        "seats": pick(cols[1], "Seats", "seats", choices["seats"]),
        "variant": pick(cols[2], "Variant", "variant", choices["variants"]),
        "player": pick(cols[3], "Player", "player", choices["players"]),
        "event": pick(cols[4], "Event", "event", choices["events"]),
        "from": cols[5].date_input("From", min_value=first, max_value=last, key=f"{prefix}_from"),
        "to": cols[6].date_input("To", min_value=first, max_value=last, key=f"{prefix}_to"),
    }
    saved.clear()
    saved.update({k: v for k, v in values.items() if v is not None})
    for name in PARAMS:  # only our own parameters: others may be bound to widgets
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
