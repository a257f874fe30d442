"""Random legal Sicilian deals: declarations from a simple hand-strength count, the scarto
of the cheapest legal cards, cards chosen at random among the legal ones."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ....notation.models import Record, Tag
from ... import replay
from ...cards import suit_of
from ...simulate import build_record
from ...tricks import legal_cards, trick_winner
from .rules import FOLLOW, GAME, KINGS, NEVER_DISCARDED, PACKET, TRICKS, VALUES

DECK = GAMES[GAME]


def strength(cards: list[str]) -> int:
    """A rough count of a hand's power: high trumps, Giove, the Fuggitivo and kings."""
    total = 0
    for card in cards:
        if suit_of(card) == "T":
            n = int(card[1:])
            total += 4 if n >= 16 else 2 if n >= 11 else 1
        elif card == "EX":
            total += 2
        elif card in KINGS:
            total += 1
    return total


def _highest_missing(cards: list[str]) -> str:
    held = set(cards)
    return next(f"T{n}" for n in range(20, -1, -1) if f"T{n}" not in held)


def _scarto(cards: list[str]) -> list[str]:
    """The three cheapest cards the rules let the declarer discard."""
    plain = [c for c in cards if suit_of(c) not in ("T", "EX") and c not in KINGS]
    plain.sort(key=lambda c: (VALUES.get(c, 0), DECK.rank_of[c]))
    if len(plain) >= 3:
        return plain[:3]
    trumps = [c for c in cards if suit_of(c) == "T" and c not in NEVER_DISCARDED]
    trumps.sort(key=lambda c: int(c[1:]))
    return plain + trumps[: 3 - len(plain)]


def _auction3(rng: random.Random, packets: dict[int, list[list[str]]], order: list[int]):
    """Rounds of calls and (end, declarer, stata) for three seats."""
    rounds: list[list[str]] = []
    for r in range(1, 5):
        calls: list[str] = []
        pagos = 0
        altre = False
        for seat in order:
            cards = [c for p in packets[seat][:r] for c in p]
            s = strength(cards)
            if r == 1:
                word = (
                    "vado-solo" if s >= 12 else "altre-cinque" if rng.random() < 0.8 else "mischio"
                )
            elif r < 4:
                if pagos and s >= 4 * r + 2:
                    word = "prendo"
                elif s <= r and rng.random() < 0.3:
                    word = "pago"
                else:
                    word = "altre-cinque" if rng.random() < 0.9 else "mischio"
            elif s >= 17:
                word = "vado-solo"
            elif pagos and s >= 14:
                word = "prendo"
            elif s <= 10 and rng.random() < 0.4:
                word = "pago"
            else:
                word = "mischio"
            calls.append(word)
            if word == "pago":
                pagos += 1
            altre = altre or word == "altre-cinque"
            if word in ("vado-solo", "prendo"):
                rounds.append(calls)
                return rounds, word, seat, r == 1 and word == "vado-solo"
        rounds.append(calls)
        if r == 4 or not altre:
            return rounds, "thrown-in", None, False
    raise AssertionError("unreachable")


def _auction4(rng: random.Random, packets: dict[int, list[list[str]]], order: list[int]):
    """Rounds of calls and (end, declarer, stata, called) for four seats."""
    first = []
    for seat in order:
        if strength(packets[seat][0]) >= 11 and rng.random() < 0.5:
            first.append("vado-solo")
            return [first], "vado-solo", seat, True, None
        first.append("passo")
    second: list[str] = []
    caller, called = None, None
    for seat in order:
        cards = [c for p in packets[seat] for c in p]
        s = strength(cards)
        if s >= 24:
            second.append("vado-solo")
            return [first, second], "vado-solo", seat, False, None
        if caller is None and s >= 14:
            caller, called = seat, _highest_missing(cards)
            second.append(f"chiamo {called}")
        else:
            second.append("passo")
    if caller is not None:
        return [first, second], "chiamo", caller, False, called
    return [first, second], "forced-call", None, False, None


def simulate(rng: random.Random, seats: int, variant: str | None = None) -> Record:
    """One random legal deal of `seats` seats, complete with its Result."""
    deck = list(DECK.order)
    rng.shuffle(deck)
    dealer = rng.randint(1, seats)
    order = [(dealer + i) % seats + 1 for i in range(seats)]
    packets: dict[int, list[list[str]]] = {s: [] for s in order}
    size = TRICKS[seats]
    pos = 0
    for _ in range(size // PACKET):
        for seat in order:
            packets[seat].append(deck[pos : pos + PACKET])
            pos += PACKET
    talon = deck[pos:]
    hands = {s: [c for p in packets[s] for c in p] for s in order}
    called = None
    if seats == 3:
        rounds, end, declarer, _ = _auction3(rng, packets, order)
    else:
        rounds, end, declarer, _, called = _auction4(rng, packets, order)
    if end == "forced-call":
        declarer = next((s for s in order if "T20" in hands[s]), None)
    lines = [f'[Game "{GAME}"]', f'[Seats "{seats}"]', f'[Dealer "{dealer}"]', "", "deal"]
    lines += [f"  {s}: {' '.join(DECK.sort(hands[s]))}" for s in range(1, seats + 1)]
    lines += [f"  talon: {' '.join(DECK.sort(talon))}", "auction"]
    lines += ["  " + " / ".join(" ".join(r) for r in rounds)]
    if declarer is not None and end not in ("prendo", "thrown-in"):
        after = hands[declarer] + talon
        scarto = _scarto(after)
        if end == "forced-call":
            lines += ["call", f"  {_highest_missing(after)}"]
            called = _highest_missing(after)
        lines += ["discard", "  " + " ".join(DECK.sort(scarto))]
        start = {s: DECK.sort(hands[s]) for s in order}
        start[declarer] = DECK.sort([c for c in after if c not in scarto])
        partner = next((s for s in order if s != declarer and called in hands[s]), None)
        announce = []
        if "T20" in after and "EX" in after and rng.random() < 0.5:
            announce.append(f"  {declarer}: scommessa")
        opponents = [s for s in order if s not in (declarer, partner)]
        if rng.random() < 0.15:
            announce.append(f"  {rng.choice(opponents)}: rivanto")
        if announce:
            lines += ["announce", *announce]
        lines.append("play")
        leader = declarer % seats + 1
        for number in range(1, size + 1):
            table: list[str] = []
            seats_in_trick = [(leader - 1 + i) % seats + 1 for i in range(seats)]
            for seat in seats_in_trick:
                legal = legal_cards(start[seat], table, FOLLOW, last=number == size)
                card = rng.choice(legal)
                start[seat].remove(card)
                table.append(card)
            lines.append(f"  {number}. {' '.join(table)}")
            leader = seats_in_trick[trick_winner(table, FOLLOW)]
    record = build_record("\n".join(lines) + "\n")
    outcome = replay(record, steps=False)
    if outcome.diagnostics or outcome.outcome is None:
        problems = "; ".join(d.message for d in outcome.diagnostics)
        raise AssertionError(f"the simulator dealt an illegal record: {problems}")
    record.tags.append(Tag(name="Result", value=outcome.outcome.result))
    return record
