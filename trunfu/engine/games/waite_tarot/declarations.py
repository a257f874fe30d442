"""Declarations of the Game of Tarot, scored from a hand before play (rules: waite-tarot.md).

Each combination scores on its own: greater and lesser trumps, trumps held, Tarots (and
the ask), and every sequence of trumps or of one suit."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from itertools import pairwise
from typing import NamedTuple

from ....notation.decks import ITALIAN_SUITS, TAROT_RANKS

GREATER = ("T21", "T20", "T19", "T18", "T17")
LESSER = ("T5", "T4", "T3", "T2", "T1")
TAROTS = ("T21", "EX", "T1", "KD", "KC", "KS", "KB")
"""The seven Tarots: the World, the Fool, the Pagad and the four kings."""
ASK_POINTS = 5
LADDERS = [
    tuple(f"T{n}" for n in range(21, 0, -1)),
    *(tuple(r + s for r in TAROT_RANKS) for s in ITALIAN_SUITS),
]
"""Every ladder a sequence is counted on, strongest card first."""
_ORDER = tuple(card for ladder in LADDERS for card in (*ladder, None))
"""The ladders one after another, each followed by a blank: next places, next cards."""
_PLACE = {card: place for place, card in enumerate(_ORDER) if card}
_FOUR = b"\1" * 4  # four places held in a row
NEEDS = {
    "greater": f"`greater` shows {{shown}}: it needs 3 to 5 of {' '.join(GREATER)}",
    "lesser": f"`lesser` shows {{shown}}: it needs 3 to 5 of {' '.join(LESSER)}",
    "trumps": "`trumps` shows {count} cards: it needs 10 or more trumps",
    "tarots": "`tarots` shows three (or six) of T21 EX T1 KD KC KS KB",
    "sequence": "`sequence` shows four or more trumps, or cards of one suit, next to each other "
    "in rank order",
}
"""What each declaration shows, told when its cards do not make it."""


class Declaration(NamedTuple):
    kind: str
    cards: tuple[str, ...]
    points: int

    def as_json(self) -> dict:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


def sequences(hand: Collection[str]) -> list[tuple[str, ...]]:
    """Maximal runs of four or more cards in rank order (the Fool is in none), trumps
    first, each strongest card first."""
    held = bytes(map(hand.__contains__, _ORDER))  # 1 at each place held, else 0
    runs: list[tuple[str, ...]] = []
    start = held.find(_FOUR)
    while start >= 0:
        end = held.find(0, start)  # every ladder ends with a blank
        runs.append(_ORDER[start:end])
        start = held.find(_FOUR, end)
    return runs


def declarations(hand: Iterable[str]) -> list[Declaration]:
    """Every combination a hand holds, with its points."""
    held = set(hand)
    out: list[Declaration] = []
    for kind, group in (("greater", GREATER), ("lesser", LESSER)):
        cards = tuple(filter(held.__contains__, group))
        if len(cards) >= 3:  # 3 → 5, 4 → 10, 5 → 15
            out.append(Declaration(kind, cards, 5 * (len(cards) - 2)))
    trumps = list(filter(held.__contains__, LADDERS[0]))  # highest first
    trumps += [c for c in held.difference(_PLACE) if c[0] == "T"]  # a code of another deck
    trumps += ["EX"] if "EX" in held else []
    if len(trumps) >= 10:  # 10 to 12 → 10, 13 or more → 15
        out.append(Declaration("trumps", tuple(trumps), 15 if len(trumps) >= 13 else 10))
    tarots = tuple(filter(held.__contains__, TAROTS))
    if len(tarots) >= 3:
        kept = tarots[: 3 * (len(tarots) // 3)]
        out.append(Declaration("tarots", kept, 5 * len(kept)))
    for run in sequences(held):  # 4 to 6 → 5, 7 to 9 → 10, 10 or more → 15
        out.append(Declaration("sequence", run, 5 * min(3, (len(run) - 1) // 3)))
    return out


def announced(word: str, cards: list[str]) -> tuple[int, str | None]:
    """Points of an `announce` item from the cards it shows, and a message when the cards
    do not make the combination named, each card shown once (an `ask` scores 5 unless
    answered)."""
    if word == "ask":
        return ASK_POINTS, None if not cards else "`ask` shows no cards"
    if word not in NEEDS:
        return 0, f"`{word}` is not a declaration of the Game of Tarot"
    distinct = len(set(cards))
    if word in ("greater", "lesser"):
        made = distinct >= 3 and all(c in (GREATER if word == "greater" else LESSER) for c in cards)
        points = 5 * (distinct - 2)
    elif word == "trumps":
        made = len(cards) >= 10 and all(c[0] == "T" or c == "EX" for c in cards)
        points = 15 if len(cards) >= 13 else 10
    elif word == "tarots":
        made = distinct in (3, 6) and all(c in TAROTS for c in cards)
        points = 15 * (len(cards) // 3)
    else:
        places = sorted(_PLACE[c] for c in cards if c in _PLACE)
        made = 4 <= len(places) == len(cards) and all(b == a + 1 for a, b in pairwise(places))
        points = 5 * min(3, (len(cards) - 1) // 3)
    if made and distinct == len(cards):
        return points, None
    return 0, NEEDS[word].format(shown=" ".join(cards) or "nothing", count=len(cards))
