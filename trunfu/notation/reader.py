"""The TGN reader: text → `Record` models with positions, and diagnostics (spec §1–§5, §7).

`read()` streams records from a path, a string or a text stream; each record is parsed on
its own, so a syntax error in one never stops the reading of the next ones.
"""

from __future__ import annotations

import bz2
import gc
import gzip
import io
import re
import sys
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from itertools import pairwise, product
from pathlib import Path
from typing import Any, BinaryIO, NamedTuple, TextIO

from lark import Token, Transformer
from lark.exceptions import LarkError, UnexpectedInput

from . import checks, encoding
from .decks import ANNOUNCEMENT_SPELLINGS, GAMES, NAG_MAX, SIGNALS, Game
from .errors import brief, syntax_message
from .grammar import build_parser, item_scanner, terminal_regexps
from .models import (
    Announcement,
    Announcements,
    Auction,
    Call,
    Card,
    CardExtras,
    CardList,
    Claim,
    Cut,
    Deal,
    Diagnostic,
    Hand,
    Node,
    Play,
    PlayedCard,
    ReadResult,
    Record,
    Section,
    Tag,
    Trick,
    Trump,
    number,
    trusted,
)
from .schema import load
from .split import MAX_RECORD_CHARS, Chunk, pieces, split_records, split_stream

_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")
_WS_DASH = re.compile(r"[\s-]+")
_NONSPACE = re.compile(r"\S+")
_TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
_TAG_VALUE = r'"(?:[^"\\\t\r\n]++|\\["\\])*+"'
_ONE_TAG = re.compile(rf"[ \t\f\r\n]*\[[ \t]*({_TAG_NAME})[ \t]*({_TAG_VALUE})[ \t]*\]")
"""A tag `[Name "value"]` as the grammar's `_ONE_TAG` reads it, after any white space: the
grammar's `TAG` token is a run of them. (Possessive runs: the same matches, found without
trying a character at a time.)"""
_TAG_LINE = re.compile(rf"\[({_TAG_NAME}) ({_TAG_VALUE})\]\n")
_TAG_LINES = re.compile(rf"(?:{_TAG_LINE.pattern})++")
"""A tag as the writer writes it, alone on its line with one space between name and value
(the groups); `_TAG_LINES`, a run of them. Each is a tag `_ONE_TAG` reads, the same way."""
_SPACES = re.compile(r"[ \t\f\r\n]*")
SECTION_KEYS = ("deal", "auction", "call", "trump", "discard", "exchange", "announce", "play")
KEYWORDS = {f"KW_{key.upper()}": key for key in SECTION_KEYS}
_SPACE = " \t\f\r\n"
MAX_DIAGNOSTICS = 100


def _fast_items() -> dict[str, tuple[str, str]]:
    """Items whose text alone tells what they are: every spelling of a card code (kind `C`,
    with the upper-case code), seat labels, trick numbers, exchange labels written without
    spaces, one-word calls, announcements and signals. `garde` and `maso` may start a longer
    call (`garde sans`, `maso dei masi`), but what would follow is never in this table, so
    `_plain` gives up on a run holding one, and the item scanner reads it (`_SCAN_FAST`).
    Anything else goes through the scanner."""
    ranks = ("A", *(str(n) for n in range(2, 11)), "J", "C", "Q", "K")
    codes = [f"T{n}" for n in range(22)] + ["EX"] + [r + s for r in ranks for s in "SHDCB"]
    table: dict[str, tuple[str, str]] = {}
    for code in codes:
        for spelling in product(*({c.lower(), c.upper()} for c in code)):
            table["".join(spelling)] = ("C", code)
    for owner in (*(str(n) for n in range(1, 10)), "talon", "dead"):
        table[owner + ":"] = ("HAND_LABEL", owner + ":")
    for n in range(1, 100):
        table[f"{n}."] = ("TRICK_NO", f"{n}.")
    for giver, receiver in product(range(1, 10), repeat=2):
        table[f"{giver}>{receiver}:"] = ("EXCHANGE_LABEL", f"{giver}>{receiver}:")
    words = ["passo", "passe", "pass", "mischio", "pago", "prendo", "chiamo", "prise", "petite"]
    words += ["vado-solo", "altre-cinque", "garde-sans", "garde-contre", "maso-dei-masi"]
    words += ["di-piu", "di-più", "garde", "maso"]
    for word in words:
        table[word] = ("CALL_WORD", word)
    announcements = ["scommessa", "rivanto", "chelem", "poignee", "poignée", "greater"]
    announcements += ["lesser", "trumps", "tarots", "sequence", "ask"]
    for word in announcements:
        table[word] = ("ANNOUNCE_WORD", word)
    for word in SIGNALS:
        table[word] = ("SIGNAL", word)
    table["/"] = ("SLASH", "/")
    return table


_FAST = _fast_items()
_SCAN_FAST = {text: item for text, item in _FAST.items() if text not in ("garde", "maso")}
"""What `_Build._scan` takes from `_FAST` without the scanner: all but the words that may
start a longer call (it reads `garde sans` as one call, where `_plain` gives up)."""
_CODES = frozenset(code for kind, code in _FAST.values() if kind == "C")
"""Card codes as the writer writes them (upper case)."""
_HAND_LABELS = frozenset(text for text, (kind, _) in _FAST.items() if kind == "HAND_LABEL")
_CALL_WORDS = frozenset(text for text, (kind, _) in _FAST.items() if kind == "CALL_WORD")
"""One-word calls in every spelling the lexer reads as one call."""
_ANNOUNCE_WORDS = frozenset(t for t, (kind, _) in _FAST.items() if kind == "ANNOUNCE_WORD")
_SEAT_LABELS = frozenset(label for label in _HAND_LABELS if label[0].isdigit())
# A section keyword as the lexer reads it, and one that starts a line: where the direct
# reading looks for the next section (a keyword anywhere else is not an item of the section
# it stands in, so that section's check fails and the parser reads the record).
_KEYWORD = re.compile(rf"(?:{'|'.join(SECTION_KEYS)})(?![\w:-])")
_NEXT_KEYWORD = re.compile(rf"\n({_KEYWORD.pattern})")


class _Span(NamedTuple):
    """What the builder reads of a lexer's `Token`: the direct reading hands it this
    plain stand-in (lark's `Token` is a `str` subclass, dearer to make for every item)."""

    type: str
    value: str
    line: int
    column: int


