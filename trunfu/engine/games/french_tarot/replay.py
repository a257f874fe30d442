"""French tarot on the engine: the deal, the auction, the call, the chien and écart, the
announcements, the play and the score, in the order the rules give. Each phase is a
function of the `Table` (what is known so far); each reports its faults to the context."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....notation.models import Node, Record
from ...cards import card_name, suit_of
from ...context import Context
from ...model import Outcome, TrickResult, trusted, untyped
from ...play import PlayResult, PlaySetup, WinnerRule, play_tricks
from ...scoring import format_result
from ...tricks import Overtrump, TrickRules
from . import piles
from .announce import check_chelem, check_poignee
from .auction import Fault, petit_sec, run_auction, speaker
from .calls import check_call, partners
from .ecart import check_ecart, forced_trumps
from .rules import DECK, EXCUSE, GAME, PASS, called_cards, chien_size, hand_size
from .scoring import Tally, score

FOLLOW = TrickRules(game=GAME, overtrump=Overtrump.IN_TRICK)
"""Follow suit; void: trump; always beat a trump already in the trick; the Excuse anywhere."""

ASIDE = {"prise": "taker", "garde": "taker", "garde-sans": "taker", "garde-contre": "defence"}
"""Who counts the cards put aside: the écart (prise, garde) or the chien (sans, contre)."""


def variant_of(ctx: Context) -> str:
    """The Variant tag, or the default: `fft` for 3–5 seats, `classic` for 6."""
    return ctx.tag("Variant") or ("classic" if ctx.seats == 6 else "fft")


@dataclass
class Table:
    """What the replay knows of the deal so far."""

    record: Record
    ctx: Context
    variant: str
    dealt: dict[int, list[str] | None]
    """Each seat's hand as dealt (None: not given)."""
    chien: list[str] | None
    taker: int = 0
    contract: str = ""
    called: list[str] = field(default_factory=list)
    ecart: list[str] | None = None
    chelem: bool = False

    @property
    def seats(self) -> int:
        return self.ctx.seats

    @property
    def takes_chien(self) -> bool:
        return self.contract in ("prise", "garde")

    def later_sections(self) -> list[Node]:
        r = self.record
        return [s for s in (r.call, r.discard, r.announce, r.play) if s is not None]


def _report(ctx: Context, faults: list[Fault] | tuple[Fault, ...], nodes: list, fallback) -> None:
    """Report `faults` at the node their index names (else at `fallback`)."""
    for fault in faults:
        node = nodes[fault.index] if 0 <= fault.index < len(nodes) else fallback
        ctx.error(node, fault.code, fault.message)


def replay(record: Record, ctx: Context) -> None:
    """Apply the French tarot rules to `record`."""
    table = _deal(record, ctx)
    if table is None or not _auction(table):
        return
    _call(table)
    _chien(table)
    _announcements(table)
    result = _play(table)
    _check_poignees(table, result)
    if result.complete:
        played = _played_by(result.tricks)
        unplayed = _ecart_after_play(table, result, played)
        if not ctx.failed:
            _score(table, unplayed, played)


def _deal(record: Record, ctx: Context) -> Table | None:
    """The hands and the chien; None when the deal ends here (wrong variant, petit sec)."""
    variant = variant_of(ctx)
    ctx.variant = variant
    if ctx.seats == 6 and variant == "fft":
        tag = ctx.tags["Variant"]
        ctx.error(
            (tag.value_line, tag.value_column),
            "variant-seats",
            "the fft rules are for 3, 4 and 5 seats; 6 seats play the classic rules",
        )
        return None
    dealt: dict[int, list[str] | None] = {s: None for s in range(1, ctx.seats + 1)}
    chien: list[str] | None = None
    for hand in record.deal.hands if record.deal else []:
        codes, owner = [c.code for c in hand.cards], hand.owner
        if owner == "talon":
            chien = codes
        elif owner.isdigit():
            dealt[int(owner)] = codes
    if ctx.want_steps:
        for seat, cards in dealt.items():
            ctx.state["hands"][seat] = list(cards or [])
        ctx.state["talon"] = list(chien or [])
        ctx.step(
            "deal",
            label=f"the deal: {hand_size(ctx.seats)} cards each, {chien_size(ctx.seats)} in the chien",
        )
    table = Table(record, ctx, variant, dealt, chien)
    if variant == "fft":
        sec = [s for s, h in dealt.items() if h is not None and petit_sec(h)]
        if sec:
            _petit_sec(table, sec[0])
            return None
    return table


