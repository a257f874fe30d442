"""Legal marafone hands as players would make them: four seats (the trumps the holder of
4D is strongest in, words, the maraffa and now and then a `fuori`) and Trionfo with five
seats (bids, trumps and the called card from the hand's winners, `evaluate`); cards
chosen at random among the legal ones, a signore who bid maso or more cashing his sure
tricks."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ....notation.models import Record, Tag
from ...slam import slam_lead
from . import evaluate
from .claims import team
from .common import RULES
from .points import card_thirds, holds_maraffa, points
from .trionfo import BIDS

GAME = "marafone"
DECK = GAMES[GAME]


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


def _trick_winner(table: list[tuple[int, str]], trump: str) -> int:
    return table[RULES.with_trump(trump).winner([c for _, c in table])][0]


def _play(
    rng: random.Random,
    hands: dict[int, list[str]],
    leader: int,
    trump: str,
    words: bool,
    stop_after: int | None = None,
    planner: int | None = None,
) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """Random legal tricks; the lines of the `play` section and (winner, cards) per trick.
    `planner`: a seat that leads its sure tricks (`slam.slam_lead`) rather than at random."""
    seats = len(hands)
    hands = {s: list(h) for s, h in hands.items()}
    unseen = set(evaluate.unseen(hands[planner])) if planner is not None else set()
    first_card = dict.fromkeys(hands, True)
    lines, taken = [], []
    total = len(hands[1])
    for number in range(1, total + 1):
        table: list[tuple[int, str]] = []
        texts = []
        for i in range(seats):
            seat = (leader - 1 + i) % seats + 1
            legal = RULES.with_trump(trump).legal(hands[seat], [c for _, c in table])
            card = rng.choice(legal)
            ace = "A" + trump
            if first_card[seat] and ace in legal and holds_maraffa(hands[seat], trump):
                card = ace if rng.random() < 0.7 else card
            if seat == planner and not table:
                card = slam_lead(legal, unseen, GAME, trump)
            first_card[seat] = False
            hands[seat].remove(card)
            unseen.discard(card)
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
    trump = evaluate.best_trump(hands[leader])
    claim = rng.random() < 0.1
    stop = rng.randint(3, 9) if claim else None
    lines, taken = _play(rng, hands, leader, trump, words=True, stop_after=stop)
    tags: list[tuple[str, str]] = []
    if claim:  # by the team ahead in the hand, which has counted its points (one in ten wrong)
        won = [
            sum(card_thirds(c) for w, cards in taken if team(w) == t for c in cards) for t in (0, 1)
        ]
        ahead = 0 if won[0] > won[1] else 1 if won[1] > won[0] else rng.randint(0, 1)
        seat = rng.choice([s for s in range(1, 5) if team(s) == ahead])
        need = 41 - points(won[ahead]) + rng.choice([-1, 0, 0, 0, 1, 1, 2, 2, 3, 3])
        score = [rng.randint(20, 40), rng.randint(20, 40)]
        score[team(seat)] = max(0, min(40, need))
        tags.append(("MatchScore", f"{score[0]} {score[1]}"))
        lines.append(f"  fuori {seat}")
    return tags, ["trump", f"  {trump}", "play", *lines]


def _five(rng: random.Random, hands: dict[int, list[str]]) -> tuple[list, list[str]]:
    """Trionfo: each seat in turn bids what its hand is worth when that is higher than the
    bid so far (the bid is the contract: no use bidding lower), else passes."""
    seats = len(hands)
    first = next(s for s, h in hands.items() if "5S" in h)
    limit = {s: evaluate.bid_limit(h) for s, h in hands.items()}
    passed: set[int] = set()
    bid, bidder, calls, seat = 0, None, [], first
    while True:
        if seat not in passed:
            if limit[seat] > bid:
                bid, bidder = limit[seat], seat
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
    trump = evaluate.best_trump(hands[bidder])
    lines += ["trump", f"  {trump}"]
    if BIDS[bid] == "chiamo":
        lines += ["call", f"  {evaluate.call(hands[bidder], trump)}"]
    planner = bidder if BIDS[bid] in ("maso", "maso-dei-masi") else None
    play, _ = _play(rng, hands, bidder, trump, words=False, planner=planner)
    return [], [*lines, "play", *play]
