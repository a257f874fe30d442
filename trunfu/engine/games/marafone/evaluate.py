"""How a marafone player values a hand: the tricks it should take with a given trump suit,
the suit he names trumps, and (Trionfo) how high he bids.

Winners are counted as players count them: in each suit the cards that run down from
the 3 (3, 2, ace...) are winners; a 2 without its 3 but with a card to guard it is half
of one; in trumps a 2 or an ace outside that run is half of one too, and each trump
past the fourth is a winner (the others run out of trumps first). The bids then ask for
(`LEVELS`): `chiamo` two and a half winners (the amico brings the rest); `di-piu`,
played alone, four; `maso` five tricks that are sure whatever the other hands hold
(`slam.sure_tricks`: six points before the others make one); `maso-dei-masi` every trick
sure."""

from __future__ import annotations

from ...slam import sure_tricks
from .rules import DECK, GAME

SUITS = DECK.suits
RANKS = ("3", "2", "A", "K", "C", "J", "7", "6", "5", "4")
"""Strongest first, in every suit."""

LEVELS = {"chiamo": 2.5, "di-piu": 4.0, "maso": 5}
"""The least winners for `chiamo` and `di-piu`, the least sure tricks for `maso`."""


def _ranks(hand: list[str], suit: str) -> list[str]:
    held = {c[:-1] for c in hand if c[-1] == suit}
    return [r for r in RANKS if r in held]


def winners(hand: list[str], trump: str | None) -> float:
    """The tricks `hand` should take with `trump` as trumps (see the module's docstring)."""
    total = 0.0
    for suit in SUITS:
        ranks = _ranks(hand, suit)
        run = next((i for i, r in enumerate(RANKS) if r not in ranks), len(RANKS))
        total += run
        if suit == trump:
            total += 0.5 * sum(r in ranks for r in ("2", "A") if RANKS.index(r) > run)
            total += max(0, len(ranks) - 4)
        elif run == 0 and "2" in ranks and len(ranks) >= 2:
            total += 0.5
    return total


def best_trump(hand: list[str]) -> str:
    """The suit the hand is worth most with as trumps: most winners, then most cards, then
    the strongest cards (the first suit of the deck on a full tie)."""

    def worth(suit: str) -> tuple[float, int, list[int]]:
        ranks = _ranks(hand, suit)
        return (winners(hand, suit), len(ranks), [-RANKS.index(r) for r in ranks])

    return max(SUITS, key=lambda s: (worth(s), -SUITS.index(s)))


def unseen(hand: list[str]) -> list[str]:
    """The cards a seat cannot see: every card of the deck but its own."""
    held = set(hand)
    return [c for c in DECK.order if c not in held]


def bid_limit(hand: list[str]) -> int:
    """The highest Trionfo bid the hand is worth, as its place among the bids: 0 pass,
    1 chiamo, 2 di-piu, 3 maso, 4 maso dei masi (every trick sure)."""
    trump = best_trump(hand)
    sure = sure_tricks(hand, unseen(hand), GAME, trump)
    if sure == len(hand):
        return 4
    if sure >= LEVELS["maso"]:
        return 3
    count = winners(hand, trump)
    return 2 if count >= LEVELS["di-piu"] else 1 if count >= LEVELS["chiamo"] else 0


def call(hand: list[str], trump: str) -> str:
    """The card a `chiamo` signore calls: the highest card outside trumps that he lacks, in
    the suit where it helps him most (where he holds most), a 3 when he can."""
    for rank in RANKS:
        lacking = [rank + s for s in SUITS if s != trump and rank + s not in hand]
        if lacking:
            return max(lacking, key=lambda c: (len(_ranks(hand, c[-1])), -SUITS.index(c[-1])))
    raise AssertionError("a hand of eight cards lacks some card outside trumps")
