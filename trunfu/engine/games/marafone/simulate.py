"""Random legal marafone hands: four seats (with words, the maraffa and now and then a
`fuori`) and Trionfo with five seats (auction, trumps, called card)."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ....notation.models import Record, Tag
from ...tricks import legal_cards
from .claims import team
from .common import RULES
from .points import card_thirds, holds_maraffa, points
from .trionfo import BIDS

DECK = GAMES["marafone"]
SUITS = DECK.suits


def simulate(rng: random.Random, seats: int, variant: str | None = None) -> Record:
    """One random legal hand with its Result."""
    from ... import replay  # the engine package imports the games: import it late
    from ...simulate import build_record

    cards = list(DECK.order)
    rng.shuffle(cards)
    size = DECK.deals[seats].hand
    hands = {s: cards[(s - 1) * size : s * size] for s in range(1, seats + 1)}
    dealer = rng.randint(1, seats)
    tags = [("Game", "marafone"), ("Seats", str(seats)), ("Dealer", str(dealer))]
    body = ["deal", *(f"  {s}: {' '.join(DECK.sort(h))}" for s, h in hands.items())]
    if seats == 4:
        extra_tags, rest = _four(rng, hands)
    else:
        extra_tags, rest = _five(rng, hands)
    text = "\n".join([*(f'[{k} "{v}"]' for k, v in tags + extra_tags), "", *body, *rest, ""])
    record = build_record(text)
    outcome = replay(record, steps=False).outcome
    record.tags.append(Tag(name="Result", value=outcome.result if outcome else "*"))
    return record


def _longest(rng: random.Random, hand: list[str]) -> str:
    counts = {s: sum(c[-1] == s for c in hand) for s in SUITS}
    best = max(counts.values())
    return rng.choice([s for s in SUITS if counts[s] == best])


def _trick_winner(table: list[tuple[int, str]], trump: str) -> int:
    from ...tricks import trick_winner

    return table[trick_winner([c for _, c in table], RULES, trump)][0]


def _play(
    rng: random.Random,
    hands: dict[int, list[str]],
    leader: int,
    trump: str,
    words: bool,
    stop_after: int | None = None,
) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """Random legal tricks; the lines of the `play` section and (winner, cards) per trick."""
    seats = len(hands)
    hands = {s: list(h) for s, h in hands.items()}
    first_card = dict.fromkeys(hands, True)
    lines, taken = [], []
    total = len(hands[1])
    for number in range(1, total + 1):
        table: list[tuple[int, str]] = []
        texts = []
        for i in range(seats):
            seat = (leader - 1 + i) % seats + 1
            legal = legal_cards(hands[seat], [c for _, c in table], RULES, trump)
            card = rng.choice(legal)
            ace = "A" + trump
            if first_card[seat] and ace in legal and holds_maraffa(hands[seat], trump):
                card = ace if rng.random() < 0.7 else card
            first_card[seat] = False
            hands[seat].remove(card)
            table.append((seat, card))
            word = ""
            if words and i == 0 and rng.random() < 0.25:
                still = any(c[-1] == card[-1] for c in hands[seat])
                word = rng.choice(["busso", "striscio" if still else "volo"])
            texts.append(card + (f" {word}" if word else ""))
        lines.append(f"  {number}. {' '.join(texts)}")
        leader = _trick_winner(table, trump)
        taken.append((leader, [c for _, c in table]))
        if stop_after == number:
            break
    return lines, taken


def _four(rng: random.Random, hands: dict[int, list[str]]) -> tuple[list, list[str]]:
    leader = next(s for s, h in hands.items() if "4D" in h)
    trump = _longest(rng, hands[leader])
    claim = rng.random() < 0.1
    stop = rng.randint(3, 9) if claim else None
    lines, taken = _play(rng, hands, leader, trump, words=True, stop_after=stop)
    tags: list[tuple[str, str]] = []
    if claim:
        seat = rng.randint(1, 4)
        thirds = sum(
            sum(card_thirds(c) for c in cards) for w, cards in taken if team(w) == team(seat)
        )
        need = 41 - points(thirds) + rng.choice([-1, 0, 1, 2])
        score = [rng.randint(20, 40), rng.randint(20, 40)]
        score[team(seat)] = max(0, min(40, need))
        tags.append(("MatchScore", f"{score[0]} {score[1]}"))
        lines.append(f"  fuori {seat}")
    return tags, ["trump", f"  {trump}", "play", *lines]


def _strength(hand: list[str]) -> int:
    """A rough bid limit: 0 pass, 1 chiamo .. 4 maso dei masi."""
    top = sum(c[:-1] in ("3", "2", "A") for c in hand)
    longest = max(sum(c[-1] == s for c in hand) for s in SUITS)
    value = top + longest
    return 0 if value < 6 else 1 if value < 8 else 2 if value < 10 else 3 if value < 12 else 4


def _five(rng: random.Random, hands: dict[int, list[str]]) -> tuple[list, list[str]]:
    seats = len(hands)
    first = next(s for s, h in hands.items() if "5S" in h)
    limit = {s: max(0, min(4, _strength(h) + rng.choice((-1, 0, 0, 1)))) for s, h in hands.items()}
    passed: set[int] = set()
    bid, bidder, calls, seat = 0, None, [], first
    while True:
        if seat not in passed:
            if limit[seat] > bid:
                bid, bidder = bid + 1, seat
                calls.append(BIDS[bid])
            else:
                passed.add(seat)
                calls.append("passo")
            if len(passed) == seats or (len(passed) == seats - 1 and bidder is not None):
                break
        seat = seat % seats + 1
    lines = ["auction", "  " + " ".join(calls)]
    if bidder is None:
        return [], lines
    trump = _longest(rng, hands[bidder])
    lines += ["trump", f"  {trump}"]
    if BIDS[bid] == "chiamo":
        others = [c for c in DECK.order if c[-1] != trump]
        wanted = [c for c in others if c[0] == "3" and c not in hands[bidder]]
        if rng.random() < 0.1 or not wanted:
            wanted = [c for c in others if c in hands[bidder]] or others
        lines += ["call", f"  {rng.choice(wanted)}"]
    play, _ = _play(rng, hands, bidder, trump, words=False)
    return [], [*lines, "play", *play]
