"""Sure tricks: how many tricks a seat on lead takes whatever way the cards it cannot see
lie, cashing its masters (trumps first, from the top, then each suit from the top). A
player counts them before promising every trick (the French chelem, the maso dei masi of
Trionfo); the simulators count them the same way, and play the plan they count on.

The count is a worst case: every unseen card of a suit may be in one other hand, and an
unseen excuse may hold one card back for a trick. A suit's cards all win when the seat's
masters (cards above every unseen card of the suit) are as many as the unseen cards, or
are all it holds; side suits only count once the trumps are drawn (else a void seat may ruff)."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from .cards import EXCUSE, SUITS, strengths


def _by_suit(cards: Iterable[str]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for card in cards:
        if card != EXCUSE:
            out.setdefault(SUITS[card], []).append(card)
    return out


def _masters(mine: list[str], others: list[str], strength: dict[str, int]) -> int:
    """How many of `mine` beat every card of `others`."""
    top = max((strength[c] for c in others), default=0)
    return sum(strength[c] > top for c in mine)


def _suit_tricks(mine: list[str], others: list[str], strength: dict[str, int], spare: int) -> int:
    """Tricks `mine` takes led from the top while `others` (unseen) may hold the rest."""
    masters = _masters(mine, others, strength)
    return len(mine) if masters >= min(len(mine), len(others) + spare) else masters


def sure_tricks(
    hand: Collection[str],
    unseen: Collection[str],
    game: str,
    trump: str | None,
    *,
    excuse_wins_last: bool = False,
) -> int:
    """Tricks the seat on lead holding `hand` takes for sure, the other seats holding any of
    `unseen` (every card it has not seen: other hands, a talon it did not see). `trump` is
    the trump suit (`"T"` for tarot trumps, a suit letter, None). `excuse_wins_last`: an
    excuse kept to the last trick wins it when every earlier trick was won (French tarot)."""
    strength = strengths(game)
    spare = 1 if EXCUSE in unseen else 0
    mine, theirs = _by_suit(hand), _by_suit(unseen)
    trumps = mine.pop(trump, []) if trump is not None else []
    outstanding = theirs.get(trump, []) if trump is not None else []
    total = _suit_tricks(trumps, outstanding, strength, spare)
    if _masters(trumps, outstanding, strength) >= len(outstanding) + spare or not outstanding:
        total += sum(  # the trumps drawn: nobody can ruff
            _suit_tricks(cards, theirs.get(suit, []), strength, spare)
            for suit, cards in mine.items()
        )
    if EXCUSE in hand and excuse_wins_last and total == len(hand) - 1:
        total += 1
    return total


def slam_lead(legal: Collection[str], unseen: Collection[str], game: str, trump: str | None) -> str:
    """The card a seat playing for its sure tricks leads from `legal`: its highest trump
    while the others may still hold one, then its strongest master (a card above every
    unseen card of its suit), the excuse last; `unseen`: the cards it has not seen played
    nor held. The strongest legal card when the plan has none."""
    strength = strengths(game)
    theirs = _by_suit(unseen)
    cards = [c for c in legal if c != EXCUSE] or list(legal)
    if trump is not None and theirs.get(trump):
        trumps = [c for c in cards if c != EXCUSE and SUITS[c] == trump]
        if trumps:
            return max(trumps, key=strength.__getitem__)

    def master(card: str) -> bool:
        others = theirs.get(SUITS[card], []) if card != EXCUSE else []
        return all(strength[card] > strength[o] for o in others)

    masters = [c for c in cards if c != EXCUSE and master(c)]
    return max(masters or cards, key=strength.__getitem__)
