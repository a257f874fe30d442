"""Referee one deal of the Game of Tarot: the dealer's discard, the ask and its exchange,
the declarations, the play with the Fool, the trick scores and the result (rules:
waite-tarot.md)."""

from __future__ import annotations

from ....notation.models import Record
from ...context import Context
from ...model import Outcome, TrickResult, trusted, untyped
from ...play import PlaySetup, play_tricks
from ...scoring import format_result
from ...tricks import ExcuseLead, TrickRules
from .declarations import ASK_POINTS, TAROTS, announced, declarations
from .scoring import difference_result, tally

GAME = "waite-tarot"
RULES = TrickRules(
    game=GAME, must_follow=True, must_trump=False, excuse=True, excuse_lead=ExcuseLead.ALWAYS
)
"""Follow suit if able; when void, trump or discard at will; the Fool anywhere."""
TRICKS = 25
DISCARD = 3


def replay(record: Record, ctx: Context) -> None:
    """Referee and score one deal."""
    seats, dealer = ctx.seats, ctx.dealer
    hands: dict[int, list[str] | None] = dict.fromkeys(range(1, seats + 1))
    talon: list[str] | None = None
    dead: list[str] = []
    for hand in record.deal.hands if record.deal else []:
        cards, owner = [c.code for c in hand.cards], hand.owner
        if owner == "talon":
            talon = cards
        elif owner == "dead":
            dead = cards
        elif owner.isdigit() and int(owner) in hands:
            hands[int(owner)] = cards
    steps = ctx.want_steps  # the state below is only shown in steps
    if steps:
        ctx.state["hands"] = {s: list(h) for s, h in hands.items() if h is not None}
        ctx.state["talon"] = list(talon or [])
        ctx.step("deal", label="three hands of 25 are dealt, five at a time; 3 cards are left over")
    discard = _discard(record, ctx, hands, talon)
    if discard is None:
        return
    asks = _exchanges(record, ctx, hands)
    if asks is None:
        return
    _declaration_steps(record, ctx, hands, asks)
    elsewhere = {c: "in the dealer's discard" for c in discard}
    elsewhere.update({c: "in the dead hand" for c in dead})
    leader = ctx.next_seat(dealer)
    if steps:
        ctx.state["points"] = {str(s): 0.0 for s in range(1, seats + 1)}

    def on_trick(trick: TrickResult) -> None:  # for the steps only
        points, _ = tally(ctx.tricks, seats)
        ctx.state["points"] = {str(s): float(p) for s, p in points.items()}

    faults = len(ctx.diagnostics)
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=RULES,
            leader=leader,
            tricks=TRICKS,
            hands=hands,
            elsewhere=elsewhere,
            on_trick=on_trick if steps else None,
        ),
    )
    known = {s: h for s, h in result.hands.items() if s not in result.inferred or result.complete}
    decl = _declarations(record, ctx, known, asks)
    if ctx.failed or faults or not result.complete:
        return
    trick_points, kings = tally(ctx.tricks, seats)
    decl_points = {s: sum(d["points"] for d in decl[s]) for s in decl}
    totals = [decl_points[s] + trick_points[s] for s in range(1, seats + 1)]
    scores = difference_result(totals)
    best = max(range(1, seats + 1), key=lambda s: totals[s - 1])
    winners = [t.winner for t in ctx.tricks]  # read once: a model's field is slow to read
    ctx.outcome = trusted(
        Outcome,
        scores=[float(x) for x in scores],
        result=format_result(scores),
        contract=None,
        declarer=None,
        partners=[],
        won=None,
        thrown_in=False,
        **untyped(),
        breakdown={
            "declarations": {str(s): decl[s] for s in decl},
            "declaration_points": {str(s): decl_points[s] for s in decl_points},
            "tricks": {str(s): trick_points[s] for s in trick_points},
            "kings_trumped": {str(s): kings[s] for s in kings},
            "tricks_won": {str(s): winners.count(s) for s in trick_points},
            "totals": {str(s): totals[s - 1] for s in range(1, seats + 1)},
            "card_points": {str(s): trick_points[s] for s in trick_points},
            "discard": ctx.game.sort(discard),
            "best": best if scores[best - 1] else None,
        },
    )
    if steps:
        ctx.step("end", label=f"the deal ends: {ctx.outcome.result}")