def _petit_sec(table: Table, seat: int) -> None:
    """Seat `seat` holds the Petit sec: the deal is thrown in (fft)."""
    record = table.record
    rounds = record.auction.rounds if record.auction else []
    bids: list[Node] = [c for r in rounds for c in r if c.word != PASS]
    for node in [*bids, *table.later_sections()][:1]:
        table.ctx.error(
            node,
            "petit-sec",
            f"seat {seat} holds the Petit sec (T1 and no other trump nor the Excuse): "
            "he shows it and the deal is thrown in",
        )
    _thrown_in(table.ctx)
    table.ctx.step("end", seat=seat, label=f"seat {seat} shows the Petit sec: thrown in")


def _thrown_in(ctx: Context) -> None:
    scores = [0.0] * ctx.seats
    ctx.outcome = trusted(
        Outcome,
        scores=scores,
        result=format_result(scores),
        contract=None,
        declarer=None,
        partners=[],
        won=None,
        thrown_in=True,
        **untyped(),
        breakdown={"thrown_in": True},
    )


def _auction(table: Table) -> bool:
    """The bids; True when a contract was reached and the deal goes on."""
    record, ctx, seats = table.record, table.ctx, table.seats
    bids = record.auction  # a model's fields are read once each (a read costs a call)
    calls = [c for round_ in (bids.rounds if bids else []) for c in round_]
    for separator in bids.separators if bids else []:
        ctx.error(separator, "one-round", "french-tarot has a single round of bids: no `/`")
    eldest = ctx.eldest
    auction = run_auction([c.word for c in calls], eldest, seats)
    _report(ctx, auction.faults, calls, bids)
    for i, call in enumerate(calls):
        seat, label = speaker(i, eldest, seats), call.label
        if label is not None and label != seat:
            ctx.error(call, "out-of-turn", f"call {i + 1} is seat {seat}'s, not seat {label}'s")
        if ctx.want_steps:
            label = f"seat {seat}: {call.word}"
            ctx.step("call", seat=seat, text=call.word, node=call, label=label)
    later = table.later_sections()
    if not auction.complete:
        if later:
            ctx.error(
                bids or later[0],
                "auction-incomplete",
                f"the auction has {len(calls)} calls: each of the {seats} seats speaks once "
                "before the play",
            )
        return False
    if auction.taker is None or auction.contract is None:
        for section in later:
            ctx.error(section, "thrown-in", "everybody passed: the deal is thrown in")
        _thrown_in(ctx)
        return False
    table.taker, table.contract = auction.taker, auction.contract
    ctx.state["declarer"] = table.taker
    return True


def _call(table: Table) -> None:
    """The king (5 seats) or king and queen (6 seats) called."""
    record, ctx, taker = table.record, table.ctx, table.taker
    if record.call is not None:
        table.called = [c.code for c in record.call.cards]
        faults = check_call(table.called, table.dealt[taker], table.seats, taker)
        _report(ctx, faults, record.call.cards, record.call)
        if ctx.want_steps:
            names = ", ".join(card_name(GAME, c) for c in table.called)
            ctx.step(
                "call",
                seat=taker,
                text="call " + " ".join(table.called),
                node=record.call,
                label=f"seat {taker} calls {names}",
            )
    elif called_cards(table.seats) and (record.play is not None or record.discard is not None):
        ctx.error(
            record.auction,
            "call-missing",
            f"with {table.seats} seats the taker calls a partner (`call KH`) before the play",
        )