def _span(kind: str, text: str, start: int, end: int, line: int = 0) -> _Span:
    """The token the lexer would make of `text[start:end]` (lines and columns 1-based;
    `line`: the line of `start` when known)."""
    line = line or text.count("\n", 0, start) + 1
    return _Span(kind, text[start:end], line, start - text.rfind("\n", 0, start))


Item = tuple[str, str, int, int]  # kind, text, line, column


def _plain(text: str, line: int, column: int, items: list[Item]) -> bool:
    """Append the items of a run whose items are separated by spaces and line breaks and
    are all in `_FAST` (the common case, e.g. canonical text); False, with `items` left as
    it was, when one is not."""
    fast = _FAST
    size = len(items)
    for segment in text.split("\n"):
        for part in segment.split(" "):
            if part:
                hit = fast.get(part)
                if hit is None:
                    del items[size:]
                    return False
                items.append((hit[0], hit[1], line, column))
            column += len(part) + 1
        line += 1
        column = 1
    return True


def _writer_lines(run: str) -> list[list[str]] | None:
    """The words of each line of a section run laid out as the writer lays it out (a line
    break, then lines indented by two spaces, words one space apart), or None. Any other
    layout leaves an empty word or one holding white space, which no label or code is."""
    return [line.split(" ") for line in run[3:].split("\n  ")] if run.startswith("\n  ") else None


def _writer_hands(run: str, line: int) -> list[Hand] | None:
    """The hands of a deal run as the writer writes it (`1: CODE CODE ...`, a line each;
    `line`: the keyword's), read in one pass; None when written otherwise (upper-case
    codes only, no annotation), for `_Build.deal` to read item by item."""
    hands = []
    for at, (label, *codes) in enumerate(_writer_lines(run) or (), line + 1):
        if label not in _HAND_LABELS or not _CODES.issuperset(codes):
            return None
        cards = Card.line_of(codes, at, 4 + len(label))
        hands.append(Hand(line=at, column=3, owner=label[:-1], cards=cards))
    return hands or None


def _writer_calls(
    run: str, line: int, spelling: dict[str, str]
) -> tuple[list[list[Call]], list[Node]] | None:
    """The rounds and `/` marks of an auction run as the writer writes it (one-word calls,
    each maybe followed by the card it names; `/` before each round after the first; the
    calls in the game's `spelling`; `line`: the keyword's), read in one pass; None when
    written otherwise, for `_Build.auction` to read item by item."""
    rounds: list[list[Call]] = [[]]
    separators: list[Node] = []
    for at, words in enumerate(_writer_lines(run) or (), line + 1):
        column = 3
        for word in words:
            if word in _CALL_WORDS:
                call = Call(line=at, column=column, word=spelling.get(word, word))
                rounds[-1].append(call)
            elif word == "/":
                separators.append(Node(line=at, column=column))
                rounds.append([])
            elif word in _CODES and rounds[-1] and rounds[-1][-1].card is None:
                rounds[-1][-1].card = Card(word, at, column)
            else:
                return None
            column += len(word) + 1
    return (rounds, separators) if rounds[0] or separators else None


def _writer_announcements(run: str, line: int) -> list[Announcement] | None:
    """The announcements of a run as the writer writes them (`N: word CODE ...`, one a
    line; `line`: the keyword's), read in one pass; None when written otherwise."""
    made = []
    for at, (label, *words) in enumerate(_writer_lines(run) or (), line + 1):
        if label not in _SEAT_LABELS or not words or words[0] not in _ANNOUNCE_WORDS:
            return None
        word, *codes = words
        if not _CODES.issuperset(codes):
            return None
        cards = Card.line_of(codes, at, 5 + len(label) + len(word))
        word = ANNOUNCEMENT_SPELLINGS.get(word, word)
        made.append(Announcement(line=at, column=3, seat=int(label[0]), word=word, cards=cards))
    return made or None


def _writer_cards(run: str, line: int) -> list[Card] | None:
    """The cards of a `call` or `discard` run as the writer writes it (upper-case codes
    on the lines after the keyword; `line`: the keyword's), read in one pass; None when
    written otherwise."""
    cards: list[Card] = []
    for at, codes in enumerate(_writer_lines(run) or (), line + 1):
        if not _CODES.issuperset(codes):
            return None
        cards += Card.line_of(codes, at, 3)
    return cards or None


def _writer_tricks(run: str, line: int, seats: int | None) -> list[Trick | Claim] | None:
    """The tricks of a play run as the writer writes it (`N. CODE CODE ...`, a trick each,
    numbered from 1, every trick but the last full, a card maybe followed by its marafone
    signal; perhaps closed by a claim line, `fuori N`; `line`: the keyword's), read in one
    pass; None when written otherwise, for `_tricks` to read item by item."""
    rows = _writer_lines(run) or ()
    tricks = []
    for count, (label, *words) in enumerate(rows, 1):
        at = line + count
        if label in _CLAIM_WORDS and count == len(rows) and words in _CLAIM_SEATS:
            tricks.append(Claim(line=at, column=3, kind=label, seat=int(words[0])))
            break
        cards = _played(words, at, 4 + len(label))
        if (
            label != f"{count}."
            or cards is None
            or not seats
            or len(cards) > seats
            or (len(cards) < seats and count < len(rows))
        ):
            return None
        tricks.append(Trick.at(at, 3, cards))
    return tricks or None


_CLAIM_WORDS = frozenset(("fuori", "penalty"))
_CLAIM_SEATS = [[str(seat)] for seat in range(1, 10)]


def _played(words: list[str], line: int, column: int) -> list[PlayedCard] | None:
    """The cards of a trick's line (`words` from `column` of `line`): upper-case codes, each
    maybe followed by a signal; None when it holds anything else."""
    if _CODES.issuperset(words):
        return PlayedCard.line_of(words, line, column)
    cards: list[PlayedCard] = []
    for word in words:
        if word in _CODES:
            cards.append(PlayedCard(word, line, column))
        elif word in SIGNALS and cards and cards[-1].extras is None:
            cards[-1].extras = CardExtras(signal=word, signal_line=line, signal_column=column)
        else:
            return None
        column += len(word) + 1
    return cards


