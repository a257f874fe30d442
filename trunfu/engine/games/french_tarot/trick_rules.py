"""The play's own rules in French tarot: the first lead in a called suit, the Excuse of a
slam's last trick (fft), and the partners the called cards make.

They are functions of what they need, never of the game state: the play they are given to
would then hold the state that holds it, a cycle only the garbage collector frees."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...cards import suit_of
from ...model import TrickResult
from ...play import CardCheck, WinnerRule
from . import piles
from .calls import partners
from .rules import EXCUSE


def found_partners(tricks: list[TrickResult], called: Sequence[str], taker: int) -> list[int]:
    """The taker's partners found in `tricks`: the seats that played a called card."""
    if not called:
        return []
    played = {card: seat for t in tricks for seat, card in t.cards}
    return partners(list(called), {c: played.get(c) for c in called}, taker)


def first_lead(called: tuple[str, ...]) -> CardCheck:
    """The first lead may be in a called suit only with the called card (or when the
    leader holds nothing else)."""
    suits = {suit_of(c) for c in called}

    def check(seat: int, card: str, trick: list[str], number: int, hand: Collection[str]):
        if number != 1 or trick or card in called or suit_of(card) not in suits:
            return None
        if any(suit_of(c) not in suits for c in hand):
            return (
                f"trick 1: seat {seat} leads {card} in a called suit: the first lead may be "
                "in a called suit only with the called card"
            )
        return None

    return check


def excuse_wins_slam(taker: int, called: tuple[str, ...]) -> WinnerRule:
    """fft: the Excuse played to the last trick by a side that took every earlier trick
    wins that trick (the sides known from who played the called cards)."""

    def winner(trick: TrickResult, before: list[TrickResult]) -> int:
        if all(card != EXCUSE for _, card in trick.cards):
            return trick.winner
        tricks = [*before, trick]
        seat = piles.excuse_wins_last(tricks, sides(taker, found_partners(tricks, called, taker)))
        return trick.winner if seat is None else seat

    return winner


def sides(taker: int, side_partners: list[int]) -> piles.Side:
    """Seat → `taker` or `defence`: the taker and `side_partners` against the others."""
    return lambda seat: "taker" if seat == taker or seat in side_partners else "defence"