def _chien(table: Table) -> None:
    """The chien taken and the écart made (prise, garde), or left aside (sans, contre)."""
    record, ctx, taker = table.record, table.ctx, table.taker
    hand, chien = table.dealt[taker], table.chien
    if record.discard is not None:
        if not table.takes_chien:
            ctx.error(
                record.discard,
                "no-ecart",
                f"in a {table.contract} the taker makes no écart: the chien stays aside",
            )
        else:
            table.ecart = [c.code for c in record.discard.cards]
    if not table.takes_chien:
        return
    steps = ctx.want_steps  # the state below is only shown in steps
    if chien is not None and steps:
        if hand is not None:
            ctx.state["hands"][taker] = hand + chien
        ctx.state["talon"] = []
        ctx.step("talon", seat=taker, text="chien", label=f"seat {taker} takes the chien")
    if table.ecart is None:
        return
    if hand is not None and chien is not None:
        full = hand + chien
        faults = check_ecart(full, table.ecart, chien_size(table.seats), taker)
        _report(ctx, faults, record.discard.cards, record.discard)
        if steps:
            ctx.state["hands"][taker] = [c for c in full if c not in table.ecart]
    if steps:
        ctx.state["discard"] = list(table.ecart)
        ctx.step(
            "discard",
            seat=taker,
            text="discard",
            node=record.discard,
            label=f"seat {taker}'s écart",
        )


def _announcements(table: Table) -> None:
    """The chelem (it decides who leads); poignées are checked after the play."""
    ctx = table.ctx
    items = table.record.announce.items if table.record.announce else []
    for item in items:
        if item.word == "chelem":
            faults = check_chelem(item.seat, table.taker, table.variant)
            if table.chelem:
                faults.append(Fault(-1, "chelem-twice", "the chelem is announced twice"))
            _report(ctx, faults, [], item)
            table.chelem = table.chelem or not faults
    for item in items if ctx.want_steps else []:
        shown = " ".join(c.code for c in item.cards)
        what = (
            f"shows a poignée of {len(item.cards)}: {shown}"
            if item.word == "poignee"
            else "announces the chelem"
        )
        ctx.step(
            "announce",
            seat=item.seat,
            text=f"{item.word} {shown}".strip(),
            node=item,
            label=f"seat {item.seat} {what}",
        )


def _play(table: Table) -> PlayResult:
    """The tricks, through the engine's play replayer."""
    ctx, taker, called = table.ctx, table.taker, table.called
    hands = dict(table.dealt)  # the play replayer copies the hands it is given
    elsewhere: dict[str, str] = {}
    if table.takes_chien:
        hand, chien, ecart = table.dealt[taker], table.chien, table.ecart
        if hand is not None and chien is not None and ecart is not None:
            hands[taker] = [c for c in hand + chien if c not in ecart]
        else:
            hands[taker] = None  # inferred from the play; the écart is checked afterwards
        for card in ecart or []:
            elsewhere[card] = "it is in the écart"
    else:
        for card in table.chien or []:
            elsewhere[card] = f"it is in the chien, which nobody takes in a {table.contract}"
    called_suits = {suit_of(c) for c in called}
    known: list[int] = []

    def first_lead(
        seat: int, card: str, trick: list[str], number: int, hand: list[str]
    ) -> str | None:
        """The first lead may be in a called suit only with the called card (or when the
        leader holds nothing else)."""
        if number != 1 or trick or card in called or suit_of(card) not in called_suits:
            return None
        if any(suit_of(c) not in called_suits for c in hand):
            return (
                f"trick 1: seat {seat} leads {card} in a called suit: the first lead may be "
                "in a called suit only with the called card"
            )
        return None

    def on_trick(trick: TrickResult) -> None:  # for the steps only
        for seat, card in trick.cards:
            if card in called and seat != taker and seat not in known:
                known.append(seat)
                ctx.state["partner_known"] = True
        side = _side(taker, known)
        ctx.state["points"] = piles.count(
            ctx.tricks, side, total=hand_size(table.seats), aside=[], aside_side=None
        ).points

    return play_tricks(
        ctx,
        PlaySetup(
            rules=FOLLOW,
            leader=taker if table.chelem else ctx.eldest,
            tricks=hand_size(table.seats),
            hands=hands,
            elsewhere=elsewhere,
            check=first_lead if called else None,
            check_until=1,
            on_trick=on_trick if ctx.want_steps else None,
            winner=_excuse_wins_slam(table) if table.variant == "fft" else None,
            winner_at=hand_size(table.seats),  # the slam's last trick
        ),
    )