class _Problem(Exception):
    """A syntax problem found while building a record from its parse."""

    def __init__(self, line: int, column: int, code: str, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.code, self.message = line, column, code, message


class _Fallback(Exception):
    """The direct reading met text it does not read: the record is read again by the parser."""


def _stray(text: str, line: int, column: int, owner: str) -> _Problem:
    return _Problem(line, column, "stray-card", f"{text.upper()} does not follow {owner}")


def _unescape(value: str) -> str:
    return value[1:-1].replace('\\"', '"').replace("\\\\", "\\")


def _card(text: str, line: int, column: int) -> dict[str, Any]:
    """A card item as the scanner found it: the code, maybe followed by a suffix."""
    suffix = _SUFFIX.search(text)
    if suffix is None:
        return {"code": text.upper(), "line": line, "column": column}
    card = {"code": text[: suffix.start()].upper(), "line": line, "column": column}
    _notes(card)["suffix"] = suffix.group()
    return card


def _made_card(card: dict[str, Any]) -> Card | bool:
    """A card item made as a card, or False when it carries annotations (its dict is
    validated with the record)."""
    return len(card) == 3 and Card(card["code"], card["line"], card["column"])


def _call_word(text: str) -> tuple[str, str | None]:
    """A call as the scanner found it: its words joined by `-`, and its suffix."""
    suffix = _SUFFIX.search(text)
    word = _WS_DASH.sub("-", text[: suffix.start()] if suffix else text)
    return word, suffix.group() if suffix else None


def _notes(node: dict[str, Any]) -> dict[str, Any]:
    """Where a node's annotations go: a card's `extras` (models.Card), any other node
    itself."""
    return node.setdefault("extras", {}) if "code" in node else node


def _nag(target: dict[str, Any] | None, text: str, line: int, column: int) -> None:
    if target is None:
        raise _Problem(line, column, "misplaced-nag", f"{brief(text)} must follow a card or a call")
    value = number(text[1:])
    if value is None or value > NAG_MAX:
        message = f"{brief(text)}: numeric glyphs go from $0 to ${NAG_MAX}"
        raise _Problem(line, column, "bad-nag", message)
    _notes(target).setdefault("nags", []).append(value)


class _Build(Transformer):
    """Inline LALR callbacks: tokens → plain dicts shaped like the models.

    Positions are made file positions: the chunk starts at line `offset + 1`, and its first
    line at column `col0 + 1` (a record may start in the middle of a line)."""

    def __init__(self) -> None:
        super().__init__()
        self.scanner: re.Pattern[str] | None = None
        self.loose = False
        """Reading directly (`Reader._direct`): the deal and play runs were not checked by the
        lexer, and one whose words are not all items of its section (in `_FAST`) raises
        `_Fallback`."""
        self.reset(1, 1)

    def reset(self, line: int, column: int) -> None:
        self.offset = line - 1
        self.col0 = column - 1
        self.seats: int | None = None
        self.game: str | None = None
        self.tags_end = (0, 0)

    # -- helpers
    def at(self, line: int, column: int) -> tuple[int, int]:
        """File position of a chunk position."""
        return line + self.offset, column + self.col0 if line == 1 else column

    def _items(self, children: list[Token], loose: bool = False) -> list[Item]:
        """The items of a section: those of the run that shares the keyword's token, then
        those of the run tokens after it, with their file positions. `loose`: the runs were
        not checked by the lexer, and are read only when plain."""
        items: list[Item] = []
        head = children[0]
        keyword = KEYWORDS[head.type]
        runs = [(head.value[len(keyword) :], head.line, head.column + len(keyword))]
        runs += [(run.value, run.line, run.column) for run in children[1:]]
        for text, line, column in runs:
            if not text:
                continue
            if text[0] in _SPACE:  # the white space between the keyword and its run
                rest = text.lstrip(_SPACE)
                skipped = len(text) - len(rest)
                newlines = text.count("\n", 0, skipped)
                if newlines:
                    line += newlines
                    column = skipped - text.rfind("\n", 0, skipped)
                else:
                    column += skipped
                text = rest
            line, column = self.at(line, column)
            if (
                "\t" in text
                or "\r" in text
                or "\f" in text
                or not _plain(text, line, column, items)
            ):
                if loose:
                    raise _Fallback
                self._scan(text, line, column, items)
        return items

    def _scan(self, text: str, line: int, column: int, items: list[Item]) -> None:
        """Items of any run text, found with the item scanner where the text alone does not
        tell what an item is."""
        assert self.scanner is not None
        fast, match, search = _SCAN_FAST, self.scanner.match, _NONSPACE.search
        line_start = 1 - column
        newline = text.find("\n")
        pos = 0
        while found := search(text, pos):
            start = found.start()
            while -1 < newline < start:
                line += 1
                line_start = newline + 1
                newline = text.find("\n", line_start)
            hit = fast.get(found.group())
            if hit is None:
                found = match(text, start)
                hit = found.lastgroup, found.group()
            items.append((hit[0], hit[1], line, start - line_start + 1))
            pos = found.end()

    def _section(self, keyword: Token, **fields: Any) -> dict[str, Any]:
        line, column = self.at(keyword.line, keyword.column)
        word = KEYWORDS[keyword.type]
        return {"keyword": word, "line": line, "column": column, "comments": [], **fields}

    # -- rules
    def tag(self, children: list[Token]) -> list[Tag]:
        if len(children) == 1:  # one or more simple tags, each on one line
            token = children[0]
            return self.tags(token.value, *self.at(token.line, token.column))[0]
        _, name_token, value_token, end = children
        self.tags_end = self.at(end.end_line, end.end_column)
        return [
            self._tag(
                name_token.value,
                value_token.value,
                *self.at(name_token.line, name_token.column),
                *self.at(value_token.line, value_token.column),
            )
        ]

    def tags(self, text: str, line: int, column: int) -> tuple[list[Tag], int]:
        """The tags written one after another (white space between them) at the start of
        `text`, whose first character is at file position `line`, `column`; and the end of
        the last one in `text` (0 when there is none)."""
        found = []
        pos, line_start = 0, 1 - column  # the column of `text[i]` is `i - line_start + 1`
        if laid := _TAG_LINES.match(text):  # first the tags laid out as the writer does
            at = column + 1  # the name's column
            for name, raw in _TAG_LINE.findall(text, 0, laid.end()):
                found.append(self._tag(name, raw, line, at, line, at + len(name) + 1))
                line, at = line + 1, 2
            line, pos = line - 1, laid.end() - 1  # at the last tag's closing bracket
            if len(found) > 1:
                line_start = text.rfind("\n", 0, pos) + 1
        while tag := _ONE_TAG.match(text, pos):
            name_at = tag.start(1)
            newlines = text.count("\n", pos, name_at)
            if newlines:
                line += newlines
                line_start = text.rfind("\n", pos, name_at) + 1
            pos = tag.end()
            name_column = name_at - line_start + 1
            value_column = tag.start(2) - line_start + 1
            found.append(
                self._tag(tag.group(1), tag.group(2), line, name_column, line, value_column)
            )
        if found:
            self.tags_end = (line, pos - line_start + 1)
        return found, pos

    def _tag(
        self, name: str, raw: str, line: int, column: int, value_line: int, value_column: int
    ) -> Tag:
        """The tag `name` of the quoted value `raw`, the name at `line`, `column`."""
        value = _unescape(raw) if "\\" in raw else raw[1:-1]
        if name == "Seats" and self.seats is None:
            self.seats = number(value)
        elif name == "Game" and self.game is None:
            self.game = value
        return Tag.at(line, column, name, value, value_line, value_column)

    def _writer_run(self, children: list[Token]) -> tuple[str, int] | None:
        """A directly read section's run and the keyword's file line, for the `_writer_*`
        readers (the parser's reading is item by item: the reference they are tested
        against)."""
        if not self.loose or len(children) != 1:
            return None
        head = children[0]
        return head.value[len(KEYWORDS[head.type]) :], head.line + self.offset

    def writer_laid(self, keyword: _Span) -> tuple[str, Section] | None:
        """A directly read `auction`, `call`, `discard` or `announce` section (`keyword`: the keyword and
        its run) laid out as the writer lays it out, read in one pass; None otherwise (the
        section is then checked by the lexer's terminal and read item by item)."""
        word = KEYWORDS[keyword.type]
        run, line = keyword.value[len(word) :], keyword.line + self.offset
        if word == "auction":
            laid = _writer_calls(run, line, self._spelling())
            if laid is None:
                return None
            return word, self._laid(Auction, keyword, rounds=laid[0], separators=laid[1])
        if word == "announce":
            items = _writer_announcements(run, line)
            return (
                None if items is None else (word, self._laid(Announcements, keyword, items=items))
            )
        cards = _writer_cards(run, line)
        return None if cards is None else (word, self._laid(CardList, keyword, cards=cards))

    def _spelling(self) -> dict[str, str]:
        """The record's game's own spelling of its calls (`_normalise_words`'s table)."""
        game = GAMES.get(self.game or "")
        return game.calls.get(self.seats or 0, {}) if game else {}

    def _laid(self, model: type[Section], keyword: Token, **fields: Any) -> Section:
        """A section whose parts were made at once (a writer-laid run), made at once too:
        what validating its dict would make, without re-checking every part."""
        line, column = self.at(keyword.line, keyword.column)
        word = KEYWORDS[keyword.type]
        return model(line=line, column=column, keyword=word, **fields)

    def deal(self, children: list[Token]) -> tuple[str, dict[str, Any] | Deal]:
        run = self._writer_run(children)
        hands = _writer_hands(*run) if run else None
        if hands:
            return "deal", self._laid(Deal, children[0], hands=hands)
        return "deal", self._section(children[0], hands=self._hands(children))

    def _hands(self, children: list[Token]) -> list[dict[str, Any]]:
        hands: list[dict[str, Any]] = []
        cards: list[dict[str, Any]] | None = None
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children, self.loose):
            if kind == "C" or kind == "CARD":
                if cards is None:
                    raise _Problem(
                        line,
                        column,
                        "card-without-seat",
                        f"{text} stands before any seat label: write `1: {text} ...`",
                    )
                # `C`: a bare upper-case code (`_FAST`), else as the scanner matched it
                last = (
                    {"code": text, "line": line, "column": column}
                    if kind == "C"
                    else _card(text, line, column)
                )
                cards.append(last)
            elif kind == "HAND_LABEL":
                cards = []
                hands.append(
                    {"owner": text[:-1], "line": line, "column": column, "cards": cards}
                    | {"comments": []}
                )
                last = None
            elif kind == "NAG":
                _nag(last, text, line, column)
            else:  # only in a loose run
                raise _Fallback
        return hands

    def auction(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        rounds: list[list[dict[str, Any]]] = [[]]
        separators: list[dict[str, Any]] = []
        label: int | None = None
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children):
            if kind == "CALL_WORD":
                word, suffix = (text, None) if text in _FAST else _call_word(text)
                last = {
                    "word": word,
                    "line": line,
                    "column": column,
                    "label": label,
                    "suffix": suffix,
                    "card": None,
                }
                label = None
                rounds[-1].append(last)
            elif kind == "C" or kind == "CARD":
                call = rounds[-1][-1] if rounds[-1] else None
                if call is None or call["card"] is not None:
                    raise _stray(text, line, column, "a call such as `chiamo`")
                call["card"] = last = _card(text, line, column)
            elif kind == "HAND_LABEL":
                label = int(text[0])
            elif kind == "SLASH":
                separators.append({"line": line, "column": column, "comments": []})
                rounds.append([])
                last = None
            else:
                _nag(last, text, line, column)
        laid = self._laid_auction(children[0], rounds, separators) if self.loose else None
        if laid is not None:
            return "auction", laid
        return "auction", self._section(children[0], rounds=rounds, separators=separators)

    def _laid_auction(
        self, keyword: Token, rounds: list[list[dict[str, Any]]], separators: list[dict[str, Any]]
    ) -> Auction | None:
        """A directly read auction made as a model, its calls in the game's own spelling
        (as `_normalise_words` spells them); None when a call or its card carries
        annotations (its dict is validated)."""
        spelling = self._spelling()
        made = []
        for round_ in rounds:
            calls = []
            for call in round_:
                card = call["card"] and _made_card(call["card"])
                if "nags" in call or card is False:
                    return None
                word = call["word"]
                calls.append(
                    Call(
                        line=call["line"],
                        column=call["column"],
                        suffix=call["suffix"],
                        word=spelling.get(word, word),
                        card=card,
                        label=call["label"],
                    )
                )
            made.append(calls)
        nodes = [Node(line=mark["line"], column=mark["column"]) for mark in separators]
        return self._laid(Auction, keyword, rounds=made, separators=nodes)

    def _cards(self, children: list[Token]) -> list[dict[str, Any]]:
        cards: list[dict[str, Any]] = []
        for kind, text, line, column in self._items(children):
            if kind == "C" or kind == "CARD":
                cards.append(_card(text, line, column))
            else:
                _nag(cards[-1] if cards else None, text, line, column)
        return cards

    def call(self, children: list[Token]) -> tuple[str, dict[str, Any] | CardList]:
        return "call", self._card_list(children)

    def discard(self, children: list[Token]) -> tuple[str, dict[str, Any] | CardList]:
        return "discard", self._card_list(children)

    def _card_list(self, children: list[Token]) -> dict[str, Any] | CardList:
        cards = self._cards(children)
        made = [_made_card(card) for card in cards] if self.loose else [False]
        if False in made:
            return self._section(children[0], cards=cards)
        return self._laid(CardList, children[0], cards=made)

    def trump(self, children: list[Token]) -> tuple[str, dict[str, Any] | Trump]:
        suit = children[1]
        line, column = self.at(suit.line, suit.column)
        fields = {"suit": suit.value.upper(), "suit_line": line, "suit_column": column}
        if self.loose:
            return "trump", self._laid(Trump, children[0], **fields)
        return "trump", self._section(children[0], **fields)

    def exchange(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        items: list[dict[str, Any]] = []
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children):
            if kind == "EXCHANGE_LABEL":
                giver, receiver = re.findall(r"[1-9]", text)
                items.append(
                    {
                        "giver": int(giver),
                        "receiver": int(receiver),
                        "line": line,
                        "column": column,
                    }
                )
            elif kind == "C" or kind == "CARD":
                if not items or "card" in items[-1]:
                    raise _stray(text, line, column, "an exchange `A>B:`")
                last = items[-1]["card"] = _card(text, line, column)
            else:
                _nag(last, text, line, column)
        for item in items:
            if "card" not in item:
                raise _Problem(
                    item["line"],
                    item["column"],
                    "missing-card",
                    "an exchange `A>B:` names the card handed over, e.g. `1>2: KS`",
                )
        return "exchange", self._section(children[0], items=items)

    def announce(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        items: list[dict[str, Any]] = []
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children):
            if kind == "HAND_LABEL":
                last = None
                items.append(
                    {
                        "seat": int(text[0]),
                        "line": line,
                        "column": column,
                        "cards": [],
                    }
                )
            elif kind == "ANNOUNCE_WORD":
                suffix = _SUFFIX.search(text)
                word = text[: suffix.start()] if suffix else text
                last = items[-1]
                last.update(
                    word=ANNOUNCEMENT_SPELLINGS.get(word, word),
                    suffix=suffix.group() if suffix else None,
                )
            elif kind == "C" or kind == "CARD":
                if not items:
                    raise _stray(text, line, column, "an announcement `N: word`")
                last = _card(text, line, column)
                items[-1]["cards"].append(last)
            else:
                _nag(last, text, line, column)
        laid = self._laid_announce(children[0], items) if self.loose else None
        return "announce", laid or self._section(children[0], items=items)

    def _laid_announce(self, keyword: Token, items: list[dict[str, Any]]) -> Announcements | None:
        """A directly read announce section made as a model; None when an announcement or
        one of its cards carries annotations (its dict is validated)."""
        made = []
        for item in items:
            cards = [_made_card(card) for card in item["cards"]]
            if "nags" in item or "word" not in item or False in cards:
                return None
            made.append(
                Announcement(
                    line=item["line"],
                    column=item["column"],
                    suffix=item["suffix"],
                    seat=item["seat"],
                    word=item["word"],
                    cards=cards,
                )
            )
        return self._laid(Announcements, keyword, items=made)

    def play(self, children: list[Token]) -> tuple[str, dict[str, Any] | Play]:
        run = self._writer_run(children)
        items = _writer_tricks(*run, self.seats) if run else None
        if items:
            return "play", self._laid(Play, children[0], items=items)
        items = _tricks(self._items(children, self.loose), self.seats)
        return "play", self._section(children[0], items=items)

    def start(self, children: list[Any]) -> dict[str, Any]:
        record: dict[str, Any] = {"tags": [], "comments": []}
        for child in children:
            if isinstance(child, tuple):
                key, section = child
                if key in record:
                    line, column = (
                        (section.line, section.column)
                        if isinstance(section, Section)
                        else (section["line"], section["column"])
                    )
                    raise _Problem(
                        line,
                        column,
                        "duplicate-section",
                        f"the `{key}` section is given twice; a record has one",
                    )
                record[key] = section
            else:
                record["tags"] += child
        return record


