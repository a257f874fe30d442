"""Match tags and the claims that stop a hand: `fuori N` and `penalty N` (rules: marafone.md)."""

from __future__ import annotations

from ....notation.models import number
from .points import HAND_POINTS

DEFAULT_TARGET = 41


def team(seat: int) -> int:
    """0 for seats 1 and 3, 1 for seats 2 and 4."""
    return (seat - 1) % 2


TEAM_NAMES = ("1+3", "2+4")


def parse_target(value: str | None) -> int | None:
    """The `Target` tag: 41 when absent; None when it is not a positive number."""
    if value is None:
        return DEFAULT_TARGET
    target = number(value.strip())
    return target if target else None


def parse_match_score(value: str | None) -> tuple[int, int] | None:
    """The `MatchScore` tag `"A B"` (teams 1+3 and 2+4 before this hand); `"0 0"` when
    absent (the first hand of a match); None when malformed."""
    if value is None:
        return (0, 0)
    parts = [number(part) for part in value.split()]
    if len(parts) != 2 or None in parts:
        return None
    return parts[0], parts[1]


def fuori_right(claimer: int, so_far: tuple[int, int], match: tuple[int, int], target: int) -> bool:
    """Whether seat `claimer`'s team, with its points so far, reaches the target."""
    side = team(claimer)
    return match[side] + so_far[side] >= target


def eleven_nil(offender: int) -> tuple[int, int]:
    """Team points when seat `offender`'s team loses the hand 11–0."""
    scores = [HAND_POINTS, HAND_POINTS]
    scores[team(offender)] = 0
    return scores[0], scores[1]
