"""Legal French tarot deals as players would make them: bids, the call, the écart, poignées
and a chelem from the hand's evaluation (`evaluate`: Chavey's count), cards chosen at
random among the legal ones (a taker who announced a chelem plays for every trick, one
long in trumps keeps the Petit for the last trick)."""

from __future__ import annotations

import random

from ....notation.models import Record, Tag
from ...cards import suit_of
from ...simulate import build_record
from ...slam import slam_lead
from . import evaluate
from .auction import petit_sec
from .ecart import forced_trumps
from .replay import FOLLOW, replay_record
from .rules import DECK, PASS, PETIT, chien_size, hand_size


def simulate(rng: random.Random, seats: int, variant: str | None) -> Record:
    """One random legal deal of French tarot with its Result."""
    variant = variant or ("classic" if seats == 6 else "fft")
    if variant not in ("fft", "classic") or (variant == "fft" and seats == 6):
        raise ValueError(f"french-tarot {variant} is not played by {seats} seats")
    deck = list(DECK.order)
    rng.shuffle(deck)
    size = hand_size(seats)
    hands = {s: deck[(s - 1) * size : s * size] for s in range(1, seats + 1)}
    chien = deck[seats * size :]
    dealer = rng.randint(1, seats)
    eldest = dealer % seats + 1
    order = [(eldest - 1 + i) % seats + 1 for i in range(seats)]
    tags = [("Game", "french-tarot"), ("Seats", str(seats)), ("Dealer", str(dealer))]
    if variant != ("classic" if seats == 6 else "fft"):
        tags.append(("Variant", variant))
    body = ["deal"] + [f"  {s}: {' '.join(DECK.sort(hands[s]))}" for s in hands]
    body.append(f"  talon: {' '.join(DECK.sort(chien))}")

    calls: list[str] = []
    best, taker = None, None
    sec = variant == "fft" and any(petit_sec(h) for h in hands.values())
    for seat in order:
        word = PASS if sec else evaluate.bid(hands[seat], seats, best)
        calls.append(word)
        if word != PASS:
            best, taker = word, seat
    body += ["auction", "  " + " ".join(calls)]
    if taker is None or best is None:
        return _finish(tags, body)

    called: list[str] = []
    if seats >= 5:
        called = evaluate.call(hands[taker], seats)
        body += ["call", "  " + " ".join(called)]
    play_hands = {s: list(h) for s, h in hands.items()}
    seen = set(hands[taker])
    aside: list[str] = []  # trumps forced into the écart: shown with a poignée all the same
    if best in ("prise", "garde"):
        full = hands[taker] + chien
        ecart = evaluate.ecart(full, chien_size(seats))
        aside = forced_trumps(full, ecart, chien_size(seats))
        play_hands[taker] = [c for c in full if c not in ecart]
        body += ["discard", "  " + " ".join(DECK.sort(ecart))]
        seen.update(chien)

    announce: list[str] = []
    shows = order if variant == "fft" else [taker]
    for seat in shows:
        shown = evaluate.poignee(play_hands[seat] + (aside if seat == taker else []), seats)
        if shown:
            announce.append(f"  {seat}: poignee {' '.join(shown)}")
    unseen = {c for c in DECK.order if c not in seen}
    chelem = variant == "fft" and evaluate.chelem(play_hands[taker], list(unseen))
    if chelem:
        announce.insert(0, f"  {taker}: chelem")
    if announce:
        body += ["announce", *announce]

    body.append("play")
    au_bout = evaluate.petit_au_bout(play_hands[taker], seats)
    leader = taker if chelem else eldest
    called_suits = {suit_of(c) for c in called}
    for number in range(1, size + 1):
        table: list[str] = []
        for i in range(seats):
            seat = (leader - 1 + i) % seats + 1
            hand = play_hands[seat]
            legal = FOLLOW.legal(hand, table, last=number == size)
            if number == 1 and not table and called_suits:
                free = [c for c in legal if suit_of(c) not in called_suits or c in called]
                legal = free or legal
            if chelem and seat == taker and not table:
                card = slam_lead(legal, unseen, DECK.name, "T")
            elif seat == taker and au_bout and number < size:
                card = rng.choice([c for c in legal if c != PETIT] or legal)
            else:
                card = rng.choice(legal)
            hand.remove(card)
            table.append(card)
            unseen.discard(card)
        body.append(f"  {number}. {' '.join(table)}")
        leader = (leader - 1 + FOLLOW.winner(table)) % seats + 1
    return _finish(tags, body)


def _finish(tags: list[tuple[str, str]], body: list[str]) -> Record:
    """The record of `tags` and `body`, with the Result the referee computes."""
    text = "\n".join(f'[{n} "{v}"]' for n, v in tags) + "\n\n" + "\n".join(body) + "\n"
    record = build_record(text)
    outcome = replay_record(record)
    result = outcome.result if outcome is not None else "*"
    record.tags.append(Tag(name="Result", value=result))
    return record