def _tricks(flat: list[Item], seats: int | None) -> list[dict[str, Any]]:
    """Group the play items into tricks and claims (spec §5 `play`): a trick's number `N.`
    is optional, so a trick that holds one card per seat, numbered or not, is complete and
    the next card starts a new trick; a number starts a trick too, and must be the count."""
    items: list[dict[str, Any]] = []
    trick: dict[str, Any] | None = None
    cards: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    count = 0

    def short(line: int, column: int) -> _Problem:
        return _Problem(
            line,
            column,
            "short-trick",
            f"trick {count} has {len(cards)} card{'' if len(cards) == 1 else 's'}; "
            f"each of the {seats} seats plays one",
        )

    for kind, text, line, column in flat:
        if kind == "C" or kind == "CARD":
            if seats and len(cards) >= seats:
                trick = None
            if trick is None:
                count += 1
                cards = []
                trick = {
                    "kind": "trick",
                    "line": line,
                    "column": column,
                    "cards": cards,
                }
                items.append(trick)
            last = (  # as in `_Build.deal`
                {"code": text, "line": line, "column": column}
                if kind == "C"
                else _card(text, line, column)
            )
            cards.append(last)
        elif kind == "TRICK_NO":
            if trick is not None and seats and len(cards) < seats:
                raise short(line, column)
            count += 1
            if number(text[:-1]) != count:
                raise _Problem(
                    line,
                    column,
                    "trick-number",
                    f"trick number {brief(text[:-1])} where trick {count} was expected",
                )
            cards = []
            trick = {"kind": "trick", "line": line, "column": column, "cards": cards}
            trick["comments"] = []
            items.append(trick)
            last = None
        elif kind == "SIGNAL":
            if last is None or "signal" in last.get("extras", ()):  # only in a loose run
                raise _Fallback  # (not after a card, or a second signal)
            _notes(last).update(signal=text, signal_line=line, signal_column=column)
        elif kind == "CLAIM":
            if trick is not None and seats and len(cards) < seats:
                raise short(line, column)
            word, seat = text.split()
            items.append(
                {"kind": word, "seat": int(seat), "line": line, "column": column, "comments": []}
            )
            trick = last = None
            cards = []
        elif kind == "NAG":
            _nag(last, text, line, column)
        else:  # only in a loose run
            raise _Fallback
    return items


