"""Trick numbers are optional (spec §5 `play`): a trick that holds one card per seat,
numbered or not, is complete, and the next card starts a new trick; a number that
disagrees with the count of tricks is still an error. Every game, every seat count."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tgn_helpers import one, problems, tags

from trunfu.notation.decks import GAMES
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

EXAMPLES = Path(__file__).resolve().parents[2] / "data" / "examples"

TABLES = [(game, seats) for game, deck in sorted(GAMES.items()) for seats in deck.seats]
"""Every game and seat count the notation knows."""


def row(game: str, seats: int, trick: int) -> str:
    """`seats` distinct cards of `game`'s deck, for the `trick`th trick (the reader checks
    the syntax and the deck, not the rules)."""
    order = GAMES[game].order
    return " ".join(order[(trick - 1) * seats : trick * seats])


def codes(text: str) -> list[list[str]]:
    return [list(t.cards) for t in one(text).play.tricks]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_unnumbered_trick_after_numbered_ones(game, seats):
    text = (
        tags(game, seats)
        + f"play\n  1. {row(game, seats, 1)}\n  {row(game, seats, 2)}\n"
        + f"  3. {row(game, seats, 3)}\n  {row(game, seats, 4)}\n"
    )
    assert codes(text) == [row(game, seats, n).split() for n in (1, 2, 3, 4)]
    tricks = one(text).play.tricks
    assert [(t.line, t.column) for t in tricks] == [(5, 3), (6, 3), (7, 3), (8, 3)]


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_full_numbered_trick_ends_and_the_next_card_starts_a_trick(game, seats):
    # on the same line: the card after the seats' cards is the next trick's, and the
    # record may stop inside it
    cards = row(game, seats, 1) + " " + row(game, seats, 2).split()[0]
    record = one(tags(game, seats) + f"play\n  1. {cards}\n")
    tricks = record.play.tricks
    assert [len(t.cards) for t in tricks] == [seats, 1]
    assert (tricks[1].line, tricks[1].column) == (5, 7 + len(row(game, seats, 1)))


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_wrong_number_after_an_unnumbered_trick_is_still_reported(game, seats):
    text = tags(game, seats) + (
        f"play\n  1. {row(game, seats, 1)}\n  {row(game, seats, 2)}\n  2. {row(game, seats, 3)}\n"
    )
    assert problems(text) == [(1, 7, 3, "syntax", "trick-number")]
    (result,) = read_text(text)
    assert "trick number 2 where trick 3 was expected" in result.diagnostics[0].message


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_a_short_trick_before_a_number_is_still_reported(game, seats):
    # a trick of seats + 1 cards is a full trick and a trick of one card: short at `2.`
    cards = row(game, seats, 1) + " " + row(game, seats, 2).split()[0]
    text = tags(game, seats) + f"play\n  1. {cards}\n  2. {row(game, seats, 3)}\n"
    assert problems(text) == [(1, 6, 3, "syntax", "short-trick")]
    (result,) = read_text(text)
    assert "trick 2 has 1 card;" in result.diagnostics[0].message


@pytest.mark.parametrize(("game", "seats"), TABLES)
def test_the_writer_numbers_every_trick(game, seats):
    text = tags(game, seats) + (
        f"play\n  1. {row(game, seats, 1)}\n  {row(game, seats, 2)}\n  {row(game, seats, 3)}\n"
    )
    written = write(one(text))
    assert f"\n  2. {row(game, seats, 2)}\n  3. {row(game, seats, 3)}\n" in written
    assert codes(written) == codes(text)


def test_marafone_signal_and_claim_around_unnumbered_tricks():
    text = tags("marafone", 4) + (
        "play\n  1. 3C busso 2C 4C 5C\n  AB volo KB CB JB\n  fuori 2\n  3D 2D AD KD\n"
    )
    items = one(text).play.items
    assert [i.kind for i in items] == ["trick", "trick", "fuori", "trick"]
    assert items[1].cards.card(0).signal == "volo"
    assert list(items[3].cards) == ["3D", "2D", "AD", "KD"]


EXAMPLE_FILES = sorted(EXAMPLES.glob("*.tgn"))
TRICK_LINE = re.compile(r"^  (\d+)\. ", re.MULTILINE)


def _unnumber(text: str, keep) -> str:
    """`text` with the number of every trick `keep` rejects taken away."""
    return TRICK_LINE.sub(lambda m: m.group(0) if keep(int(m.group(1))) else "  ", text)


def test_every_game_and_seat_count_has_an_example():
    heads = {tuple(p.read_text(encoding="utf-8").split("\n")[:2]) for p in EXAMPLE_FILES}
    assert {(f'[Game "{g}"]', f'[Seats "{s}"]') for g, s in TABLES} <= heads


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("keep", ["odd", "first", "none"])
def test_full_deals_with_unnumbered_tricks_judge_alike(path, keep):
    # the example deals, with every even-numbered trick, every trick after the first, or
    # every trick left unnumbered: the same tricks, the same verdict and result
    text = path.read_text(encoding="utf-8")
    keeps = {"odd": lambda n: n % 2 == 1, "first": lambda n: n == 1, "none": lambda n: False}
    mixed = _unnumber(text, keeps[keep])
    assert mixed != text
    (before,), (after,) = read_text(text), read_text(mixed)
    assert after.diagnostics == [], [str(d) for d in after.diagnostics]
    assert write(after.record) == write(before.record) == text  # the examples are canonical
    verdict = judge(after)
    assert verdict.valid and verdict.result == judge(before).result
    assert verdict.result == before.record.tag("Result")


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_full_deals_with_a_wrong_number_after_unnumbered_tricks(path):
    # trick 2 unnumbered, trick 3 numbered 2: reported at that number
    text = _unnumber(path.read_text(encoding="utf-8"), lambda n: n != 2)
    wrong = text.replace("\n  3. ", "\n  2. ", 1)
    line = wrong[: wrong.index("\n  2. ")].count("\n") + 2
    assert problems(wrong) == [(1, line, 3, "syntax", "trick-number")]
