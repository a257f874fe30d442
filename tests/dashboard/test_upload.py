"""The Upload page: verdicts per record, errors at their line with the offending line shown,
limits, binary files."""

from __future__ import annotations

from trunfu.dashboard import uploads

GOOD = """[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "2"]
[Event "Good one"]

play
  1. KB CB 6B 9B
"""
BAD = """[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "2"]
[Event "Bad one"]

play
  1. KB CB ZZ 9B
"""
TWO = GOOD + "\n" + BAD  # the bad record starts on line 9; its `ZZ` is on line 15


def test_checker_finds_the_error_at_its_line_with_the_offending_line() -> None:
    report = uploads.check_upload("two.tgn", TWO.encode())
    assert [c.valid for c in report.records] == [True, False]
    bad = report.records[1]
    assert bad.line == 9
    (problem,) = bad.problems
    assert (problem.diagnostic.line, problem.diagnostic.column) == (15, 12)
    assert problem.source == "  1. KB CB ZZ 9B"
    assert problem.caret.splitlines()[1] == " " * 11 + "^"


def test_binary_oversize_and_non_utf8_files_are_refused_with_a_reason() -> None:
    assert "binary" in uploads.check_upload("x.tgn", b"\x89PNG\r\n\x00\x00").error
    big = b"; x\n" * (uploads.MAX_FILE_BYTES // 4 + 1)
    assert "up to" in uploads.check_upload("big.tgn", big).error
    error = uploads.check_upload("l1.tgn", b'[Game "caf\xe9"]\n').error
    assert error.startswith("l1.tgn:1:11:")


def test_records_past_the_limit_are_counted_not_judged() -> None:
    report = uploads.check_text("many.tgn", "\n".join([GOOD] * 5), max_records=3)
    assert len(report.records) == 3
    assert report.skipped == 2


def test_errors_file_keeps_the_text_and_reads_back_to_the_same_records() -> None:
    report = uploads.check_upload("two.tgn", TWO.encode())
    text = uploads.errors_file(report.invalid)
    assert "% two.tgn record 1" not in text
    assert "two.tgn:15:12" in text
    again = uploads.check_text("again.tgn", text)
    assert [c.valid for c in again.records] == [False]
    assert '[Event "Bad one"]' in again.records[0].text
    assert again.records[0].problems[0].source == "  1. KB CB ZZ 9B"


def test_page_reports_each_record_and_the_error_line(open_page, no_archive) -> None:
    at = open_page("upload")
    at.get("file_uploader")[0].upload("two.tgn", TWO.encode(), "text/plain")
    at.run()
    assert not at.exception
    assert "2 records: 1 valid, 1 invalid" in [s.value for s in at.subheader]
    errors = [e.value for e in at.error]
    assert any(e.startswith("line 15, column 12: syntax") for e in errors)
    assert "  1. KB CB ZZ 9B\n           ^" in [c.value for c in at.code]


def test_page_refuses_a_binary_file_and_still_checks_pasted_text(open_page, no_archive) -> None:
    at = open_page("upload")
    at.get("file_uploader")[0].upload("photo.tgn", b"\xff\xd8\xff\x00\x10JFIF", "image/jpeg")
    at.text_area(key="pasted").input(GOOD)
    at.run()
    assert any("binary" in e.value for e in at.error)
    assert "1 record: 1 valid, 0 invalid" in [s.value for s in at.subheader]