def _discard(
    record: Record, ctx: Context, hands: dict[int, list[str] | None], talon: list[str] | None
) -> list[str] | None:
    """The dealer takes the 3 left-over cards and discards 3: his hand is updated in place.
    The discard may be left out when the play shows it (the cards he dealt himself and did
    not play). None when the deal cannot go on."""
    dealer = ctx.dealer
    given = [c.code for c in record.discard.cards] if record.discard else None
    hand = hands[dealer]
    if given is not None and len(given) != DISCARD:
        ctx.error(
            record.discard, "discard-size", f"the dealer discards {DISCARD} cards, not {len(given)}"
        )
        return None
    if hand is None or talon is None:
        hands[dealer] = None  # without the left-over cards his hand is known from the play
        return given or []
    pool = hand + talon
    if given is None:
        if record.play is None:
            return []
        played = {c.code for t in record.play.tricks for c in t.cards}
        given = [c for c in pool if c not in played]
        if len(given) != DISCARD:
            hands[dealer] = None  # let the play show what is wrong
            return given
    for card in record.discard.cards if record.discard else []:
        if card.code not in pool:
            ctx.error(
                card,
                "discard-not-held",
                f"the dealer (seat {dealer}) discards {card.code}, which is neither in his hand "
                "nor among the 3 left-over cards",
            )
            return None
    hands[dealer] = [c for c in pool if c not in given]
    if ctx.want_steps:
        ctx.state["hands"][dealer] = list(hands[dealer])
        ctx.state["talon"] = []
        ctx.state["discard"] = list(given)
        ctx.step(
            "discard",
            seat=dealer,
            text=" ".join(given),
            node=record.discard,
            label=f"the dealer, seat {dealer}, takes the 3 left-over cards and discards 3",
        )
    return given


def _tarots(hand: list[str]) -> int:
    return sum(c in TAROTS for c in hand)


def _exchanges(record: Record, ctx: Context, hands: dict[int, list[str] | None]) -> dict | None:
    """The asks (`announce N: ask`) and the exchanges that answer them. Returns asker →
    whether the ask was answered (the hands are updated in place)."""
    asks: dict[int, bool] = {}
    for item in record.announce.items if record.announce else []:
        if item.word != "ask":
            continue
        hand = hands.get(item.seat)
        if hand is not None and _tarots(hand) % 3 != 2:
            ctx.error(
                item,
                "bad-ask",
                f"seat {item.seat} asks for a third Tarot but holds {_tarots(hand)}: a seat "
                "asks when two (or five) Tarots make one short of a three",
            )
            return None
        asks[item.seat] = False
    owed: dict[tuple[int, int], int] = {}
    items = record.exchange.items if record.exchange else []
    answers = [ex for ex in items if ex.card.code in TAROTS]  # the Tarots first, then
    for ex in answers + [ex for ex in items if ex.card.code not in TAROTS]:  # the returns
        card = ex.card.code
        giver, receiver = hands.get(ex.giver), hands.get(ex.receiver)
        if card in TAROTS:
            if ex.receiver not in asks or asks[ex.receiver]:
                ctx.error(
                    ex,
                    "bad-exchange",
                    f"seat {ex.giver} hands {card} to seat {ex.receiver}, who "
                    + ("did not ask for a Tarot" if ex.receiver not in asks else "already has one"),
                )
                return None
            asks[ex.receiver] = True
            owed[ex.receiver, ex.giver] = 1
        elif not owed.get((ex.giver, ex.receiver)):
            ctx.error(
                ex,
                "bad-exchange",
                f"seat {ex.giver} hands {card} to seat {ex.receiver}, but only a seat whose ask "
                "was answered gives a small card back, to the seat that answered",
            )
            return None
        else:
            owed[ex.giver, ex.receiver] = 0
        if giver is not None and card not in giver:
            ctx.error(
                ex, "card-not-held", f"seat {ex.giver} hands over {card} but does not hold it"
            )
            return None
        if giver is not None:
            giver.remove(card)
        if receiver is not None:
            receiver.append(card)
        if ctx.want_steps:
            ctx.state["hands"] = {s: list(h) for s, h in hands.items() if h is not None}
            ctx.step(
                "exchange",
                seat=ex.giver,
                text=f"{ex.giver}>{ex.receiver}: {card}",
                node=ex,
                label=f"seat {ex.giver} hands {card} to seat {ex.receiver}",
            )
    for (asker, giver), due in owed.items():
        if due:
            ctx.error(
                record.exchange,
                "bad-exchange",
                f"seat {asker} received a Tarot from seat {giver} and gives a small card back "
                f"(`{asker}>{giver}: CARD`)",
            )
            return None
    for asker, answered in asks.items():
        if answered:
            continue
        for seat, hand in hands.items():
            if seat != asker and hand is not None and _tarots(hand):
                shown = next(c for c in hand if c in TAROTS)
                ctx.error(
                    record.announce,
                    "ask-unanswered",
                    f"seat {asker} asks for a third Tarot and seat {seat} holds {shown}: it must "
                    f"hand it over (`exchange` `{seat}>{asker}: {shown}`)",
                )
                return None
    return asks