def _normalise_words(record: dict[str, Any], game: Game | None, seats: int | None) -> None:
    """Calls in the game's own spelling (`pass` → `passo`, `di-più` → `di-piu`)."""
    if game is None or type(record.get("auction")) is not dict:  # none, or made spelt so
        return
    table = game.calls.get(seats or 0, {})
    for round_ in record["auction"]["rounds"]:
        for call in round_:
            call["word"] = table.get(call["word"], call["word"])


def _record(data: dict[str, Any]) -> Record:
    """The record of the builder's data: made at once when every section was made as a
    model (a direct reading), else validated."""
    sections = {key: data.get(key) for key in SECTION_KEYS}
    if data["comments"] or any(type(section) is dict for section in sections.values()):
        return load(Record, data)
    head = {key: data[key] for key in ("file", "index", "line", "column", "tags")}
    return trusted(Record, head | {"comments": ()} | sections)


def _attach_comments(
    record: dict[str, Any], comments: list[tuple[int, int, str]], tags_end: tuple[int, int]
) -> None:
    """Give each brace comment to the item written before it (spec §5 annotations); one
    after the tags and before the first section is the record's; one among the tags is
    dropped."""
    found: list[dict[str, Any]] = []
    for key in SECTION_KEYS:
        section = record.get(key)
        if section is None:
            continue
        found.append(section)
        for group in ("hands", "items", "cards", "separators", "rounds"):
            for item in section.get(group, ()):
                for node in item if group == "rounds" else (item,):
                    found.append(node)
                    found.extend(node.get("cards", ()))
                    if node.get("card"):
                        found.append(node["card"])
    nodes = [(n["line"], n["column"], i, n) for i, n in enumerate(found)]
    nodes.sort(key=lambda n: (n[0], n[1], n[2]))
    keys = [(n[0], n[1]) for n in nodes]
    for line, column, text in comments:
        at = bisect_right(keys, (line, column)) - 1
        if at >= 0:
            _notes(nodes[at][3]).setdefault("comments", []).append(text)
        elif (line, column) >= tags_end:
            record["comments"].append(text)


