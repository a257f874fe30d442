"""Legal Sicilian deals as players would make them: declarations, scommessa and rivanto
from the hand's count (`evaluate`), the scarto of the cheapest legal cards, cards chosen at
random among the legal ones, but for the promises: a seat that promised the last trick
keeps Giove for it, a declarer who bet on the Picciotti plays them only where they win."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ....notation.models import Record, Tag
from ... import replay
from ...cards import suit_of
from ...simulate import build_record
from . import evaluate
from .evaluate import GIOVE, PICCIOTTI
from .rules import FOLLOW, GAME, KINGS, NEVER_DISCARDED, PACKET, TRICKS, VALUES

DECK = GAMES[GAME]


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


def _auction3(packets: dict[int, list[list[str]]], order: list[int]):
    """Rounds of calls and (end, declarer, stata) for three seats."""
    rounds: list[list[str]] = []
    for r in range(1, 5):
        calls: list[str] = []
        for seat in order:
            cards = [c for p in packets[seat][:r] for c in p]
            word = evaluate.three_seat_call(cards, r, "pago" in calls)
            calls.append(word)
            if word in ("vado-solo", "prendo"):
                rounds.append(calls)
                return rounds, word, seat, r == 1 and word == "vado-solo"
        rounds.append(calls)
        if r == 4 or "altre-cinque" not in calls:
            return rounds, "thrown-in", None, False
    raise AssertionError("unreachable")


def _auction4(packets: dict[int, list[list[str]]], order: list[int]):
    """Rounds of calls and (end, declarer, stata, called) for four seats."""
    first = []
    for seat in order:
        first.append(evaluate.four_seat_call(packets[seat][0], 1, called=False))
        if first[-1] == "vado-solo":
            return [first], "vado-solo", seat, True, None
    second: list[str] = []
    caller, called = None, None
    for seat in order:
        cards = [c for p in packets[seat] for c in p]
        word = evaluate.four_seat_call(cards, 2, called=caller is not None)
        if word == "vado-solo":
            second.append(word)
            return [first, second], "vado-solo", seat, False, None
        if word == "chiamo":
            caller, called = seat, _highest_missing(cards)
            word = f"chiamo {called}"
        second.append(word)
    if caller is not None:
        return [first, second], "chiamo", caller, False, called
    return [first, second], "forced-call", None, False, None


def _keeping_giove(legal: list[str], table: list[str]) -> list[str]:
    """The cards a seat that promised the last trick plays from `legal` before it: never
    Giove when it can help it, and it leads no trump while it has another card (its trumps
    are what keep Giove in hand)."""
    keep = [c for c in legal if c != GIOVE] or legal
    if not table:
        keep = [c for c in keep if suit_of(c) != "T"] or keep
    return keep


def _guarding_picciotti(
    legal: list[str], table: list[str], outside: set[str], last: bool
) -> list[str]:
    """The cards a declarer who bet on the Picciotti (scommessa) plays from `legal`: the
    Picciotti only where they cannot be caught (played last to a trick without a trump,
    or when no other seat can hold a trump: `outside`, the trumps not yet seen), then
    gladly; else any card but them."""
    if PICCIOTTI not in legal:
        return legal
    safe = not outside or (last and not any(suit_of(c) == "T" for c in table))
    if safe:
        return [PICCIOTTI]
    return [c for c in legal if c != PICCIOTTI] or legal


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
        rounds, end, declarer, _ = _auction3(packets, order)
    else:
        rounds, end, declarer, _, called = _auction4(packets, order)
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
        bet = evaluate.scommessa(start[declarer])
        if bet:
            announce.append(f"  {declarer}: scommessa")
        outside = {c for c in DECK.order if suit_of(c) == "T"} - set(after)
        opponents = [s for s in order if s not in (declarer, partner)]
        vanto = next((s for s in opponents if evaluate.rivanto(start[s])), None)
        if vanto is not None:
            announce.append(f"  {vanto}: rivanto")
        if announce:
            lines += ["announce", *announce]
        lines.append("play")
        leader = declarer % seats + 1
        for number in range(1, size + 1):
            table: list[str] = []
            seats_in_trick = [(leader - 1 + i) % seats + 1 for i in range(seats)]
            for seat in seats_in_trick:
                legal = FOLLOW.legal(start[seat], table, last=number == size)
                if seat == vanto and number < size:  # Giove kept to win the last trick
                    legal = _keeping_giove(legal, table)
                if seat == declarer and bet:
                    legal = _guarding_picciotti(legal, table, outside, last=len(table) == seats - 1)
                card = rng.choice(legal)
                start[seat].remove(card)
                table.append(card)
                outside.discard(card)
            lines.append(f"  {number}. {' '.join(table)}")
            leader = seats_in_trick[FOLLOW.winner(table)]
    record = build_record("\n".join(lines) + "\n")
    outcome = replay(record, steps=False)
    if outcome.diagnostics or outcome.outcome is None:
        problems = "; ".join(d.message for d in outcome.diagnostics)
        raise AssertionError(f"the simulator dealt an illegal record: {problems}")
    record.tags.append(Tag(name="Result", value=outcome.outcome.result))
    return record
