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
from pydantic import ValidationError

from . import checks
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
    stand-in, a fifth of the cost to make (lark's `Token` is built by two Python calls)."""

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
    """Group the play items into tricks and claims (spec §5 `play`): a trick is numbered
    `N.` or, unnumbered, holds one card per seat."""
    items: list[dict[str, Any]] = []
    trick: dict[str, Any] | None = None
    cards: list[dict[str, Any]] = []
    last: dict[str, Any] | None = None
    numbered = False
    count = 0

    def short(line: int, column: int) -> _Problem:
        return _Problem(
            line,
            column,
            "short-trick",
            f"trick {count} has {len(cards)} cards; each of the {seats} seats plays one",
        )

    for kind, text, line, column in flat:
        if kind == "C" or kind == "CARD":
            if seats and len(cards) >= seats and trick is not None:
                if numbered:
                    raise _Problem(
                        line,
                        column,
                        "long-trick",
                        f"trick {count} already has a card from each of the {seats} "
                        f"seats; {text.upper()} would be one too many",
                    )
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
                numbered = False
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
            numbered, last = True, None
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
        return Record.model_validate(data)
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
                text="" if chunk.oversize else chunk.text,
                diagnostics=[diag(line, column, "syntax", code, message)],
            )

        if chunk.oversize:
            return failed(
                chunk.line,
                chunk.column,
                "record-too-long",
                f"this record is {chunk.size:,} characters long; a record may hold at most "
                f"{MAX_RECORD_CHARS:,} (is a record separator missing?)",
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
        except ValidationError as error:  # pragma: no cover - the builder shapes the data
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
            },
        )

    def read_lines(self, lines: Iterable[str], file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_records(lines), 1):
            yield self.parse_chunk(chunk, file, index)

    def read_stream(self, stream: TextIO, file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_stream(stream), 1):
            yield self.parse_chunk(chunk, file, index)


_READER: Reader | None = None


def _reader() -> Reader:
    global _READER
    if _READER is None:
        _READER = Reader()
    return _READER


def open_binary(path: str | Path) -> BinaryIO:
    """Open a TGN file as bytes, decompressing `.gz`, `.bz2` and `.zst` files."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(".gz"):
        return gzip.open(path, "rb")  # type: ignore[return-value]
    if name.endswith(".bz2"):
        return bz2.open(path, "rb")  # type: ignore[return-value]
    if name.endswith(".zst"):
        import zstandard

        return io.BufferedReader(zstandard.ZstdDecompressor().stream_reader(open(path, "rb")))
    return open(path, "rb")


def text_stream(raw: BinaryIO) -> TextIO:
    """UTF-8 text of a byte stream: CRLF read as LF, bad bytes as U+FFFD (a BOM is left to
    `split_records`, the one place that skips it)."""
    return io.TextIOWrapper(raw, encoding="utf-8", errors="replace", newline=None)


def open_text(path: str | Path) -> TextIO:
    """Open a TGN file (also `.gz`, `.bz2`, `.zst`) as UTF-8 text; bad bytes become U+FFFD."""
    return text_stream(open_binary(path))


def read(source: str | Path | TextIO, file: str | None = None) -> Iterator[ReadResult]:
    """Stream the records of `source`: a path, `"-"` for stdin, a text stream, or TGN text
    (a `str` that holds a newline or a `[` is taken as text, not as a path). Files and text
    are read in blocks (`split_stream`); stdin and other streams line by line, so that a
    record is read as soon as it is written."""
    reader = _reader()
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
        return list(_reader().read_stream(io.StringIO(text), file))
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
