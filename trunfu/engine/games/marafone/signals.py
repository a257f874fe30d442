"""The leader's words (`busso`, `striscio`, `volo`) checked against his hand."""

from __future__ import annotations

from collections.abc import Iterable

from .points import suit

SIGNALS = ("busso", "striscio", "volo")


def signal_true(word: str, led: str, hand_after: Iterable[str] | None) -> bool | None:
    """Whether a leader's word is true. `led` is the card he led, `hand_after` the cards he
    still holds after it (None when unknown). `busso` asks, it cannot lie; `striscio` says
    he still holds the suit led, `volo` that he holds no more of it. None: cannot tell."""
    if word == "busso":
        return True
    if hand_after is None:
        return None
    still = any(suit(c) == suit(led) for c in hand_after)
    return still if word == "striscio" else not still
