"""A card judged as players read lichess: best, inaccuracy, mistake or blunder, by what it
cost its side in points, with thresholds per game (docs/analysis.md)."""

from __future__ import annotations

THRESHOLDS: dict[str, tuple[float, float]] = {
    "french-tarot": (2.0, 5.0),
    "tarocco-siciliano": (3.0, 8.0),
    "marafone": (1.0, 2.0),
    "waite-tarot": (2.0, 5.0),
}
"""Per game, the loss (points) from which a card is a mistake, then a blunder; any smaller
loss above 0 is an inaccuracy (docs/analysis.md)."""


def mark(game: str, loss: float) -> str:
    """The card's mark as players read lichess: best, inaccuracy, mistake or blunder."""
    if loss <= 0:
        return "best"
    mistake, blunder = THRESHOLDS.get(game, (2.0, 5.0))
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    return "inaccuracy"
