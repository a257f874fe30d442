"""Counting written once per record: the tags read in one pass, French piles with the
Excuse's exchange, Waite's sequences (against the ladder walk of the rules)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from trunfu.engine.context import Context
from trunfu.engine.games.french_tarot import piles
from trunfu.engine.games.waite_tarot.declarations import LADDERS, sequences
from trunfu.engine.model import TrickResult
from trunfu.notation.models import Tag
from trunfu.notation.reader import read_records

HEAD = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "2"]\n[Result "*"]\n\n'


def test_context_reads_the_first_tag_of_a_name():
    record = read_records(HEAD + "auction\n  passe passe passe passe\n")[0]
    record = replace(record, tags=[*record.tags, Tag(name="Seats", value="5")])
    ctx = Context(record)
    assert ctx.seats == 4  # the first Seats tag, as Record.tag reads it
    assert ctx.dealer == 2 and ctx.eldest == 3
    assert ctx.tag("Result") == "*" and ctx.tag("Variant") is None
    assert ctx.tags["Seats"].value == "4"


def _trick(number: int, winner: int, *cards: tuple[int, str]) -> TrickResult:
    return TrickResult(number=number, leader=cards[0][0], cards=list(cards), winner=winner)


TAKER = {1}
"""Seat 1 takes alone; seats 2 and 3 defend."""


def test_the_excuse_lost_in_a_trick_stays_with_its_side_for_a_half_point_card():
    # KS 4.5 + EX 4.5 + 2S 0.5 won by the taker: the defence keeps the Excuse (4.5, an
    # oudler) and gives a half-point card: taker 4.5 + 0.5 + 0.5 = 5.5, defence 4.5 - 0.5
    tricks = [_trick(1, 1, (1, "KS"), (2, "EX"), (3, "2S"))]
    counted = piles.count(tricks, TAKER, total=24)
    assert counted.points == {"taker": 5.5, "defence": 4.0}
    assert counted.oudlers == {"taker": 0, "defence": 1}


def test_the_excuse_in_the_last_trick_goes_to_its_winner_and_the_aside_counts():
    tricks = [
        _trick(1, 2, (1, "3H"), (2, "QH"), (3, "4H")),  # 0.5 + 3.5 + 0.5 to the defence
        _trick(2, 1, (2, "KS"), (3, "EX"), (1, "T21")),  # the last of 2: all to the taker
    ]
    counted = piles.count(tricks, TAKER, total=2, aside=["T1", "2C"], aside_side="taker")
    assert counted.points == {"taker": 4.5 + 4.5 + 4.5 + 4.5 + 0.5, "defence": 4.5}
    assert counted.oudlers == {"taker": 3, "defence": 0}


def _ladder_walk(hand: list[str]) -> list[tuple[str, ...]]:
    """Waite's sequences as the rules state them: runs of four or more cards next to each
    other on one ladder, strongest first, ladder by ladder."""
    runs = []
    for ladder in LADDERS:
        run: list[str] = []
        for card in ladder:
            if card in hand:
                run.append(card)
                continue
            runs += [tuple(run)] if len(run) >= 4 else []
            run = []
        runs += [tuple(run)] if len(run) >= 4 else []
    return runs


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from([c for ladder in LADDERS for c in ladder] + ["EX"]), max_size=40))
def test_sequences_are_the_runs_of_the_ladders(hand):
    assert sequences(hand) == _ladder_walk(hand)


def test_count_gives_the_tricks_each_side_took():
    # seat 1 takes, seats 2 and 3 defend: seat 1 wins tricks 1 and 3, seat 2 trick 2
    tricks = [
        _trick(1, 1, (1, "KS"), (2, "2S"), (3, "3S")),
        _trick(2, 2, (1, "4S"), (2, "T5"), (3, "5S")),
        _trick(3, 1, (1, "T21"), (2, "T2"), (3, "6S")),
    ]
    counted = piles.count(tricks, TAKER, total=3)
    assert counted.tricks == {"taker": 2, "defence": 1}
    alone = piles.count(tricks[::2], TAKER, total=3)
    assert alone.tricks == {"taker": 2, "defence": 0}
    # a side that took nothing has 0.0 points, a float like every other count (the steps
    # and the breakdown write 0.0)
    assert alone.points["defence"] == 0.0 and isinstance(alone.points["defence"], float)
