"""Lark's parse errors told in a player's words (spec §7)."""

from __future__ import annotations

import re

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .words import SECTION_KEYS as KEYWORDS

_WORD = re.compile(r"[^\s{}\[\];\"]{1,30}")
_KEYWORD_TERMINALS = {"KEYWORD", "KW_TRUMP"}

# What each terminal stands for, in words.
EXPECTED = {
    "LSQB": 'a tag such as [Game "..."]',
    "TAG": 'a tag such as [Game "..."]',
    "RSQB": "`]` closing the tag",
    "TAG_NAME": "a tag name",
    "STRING": "a tag value in double quotes",
    "RUN": "the items of the section",
    "SUIT": "a suit letter",
    "KEYWORD": "a section keyword",
    "KW_TRUMP": "a section keyword",
}

SECTION_ITEMS = {
    "deal": ("hands (`1:` and cards, `talon:`, `dead:`)",),
    "auction": ("calls", "cards"),
    "call": ("cards",),
    "discard": ("cards",),
    "exchange": ("exchanges such as `1>2: KS`", "cards"),
    "announce": ("announcements such as `1: scommessa`", "cards"),
    "play": ("tricks (cards, `N.`, `fuori N`, `penalty N`)",),
}
"""What may stand in each section's text, in words."""


SHOWN_CHARS = 24
"""The most characters of a word that a message quotes."""


def brief(text: str) -> str:
    """`text` as a message quotes it: a long one cut, its length told (a value or number of
    thousands of characters would drown the message)."""
    if len(text) <= SHOWN_CHARS:
        return text
    return f"{text[:SHOWN_CHARS]}… ({len(text):,} characters)"


def _describe(expected: set[str], section: str | None = None) -> str:
    words = {EXPECTED.get(name, name) for name in expected}
    if section in SECTION_ITEMS and "RUN" in expected:
        words = (words - {EXPECTED["RUN"]}) | set(SECTION_ITEMS[section])
    return _listed(sorted(words))


def _listed(words: list[str]) -> str:
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _word_at(text: str, pos: int) -> str:
    match = _WORD.match(text, pos)
    return match.group() if match else text[pos : pos + 1]


def _unknown_keyword(word: str, allowed: set[str]) -> bool:
    """A lower-case word where a section keyword may stand, which is none."""
    return bool(allowed & _KEYWORD_TERMINALS) and word.isalpha() and word.islower()


def _keyword_message(word: str) -> str:
    return (
        f"`{word}` is not a section keyword or a word this section accepts; "
        f"sections are {', '.join(KEYWORDS)}"
    )


def _string_problem(text: str, pos: int, line: int, column: int) -> tuple[int, int, str, str]:
    """What is wrong with the tag value starting at `text[pos]` (a `"`)."""
    i = pos + 1
    while i < len(text):
        char = text[i]
        if char == "\\":
            if text[i + 1 : i + 2] in ('"', "\\"):
                i += 2
                continue
            return (
                line,
                column + i - pos,
                "bad-escape",
                'a tag value may hold only the escapes \\" and \\\\',
            )
        if char == "\t":
            return line, column + i - pos, "bad-string", "a tag value may not hold a tab"
        if char in "\r\n" or char == '"':
            break
        i += 1
    return line, column, "unterminated-string", 'this tag value has no closing `"` on its line'


def expected_in(section: str) -> str:
    """What may stand in the text of `section`, in words."""
    return _listed(sorted({"a section keyword", *SECTION_ITEMS[section]}))


def unplaced(word: str, section: str) -> tuple[str, str]:
    """(code, message) for `word`, which cannot stand where it stands in `section`."""
    char = word[:1]
    if char == "\ufffd" or char == "\x00" or (char and ord(char) < 32):
        return (
            "bad-character",
            "this is not TGN text (bytes that are not UTF-8 text, or a control character)",
        )
    word = _word_at(word, 0)
    if word.isalpha() and word.islower():
        return "unknown-keyword", _keyword_message(word)
    return "unexpected-text", f"`{word}` is not understood here: expected {expected_in(section)}"


_TEXT_TOKENS = {"RUN", "TAG_NAME", "SUIT"}


def _characters(
    text: str, pos: int, line: int, column: int, allowed: set[str], section: str | None
) -> tuple[int, int, str, str]:
    """(line, column, code, message) for text at `text[pos]` where only `allowed` may stand."""
    char = text[pos]
    if char == "{":
        return line, column, "unterminated-comment", "this `{` comment is never closed by `}`"
    if char == '"':
        return _string_problem(text, pos, line, column)
    if char == "\ufffd" or char == "\x00" or (ord(char) < 32 and char not in "\t\n\r\f"):
        return (
            line,
            column,
            "bad-character",
            "this is not TGN text (bytes that are not UTF-8 text, or a control character)",
        )
    word = _word_at(text, pos)
    if _unknown_keyword(word, allowed):
        return line, column, "unknown-keyword", _keyword_message(word)
    if allowed <= {"TAG_NAME"}:
        return (
            line,
            column,
            "bad-tag",
            f"`{word}` is not a tag name (a letter, then letters, digits or _)",
        )
    expected = _describe(allowed, section)
    return (
        line,
        column,
        "unexpected-text",
        f"`{word}` is not understood here" + (f": expected {expected}" if expected else ""),
    )


def syntax_message(
    error: UnexpectedInput, text: str, section: str | None = None
) -> tuple[int, int, str, str]:
    """(line, column, code, message) for a parse error in `text` (lines of the chunk);
    `section`: the keyword of the section open where it stands, if any."""
    if isinstance(error, UnexpectedEOF):
        lines = text.rstrip().splitlines() or [""]
        return (
            len(lines),
            len(lines[-1]) + 1,
            "unexpected-end",
            f"the record ends too early: expected {_describe(set(error.expected))}",
        )
    line, column = error.line, error.column
    if isinstance(error, UnexpectedCharacters):
        allowed = set(error.allowed or ())
        return _characters(text, error.pos_in_stream, line, column, allowed, section)
    if isinstance(error, UnexpectedToken) and error.token.type in _TEXT_TOKENS:
        # text the state's lexer does not take, which the lexer of every state reads as
        # a token of another place: told as the characters it is
        pos = error.token.start_pos or 0
        return _characters(text, pos, line, column, set(error.expected), section)
    assert isinstance(error, UnexpectedToken)
    token = error.token
    if token.type == "$END":
        lines = text.rstrip().splitlines() or [""]
        return (
            len(lines),
            len(lines[-1]) + 1,
            "unexpected-end",
            f"the record ends too early: expected {_describe(set(error.expected))}",
        )
    value = str(token).rstrip()[:30]
    word = _word_at(text, token.start_pos) if token.start_pos is not None else value
    if _unknown_keyword(word, set(error.expected)):
        return line, column, "unknown-keyword", _keyword_message(word)
    if token.type.startswith("KW_") or word in KEYWORDS:
        return (
            line,
            column,
            "misplaced-keyword",
            f"`{word}` cannot stand here: expected {_describe(set(error.expected))}",
        )
    return (
        line,
        column,
        "unexpected-text",
        f"`{value}` cannot stand here: expected {_describe(set(error.expected))}",
    )
