"""Hostile input (issue 17): numbers of thousands of digits, tags broken across lines,
byte-order marks inside a file. Each is a diagnostic at its place or reads as the spec
says; never an exception, and the records around it read as they would alone."""

from __future__ import annotations

import io
import re

import pytest
from tgn_helpers import one, problems, tags

from trunfu.engine import simulate
from trunfu.notation import reader
from trunfu.notation.models import NUMBER_DIGITS, number
from trunfu.notation.reader import read, read_text
from trunfu.notation.writer import write
from trunfu.referee import judge

T4 = tags()
GOOD = (
    T4 + '[Event "Hostile"]\n\nauction\n  passe prise passe passe\n'
    "play\n  1. KS QS JS 10S\n  2. T21 T1 EX 2H\n"
)
HUGE = "9" * 5000
"""More digits than Python converts (4,300)."""


def test_number_is_judged_by_its_text_before_it_is_converted():
    assert [number(t) for t in ("4", "04", "0", "000", "0" * 5000 + "4")] == [4, 4, 0, 0, 4]
    assert number("9" * NUMBER_DIGITS) == 10**NUMBER_DIGITS - 1
    assert number("1" + "0" * NUMBER_DIGITS) is None
    assert [number(t) for t in (HUGE, "", "+4", " 4", "4 ", "²", "٣", "4.")] == [None] * 8


def _around(bad: str) -> str:
    """`bad` between two good records."""
    return GOOD + "\n" + bad + "\n" + GOOD


def _at(text: str, needle: str) -> tuple[int, int]:
    """The line and column (1-based) of `needle` in `text`."""
    pos = text.index(needle)
    return text.count("\n", 0, pos) + 1, pos - text.rfind("\n", 0, pos)


LONG_NUMBERS = [
    # where the number stands, the record, the code of its diagnostic
    ("Seats", GOOD.replace('"4"', f'"{HUGE}"', 1), "bad-seats"),
    ("Dealer", GOOD.replace('[Dealer "1"]', f'[Dealer "{HUGE}"]'), "bad-dealer"),
    (
        "Dealer, leading zeros",
        GOOD.replace('[Dealer "1"]', f'[Dealer "{"0" * 5000}7"]'),
        "bad-dealer",
    ),
    ("Result", GOOD.replace("\n\n", f'\n[Result "+{HUGE} -1 -1 -1"]\n\n', 1), "bad-result"),
    ("Result decimals", GOOD.replace("\n\n", f'\n[Result "+1.{HUGE} 0 0 0"]\n\n', 1), "bad-result"),
    ("trick number", GOOD.replace("2. T21", f"{HUGE}. T21"), "trick-number"),
    ("glyph in the play", GOOD.replace("QS JS", f"QS ${HUGE} JS"), "bad-nag"),
    ("glyph in the auction", GOOD.replace("prise", f"prise ${HUGE}"), "bad-nag"),
    ("glyph in a deal", GOOD.replace("\nauction", f"\ndeal\n  1: KS ${HUGE}\nauction"), "bad-nag"),
    ("glyph in a discard", GOOD.replace("\nplay", f"\ndiscard KS ${HUGE}\nplay"), "bad-nag"),
]


@pytest.mark.parametrize("_where, bad, code", LONG_NUMBERS, ids=[c[0] for c in LONG_NUMBERS])
def test_a_number_of_thousands_of_digits_is_a_diagnostic_at_its_place(_where, bad, code):
    text = _around(bad)
    digits = "0" * 5000 if "0" * 5000 in bad else HUGE
    line, column = _at(text, '"+' if code == "bad-result" else digits)
    column -= code not in ("trick-number", "bad-result")  # a glyph's `$`, a tag value's `"`
    results = read_text(text, "x.tgn")
    assert [r.ok for r in results] == [True, False, True]
    (diagnostic,) = results[1].diagnostics
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == ("x.tgn", line, column)
    assert diagnostic.code == code
    assert len(diagnostic.message) < 200  # the number is cut short in the message


