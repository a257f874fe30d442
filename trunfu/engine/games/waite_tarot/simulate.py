"""Legal deals of the Game of Tarot, two or three seats, as players would make them: the
dealer discards small cards, a seat one Tarot short of a three asks for it, every seat
declares the combinations it holds; cards chosen at random among the legal ones."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ....notation.models import Record, Tag
from .declarations import TAROTS, declarations

DECK = GAMES["waite-tarot"]
HAND = 25


def _small(hand: list[str]) -> list[str]:
    """The cards a player gives away first: suit cards below the jack, else any non-Tarot."""
    pips = [c for c in hand if c[0] != "T" and c != "EX" and c[:-1] not in "KQCJ"]
    return pips or [c for c in hand if c not in TAROTS]


def simulate(rng: random.Random, seats: int, variant: str | None = None) -> Record:
    """One random legal deal with its Result."""
    from ... import replay  # the engine package imports the games: import it late
    from ...simulate import build_record
    from .replay import RULES

    cards = list(DECK.order)
    rng.shuffle(cards)
    dealt = [cards[i * HAND : (i + 1) * HAND] for i in range(3)]
    talon = cards[3 * HAND :]
    dealer = rng.randint(1, seats)
    hands = {s: list(dealt[s - 1]) for s in range(1, seats + 1)}
    lines = ["deal", *(f"  {s}: {' '.join(DECK.sort(h))}" for s, h in hands.items())]
    lines.append(f"  talon: {' '.join(DECK.sort(talon))}")
    if seats == 2:
        lines.append(f"  dead: {' '.join(DECK.sort(dealt[2]))}")
    pool = hands[dealer] + talon
    small = _small(pool)
    discard = rng.sample(small, 3) if len(small) >= 3 else rng.sample(pool, 3)
    hands[dealer] = [c for c in pool if c not in discard]
    lines += ["discard", f"  {' '.join(DECK.sort(discard))}"]
    order = [(dealer + i) % seats + 1 for i in range(seats)]
    announce, exchange = [], []
    for seat in order:
        if sum(c in TAROTS for c in hands[seat]) % 3 == 2:  # asking never costs the asker
            announce.append(f"  {seat}: ask")
            giver = next(
                (s for s in order if s != seat and any(c in TAROTS for c in hands[s])), None
            )
            if giver is not None:
                tarot = rng.choice([c for c in hands[giver] if c in TAROTS])
                back = rng.choice(_small(hands[seat]))
                hands[giver].remove(tarot)
                hands[seat].append(tarot)
                hands[seat].remove(back)
                hands[giver].append(back)
                exchange += [f"  {giver}>{seat}: {tarot}", f"  {seat}>{giver}: {back}"]
            break  # one ask a deal keeps every ask judged on the hands after the discard
    for seat in order:  # declarations score: nobody keeps one back
        for d in declarations(hands[seat]):
            announce.append(f"  {seat}: {d.kind} {' '.join(d.cards)}")
    if exchange:
        lines += ["exchange", *exchange]
    if announce:
        lines += ["announce", *announce]
    lines += ["play"]
    leader = order[0]
    for number in range(1, HAND + 1):
        table: list[str] = []
        for i in range(seats):
            seat = (leader - 1 + i) % seats + 1
            card = rng.choice(RULES.legal(hands[seat], table))
            hands[seat].remove(card)
            table.append(card)
        lines.append(f"  {number}. {' '.join(table)}")
        leader = (leader - 1 + RULES.winner(table)) % seats + 1
    tags = ['[Game "waite-tarot"]', f'[Seats "{seats}"]', f'[Dealer "{dealer}"]']
    record = build_record("\n".join([*tags, "", *lines, ""]))
    outcome = replay(record, steps=False).outcome
    record.tags.append(Tag(name="Result", value=outcome.result if outcome else "*"))
    return record
