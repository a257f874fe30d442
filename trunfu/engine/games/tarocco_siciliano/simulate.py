"""Sicilian deals as players would make them: declarations, scommessa and rivanto from
the hand's count (`evaluate`), the scarto of the cheapest legal cards, cards chosen at
random among the legal ones, but for the promises: a seat that promised the last trick
keeps Giove for it, a declarer who bet on the Picciotti plays them only where they win."""

from __future__ import annotations

import random

from ....notation.decks import GAMES
from ...cards import suit_of
from ...tricks import led_suit
from . import evaluate
from .evaluate import GIOVE, PICCIOTTI
from .rules import GAME, KINGS, NEVER_DISCARDED, PACKET, TRICKS, VALUES, highest_missing
from .state import SicilianState

DECK = GAMES[GAME]
TRUMPS = frozenset(c for c in DECK.order if suit_of(c) == "T")


def deal(rng: random.Random, seats: int, variant: str | None = None) -> SicilianState:
    """A shuffled deal: packets of five to each seat, eldest first; the rest to the talon.
    Each hand keeps its packets in the order received (the declarations count them)."""
    deck = list(DECK.order)
    rng.shuffle(deck)
    dealer = rng.randint(1, seats)
    order = [(dealer + i) % seats + 1 for i in range(seats)]
    hands: dict[int, list[str]] = {s: [] for s in order}
    pos = 0
    for _ in range(TRICKS[seats] // PACKET):
        for seat in order:
            hands[seat] += deck[pos : pos + PACKET]
            pos += PACKET
    return SicilianState(seats, dealer, hands, deck[pos:])


def choose(state: SicilianState, rng: random.Random) -> str:
    """What the seat to act does (see the module docstring)."""
    phase, seat = state.phase, state.to_act
    if phase == "auction":
        return _declare(state, seat)
    if phase == "discard":
        return next(c for c in _scarto(state.after) if c not in state.scarto)
    if phase == "call":
        return highest_missing(state.after)
    declarer = state.declarer
    if phase == "announce":
        if not state.scommessa and evaluate.scommessa(state.in_hand()):
            return f"{declarer}: scommessa"
        if state.rivanto is None:
            order = [(state.dealer + i) % state.seats + 1 for i in range(state.seats)]
            for s in order:
                if s not in (declarer, state.partner) and evaluate.rivanto(state.hands[s]):
                    return f"{s}: rivanto"
    legal = [a for a in state.legal() if ":" not in a]
    play = state.current_play()
    table = play.trick
    # the order of the legal cards of a sorted hand: the Fuggitivo last when following
    legal.sort(key=DECK.rank_of.__getitem__)
    if "EX" in legal and led_suit(table) is not None:
        legal.remove("EX")
        legal.append("EX")
    if seat == state.rivanto and play.number < play.total:  # Giove kept for the last trick
        legal = _keeping_giove(legal, table)
    if seat == declarer and state.scommessa:
        seen = set(state.after).union(c for t in play.tricks for _, c in t.cards)
        outside = TRUMPS - seen.union(table)
        legal = _guarding_picciotti(legal, table, outside, last=len(table) == state.seats - 1)
    return rng.choice(legal)


def _declare(state: SicilianState, seat: int) -> str:
    """A call from the count of the packets the seat has received."""
    bidding = state.bidding
    r, hand = bidding.round, state.hands[seat]
    if state.seats == 3:
        return evaluate.three_seat_call(hand[: PACKET * r], r, "pago" in bidding.rounds[-1])
    word = evaluate.four_seat_call(hand[:PACKET] if r == 1 else hand, r, called=bidding.chiamo)
    return f"chiamo {highest_missing(hand)}" if word == "chiamo" else word


def _scarto(cards: list[str]) -> list[str]:
    """The three cheapest cards the rules let the declarer discard."""
    plain = [c for c in cards if suit_of(c) not in ("T", "EX") and c not in KINGS]
    plain.sort(key=lambda c: (VALUES.get(c, 0), DECK.rank_of[c]))
    if len(plain) >= 3:
        return plain[:3]
    trumps = [c for c in cards if suit_of(c) == "T" and c not in NEVER_DISCARDED]
    trumps.sort(key=lambda c: int(c[1:]))
    return plain + trumps[: 3 - len(plain)]


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