def _declaration_steps(
    record: Record, ctx: Context, hands: dict[int, list[str] | None], asks: dict[int, bool]
) -> None:
    """Before the play: what each seat declares — from its hand when known, else what it
    announced."""
    if not ctx.want_steps:
        return
    items = record.announce.items if record.announce else []
    for seat in range(1, ctx.seats + 1):
        said = [i for i in items if i.seat == seat]
        ask = any(i.word == "ask" for i in said)
        extra = f"asks for a third Tarot ({'answered' if asks.get(seat) else '5 points'})"
        hand = hands.get(seat)
        if hand is not None:
            found = [f"{d.kind} {d.points}" for d in declarations(hand)]
            text = ", ".join(found + ([extra] if ask else [])) or "nothing to declare"
            ctx.step("announce", seat=seat, text=text, label=f"seat {seat}: {text}")
            continue
        for item in said:
            cards = " ".join(c.code for c in item.cards)
            value, _ = announced(item.word, [c.code for c in item.cards])
            label = extra if item.word == "ask" else f"shows {item.word} {cards}: {value} points"
            ctx.step(
                "announce",
                seat=seat,
                text=f"{item.word} {cards}".strip(),
                node=item,
                label=f"seat {seat} {label}",
            )


def _declarations(
    record: Record, ctx: Context, known: dict[int, list[str]], asks: dict[int, bool]
) -> dict[int, list[dict]]:
    """Each seat's declarations: every combination of its hand when the hand is known
    (announcements are then checked against it), else what it announced."""
    out: dict[int, list[dict]] = {s: [] for s in range(1, ctx.seats + 1)}
    for item in record.announce.items if record.announce else []:
        cards = [c.code for c in item.cards]
        value, problem = announced(item.word, cards)
        hand = known.get(item.seat)
        if problem is None and hand is not None:
            missing = [c for c in cards if c not in hand]
            if missing:
                problem = f"seat {item.seat} shows {' '.join(missing)} but does not hold it"
        if problem:
            ctx.error(item, "bad-announcement", problem)
            continue
        if item.word == "ask":
            if not asks.get(item.seat):
                out[item.seat].append({"kind": "ask", "cards": [], "points": ASK_POINTS})
            continue
        if hand is None:
            out[item.seat].append({"kind": item.word, "cards": cards, "points": value})
    for seat, hand in known.items():
        out[seat] += [d.as_json() for d in declarations(hand)]
    return out
