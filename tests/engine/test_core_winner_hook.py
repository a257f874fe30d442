"""A game's own trick-winner rule (`TrickPlay`'s `winner`): the winner it names wins during the
play itself, so that it leads next and the steps show it; French tarot's slam Excuse."""

import dataclasses
from pathlib import Path

from observed import Table, observed

from trunfu.engine import replay
from trunfu.engine.context import Context
from trunfu.engine.model import TrickResult
from trunfu.engine.play import TrickPlay, play_tricks
from trunfu.engine.tricks import ExcuseLead, TrickRules
from trunfu.notation.reader import read_records

RULES = TrickRules(game="tarocco-siciliano", excuse_lead=ExcuseLead.LAST)
HEAD = '[Game "tarocco-siciliano"]\n[Seats "3"]\n[Dealer "3"]\n\nplay\n'
FRENCH = Path(__file__).parent / "french"


def run(play: str, hands, winner, steps: bool):
    ctx = Context(read_records(HEAD + play)[0], want_steps=steps)
    play = TrickPlay(RULES, 3, 1, 2, hands, winner=winner)
    return ctx, play_tricks(ctx, observed(ctx), play)


def test_a_winner_rule_decides_who_wins_and_leads_next():
    # a made-up rule: the lowest card of trick 1 wins it. Trick 1: 5S (seat 1), KS (2),
    # 7S (3): KS wins by the follow rules, 5S by the rule, so seat 1 leads trick 2:
    # 9D (1), 6D (2), 5D (3), won by 9D
    asked = []

    def lowest_wins_first(trick, before):
        asked.append((trick.number, trick.winner, [t.winner for t in before]))
        if trick.number != 1:
            return trick.winner
        return min(trick.cards, key=lambda sc: int(sc[1][:-1]) if sc[1][0].isdigit() else 99)[0]

    play = "  1. 5S KS 7S\n  2. 9D 6D 5D\n"
    for steps, hands in (
        (False, {1: ["5S", "9D"], 2: ["KS", "6D"], 3: ["7S", "5D"]}),  # the one-pass replay
        (True, {1: ["5S", "9D"], 2: ["KS", "6D"], 3: ["7S", "5D"]}),
        (False, {1: None, 2: None, 3: None}),  # hands inferred: the two passes
    ):
        asked.clear()
        ctx, result = run(play, hands, lowest_wins_first, steps)
        assert not ctx.diagnostics
        assert [(t.leader, t.winner) for t in result.tricks] == [(1, 1), (1, 1)]
        assert result.tricks[1].cards == [(1, "9D"), (2, "6D"), (3, "5D")]
        assert (1, 2, []) in asked and (2, 1, [1]) in asked
        if steps:
            labels = [s.label for s in ctx.steps if s.kind == "trick"]
            assert labels == ["trick 1 goes to seat 1", "trick 2 goes to seat 1"]
            assert ctx.steps[-1].taken == {1: 2, 2: 0, 3: 0}


def test_without_a_rule_the_follow_rules_decide():
    hands = {1: ["5S", "9D"], 2: ["KS", "6D"], 3: ["7S", "5D"]}
    # KS wins trick 1, so seat 2 leads trick 2: 6D (2), 5D (3), 9D (1)
    ctx, result = run("  1. 5S KS 7S\n  2. 6D 5D 9D\n", hands, None, steps=False)
    assert not ctx.diagnostics
    assert [(t.leader, t.winner) for t in result.tricks] == [(1, 2), (2, 1)]


def test_french_slam_excuse_wins_the_last_trick_during_play():
    # fft, 4 seats: seat 2 wins tricks 1-17 and leads the Excuse to trick 18, where JH
    # (seat 1) is the best heart: the Excuse of a slam wins the last trick for seat 2
    [record] = read_records((FRENCH / "fft-4-garde-sans-chelem-announced.tgn").read_text())
    for steps in (False, True):
        found = replay(record, steps=steps)
        assert found.valid and found.outcome.result == "-760 +2280 -760 -760"
        assert found.tricks[-1].cards[0] == (2, "EX") and found.tricks[-1].winner == 2
        if steps:
            last = [s for s in found.steps if s.kind == "trick"][-1]
            assert last.label == "trick 18 goes to seat 2" and last.taken[2] == 18


def test_a_rule_for_one_trick_is_asked_about_that_trick_only():
    # winner_at=2: the rule is not asked about trick 1, so KS (seat 2) keeps it and leads
    # trick 2: 6D (2), 5D (3), 9D (1); the rule gives trick 2 to seat 3 (5D)
    asked = []

    def last_to_seat_3(trick, before):
        asked.append(trick.number)
        return 3

    hands = {1: ["5S", "9D"], 2: ["KS", "6D"], 3: ["7S", "5D"]}
    for steps, given in ((False, hands), (True, hands), (False, dict.fromkeys(hands))):
        asked.clear()
        ctx = Context(read_records(HEAD + "  1. 5S KS 7S\n  2. 6D 5D 9D\n")[0], want_steps=steps)
        play = TrickPlay(RULES, 3, 1, 2, given, winner=last_to_seat_3, winner_at=2)
        result = play_tricks(ctx, Table(), play)
        assert not ctx.diagnostics
        assert [(t.leader, t.winner) for t in result.tricks] == [(1, 2), (2, 3)]
        assert set(asked) == {2}


def test_the_replayer_makes_whole_tricks():
    # the tricks are made without TrickResult's keyword call: every field set, equal to
    # the tricks built by keywords, in the one-pass replay and in the two passes
    hands = {1: ["5S", "9D"], 2: ["KS", "6D"], 3: ["7S", "5D"]}
    expected = [
        TrickResult(number=1, leader=1, cards=[(1, "5S"), (2, "KS"), (3, "7S")], winner=2),
        TrickResult(number=2, leader=2, cards=[(2, "6D"), (3, "5D"), (1, "9D")], winner=1),
    ]
    for steps in (False, True):
        ctx, result = run("  1. 5S KS 7S\n  2. 6D 5D 9D\n", hands, None, steps=steps)
        assert result.tricks == expected == ctx.tricks
        assert [dataclasses.asdict(t) for t in result.tricks] == [
            dataclasses.asdict(t) for t in expected
        ]