def _excuse_wins_slam(table: Table) -> WinnerRule:
    """fft: the Excuse played to the last trick by a side that took every earlier trick
    wins that trick (the sides known from who played the called cards)."""
    total = hand_size(table.seats)

    def winner(trick: TrickResult, before: list[TrickResult]) -> int:
        if len(before) + 1 != total or all(card != EXCUSE for _, card in trick.cards):
            return trick.winner
        tricks = [*before, trick]
        side = _side(table.taker, _partners(table, _played_by(tricks)))
        seat = piles.excuse_wins_last(tricks, side)
        return trick.winner if seat is None else seat

    return winner


def _ecart_after_play(table: Table, result: PlayResult, played: dict[str, int]) -> list[str]:
    """The cards nobody played (`played`: card → seat, as `_played_by` finds it) lie in the
    écart or the chien; an écart left out of the record is inferred from them, and an écart
    not checked before the play is checked now."""
    unplayed = [c for c in DECK.order if c not in played]
    if not table.takes_chien:
        return unplayed
    record, taker = table.record, table.taker
    given = table.ecart is not None
    hand, chien = table.dealt[taker], table.chien
    if given and hand is not None and chien is not None:
        return unplayed  # checked before the play
    ecart = table.ecart if given else unplayed
    if not given:
        table.ctx.state["discard"] = list(ecart)
    if hand is not None and chien is not None:
        full = hand + chien
    else:
        full = [c for t in result.tricks for s, c in t.cards if s == taker] + ecart
    faults = check_ecart(full, ecart, chien_size(table.seats), taker)
    nodes = record.discard.cards if given else []
    _report(table.ctx, faults, nodes, record.discard or record.play)
    return unplayed


def _played_by(tricks: list[TrickResult]) -> dict[str, int]:
    """Card → the seat that played it in `tricks` (of a card written twice, the last)."""
    return {card: seat for t in tricks for seat, card in t.cards}


def _partners(table: Table, played: dict[str, int]) -> list[int]:
    """The taker's partners: the seats that played the called cards (`played`: card →
    seat, from `_played_by`)."""
    if not table.called:
        return []
    return partners(table.called, {c: played.get(c) for c in table.called}, table.taker)


def _side(taker: int, partners_: list[int]):
    return lambda seat: "taker" if seat == taker or seat in partners_ else "defence"


def _taker_ecart(table: Table, play: PlayResult) -> tuple[list[str], list[str]]:
    """The taker's écart (written, or the cards nobody played in a complete play) and the
    trumps in it he was forced to put aside; empty when there is no écart or it is unknown."""
    if not table.takes_chien:
        return [], []
    ecart = table.ecart
    if ecart is None:
        if not play.complete:
            return [], []
        ecart = [c for c in DECK.order if c not in _played_by(play.tricks)]
    hand, chien = table.dealt[table.taker], table.chien
    if hand is not None and chien is not None:
        full = hand + chien
    else:
        full = play.hands.get(table.taker, []) + ecart
    return ecart, forced_trumps(full, ecart, chien_size(table.seats))


