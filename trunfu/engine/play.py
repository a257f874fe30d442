"""The shared play replayer: walks the tricks of a record, finds each trick's leader and
winner, checks every card against the seat's hand (given, or inferred from the play) and
reports illegal cards in a player's words.

When a seat's hand is not given, its hand at trick t is taken to be the cards it plays from
trick t on: so a seat that failed to follow suit and later plays a card of that suit is
found to have revoked at the earlier trick ("trick 7: seat 3 played T5 but held 9S of the
suit led (9S played in trick 11)")."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from ..notation.models import Claim, PlayedCard, Record, Trick
from .cards import EXCUSE, card_name, suit_name, suit_of
from .context import Context
from .model import TrickResult
from .tricks import (
    ExcuseLead,
    FollowRules,
    is_legal,
    is_trump,
    is_trump_suit,
    led_suit,
    legal_cards,
    strengths,
    trick_judge,
    trick_winner,
)

_new = object.__new__

CardCheck = Callable[[int, str, list[str], int, Collection[str]], str | None]
"""(seat, card, cards already in the trick, trick number, the seat's cards) → a message when
the game forbids the card for a reason of its own, else None."""


WinnerRule = Callable[[TrickResult, list[TrickResult]], int]
"""(a whole trick, won as the follow rules say; the tricks before it) → the seat that wins
it by the game's own rule (e.g. fft French tarot: the Excuse of a slam's last trick). Called
once or more per trick: it must only read what it is given."""


@dataclass
class PlaySetup:
    """What a game module tells the play replayer."""

    rules: FollowRules
    leader: int
    """The seat that leads the first trick."""
    tricks: int
    """How many tricks a complete deal has."""
    hands: dict[int, list[str] | None]
    """Each seat's cards at the start of play; None for a seat whose hand is unknown."""
    trump: str | None = "T"
    elsewhere: dict[str, str] = field(default_factory=dict)
    """Cards known not to be in any seat's hand → where they lie (e.g. "in the scarto")."""
    owners: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Cards known to be a seat's though its hand is not given → (seat, how), e.g. the talon
    cards of a declarer: "it was in the talon, taken by seat 3"."""
    check: CardCheck | None = None
    check_until: int | None = None
    """The last trick `check` can forbid a card in (None: any trick); it is not called after."""
    on_trick: Callable[[TrickResult], None] | None = None
    """Called after each complete trick (e.g. to update `ctx.state["points"]`)."""
    on_claim: Callable[[Claim, int], bool] | None = None
    """Called for `fuori`/`penalty` items with the number of tricks played; True stops play."""
    next_leader: Callable[[TrickResult], int] | None = None
    """Who leads after a trick (default: its winner)."""
    winner: WinnerRule | None = None
    """A game's own rule for who wins a trick (default: the follow rules' winner)."""
    winner_at: int | None = None
    """The only trick `winner` can change (None: any trick); it is not called for the others."""


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
    stopped: bool = False
    """True when a claim hook ended the play early."""


class _Walked(NamedTuple):
    """One written trick as pass 1 finds it."""

    node: Trick
    leader: int
    seats: tuple[int, ...]
    """The seats that played, in playing order."""
    nodes: list[PlayedCard]
    codes: list[str]
    result: TrickResult | None
    """Who won; None for a trick the record leaves unfinished."""


@dataclass
class _Cards:
    """Where the cards of the play lie: the hands given, and what is known elsewhere."""

    setup: PlaySetup
    known: dict[int, list[str]]
    """The hands given (seat → cards at the start of play)."""
    holder: dict[str, int]
    """Card → the seat whose given hand holds it."""

    def foreign(self, card: str, seat: int) -> bool:
        """True when `card` is known to lie elsewhere than with `seat`."""
        taken = self.setup.owners.get(card)
        return (
            self.holder.get(card, seat) != seat
            or (taken is not None and taken[0] != seat)
            or card in self.setup.elsewhere
        )

    def elsewhere(self, card: str, seat: int) -> str:
        """Where `card` lies when not with `seat`, in words ("" when nothing says so)."""
        owner = self.holder.get(card, seat)
        taken = self.setup.owners.get(card)
        if owner != seat:
            return f"it was dealt to seat {owner}"
        if taken is not None and taken[0] != seat:
            return taken[1]
        return self.setup.elsewhere.get(card, "")

    def first_bad(self, walked: list[_Walked]) -> int:
        """The number of the first trick holding a card its seat cannot hold (one past the
        last trick when there is none)."""
        held = {s: set(h) for s, h in self.known.items()}
        for number, trick in enumerate(walked, 1):
            for seat, card in zip(trick.seats, trick.codes, strict=True):
                hand = held.get(seat)
                if (card not in hand) if hand is not None else self.foreign(card, seat):
                    return number
        return len(walked) + 1

    def inferred_hand(self, seat: int, walked: list[_Walked]) -> list[str]:
        """The cards `seat` plays in `walked` that are not known to lie elsewhere."""
        return [
            card
            for trick in walked
            for s, card in zip(trick.seats, trick.codes, strict=True)
            if s == seat and not self.foreign(card, seat)
        ]


def written_tricks(record: Record) -> list[Trick]:
    """The tricks of the record's play (`Play.tricks`); none without a play section."""
    return record.play.tricks if record.play else []


