"""Cards drawn as small HTML tiles: suit symbol and colour, trump numbers, the name players
give the card on hover (Giove, Fuggitivo, Excuse, Petit...)."""

from __future__ import annotations

from collections.abc import Collection
from html import escape

from ...engine.cards import EXCUSE, TRUMP, card_name, rank_of, suit_of
from ...notation.decks import GAMES

SYMBOLS = {
    "french": {"S": "♠", "H": "♥", "D": "♦", "C": "♣"},
    "italian": {"D": "◉", "C": "⚱", "S": "⚔", "B": "⚚"},
}
"""Suit letter → symbol. Italian suits: coins, cups, swords, batons."""
COLOURS = {
    "french": {"S": "#1d1d1d", "H": "#c0182b", "D": "#c0182b", "C": "#1d1d1d"},
    "italian": {"D": "#a77b00", "C": "#b3172b", "S": "#1f4e8c", "B": "#2e6b1f"},
}

CSS = """
<style>
.tf-cards{display:flex;flex-wrap:wrap;gap:3px;align-items:flex-start}
.tf-card{display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 width:2.6em;height:3.6em;border:1px solid #888;border-radius:5px;background:#fffdf7;
 font-family:'DejaVu Sans',sans-serif;font-weight:600;line-height:1.05;cursor:default;
 box-shadow:1px 1px 2px rgba(0,0,0,.18);user-select:none}
.tf-card .r{font-size:1.0em}.tf-card .s{font-size:1.15em}
.tf-card.trump{background:#f4eefc;border-color:#6b4fa0;color:#4b2f86}
.tf-card.trump .s{font-size:.8em}
.tf-card.excuse{background:#fff3d6;border-color:#b07d10;color:#7a5200}
.tf-card.back{background:repeating-linear-gradient(45deg,#3b5a8c,#3b5a8c 4px,#4a6ca3 4px,#4a6ca3 8px);
 border-color:#2b416a}
.tf-card.ghost{opacity:.35}
.tf-card.new{outline:3px solid #e0a100;outline-offset:1px}
.tf-card.win{border-width:2px;border-color:#1e7d32}
.tf-card.best{outline:3px solid #5fe07a;outline-offset:2px}
</style>
"""


def name(game: str | None, code: str) -> str:
    """The card's name for players, as its hover text."""
    if game in GAMES:
        try:
            return card_name(game, code)
        except (KeyError, IndexError):
            return code
    return code


def card(game: str | None, code: str, classes: str = "", note: str = "") -> str:
    """One card as an HTML tile; `note` is added to the hover text (e.g. "played by seat 2")."""
    style = GAMES[game].suit_style if game in GAMES else "french"
    title = name(game, code) + (f" — {note}" if note else "")
    suit = suit_of(code) if code else ""
    if suit == TRUMP:
        body, kind, colour = (
            f'<span class="r">{rank_of(code)}</span><span class="s">✦</span>',
            "trump",
            "",
        )
    elif suit == EXCUSE:
        body, kind, colour = '<span class="r">★</span><span class="s">EX</span>', "excuse", ""
    else:
        symbol = SYMBOLS[style].get(suit, suit)
        colour = f' style="color:{COLOURS[style].get(suit, "#000")}"'
        body, kind = (
            f'<span class="r">{escape(rank_of(code))}</span><span class="s">{symbol}</span>',
            "",
        )
    cls = " ".join(c for c in ("tf-card", kind, classes) if c)
    return (
        f'<span class="{cls}"{colour} title="{escape(title)}" data-card="{escape(code)}">'
        f"{body}</span>"
    )


def back(count: int = 1) -> str:
    """Face-down cards (a hidden hand)."""
    return "".join('<span class="tf-card back" title="hidden card"></span>' for _ in range(count))


def row(game: str | None, codes: list[str], classes: str = "", marked: Collection[str] = ()) -> str:
    """A row of cards; those in `marked` outlined (the best cards of a hand)."""
    inner = "".join(
        card(game, code, f"{classes} best".strip() if code in marked else classes) for code in codes
    )
    return f'<div class="tf-cards">{inner or "<i>none</i>"}</div>'
