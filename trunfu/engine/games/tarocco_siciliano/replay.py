"""The referee of one Sicilian deal: declarations, talon and scarto, announcements, the
play and the score, with hands inferred from the play where the record leaves them out."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ....notation.models import Node, Record
from ...cards import SUITS, card_name, strengths, suit_of
from ...context import Context
from ...model import TrickResult
from ...play import PlaySetup, play_tricks
from .auction import CHIAMO, FORCED_CALL, OPEN, PRENDO, SOLO, THROWN_IN, declarations
from .rules import FOLLOW, KINGS, NEVER_DISCARDED, TRICKS, card_points
from .scoring import flat, score

POWER = strengths("tarocco-siciliano")
TRUMPS_HIGH_TO_LOW = [f"T{n}" for n in range(20, -1, -1)]


@dataclass
class Known:
    """What the record tells of the cards, given or inferred. The play is walked only when
    something asks for it (`played`, `complete`), after `leader` is set."""

    record: Record
    seats: int
    hands: dict[int, list[str]] = field(default_factory=dict)
    """Hands as dealt (15 or 20 cards), given in the record."""
    talon: list[str] | None = None
    scarto: list[str] | None = None
    scarto_given: bool = False
    leader: int = 0
    """The seat that leads the first trick (0 until the declarer is known)."""

    @cached_property
    def tricks(self) -> list[tuple[int, list[tuple[int, str]]]]:
        """The written tricks (see `walk`)."""
        assert self.leader, "the first leader is not known yet"
        return walk(self.record, self.seats, self.leader)

    @cached_property
    def played(self) -> dict[int, list[tuple[int, str]]]:
        """Seat → (trick number, card) for every card it plays."""
        played: dict[int, list[tuple[int, str]]] = {s: [] for s in range(1, self.seats + 1)}
        for number, (_, cards) in enumerate(self.tricks, 1):
            for seat, card in cards:
                played[seat].append((number, card))
        return played

    @cached_property
    def complete(self) -> bool:
        """True when the record holds every card of the play."""
        return sum(len(cards) for _, cards in self.tricks) == self.seats * TRICKS[self.seats]


def walk(record: Record, seats: int, leader: int) -> list[tuple[int, list[tuple[int, str]]]]:
    """The written tricks as (leader, [(seat, card)]), leaders found from the winners."""
    out = []
    if record.play is None:
        return out
    for trick in record.play.tricks:
        cards = [((leader - 1 + i) % seats + 1, c.code) for i, c in enumerate(trick.cards)]
        out.append((leader, cards))
        if len(cards) < seats:
            break
        leader = cards[FOLLOW.winner([c for _, c in cards])][0]
    return out


def replay(record: Record, ctx: Context) -> None:
    """Referee `record` (see the module docstring)."""
    seats = ctx.seats
    deck = ctx.game.order
    known = Known(record, seats)
    if record.deal is not None:
        for hand in record.deal.hands:
            codes, owner = [c.code for c in hand.cards], hand.owner
            if owner.isdigit():
                known.hands[int(owner)] = codes
            elif owner == "talon":
                known.talon = codes
    if known.talon is None and len(known.hands) == seats:
        dealt = {c for h in known.hands.values() for c in h}
        known.talon = [c for c in deck if c not in dealt]
    if ctx.want_steps:
        ctx.state["hands"] = {s: ctx.game.sort(known.hands.get(s, [])) for s in range(1, seats + 1)}
        ctx.state["talon"] = list(known.talon or [])
        ctx.step("deal", label=f"seat {ctx.dealer} deals; seat {ctx.eldest} is eldest")

    decl = declarations(ctx)
    if decl.end in (OPEN, THROWN_IN, PRENDO):
        _unplayed(record, ctx, decl)
        return
    declarer = decl.declarer
    if decl.end == FORCED_CALL:
        declarer = _holder_of_giove(record, ctx, known)
        if declarer is None:
            return
        if declarer == 0:  # Giove in the talon
            _unplayed(record, ctx, decl, giove_in_talon=True)
            return
    elif record.call is not None:
        ctx.error(
            record.call,
            "unexpected-call",
            "the `call` section is only for the holder of Giove (T20) when everybody passed",
        )
    assert declarer is not None
    ctx.state["declarer"] = declarer
    leader = known.leader = ctx.next_seat(declarer)
    if record.discard is not None:
        known.scarto, known.scarto_given = [c.code for c in record.discard.cards], True
    elif known.complete:
        played_set = {c for _, cards in known.tricks for _, c in cards}
        known.scarto = [c for c in deck if c not in played_set]

    if ctx.want_steps:
        _talon_steps(record, ctx, declarer, known)
    if decl.end == FORCED_CALL:
        called = record.call.cards[0].code if record.call and record.call.cards else None
        if called:
            ctx.step(
                "call",
                seat=declarer,
                text=called,
                node=record.call,
                label=f"seat {declarer} calls {called}",
            )
    else:
        called = decl.called.card.code if decl.called and decl.called.card else None
    scommessa, rivanto = _announcements(record, ctx, declarer)

    # The play.
    start: dict[int, list[str] | None] = {s: known.hands.get(s) for s in range(1, seats + 1)}
    if (
        declarer in known.hands
        and known.talon is not None
        and known.scarto is not None
        and len(known.scarto) == 3
    ):
        after = known.hands[declarer] + known.talon
        start[declarer] = [c for c in after if c not in known.scarto]
    else:
        start[declarer] = None
    partner = _partner(called, declarer, known, decl.end) if called else None
    side_of = {s: "declarer" if s in (declarer, partner) else "opponents" for s in start}
    taken: dict[str, list[str]] = {"declarer": [], "opponents": []}

    def on_trick(trick: TrickResult) -> None:  # for the steps only
        taken[side_of[trick.winner]] += [c for _, c in trick.cards]
        ctx.state["points"] = {side: card_points(cards) for side, cards in taken.items()}
        if called and any(c == called for _, c in trick.cards):
            ctx.state["partner_known"] = True

    elsewhere = {c: "it lies in the scarto" for c in (known.scarto or []) if known.scarto_given}
    result = play_tricks(
        ctx,
        PlaySetup(
            rules=FOLLOW,
            leader=leader,
            tricks=TRICKS[seats],
            hands=start,
            elsewhere=elsewhere,
            owners=_declarer_cards(declarer, known) if start[declarer] is None else {},
            on_trick=on_trick if ctx.want_steps else None,
        ),
    )
    after_talon = _after_talon(declarer, known, result.hands, start)

    # Checks that need the whole deal.
    _check_scarto(record, ctx, declarer, known, after_talon)
    if decl.end == CHIAMO and decl.called is not None and decl.called.card is not None:
        _check_chiamo(ctx, decl.called.card, declarer, known, after_talon)
    if decl.end == FORCED_CALL:
        _check_forced_call(record, ctx, declarer, after_talon, known)
    if scommessa is not None and after_talon is not None:
        missing = [c for c in ("T20", "EX") if c not in after_talon]
        if missing:
            ctx.error(
                scommessa,
                "illegal-announcement",
                f"seat {declarer} announces scommessa without holding "
                + " and ".join(card_name("tarocco-siciliano", c) for c in missing),
            )
    if rivanto is not None and partner is not None and rivanto.seat == partner:
        ctx.error(
            rivanto,
            "illegal-announcement",
            f"seat {partner} holds the called card {called}: as the caller's partner he may not "
            "announce rivanto (only an opponent may)",
        )

    if not result.complete or known.scarto is None or len(known.scarto) != 3:
        return
    solo = partner is None
    contract = (
        "stata"
        if decl.stata
        else "vado-solo"
        if decl.end == SOLO
        else "forced-solo"
        if solo
        else "chiamo"
        if decl.end == CHIAMO
        else "forced-call"
    )
    ctx.outcome = score(
        seats,
        contract,
        declarer,
        partner,
        decl.stata,
        result.tricks,
        known.scarto,
        scommessa is not None,
        rivanto.seat if rivanto is not None else None,
    )
    if ctx.want_steps:
        ctx.state["points"] = dict(ctx.outcome.breakdown["card_points"])
        ctx.state["partner_known"] = True
        ctx.step("end", label=f"{contract}: result {ctx.outcome.result}")


def _talon_steps(record: Record, ctx: Context, declarer: int, known: Known) -> None:
    """The steps of the declarer taking the talon and discarding the scarto."""
    talon_step = (
        f"seat {declarer} takes the talon: {' '.join(known.talon)}"
        if known.talon
        else f"seat {declarer} takes the talon"
    )
    if known.talon and declarer in ctx.state["hands"] and declarer in known.hands:
        ctx.state["hands"][declarer] = ctx.game.sort(ctx.state["hands"][declarer] + known.talon)
    ctx.state["talon"] = []
    ctx.step("talon", seat=declarer, text="talon", label=talon_step)
    if known.scarto is not None:
        ctx.state["discard"] = list(known.scarto)
        if declarer in known.hands:
            ctx.state["hands"][declarer] = [
                c for c in ctx.state["hands"][declarer] if c not in known.scarto
            ]
        ctx.step(
            "discard",
            seat=declarer,
            text=" ".join(known.scarto),
            node=record.discard,
            label=f"seat {declarer} discards {' '.join(known.scarto)}"
            + ("" if known.scarto_given else " (inferred: the cards never played)"),
        )


def _declarer_cards(declarer: int, known: Known) -> dict[str, tuple[int, str]]:
    """Cards known to be the declarer's though his hand at the start of play is not: his
    dealt hand (when given) and the talon (when given), less the scarto."""
    scarto = set(known.scarto or [])
    owners = {
        c: (declarer, f"it was in the talon, taken by seat {declarer}")
        for c in known.talon or []
        if c not in scarto
    }
    for c in known.hands.get(declarer, []):
        if c not in scarto:
            owners[c] = (declarer, f"it was dealt to seat {declarer}")
    return owners


def _unplayed(record: Record, ctx: Context, decl, giove_in_talon: bool = False) -> None:
    """A deal whose declarations did not lead to play (or are not over)."""
    if decl.end == OPEN:
        why = "the declarations are not over"
    elif decl.end == PRENDO:
        why = f"the deal ended with seat {decl.declarer}'s prendo"
    elif giove_in_talon:
        why = "everybody passed and Giove (T20) lies in the talon: the deal is thrown in"
    else:
        why = "the deal was thrown in"
    for section in (record.call, record.discard, record.announce, record.play):
        if section is not None and (section is not record.play or record.play.items):
            ctx.error(section, "not-played", f"{why}: there is no `{section.keyword}`")
            break
    if decl.end == OPEN:
        return
    if decl.end == PRENDO:
        ctx.outcome = flat(ctx.seats, "prendo", decl.payments, declarer=decl.declarer)
    else:
        ctx.outcome = flat(ctx.seats, "thrown-in")
    ctx.step("end", label=f"{why}: result {ctx.outcome.result}")


def _holder_of_giove(record: Record, ctx: Context, known: Known) -> int | None:
    """The seat that must call after everybody passed; 0 when Giove lies in the talon; None
    when the record does not tell (reported when the deal goes on)."""
    for seat, hand in known.hands.items():
        if "T20" in hand:
            return seat
    if known.talon is not None and "T20" in known.talon:
        return 0
    candidates = _giove_candidates(record, ctx, known)
    if len(candidates) == 1:
        return candidates[0]
    if record.play is not None and record.play.items:
        ctx.error(
            record.play,
            "unknown-caller",
            "everybody passed, so the holder of Giove (T20) must call, but the record does "
            "not show who holds it (give his hand, or the other hands)",
        )
    return None


def _giove_candidates(record: Record, ctx: Context, known: Known) -> list[int]:
    """Seats that may have held Giove when no hand says so. The play alone cannot tell (the
    seats of a play without hands are only known relative to its first leader, the seat
    after the caller): any seat whose hand is not given may be the one; a scommessa, which
    only the declarer announces, names him."""
    seats = ctx.seats
    fits = [s for s in range(1, seats + 1) if s not in known.hands]
    if len(fits) > 1 and record.announce is not None:
        bettor = [a.seat for a in record.announce.items if a.word == "scommessa"]
        if bettor and bettor[0] in fits:
            return bettor[:1]
    if len(fits) > 1 and record.play is not None and record.play.tricks:
        fits = [s for s in fits if _plays_giove(record, ctx, s)]
    return fits


def _plays_giove(record: Record, ctx: Context, seat: int) -> bool:
    """True when, with the seat after `seat` leading, the play gives T20 to `seat`."""
    tricks = walk(record, ctx.seats, ctx.next_seat(seat))
    return next((s for _, cards in tricks for s, c in cards if c == "T20"), None) == seat


def _announcements(record: Record, ctx: Context, declarer: int):
    """Check who announces what; the scommessa and rivanto items (or None)."""
    scommessa = rivanto = None
    if record.announce is None:
        return None, None
    for item in record.announce.items:
        if item.word == "scommessa":
            if item.seat != declarer:
                ctx.error(
                    item,
                    "illegal-announcement",
                    f"only the declarer (seat {declarer}) may announce scommessa, not seat "
                    f"{item.seat}",
                )
            elif scommessa is not None:
                ctx.error(item, "illegal-announcement", "scommessa is announced once")
            else:
                scommessa = item
        elif item.word == "rivanto":
            if item.seat == declarer:
                ctx.error(
                    item,
                    "illegal-announcement",
                    f"seat {declarer} is the declarer: only an opponent may announce rivanto",
                )
            elif rivanto is not None:
                ctx.error(
                    item,
                    "illegal-announcement",
                    f"seat {rivanto.seat} already announced rivanto: one opponent announces it",
                )
            else:
                rivanto = item
        else:
            ctx.error(item, "illegal-announcement", f"`{item.word}` is not announced in this game")
        if item.cards:
            ctx.error(item.cards[0], "illegal-announcement", f"`{item.word}` shows no cards")
        ctx.step(
            "announce",
            seat=item.seat,
            text=item.word,
            node=item,
            label=f"seat {item.seat}: {item.word}",
        )
    return scommessa, rivanto


def _partner(called: str, declarer: int, known: Known, end: str) -> int | None:
    """The holder of the called card (None: a forced solo, the card being in the talon)."""
    for seat, hand in known.hands.items():
        if called in hand:
            return seat if seat != declarer else None
    if known.talon is not None and called in known.talon:
        return None
    for seat, cards in known.played.items():
        if any(c == called for _, c in cards):
            return seat if seat != declarer else None
    return None


def _after_talon(declarer, known: Known, hands: dict[int, list[str]], start) -> list[str] | None:
    """The declarer's cards after taking the talon, before the scarto (when known)."""
    if declarer in known.hands and known.talon is not None:
        return known.hands[declarer] + known.talon
    if known.complete and known.scarto is not None:
        return hands[declarer] + known.scarto
    return None


