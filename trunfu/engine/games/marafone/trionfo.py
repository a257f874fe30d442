"""Trionfo (marafone with five seats): the auction, the goals of each bid and the scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

SEATS = 5
TRICKS = 8
BIDS = ("passo", "chiamo", "di-piu", "maso", "maso-dei-masi")
"""In rising order; `passo` is not a bid."""
BID_RANK = {word: i for i, word in enumerate(BIDS)}
GOAL_THIRDS = 18
"""Six points: what `chiamo`, `di-piu` and `maso` must make."""
MASO_OTHERS_THIRDS = 3
"""One point: what the others must not make first against a `maso`."""
SCORES: dict[str, tuple[int, int | None, int]] = {
    "chiamo": (2, 1, -1),
    "chiamo-alone": (4, None, -1),
    "di-piu": (8, None, -2),
    "maso": (16, None, -4),
    "maso-dei-masi": (32, None, -8),
}
"""Bid → points when won for the signore, the amico (None: no amico) and each other seat."""


@dataclass
class Auction:
    """The auction walked call by call."""

    turn: int
    """The seat to speak next: first the holder of 5S, 0 once the auction is over."""
    passed: set[int] = field(default_factory=set)
    bid: str | None = None
    bidder: int | None = None
    speakers: list[int] = field(default_factory=list)
    """The seat of each call made, in order."""
    calls: list[str] = field(default_factory=list)
    """Each call made, in order."""

    @property
    def over(self) -> bool:
        return self.turn == 0

    @property
    def thrown_in(self) -> bool:
        return len(self.passed) == SEATS

    def fault(self, word: str) -> str | None:
        """Why the seat whose turn it is may not say `word` now (None: it may)."""
        if word not in BID_RANK:
            return f"`{word}` is not a Trionfo call ({', '.join(BIDS)})"
        if self.turn == 0:
            won = f"{self.bid} by seat {self.bidder}" if self.bidder else "all passed"
            return f"`{word}`: the auction is over ({won})"
        if word != "passo" and self.bid is not None and BID_RANK[word] <= BID_RANK[self.bid]:
            return (
                f"seat {self.turn} bids `{word}`, not higher than `{self.bid}` (seat "
                f"{self.bidder}); bids rise {' < '.join(BIDS[1:])}"
            )
        return None

    def say(self, word: str) -> str | None:
        """The call of the seat whose turn it is, judged once: why it may not be said
        (`fault`; it is not taken), else None."""
        if (fault := self.fault(word)) is not None:
            return fault
        seat = self.turn
        self.speakers.append(seat)
        self.calls.append(word)
        if word == "passo":
            self.passed.add(seat)
        else:
            self.bid, self.bidder = word, seat
        self.turn = 0  # the next seat that has not passed; none once all but the bidder have
        if len(self.passed) < SEATS - 1 or self.bidder is None:
            for after in range(seat, seat + SEATS):
                if after % SEATS + 1 not in self.passed:
                    self.turn = after % SEATS + 1
                    break
        return None


def goal_met(bid: str, signore: int, side: set[int], tricks: Sequence[tuple[int, int]]) -> bool:
    """Whether the signore's side (`side`: him and his amico, if any) reached the goal of
    `bid`, from the tricks as (winner, thirds) in order (the last trick's point counted);
    `maso` must make six points before the others make one."""
    if bid == "maso-dei-masi":
        return len(tricks) == TRICKS and all(w == signore for w, _ in tricks)
    won = [0, 0]  # the side's thirds so far, the others'
    for winner, thirds in tricks:
        won[winner not in side] += thirds
        if bid == "maso" and (won[1] >= MASO_OTHERS_THIRDS or won[0] >= GOAL_THIRDS):
            return won[1] < MASO_OTHERS_THIRDS
    return won[0] >= GOAL_THIRDS


def scores(bid: str, signore: int, amico: int | None, won: bool) -> list[int]:
    """Each seat's score (seat 1 first). `amico` is None when the signore plays alone;
    with `chiamo` that means he called a card of his own."""
    key = "chiamo-alone" if bid == "chiamo" and (amico is None or amico == signore) else bid
    lead, friend, other = SCORES[key]
    sign = 1 if won else -1
    out = [sign * other] * SEATS
    out[signore - 1] = sign * lead
    if friend is not None and amico is not None:
        out[amico - 1] = sign * friend
    return out
