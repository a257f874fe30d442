"""The play of a deal, shared by every game: `TrickPlay` is the trick-by-trick state (who
is to play, what it may play, who takes each trick), and `play_tricks` is the referee's
loop over a record's tricks, which plays every written card through a `TrickPlay` and
tells what is wrong in a player's words.

When a seat's hand is not given, its hand at trick t is taken to be the cards it plays from
trick t on (inferred once, before the loop): so a seat that failed to follow suit and later
plays a card of that suit is found to have revoked at the earlier trick ("trick 7: seat 3
played T5 but held 9S of the suit led (9S played in trick 11)")."""

from __future__ import annotations

import copy
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache, cached_property
from operator import itemgetter
from typing import NamedTuple

from ..notation.decks import GAMES
from ..notation.models import CardExtras, Cards, Claim, Trick
from .cards import card_name
from .context import Context
from .model import TrickResult
from .state import Fault, State
from .tricks import TrickRules

CardCheck = Callable[[int, str, list[str], int, Collection[str]], str | None]
"""(seat, card, cards already in the trick, trick number, the seat's cards) → a message when
the game forbids the card for a reason of its own, else None."""

WinnerRule = Callable[[TrickResult, list[TrickResult]], int]
"""(a whole trick, won as the trick rules say; the tricks before it) → the seat that wins
it by the game's own rule (e.g. fft French tarot: the Excuse of a slam's last trick). It
must only read what it is given."""


@dataclass
class Where:
    """Where the cards of the play lie: the hands given, and what is known elsewhere."""

    known: dict[int, list[str]]
    """The hands given (seat → cards at the start of play)."""
    lying: dict[str, str]
    """Cards known not to be in any seat's hand → where they lie (e.g. "in the scarto")."""
    owners: dict[str, tuple[int, str]]
    """Cards known to be a seat's though its hand is not given → (seat, how), e.g. the
    talon cards of a declarer: "it was in the talon, taken by seat 3"."""

    @cached_property
    def holder(self) -> dict[str, int]:
        """Card → the seat whose given hand holds it."""
        return {card: seat for seat, hand in self.known.items() for card in hand}

    def elsewhere(self, card: str, seat: int) -> str:
        """Where `card` lies when not with `seat`, in words ("" when nothing says so: it
        may be the seat's)."""
        owner = self.holder.get(card, seat)
        taken = self.owners.get(card)
        if owner != seat:
            return f"it was dealt to seat {owner}"
        if taken is not None and taken[0] != seat:
            return taken[1]
        return self.lying.get(card, "")


class Inference(NamedTuple):
    """The hands not given, inferred from the play."""

    hands: dict[int, list[str]]
    """Each unknown seat's cards: those it plays before `first_bad`."""
    first_bad: int
    """The first trick holding a card its seat cannot hold (one past the last when none)."""
    played_at: dict[str, int]
    """Card → the trick it was played in, before `first_bad` (the proofs of a revoke)."""