def comment_text(raw: str) -> str:
    """The kept text of a `{...}` comment: its inside, each line stripped of white space at
    both ends, leading and trailing empty lines left out."""
    return "\n".join(part.strip() for part in raw[1:-1].strip().split("\n"))


_LAID_SECTIONS = frozenset(("auction", "call", "discard", "announce"))
"""Sections that `_Build.writer_laid` reads when they are laid out as the writer lays them
out (the deal and the play read theirs in `_Build.deal` and `_Build.play`)."""


class Reader:
    """Reads records; one parser, reused for every record."""

    def __init__(self) -> None:
        self._comments: list[Token] = []
        self._build = _Build()
        self._parser = build_parser(self._build, self._comments)
        self._build.scanner = item_scanner()
        regexps = terminal_regexps()
        self._keywords = {
            f"KW_{key.upper()}": re.compile(regexps[f"KW_{key.upper()}"]) for key in SECTION_KEYS
        }
        self._suit = re.compile(regexps["SUIT"])

    def _parse(self, chunk: Chunk) -> dict[str, Any]:
        """The record's data: read directly when it is plain, else (and whenever the direct
        reading fails) by the parser, so that a problem is always reported as the parser
        sees it."""
        try:
            return self._direct(chunk)
        except (_Fallback, _Problem):
            return self._parse_strict(chunk)

    def _parse_strict(self, chunk: Chunk) -> dict[str, Any]:
        self._begin(chunk, loose=False)
        return self._parser.parse(chunk.text)

    def _begin(self, chunk: Chunk, loose: bool) -> _Build:
        """The builder made ready for `chunk`, read by the parser or (`loose`) directly."""
        self._comments.clear()
        self._build.reset(chunk.line, chunk.column)
        self._build.loose = loose
        return self._build

    def _direct(self, chunk: Chunk) -> dict[str, Any]:
        """The record's data, read without the parser when it is plain: no comments, its
        tags in the one-token form, then sections, each a keyword and the text up to the
        next keyword. The text of a section is checked with the terminal the lexer would
        match (the deal and the play: word by word, by the builder), and handed to the
        builder as the lexer's tokens; anything else raises `_Fallback`."""
        text = chunk.text
        if "{" in text or ";" in text:
            raise _Fallback
        build = self._begin(chunk, loose=True)
        children: list[Any] = []
        tags, end = build.tags(text, *build.at(1, 1))
        if tags:
            children.append(tags)
        first = _SPACES.match(text, end).end()
        if first == len(text):
            return build.start(children)
        if not _KEYWORD.match(text, first):
            raise _Fallback  # text before the first keyword
        starts = [first, *(found.start(1) for found in _NEXT_KEYWORD.finditer(text, first))]
        line = text.count("\n", 0, first) + 1
        for start, stop in pairwise([*starts, len(text)]):
            end = start + len(text[start:stop].rstrip(_SPACE))
            children.append(self._direct_section(text, start, end, line))
            line += text.count("\n", start, stop)
        return build.start(children)

    def _direct_section(
        self, text: str, start: int, end: int, line: int
    ) -> tuple[str, dict[str, Any]]:
        """A section read directly from `text[start:end]`, a keyword and what follows it
        (`line`: the keyword's line in `text`)."""
        word = _KEYWORD.match(text, start).group()
        kind = f"KW_{word.upper()}"
        if word == "trump":
            suit = text[start + len(word) : end].lstrip(_SPACE)
            if not self._suit.fullmatch(suit):
                raise _Fallback
            keyword = _span(kind, text, start, start + len(word), line)
            return self._build.trump([keyword, _span("SUIT", text, end - len(suit), end)])
        span = _span(kind, text, start, end, line)
        if word in _LAID_SECTIONS and (laid := self._build.writer_laid(span)):
            return laid
        if word not in ("deal", "play") and not self._keywords[kind].fullmatch(text, start, end):
            raise _Fallback
        return getattr(self._build, word)([span])

    def parse_chunk(self, chunk: Chunk, file: str | None, index: int) -> ReadResult:
        """Read one record; the garbage collector waits while its objects are made."""
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._parse_chunk(chunk, file, index)
        finally:
            if collecting:
                gc.enable()

    def _parse_chunk(self, chunk: Chunk, file: str | None, index: int) -> ReadResult:
        def diag(line: int, column: int, cls: str, code: str, message: str) -> Diagnostic:
            return Diagnostic(
                file=file,
                record=index,
                line=line,
                column=column,
                cls=cls,
                code=code,
                message=message,
            )

        def failed(line: int, column: int, code: str, message: str) -> ReadResult:
            """The result of a record that could not be read: its syntax problem."""
            return ReadResult(
                file=file,
                index=index,
                line=chunk.line,
                text=chunk.text,
                diagnostics=[diag(line, column, "syntax", code, message)],
            )

        bad = encoding.find(chunk.text, chunk.line, chunk.column)
        if chunk.bad is not None and (bad is None or chunk.bad < bad):
            bad = chunk.bad  # in a `%` line, or past the part kept of an oversize record
        if chunk.oversize or bad is not None:  # too long, or not text: not read further
            found = []
            if bad is not None:
                line, column, message = bad
                found.append(diag(line, column, "encoding", "not-utf-8", message))
            if chunk.oversize:
                found.insert(
                    0, diag(chunk.line, chunk.column, "syntax", "record-too-long", _too_long(chunk))
                )
            return ReadResult(
                file=file,
                index=index,
                line=chunk.line,
                text=chunk.text,
                diagnostics=found,
                cut=_cut(chunk),
            )
        build = self._build
        try:
            data = self._parse(chunk)
        except UnexpectedInput as error:
            line, column, code, message = syntax_message(error, chunk.text)
            return failed(*build.at(line, column), code, message)
        except _Problem as problem:
            return failed(problem.line, problem.column, problem.code, problem.message)
        except LarkError as error:  # pragma: no cover - grammar-level failure
            return failed(chunk.line, chunk.column, "unreadable", str(error).splitlines()[0])
        _normalise_words(data, GAMES.get(build.game or ""), build.seats)
        if self._comments:
            comments = [
                (*build.at(c.line, c.column), comment_text(c.value)) for c in self._comments
            ]
            _attach_comments(data, comments, build.tags_end)
        data.update(file=file, index=index, line=chunk.line, column=chunk.column)
        try:
            record = _record(data)
        except ValueError as error:  # pragma: no cover - the builder shapes the data
            return failed(chunk.line, chunk.column, "unreadable", str(error).splitlines()[0])
        problems = checks.check(record)[:MAX_DIAGNOSTICS]
        return trusted(
            ReadResult,
            {
                "file": file,
                "index": index,
                "line": chunk.line,
                "record": record,
                "diagnostics": [diag(*problem) for problem in problems],
                "text": chunk.text,
                "cut": None,
            },
        )

    def read_lines(self, lines: Iterable[str], file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_records(lines), 1):
            yield self.parse_chunk(chunk, file, index)

    def read_stream(self, stream: TextIO, file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_stream(stream), 1):
            yield self.parse_chunk(chunk, file, index)


