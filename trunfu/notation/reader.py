"""The TGN reader: text → `Record` models with positions, and diagnostics (spec §1–§5, §7).

`read()` streams records from a path, a string or a text stream; each record is parsed on
its own, so a syntax error in one never stops the reading of the next ones.
"""

from __future__ import annotations

import bz2
import gzip
import io
import re
import sys
from bisect import bisect_right
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from lark import Token, Transformer
from lark.exceptions import LarkError, UnexpectedInput
from pydantic import ValidationError

from . import checks
from .decks import ANNOUNCEMENT_SPELLINGS, GAMES, NAG_MAX, Game
from .errors import syntax_message
from .grammar import build_parser, item_scanner
from .models import Diagnostic, ReadResult, Record
from .split import Chunk, split_records

_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")
_WS_DASH = re.compile(r"[\s-]+")
SECTION_KEYS = ("deal", "auction", "call", "trump", "discard", "exchange", "announce", "play")
MAX_DIAGNOSTICS = 100


class _Problem(Exception):
    """A syntax problem found while building a record from its parse."""

    def __init__(self, line: int, column: int, code: str, message: str) -> None:
        super().__init__(message)
        self.line, self.column, self.code, self.message = line, column, code, message


def _unescape(value: str) -> str:
    return value[1:-1].replace('\\"', '"').replace("\\\\", "\\")


