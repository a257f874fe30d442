"""The shared play replayer (engine/play.py): leaders, winners, known and inferred hands."""

import pytest
from observed import Table, observed

from trunfu.engine import IllegalAction, actions, simulate, start
from trunfu.engine.context import Context
from trunfu.engine.play import TrickPlay, play_tricks
from trunfu.engine.state import dealt
from trunfu.engine.tricks import ExcuseLead, TrickRules
from trunfu.notation.reader import read_records, read_text

RULES = TrickRules(game="tarocco-siciliano", excuse_lead=ExcuseLead.LAST)
HEAD = '[Game "tarocco-siciliano"]\n[Seats "3"]\n[Dealer "3"]\n\nplay\n'


def run(play: str, hands=None, tricks=3, leader=1, steps=True, **hooks):
    record = read_records(HEAD + play)[0]
    ctx = Context(record, want_steps=steps)
    play = TrickPlay(RULES, 3, leader, tricks, hands or {1: None, 2: None, 3: None}, **hooks)
    return ctx, play_tricks(ctx, observed(ctx), play)


def test_winner_leads_next_trick():
    # trick 1: seat 1 KS, seat 2 5S, seat 3 T2 -> seat 3 trumps and wins;
    # trick 2 is led by seat 3: 9D (3), KD (1), 5D (2) -> seat 1 wins with the king
    ctx, result = run("  1. KS 5S T2\n  2. 9D KD 5D\n", tricks=2)
    assert [(t.leader, t.winner) for t in result.tricks] == [(1, 3), (3, 1)]
    assert result.tricks[1].cards == [(3, "9D"), (1, "KD"), (2, "5D")]
    assert result.complete and not ctx.diagnostics
    assert result.hands[1] == ["KS", "KD"]
    kinds = [s.kind for s in ctx.steps]
    assert kinds == ["card"] * 3 + ["trick"] + ["card"] * 3 + ["trick"]
    assert ctx.steps[3].taken == {1: 0, 2: 0, 3: 1}


def test_revoke_proved_by_a_later_card():
    # trick 1: seat 2 does not follow swords (plays T5) but plays 9S in trick 2:
    # he held 9S at trick 1: a revoke, reported at T5 (line 6, column 9)
    ctx, _ = run("  1. KS T5 6S\n  2. 9S 5D 7D\n", tricks=2)
    [d] = ctx.diagnostics
    assert (d.line, d.column, d.cls) == (6, 9, "rules")
    assert d.message == (
        "trick 1: seat 2 played T5 but held 9S of the suit led (9S played in trick 2)"
    )


def test_failure_to_trump_with_a_known_hand():
    hands = {1: ["KS", "5D"], 2: ["9D", "T3"], 3: ["6S", "7D"]}
    ctx, _ = run("  1. KS 9D 6S\n  2. 5D T3 7D\n", hands=hands, tricks=2)
    [d] = ctx.diagnostics
    assert d.line == 6 and d.column == 9
    assert "seat 2 played 9D but held T3" in d.message and "must trump" in d.message


def test_card_not_held():
    hands = {1: ["KS"], 2: ["9S"], 3: ["6S"]}
    ctx, _ = run("  1. KS 5S 6S\n", hands=hands, tricks=1)
    [d] = ctx.diagnostics
    assert d.code == "card-not-held" and "seat 2 played 5S but does not hold it" in d.message


def test_card_of_another_known_hand_played_by_unknown_seat():
    hands = {1: ["KS", "QS"], 2: None, 3: None}
    ctx, _ = run("  1. KS QS 6S\n", hands=hands, tricks=1)
    [d] = ctx.diagnostics
    assert d.code == "card-not-held" and "dealt to seat 1" in d.message


def test_fuggitivo_may_lead_only_the_last_trick():
    ctx, _ = run("  1. EX 5S 6S\n  2. 9D 5D KS\n", tricks=2)
    [d] = ctx.diagnostics
    assert d.column == 6 and "led the Fuggitivo (EX), which may lead only the last trick" in (
        d.message
    )
    ctx, result = run("  1. 9D 5D 6D\n  2. EX 5S 6S\n", tricks=2)
    assert not ctx.diagnostics and result.tricks[1].winner == 3  # 6S beats 5S, EX never wins


def test_record_may_stop_mid_play():
    ctx, result = run("  1. KS 5S 6S\n  2. 9D\n", tricks=3)
    assert not ctx.diagnostics and not result.complete and len(result.tricks) == 1


def test_known_hands_without_steps_report_what_card_by_card_checks_report():
    # every hand given, no steps: clean tricks are cleared trick by trick; the others
    # (trick 2: seat 3 plays 7D holding 9S of the suit led; trick 3, led by seat 2 who won
    # trick 2 with 6S: seat 1 plays QB, not his) must give the same diagnostics as the
    # card-by-card checks made with steps
    hands = {1: ["KS", "5S", "5D", "9B"], 2: ["QS", "6S", "KD", "6B"], 3: ["8S", "9S", "7D", "8B"]}
    play = "  1. KS QS 8S\n  2. 5S 6S 7D\n  3. 6B 8B QB\n  4. 5D KD 9S\n"
    quick, quick_result = run(play, hands=dict(hands), tricks=4, steps=False)
    slow, slow_result = run(play, hands=dict(hands), tricks=4, steps=True)
    assert [(d.code, d.line, d.column) for d in quick.diagnostics] == [
        ("illegal-card", 7, 12),
        ("card-not-held", 8, 12),
    ]
    assert quick.diagnostics == slow.diagnostics
    assert [t.winner for t in quick_result.tricks] == [1, 2, 1, 2]
    assert quick_result.tricks == slow_result.tricks


