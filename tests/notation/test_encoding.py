"""Bytes that are not UTF-8 (issue 17): an `encoding` diagnostic at the first bad byte of
the record that holds it, the other records read as usual, the bytes kept as they were;
the dashboard's upload finds the same byte at the same place."""

from __future__ import annotations

import io

import pytest
from tgn_helpers import tags

from trunfu.dashboard.uploads import check_upload
from trunfu.notation import encoding
from trunfu.notation.reader import read, text_stream

GOOD = tags() + "\nauction\n  passe passe passe passe\n"
EVENT = b'[Event "caf\xc3\xa9 \xff night"]\n'
"""A tag whose value holds an `é` (two bytes, one column) and then a bad byte."""


def _diagnostics(results) -> list[tuple[int, int, int, str, str]]:
    return [(d.record, d.line, d.column, d.cls, d.code) for r in results for d in r.diagnostics]


def _file(tmp_path, data: bytes):
    path = tmp_path / "bytes.tgn"
    path.write_bytes(data)
    return path


def test_a_bad_byte_is_reported_in_its_record_and_the_others_read(tmp_path):
    second = tags().encode() + EVENT + b"\nauction\n  passe passe passe passe\n"
    path = _file(tmp_path, (GOOD + "\n").encode() + second + b"\n" + GOOD.encode())
    results = list(read(path))
    assert [r.ok for r in results] == [True, False, True]
    assert _diagnostics(results) == [(2, 11, 14, "encoding", "not-utf-8")]
    message = results[1].diagnostics[0].message
    assert message == "byte 0xff is not UTF-8; TGN files are UTF-8 text"
    assert results[1].record is None
    assert encoding.raw_bytes(results[1].text).rstrip(b"\n") == second.rstrip(b"\n")


def test_the_first_bad_byte_of_a_record_is_the_one_reported(tmp_path):
    text = tags().encode() + b"{ \xe9t\xe9 }\nauction\n  passe \xfe passe passe passe\n"
    assert _diagnostics(read(_file(tmp_path, text))) == [(1, 4, 3, "encoding", "not-utf-8")]


def test_an_overlong_encoding_and_a_cut_sequence_are_bad_bytes(tmp_path):
    for bad in (b"\xc0\xaf", b"\xed\xa0\x80", b"\xe2\x82"):  # '/' too long; a surrogate; cut
        data = tags().encode() + b'[Event "' + bad + b'"]\n'
        assert _diagnostics(read(_file(tmp_path, data))) == [(1, 4, 9, "encoding", "not-utf-8")]


def test_a_bad_byte_in_an_ignored_line_is_reported(tmp_path):
    data = (GOOD + "% a note\n").encode() + b"% caf\xe9\n"
    assert _diagnostics(read(_file(tmp_path, data))) == [(1, 8, 6, "encoding", "not-utf-8")]


def test_a_record_starting_mid_line_counts_its_columns_from_the_line(tmp_path):
    second = b'[Game "french-tarot"] [Seats "4"] [Dealer "1"] [Event "\xff"]\n'
    data = GOOD.rstrip("\n").encode() + b" " + second  # the second starts at column 27
    results = list(read(_file(tmp_path, data)))
    assert _diagnostics(results) == [(2, 6, 82, "encoding", "not-utf-8")]
    assert results[0].ok and encoding.raw_bytes(results[1].text) == second


@pytest.mark.parametrize("ends", ["\n", "\r\n"])
def test_standard_input_a_bom_and_crlf_give_the_same_place(tmp_path, ends):
    data = ("\ufeff" + GOOD).replace("\n", ends).encode() + EVENT.replace(b"\n", ends.encode())
    from_file = _diagnostics(read(_file(tmp_path, data)))
    from_stdin = _diagnostics(read(text_stream(io.BytesIO(data)), "<stdin>"))
    assert from_file == from_stdin == [(2, 7, 14, "encoding", "not-utf-8")]


def test_the_upload_page_finds_the_byte_where_the_reader_does():
    data = ("\ufeff" + GOOD).replace("\n", "\r\n").encode() + EVENT
    report = check_upload("x.tgn", data)
    assert report.records == []
    assert report.error == "x.tgn:7:14: byte 0xff is not UTF-8; TGN files are UTF-8 text."


def test_valid_text_is_untouched_by_the_helpers():
    text = "café ♠ 🂡\n"
    assert encoding.find(text) is None
    assert encoding.readable(text) is text
    assert encoding.raw_bytes(text) == text.encode()
    bad = encoding.decode(b"a\n\xffb")
    assert encoding.find(bad, 3, 5) == (4, 1, "byte 0xff is not UTF-8; TGN files are UTF-8 text")
    assert encoding.readable(bad) == "a\n\ufffdb"