@cache
def _turns(leader: int, seats: int) -> tuple[int, ...]:
    """The seats in playing order from `leader`."""
    return tuple((leader - 1 + i) % seats + 1 for i in range(seats))


@cache
def _orders(seats: int) -> tuple[tuple[int, ...], ...]:
    """`_turns(leader, seats)` of every leader, at index `(leader - 1) % seats`."""
    return tuple(_turns(leader, seats) for leader in range(1, seats + 1))


@cache
def _holders(seats: int) -> tuple[Callable[[dict[int, set[str]]], tuple[set[str], ...]], ...]:
    """Per leader, at the index of `_orders`: seat → hand table → the hands of the seats in
    playing order, as a tuple."""
    return tuple(
        itemgetter(*turns) if seats > 1 else lambda hands, seat=turns[0]: (hands[seat],)
        for turns in _orders(seats)
    )


def _who(seat: int) -> str:
    return f"seat {seat}"


def _walk(
    ctx: Context, setup: PlaySetup, items: list[Trick | Claim], asked: Claim | None = None
) -> tuple[list[_Walked], bool]:
    """Pass 1: who played each card and who won each trick; True when a claim stopped play.
    `asked`: a claim whose hook was already called (and did not stop play)."""
    seats = ctx.seats
    walked: list[_Walked] = []
    results: list[TrickResult] = []
    leader = setup.leader
    for item in items:
        if type(item) is Claim:
            if (
                item is not asked
                and setup.on_claim is not None
                and setup.on_claim(item, len(walked))
            ):
                return walked, True
            continue
        cards = item.cards
        if len(walked) >= setup.tricks:
            ctx.error(item, "too-many-tricks", f"the deal has only {setup.tricks} tricks")
            break
        if len(cards) > seats:
            ctx.error(
                cards[seats],
                "trick-size",
                f"trick {len(walked) + 1} has {len(cards)} cards; each of the {seats} seats "
                "plays one",
            )
            cards = cards[:seats]
        # seats, nodes and codes have one entry per card (per-trick loops zip them without
        # `strict=`, which takes a slow call path)
        turns = _turns(leader, seats)
        if len(cards) < seats:
            turns = turns[: len(cards)]
        codes = [c.code for c in cards]
        if len(cards) < seats:
            walked.append(_Walked(item, leader, turns, cards, codes, None))
            break
        result, winner = _trick_result(setup, leader, turns, codes, results)
        walked.append(_Walked(item, leader, turns, cards, codes, result))
        results.append(result)
        leader = winner if setup.next_leader is None else setup.next_leader(result)
    return walked, False


