"""The leader's words (`busso`, `striscio`, `volo`) checked against his hand."""

from __future__ import annotations

from collections.abc import Collection

SIGNALS = ("busso", "striscio", "volo")


def word_truth(word: str, led: str, after: Collection[str], exact: bool) -> bool | None:
    """Whether a leader's word is true. `led` is the card he led, `after` the cards known
    to be his after it: all of them when `exact`, else only those the play shows (a hand
    inferred from an unfinished play). `busso` asks, it cannot lie; `striscio` says he
    still holds the suit led, `volo` that he holds no more of it. None: cannot tell."""
    if word == "busso":
        return True
    still = any(c[-1] == led[-1] for c in after)
    if exact:
        return still if word == "striscio" else not still
    if not still:
        return None  # the play shows none, which proves nothing
    return word == "striscio"
