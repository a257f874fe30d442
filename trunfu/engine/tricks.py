"""Following and winning tricks, written once for every game: `TrickRules` holds a game's
follow rules and its trump, and says what may be played (`legal`, `allows`), why a card
may not (`refusal`) and who takes a trick (`winner`). The one overtrump rule is
`TrickRules.must_beat`."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cache, cached_property
from operator import contains
from typing import NamedTuple

from .cards import EXCUSE, SUITS, TRUMP, card_name, strengths, suit_name

TRUMP_ABOVE = 1000
"""Added to a trump's strength in a trick: more than any card of a suit (decks hold < 100)."""


class Overtrump(StrEnum):
    """When a seat playing a trump must beat the trumps already in the trick."""

    NEVER = "never"
    """No need to beat (Sicilian tarocchi, Waite)."""
    TRUMP_LEAD = "trump-lead"
    """Only when trumps were led."""
    IN_TRICK = "in-trick"
    """Whenever a trump is already in the trick, led or played on a suit (French tarot)."""


class ExcuseLead(StrEnum):
    """Whether the excuse may lead a trick."""

    ALWAYS = "always"
    LAST = "last"
    """Only the last trick (Sicilian Fuggitivo)."""
    NEVER = "never"


class Refusal(NamedTuple):
    """Why a card may not be played to a trick: `kind` is `lead` (the excuse may not lead
    this trick), `follow` (the seat held `witness` of the suit led), `trump` (void in the
    suit led, it held the trump `witness`) or `overtrump` (it held `witness`, higher than
    `best`, the best trump of the trick)."""

    kind: str
    witness: str | None = None
    best: str | None = None
    led: str | None = None
    """The suit led, in words ("swords")."""
    trumps_led: bool = False

    def sentence(self, game: str, card: str, who: str, excuse_lead: ExcuseLead) -> str:
        """The refusal in a player's words: `who` (e.g. "trick 3: seat 2") played `card`..."""
        if self.kind == "lead":
            may = "only the last trick" if excuse_lead is ExcuseLead.LAST else "no trick"
            return f"{who} led {card_name(game, card)}, which may lead {may}"
        if self.kind == "follow":
            if self.trumps_led:
                return f"{who} played {card} but held {self.witness}: trumps were led"
            return f"{who} played {card} but held {self.witness} of the suit led"
        if self.kind == "trump":
            return (
                f"{who} played {card} but held {self.witness}: without {self.led} a seat must trump"
            )
        on = "on a trump lead " if self.trumps_led else ""
        return (
            f"{who} played {card} but held {self.witness}, higher than {self.best}: a seat "
            f"must overtrump {on}when able"
        )