def _trick_result(
    setup: PlaySetup,
    leader: int,
    seats: tuple[int, ...],
    codes: list[str],
    before: list[TrickResult],
    won: int | None = None,
) -> tuple[TrickResult, int]:
    """Who wins a whole trick (the cards `codes`, played by `seats`, after the tricks
    `before`): the follow rules' winner (`won`: its index, when already known), or the
    game's own (`setup.winner`). The trick, and its winner."""
    if won is None:
        won = trick_winner(codes, setup.rules, setup.trump)
    number = len(before) + 1
    winner = seats[won]
    # TrickResult(number=..., ...) without the call: a call by keywords builds a dict of
    # them (this is made once per trick; each field is set below)
    trick = _new(TrickResult)
    trick.number = number
    trick.leader = leader
    trick.cards = list(zip(seats, codes))  # noqa: B905 (see _walk)
    trick.winner = winner
    if setup.winner is not None and setup.winner_at in (None, number):
        ruled = setup.winner(trick, before)
        if ruled != winner:
            trick.winner = winner = ruled
    return trick, winner


def _check_unfinished(ctx: Context, items: list[Trick | Claim], walked: list[_Walked]) -> None:
    """An unfinished trick may only be the record's last."""
    last = walked[-1]
    at = next(i for i, item in enumerate(items) if item is last.node)
    if any(type(item) is Trick for item in items[at + 1 :]):
        ctx.error(
            last.node,
            "trick-size",
            f"trick {len(walked)} has {len(last.nodes)} cards; each of the {ctx.seats} "
            "seats plays one",
        )


def _played_at(walked: list[_Walked]) -> dict[str, int]:
    """Card → the number of the trick it was played in (seat by seat: with a card written
    twice, the last seat's trick)."""
    plays = sorted(
        (seat, number, card)
        for number, trick in enumerate(walked, 1)
        for seat, card in zip(trick.seats, trick.codes, strict=True)
    )
    return {code: number for _, number, code in plays}


def _last_checked(setup: PlaySetup) -> int:
    """The last trick the game's own check applies to (0: none)."""
    if setup.check is None:
        return 0
    return setup.tricks if setup.check_until is None else setup.check_until


class _Quick(NamedTuple):
    """What the one-pass replay of a deal with every hand given found."""

    tricks: list[TrickResult]
    """The tricks played, all clean, up to where the pass stopped."""
    clean: bool
    """True when the pass reached the end of the play (or `claim`) finding nothing wrong."""
    claim: Claim | None
    """The first claim with a hook to call (the pass stops there)."""


def _play_known(
    setup: PlaySetup, seats: int, items: list[Trick | Claim], hands: dict[int, set[str]]
) -> _Quick:
    """The common case in one pass, calling no hook: every hand given (`hands`, sets that
    the pass uses up), every trick whole, every card held and legal (by the follow rules and
    the game's own check). Stops at the first trick that needs the two passes below (then
    `clean` is False; the hands hold that trick's cards still), or at a claim."""
    tricks: list[TrickResult] = []
    leader = setup.leader
    total, check = setup.tricks, setup.check
    checked = _last_checked(setup)
    judge = trick_judge(setup.rules, setup.trump)
    orders, holders = _orders(seats), _holders(seats)
    for item in items:
        if type(item) is Claim:
            if setup.on_claim is not None:
                return _Quick(tricks, True, item)
            continue
        cards = item.cards
        number = len(tricks) + 1
        if len(cards) != seats or number > total:
            return _Quick(tricks, False, None)
        at = (leader - 1) % seats
        turns, held = orders[at], holders[at](hands)  # the seats in playing order, their hands
        codes = []  # a loop: a comprehension's own call costs more for a trick's few cards
        for card in cards:
            codes.append(card.code)
        won = judge(codes, held, number == total)
        if won is None:
            return _Quick(tricks, False, None)
        if number <= checked:
            for i, (seat, card, hand) in enumerate(zip(turns, codes, held)):  # noqa: B905
                if check(seat, card, codes[:i], number, hand):
                    return _Quick(tricks, False, None)
        any(map(set.discard, held, codes))  # take the cards out (held: checked by the judge)
        trick, leader = _trick_result(setup, leader, turns, codes, tricks, won)
        tricks.append(trick)
    return _Quick(tricks, True, None)


