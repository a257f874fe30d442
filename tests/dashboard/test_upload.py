"""The Upload page: verdicts per record, errors at their line with the offending line shown,
limits, binary files."""

from __future__ import annotations

from conftest import EXAMPLE

from trunfu.dashboard import uploads

GOOD = EXAMPLE.read_text(encoding="utf-8")  # the worked example: a valid deal
BAD = """[Game "tarocco-siciliano"]
[Seats "4"]
[Dealer "2"]
[Event "Bad one"]

play
  1. KB CB ZZ 9B
"""
TWO = GOOD + "\n" + BAD
BAD_START = len(GOOD.splitlines()) + 2  # after the good record and one empty line
ZZ_LINE = BAD_START + 6  # `  1. KB CB ZZ 9B`, column 12


def test_checker_finds_the_error_at_its_line_with_the_offending_line() -> None:
    report = uploads.check_upload("two.tgn", TWO.encode())
    assert [c.valid for c in report.records] == [True, False]
    bad = report.records[1]
    assert bad.line == BAD_START
    (problem,) = bad.problems
    assert (problem.diagnostic.line, problem.diagnostic.column) == (ZZ_LINE, 12)
    assert problem.source == "  1. KB CB ZZ 9B"
    assert problem.caret.splitlines()[1] == " " * 11 + "^"


def test_binary_oversize_and_non_utf8_files_are_refused_with_a_reason() -> None:
    assert "binary" in uploads.check_upload("x.tgn", b"\x89PNG\r\n\x00\x00").error
    big = b"; x\n" * (uploads.MAX_FILE_BYTES // 4 + 1)
    assert (
        "big.tgn is too large to check here: 5.0 MB" in uploads.check_upload("big.tgn", big).error
    )
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
    assert f"two.tgn:{ZZ_LINE}:12" in text
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
    assert any(e.startswith(f"line {ZZ_LINE}, column 12: syntax") for e in errors)
    assert "  1. KB CB ZZ 9B\n           ^" in [c.value for c in at.code]


def test_page_refuses_a_binary_file_and_still_checks_pasted_text(open_page, no_archive) -> None:
    at = open_page("upload")
    at.get("file_uploader")[0].upload("photo.tgn", b"\xff\xd8\xff\x00\x10JFIF", "image/jpeg")
    at.text_area(key="pasted").input(GOOD)
    at.run()
    assert any("binary" in e.value for e in at.error)
    assert "1 record: 1 valid, 0 invalid" in [s.value for s in at.subheader]


def test_a_valid_upload_opens_in_the_replay(open_page, no_archive) -> None:
    at = open_page("upload")
    at.get("file_uploader")[0].upload("two.tgn", TWO.encode(), "text/plain")
    at.run()
    at.button(key="replay-0").click().run()
    assert not at.exception
    assert at.query_params["record"].startswith("upload:")
    assert any(m.value.startswith("**Step 0 of ") for m in at.markdown)
    assert "### Worked example" in at.markdown[0].value


def test_valid_records_are_added_to_the_archive_once(open_page, no_archive) -> None:
    at = open_page("upload")
    at.get("file_uploader")[0].upload("two.tgn", TWO.encode(), "text/plain")
    at.run()
    add = next(b for b in at.button if b.label == "Add the 1 valid record to the archive")
    add.click().run()
    assert "1 record(s) added to the archive;" in at.success[0].value
    assert str(no_archive) not in at.success[0].value  # no path of the server
    assert open_page("statistics").metric[0].value == "1"  # the dashboard now reads it
    add = next(b for b in at.button if b.label == "Add the 1 valid record to the archive")
    add.click().run()
    assert "0 record(s) added" in at.success[0].value
    assert "1 were already there" in at.success[0].value
    search = open_page("search")
    assert list(search.dataframe[0].value["event"]) == ["Worked example"]


def test_an_empty_file_holds_no_records(open_page, no_archive) -> None:
    assert uploads.check_upload("e.tgn", b"").error == "e.tgn is empty: it holds no records."
    only = uploads.check_upload("c.tgn", b"% a note\n{ a comment }\n").error
    assert only and "holds no records" in only  # comments only
    at = open_page("upload")
    at.get("file_uploader")[0].upload("empty.tgn", b"", "text/plain")
    at.run()
    assert "empty.tgn is empty: it holds no records." in [e.value for e in at.error]


def test_a_file_that_is_not_tgn_stops_at_once(open_page, no_archive) -> None:
    csv = "".join(f"{n},{n * 2},some text\n" for n in range(30_000)).encode()
    report = uploads.check_upload("table.csv.tgn", csv)
    assert report.error.startswith("table.csv.tgn is not TGN:")
    assert not report.records  # not 30,000 "records" of errors
    at = open_page("upload")
    at.get("file_uploader")[0].upload("table.tgn", csv, "text/plain")
    at.run()
    assert any(e.value.startswith("table.tgn is not TGN") for e in at.error)
    assert not at.subheader  # no count of records: there are none


def test_a_file_over_the_limit_is_told_on_the_page(open_page, no_archive) -> None:
    at = open_page("upload")
    big = b"% x\n" * (uploads.MAX_FILE_BYTES // 4 + 1)
    at.get("file_uploader")[0].upload("big.tgn", big, "text/plain")
    at.run()
    assert any(e.value.startswith("big.tgn is too large to check here") for e in at.error)
