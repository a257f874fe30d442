"""Declarations of the Game of Tarot, scored from a hand before play (rules: waite-tarot.md).

Each combination scores on its own: greater and lesser trumps, trumps held, Tarots (and
the ask), and every sequence of trumps or of one suit."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise
from typing import NamedTuple

from ....notation.decks import ITALIAN_SUITS, TAROT_RANKS

GREATER = ("T21", "T20", "T19", "T18", "T17")
LESSER = ("T5", "T4", "T3", "T2", "T1")
TAROTS = ("T21", "EX", "T1", "KD", "KC", "KS", "KB")
"""The seven Tarots: the World, the Fool, the Pagad and the four kings."""
ASK_POINTS = 5


class Declaration(NamedTuple):
    kind: str
    cards: tuple[str, ...]
    points: int

    def as_json(self) -> dict:
        return {"kind": self.kind, "cards": list(self.cards), "points": self.points}


def is_trump(card: str) -> bool:
    """Numbered trumps `T1`..`T21`; the Fool `EX` apart."""
    return card[0] == "T"


FIVE_POINTS = {3: 5, 4: 10, 5: 15}


def five_points(count: int) -> int:
    """Greater or lesser trumps: 3 → 5, 4 → 10, 5 → 15."""
    return FIVE_POINTS.get(count, 0)


def trumps_points(count: int) -> int:
    """Trumps held (the Fool counts one): 10 to 12 → 10, 13 or more → 15."""
    return 15 if count >= 13 else 10 if count >= 10 else 0


def tarots_points(count: int) -> int:
    """15 for each three Tarots held."""
    return 15 * (count // 3)


def sequence_points(length: int) -> int:
    """A run of 4 to 6 → 5, 7 to 9 → 10, 10 or more → 15."""
    return 15 if length >= 10 else 10 if length >= 7 else 5 if length >= 4 else 0


def _ladders() -> list[tuple[str, ...]]:
    """Every ladder a sequence is counted on, strongest card first."""
    trumps = tuple(f"T{n}" for n in range(21, 0, -1))
    return [trumps, *(tuple(r + s for r in TAROT_RANKS) for s in ITALIAN_SUITS)]


LADDERS = _ladders()
_PLACE = {card: (i, j) for i, ladder in enumerate(LADDERS) for j, card in enumerate(ladder)}
_STEP = {card: 100 * i + j for card, (i, j) in _PLACE.items()}
"""Card → its place as one number: next cards of a ladder differ by 1 (ladders are < 100)."""
_AT_STEP = {n: card for card, n in _STEP.items()}
_BIT = {card: 1 << n for card, n in _STEP.items()}
"""Card → its place as a bit: a hand is the sum of its cards' bits, a run a run of ones."""
_TRUMPS_HIGH_TO_LOW = LADDERS[0]
_KNOWN = frozenset(_STEP) | {"EX"}
"""Every card of the deck."""


def sequences(hand: Iterable[str]) -> list[tuple[str, ...]]:
    """Maximal runs of four or more cards in rank order (the Fool is in none), lowest place
    first."""
    held = _BIT.keys() & hand
    places = sum(map(_BIT.__getitem__, held))
    starts = places & places >> 1 & places >> 2 & places >> 3
    """A bit for each place where four cards in a row start."""
    runs: list[tuple[str, ...]] = []
    while starts:
        start = (starts & -starts).bit_length() - 1
        rest = places >> start
        length = (~rest & rest + 1).bit_length() - 1  # the ones in a row from `start`
        runs.append(tuple(map(_AT_STEP.__getitem__, range(start, start + length))))
        starts &= -1 << (start + length)  # the next run starts past this one
    return runs


def _trumps(held: set[str]) -> tuple[str, ...]:
    """The trumps of `held`, highest first (the Fool apart)."""
    if held <= _KNOWN:
        return tuple(filter(held.__contains__, _TRUMPS_HIGH_TO_LOW))
    return tuple(sorted((c for c in held if is_trump(c)), key=lambda c: -int(c[1:])))


def declarations(hand: Iterable[str]) -> list[Declaration]:
    """Every combination a hand holds, with its points."""
    held = set(hand)
    has = held.__contains__
    out: list[Declaration] = []
    for kind, group in (("greater", GREATER), ("lesser", LESSER)):
        cards = tuple(filter(has, group))
        if five_points(len(cards)):
            out.append(Declaration(kind, cards, five_points(len(cards))))
    trumps = _trumps(held)
    trumps += ("EX",) if "EX" in held else ()
    if trumps_points(len(trumps)):
        out.append(Declaration("trumps", trumps, trumps_points(len(trumps))))
    tarots = tuple(filter(has, TAROTS))
    if tarots_points(len(tarots)):
        kept = tarots[: 3 * (len(tarots) // 3)]
        out.append(Declaration("tarots", kept, tarots_points(len(tarots))))
    out += [Declaration("sequence", run, sequence_points(len(run))) for run in sequences(held)]
    return out


def announced(word: str, cards: list[str]) -> tuple[int, str | None]:
    """Points of an `announce` item from the cards it shows, and a message when the cards
    do not make the combination named. `ask` is scored by the caller (it depends on the
    answer)."""
    if word in ("greater", "lesser"):
        group = GREATER if word == "greater" else LESSER
        stray = [c for c in cards if c not in group]
        if stray or not five_points(len(set(cards))):
            return 0, (
                f"`{word}` shows {' '.join(cards) or 'nothing'}: it needs 3 to 5 of "
                f"{' '.join(group)}"
            )
        return five_points(len(set(cards))), None
    if word == "trumps":
        if any(not (is_trump(c) or c == "EX") for c in cards) or not trumps_points(len(cards)):
            return 0, f"`trumps` shows {len(cards)} cards: it needs 10 or more trumps"
        return trumps_points(len(cards)), None
    if word == "tarots":
        if any(c not in TAROTS for c in cards) or len(set(cards)) not in (3, 6):
            return 0, "`tarots` shows three (or six) of T21 EX T1 KD KC KS KB"
        return tarots_points(len(cards)), None
    if word == "sequence":
        places = sorted(_PLACE[c] for c in cards if c in _PLACE)
        ok = (
            len(places) == len(cards) >= 4
            and len({i for i, _ in places}) == 1
            and all(b[1] == a[1] + 1 for a, b in pairwise(places))
        )
        if not ok:
            return 0, (
                "`sequence` shows four or more trumps, or cards of one suit, next to each "
                "other in rank order"
            )
        return sequence_points(len(cards)), None
    if word == "ask":
        return 0, None if not cards else "`ask` shows no cards"
    return 0, f"`{word}` is not a declaration of the Game of Tarot"