class TrickPlay:
    """The play of a deal, trick by trick.

    `hands`: each seat's cards at the start of play, or None for a hand nobody knows (its
    cards are then taken as they come). `check` adds a game's own card rule (tricks
    1..`check_until`); `winner` a game's own rule for who takes a trick (trick `winner_at`
    only, when given). `lying`: cards known to be in no seat's hand → where they lie ("in
    the dead hand"); `owners`: cards known to be a seat's though its hand is not given →
    (seat, how), e.g. the talon cards of a declarer; both told when a seat plays one."""

    def __init__(
        self,
        rules: TrickRules,
        seats: int,
        leader: int,
        total: int,
        hands: dict[int, list[str] | None],
        *,
        check: CardCheck | None = None,
        check_until: int | None = None,
        winner: WinnerRule | None = None,
        winner_at: int | None = None,
        lying: dict[str, str] | None = None,
        owners: dict[str, tuple[int, str]] | None = None,
    ) -> None:
        self.rules = rules
        self.seats = seats
        self.first = leader
        """The seat that leads the first trick."""
        self.total = total
        """How many tricks a complete deal has."""
        self.orders = _orders(seats)
        """The seats in playing order from each leader (`orders[leader - 1]`)."""
        self.holders = _holders(seats)
        """Each leader's getter of the hands in playing order (`holders[leader - 1](hands)`)."""
        self.check = check
        self.check_until = (total if check_until is None else check_until) if check else 0
        self.winner = winner
        self.winner_at = winner_at
        self.deal(hands)
        self.where = Where(self.dealt, lying or {}, owners or {})
        """Where the cards lie: the hands given, and what else is known (`card_fault`)."""
        self.inferred = Inference({}, total + 1, {})
        """The hands not given, as the referee inferred them from the play."""

    def deal(self, hands: dict[int, list[str] | None]) -> None:
        """Start the play again from its first trick, each seat holding `hands` (None: a
        hand nobody knows)."""
        self.dealt = {s: h for s, h in hands.items() if h is not None}
        """Each known hand at the start of play, in its order (for `hand`; not changed)."""
        self.hands = {s: None if h is None else set(h) for s, h in hands.items()}
        """Each seat's cards now (None: not known)."""
        self.leader = self.first
        """The seat that leads the trick being played."""
        self.order = self.orders[self.first - 1]
        """The seats of the trick being played, in playing order."""
        self.trick: list[str] = []
        """The cards of the trick being played, in playing order (from `leader`)."""
        self.tricks: list[TrickResult] = []

    def walk(self, tricks: list[list[str]]) -> list[tuple[int, int, str]]:
        """(trick, seat, card) of each card of `tricks` (the cards as written), played from
        the first trick by these rules whatever the hands (the trick rules alone say who
        leads), up to an unfinished trick. This play is left as it was."""
        play = copy.copy(self)
        seats, out = self.seats, []
        play.deal(dict.fromkeys(range(1, seats + 1)))
        for number, cards in enumerate(tricks, 1):
            out += [(number, play.order[i % seats], card) for i, card in enumerate(cards)]
            if len(cards) < seats:
                break
            play.trick = cards[:seats]
            play._close()
        return out

    @property
    def number(self) -> int:
        """The number of the trick being played (1-based)."""
        return len(self.tricks) + 1

    @property
    def over(self) -> bool:
        """True once every trick of the deal has been played."""
        return len(self.tricks) >= self.total

    @property
    def to_play(self) -> int | None:
        """The seat to play next (None once the play is over)."""
        if self.over:
            return None
        return (self.leader - 1 + len(self.trick)) % self.seats + 1

    @property
    def table(self) -> list[tuple[int, str]]:
        """The trick being played: (seat, card) in playing order."""
        return list(zip(self.order, self.trick))  # noqa: B905 (the trick is not whole)

    @property
    def played(self) -> list[str]:
        """Every card played so far, in playing order (the trick on the table included)."""
        return [card for trick in self.tricks for _, card in trick.cards] + self.trick

    def written(self, words: dict[tuple[int, int], str] | None = None) -> list[Trick]:
        """The tricks played so far (the one on the table too) as a record writes them;
        `words`: (trick, seat) → the word said with that seat's card (marafone)."""
        words = words or {}
        tricks = [*(trick.cards for trick in self.tricks), self.table]
        said = [
            {i: CardExtras(signal=words[n, s]) for i, (s, _) in enumerate(cards) if (n, s) in words}
            for n, cards in enumerate(tricks, 1)
        ]
        return [
            Trick(cards=Cards([c for _, c in cards], extras=extras or None))
            for cards, extras in zip(tricks, said, strict=True)
            if cards
        ]

    def taken(self) -> dict[int, int]:
        """Tricks won so far per seat."""
        won = dict.fromkeys(range(1, self.seats + 1), 0)
        for trick in self.tricks:
            won[trick.winner] = won.get(trick.winner, 0) + 1
        return won

    def hand(self, seat: int) -> list[str] | None:
        """The cards `seat` holds now, in the order of its hand at the start of play (None
        when its hand is not known)."""
        held = self.hands.get(seat)
        if held is None:
            return None
        played = dict(zip(self.order, self.trick)).get(seat)  # noqa: B905 (not whole)
        return [card for card in self.dealt[seat] if card in held and card != played]

    def sorted_hands(self) -> dict[int, list[str]]:
        """Each known hand now (its card on the table left out) in the deck's order."""
        sort = GAMES[self.rules.game].sort
        return {s: sort(self.hand(s)) for s, h in self.hands.items() if h is not None}

    def legal(self) -> list[str]:
        """The cards the seat to play may play (its hand must be known)."""
        seat = self.to_play
        hand = self.hand(seat) if seat is not None else None
        if hand is None:
            return []
        trick, number = self.trick, self.number
        legal = self.rules.legal(hand, trick, last=number == self.total)
        if number <= self.check_until:
            legal = [c for c in legal if not self.check(seat, c, trick, number, hand)]
        return legal

    def card_fault(self, card: str) -> Fault | None:
        """Why the seat to play may not play `card`, as the referee's diagnostic
        (`too-many-tricks`, `card-not-held`, `illegal-card`) in a player's words: a card it
        cannot hold (given, or known to lie elsewhere: "it was dealt to seat 2"), or one the
        rules refuse. None when it may, or when its hand is unknown; a hand inferred from
        the play is not judged past the first card a seat cannot hold."""
        number = len(self.tricks) + 1
        if number > self.total:
            return Fault("too-many-tricks", f"the deal has only {self.total} tricks")
        seat = self.order[len(self.trick)]
        holding = self.hands.get(seat)
        if holding is None:
            return None
        where, inferred = self.where, self.inferred
        given, held = seat in where.known, card in holding
        elsewhere = "" if given and held else where.elsewhere(card, seat)
        if not given and number >= inferred.first_bad and not elsewhere:
            return None
        if not held or (not given and elsewhere):
            why = elsewhere if not given else "does not hold it"
            why += f" ({elsewhere})" if given and elsewhere else ""
            return Fault("card-not-held", f"trick {number}: seat {seat} played {card} but {why}")
        trick, last, rules = self.trick, number == self.total, self.rules
        refused = None
        if not rules.allows(card, holding, trick, last=last):  # the sentence needs the hand's order
            refused = rules.refusal(card, self.hand(seat), trick, last=last)
        if refused is not None:
            message = refused.sentence(
                rules.game, card, f"trick {number}: seat {seat}", rules.excuse_lead
            )
            if not given and refused.witness:  # the proof of a hand inferred from the play
                message += (
                    f" ({refused.witness} played in trick {inferred.played_at[refused.witness]})"
                )
        elif number <= self.check_until:
            message = self.check(seat, card, trick, number, self.hand(seat))
        else:
            return None
        return None if message is None else Fault("illegal-card", message)

    def play(self, card: str) -> TrickResult | None:
        """The seat to play plays `card` (taken out of its hand when held); the trick once
        it is whole, else None."""
        trick = self.trick
        trick.append(card)
        if len(trick) < self.seats:
            return None
        return self._close()

    def take(self, tricks: list[list[str]]) -> int:
        """Play the whole tricks `tricks` in turn (the table empty, every hand known) while
        each card is held and allowed: a trick judged with its winner in one pass
        (`TrickRules.judge`), then by the game's own check. How many were played (the
        first refused, or not whole, is left unplayed)."""
        judge, holders, hands = self.rules.judge, self.holders, self.hands
        seats, total, checked = self.seats, self.total, self.check_until
        for done, cards in enumerate(tricks):
            if len(cards) != seats:
                return done
            number = len(self.tricks) + 1
            held = holders[self.leader - 1](hands)
            won = judge(cards, held, last=number == total)
            if won is None or (number <= checked and self._refused(cards, held, number)):
                return done
            any(map(set.discard, held, cards))  # (a loop in C: `discard` returns None)
            self._taken(cards, won)
        return len(tricks)

    def _refused(self, cards: list[str], held: tuple[set[str], ...], number: int) -> bool:
        """True when the game's own check refuses a card of the whole trick `cards`."""
        return any(
            self.check(seat, card, cards[:i], number, hand)
            for i, (seat, card, hand) in enumerate(zip(self.order, cards, held, strict=True))
        )

    def _close(self) -> TrickResult:
        """The trick on the table is whole: its cards leave the hands (a seat's hand while
        the trick is played is what it held before it), and it is taken."""
        played, hands = self.trick, self.hands
        self.trick = []
        for seat, card in zip(self.order, played):  # noqa: B905 (whole)
            hand = hands[seat]
            if hand is not None:
                hand.discard(card)
        return self._taken(played, self.rules.winner(played))

    def _taken(self, played: list[str], won: int) -> TrickResult:
        """The whole trick `played` (from the leader) is won by its card `won` (by the
        trick rules; the game's own rule may say otherwise): recorded, and the winner
        leads next."""
        order = self.order
        number = len(self.tricks) + 1
        cards = list(zip(order, played))  # noqa: B905 (whole)
        trick = TrickResult(number, self.leader, cards, order[won])
        if self.winner is not None and self.winner_at in (None, number):
            trick.winner = self.winner(trick, self.tricks)
        self.tricks.append(trick)
        self.leader = trick.winner
        self.order = self.orders[self.leader - 1]
        return trick