def _too_long(chunk: Chunk) -> str:
    """The message of an oversize record."""
    return (
        f"this record is {chunk.size:,} characters long; a record may hold at most "
        f"{MAX_RECORD_CHARS:,} (is a record separator missing?)"
    )


def _cut(chunk: Chunk) -> Cut | None:
    """What the text of an oversize record leaves out."""
    if not chunk.oversize or chunk.end is None:
        return None
    return Cut(
        size=chunk.size,
        digest=chunk.digest,
        line=chunk.line,
        column=chunk.column,
        end_line=chunk.end[0],
        end_column=chunk.end[1],
    )


_READER: Reader | None = None


def shared_reader() -> Reader:
    """The process's one `Reader`, built on first use (its parser is built once; worker
    processes forked after it inherit it)."""
    global _READER
    if _READER is None:
        _READER = Reader()
    return _READER


class Truncated(EOFError):
    """A compressed file that ends before the end of its compressed stream."""

    def __init__(self, kind: str) -> None:
        super().__init__(f"truncated: the {kind} data ends before the end of its stream")


class _Decompressing(io.RawIOBase):
    """The bytes of a compressed file, handed out up to the last line end decompressed so
    far (a line's start is held back, up to `HOLD` bytes, until its end comes). A fault
    (the file cut short, bad data) drops the held line, which it cut, and is given first
    as the end of the file, then raised by the next read and by `_Text` where the text
    ends: so the text before a fault ends with a line end, and the records it holds are
    read before the fault is raised."""

    HOLD = 1 << 20

    def __init__(self) -> None:
        self.fault: Exception | None = None
        self._ready = memoryview(b"")
        self._held = b""
        self._done = self._told = False  # the end reached; and told as the end of the file

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._ready:
            if self._done:
                if self.fault is not None and self._told:
                    raise self.fault
                self._told = True
                return 0
            self._more()
        size = min(len(buffer), len(self._ready))
        buffer[:size] = self._ready[:size]
        self._ready = self._ready[size:]
        return size

    def _more(self) -> None:
        """Decompress the next bytes: those up to the last line end become ready."""
        try:
            data = self._next()
        except Exception as fault:  # Truncated, OSError, zlib.error, ZstdError...
            self.fault = fault
            self._held, self._done = b"", True  # the line the fault cut is dropped
            return
        if not data:  # the end: the last line, whole
            self._ready, self._held, self._done = memoryview(self._held), b"", True
            return
        data = self._held + data if self._held else data
        cut = data.rfind(b"\n") + 1
        if len(data) - cut > self.HOLD:
            cut = len(data)
        self._ready, self._held = memoryview(data)[:cut], data[cut:]

    def _next(self) -> bytes:
        """The next decompressed bytes (some, or b"" at the end of the file)."""
        raise NotImplementedError


class _Library(_Decompressing):
    """A gzip or bzip2 file as the standard library reads it; one cut short raises
    `Truncated` (the library's `EOFError` does not say what is wrong)."""

    def __init__(self, file: Any, kind: str) -> None:
        super().__init__()
        self._file, self._kind = file, kind

    def _next(self) -> bytes:
        try:
            return self._file.read1(1 << 16)
        except EOFError:
            raise Truncated(self._kind) from None

    def close(self) -> None:
        self._file.close()
        super().close()