def _finish(
    ctx: Context,
    setup: PlaySetup,
    tricks: list[TrickResult],
    known: dict[int, list[str]],
    stopped: bool,
) -> PlayResult:
    """The end of a play found clean in one pass: the tricks recorded, the hooks called."""
    if setup.on_trick is None:
        ctx.tricks += tricks
    else:
        for trick in tricks:
            ctx.tricks.append(trick)
            setup.on_trick(trick)
    complete = len(ctx.tricks) == setup.tricks
    start = {s: known[s] for s in range(1, ctx.seats + 1)}
    return PlayResult(ctx.tricks, start, set(), complete, stopped)


def play_tricks(ctx: Context, setup: PlaySetup) -> PlayResult:
    """Replay the `play` section of `ctx.record` under `setup`; report problems to `ctx`,
    append the tricks to `ctx.tricks` and a `card` step per card (and a `trick` step per
    trick) to `ctx.steps`."""
    seats, steps = ctx.seats, ctx.want_steps
    play = ctx.record.play
    items = list(play.items) if play is not None else []
    known = {s: list(h) for s, h in setup.hands.items() if h is not None}
    inferred = {s for s in range(1, seats + 1) if s not in known}

    # The common case first, in one pass (every hand given, no steps): a play found clean is
    # done; any other goes through the two passes below, which give every diagnostic.
    asked = None
    if not steps and not inferred and setup.next_leader is None:
        quick = _play_known(setup, seats, items, {s: set(h) for s, h in known.items()})
        if quick.claim is not None:
            if setup.on_claim(quick.claim, len(quick.tricks)):
                return _finish(ctx, setup, quick.tricks, known, stopped=True)
            asked = quick.claim
        elif quick.clean:
            return _finish(ctx, setup, quick.tricks, known, stopped=False)

    walked, stopped = _walk(ctx, setup, items, asked)
    if walked and not stopped and walked[-1].result is None:
        _check_unfinished(ctx, items, walked)

    where = _Cards(setup, known, {c: s for s, h in known.items() for c in h})
    # Inferred hands only trust the play up to the first card a seat cannot hold: after it
    # the written cards may belong to other seats (a wrong card changes who leads). With
    # every hand given, nothing is inferred.
    first_bad = where.first_bad(walked) if inferred else len(walked) + 1
    start = {
        s: list(known[s]) if s in known else where.inferred_hand(s, walked[: first_bad - 1])
        for s in range(1, seats + 1)
    }
    hands = {s: list(h) for s, h in start.items()}
    if steps:
        for s in range(1, seats + 1):
            # known hands, or (for the others) the cards the seat will play
            ctx.state["hands"][s] = ctx.game.sort(hands[s]) if ctx.game else list(hands[s])
            ctx.state["taken"].setdefault(s, 0)

    # Pass 2: check each card.
    lost = stop_after = False
    for number, written in enumerate(walked, 1):
        trick, result = written.node, written.result
        lost = lost or stop_after
        stop_after = _check_cards(ctx, where, hands, walked, first_bad, number, lost)
        if result is None:
            break
        winner = result.winner
        ctx.tricks.append(result)
        if steps:
            ctx.state["taken"][winner] = ctx.state["taken"].get(winner, 0) + 1
        if setup.on_trick is not None:
            setup.on_trick(result)
        if steps:
            ctx.step(
                "trick",
                seat=winner,
                text=f"{number}.",
                node=trick,
                label=f"trick {number} goes to {_who(winner)}",
            )
            ctx.state["trick"] = []
    complete = len(ctx.tricks) == setup.tricks
    return PlayResult(ctx.tricks, start, inferred, complete, stopped)