@cache
def _orders(seats: int) -> tuple[tuple[int, ...], ...]:
    """The seats in playing order from each leader: `[leader - 1]`."""
    return tuple(
        tuple((leader - 1 + i) % seats + 1 for i in range(seats)) for leader in range(1, seats + 1)
    )


@cache
def _holders(seats: int) -> tuple[itemgetter, ...]:
    """Per leader (`[leader - 1]`), the getter of a tuple of the seats' hands in playing
    order from that leader."""
    return tuple(itemgetter(*order) for order in _orders(seats))


@dataclass
class PlayResult:
    """What the play replayer found."""

    tricks: list[TrickResult]
    hands: dict[int, list[str]]
    """Each seat's cards at the start of play: as given, or (for unknown hands) the cards it
    played."""
    inferred: set[int]
    complete: bool
    """True when all the deal's tricks were played in full."""
    claim: Claim | None = None
    """The claim that ended the play (`fuori`, `penalty`), when claims end it."""
    written: list[Trick] = field(default_factory=list)
    """The record's tricks played, as written (a trick's words with its cards)."""


def _written(
    ctx: Context, total: int, items: list[Trick | Claim], claims: bool
) -> tuple[list[Trick], Claim | None]:
    """The tricks to play, in order, up to the end of the play, an unfinished trick, or a
    claim that ends it (returned); a trick too many or too large is reported here (the
    cards of a trick too large are played up to the seats' count)."""
    seats = ctx.seats
    out: list[Trick] = []
    for item in items:
        if type(item) is Claim:
            if claims:
                return out, item
            continue
        if len(out) >= total:
            ctx.error(item, "too-many-tricks", f"the deal has only {total} tricks")
            break
        out.append(item)
        size = len(item.cards)
        if size != seats and (
            size > seats or any(type(i) is Trick for i in items[items.index(item) + 1 :])
        ):
            ctx.error(
                item.cards.at(seats) if size > seats else item,
                "trick-size",
                f"trick {len(out)} has {size} cards; each of the {seats} seats plays one",
            )
        if size < seats:
            break
    return out, None


