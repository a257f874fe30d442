"""Random legal French tarot deals: bids from a simple hand-strength heuristic, a call, an
écart, poignées when the trumps allow, and cards chosen at random among the legal ones."""

from __future__ import annotations

import random

from ....notation.models import Record, Tag
from ...cards import suit_of
from ...simulate import build_record
from ...tricks import legal_cards, trick_winner
from .auction import petit_sec
from .calls import allowed_ranks
from .ecart import discardable, is_trump
from .replay import FOLLOW, replay_record
from .rules import CONTRACTS, DECK, OUDLERS, PASS, POIGNEE_SIZES, chien_size, hand_size


def strength(hand: list[str], seats: int) -> float:
    """A rough worth of a hand: trumps, oudlers and kings, scaled to 18 cards."""
    trumps = sum(is_trump(c) for c in hand)
    value = 2 * trumps + 8 * sum(c in OUDLERS for c in hand) + 3 * sum(c[0] == "K" for c in hand)
    value += sum(c[0] == "Q" for c in hand)
    return value * 18 / len(hand)


def wish(rng: random.Random, hand: list[str], seats: int) -> str:
    """The contract a seat would like to play (its hand's strength, give or take a whim)."""
    value = strength(hand, seats) + rng.gauss(0, 6)
    for contract, threshold in (
        ("garde-contre", 52),
        ("garde-sans", 46),
        ("garde", 38),
        ("prise", 28),
    ):
        if value >= threshold:
            return contract
    return PASS


def choose_call(rng: random.Random, hand: list[str], seats: int) -> list[str]:
    """A king not held if possible (or the lowest rank the ladder allows), then at 6 seats a
    queen."""
    called: list[str] = []
    for top in ("K", "Q")[: {5: 1, 6: 2}[seats]]:
        ranks = allowed_ranks(hand, top)
        cards = [r + s for r in ranks for s in DECK.suits if r + s not in called]
        free = [c for c in cards if c not in hand]
        called.append(rng.choice(free or cards))
    return called


def choose_ecart(rng: random.Random, full: list[str], size: int) -> list[str]:
    """`size` cards to put aside: suit cards that are not kings, trumps only if short."""
    spare = [c for c in full if discardable(c)]
    rng.shuffle(spare)
    ecart = spare[:size]
    if len(ecart) < size:
        trumps = [c for c in full if is_trump(c) and c not in OUDLERS]
        ecart += rng.sample(trumps, size - len(ecart))
    return ecart


def poignee(rng: random.Random, hand: list[str], seats: int) -> list[str] | None:
    """The trumps a seat shows, when it holds enough for a poignée (the largest it can)."""
    trumps = [c for c in hand if is_trump(c)]
    for size in reversed(POIGNEE_SIZES[seats]):
        if len(trumps) >= size:
            return DECK.sort(rng.sample(trumps, size))
        if len(trumps) + 1 == size and "EX" in hand:
            return DECK.sort([*trumps, "EX"])
    return None


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
        want = PASS if sec else wish(rng, hands[seat], seats)
        if want != PASS and (best is None or CONTRACTS.index(want) > CONTRACTS.index(best)):
            calls.append(want)
            best, taker = want, seat
        else:
            calls.append(PASS)
    body += ["auction", "  " + " ".join(calls)]
    if taker is None or best is None:
        return _finish(tags, body)

    called: list[str] = []
    if seats >= 5:
        called = choose_call(rng, hands[taker], seats)
        body += ["call", "  " + " ".join(called)]
    play_hands = {s: list(h) for s, h in hands.items()}
    if best in ("prise", "garde"):
        full = hands[taker] + chien
        ecart = choose_ecart(rng, full, chien_size(seats))
        play_hands[taker] = [c for c in full if c not in ecart]
        body += ["discard", "  " + " ".join(DECK.sort(ecart))]

    announce: list[str] = []
    shows = order if variant == "fft" else [taker]
    for seat in shows:
        shown = poignee(rng, play_hands[seat], seats)
        if shown and rng.random() < 0.8:
            announce.append(f"  {seat}: poignee {' '.join(shown)}")
    chelem = variant == "fft" and strength(play_hands[taker], seats) >= 40 and rng.random() < 0.3
    if chelem:
        announce.insert(0, f"  {taker}: chelem")
    if announce:
        body += ["announce", *announce]

    body.append("play")
    leader = taker if chelem else eldest
    called_suits = {suit_of(c) for c in called}
    for number in range(1, size + 1):
        table: list[str] = []
        for i in range(seats):
            seat = (leader - 1 + i) % seats + 1
            hand = play_hands[seat]
            legal = legal_cards(hand, table, FOLLOW, last=number == size)
            if number == 1 and not table and called_suits:
                free = [c for c in legal if suit_of(c) not in called_suits or c in called]
                legal = free or legal
            card = rng.choice(legal)
            hand.remove(card)
            table.append(card)
        body.append(f"  {number}. {' '.join(table)}")
        leader = (leader - 1 + trick_winner(table, FOLLOW)) % seats + 1
    return _finish(tags, body)


def _finish(tags: list[tuple[str, str]], body: list[str]) -> Record:
    """The record of `tags` and `body`, with the Result the referee computes."""
    text = "\n".join(f'[{n} "{v}"]' for n, v in tags) + "\n\n" + "\n".join(body) + "\n"
    record = build_record(text)
    outcome = replay_record(record)
    result = outcome.result if outcome is not None else "*"
    record.tags.append(Tag(name="Result", value=result))
    return record