def test_a_game_check_runs_on_tricks_cleared_at_once():
    seen = []

    def check(seat, card, table, number, hand):
        seen.append((number, seat, card, tuple(table)))
        return "no kings" if card.startswith("K") and number == 2 else None

    hands = {1: ["5S", "KD"], 2: ["6S", "5D"], 3: ["7S", "6D"]}
    ctx, _ = run("  1. 5S 6S 7S\n  2. 6D KD 5D\n", hands, tricks=2, steps=False, check=check)
    assert [(d.code, d.message, d.column) for d in ctx.diagnostics] == [
        ("illegal-card", "no kings", 9)
    ]
    assert seen[:3] == [(1, 1, "5S", ()), (1, 2, "6S", ("5S",)), (1, 3, "7S", ("5S", "6S"))]


def run_marafone(play: str, steps: bool):
    """A 4-seat marafone play without trumps (claims are marafone's) and these hands."""
    record = read_records('[Game "marafone"]\n[Seats "4"]\n[Dealer "4"]\n\nplay\n' + play)[0]
    ctx = Context(record, want_steps=steps)
    hands = {
        1: ["4S", "KD", "AB"],
        2: ["5S", "4D", "5B"],
        3: ["6S", "5D", "6B"],
        4: ["7S", "6D", "7B"],
    }
    rules = TrickRules(game="marafone", must_trump=False, excuse=False)
    play = TrickPlay(rules.with_trump(None), 4, 1, 3, hands)
    return ctx, play_tricks(ctx, Table(), play, claims=True)


def test_a_claim_ends_the_play_where_it_stands():
    # trick 1: 7S wins (seat 4, who then calls his team out); trick 2, led by seat 4: KD wins
    play = "  1. 4S 5S 6S 7S\n  fuori 4\n  2. 6D KD 4D 5D\n  3. AB 5B 6B 7B\n"
    for steps in (False, True):
        ctx, result = run_marafone(play, steps)
        assert (result.claim.kind, result.claim.seat, result.claim.line) == ("fuori", 4, 7)
        assert not result.complete and not ctx.diagnostics
        assert [t.winner for t in result.tricks] == [4] and len(ctx.tricks) == 1


def test_walk_says_who_plays_each_written_card_and_leaves_the_play_alone():
    # trick 1 led by seat 2: 9D (2), T2 (3) trumps, KD (1); seat 3 leads trick 2, unfinished;
    # trick 3 is past the unfinished trick and is not walked
    play = TrickPlay(RULES, 3, 2, 3, {1: ["KD", "5S"], 2: ["9D", "6S"], 3: ["T2", "7S"]})
    play.play("9D")
    walked = play.walk([["9D", "T2", "KD"], ["7S", "5S"], ["6S"]])
    assert walked == [(1, 2, "9D"), (1, 3, "T2"), (1, 1, "KD"), (2, 3, "7S"), (2, 1, "5S")]
    assert play.table == [(2, "9D")] and play.hand(1) == ["KD", "5S"]


def test_deal_starts_the_play_again_from_new_hands():
    play = TrickPlay(RULES, 3, 1, 1, {1: ["KS"], 2: ["5S"], 3: ["6S"]})
    assert play.take([["KS", "5S", "6S"]]) == 1
    assert play.over and play.leader == 1
    play.deal({1: None, 2: ["9D"], 3: ["T2"]})
    assert not play.over and play.tricks == [] and play.to_play == 1
    assert play.hand(1) is None and play.hand(2) == ["9D"]


def test_dealt_gives_each_seat_hand_and_the_other_piles():
    text = (
        '[Game "tarocco-siciliano"]\n[Seats "3"]\n[Dealer "3"]\n\ndeal\n  2: KS 5S\n  talon: T1\n'
    )
    record = read_text(text)[0].record  # a damaged deal: the reader tells, the record stays
    hands, piles = dealt(record, 3)
    assert hands == {1: None, 2: ["KS", "5S"], 3: None} and piles == {"talon": ["T1"]}


@pytest.mark.parametrize(
    ("game", "seats"),
    [("french-tarot", 4), ("tarocco-siciliano", 4), ("marafone", 4), ("waite-tarot", 3)],
)
def test_a_card_dealt_to_another_seat_is_refused_naming_that_seat(game: str, seats: int) -> None:
    """`apply` says what the referee says of a card the seat does not hold: whose it is."""
    record = simulate(game, seats, 1, seed=5)[0]
    state = start(record)
    for _, action in actions(record):
        if state.phase == "play":
            break
        state.apply(action)
    seat = state.to_act
    other, card = next((s, c) for s in range(1, seats + 1) if s != seat for c in state.holding(s))
    with pytest.raises(IllegalAction) as refused:
        state.apply(card)
    assert str(refused.value).endswith(f"does not hold it (it was dealt to seat {other})")
    assert refused.value.code == "card-not-held"
