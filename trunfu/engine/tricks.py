"""Following and winning tricks, written once for every game: the follow rules are data
(`FollowRules`), `legal_cards` says what may be played, `trick_winner` who takes the trick."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from .cards import EXCUSE, SUITS, TRUMP, strengths

TRUMP_ABOVE = 1000
"""Added to a trump's strength in a trick: more than any card of a suit (decks hold < 100)."""
_UNKNOWN = -1
"""A best trump's strength not worked out yet (strengths are >= 1)."""


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


@dataclass(frozen=True)
class FollowRules:
    """How a game's cards must be played to a trick.

    `game` names the deck whose canonical order gives the strength of the cards."""

    game: str
    must_follow: bool = True
    """Play a card of the suit led when able."""
    must_trump: bool = True
    """When void in the suit led, play a trump when able."""
    overtrump: Overtrump = Overtrump.NEVER
    excuse: bool = True
    """The game has an excuse that may be played to any trick instead of the card asked."""
    excuse_lead: ExcuseLead = ExcuseLead.ALWAYS


def led_suit(trick: Sequence[str]) -> str | None:
    """The suit that must be followed: that of the first card that is not the excuse
    (None when the trick is empty or holds only the excuse)."""
    for card in trick:
        if card != EXCUSE:
            return SUITS[card]
    return None


def is_trump(card: str, trump: str | None) -> bool:
    """True when `card` belongs to the trump suit `trump` (`"T"` for tarot trumps, a suit
    letter for a named trump suit, None for no trump)."""
    return trump is not None and card != EXCUSE and SUITS[card] == trump


def legal_cards(
    hand: Collection[str],
    trick: Sequence[str],
    rules: FollowRules,
    trump: str | None = TRUMP,
    *,
    last: bool = False,
) -> list[str]:
    """The cards of `hand` that may be played to `trick` (cards already played, in order).
    `last` says whether this is the deal's last trick (for the excuse lead)."""
    with_excuse = rules.excuse and EXCUSE in hand
    if not trick:
        if not with_excuse:
            return list(hand)
        may_lead = rules.excuse_lead is ExcuseLead.ALWAYS or (
            rules.excuse_lead is ExcuseLead.LAST and last
        )
        legal = [c for c in hand if c != EXCUSE]
        return list(hand) if may_lead or not legal else legal
    led = led_suit(trick)
    if led is None:
        return list(hand)
    cards = [c for c in hand if c != EXCUSE]
    candidates: list[str] = []
    if rules.must_follow:
        candidates = [c for c in cards if SUITS[c] == led]
    led_is_trump = trump is not None and led == trump
    if not candidates and rules.must_trump and not led_is_trump and trump is not None:
        candidates = [c for c in cards if SUITS[c] == trump]
    if candidates and is_trump(candidates[0], trump):
        candidates = _overtrumps(candidates, trick, rules, trump, led_is_trump)
    legal = candidates or cards
    if with_excuse:
        legal = [*legal, EXCUSE]
    return legal


def is_legal(
    card: str,
    hand: Collection[str],
    trick: Sequence[str],
    rules: FollowRules,
    trump: str | None = TRUMP,
    *,
    last: bool = False,
) -> bool:
    """True when `card` (held in `hand`) may be played to `trick`: `card in legal_cards(...)`
    answered without listing the legal cards but when a trump must beat the trick."""
    if not trick:
        if card != EXCUSE:
            return True
    elif card == EXCUSE:
        if rules.excuse:
            return True
    else:
        led = SUITS[trick[0]] if trick[0] != EXCUSE else led_suit(trick)  # led_suit, inlined
        if led is None:
            return True
        suit = SUITS[card]
        if suit == led:
            if rules.overtrump is Overtrump.NEVER or led != trump:
                return True
            # a trump on a trump lead: it must beat the trick when able (seats that must follow)
            if not rules.must_follow:
                return True
            best = _best_trump(trick, rules.game, trump)
            return _overtrumps_when_able(card, hand, best, rules, trump)
        return _off_suit_legal(card, suit, hand, trick, led, rules, trump)
    return card in legal_cards(hand, trick, rules, trump, last=last)


def _off_suit_legal(
    card: str,
    suit: str,
    hand: Collection[str],
    trick: Sequence[str],
    led: str,
    rules: FollowRules,
    trump: str | None,
    best: int | None = _UNKNOWN,
) -> bool:
    """`is_legal` for a card (`card`, of `suit`) that is neither of the suit `led` nor the
    excuse. `best`: the strength of the best trump in `trick` when the caller knows it (None:
    no trump there; `trick` is then not read)."""
    if rules.must_follow and _holds(hand, led):
        return False  # the seat could follow
    if suit != trump:  # a discard: legal unless the seat had to trump
        return not (rules.must_trump and led != trump and _holds(hand, trump))
    # a trump on a plain suit: it must beat a trump already there when able (IN_TRICK)
    return (
        not rules.must_trump
        or rules.overtrump is not Overtrump.IN_TRICK
        or _overtrumps_when_able(
            card,
            hand,
            _best_trump(trick, rules.game, trump) if best == _UNKNOWN else best,
            rules,
            trump,
        )
    )


