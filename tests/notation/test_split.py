"""Record boundaries (spec §1): where one record ends and the next begins."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tgn_helpers import problems, tags

from trunfu.engine import simulate
from trunfu.notation import split
from trunfu.notation.reader import read, read_text
from trunfu.notation.split import BLOCK_CHARS, pieces, split_records, split_stream
from trunfu.notation.writer import write_all

T4 = tags()


def test_a_tags_only_record_followed_by_another_record():
    results = read_text(T4 + "\n" + tags(dealer=2) + "play KS\n")
    assert [r.ok for r in results] == [True, True]
    first, second = (r.record for r in results)
    assert (first.dealer, first.play, second.dealer) == (1, None, 2)
    assert (results[1].line, second.tags[0].line) == (5, 5)


def test_tags_only_records_one_after_the_other_without_blank_lines():
    results = read_text(T4 + T4 + T4)
    assert [r.record.line for r in results] == [1, 4, 7]


def test_a_record_starting_in_the_middle_of_a_line():
    text = T4 + 'play KS [Game "french-tarot"][Seats "4"][Dealer "2"] play QS ZZ\n'
    results = read_text(text)
    assert len(results) == 2
    second = results[1]
    assert (second.line, problems(text)) == (4, [(2, 4, 62, "syntax", "unexpected-text")])
    (result,) = read_text(text.replace(" ZZ", ""))[1:]
    record = result.record
    assert (record.line, record.column) == (4, 9)
    assert (record.tags[0].line, record.tags[0].column, record.tags[0].value_column) == (4, 10, 15)
    assert (record.play.line, record.play.column) == (4, 54)
    assert record.play.tricks[0].cards.card(0).column == 59


def test_brackets_inside_strings_and_comments_do_not_start_records():
    text = T4 + '[Event "a [b] c"]\nplay KS {see [Game "x"] here} ; [Game "y"]\n QS\n'
    (result,) = read_text(text)
    assert result.ok
    assert result.record.play.tricks[0].cards.card(0).comments == ('see [Game "x"] here',)


def test_a_second_game_tag_starts_a_new_record():
    results = read_text(
        '[Game "french-tarot"][Seats "4"]\n[Game "marafone"][Seats "4"][Dealer "1"]'
    )
    assert [r.record.tag("Game") for r in results] == ["french-tarot", "marafone"]
    assert results[0].diagnostics[0].code == "missing-tag"


def test_an_unterminated_comment_stops_at_the_next_game_tag_in_column_one():
    text = T4 + "play KS {oops\nQS\n" + T4 + "play JS\n"
    results = read_text(text)
    assert [r.record is not None for r in results] == [False, True]
    assert problems(text) == [(1, 4, 9, "syntax", "unterminated-comment")]
    assert results[1].record.play.tricks[0].cards.card(0).line == 9


def test_an_indented_game_tag_inside_an_open_comment_stays_in_the_comment():
    text = T4 + 'play KS {note\n  [Game "x"]\n}\n'
    (result,) = read_text(text)
    assert result.ok
    assert result.record.play.tricks[0].cards.card(0).comments == ('note\n[Game "x"]',)


def test_percent_lines_keep_line_numbers():
    text = "%header\n" + T4 + "%x\nplay ZZ\n"
    assert problems(text) == [(1, 6, 6, "syntax", "unexpected-text")]


def test_chunks_give_where_each_record_starts():
    lines = io.StringIO(T4 + "play KS " + '[Game "x"]\n\n{c}\n[Game "y"]\n').readlines()
    chunks = list(split_records(lines))
    assert [(c.line, c.column) for c in chunks] == [(1, 1), (4, 9), (7, 1)]
    assert "".join(c.text for c in chunks) == "".join(lines)


def test_records_are_streamed_from_an_endless_source():
    record = T4 + "play KS QS JS 10S\n\n"
    source = itertools.cycle(io.StringIO(record).readlines())
    consumed = 0

    class Endless(io.TextIOBase):
        def readline(self, size: int = -1) -> str:
            nonlocal consumed
            consumed += 1
            return next(source)

    results = read(Endless())
    first = [next(results) for _ in range(3)]
    assert [r.ok for r in first] == [True, True, True]
    assert consumed < 30


# -- the block splitter (`split_stream`) cuts every text as the line splitter does

LINES = [
    '[Game "marafone"]\n',
    '[Game "french-tarot"]\n',
    '[Seats "4"]\n',
    '[ Dealer  "1" ] \n',
    '[Event "a \\"quoted\\" [Game \\"x\\"]"]\n',
    '[Game "x"] [Seats "4"]\n',
    '[Event "Game"]\n',
    "\n",
    "  \n",
    "play\n",
    "  1. KS QS JS 10S\n",
    "deal 1: KS\n",
    "  KS {a comment}\n",
    "{ an open comment\n",
    "}\n",
    "% a skipped line\n",
    "  50% off\n",
    "; to the end\n",
    'play KS [Seats "4"]\n',
    '\ufeff[Game "marafone"]\n',
    "\ufeff",
    '"a string\n',
    "]\n",
    "KS",
    "\r\n",
    # a tag broken across lines, a BOM inside a line
    "[\n",
    "[ {c}\n",
    "[ {c\n",
    "[ ; c\n",
    "[\r",
    "\r",
    'Game "marafone"]\n',
    "Seats\n",
    '"4"\n',
    " {c} ]\n",
    'play KS\ufeffQS "\ufeff" {\ufeff}\n',
    '  \ufeff[Seats "4"]\n',
]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(LINES) | st.text(max_size=4), max_size=30).map("".join),
    st.integers(1, 80),
)
@example('[Game "marafone"]\n\n[Seats "4"]\nplay\n', 80)  # a tags-only start goes on
@example('[Game "marafone"]\n[Game "marafone"]\nplay\n', 80)  # a second Game: a record
@example('[Game "marafone"]\n[ Game\t"marafone"]\nplay\n', 80)  # spaced, all the same
@example('[Game "marafone"]\n[Event "Game"]\nplay\n', 80)  # a value is not a Game tag
@example('[Game "marafone"]\n[\nGame "marafone"]\nplay\n', 80)  # Game, a line after its [
@example('[Game "marafone"]\n[{c}\nSeats "4"]\nplay\n', 80)  # not Game: the same record
@example('[Game "marafone"]\n\ufeff[Game "marafone"]\nplay\n', 1)  # a BOM starting a line
def test_the_block_splitter_cuts_as_the_line_splitter(text, block):
    expected = list(split_records(pieces(io.StringIO(text))))
    assert list(split_stream(io.StringIO(text), block)) == expected


@pytest.mark.parametrize("game, seats", [("tarocco-siciliano", 4), ("marafone", 5)])
@pytest.mark.parametrize("block", [1, 300, 4096, BLOCK_CHARS])
def test_the_block_splitter_cuts_canonical_records_alone(game, seats, block, monkeypatch):
    """Simulated (canonical) records are all cut by the regex, whatever the block size: the
    line splitter is never called."""
    text = write_all(simulate(game, seats, 40, 7))
    expected = list(split_records(pieces(io.StringIO(text))))
    monkeypatch.setattr(split, "split_records", lambda *_: pytest.fail("fell back"))
    assert list(split_stream(io.StringIO(text), block)) == expected
    assert len(expected) == 40


# -- no record boundary falls inside a tag, however its parts are laid out (spec §2)

GAPS = ["", " ", "\t", "\n", "\r", "\n\n", "{c}", "{a\nb}", " ; c\n", "\n% x\n", "\ufeff"]


@st.composite
def laid_out_tag(draw, name: str, value: str) -> str:
    """`[name "value"]` with white space, comments and BOMs between its parts."""
    gaps = st.lists(st.sampled_from(GAPS), max_size=3).map("".join)
    return f'[{draw(gaps)}{name}{draw(gaps)}"{value}"{draw(gaps)}]'


@st.composite
def laid_out_records(draw) -> tuple[str, list[list[tuple[str, str]]]]:
    """Records whose tags are laid out in any way the spec allows, some with a body, some
    tags only, each maybe starting with a BOM (files joined by `cat`); and their tags."""
    text, expected = "", []
    for _ in range(draw(st.integers(1, 4))):
        game = draw(st.sampled_from(["french-tarot", "marafone"]))
        values = [("Game", game), ("Seats", "4"), ("Dealer", str(draw(st.integers(1, 4))))]
        gap = st.sampled_from(["", "\n", " ", "\n{x}\n"])
        tag_text = "".join(draw(laid_out_tag(*tag)) + draw(gap) for tag in values)
        body = draw(st.sampled_from(["", "\nplay\n  1. AS 2S 3S 4S\n", "\n{note} play AS\n"]))
        text += draw(st.sampled_from(["", "\ufeff"])) + tag_text + body + "\n"
        expected.append(values)
    return text, expected


def _kept(text: str) -> str:
    """What the splitter keeps of the records of `text`, white space aside: all but `%`
    lines and BOMs."""
    return "".join(re.sub(r"(?m)^\ufeff*%.*", "", text).replace("\ufeff", "").split())


@settings(max_examples=300, deadline=None)
@given(laid_out_records(), st.integers(1, 80))
def test_a_tag_laid_out_over_lines_stays_in_its_record(found, block):
    text, expected = found
    chunks = list(split_records(pieces(io.StringIO(text))))
    assert list(split_stream(io.StringIO(text), block)) == chunks
    assert len(chunks) == len(expected)
    assert _kept("".join(chunk.text for chunk in chunks)) == _kept(text)
    results = read_text(text)
    assert [[(t.name, t.value) for t in r.record.tags] for r in results] == expected
