"""Cards as the rules see them: suit, rank, strength in a game's trick order, and the names
players give them."""

from __future__ import annotations

from functools import cache

from ..notation.decks import GAMES

TRUMP = "T"
"""The suit of the tarot trumps (`T0`..`T21`)."""
EXCUSE = "EX"
"""The excuse / Fuggitivo / Fool: a suit of its own."""

RANK_WORDS = {"K": "king", "Q": "queen", "C": "cavalier", "J": "jack", "A": "ace"}
SPECIAL_NAMES: dict[str, dict[str, str]] = {
    "tarocco-siciliano": {
        "T20": "Giove (T20)",
        "T1": "the Picciotti (T1)",
        "T0": "the Miseria (T0)",
        "EX": "the Fuggitivo (EX)",
    },
    "french-tarot": {"T21": "the 21 (T21)", "T1": "the Petit (T1)", "EX": "the Excuse (EX)"},
    "waite-tarot": {"T21": "the World (T21)", "T1": "the Juggler (T1)", "EX": "the Fool (EX)"},
    "marafone": {},
}


def _suit(card: str) -> str:
    if card == EXCUSE:
        return EXCUSE
    if card[0] == "T" and card[1:].isdigit():
        return TRUMP
    return card[-1]


class _SuitTable(dict[str, str]):
    """Card code → suit; a code not seen before is worked out once and kept."""

    def __missing__(self, card: str) -> str:
        suit = self[card] = _suit(card)
        return suit


SUITS: dict[str, str] = _SuitTable()
"""Card code → suit (`SUITS[card]`, the fast form of `suit_of`): every card of every deck
is filled at import, any other code on first use."""
for _game in GAMES.values():
    for _card in _game.order:
        SUITS[_card] = _suit(_card)


def suit_of(card: str) -> str:
    """`"T"` for a tarot trump, `"EX"` for the excuse, else the suit letter (`"S"` for `10S`)."""
    return SUITS[card]


def rank_of(card: str) -> str:
    """The rank part of a suit card (`"10"` for `10S`), the number of a trump (`"19"`)."""
    if card == EXCUSE:
        return EXCUSE
    if suit_of(card) == TRUMP:
        return card[1:]
    return card[:-1]


@cache
def strengths(game: str) -> dict[str, int]:
    """Card → strength in `game`'s trick-taking order (higher beats lower within a suit,
    and among trumps). Derived from the canonical order of `notation.decks`."""
    order = GAMES[game].order
    return {card: len(order) - i for i, card in enumerate(order)}


def card_name(game: str, card: str) -> str:
    """How a player names a card: "Giove (T20)", "the king of swords (KS)", "T7"."""
    special = SPECIAL_NAMES.get(game, {}).get(card)
    if special:
        return special
    suit = suit_of(card)
    if suit in (TRUMP, EXCUSE):
        return card
    g = GAMES[game]
    rank = rank_of(card)
    word = RANK_WORDS.get(rank, rank)
    return f"the {word} of {g.suit_name(suit)} ({card})"


def suit_name(game: str, suit: str) -> str:
    """The name of a suit for players: "trumps", "swords", "spades"."""
    if suit == TRUMP:
        return "trumps"
    if suit == EXCUSE:
        return "the excuse"
    return GAMES[game].suit_name(suit)
