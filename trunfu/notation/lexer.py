"""The item lexer: the text of a section → its items (cards, labels, calls, ...), each with
its kind and file position.

One dict lookup per word finds what most words are (`TABLE`, made from the decks' card
codes and the vocabulary of `words`); the grammar's item terminals (`grammar.item_scanner`)
read only what the table cannot say: a card in lower case or followed by `!`, a call of
several words (`garde sans`), a claim not one space apart (`fuori  2`), an exchange label
with spaces (`1 > 2:`), a glyph written against its item (`KS$1`). A word neither reads
is an item of kind `UNKNOWN`, for the builder to report.

A record is mostly cards written one after another (a hand, a trick): the cards of the
table written one space apart on a line are one item of kind `CARDS`, the list of their
codes, which the builder takes as it is (their columns follow from the first's)."""

from __future__ import annotations

import re
from itertools import product

from .grammar import item_scanner
from .words import ANNOUNCEMENTS, CALLS, CLAIMS, SIGNALS

Item = tuple[str, object, int, int]
"""kind, text (for `CARDS`, the list of codes), line, column of the first character."""

UNKNOWN = "?"
PLAIN_CARD = "C"
"""The kind of a card code in the table: it is upper case, or read as its upper-case code.
A card the scanner read (`CARD`) may carry a suffix."""
CARDS = "CARDS"
"""The kind of an item that is the cards of the table written one space apart on a line."""


def _table() -> dict[str, tuple[str, str]]:
    """Word → (kind, text) of every item whose text alone tells what it is."""
    ranks = ("A", *(str(n) for n in range(2, 11)), "J", "C", "Q", "K")
    codes = [f"T{n}" for n in range(22)] + ["EX"] + [r + s for r in ranks for s in "SHDCB"]
    table: dict[str, tuple[str, str]] = {}
    for code in codes:
        for spelling in product(*({c.lower(), c.upper()} for c in code)):
            table["".join(spelling)] = (PLAIN_CARD, code)
    for owner in (*(str(n) for n in range(1, 10)), "talon", "dead"):
        table[owner + ":"] = ("HAND_LABEL", owner + ":")
    for n in range(1, 100):
        table[f"{n}."] = ("TRICK_NO", f"{n}.")
    for giver, receiver in product(range(1, 10), repeat=2):
        table[f"{giver}>{receiver}:"] = ("EXCHANGE_LABEL", f"{giver}>{receiver}:")
    table |= {word: ("CALL_WORD", word) for word in CALLS}
    table |= {word: ("ANNOUNCE_WORD", word) for word in ANNOUNCEMENTS}
    table |= {word: ("SIGNAL", word) for word in SIGNALS}
    table["/"] = ("SLASH", "/")
    table |= {
        f"{word} {seat}": ("CLAIM", f"{word} {seat}") for word in CLAIMS for seat in range(1, 10)
    }
    return table


TABLE = _table()
CODE_OF = {word: text for word, (kind, text) in TABLE.items() if kind == PLAIN_CARD}
"""Each spelling of a card code in the table → the code."""
CODES = frozenset(CODE_OF.values())
"""Every card code any deck may hold, in upper case."""
OPENERS = frozenset(call.split("-")[0] for call in CALLS if "-" in call) & frozenset(CALLS)
"""Calls that may start a longer call (`garde`, `garde sans`): the plain path reads them
from the table (a word that would go on with them is not in it), the scanner with the
grammar's terminal."""
_NONSPACE = re.compile(r"\S+")


def items(text: str, line: int, column: int, found: list[Item]) -> None:
    """Append the items of `text` (a section's text between comments, its first character
    at file position `line`, `column`) to `found`."""
    if "\t" in text or "\r" in text or "\f" in text or not _plain(text, line, column, found):
        _scan(text, line, column, found)


def _plain(text: str, line: int, column: int, found: list[Item]) -> bool:
    """The common case, e.g. canonical text: words one space or line break apart, each in
    the table (a claim, two words one space apart, in it as a whole). False, with `found`
    as it was, when a word is not. The cards written as their codes one space apart that
    end a line (a hand, a trick) are one item, the list of their words as they are."""
    get, append, codes = TABLE.get, found.append, CODES.issuperset
    size = len(found)
    for segment in text.split("\n"):
        words = segment.lstrip(" ")
        column += len(segment) - len(words)  # the indent
        words = words.split(" ")
        cards = None  # the codes written one space apart up to here on this line
        indexed = enumerate(words)
        for index, word in indexed:
            if not word:  # a space more: the next card starts another item
                column += 1
                cards = None
                continue
            hit = get(word)
            if hit is None:  # not a word of the table, unless the first of a claim: `fuori 2`
                if index + 1 == len(words) or (hit := get(f"{word} {words[index + 1]}")) is None:
                    del found[size:]
                    return False
                word = hit[1]
                next(indexed)
            if hit[0] != PLAIN_CARD:
                append((hit[0], hit[1], line, column))
                cards = None
            elif cards is not None:
                cards.append(hit[1])
            elif codes(rest := words[index:]):  # the rest of the line
                append((CARDS, rest, line, column))
                break
            else:
                cards = [hit[1]]
                append((CARDS, cards, line, column))
            column += len(word) + 1
        line += 1
        column = 1
    return True


def _scan(text: str, line: int, column: int, found: list[Item]) -> None:
    """Items of any text: a word the table does not know is read by the grammar's item
    terminals from where it starts; one they do not read either is `UNKNOWN`."""
    code_of, table, match, search = CODE_OF.get, TABLE, item_scanner().match, _NONSPACE.search
    line_start = 1 - column
    newline = text.find("\n")
    pos = 0
    cards: list[str] | None = None  # the codes written one space apart up to here
    while word := search(text, pos):
        start = word.start()
        while -1 < newline < start:
            line += 1
            line_start = newline + 1
            newline = text.find("\n", line_start)
            cards = None
        column = start - line_start + 1
        code = code_of(word.group())
        if code is not None:
            if cards is None or start != pos + 1 or text[pos] != " ":
                cards = [code]
                found.append((CARDS, cards, line, column))
            else:
                cards.append(code)
            pos = word.end()
            continue
        hit = table.get(word.group()) if word.group() not in OPENERS else None
        end = word.end()
        if hit is None:
            scanned = match(text, start)
            if scanned is None:
                hit = UNKNOWN, word.group()
            else:
                hit, end = (scanned.lastgroup, scanned.group()), scanned.end()
        found.append((hit[0], hit[1], line, column))
        cards = None
        pos = end


_CARD_LIKE = re.compile(r"[Tt][0-9]+|(?:[0-9]+|[A-Za-z])[SHDCBshdcb]")


def card_like(word: str) -> bool:
    """Whether `word`, which no deck holds, is written as a card is: a trump number (`T22`)
    or a rank and a suit letter (`XH`, `11H`); a word in lower-case letters is not."""
    return bool(_CARD_LIKE.fullmatch(word)) and not (word.isalpha() and word.islower())
