"""Random damage to a record's text, for the "diagnostics, never a crash" properties."""

from __future__ import annotations

import random

from trunfu.engine import replay
from trunfu.notation.models import Record
from trunfu.notation.reader import read_text
from trunfu.referee import judge


def mangle(text: str, rng: random.Random, mutations: list[str], edits: int = 3) -> str:
    """`text` with `edits` random line edits: a line deleted, a mutation inserted, or two
    lines swapped."""
    lines = text.splitlines()
    for _ in range(edits):
        i = rng.randrange(len(lines))
        choice = rng.randrange(3)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, rng.choice(mutations))
        else:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines) + "\n"


def internal_errors(text: str) -> list[str]:
    """The `internal-error` diagnostics the referee gives for `text` (none expected)."""
    return [
        d.message
        for r in read_text(text)
        for d in judge(r).diagnostics
        if d.code == "internal-error"
    ]


def change_one_card(record: Record, rng: random.Random) -> str:
    """Replace one played card by another card of the play; `"OLD -> NEW"`."""
    tricks = record.play.tricks
    cards = rng.choice(tricks).cards
    place = rng.randrange(len(cards))
    old = cards[place]
    cards[place] = rng.choice([c for t in tricks for c in t.cards if c != old])
    return f"{old} -> {cards[place]}"


def swap_between_seats(record: Record, rng: random.Random) -> bool:
    """Swap two played cards of two different seats (the deck stays whole: only the hands
    against the play can show it); False, with nothing changed, when the two picked cards
    are one seat's."""
    seats = record.seats or 0
    seats_of = [[s for s, _ in t.cards] for t in replay(record, steps=False).tricks]
    a, b = rng.sample(range(len(seats_of)), 2)
    i, j = rng.randrange(seats), rng.randrange(seats)
    if seats_of[a][i] == seats_of[b][j]:
        return False  # one seat's own cards swapped: legal or not by chance
    x, y = record.play.tricks[a].cards, record.play.tricks[b].cards
    x[i], y[j] = y[j], x[i]
    return True
