"""Marafone with four seats: teams 1+3 and 2+4, trumps named by the holder of `4D`, the
leader's words, the maraffa, `fuori` and `penalty` (rules: marafone.md §Four seats)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ....notation.decks import GAMES
from ....notation.models import Claim, Record
from ...context import Context
from ...model import Outcome, TrickResult, trusted, untyped
from ...play import PlaySetup, play_tricks, written_tricks
from ...scoring import format_result
from .claims import (
    TEAM_NAMES,
    eleven_nil,
    fuori_right,
    parse_match_score,
    parse_target,
    team,
)
from .common import RULES, claim_after, dealt_hands, holder
from .points import LAST_TRICK_THIRDS, MARAFFA_POINTS, holds_maraffa, points, team_thirds
from .signals import signal_true

SEATS = 4
RULES_SUIT_NAMES = GAMES["marafone"].suit_name
TRICKS = 10
FIRST = "4D"


@dataclass
class Hand:
    """What decides the score of a hand, found while it is replayed."""

    thirds: list[int] = field(default_factory=lambda: [0, 0])
    claim: Claim | None = None
    claim_tricks: int = 0
    irregular: int | None = None
    """The seat whose false or out-of-turn word cost its team the hand (11–0)."""
    irregular_text: str = ""
    signals: list[dict] = field(default_factory=list)


def replay(record: Record, ctx: Context) -> None:
    """Referee one four-seat hand and score it."""
    hands = dealt_hands(record, SEATS)
    trump = record.trump.suit if record.trump is not None else None
    if trump is None:
        if record.play is not None and record.play.tricks:
            ctx.error(
                record.play,
                "no-trump",
                f"the holder of {FIRST} names trumps before the first trick: the record "
                "needs a `trump` section",
            )
        return
    leader = holder(record, SEATS, hands, FIRST, lambda s: s, trump)
    if leader is None:
        if record.play is not None and record.play.tricks:
            ctx.error(
                record.play,
                "unknown-leader",
                f"the holder of {FIRST} leads the first trick, but the record does not show "
                f"who held {FIRST}: give the deal (one hand is enough when the play then "
                "fits a single seat)",
            )
        return
    ctx.state["declarer"] = leader
    ctx.state["points"] = dict.fromkeys(TEAM_NAMES, 0.0)
    hand = Hand()

    steps = ctx.want_steps

    def on_trick(trick: TrickResult) -> None:  # for the steps only
        side = team(trick.winner)
        ctx.state["points"][TEAM_NAMES[side]] = team_thirds(ctx.tricks)[side] / 3

    def on_claim(claim: Claim, played: int) -> bool:
        hand.claim, hand.claim_tricks = claim, played
        ctx.step(
            "claim",
            seat=claim.seat,
            text=f"{claim.kind} {claim.seat}",
            node=claim,
            label=(
                f"seat {claim.seat} calls his team out"
                if claim.kind == "fuori"
                else f"seat {claim.seat}'s team is penalised"
            ),
        )
        return True

    setup = PlaySetup(
        rules=RULES.with_trump(trump),
        leader=leader,
        tricks=TRICKS,
        hands=hands,
        on_trick=on_trick if steps else None,
        on_claim=on_claim,
    )
    if steps:
        ctx.state["hands"] = {s: list(h) for s, h in hands.items() if h is not None}
        ctx.step("deal", label="the cards are dealt, ten to each seat", node=record.deal)
        ctx.step(
            "call",
            seat=leader,
            text=f"trump {trump}",
            node=record.trump,
            label=f"seat {leader}, who holds {FIRST}, names {RULES_SUIT_NAMES(trump)} as trumps",
        )
    result = play_tricks(ctx, setup)
    hand.thirds = team_thirds(ctx.tricks)
    if hand.claim is not None:
        claim_after(ctx, hand.claim)
    faults = len(ctx.diagnostics)
    _word_steps(ctx)
    _signals(ctx, hand, result.hands, result.inferred, result.complete)
    maraffa = _maraffa(ctx, result.hands, result.inferred, result.complete, trump)
    if result.complete:
        hand.thirds[team(ctx.tricks[-1].winner)] += LAST_TRICK_THIRDS
        ctx.state["points"][TEAM_NAMES[team(ctx.tricks[-1].winner)]] += LAST_TRICK_THIRDS / 3
    if faults or not (result.complete or hand.claim or hand.irregular):
        return
    ctx.outcome = _score(record, ctx, hand, maraffa, leader, trump)
    if ctx.outcome is not None:
        ctx.step("end", label=f"the hand ends: {ctx.outcome.result}")


def _signals(
    ctx: Context, hand: Hand, start: dict[int, list[str]], inferred: set[int], complete: bool
) -> None:
    """Check every word against who led and what he still held; the first false word, or a
    word from a seat that did not lead, is the irregularity that decides the hand."""
    written = written_tricks(ctx.record)
    spoken = [
        (n, i, card)
        for n, trick in enumerate(written[: len(ctx.tricks)], 1)
        for i, card in enumerate(trick.cards)
        if card.extras is not None and card.extras.signal  # `card.signal`, without its property
    ]
    if not spoken:
        return
    played_in = {card: t.number for t in ctx.tricks for _, card in t.cards}
    for number, i, node in spoken:
        seat, card = ctx.tricks[number - 1].cards[i]
        word = node.signal
        if i > 0:
            ctx.error(
                (node.signal_line, node.signal_column),
                "signal-not-leader",
                f"trick {number}: seat {seat} says `{word}` but did not lead; only the leader "
                f"may speak (a word from another seat loses the hand 11–0: record it as "
                f"`penalty {seat}`)",
            )
            _irregular(hand, seat, f"`{word}` by seat {seat}, who did not lead")
            hand.signals.append(_signal_json(number, seat, word, False))
            continue
        after = [c for c in start[seat] if played_in.get(c, number + 1) > number]
        exact = seat not in inferred or complete
        truth = signal_true(word, card, after if exact else None)
        if truth is None and word != "busso":  # partial knowledge from the play
            has = any(c[-1] == card[-1] for c in after)
            truth = True if word == "striscio" and has else None
            truth = False if word == "volo" and has else truth
        hand.signals.append(_signal_json(number, seat, word, truth))
        if truth is False:
            _irregular(hand, seat, f"a false `{word}` by seat {seat}")


def _word_steps(ctx: Context) -> None:
    """Show each word in the step of the card it follows (`3C striscio`)."""
    if not ctx.want_steps or ctx.record.play is None:
        return
    words = {
        (c.line, c.column): c.signal
        for t in written_tricks(ctx.record)
        for c in t.cards
        if c.signal
    }
    for step in ctx.steps:
        word = words.get((step.line, step.column)) if step.kind == "card" else None
        if word:
            step.text = f"{step.text} {word}"
            step.label = f"{step.label}, saying {word}"


def _signal_json(trick: int, seat: int, word: str, truth: bool | None) -> dict:
    return {"trick": trick, "seat": seat, "word": word, "true": truth}


def _irregular(hand: Hand, seat: int, text: str) -> None:
    if hand.irregular is None:
        hand.irregular, hand.irregular_text = seat, text


def _maraffa(
    ctx: Context, start: dict[int, list[str]], inferred: set[int], complete: bool, trump: str
) -> dict | None:
    """The seat holding A, 2, 3 of trumps, and whether it led off with the ace."""
    for seat, cards in start.items():
        if (seat not in inferred or complete) and holds_maraffa(cards, trump):
            first = next((c for t in ctx.tricks for s, c in t.cards if s == seat), None)
            return {"seat": seat, "team": TEAM_NAMES[team(seat)], "ace_first": first == "A" + trump}
    return None


def _score(
    record: Record, ctx: Context, hand: Hand, maraffa: dict | None, leader: int, trump: str
) -> Outcome | None:
    bonus = [0, 0]
    if maraffa and maraffa["ace_first"]:
        bonus[team(maraffa["seat"])] = MARAFFA_POINTS
    so_far = (points(hand.thirds[0]) + bonus[0], points(hand.thirds[1]) + bonus[1])
    claim_json = None
    end = "complete"
    if hand.irregular is not None:  # play stops at a claim: the word came before it
        teams = eleven_nil(hand.irregular)
        end = "irregularity"
    elif hand.claim is not None and hand.claim.kind == "penalty":
        teams = eleven_nil(hand.claim.seat)
        end = "penalty"
        claim_json = {"kind": "penalty", "seat": hand.claim.seat, "after_trick": hand.claim_tricks}
    elif hand.claim is not None:
        match = parse_match_score(ctx.tag("MatchScore"))
        target = parse_target(ctx.tag("Target"))
        if match is None or target is None:
            bad = "MatchScore" if match is None else "Target"
            ctx.error(
                hand.claim,
                "bad-match-tag",
                f"`fuori {hand.claim.seat}` is checked against MatchScore and Target, but "
                f'the {bad} tag is not readable (MatchScore "A B", Target a number)',
            )
            return None
        right = fuori_right(hand.claim.seat, so_far, match, target)
        teams = so_far if right else eleven_nil(hand.claim.seat)
        end = "fuori"
        claim_json = {
            "kind": "fuori",
            "seat": hand.claim.seat,
            "after_trick": hand.claim_tricks,
            "match_score": list(match),
            "target": target,
            "right": right,
        }
    else:
        teams = so_far
    scores = [float(teams[team(s)]) for s in range(1, SEATS + 1)]
    return trusted(  # the scores are floats already
        Outcome,
        scores=scores,
        result=format_result(scores),
        contract=None,
        declarer=leader,
        partners=[ctx.next_seat(leader, 2)],
        won=None,
        thrown_in=False,
        **untyped(),
        breakdown={
            "trump": trump,
            "trump_named_by": leader,
            "trump_team_won": teams[team(leader)] > teams[1 - team(leader)],
            "teams": {TEAM_NAMES[i]: teams[i] for i in (0, 1)},
            "card_points": {TEAM_NAMES[i]: hand.thirds[i] / 3 for i in (0, 1)},
            "thirds": {TEAM_NAMES[i]: hand.thirds[i] for i in (0, 1)},
            "maraffa": maraffa,
            "signals": hand.signals,
            "claim": claim_json,
            "irregularity": (
                {"seat": hand.irregular, "what": hand.irregular_text}
                if end == "irregularity"
                else None
            ),
            "end": end,
        },
    )