class _Build(Transformer):
    """Inline LALR callbacks: tokens → plain dicts shaped like the models."""

    def __init__(self) -> None:
        super().__init__()
        self.scanner = item_scanner()
        self.offset = 0  # file line of the chunk's first line, minus one

    # -- helpers
    def _items(self, runs: list[Token]) -> Iterator[tuple[str, str, int, int]]:
        for run in runs:
            text = run.value
            line, line_start = run.line + self.offset, -run.column + 1
            last = 0
            for match in self.scanner.finditer(text):
                start = match.start()
                newlines = text.count("\n", last, start)
                if newlines:
                    line += newlines
                    line_start = text.rfind("\n", last, start) + 1
                last = start
                yield match.lastgroup, match.group(), line, start - line_start + 1

    def _pos(self, token: Token) -> dict[str, int]:
        return {"line": token.line + self.offset, "column": token.column}

    @staticmethod
    def _card(text: str, line: int, column: int) -> dict[str, Any]:
        suffix = _SUFFIX.search(text)
        if suffix:
            text = text[: suffix.start()]
        return {
            "code": text.upper(),
            "line": line,
            "column": column,
            "suffix": suffix.group() if suffix else None,
            "nags": [],
            "comments": [],
        }

    @staticmethod
    def _nag(target: dict[str, Any] | None, text: str, line: int, column: int) -> None:
        value = int(text[1:])
        if target is None:
            raise _Problem(line, column, "misplaced-nag", f"{text} must follow a card or a call")
        if value > NAG_MAX:
            raise _Problem(line, column, "bad-nag", f"{text}: numeric glyphs go from $0 to $255")
        target["nags"].append(value)

    def _section(self, children: list[Token], **fields: Any) -> dict[str, Any]:
        keyword = children[0]
        return {"keyword": keyword.value, **self._pos(keyword), "comments": [], **fields}

    # -- rules
    def tag(self, children: list[Token]) -> dict[str, Any]:
        name, value = children
        return {
            "name": name.value,
            "value": _unescape(value.value),
            **self._pos(name),
            "value_line": value.line + self.offset,
            "value_column": value.column,
            "comments": [],
        }

    def deal(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        hands: list[dict[str, Any]] = []
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children[1:]):
            if kind == "HAND_LABEL":
                last = {"owner": text[:-1], "line": line, "column": column, "cards": []}
                last["comments"] = []
                hands.append(last)
            elif kind == "CARD":
                if not hands:
                    raise _Problem(
                        line,
                        column,
                        "card-without-seat",
                        f"{text} stands before any seat label: write `1: {text} ...`",
                    )
                last = self._card(text, line, column)
                hands[-1]["cards"].append(last)
            else:
                self._nag(last if last and "code" in last else None, text, line, column)
        return "deal", self._section(children, hands=hands)

    def auction(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        rounds: list[list[dict[str, Any]]] = [[]]
        separators: list[dict[str, Any]] = []
        label: int | None = None
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children[1:]):
            if kind in ("HAND_LABEL", "EXCHANGE_LABEL"):
                label = int(text[0])
            elif kind == "CALL_WORD":
                suffix = _SUFFIX.search(text)
                word = _WS_DASH.sub("-", text[: suffix.start()] if suffix else text)
                last = {
                    "word": word,
                    "line": line,
                    "column": column,
                    "label": label,
                    "suffix": suffix.group() if suffix else None,
                    "nags": [],
                    "comments": [],
                    "card": None,
                }
                label = None
                rounds[-1].append(last)
            elif kind == "CARD":
                assert last is not None  # the grammar puts a card only after a call word
                last["card"] = self._card(text, line, column)
                last = last["card"]
            elif kind == "SLASH":
                separators.append({"line": line, "column": column, "comments": []})
                rounds.append([])
                last = None
            else:
                self._nag(last, text, line, column)
        return "auction", self._section(children, rounds=rounds, separators=separators)

    def _cards(self, children: list[Token]) -> list[dict[str, Any]]:
        cards: list[dict[str, Any]] = []
        for kind, text, line, column in self._items(children[1:]):
            if kind == "CARD":
                cards.append(self._card(text, line, column))
            else:
                self._nag(cards[-1] if cards else None, text, line, column)
        return cards

    def call(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        return "call", self._section(children, cards=self._cards(children))

    def discard(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        return "discard", self._section(children, cards=self._cards(children))

    def trump(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        suit = children[1]
        return "trump", self._section(
            children[:1],
            suit=suit.value.upper(),
            suit_line=suit.line + self.offset,
            suit_column=suit.column,
        )

    def exchange(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        items: list[dict[str, Any]] = []
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children[1:]):
            if kind == "EXCHANGE_LABEL":
                giver, receiver = re.findall(r"[1-9]", text)
                items.append(
                    {
                        "giver": int(giver),
                        "receiver": int(receiver),
                        "line": line,
                        "column": column,
                        "comments": [],
                    }
                )
            elif kind == "CARD":
                last = items[-1]["card"] = self._card(text, line, column)
            else:
                self._nag(last, text, line, column)
        return "exchange", self._section(children, items=items)

    def announce(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        items: list[dict[str, Any]] = []
        last: dict[str, Any] | None = None
        for kind, text, line, column in self._items(children[1:]):
            if kind == "HAND_LABEL":
                items.append(
                    {
                        "seat": int(text[0]),
                        "line": line,
                        "column": column,
                        "cards": [],
                        "comments": [],
                        "nags": [],
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
            elif kind == "CARD":
                last = self._card(text, line, column)
                items[-1]["cards"].append(last)
            else:
                self._nag(last, text, line, column)
        return "announce", self._section(children, items=items)

    def play(self, children: list[Token]) -> tuple[str, dict[str, Any]]:
        # Tricks are grouped in `start`, once the number of seats is known.
        items: list[tuple[str, str, int, int]] = list(self._items(children[1:]))
        return "play", self._section(children, items=items)

    def start(self, children: list[Any]) -> dict[str, Any]:
        record: dict[str, Any] = {"tags": [], "comments": []}
        for child in children:
            if isinstance(child, tuple):
                key, section = child
                if key in record:
                    raise _Problem(
                        section["line"],
                        section["column"],
                        "duplicate-section",
                        f"the `{key}` section is given twice; a record has one",
                    )
                record[key] = section
            else:
                record["tags"].append(child)
        return record


def _group_tricks(play: dict[str, Any], seats: int | None) -> None:
    """Turn the flat play items into tricks and claims (spec §5 `play`)."""
    items: list[dict[str, Any]] = []
    trick: dict[str, Any] | None = None
    last: dict[str, Any] | None = None
    numbered = False
    count = 0

    def short(line: int, column: int) -> _Problem:
        return _Problem(
            line,
            column,
            "short-trick",
            f"trick {count} has {len(trick['cards'])} cards; each of the {seats} seats plays one",
        )

    for kind, text, line, column in play["items"]:
        if kind == "TRICK_NO":
            if trick is not None and seats and len(trick["cards"]) < seats:
                raise short(line, column)
            count += 1
            number = int(text[:-1])
            if number != count:
                raise _Problem(
                    line,
                    column,
                    "trick-number",
                    f"trick number {number} where trick {count} was expected",
                )
            trick = {"kind": "trick", "line": line, "column": column, "cards": [], "comments": []}
            items.append(trick)
            numbered, last = True, None
        elif kind == "CARD":
            if trick is not None and seats and len(trick["cards"]) >= seats and numbered:
                raise _Problem(
                    line,
                    column,
                    "long-trick",
                    f"trick {count} already has a card from each of the {seats} "
                    f"seats; {text} would be one too many",
                )
            if trick is None or (seats and len(trick["cards"]) >= seats):
                count += 1
                trick = {
                    "kind": "trick",
                    "line": line,
                    "column": column,
                    "cards": [],
                    "comments": [],
                }
                items.append(trick)
                numbered = False
            last = _Build._card(text, line, column)
            trick["cards"].append(last)
        elif kind == "SIGNAL":
            assert last is not None  # the grammar puts a signal only after a card
            last.update(signal=text, signal_line=line, signal_column=column)
        elif kind == "CLAIM":
            if trick is not None and seats and len(trick["cards"]) < seats:
                raise short(line, column)
            word, seat = text.split()
            items.append(
                {"kind": word, "seat": int(seat), "line": line, "column": column, "comments": []}
            )
            trick = last = None
        else:
            _Build._nag(last, text, line, column)
    play["items"] = items


def _normalise_words(record: dict[str, Any], game: Game | None, seats: int | None) -> None:
    """Calls in the game's own spelling (`pass` → `passo`, `di-più` → `di-piu`)."""
    if game is None or "auction" not in record:
        return
    table = game.calls.get(seats or 0, {})
    for round_ in record["auction"]["rounds"]:
        for call in round_:
            call["word"] = table.get(call["word"], call["word"])


def _attach_comments(record: dict[str, Any], comments: list[tuple[int, int, str]]) -> None:
    """Give each brace comment to the item written before it (spec §5 annotations)."""
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
    last_tag = max(((t["value_line"], t["value_column"]) for t in record["tags"]), default=(0, 0))
    for line, column, text in comments:
        at = bisect_right(keys, (line, column)) - 1
        if at >= 0:
            nodes[at][3]["comments"].append(text)
        elif (line, column) > last_tag:
            record["comments"].append(text)


def comment_text(raw: str) -> str:
    """The kept text of a `{...}` comment: its inside, stripped, each line right-stripped."""
    return "\n".join(part.rstrip() for part in raw[1:-1].strip().split("\n"))


class Reader:
    """Reads records; one parser, reused for every record."""

    def __init__(self) -> None:
        self._comments: list[Token] = []
        self._build = _Build()
        self._parser = build_parser(self._build, self._comments)

    def parse_chunk(self, chunk: Chunk, file: str | None, index: int) -> ReadResult:
        result = ReadResult(file=file, index=index, line=chunk.line, text=chunk.text.lstrip(" "))

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

        if chunk.oversize:
            result.text = ""
            result.diagnostics.append(
                diag(
                    chunk.line,
                    chunk.column,
                    "syntax",
                    "record-too-long",
                    f"this record is {chunk.size:,} characters long; a record may hold at most "
                    f"{1 << 20:,} (is a record separator missing?)",
                )
            )
            return result
        self._comments.clear()
        self._build.offset = chunk.line - 1
        try:
            data = self._parser.parse(chunk.text)
            seats = _seats(data)
            if "play" in data:
                _group_tricks(data["play"], seats)
        except UnexpectedInput as error:
            line, column, code, message = syntax_message(error, chunk.text)
            result.diagnostics.append(diag(line + chunk.line - 1, column, "syntax", code, message))
            return result
        except _Problem as problem:
            result.diagnostics.append(
                diag(problem.line, problem.column, "syntax", problem.code, problem.message)
            )
            return result
        except LarkError as error:  # pragma: no cover - grammar-level failure
            result.diagnostics.append(
                diag(chunk.line, chunk.column, "syntax", "unreadable", str(error).splitlines()[0])
            )
            return result
        game = GAMES.get(next((t["value"] for t in data["tags"] if t["name"] == "Game"), ""))
        _normalise_words(data, game, seats)
        if self._comments:
            offset = chunk.line - 1
            _attach_comments(
                data, [(c.line + offset, c.column, comment_text(c.value)) for c in self._comments]
            )
        data.update(file=file, index=index, line=chunk.line, column=chunk.column)
        try:
            record = Record.model_validate(data)
        except ValidationError as error:  # pragma: no cover - the builder shapes the data
            result.diagnostics.append(
                diag(chunk.line, chunk.column, "syntax", "unreadable", str(error).splitlines()[0])
            )
            return result
        result.record = record
        result.diagnostics.extend(
            diag(line, column, cls, code, message)
            for line, column, cls, code, message in checks.check(record)
        )
        del result.diagnostics[MAX_DIAGNOSTICS:]
        return result

    def read_lines(self, lines: Iterable[str], file: str | None = None) -> Iterator[ReadResult]:
        for index, chunk in enumerate(split_records(lines), 1):
            yield self.parse_chunk(chunk, file, index)


def _seats(data: dict[str, Any]) -> int | None:
    for tag in data["tags"]:
        if tag["name"] == "Seats" and tag["value"].isdigit():
            return int(tag["value"])
    return None


_READER: Reader | None = None


def _reader() -> Reader:
    global _READER
    if _READER is None:
        _READER = Reader()
    return _READER


def open_text(path: str | Path) -> TextIO:
    """Open a TGN file (also `.gz`, `.bz2`, `.zst`) as UTF-8 text; bad bytes become U+FFFD."""
    path = Path(path)
    name = path.name.lower()
    if name.endswith(".gz"):
        raw: Any = gzip.open(path, "rb")
    elif name.endswith(".bz2"):
        raw = bz2.open(path, "rb")
    elif name.endswith(".zst"):
        import zstandard

        raw = zstandard.ZstdDecompressor().stream_reader(open(path, "rb"))
    else:
        raw = open(path, "rb")
    return io.TextIOWrapper(
        io.BufferedReader(raw) if not hasattr(raw, "peek") else raw,
        encoding="utf-8-sig",
        errors="replace",
        newline=None,
    )


def read(source: str | Path | TextIO, file: str | None = None) -> Iterator[ReadResult]:
    """Stream the records of `source`: a path, `"-"` for stdin, a text stream, or TGN text
    (a `str` that holds a newline or a `[` is taken as text, not as a path)."""
    reader = _reader()
    if isinstance(source, Path) or (
        isinstance(source, str) and source != "-" and "\n" not in source and "[" not in source
    ):
        with open_text(source) as stream:
            yield from reader.read_lines(stream, file or str(source))
    elif source == "-":
        stream = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="replace")
        yield from reader.read_lines(stream, file or "<stdin>")
    elif isinstance(source, str):
        yield from reader.read_lines(io.StringIO(source.removeprefix("\ufeff")), file)
    else:
        yield from reader.read_lines(source, file)


def read_text(text: str, file: str | None = None) -> list[ReadResult]:
    """Every record of a TGN text."""
    return list(read(io.StringIO(text.removeprefix("\ufeff")), file))


def read_records(text: str) -> list[Record]:
    """The records of a text that must read without diagnostics (for tests and tools)."""
    results = read_text(text)
    problems = [str(d) for r in results for d in r.diagnostics]
    if problems:
        raise ValueError("\n".join(problems))
    return [r.record for r in results if r.record is not None]