def _infer(play: TrickPlay, written: list[Trick], unknown: set[int]) -> Inference:
    """Who played each written card (`TrickPlay.walk`), the first card a seat cannot hold,
    and the unknown hands: inferred hands only trust the play up to that card (after it
    the cards may be other seats'; a wrong card changes who leads)."""
    where = play.where
    walked = play.walk([trick.cards[: play.seats] for trick in written])
    held = {s: set(h) for s, h in where.known.items()}
    first_bad = next(
        (
            number
            for number, seat, card in walked
            if ((card not in held[seat]) if seat in held else where.elsewhere(card, seat))
        ),
        len(written) + 1,
    )
    trusted = [(number, seat, card) for number, seat, card in walked if number < first_bad]
    hands: dict[int, list[str]] = {s: [] for s in unknown}
    for _, seat, card in trusted:
        if seat in hands and not where.elsewhere(card, seat):
            hands[seat].append(card)
    # seat by seat: with a card written twice, the last seat's trick
    played_at = {card: number for _, number, card in sorted((s, n, c) for n, s, c in trusted)}
    return Inference(hands, first_bad, played_at)


def play_tricks(ctx: Context, state: State, play: TrickPlay, *, claims: bool = False) -> PlayResult:
    """Replay the `play` section of `ctx.record` through `play` (a play not begun: its
    rules, who leads, the hands given; None for a hand not given, then inferred from the
    play), adopted by `state` once its hands are known: what is wrong reported to `ctx`,
    the tricks appended to `ctx.tricks` (each told to `state.took` when steps are
    wanted), a `card` step per card (as written: with the word said with it, if any) and a
    `trick` step per trick; a card not held is told where `play.where` says it lies. A
    claim (`fuori`/`penalty`) ends the play when `claims` is true (it is the result's
    `claim`)."""
    seats, steps = ctx.seats, ctx.want_steps
    items = ctx.record.play.items if ctx.record.play is not None else []
    known = play.dealt
    unknown = {s for s in range(1, seats + 1) if s not in known}
    written, claim = _written(ctx, play.total, items, claims)
    start = known
    if unknown:
        play.inferred = inferred = _infer(play, written, unknown)
        start = {s: known[s] if s in known else inferred.hands[s] for s in range(1, seats + 1)}
        play.deal(start)
    state.adopt(play)
    taken = 0
    if not steps and not unknown:  # the common case: whole tricks judged at once
        taken = play.take([trick.cards for trick in written])
        ctx.tricks += play.tricks
    lost = stop_after = False
    for trick in written[taken:]:
        lost = lost or stop_after
        stop_after = _play_trick(ctx, play, trick, lost)
        if len(trick.cards) < seats:
            break
        done = play.tricks[-1]
        ctx.tricks.append(done)
        if steps:
            state.took(done)
            ctx.step(
                "trick",
                seat=done.winner,
                text=f"{done.number}.",
                node=trick,
                label=f"trick {done.number} goes to seat {done.winner}",
                trick=done.cards,
            )
    complete = len(ctx.tricks) == play.total
    return PlayResult(ctx.tricks, start, unknown, complete, claim, written)