def _scarto_node(record: Record, card: str) -> Node | None:
    if record.discard is not None:
        for c in record.discard.cards:
            if c.code == card:
                return c
        return record.discard
    return record.play


def _check_scarto(record, ctx: Context, declarer: int, known: Known, after) -> None:
    scarto = known.scarto
    if scarto is None:
        return
    inferred = "" if known.scarto_given else " (the scarto is inferred: the cards never played)"
    if len(scarto) != 3:
        ctx.error(record.discard, "scarto-size", f"the scarto is 3 cards, not {len(scarto)}")
        return
    if after is not None and known.scarto_given:
        for card in scarto:
            if card not in after:
                ctx.error(
                    _scarto_node(record, card),
                    "scarto-not-held",
                    f"seat {declarer} discards {card} but holds it neither in his hand nor in "
                    "the talon",
                )
    plain = [c for c in (after or []) if SUITS[c] not in ("T", "EX") and c not in KINGS]
    trumps_allowed = 3 - len(plain) if after is not None else 0
    for card in scarto:
        if card in KINGS:
            ctx.error(
                _scarto_node(record, card),
                "illegal-scarto",
                f"the scarto may hold no king: {card}{inferred}",
            )
        elif card in NEVER_DISCARDED:
            ctx.error(
                _scarto_node(record, card),
                "illegal-scarto",
                f"{card_name('tarocco-siciliano', card)} may never be discarded{inferred}",
            )
        elif suit_of(card) == "T":
            if trumps_allowed <= 0:
                ctx.error(
                    _scarto_node(record, card),
                    "illegal-scarto",
                    f"the scarto may hold a trump ({card}) only when the hand has too few "
                    f"other cards to discard{inferred}",
                )
            trumps_allowed -= 1