class _Zstd(_Decompressing):
    """A zstd file, frame after frame as `zstd -d` reads it; one that ends inside a frame
    raises `Truncated`. The compressed bytes go in `FEED` at a time, so that a frame of
    long runs never expands into more than a few MiB at once (a zstd block of 4 bytes may
    stand for 128 KiB)."""

    FEED = 256

    def __init__(self, file: BinaryIO) -> None:
        import zstandard

        super().__init__()
        self._file = file
        self._zstd = zstandard.ZstdDecompressor()
        self._frame: Any = None  # the decompressor of the frame being read, if any
        self._input = b""
        self._at = 0

    def _next(self) -> bytes:
        while True:
            if self._at == len(self._input):
                self._input, self._at = self._file.read(1 << 16), 0
                if not self._input:
                    if self._frame is not None:
                        raise Truncated("zstd")
                    return b""
            if self._frame is None:
                self._frame = self._zstd.decompressobj()
            feed = self._input[self._at : self._at + self.FEED]
            self._at += len(feed)
            out = self._frame.decompress(feed)
            if self._frame.eof:  # the frame ends: what follows it starts the next one
                self._input = self._frame.unused_data + self._input[self._at :]
                self._at, self._frame = 0, None
            if out:
                return out

    def close(self) -> None:
        self._file.close()
        super().close()


class _Text(io.TextIOWrapper):
    """The text of a compressed file: where it ends, the fault that ended it is raised."""

    def read(self, size: int | None = -1) -> str:
        text = super().read(size)
        if not text:
            self._fault()
        return text

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = super().readline(size)
        if not text:
            self._fault()
        return text

    def _fault(self) -> None:
        fault = getattr(getattr(self.buffer, "raw", None), "fault", None)
        if fault is not None:
            raise fault


def open_binary(path: str | Path) -> BinaryIO:
    """Open a TGN file as bytes, decompressing `.gz`, `.bz2` and `.zst` files. A compressed
    file cut short raises `Truncated` (an `EOFError`) after the bytes before the cut."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(".gz"):
        raw: io.RawIOBase = _Library(gzip.open(path, "rb"), "gzip")  # type: ignore[arg-type]
    elif name.endswith(".bz2"):
        raw = _Library(bz2.open(path, "rb"), "bzip2")  # type: ignore[arg-type]
    elif name.endswith(".zst"):
        raw = _Zstd(open(path, "rb"))
    else:
        return open(path, "rb")
    return io.BufferedReader(raw)  # type: ignore[return-value]


def text_stream(raw: BinaryIO) -> TextIO:
    """UTF-8 text of a byte stream: CRLF read as LF, a byte that is not UTF-8 as a lone
    surrogate (`encoding`: the record holding it is reported, and its bytes are kept). A
    BOM is left to `split_records`, the one place that skips it. The text of a compressed
    file raises, where it ends, the fault that cut it (`open_binary`)."""
    wrapper = _Text if isinstance(getattr(raw, "raw", None), _Decompressing) else io.TextIOWrapper
    return wrapper(raw, encoding="utf-8", errors=encoding.ERRORS, newline=None)


def open_text(path: str | Path) -> TextIO:
    """Open a TGN file (also `.gz`, `.bz2`, `.zst`) as text, as `text_stream` reads it."""
    return text_stream(open_binary(path))


def cut_text(source: str | Path | bytes, cut: Cut) -> Iterator[str]:
    """The whole text of a record too long to read (`ReadResult.cut`), read again from its
    file (a path, or the bytes of standard input) in pieces of at most `PIECE_CHARS`
    characters: memory stays bounded. Lines that start with `%` are given as written."""
    raw = io.BytesIO(source) if isinstance(source, bytes) else open_binary(source)
    start, end = (cut.line, cut.column), (cut.end_line, cut.end_column)
    line, column = 1, 1
    with text_stream(raw) as stream:
        for piece in pieces(stream):
            if (line, column) == (1, 1) and piece.startswith("\ufeff"):
                piece = piece[1:]  # a BOM is not a column (`split_records`)
            if line > end[0]:
                break
            if line >= start[0]:
                first = max(start[1] - column, 0) if line == start[0] else 0
                last = min(end[1] - column, len(piece)) if line == end[0] else len(piece)
                if last > first:
                    yield piece[first:last]
            if piece.endswith("\n"):
                line, column = line + 1, 1
            else:
                column += len(piece)


def read(source: str | Path | TextIO, file: str | None = None) -> Iterator[ReadResult]:
    """Stream the records of `source`: a path, `"-"` for stdin, a text stream, or TGN text
    (a `str` that holds a newline or a `[` is taken as text, not as a path). Files and text
    are read in blocks (`split_stream`); stdin and other streams line by line, so that a
    record is read as soon as it is written."""
    reader = shared_reader()
    if isinstance(source, Path) or (
        isinstance(source, str) and source != "-" and "\n" not in source and "[" not in source
    ):
        with open_text(source) as stream:
            yield from reader.read_stream(stream, file or str(source))
    elif source == "-":
        stream = text_stream(sys.stdin.buffer)
        yield from reader.read_lines(pieces(stream), file or "<stdin>")  # as lines come
    elif isinstance(source, str):
        yield from read_text(source, file)
    elif isinstance(source, io.StringIO):  # in memory: read in blocks
        yield from reader.read_stream(source, file)
    else:  # a stream may be a pipe: each record as soon as its lines come
        yield from reader.read_lines(pieces(source), file)


def read_text(text: str, file: str | None = None) -> list[ReadResult]:
    """Every record of a TGN text (CRLF line ends are read as LF)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    collecting = gc.isenabled()
    gc.disable()  # the records are kept: collecting while they pile up costs more than reading
    try:
        return list(shared_reader().read_stream(io.StringIO(text), file))
    finally:
        if collecting:
            gc.enable()


def read_records(text: str) -> list[Record]:
    """The records of a text that must read without diagnostics (for tests and tools)."""
    results = read_text(text)
    problems = [str(d) for r in results for d in r.diagnostics]
    if problems:
        raise ValueError("\n".join(problems))
    return [r.record for r in results if r.record is not None]
