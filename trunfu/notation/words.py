"""The words of the notation (spec §5): section keywords, calls, announcements, signals and
claims, each listed here once. The grammar's word terminals (`tgn.lark`) are checked
against these lists by a test; the games' own tables (`decks.GAMES`) say which of them a
game uses."""

from __future__ import annotations

from .decks import ANNOUNCEMENT_SPELLINGS, GAMES, SIGNALS

SECTION_KEYS = ("deal", "auction", "call", "trump", "discard", "exchange", "announce", "play")
"""The section keywords, in the order a record gives its sections."""

CALLS = tuple(sorted({word for game in GAMES.values() for t in game.calls.values() for word in t}))
"""Every spelling of a call that some game accepts, words joined by `-`."""

ANNOUNCEMENTS = tuple(
    sorted({w for game in GAMES.values() for w in game.announcements} | set(ANNOUNCEMENT_SPELLINGS))
)
"""Every spelling of an announcement that some game accepts."""

CLAIMS = ("fuori", "penalty")
"""The claims that may close a play (`fuori N`, `penalty N`)."""

__all__ = ["ANNOUNCEMENTS", "CALLS", "CLAIMS", "SECTION_KEYS", "SIGNALS"]