def _overtrumps_when_able(
    card: str, hand: Collection[str], best: int | None, rules: FollowRules, trump: str | None
) -> bool:
    """True when the trump `card` beats the best trump in the trick (strength `best`; None:
    there is none), or none of `hand` would (what `_overtrumps` allows, for one card)."""
    if best is None or strengths(rules.game)[card] > best:
        return True
    return _beaters(rules.game, trump, best).isdisjoint(hand)


@cache
def _beaters(game: str, trump: str | None, best: int) -> frozenset[str]:
    """The trumps of `game` stronger than `best` (a hand holding none may play any trump)."""
    power = strengths(game)
    return frozenset(c for c, p in power.items() if p > best and SUITS[c] == trump)


def legal_trick_winner(
    trick: Sequence[str],
    hands: Sequence[Collection[str]],
    rules: FollowRules,
    trump: str | None = TRUMP,
    *,
    last: bool = False,
) -> int | None:
    """`trick_winner(trick, ...)` when every card of `trick` is in its seat's hand and may be
    played (`is_legal` card by card), else None: one loop for both (`trick_judge(rules,
    trump)`, called once)."""
    return trick_judge(rules, trump)(trick, hands, last)


TrickJudge = Callable[[Sequence[str], Sequence[Collection[str]], bool], "int | None"]
"""(a whole trick's cards, each seat's hand before it in playing order, whether it is the
deal's last trick) → `legal_trick_winner`'s answer."""


@cache
def trick_judge(rules: FollowRules, trump: str | None = TRUMP) -> TrickJudge:
    """`legal_trick_winner` for one game's rules and trump, its tables looked up once (for a
    play judged trick by trick). The commonest answers (a lead, a card of the suit led, a
    trump on a trump lead beating the trick) are given without calling `is_legal`."""
    keys = _keys(rules.game, trump)
    beat_led = rules.must_follow and rules.overtrump is not Overtrump.NEVER
    """On a trump lead, a trump must beat the trick when able."""

    def judge(trick: Sequence[str], hands: Sequence[Collection[str]], last: bool) -> int | None:
        led = None
        win, key = 0, -1  # the best card so far: its index, and its key
        for i, card in enumerate(trick):
            hand = hands[i]
            if card not in hand:
                return None
            suit = SUITS[card]
            if suit == led:
                strength = keys[card]
                if (
                    strength <= key
                    and suit == trump
                    and beat_led
                    and not _beaters(rules.game, trump, key - TRUMP_ABOVE).isdisjoint(hand)
                ):
                    return None
            elif led is None and suit != EXCUSE:  # the lead, or the card after the excuse led
                led = suit
                strength = keys[card]
            elif suit == EXCUSE:
                if not is_legal(card, hand, trick[:i], rules, trump, last=last):
                    return None
                continue  # the excuse never wins
            else:  # another suit: a discard or a ruff, as `is_legal` judges it
                best = key - TRUMP_ABOVE if key >= TRUMP_ABOVE else None  # a trump wins so far
                if not _off_suit_legal(card, suit, hand, (), led, rules, trump, best):
                    return None
                if suit != trump:
                    continue  # a discard never wins
                strength = keys[card]
            if strength > key:
                win, key = i, strength
        return win

    return judge


@cache
def _keys(game: str, trump: str | None) -> dict[str, int]:
    """Card → its key in a trick of `game` (`trick_winner`'s): its strength, and
    `TRUMP_ABOVE` more for a trump."""
    return {
        card: TRUMP_ABOVE + power if is_trump(card, trump) else power
        for card, power in strengths(game).items()
    }


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


def is_trump_suit(suit: str | None, trump: str | None) -> bool:
    """True when `suit` is the trump suit."""
    return suit is not None and trump is not None and suit == trump


def _overtrumps(
    trumps: list[str], trick: Sequence[str], rules: FollowRules, trump: str | None, led: bool
) -> list[str]:
    if rules.overtrump is Overtrump.NEVER or (rules.overtrump is Overtrump.TRUMP_LEAD and not led):
        return trumps
    best = _best_trump(trick, rules.game, trump)
    if best is None:
        return trumps
    power = strengths(rules.game)
    higher = [c for c in trumps if power[c] > best]
    return higher or trumps


def _best_trump(trick: Sequence[str], game: str, trump: str | None) -> int | None:
    """The strength of the best trump in `trick` (None when it holds none; the excuse is a
    suit apart)."""
    power = strengths(game)
    return max((power[c] for c in trick if SUITS[c] == trump), default=None)


def trick_winner(trick: Sequence[str], rules: FollowRules, trump: str | None = TRUMP) -> int:
    """Index (in playing order) of the card that wins `trick`: the best trump, else the best
    card of the suit led; the excuse never wins (when it leads, the next card sets the suit).
    A trick of the excuse alone is won by it (index 0)."""
    power = strengths(rules.game)
    led = SUITS[trick[0]] if trick and trick[0] != EXCUSE else led_suit(trick)
    best_i, best = 0, -1
    for i, card in enumerate(trick):
        if card == EXCUSE:
            continue
        suit = SUITS[card]
        if suit == trump:
            key = TRUMP_ABOVE + power[card]
        elif suit == led:
            key = power[card]
        else:
            continue
        if key > best:
            best_i, best = i, key
    return best_i
