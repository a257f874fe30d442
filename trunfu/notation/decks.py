"""What TGN itself knows of each game (spec §2, §4, §5): decks, canonical order, deal sizes
and the words of the auction. The rules of play live in `trunfu.engine`."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

FRENCH_SUITS = "SHDC"
ITALIAN_SUITS = "DCSB"
SUIT_NAMES = {
    "french": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "italian": {"D": "coins", "C": "cups", "S": "swords", "B": "batons"},
}
TAROT_RANKS = ("K", "Q", "C", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A")
SICILIAN_RANKS = ("K", "Q", "C", "J", "10", "9", "8", "7", "6", "5")
MARAFONE_RANKS = ("3", "2", "A", "K", "C", "J", "7", "6", "5", "4")


class _Places(dict[str, int]):
    """Card code → place in a deck's canonical order; a code outside the deck comes after
    every card of it."""

    def __missing__(self, card: str) -> int:
        return len(self)


@dataclass(frozen=True)
class Deal:
    """Cards dealt to each seat, to the talon and to the dead hand for one seat count."""

    hand: int
    talon: int = 0
    dead: int = 0


@dataclass(frozen=True)
class Game:
    """The notation facts of one game: its deck in canonical order and how it is dealt."""

    name: str
    suits: str
    suit_style: str
    trumps: tuple[str, ...]
    ranks: dict[str, tuple[str, ...]]
    deals: dict[int, Deal]
    default_variant: str
    variants: tuple[str, ...]
    calls: dict[int, dict[str, str]] = field(default_factory=dict)
    """Per seat count: every accepted spelling (lower case, words joined by `-`) → the call."""
    announcements: tuple[str, ...] = ()

    @cached_property
    def order(self) -> tuple[str, ...]:
        """Every card of the deck in canonical order (spec §4)."""
        cards = list(self.trumps)
        for suit in self.suits:
            cards += [rank + suit for rank in self.ranks[suit]]
        return tuple(cards)

    @cached_property
    def rank_of(self) -> dict[str, int]:
        """Card code → its place in the canonical order (a code outside the deck: after
        every card of it)."""
        return _Places((card, i) for i, card in enumerate(self.order))

    @cached_property
    def cards(self) -> frozenset[str]:
        """Every card code of the deck (a set: the deck check asks whether it holds a set)."""
        return frozenset(self.order)

    def sort(self, codes: list[str]) -> list[str]:
        """The codes in canonical order (codes outside the deck go last, as given)."""
        return sorted(codes, key=self.rank_of.__getitem__)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(sorted(self.deals))

    def suit_name(self, suit: str) -> str:
        return SUIT_NAMES[self.suit_style][suit]

    @cached_property
    def cards_in_words(self) -> str:
        """The deck as a message tells it: `T1 to T21, EX, and A, 2 to 10, J, C, Q, K of
        spades (S), hearts (H), diamonds (D) and clubs (C)`."""
        parts = []
        numbered = sorted(int(card[1:]) for card in self.trumps if card != "EX")
        if numbered:
            parts.append(f"T{numbered[0]} to T{numbered[-1]}")
        if "EX" in self.trumps:
            parts.append("EX")
        common = set.intersection(*(set(self.ranks[suit]) for suit in self.suits))
        suits = [f"{self.suit_name(suit)} ({suit})" for suit in self.suits]
        parts.append(
            f"{'and ' if parts else ''}{_ranks_in_words(common)} of "
            f"{', '.join(suits[:-1])} and {suits[-1]}"
        )
        extra = [
            rank + suit for suit in self.suits for rank in self.ranks[suit] if rank not in common
        ]
        if extra:
            parts.append(f"and {', '.join(extra)}")
        return ", ".join(parts)


_RANK_ORDER = ("A", *(str(n) for n in range(2, 11)), "J", "C", "Q", "K")


def _ranks_in_words(ranks: set[str]) -> str:
    """`A, 2 to 10, J, C, Q, K`: the ranks in ascending order, a run of numbers as a span."""
    words: list[str] = []
    numbers = [int(rank) for rank in _RANK_ORDER if rank in ranks and rank.isdigit()]
    if "A" in ranks:
        words.append("A")
    if numbers:
        words.append(
            f"{numbers[0]} to {numbers[-1]}" if len(numbers) > 2 else ", ".join(map(str, numbers))
        )
    words += [rank for rank in ("J", "C", "Q", "K") if rank in ranks]
    return ", ".join(words)


def _suited(ranks: tuple[str, ...], suits: str, extra: dict[str, tuple[str, ...]] | None = None):
    table = {suit: ranks for suit in suits}
    table.update(extra or {})
    return table


def _words(*entries: str) -> dict[str, str]:
    """`"call=alias1,alias2"` entries → spelling table."""
    table: dict[str, str] = {}
    for entry in entries:
        call, _, aliases = entry.partition("=")
        for spelling in (call, *filter(None, aliases.split(","))):
            table[spelling] = call
    return table


TAROT_TRUMPS_21 = (*tuple(f"T{n}" for n in range(21, 0, -1)), "EX")

GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game(
            name="tarocco-siciliano",
            suits=ITALIAN_SUITS,
            suit_style="italian",
            trumps=(*tuple(f"T{n}" for n in range(20, -1, -1)), "EX"),
            ranks=_suited(SICILIAN_RANKS, ITALIAN_SUITS, {"D": (*SICILIAN_RANKS, "4")}),
            deals={3: Deal(20, 3), 4: Deal(15, 3)},
            default_variant="mineo",
            variants=("mineo",),
            calls={
                3: _words("mischio=passo,pass", "altre-cinque", "vado-solo", "pago", "prendo"),
                4: _words("passo=pass", "vado-solo", "chiamo"),
            },
            announcements=("scommessa", "rivanto"),
        ),
        Game(
            name="french-tarot",
            suits=FRENCH_SUITS,
            suit_style="french",
            trumps=TAROT_TRUMPS_21,
            ranks=_suited(TAROT_RANKS, FRENCH_SUITS),
            deals={3: Deal(24, 6), 4: Deal(18, 6), 5: Deal(15, 3), 6: Deal(12, 6)},
            default_variant="fft",
            variants=("fft", "classic"),
            calls={
                n: _words("passe=pass", "prise=petite", "garde", "garde-sans", "garde-contre")
                for n in (3, 4, 5, 6)
            },
            announcements=("poignee", "chelem"),
        ),
        Game(
            name="marafone",
            suits=ITALIAN_SUITS,
            suit_style="italian",
            trumps=(),
            ranks=_suited(MARAFONE_RANKS, ITALIAN_SUITS),
            deals={4: Deal(10), 5: Deal(8)},
            default_variant="standard",
            variants=("standard",),
            calls={5: _words("passo=pass", "chiamo", "di-piu=di-più", "maso", "maso-dei-masi")},
        ),
        Game(
            name="waite-tarot",
            suits=ITALIAN_SUITS,
            suit_style="italian",
            trumps=TAROT_TRUMPS_21,
            ranks=_suited(TAROT_RANKS, ITALIAN_SUITS),
            deals={2: Deal(25, 3, 25), 3: Deal(25, 3)},
            default_variant="waite",
            variants=("waite",),
            announcements=("greater", "lesser", "trumps", "tarots", "sequence", "ask"),
        ),
    )
}

ANNOUNCEMENT_SPELLINGS = {"poignée": "poignee"}
SIGNALS = ("busso", "striscio", "volo")
NAG_MAX = 255
