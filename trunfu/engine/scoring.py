"""Counting helpers shared by the games, and the Result text (spec §6)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache


@lru_cache(maxsize=4096)
def format_number(value: float) -> str:
    """One score as the Result writes it: `0`, `+6`, `-2`, `+76.5`, `+38.25` (a sign,
    the fewest decimals that state it exactly). Cached: deals repeat the same few scores
    (values that are equal, such as `6` and `6.0`, are written alike)."""
    if value == 0:
        return "0"
    if value % 1 == 0 and abs(value) < 1e15:  # a whole number (nan and inf are not)
        return f"{value:+.0f}"
    text = f"{abs(value):.6f}".rstrip("0").rstrip(".")
    return ("+" if value > 0 else "-") + text


def format_result(scores: Sequence[float]) -> str:
    """The Result text of the seats' scores, seat 1 first: `"+6 -2 -2 -2"`, `"0 0 0"`."""
    return " ".join(map(format_number, scores))


def parse_result(text: str | None) -> list[float] | None:
    """The numbers of a Result tag; None for `*`, a missing tag or text that is not numbers."""
    if text is None or text.strip() in ("", "*"):
        return None
    try:
        return [float(n) for n in text.split()]
    except ValueError:
        return None


def same_scores(numbers: Sequence[float], scores: Sequence[float]) -> bool:
    """True when two lists of scores are the same numbers."""
    if len(numbers) != len(scores):
        return False
    return numbers == scores or all(  # equal lists of floats, the common case, answered in C
        abs(a - b) < 1e-9
        for a, b in zip(numbers, scores)  # noqa: B905 (the lengths are equal: strict= is slower)
    )


def exact(value: float) -> float:
    """`value` rounded to the nearest 1/1000 (to keep sums of halves and quarters exact)."""
    return float(Fraction(value).limit_denominator(1000))