@dataclass(frozen=True)
class TrickRules:
    """How a game's cards are played to a trick, and its trump.

    `game` names the deck whose canonical order gives the strength of the cards; `trump`
    is `"T"` for tarot trumps, a suit letter for a named trump suit, None for no trump."""

    game: str
    trump: str | None = TRUMP
    must_follow: bool = True
    """Play a card of the suit led when able."""
    must_trump: bool = True
    """When void in the suit led, play a trump when able."""
    overtrump: Overtrump = Overtrump.NEVER
    excuse: bool = True
    """The game has an excuse that may be played to any trick instead of the card asked."""
    excuse_lead: ExcuseLead = ExcuseLead.ALWAYS

    def with_trump(self, trump: str | None) -> TrickRules:
        """These rules with another trump (marafone: the suit named for the hand)."""
        return replace(self, trump=trump)

    @cached_property
    def power(self) -> dict[str, int]:
        """Card → strength (higher beats lower within a suit, and among trumps)."""
        return strengths(self.game)

    @cached_property
    def keys(self) -> dict[str, int]:
        """Card → its key in a trick: its strength, and `TRUMP_ABOVE` more for a trump."""
        return {
            card: TRUMP_ABOVE + power if self.is_trump(card) else power
            for card, power in self.power.items()
        }

    @cached_property
    def climb(self) -> bool:
        """True when a trump played on a trump lead must beat the trick when it can."""
        return self.overtrump is not Overtrump.NEVER and self.must_follow

    def is_trump(self, card: str) -> bool:
        """True when `card` belongs to the trump suit."""
        return self.trump is not None and card != EXCUSE and SUITS[card] == self.trump

    def must_beat(self, led: str | None, top: int | None) -> int | None:
        """The strength a trump played now must exceed when the seat can, or None when any
        trump will do: the one overtrump rule. `led`: the suit led; `top`: the strength of
        the best trump in the trick (None: there is none). On a trump lead a trump must
        beat the trick unless the rules never ask it; on a plain suit, only when a seat
        must trump and overtrump in the trick."""
        if top is None:
            return None
        if led == self.trump:
            asked = self.climb
        else:
            asked = self.overtrump is Overtrump.IN_TRICK and self.must_trump
        return top if asked else None

    def top(self, trick: Sequence[str]) -> int | None:
        """The strength of the best trump in `trick` (None when it holds none)."""
        power, trump = self.power, self.trump
        best = None
        for card in trick:
            if SUITS[card] == trump and (best is None or power[card] > best):
                best = power[card]
        return best

    def legal(
        self, hand: Collection[str], trick: Sequence[str], *, last: bool = False
    ) -> list[str]:
        """The cards of `hand` that may be played to `trick` (cards already played, in
        order): those `allows`, in the order of `hand`, the excuse last once a suit is led.
        `last`: this is the deal's last trick."""
        legal = [c for c in hand if self.allows(c, hand, trick, last=last)]
        if EXCUSE in legal and led_suit(trick) is not None:
            legal = [c for c in legal if c != EXCUSE] + ([EXCUSE] if self.excuse else [])
        return legal

    def may_lead_excuse(self, last: bool) -> bool:
        """True when the excuse may lead a trick (`last`: the deal's last trick)."""
        lead = self.excuse_lead
        return lead is ExcuseLead.ALWAYS or (lead is ExcuseLead.LAST and last)

    def allows(
        self, card: str, hand: Collection[str], trick: Sequence[str], *, last: bool = False
    ) -> bool:
        """True when `card` (held in `hand`) may be played to `trick`: `card in legal(...)`,
        answered without listing the legal cards."""
        if card == EXCUSE and self.excuse:
            return bool(trick) or self.may_lead_excuse(last) or all(c == EXCUSE for c in hand)
        led = led_suit(trick)
        if led is None:
            return True
        suit = SUITS[card]
        return self._follows(card, suit, hand, led, self.top(trick) if suit == self.trump else None)

    def _follows(
        self, card: str, suit: str, hand: Collection[str], led: str, top: int | None
    ) -> bool:
        """True when `card` (of `suit`, held in `hand`, not the excuse) may be played to a
        trick of the suit `led` whose best trump has the strength `top` (None: none; only
        asked of a trump). A trump must beat what `must_beat` asks, unless none of `hand`
        would."""
        trump = self.trump
        if suit != led:
            if self.must_follow and _holds(hand, led):
                return False  # the seat could follow
            if suit != trump:  # a discard: legal unless the seat had to trump
                return not (self.must_trump and led != trump and _holds(hand, trump))
        elif led != trump:
            return True
        best = self.must_beat(led, top)
        return (
            best is None
            or self.power[card] > best
            or _beaters(self.game, trump, best).isdisjoint(hand)
        )

    def judge(
        self, cards: Sequence[str], hands: Sequence[Collection[str]], *, last: bool = False
    ) -> int | None:
        """The index (in playing order) of the card that wins the whole trick `cards` when
        each card is held by its seat (`hands`, in the same order) and `allows` it, else
        None: a trick judged and won in one pass. A card of the suit led is answered at
        once unless it is a trump below the trick's best; the others are asked of the
        follow rules (`_follows`). The winner has the best key of `contenders`, as in
        `winner`."""
        if not all(map(contains, hands, cards)):
            return None  # a card its seat does not hold
        contenders = self.contenders
        wins = contenders[None]
        led = None
        trump, climb = self.trump, self.climb
        win, top = 0, -1  # the winning card so far: its index, and its key
        for i, card in enumerate(cards):
            suit = SUITS[card]
            if suit == led and (suit != trump or not climb or wins[card] > top):
                pass  # a plain suit followed, a trump lead beaten (or need not be): allowed
            elif led is None and suit != EXCUSE:  # the lead, or the card after the excuse
                led, wins = suit, contenders[suit]
            elif suit == EXCUSE:
                if not self.allows(card, hands[i], cards[:i], last=last):
                    return None
            elif not self._follows(
                card, suit, hands[i], led, top - TRUMP_ABOVE if top >= TRUMP_ABOVE else None
            ):
                return None  # (`top`: a trump's key while a trump wins the trick)
            key = wins[card]
            if key > top:
                win, top = i, key
        return win

    def refusal(
        self, card: str, hand: Collection[str], trick: Sequence[str], *, last: bool = False
    ) -> Refusal | None:
        """Why `card` (held in `hand`) may not be played to `trick`, naming a card the seat
        held instead; None when it may."""
        if self.allows(card, hand, trick, last=last):
            return None
        if not trick:
            return Refusal("lead")
        led = led_suit(trick)
        legal = self.legal(hand, trick, last=last)
        asked = [c for c in legal if c != EXCUSE]
        witness = asked[0]
        name = suit_name(self.game, led) if led is not None else None
        trumps_led = led is not None and led == self.trump
        if SUITS[witness] == led and SUITS[card] != led:
            return Refusal("follow", witness, led=name, trumps_led=trumps_led)
        if self.is_trump(witness) and not self.is_trump(card):
            return Refusal("trump", witness, led=name, trumps_led=trumps_led)
        power = self.power
        best = max((c for c in trick if self.is_trump(c)), key=power.__getitem__)
        witness = max(asked, key=power.__getitem__)
        return Refusal("overtrump", witness, best, name, trumps_led)

    def winner(self, trick: Sequence[str]) -> int:
        """Index (in playing order) of the card that wins `trick`: the best trump, else the
        best card of the suit led; the excuse never wins (when it leads, the next card sets
        the suit). A trick of the excuse alone is won by it (index 0)."""
        led = SUITS[trick[0]] if trick and trick[0] != EXCUSE else led_suit(trick)
        return trick.index(max(trick, key=self.contenders[led].__getitem__))

    @cached_property
    def contenders(self) -> dict[str | None, _Keys]:
        """Suit led → the key of each card in a trick of that suit: its `keys` entry when it
        can win it (a card of the suit, or a trump), else -1 (the excuse, a discard, a code
        of no deck)."""
        keys, trump = self.keys, self.trump
        suits = {SUITS[card] for card in keys} - {EXCUSE}
        return {
            led: _Keys(
                (c, k if SUITS[c] in (led, trump) and c != EXCUSE else -1) for c, k in keys.items()
            )
            for led in [*suits, None]
        }


