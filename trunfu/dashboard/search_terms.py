"""Card conditions typed as a player says them ("T1 captured", "petit au bout",
"EX last trick") → the arguments of `queries.find_deals`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..archive.queries import CARD_EVENTS

EXAMPLES = ("T1 captured", "petit au bout", "EX last-trick", "T20 led", "poignee", "maraffa")
_CARD = re.compile(r"^(T\d{1,2}|EX|(?:10|[2-9AJCQK])[SHDCB])$", re.IGNORECASE)
_EVENT_WORDS = {
    "captured": "captured",
    "taken": "captured",
    "played": "played",
    "led": "led",
    "lead": "led",
    "last-trick": "last-trick",
    "last": "last-trick",
    "won": "won-trick",
    "won-trick": "won-trick",
    "wins": "won-trick",
}


@dataclass(frozen=True)
class Condition:
    card: str | None = None
    card_event: str = "played"
    bonus: str | None = None
    error: str | None = None


def parse(text: str, bonuses: list[str]) -> Condition:
    """Read a condition: a card and what happened to it, or a bonus name (or its start)
    among `bonuses`; an `error` sentence when it is neither."""
    words = text.strip().lower().replace("_", " ").split()
    if not words:
        return Condition()
    if _CARD.match(words[0]):
        rest = "-".join(words[1:]) or "played"
        rest = rest.removeprefix("in-").removeprefix("the-")
        event = _EVENT_WORDS.get(rest) or _EVENT_WORDS.get(rest.split("-")[0])
        if event is None or event not in CARD_EVENTS:
            return Condition(error=f"after the card, say one of: {', '.join(CARD_EVENTS)}")
        return Condition(card=words[0].upper(), card_event=event)
    wanted = "_".join(words)
    for name in bonuses:
        plain = name.replace("-", "_").lower()
        head, dot, tail = plain.rpartition(".")
        if plain.startswith(wanted):
            return Condition(bonus=name[: len(wanted)])
        if dot and tail.startswith(wanted):
            return Condition(bonus=name[: len(head) + 1 + len(wanted)])
    return Condition(
        error=f"{text.strip()!r} is neither a card condition (e.g. `T1 captured`) nor a "
        f"bonus of the archive ({', '.join(bonuses[:8]) or 'none yet'})"
    )