def _check_cards(
    ctx: Context,
    where: _Cards,
    hands: dict[int, list[str]],
    walked: list[_Walked],
    first_bad: int,
    number: int,
    lost: bool,
) -> bool:
    """Check the cards of trick `number` one by one against the hands (taking them out),
    report what is wrong and add the `card` steps; True when the play stops matching the
    hands after this trick (`lost`: it already has, the cards are only taken out)."""
    setup, known, steps = where.setup, where.known, ctx.want_steps
    game = ctx.game.name if ctx.game else setup.rules.game
    rules, trump = setup.rules, setup.trump
    trick, _, turns, nodes, codes, _ = walked[number - 1]
    stop_after = False
    if not lost:
        strangers = [
            s
            for s, c in zip(turns, codes)  # noqa: B905 (see _walk)
            if c not in hands[s] and (s in known or where.holder.get(c, s) != s)
        ]
        stop_after = len(strangers) > 1
    table: list[str] = []
    if steps:
        ctx.state["trick"] = []
    last = number == setup.tricks
    for seat, node, card in zip(turns, nodes, codes):  # noqa: B905 (see _walk)
        hand = hands[seat]
        held = card in hand
        given = seat in known
        elsewhere = "" if given and held else where.elsewhere(card, seat)
        if lost:
            if held:
                hand.remove(card)
        elif not given and number >= first_bad and not elsewhere:
            pass  # past the first impossible card, an unknown hand is not checked
        elif not held or (not given and elsewhere):
            ctx.error(
                node,
                "card-not-held",
                f"trick {number}: {_who(seat)} played {card} but "
                + (elsewhere if not given else "does not hold it")
                + (f" ({elsewhere})" if given and elsewhere else ""),
            )
            if held:
                hand.remove(card)
            if stop_after and seat == strangers[-1]:
                ctx.error(
                    trick,
                    "play-mismatch",
                    f"after trick {number} the play no longer matches the hands (is a card "
                    "of an earlier trick wrong?); the rest of the play is not checked",
                )
        else:
            if not is_legal(card, hand, table, rules, trump, last=last):
                legal = legal_cards(hand, table, rules, trump, last=last)
                proof = None if given else _played_at(walked[: first_bad - 1])
                ctx.error(
                    node,
                    "illegal-card",
                    _why(game, seat, card, hand, table, legal, rules, trump, number, proof),
                )
            elif number <= _last_checked(setup):
                message = setup.check(seat, card, list(table), number, hand)
                if message:
                    ctx.error(node, "illegal-card", message)
            hand.remove(card)
        table.append(card)
        if steps:
            ctx.state["trick"].append((seat, card))
            if card in ctx.state["hands"][seat]:
                ctx.state["hands"][seat].remove(card)
            ctx.step(
                "card",
                seat=seat,
                text=card,
                node=node,
                label=f"trick {number}: {_who(seat)} plays {card_name(game, card)}",
            )
    return stop_after


def _why(
    game: str,
    seat: int,
    card: str,
    hand: list[str],
    table: list[str],
    legal: list[str],
    rules: FollowRules,
    trump: str | None,
    number: int,
    played_at: dict[str, int] | None,
) -> str:
    """Why `card` may not be played, naming a card the seat held instead."""
    head = f"trick {number}: {_who(seat)}"

    def proof(witness: str) -> str:
        return f" ({witness} played in trick {played_at[witness]})" if played_at else ""

    if not table:
        may = "only the last trick" if rules.excuse_lead is ExcuseLead.LAST else "no trick"
        return f"{head} led {card_name(game, card)}, which may lead {may}"
    led = led_suit(table)
    follow = [c for c in legal if c != EXCUSE]
    witness = follow[0]
    if suit_of(witness) == led and suit_of(card) != led:
        if is_trump_suit(led, trump):
            return f"{head} played {card} but held {witness}: trumps were led" + proof(witness)
        return f"{head} played {card} but held {witness} of the suit led" + proof(witness)
    if is_trump(witness, trump) and not is_trump(card, trump):
        return (
            f"{head} played {card} but held {witness}: without {suit_name(game, led)} "
            "a seat must trump" + proof(witness)
        )
    power = strengths(rules.game)
    best = max((c for c in table if is_trump(c, trump)), key=power.__getitem__)
    witness = max(follow, key=power.__getitem__)
    kind = "on a trump lead " if is_trump_suit(led, trump) else ""
    return (
        f"{head} played {card} but held {witness}, higher than {best}: a seat must "
        f"overtrump {kind}when able" + proof(witness)
    )