def _check_poignees(table: Table, play: PlayResult) -> None:
    """Check every poignée against its announcer's hand at the start of play (a hand
    inferred from an unfinished play is not known well enough to check); the taker's
    trumps forced into the écart count as held."""
    seen: set[int] = set()
    for item in table.record.announce.items if table.record.announce else []:
        if item.word != "poignee":
            continue
        if item.seat in seen:
            table.ctx.error(item, "poignee-twice", f"seat {item.seat} shows a second poignée")
            continue
        seen.add(item.seat)
        hand = play.hands.get(item.seat)
        if item.seat in play.inferred and not play.complete:
            hand = None
        ecart: list[str] = []
        aside: list[str] = []
        if item.seat == table.taker and hand is not None:
            ecart, aside = _taker_ecart(table, play)
        _, faults = check_poignee(
            [c.code for c in item.cards],
            hand,
            table.seats,
            item.seat,
            variant=table.variant,
            taker=table.taker,
            aside=aside,
            ecart=ecart,
        )
        _report(table.ctx, faults, item.cards, item)


def _poignees(table: Table) -> list[tuple[int, int]]:
    """(seat, level) of every poignée shown (already checked)."""
    found = []
    for item in table.record.announce.items if table.record.announce else []:
        if item.word == "poignee":
            shown = [c.code for c in item.cards]
            level, _ = check_poignee(
                shown, None, table.seats, item.seat, variant=table.variant, taker=table.taker
            )
            if level is not None:
                found.append((item.seat, level))
    return found


def _score(table: Table, unplayed: list[str], played: dict[str, int]) -> None:
    """Sides, card points, bonuses and each seat's score (`played`: card → seat)."""
    ctx, taker, seats = table.ctx, table.taker, table.seats
    tricks = ctx.tricks
    side_partners = _partners(table, played)
    side = _side(taker, side_partners)
    counted = piles.count(
        tricks, side, total=hand_size(seats), aside=unplayed, aside_side=ASIDE[table.contract]
    )
    if ctx.want_steps:
        ctx.state["points"] = counted.points
        ctx.state["taken"] = {s: sum(t.winner == s for t in tricks) for s in range(1, seats + 1)}
        ctx.state["partner_known"] = True
    tally = Tally(
        variant=table.variant,
        seats=seats,
        contract=table.contract,
        taker=taker,
        partners=side_partners,
        points=counted.points["taker"],
        oudlers=counted.oudlers["taker"],
        petit_au_bout=piles.petit_au_bout(tricks, side, slam_rule=table.variant == "fft"),
        poignees=_poignees(table),
        chelem_announced=table.chelem,
        taker_all_tricks=counted.tricks["defence"] == 0,
        defence_all_tricks=counted.tricks["taker"] == 0,
    )
    result = score(tally)
    breakdown = {**result.breakdown, "variant": table.variant, "called": table.called}
    ctx.outcome = trusted(  # the scores are floats: each is a share plus a float
        Outcome,
        scores=result.scores,
        result=format_result(result.scores),
        contract=table.contract,
        declarer=taker,
        partners=side_partners,
        won=result.won,
        thrown_in=False,
        **untyped(),
        breakdown=breakdown,
    )
    if ctx.want_steps:
        made = "made" if result.won else "lost"
        ctx.step("end", label=f"{table.contract} by seat {taker} {made}: {ctx.outcome.result}")


def replay_record(record: Record) -> Outcome | None:
    """The outcome of a record the simulator wrote; a rules problem there is a bug."""
    ctx = Context(record, want_steps=False)
    replay(record, ctx)
    if ctx.diagnostics:
        raise ValueError(
            "simulated deal breaks the rules: " + "; ".join(str(d) for d in ctx.diagnostics)
        )
    return ctx.outcome
