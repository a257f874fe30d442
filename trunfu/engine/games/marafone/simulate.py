"""Marafone hands as players would make them: a random deal (`deal`), then each action
chosen among the legal ones (`choose`). Four seats: the holder of 4D names the suit he is
strongest in, the maraffa's holder leads its ace seven times in ten, a leader says a
true word one time in four, and one hand in ten ends with a `fuori` by the team ahead.
Trionfo: bids, trumps and the called card from the hand's winners (`evaluate`), a signore
who bid maso or more cashing his sure tricks. Other cards are drawn at random among the
legal ones."""

from __future__ import annotations

import random

from ....notation.models import Tag
from ...slam import slam_lead
from . import evaluate
from .rules import DECK, GAME, holds_maraffa, points, side_thirds, team
from .state import MarafoneState
from .trionfo import BID_RANK, BIDS

MASO = BID_RANK["maso"]
"""A signore who bid this or more leads his sure tricks."""

WORD_ODDS = 0.25
MARAFFA_ODDS = 0.7
CLAIM_ODDS = 0.1
NEED_SHIFT = [-1, 0, 0, 0, 1, 1, 2, 2, 3, 3]
"""What a claiming team's count is off by: a `fuori` is wrong about one time in ten."""


class Planned(MarafoneState):
    """A simulated four-seat hand, dealt with the trick after which its team ahead claims
    (`claim_after`; None: no claim)."""

    claim_after: int | None = None


def deal(rng: random.Random, seats: int, variant: str | None = None) -> MarafoneState:
    """A random deal (the shuffle, the dealer, and at four seats whether a team claims)."""
    cards = list(DECK.order)
    rng.shuffle(cards)
    size = DECK.deals[seats].hand
    hands: dict[int, list[str] | None] = {
        s: cards[(s - 1) * size : s * size] for s in range(1, seats + 1)
    }
    dealer = rng.randint(1, seats)
    tags = [Tag(name="Game", value=GAME), Tag(name="Seats", value=str(seats))]
    tags.append(Tag(name="Dealer", value=str(dealer)))
    state = Planned(hands, dealer=dealer, tags=tags)
    if seats == 4 and rng.random() < CLAIM_ODDS:
        state.claim_after = rng.randint(3, 9)
    return state


def choose(state: MarafoneState, rng: random.Random) -> str:
    """The action the seat to act takes (a bid, trumps, the called card, a card)."""
    seat = state.to_act
    hand = state.playing().hand(seat) if state.phase == "play" else state.hands[seat]
    if state.phase == "auction":  # the bid the hand is worth when higher, else a pass
        limit = evaluate.bid_limit(hand)
        return BIDS[limit] if limit > BID_RANK.get(state.auction.bid or "passo") else "passo"
    if state.phase == "trump":
        return f"trump {evaluate.best_trump(hand)}"
    if state.phase == "call":
        return evaluate.call(hand, state.trump)
    play, trump = state.play, state.trump
    if getattr(state, "claim_after", None) == len(play.tricks) and not play.trick:
        return _claim(state, rng)
    legal = [a for a in state.legal() if " " not in a]
    card = rng.choice(legal)
    ace = "A" + trump
    if play.number == 1 and ace in legal and holds_maraffa(hand, trump):
        card = ace if rng.random() < MARAFFA_ODDS else card
    if seat == state.signore and BID_RANK[state.bid] >= MASO and not play.trick:
        played = {c for t in play.tricks for _, c in t.cards}
        unseen = [c for c in evaluate.unseen(hand) if c not in played]
        card = slam_lead(legal, unseen, GAME, trump)
    if state.seats == 4 and not play.trick and rng.random() < WORD_ODDS:
        return rng.choice([a for a in state.legal() if a.startswith(f"{card} ")])  # the true words
    return card


def _claim(state: MarafoneState, rng: random.Random) -> str:
    """`fuori` by a seat of the team ahead in the hand, which has counted its points; the
    MatchScore is set so that it is right about nine times in ten."""
    won = side_thirds(state.play.tricks, (1, 3), False)
    ahead = 0 if won[0] > won[1] else 1 if won[1] > won[0] else rng.randint(0, 1)
    seat = rng.choice([s for s in range(1, 5) if team(s) == ahead])
    need = 41 - points(won[ahead]) + rng.choice(NEED_SHIFT)
    score = [rng.randint(20, 40), rng.randint(20, 40)]
    score[team(seat)] = max(0, min(40, need))
    state.tags.append(Tag(name="MatchScore", value=f"{score[0]} {score[1]}"))
    return f"fuori {seat}"
