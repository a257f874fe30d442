"""Bad input (issue 2): each case gives diagnostics with positions, or is accepted as the
spec says; never an exception. Files are made in tmp_path by the tests."""

from __future__ import annotations

import random
import tracemalloc

import pytest
from tgn_helpers import problems, tags

from trunfu.notation.reader import read, read_text
from trunfu.notation.schema import dump
from trunfu.notation.split import MAX_RECORD_CHARS

T4 = tags()
GOOD = (
    T4 + '[Event "Bad input"]\n\nauction\n  passe prise passe passe\n'
    "play\n  1. KS QS JS 10S\n  2. T21 T1 EX 2H\n"
)


def read_file(path) -> list:
    return list(read(path))


@pytest.mark.parametrize("cut", range(1, len(GOOD) - 1, 7))
def test_truncated_file_gives_diagnostics_or_a_shorter_record(tmp_path, cut):
    path = tmp_path / "cut.tgn"
    path.write_text(GOOD[:cut], encoding="utf-8")
    results = read_file(path)
    for result in results:
        for d in result.diagnostics:
            assert d.file == str(path) and d.line >= 1 and d.column >= 1 and d.message
        if result.record is None:
            assert result.diagnostics


def test_truncated_inside_a_tag_value():
    assert problems(GOOD[: GOOD.index("Bad") + 2]) == [(1, 4, 8, "syntax", "unterminated-string")]


def test_binary_junk_never_raises(tmp_path):
    rng = random.Random(7)
    for n in range(20):
        path = tmp_path / f"junk{n}.tgn"
        path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 3000))))
        for result in read_file(path):
            assert result.record is not None or result.diagnostics
            for d in result.diagnostics:
                assert d.line >= 1 and d.column >= 1


def test_bytes_that_are_not_utf8_are_an_encoding_error_at_their_place(tmp_path):
    path = tmp_path / "latin1.tgn"
    path.write_bytes((T4 + "play KS Q\xe9\n").encode("latin-1"))
    assert [(d.line, d.column, d.code) for r in read_file(path) for d in r.diagnostics] == [
        (4, 10, "not-utf-8")
    ]
    path.write_bytes(T4.encode() + b"play KS \xff\xfe\n")
    assert [(d.line, d.column, d.code) for r in read_file(path) for d in r.diagnostics] == [
        (4, 9, "not-utf-8")
    ]


def test_a_nul_byte_after_the_tags():
    assert problems('[Game "x"]\x00\n') == [(1, 1, 11, "syntax", "bad-character")]


def test_a_50_mb_single_line_is_reported_with_bounded_memory(tmp_path):
    path = tmp_path / "huge.tgn"
    with open(path, "w", encoding="utf-8") as out:
        out.write(T4 + "play ")
        chunk = "KS QS JS 10S " * 10_000
        for _ in range(50_000_000 // len(chunk) + 1):
            out.write(chunk)
        out.write("\n\n" + T4 + "play KS\n")
    tracemalloc.start()
    try:
        results = read_file(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(results) == 2
    first, second = results
    assert [(d.line, d.column, d.code) for d in first.diagnostics] == [(1, 1, "record-too-long")]
    assert first.record is None and str(MAX_RECORD_CHARS)[:1] in first.diagnostics[0].message
    assert second.ok and second.record.play.tricks[0].cards.card(0).line == 9
    assert peak < 12 * MAX_RECORD_CHARS  # a few pieces of a line, not the 50 MB


def test_unterminated_comment_at_end_of_file():
    assert problems(T4 + "play KS {no end\n QS\n") == [(1, 4, 9, "syntax", "unterminated-comment")]


def test_unknown_section_keyword_does_not_stop_the_next_record():
    text = T4 + "bidding passe\n\n" + T4 + "play KS\n"
    assert problems(text) == [(1, 4, 1, "syntax", "unknown-keyword")]
    assert read_text(text)[1].ok


def test_crlf_reads_like_lf(tmp_path):
    lf = read_text(GOOD)[0].record
    path = tmp_path / "crlf.tgn"
    path.write_bytes(GOOD.replace("\n", "\r\n").encode())
    (crlf,) = read_file(path)
    assert crlf.ok
    assert dump(crlf.record, exclude={"file"}) == dump(lf, exclude={"file"})
    (text,) = read_text(GOOD.replace("\n", "\r\n"))
    assert dump(text.record) == dump(lf)


def test_bom_is_skipped_and_columns_unchanged(tmp_path):
    path = tmp_path / "bom.tgn"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    (result,) = read_file(path)
    assert result.ok and result.record.tags[0].column == 2
    (result,) = read_text("\ufeff" + GOOD)
    assert result.ok and result.record.tags[0].column == 2


def test_boms_that_start_a_line_are_white_space(tmp_path):
    """Two BOMs read as one (a file saved twice with one), and BOMs alone hold no record."""
    path = tmp_path / "bom2.tgn"
    path.write_bytes(b"\xef\xbb\xbf" * 2 + GOOD.encode())
    for results in (read_file(path), read_text("\ufeff\ufeff" + GOOD)):
        (result,) = results
        assert result.ok and result.record.tags[0].column == 2
    assert read_text("\ufeff\ufeff") == [] and read_text("\ufeff") == []
    assert read_text("\ufeff\n") == [] and read_text("\ufeff\n\ufeff\ufeff\n") == []


def test_tabs_separate_items_and_count_as_one_column():
    (result,) = read_text(T4 + "play\t1.\tKS\tQS\n\tJS\t10S\n")
    assert result.ok
    cards = result.record.play.tricks[0].cards
    assert cards.positions() == [(4, 9), (4, 12), (5, 2), (5, 5)]


def test_tab_inside_a_tag_value_is_an_error():
    assert problems('[Event "a\tb"]\n') == [(1, 1, 10, "syntax", "bad-string")]


def test_seats_and_dealer_that_are_digits_but_not_ascii():
    text = '[Game "french-tarot"]\n[Seats "²"]\n[Dealer "٣"]\nplay KS\n'
    assert problems(text) == [(1, 2, 8, "syntax", "bad-seats")]
    text = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "٣"]\n'
    assert problems(text) == [(1, 3, 9, "syntax", "bad-dealer")]