class _Keys(dict[str, int]):
    """Card → key in a trick; a code of no deck (not in the table) is -1."""

    def __missing__(self, card: str) -> int:
        return -1


def led_suit(trick: Sequence[str]) -> str | None:
    """The suit that must be followed: that of the first card that is not the excuse
    (None when the trick is empty or holds only the excuse)."""
    for card in trick:
        if card != EXCUSE:
            return SUITS[card]
    return None


@cache
def _beaters(game: str, trump: str | None, best: int) -> frozenset[str]:
    """The trumps of `game` stronger than `best` (a hand holding none may play any trump)."""
    power = strengths(game)
    return frozenset(c for c, p in power.items() if p > best and SUITS[c] == trump)


def _holds(hand: Collection[str], suit: str | None) -> bool:
    """True when `hand` holds a card of `suit`."""
    cards = _OF_SUIT.get(suit)
    if cards is None:  # no trump suit (None), or a suit no deck has
        return suit in map(SUITS.__getitem__, hand)
    return not cards.isdisjoint(hand)


def _of_suit() -> dict[str, frozenset[str]]:
    """Suit → every card of that suit in any deck (cards are in `SUITS` from import)."""
    found: dict[str, set[str]] = {}
    for card, suit in SUITS.items():
        found.setdefault(suit, set()).add(card)
    return {suit: frozenset(cards) for suit, cards in found.items()}


_OF_SUIT = _of_suit()