def _play_trick(ctx: Context, play: TrickPlay, trick: Trick, lost: bool) -> bool:
    """Play the written cards of one trick, reporting what is wrong with each; True when
    the play stops matching the hands after it (`lost`: it already has; the cards are
    only played)."""
    where, hands = play.where, play.hands
    number, steps = len(play.tricks) + 1, ctx.want_steps
    strangers: list[int] = []
    """The seats that play a card their hand cannot hold (given, or dealt to another)."""
    order, cards = play.order, trick.cards[: play.seats]
    for place, card in enumerate(cards):
        seat = order[place]
        fault = None if lost else play.card_fault(card)  # (lost: the cards are only played)
        if fault is not None:
            if card not in hands[seat] and (
                seat in where.known or where.holder.get(card, seat) != seat
            ):
                strangers.append(seat)
            ctx.error(trick.cards.at(place), fault.code, fault.message)
        done = play.play(card)
        if steps:
            taken = None
            if done is not None:  # the trick lies on the table until its winner takes it
                taken = play.taken()
                taken[done.winner] -= 1
            node = trick.cards.card(place)
            word = node.signal  # the word said with the card (marafone)
            ctx.step(
                "card",
                seat=seat,
                text=f"{card} {word}" if word else card,
                node=node,
                label=f"trick {number}: seat {seat} plays {card_name(ctx.game.name, card)}"
                + (f", saying {word}" if word else ""),
                trick=done.cards if done is not None else play.table,
                taken=taken,
            )
    if len(strangers) > 1:
        ctx.error(
            trick,
            "play-mismatch",
            f"after trick {number} the play no longer matches the hands (is a card of an "
            "earlier trick wrong?); the rest of the play is not checked",
        )
        return True
    return False