@pytest.mark.parametrize("name", ["Round", "Board", "Target", "MatchScore", "P1", "Annotator"])
def test_a_tag_of_thousands_of_digits_is_kept_and_judged(name):
    text = GOOD.replace("\n\n", f'\n[{name} "{HUGE}"]\n\n', 1)
    (result,) = read_text(text)
    assert result.record.tag(name) == HUGE
    judge(result)  # the engine reads the tag without an exception


@pytest.mark.parametrize(
    "tag, value",
    [("Target", HUGE), ("MatchScore", f"{HUGE} 3"), ("MatchScore", "² 3"), ("Target", "²")],
)
def test_a_marafone_match_tag_out_of_range_is_unreadable_not_an_exception(tag, value):
    text = next(  # a simulated hand that ends with a claim, checked against MatchScore
        t
        for seed in range(50)
        for t in map(write, simulate("marafone", 4, 2, seed))
        if "fuori" in t
    )
    assert judge(read_text(text)[0]).valid
    score = re.search(r'\[MatchScore "[^"]*"\]', text).group()
    given = f'[{tag} "{value}"]'
    text = text.replace(score, given if tag == "MatchScore" else f"{score}\n{given}")
    (result,) = read_text(text)
    assert result.record.tag(tag) == value
    assert [d.code for d in judge(result).diagnostics] == ["bad-match-tag"]


# -- tags broken across lines (spec §2: any white space, and comments, between the parts)

BREAKS = {
    "newline after [": ("[\n", "", ""),
    "spaces and newline after [": ("[ \t\n  ", "", ""),
    "comment after [": ("[{a note}", "", ""),
    "comment over lines after [": ("[ {a\nnote}\n", "", ""),
    "line comment after [": ("[ ; a note\n", "", ""),
    "lone CR after [": ("[\r", "", ""),
    "newline before ]": ("[", "", "\n]"),
    "comment before ]": ("[", "", " {a note}]"),
    "newline between": ("[", "\n", "]"),
    "comment between": ("[", " {a note} ", "]"),
    "everywhere": ("[\n{a}\n", "\n{b}\n", "\n{c}\n]"),
    "BOM after [": ("[\ufeff", "", ""),
}


def _broken(name: str, value: str, shape: tuple[str, str, str]) -> str:
    opening, between, closing = shape
    return f'{opening}{name}{between or " "}"{value}"{closing or "]"}'


@pytest.mark.parametrize("shape", BREAKS.values(), ids=BREAKS.keys())
@pytest.mark.parametrize("which", ["Game", "Seats", "Dealer"])
def test_a_tag_broken_across_lines_stays_in_its_record(shape, which):
    values = {"Game": "french-tarot", "Seats": "4", "Dealer": "1"}
    tag_lines = [
        _broken(name, value, shape) if name == which else f'[{name} "{value}"]'
        for name, value in values.items()
    ]
    record = "\n".join(tag_lines) + "\n" + GOOD[len(T4) :]
    text = record + "\n" + record
    by_lines = reader.shared_reader().read_lines(io.StringIO(text))  # as stdin is read
    for results in (read_text(text), list(read(io.StringIO(text))), list(by_lines)):
        assert [r.ok for r in results] == [True, True], [
            str(d) for r in results for d in r.diagnostics
        ]
        for result in results:
            assert [(t.name, t.value) for t in result.record.tags][:3] == list(values.items())
    first, second = read_text(text)
    tag = first.record.tags[list(values).index(which)]
    record = record.replace("\r", "\n")  # as `read_text` reads a lone CR
    assert (tag.line, tag.column) == _at(record, which)
    assert (tag.value_line, tag.value_column) == _at(record, f'"{values[which]}"')
    assert second.line == record.count("\n") + 2
    canonical = write(first.record)
    assert canonical == write(one(GOOD))
    assert write(one(canonical)) == canonical


