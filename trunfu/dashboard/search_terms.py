"""Card conditions typed as a player says them ("T1 captured", "petit au bout", "EX in the
last trick", "quattro re") → the arguments of `queries.find_deals`."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from ..archive.queries import CARD_EVENTS
from . import words

EXAMPLES = ("T1 captured", "petit au bout", "EX in the last trick", "T20 led", "poignée")
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
EVENT_WORDS = {
    "played": "played",
    "captured": "captured",
    "led": "led",
    "last-trick": "in the last trick",
    "won-trick": "won a trick",
}
"""How each card condition is said."""


@dataclass(frozen=True)
class Condition:
    card: str | None = None
    card_event: str = "played"
    bonus: str | None = None
    error: str | None = None

    @property
    def said(self) -> str:
        """The condition in words, for headings and column names."""
        if self.card:
            return f"{self.card} {EVENT_WORDS[self.card_event]}"
        return words.bonus(self.bonus) if self.bonus else ""


def _fold(text: str) -> str:
    """Lower case, accents and `_ - .` dropped to spaces (the length of an ASCII key kept)."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[_\-.]", " ", text)


def parse(text: str, bonuses: list[str]) -> Condition:
    """Read a condition: a card and what happened to it, or a bonus among `bonuses` (the
    archive's keys) by its key or its players' name, or the start of either; an `error`
    sentence in players' words when it is neither."""
    typed = " ".join(_fold(text).split())
    if not typed:
        return Condition()
    first, *rest = typed.split()
    if _CARD.match(first):
        said = "-".join(rest) or "played"
        said = said.removeprefix("in-").removeprefix("the-")
        event = _EVENT_WORDS.get(said) or _EVENT_WORDS.get(said.split("-")[0])
        if event is None or event not in CARD_EVENTS:
            options = ", ".join(EVENT_WORDS.values())
            return Condition(error=f"After the card, say what happened to it: {options}.")
        return Condition(card=first.upper(), card_event=event)
    for name in bonuses:  # the key itself, or its start: "poignee" finds every poignée
        if _fold(name).startswith(typed):
            return Condition(bonus=name[: len(typed)])
        kind, dot, detail = name.rpartition(".")
        if dot and _fold(detail).startswith(typed):  # "scommessa" is `jochi.scommessa`
            return Condition(bonus=name[: len(kind) + 1 + len(typed)])
    for name in bonuses:  # the players' name: "quattro re", "double poignée"
        if _fold(words.bonus(name)).startswith(typed):
            return Condition(bonus=name)
    known = list(dict.fromkeys(words.bonus(b) for b in bonuses))
    more = f": {', '.join(known[:10])}{'…' if len(known) > 10 else ''}" if known else ""
    return Condition(
        error=f"trunfu does not know “{text.strip()}”. Say a card and what happened to it "
        f"(T1 captured, EX in the last trick, T20 led) or a bonus of the archive{more}."
    )