def _highest_missing(cards: list[str]) -> str | None:
    held = set(cards)
    return next((t for t in TRUMPS_HIGH_TO_LOW if t not in held), None)


def _check_chiamo(ctx: Context, card_node, declarer: int, known: Known, after) -> None:
    called = card_node.code
    if suit_of(called) != "T":
        ctx.error(
            card_node, "wrong-call", f"seat {declarer} calls {called}: only a trump is called"
        )
        return
    dealt = known.hands.get(declarer)
    if dealt is None and after is not None and known.talon is not None:
        dealt = [c for c in after if c not in known.talon]
    if dealt is not None:
        expected = _highest_missing(dealt)
        if called != expected:
            reason = (
                f"he holds {called}"
                if called in dealt
                else f"he does not hold {expected}, a higher trump, either"
            )
            ctx.error(
                card_node,
                "wrong-call",
                f"seat {declarer} calls {called} but {reason}: he must call the highest trump "
                f"he does not hold, {expected}",
            )
        return
    # Partial knowledge: a higher trump seen elsewhere proves the call wrong.
    for seat, cards in known.played.items():
        if seat == declarer:
            continue
        for number, card in cards:
            if suit_of(card) == "T" and POWER[card] > POWER[called]:
                ctx.error(
                    card_node,
                    "wrong-call",
                    f"seat {declarer} calls {called} but did not hold {card} (seat {seat} played "
                    f"it in trick {number}): he must call the highest trump he does not hold",
                )
                return


def _check_forced_call(record, ctx: Context, declarer: int, after, known: Known) -> None:
    call = record.call
    if call is None or not call.cards:
        if record.play is not None and record.play.items:
            ctx.error(
                call or record.play,
                "missing-call",
                f"everybody passed: seat {declarer}, who holds Giove (T20), must take the talon, "
                "discard and call a card (`call` section)",
            )
        return
    if len(call.cards) > 1:
        ctx.error(call.cards[1], "wrong-call", "the holder of Giove calls one card")
    node = call.cards[0]
    if after is None:
        return
    expected = _highest_missing(after)
    if node.code != expected:
        ctx.error(
            node,
            "wrong-call",
            f"seat {declarer} calls {node.code}: with the talon he must call the highest trump "
            f"he does not hold, {expected}",
        )