@pytest.mark.parametrize("shape", BREAKS.values(), ids=BREAKS.keys())
def test_a_second_game_tag_broken_across_lines_starts_a_record(shape):
    """Records of tags only follow one another; a second `Game` tag starts the next one,
    wherever its name stands."""
    first = tags(dealer=2)
    second = _broken("Game", "marafone", shape) + '\n[Seats "4"]\n[Dealer "3"]\n'
    results = read_text(first + second + "\nplay\n  1. AD 2D 3D 4D\n")
    assert [r.ok for r in results] == [True, True], [str(d) for r in results for d in r.diagnostics]
    assert [r.record.tag("Game") for r in results] == ["french-tarot", "marafone"]
    assert [r.record.dealer for r in results] == [2, 3]
    assert results[1].line == 4


def test_a_bracket_whose_name_never_comes_starts_no_record():
    text = T4 + "[\n{note}\n" + '[Event "x"]\n\nplay KS\n'
    (result,) = read_text(text)
    assert result.record is None and result.diagnostics[0].line == 6
    results = read_text(T4 + "[\n{note}\n" + GOOD)  # but a Game tag after it does
    assert [r.ok for r in results] == [False, True]
    assert results[1].line == 6


@pytest.mark.parametrize("cut", ["[\nGame", '[\nGame "marafone"', "[{c}\n", "[\n%x\n"])
def test_a_text_cut_inside_a_broken_tag_is_kept(cut):
    results = read_text(T4 + cut)
    assert "".join(r.text for r in results) == T4 + cut.replace("%x", "")
    assert results[-1].diagnostics  # the cut tag is reported


def test_a_tag_broken_across_lines_keeps_its_verdict_through_fmt():
    bad = '[Game "french-tarot"]\n[\nSeats\n"4"\n]\n[Dealer "9"]\n\nplay ZZ\n'
    for text in (bad, bad.replace("ZZ", "KS")):
        (result,) = read_text(text)
        if result.record is None:
            continue
        canonical = write(result.record)
        (again,) = read_text(canonical)
        assert [d.code for d in again.diagnostics] == [d.code for d in result.diagnostics]
        assert write(again.record) == canonical


# -- byte-order marks inside a file


def test_files_joined_by_cat_each_with_a_bom_read_as_the_files(tmp_path):
    files = ["\ufeff" + GOOD, "\ufeff%a header line\n" + GOOD, "\ufeff\n" + GOOD]
    joined = tmp_path / "joined.tgn"
    joined.write_bytes(b"".join(f.encode() for f in files))
    for results in (list(read(joined)), read_text("".join(files))):
        assert [r.ok for r in results] == [True, True, True]
        assert [r.record.content() for r in results] == [one(GOOD).content()] * 3
    lines = [r.line for r in read_text("".join(files))]
    assert lines == [1, 1 + GOOD.count("\n") + 1, 1 + 2 * GOOD.count("\n") + 2]


def test_a_bom_starting_a_line_inside_a_record_is_not_a_column():
    text = GOOD.replace("\n  1. KS", "\n\ufeff  1. KS").replace("\n[Seats", "\n\ufeff[Seats")
    record = one(text)
    assert record.play.tricks[0].cards.card(0).column == 6
    assert record.tags[1].column == 2


def test_a_bom_among_items_is_white_space_and_in_a_value_or_comment_is_text():
    text = GOOD.replace("QS JS", "QS\ufeffJS").replace("Hostile", "Hos\ufefftile")
    text = text.replace("2. T21", "2.\ufeffT21 {a\ufeffnote}")
    record = one(text)
    cards = list(record.play.tricks[0].cards)
    assert cards == ["KS", "QS", "JS", "10S"]
    assert record.play.tricks[0].cards.card(2).column == 12  # the BOM is a column here
    assert record.tag("Event") == "Hos\ufefftile"
    assert record.play.tricks[1].cards.card(0).comments == ("a\ufeffnote",)


def test_a_bom_inside_a_card_code_is_an_error_at_its_place():
    text = GOOD.replace("QS JS", "Q\ufeffS JS")
    assert problems(text)[0][:3] == (1, 9, 9)
