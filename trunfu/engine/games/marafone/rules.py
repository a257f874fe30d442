"""Marafone's rules tables (rules: marafone.md): how cards follow, card points counted in
thirds, the maraffa, the teams, the match tags a `fuori` is judged against, the 11–0, and
the leader's words."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from operator import itemgetter

from ....notation.decks import GAMES
from ....notation.models import number
from ...model import TrickResult
from ...tricks import TrickRules

GAME = "marafone"
DECK = GAMES[GAME]
RULES = TrickRules(game=GAME, must_follow=True, must_trump=False, excuse=False)
"""Follow suit if able, no duty to trump or to beat; no excuse (trumps: `TRUMPED`)."""
TRUMPED = {trump: RULES.with_trump(trump) for trump in (None, *DECK.suits)}
"""Trumps (None before they are named) → the trick rules of a hand played with them."""

CARD_THIRDS = {"A": 3, "2": 1, "3": 1, "K": 1, "C": 1, "J": 1}
"""Thirds of a point by rank; `7`..`4` (the scartini) are worth nothing."""
THIRDS = {card: CARD_THIRDS.get(card[:-1], 0) for card in DECK.order}
"""Every card of the deck → its thirds: ace 3, `2 3 K C J` 1, scartini 0."""
LAST_TRICK_THIRDS = 3
HAND_POINTS = 11
"""What a team scores when the other commits an irregularity (the 11–0)."""
MARAFFA_POINTS = 3
TEAM_NAMES = ("1+3", "2+4")
DEFAULT_TARGET = 41
FIRST_CARD = {4: "4D", 5: "5S"}
"""Seats → the card whose holder names trumps and leads (four seats), or speaks first."""


def first_holder(hands: Mapping[int, Collection[str] | None]) -> int | None:
    """The seat whose given hand holds the first card (`FIRST_CARD`), else None."""
    card = FIRST_CARD[len(hands)]
    return next((seat for seat, hand in hands.items() if hand and card in hand), None)


def trick_thirds(cards: Iterable[str], last: bool = False) -> int:
    """Thirds won with one trick; `last` adds the last trick's point."""
    return sum(map(THIRDS.__getitem__, cards)) + (LAST_TRICK_THIRDS if last else 0)


_card = itemgetter(1)
"""A (seat, card) pair's card."""


def taken_thirds(tricks: list[TrickResult], last: bool) -> list[tuple[int, int]]:
    """(winner, thirds) of each trick (`last`: the last trick's point counted, to its winner)."""
    final = len(tricks) - 1
    return [
        (t.winner, trick_thirds(map(_card, t.cards), last and i == final))
        for i, t in enumerate(tricks)
    ]


def side_thirds(tricks: list[TrickResult], side: Collection[int], last: bool) -> list[int]:
    """Thirds won with `tricks` by the seats of `side` and by the others (`last`: the last
    trick's point counted, to its winner)."""
    won: list[list[tuple[int, str]]] = [[], []]
    for trick in tricks:
        won[trick.winner not in side] += trick.cards
    thirds = [sum(map(THIRDS.__getitem__, map(_card, pile))) for pile in won]
    if last:
        thirds[tricks[-1].winner not in side] += LAST_TRICK_THIRDS
    return thirds


def points(thirds: int) -> int:
    """A side's points from its thirds: rounded down (7 2/3 scores 7)."""
    return thirds // 3


def holds_maraffa(hand: Collection[str], trump: str) -> bool:
    """Whether a hand holds the ace, two and three of trumps."""
    return "A" + trump in hand and "2" + trump in hand and "3" + trump in hand


def team(seat: int) -> int:
    """0 for seats 1 and 3, 1 for seats 2 and 4."""
    return (seat - 1) % 2


def parse_target(value: str | None) -> int | None:
    """The `Target` tag: 41 when absent; None when it is not a positive number."""
    return DEFAULT_TARGET if value is None else number(value.strip()) or None


def parse_match_score(value: str | None) -> tuple[int, int] | None:
    """The `MatchScore` tag `"A B"` (teams 1+3 and 2+4 before this hand); `"0 0"` when
    absent (the first hand of a match); None when malformed."""
    if value is None:
        return (0, 0)
    parts = [number(part) for part in value.split()]
    return (parts[0], parts[1]) if len(parts) == 2 and None not in parts else None


def fuori_right(claimer: int, so_far: tuple[int, int], match: tuple[int, int], target: int) -> bool:
    """Whether seat `claimer`'s team, with its points so far, reaches the target."""
    side = team(claimer)
    return match[side] + so_far[side] >= target


def eleven_nil(offender: int) -> tuple[int, int]:
    """Team points when seat `offender`'s team loses the hand 11–0."""
    return (0, HAND_POINTS) if team(offender) == 0 else (HAND_POINTS, 0)


def word_truth(word: str, led: str, after: Collection[str], exact: bool) -> bool | None:
    """Whether a leader's word is true. `led` is the card he led, `after` the cards known
    to be his after it: all of them when `exact`, else only those the play shows (a hand
    inferred from an unfinished play). `busso` asks, it cannot lie; `striscio` says he
    still holds the suit led, `volo` that he holds no more of it. None: cannot tell."""
    if word == "busso":
        return True
    still = any(c[-1] == led[-1] for c in after)
    if not exact and not still:
        return None  # the play shows none, which proves nothing
    return still == (word == "striscio")
