"""A record whose deal leaves hands out (a play-only transcription) made whole for the
analysis: each missing hand is inferred from the play, as the referee infers it, and
written into the deal, so that the engine starts the deal with every hand known.

A hand is inferred only from a play the referee finds complete and faultless (a Result tag
that differs from the deal's count does not matter): a seat's hand at the first card is then
exactly the cards it plays. Its hand as dealt is that hand with the cards it laid in the
discard (the écart, the scarto: the declarer's; the Game of Tarot: the dealer's) and those
it gave away in an exchange, less those it received and those of the talon (which no seat
was dealt). A play that stops early (a claim, marafone's `fuori`) leaves the cards not
played in hands nobody knows: such a record is not analysed, and the reason says so."""

from __future__ import annotations

import dataclasses

from ..engine import Replay, replay
from ..notation.decks import GAMES
from ..notation.models import Cards, Deal, Hand, Record
from .values import NotAnalysable


def missing_seats(record: Record) -> list[int]:
    """The seats whose hand the record's deal does not give."""
    seats = record.seats or 0
    given = {h.owner for h in record.deal.hands} if record.deal is not None else set()
    return [s for s in range(1, seats + 1) if str(s) not in given]


def _words(seats: list[int]) -> str:
    names = ", ".join(map(str, seats))
    return f"seat {names}'s hand is" if len(seats) == 1 else f"the hands of seats {names} are"


def _refusal(found: Replay, missing: list[int]) -> str | None:
    """Why the hands of `missing` cannot be inferred from the play (None: they can)."""
    if not any(s.kind == "card" for s in found.steps) and found.outcome is not None:
        return "the record has no card played: there is no play to analyse"
    lead = f"{_words(missing)} not given, and "
    faults = [d for d in found.diagnostics if d.cls != "result"]  # a wrong Result tag
    if faults:  # says nothing of the hands
        d = faults[0]
        return (
            lead + "the referee reports a problem, so the cards played cannot be trusted to "
            f"tell the hands: line {d.line}, column {d.column}: {d.message}"
        )
    claim = next((s for s in found.steps if s.kind == "claim"), None)
    if claim is not None:
        return (
            lead + f"the play stops after trick {len(found.tricks)} "
            f"(`{claim.text or claim.kind}`), so the cards not played lie in hands nobody "
            "knows: give the deal to analyse it"
        )
    if found.outcome is None or not found.tricks:
        return (
            lead + f"the play is not finished ({len(found.tricks)} whole tricks written), so "
            "the cards not played lie in hands nobody knows: give the deal to analyse it"
        )
    return None


def completed(record: Record) -> Record:
    """`record` with every seat's hand in its deal: those given, and the others inferred
    from its play. Raises `NotAnalysable`, in words, when a hand cannot be inferred."""
    missing = missing_seats(record)
    if not missing:
        raise ValueError("every hand is given: there is nothing to infer")
    found = replay(record)
    why = _refusal(found, missing)
    if why is not None:
        raise NotAnalysable(why)
    hands: dict[int, set[str]] = {s: set() for s in missing}
    for trick in found.tricks:
        for seat, card in trick.cards:
            if seat in hands:
                hands[seat].add(card)
    for item in reversed(record.exchange.items if record.exchange else []):
        if item.receiver in hands:
            hands[item.receiver].discard(item.card.code)
        if item.giver in hands:
            hands[item.giver].add(item.card.code)
    laid = next((s.seat for s in found.steps if s.kind == "discard"), None)
    if laid is None and found.outcome is not None:  # the referee could not judge it
        laid = found.outcome.declarer if found.outcome.declarer is not None else record.dealer
    if laid in hands and record.discard is not None:
        hands[laid] |= set(record.discard.cards)
    elsewhere = {
        c for h in record.deal.hands if not h.owner.isdigit() for c in h.cards
    } if record.deal is not None else set()  # fmt: skip
    deck = GAMES[record.tag("Game") or ""]
    given = list(record.deal.hands) if record.deal is not None else []
    added = [Hand(owner=str(s), cards=Cards(deck.sort(hands[s] - elsewhere))) for s in missing]
    hands_ = sorted(given + added, key=_order)
    deal = (
        Deal(hands=hands_)
        if record.deal is None
        else dataclasses.replace(record.deal, hands=hands_)
    )
    return dataclasses.replace(record, deal=deal)


def _order(hand: Hand) -> tuple[int, int]:
    """Seats first, in order, then the talon and the other piles as written."""
    return (0, int(hand.owner)) if hand.owner.isdigit() else (1, 0)
