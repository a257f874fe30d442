"""The shared play replayer: walks the tricks of a record, finds each trick's leader and
winner, checks every card against the seat's hand (given, or inferred from the play) and
reports illegal cards in a player's words.

When a seat's hand is not given, its hand at trick t is taken to be the cards it plays from
trick t on: so a seat that failed to follow suit and later plays a card of that suit is
found to have revoked at the earlier trick ("trick 7: seat 3 played T5 but held 9S of the
suit led (9S played in trick 11)")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..notation.models import Claim, PlayedCard, Trick
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
    trick_winner,
)

CardCheck = Callable[[int, str, list[str], int, list[str]], str | None]
"""(seat, card, cards already in the trick, trick number, the seat's hand) → a message when
the game forbids the card for a reason of its own, else None."""


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
    owners: dict[str, tuple[int, str]] = field(default_factory=dict)
    """Cards known to be a seat's though its hand is not given → (seat, how), e.g. the talon
    cards of a declarer: "it was in the talon, taken by seat 3"."""
    """Cards known not to be in any seat's hand → where they lie (e.g. "in the scarto")."""
    check: CardCheck | None = None
    on_trick: Callable[[TrickResult], None] | None = None
    """Called after each complete trick (e.g. to update `ctx.state["points"]`)."""
    on_claim: Callable[[Claim, int], bool] | None = None
    """Called for `fuori`/`penalty` items with the number of tricks played; True stops play."""
    next_leader: Callable[[TrickResult], int] | None = None
    """Who leads after a trick (default: its winner)."""


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


def _who(seat: int) -> str:
    return f"seat {seat}"


def play_tricks(ctx: Context, setup: PlaySetup) -> PlayResult:
    """Replay the `play` section of `ctx.record` under `setup`; report problems to `ctx`,
    append the tricks to `ctx.tricks` and a `card` step per card (and a `trick` step per
    trick) to `ctx.steps`."""
    seats, game = ctx.seats, ctx.game.name if ctx.game else setup.rules.game
    rules, trump = setup.rules, setup.trump
    play = ctx.record.play
    items = list(play.items) if play is not None else []

    # Pass 1: who played each card, and who won each trick.
    walked: list[tuple[Trick, int, list[tuple[int, PlayedCard]], int | None]] = []
    leader = setup.leader
    stopped = False
    for item in items:
        if isinstance(item, Claim):
            if setup.on_claim is not None and setup.on_claim(item, len(walked)):
                stopped = True
                break
            continue
        cards = item.cards
        if len(walked) >= setup.tricks:
            ctx.error(item, "too-many-tricks", f"the deal has only {setup.tricks} tricks")
            break
        if len(cards) > seats:
            extra = cards[seats]
            ctx.error(
                extra,
                "trick-size",
                f"trick {len(walked) + 1} has {len(cards)} cards; each of the {seats} seats "
                "plays one",
            )
            cards = cards[:seats]
        owners = [((leader - 1 + i) % seats + 1, c) for i, c in enumerate(cards)]
        winner = None
        if len(cards) == seats:
            won = trick_winner([c.code for c in cards], rules, trump)
            winner = owners[won][0]
        walked.append((item, leader, owners, winner))
        if winner is None:
            break
        if setup.next_leader is not None:
            result = TrickResult(
                number=len(walked),
                leader=leader,
                cards=[(s, c.code) for s, c in owners],
                winner=winner,
            )
            leader = setup.next_leader(result)
        else:
            leader = winner
    last_i = next((i for i, item in enumerate(items) if item is walked[-1][0]), 0) if walked else 0
    for item in items[last_i + 1 :] if walked and not stopped else []:
        if isinstance(item, Trick) and walked[-1][3] is None:
            ctx.error(
                walked[-1][0],
                "trick-size",
                f"trick {len(walked)} has {len(walked[-1][2])} cards; each of the {seats} "
                "seats plays one",
            )
            break

    # The cards each seat plays, in order, with the trick number.
    played: dict[int, list[tuple[int, str]]] = {s: [] for s in range(1, seats + 1)}
    for number, (_, _, owners, _) in enumerate(walked, 1):
        for seat, card in owners:
            played[seat].append((number, card.code))
    known = {s: list(h) for s, h in setup.hands.items() if h is not None}
    inferred = {s for s in range(1, seats + 1) if s not in known}
    holder = {c: s for s, h in known.items() for c in h}

    def foreign(card: str, seat: int) -> bool:
        """True when `card` is known to lie elsewhere than with `seat`."""
        taken = setup.owners.get(card)
        return (
            holder.get(card, seat) != seat
            or (taken is not None and taken[0] != seat)
            or card in setup.elsewhere
        )

    # Inferred hands only trust the play up to the first card a seat cannot hold: after it
    # the written cards may belong to other seats (a wrong card changes who leads).
    first_bad = next(
        (
            n
            for n, (_, _, owners, _) in enumerate(walked, 1)
            if any(
                (s in known and c.code not in known[s]) or (s not in known and foreign(c.code, s))
                for s, c in owners
            )
        ),
        len(walked) + 1,
    )
    start = {
        s: list(known[s])
        if s in known
        else [c for n, c in played[s] if n < first_bad and not foreign(c, s)]
        for s in played
    }
    hands = {s: list(h) for s, h in start.items()}
    for s in range(1, seats + 1):
        # known hands, or (for the others) the cards the seat will play: shown in the steps
        ctx.state["hands"][s] = ctx.game.sort(hands[s]) if ctx.game else list(hands[s])
        ctx.state["taken"].setdefault(s, 0)

    # Pass 2: check each card.
    played_at = {card: n for s in played for n, card in played[s] if n < first_bad}
    lost = stop_after = False
    for number, (trick, leader, owners, winner) in enumerate(walked, 1):
        lost = lost or stop_after
        if not lost:
            strangers = [
                s
                for s, c in owners
                if c.code not in hands[s] and (s in known or holder.get(c.code, s) != s)
            ]
            stop_after = len(strangers) > 1
        table: list[str] = []
        ctx.state["trick"] = []
        last = number == setup.tricks
        for seat, node in owners:
            card = node.code
            hand = hands[seat]
            elsewhere = ""
            if seat not in known or card not in hand:
                owner = holder.get(card, seat)
                taken = setup.owners.get(card)
                if owner != seat:
                    elsewhere = f"it was dealt to seat {owner}"
                elif taken is not None and taken[0] != seat:
                    elsewhere = taken[1]
                else:
                    elsewhere = setup.elsewhere.get(card, "")
            if lost:
                if card in hand:
                    hand.remove(card)
            elif seat not in known and number >= first_bad and not elsewhere:
                pass  # past the first impossible card, an unknown hand is not checked
            elif card not in hand or (seat not in known and elsewhere):
                ctx.error(
                    node,
                    "card-not-held",
                    f"trick {number}: {_who(seat)} played {card} but "
                    + (f"{elsewhere}" if seat not in known else "does not hold it")
                    + (f" ({elsewhere})" if seat in known and elsewhere else ""),
                )
                if card in hand:
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
                    ctx.error(
                        node,
                        "illegal-card",
                        _why(
                            game,
                            seat,
                            card,
                            hand,
                            table,
                            legal,
                            rules,
                            trump,
                            number,
                            None if seat in known else played_at,
                        ),
                    )
                elif setup.check is not None:
                    message = setup.check(seat, card, list(table), number, hand)
                    if message:
                        ctx.error(node, "illegal-card", message)
                hand.remove(card)
            table.append(card)
            if ctx.want_steps:
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
        if winner is None:
            break
        result = TrickResult.model_construct(
            number=number, leader=leader, cards=[(s, c.code) for s, c in owners], winner=winner
        )
        ctx.tricks.append(result)
        ctx.state["taken"][winner] = ctx.state["taken"].get(winner, 0) + 1
        if setup.on_trick is not None:
            setup.on_trick(result)
        if ctx.want_steps:
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
