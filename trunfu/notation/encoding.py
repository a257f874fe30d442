"""Bytes that are not UTF-8 (spec §1: a TGN file is UTF-8 text): read, found, given back.

Files are decoded with `surrogateescape`: each byte that is not part of valid UTF-8 becomes
one lone surrogate (U+DC80-U+DCFF). So reading never fails and never changes a byte; a
record is checked by one search for such a character (a valid file has none); its
position counts in characters, as every other diagnostic's; and `raw_bytes` gives the
bytes back exactly as they were. The command line and the dashboard's upload both find a
bad byte with `find`.
"""

from __future__ import annotations

import re

ERRORS = "surrogateescape"
"""The decoding error handler of every TGN file read."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def decode(data: bytes) -> str:
    """The text of `data`, each byte that is not UTF-8 kept as a lone surrogate."""
    return data.decode("utf-8", ERRORS)


def find(text: str, line: int = 1, column: int = 1) -> tuple[int, int, str] | None:
    """The line, column and message of the first byte of `text` that was not UTF-8, or
    None (`text` starts at `line`, `column` of its file)."""
    if text.isascii():  # the common case, at the speed of a memory scan
        return None
    try:  # a lone surrogate is all that UTF-8 cannot encode: no regex needed
        text.encode("utf-8")
        return None
    except UnicodeEncodeError as error:
        at = error.start
    newlines = text.count("\n", 0, at)
    if newlines:
        line, column = line + newlines, at - text.rfind("\n", 0, at)
    else:
        column += at
    return line, column, _message(text[at])


def _message(char: str) -> str:
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"byte 0x{code - 0xDC00:02x} is not UTF-8; TGN files are UTF-8 text"
    return f"U+{code:04X} is a lone surrogate, not a character; TGN files are UTF-8 text"


def raw_bytes(text: str) -> bytes:
    """The bytes `text` was decoded from (see `decode`): its bad bytes as they were."""
    try:
        return text.encode("utf-8", ERRORS)
    except UnicodeEncodeError:  # a surrogate that stands for no byte (a str made in Python)
        return text.encode("utf-8", "surrogatepass")


def readable(text: str) -> str:
    """`text` with each bad byte shown as U+FFFD: valid UTF-8, for display and storage."""
    return text if find(text) is None else _SURROGATE.sub("\ufffd", text)
