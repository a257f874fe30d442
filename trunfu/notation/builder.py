"""The builder: the parser's tags and sections → the models of a record, and the problems
of their text.

Lark's parser calls it as it reduces each tag and each section (`Builder.tag`,
`Builder.section`); the item lexer splits a section's text into items, and one function a
section makes its model from them. A problem found in an item is kept, and the reading
goes on at the next line (a card that no deck holds, at the next item), so that every
independent mistake of a record is told; a record with any problem is not made."""

from __future__ import annotations

import re
from bisect import bisect_right
from difflib import get_close_matches as _close
from typing import Any

from lark import Token, Transformer

from . import lexer
from .decks import ANNOUNCEMENT_SPELLINGS, GAMES, NAG_MAX, SIGNALS, Game
from .errors import brief, unplaced
from .lexer import CARDS, PLAIN_CARD, UNKNOWN, Item
from .models import (
    Announcement,
    Announcements,
    Auction,
    Call,
    Card,
    CardExtras,
    CardList,
    Cards,
    Claim,
    Deal,
    Exchange,
    Exchanges,
    Hand,
    Node,
    Play,
    Record,
    Section,
    Tag,
    Trick,
    Trump,
    number,
)
from .words import CALLS, CLAIMS, SECTION_KEYS

Problem = tuple[int, int, str, str, str]  # line, column, class, code, message
Written = Cards
"""The cards of a hand, a trick, ... whose last card is the card written last."""

MAX_PROBLEMS = 100
_SUFFIX = re.compile(r"(!!|\?\?|!\?|\?!|!|\?)$")
_WS_DASH = re.compile(r"[\s-]+")
_TAG_NAME = r"[A-Za-z][A-Za-z0-9_]*"
_TAG_VALUE = r'"[^"\\\t\r\n]*(?:\\["\\][^"\\\t\r\n]*)*"'
_TAGS = re.compile(rf"([ \t\f\r\n]*)\[([ \t]*)({_TAG_NAME})([ \t]*)({_TAG_VALUE})([ \t]*)\]")
"""A tag `[Name "value"]` as the grammar's `_ONE_TAG` reads it, after any white space, in
parts whose lengths give the positions of the name and the value: the grammar's `TAG`
token is a run of them. (A value's characters, then each escape with the characters after
it, as the grammar's `STRING`: one step per stretch of plain characters.)"""
_KEYWORDS = {key[:2]: key for key in SECTION_KEYS}
"""A section keyword by its first two letters, which tell them apart (the keyword token
may go on with the section's text)."""
_BLANK = re.compile(r"[ \t\f\r\n]*")
_CARDS = (CARDS, PLAIN_CARD, "CARD")
"""The kinds of a card item: a run of cards, a card of the table, a card the scanner read."""
_TRICK_NUMBERS = {f"{n}.": n for n in range(1, 100)}
_NO_CARD = Card("")
"""The card of an exchange until its card is read (a record whose exchange has none is
not made)."""


class Builder(Transformer):
    """Inline LALR callbacks: tags and sections → models, problems → `problems`.

    Positions are made file positions: the chunk starts at line `offset + 1`, and its first
    line at column `col0 + 1` (a record may start in the middle of a line)."""

    def __init__(self) -> None:
        super().__init__()
        self.reset(1, 1)

    def reset(self, line: int, column: int) -> None:
        self.offset = line - 1
        self.col0 = column - 1
        self.seats: int | None = None
        self.game: Game | None = None
        self.game_read = False
        """Whether a Game tag was read (the first one names the game, known or not)."""
        self.tags_end = (0, 0)
        self.problems: list[Problem] = []
        self.last = -1
        """The line of the last problem told that skipped the rest of its line."""

    def at(self, line: int, column: int) -> tuple[int, int]:
        """File position of a chunk position."""
        return line + self.offset, column + self.col0 if line == 1 else column

    def problem(self, line: int, column: int, code: str, message: str, cls: str = "syntax") -> None:
        self.problems.append((line, column, cls, code, message))

    def line_problem(
        self, line: int, column: int, code: str, message: str, first: bool = False
    ) -> None:
        """A problem after which the rest of its line is skipped. One at the first item of
        a line (`first`) right after a line whose first item had one is not told: as when
        a keyword is missing, and every line after it stands in the wrong section (one
        mistake, told once)."""
        if not (first and line - self.last == 1):
            self.problem(line, column, code, message)
        self.last = line if first else -1

    @staticmethod
    def open_section(stack: list[Any]) -> str | None:
        """The keyword of the section the parser is reading (its tokens at the end of the
        parser's `stack`), if any."""
        for token in reversed(stack):
            if not isinstance(token, Token) or token.type not in ("KEYWORD", "RUN"):
                return None
            if token.type == "KEYWORD":
                return _KEYWORDS[token.value[:2]]
        return None

    def pending(self, stack: list[Any]) -> None:
        """Read the section the parser was reading when it stopped (its tokens at the end
        of the parser's `stack`), for the problems of its text."""
        for at in range(len(stack) - 1, -1, -1):
            token = stack[at]
            if not isinstance(token, Token) or token.type not in ("KEYWORD", "RUN"):
                return
            if token.type == "KEYWORD":
                self.section(stack[at:])
                return

    # -- tags
    def tag(self, children: list[Token]) -> list[Tag]:
        if len(children) == 1:  # one or more simple tags, each on one line
            token = children[0]
            return self.tags(token.value, *self.at(token.line, token.column))
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

    def tags(self, text: str, line: int, column: int) -> list[Tag]:
        """The tags written one after another (white space between them) in `text`, whose
        first character is at file position `line`, `column`."""
        found = []
        column -= 1  # the column of the character before the next one
        for space, pad, name, gap, raw, tail in _TAGS.findall(text):
            if space:
                newline = space.rfind("\n")
                if newline < 0:
                    column += len(space)
                else:
                    line += space.count("\n")
                    column = len(space) - newline - 1
            name_column = column + 2 + len(pad)
            value_column = name_column + len(name) + len(gap)
            found.append(self._tag(name, raw, line, name_column, line, value_column))
            column = value_column + len(raw) + len(tail)
        if found:
            self.tags_end = (line, column + 1)
        return found

    def _tag(
        self, name: str, raw: str, line: int, column: int, value_line: int, value_column: int
    ) -> Tag:
        """The tag `name` of the quoted value `raw`, the name at `line`, `column`."""
        value = raw[1:-1].replace('\\"', '"').replace("\\\\", "\\") if "\\" in raw else raw[1:-1]
        if name == "Seats" and self.seats is None:
            self.seats = number(value)
        elif name == "Game" and not self.game_read:
            self.game, self.game_read = GAMES.get(value), True
        return Tag(line, column, name, value, value_line, value_column)

    # -- sections
    def section(self, children: list[Token]) -> Section:
        head = children[0]
        keyword = _KEYWORDS[head.value[:2]]
        line, column = self.at(head.line, head.column)
        if keyword == "trump":
            suit = children[1]
            suit_line, suit_column = self.at(suit.line, suit.column)
            return Trump(
                line=line,
                column=column,
                suit=suit.value.upper(),
                suit_line=suit_line,
                suit_column=suit_column,
            )
        items = self._items(head, keyword, children[1:])
        reading = _Section(self, keyword, items, self.game, self.seats)
        return getattr(reading, keyword)(items, line, column)

    def _items(self, head: Token, keyword: str, runs: list[Token]) -> list[Item]:
        """The items of a section: those of the text that shares the keyword's token, then
        those of the text after each comment, with their file positions."""
        found: list[Item] = []
        value = head.value
        start = _BLANK.match(value, len(keyword)).end()  # type: ignore[union-attr]
        if start < len(value):  # the text after the keyword and the white space after it
            newlines = value.count("\n", 0, start)
            line = head.line + newlines
            column = start - value.rfind("\n", 0, start) if newlines else head.column + start
            lexer.items(value[start:], *self.at(line, column), found)
        for run in runs:
            lexer.items(run.value, *self.at(run.line, run.column), found)
        return found

    def start(self, children: list[Any]) -> Record:
        record = Record(line=self.offset + 1, column=self.col0 + 1)
        for child in children:
            if type(child) is list:
                record.tags += child
            elif getattr(record, key := child.keyword) is not None:
                self.problem(
                    child.line,
                    child.column,
                    "duplicate-section",
                    f"the `{key}` section is given twice; a record has one",
                )
            else:
                setattr(record, key, child)
        return record


class _Section:
    """Reads the items of one section into its model, telling the problems to `build`.

    After a problem the rest of its line is skipped (`skip`): the reading goes on at the
    next line."""

    def __init__(
        self,
        build: Builder,
        keyword: str,
        items: list[Item],
        game: Game | None,
        seats: int | None,
    ):
        self.build, self.keyword, self.items = build, keyword, items
        self.game, self.seats = game, seats
        self.skip = 0

    def problem(self, line: int, column: int, code: str, message: str) -> None:
        first = min(c for kind, text, at, c in self.items if at == line) == column
        self.build.line_problem(line, column, code, message, first)
        self.skip = line

    def unplaced(self, kind: str, text: str, line: int, column: int) -> bool:
        """Tell an item that cannot stand where it stands; True when it is written as a card
        is (a card no deck holds: the reading goes on at the next item)."""
        if kind == UNKNOWN and lexer.card_like(text):
            game = self.game
            deck = (
                f"a card of the {game.name} deck: its cards are {game.cards_in_words}"
                if game
                else "a card of any deck"
            )
            self.build.problem(
                line, column, "unknown-card", f"{brief(text.upper())} is not {deck}", cls="deck"
            )
            return True
        code, message = unplaced(text, self.keyword)
        if code == "unknown-keyword":
            code, message = self._nearest(text, code, message)
        self.problem(line, column, code, message)
        return False

    def _nearest(self, word: str, code: str, message: str) -> tuple[str, str]:
        """A misspelt word told with the nearest words its section accepts (a word of the
        section out of its place is not misspelt)."""
        game = self.game

        def get_close_matches(word: str, words: Any, n: int) -> list[str]:
            return [w for w in _close(word, words, n=n) if w != word]

        if self.keyword == "auction":
            calls = sorted(set(game.calls.get(self.seats or 0, {}).values())) if game else CALLS
            near = get_close_matches(word, calls, n=3)
            if near:
                whose = f"{game.name}" if game else "any game"
                return "unknown-call", f"`{word}` is not a call of {whose}; {_did_you_mean(near)}"
        elif self.keyword == "announce":
            known = game.announcements if game else ()
            near = get_close_matches(word, known, n=3)
            if near:
                return (
                    "unknown-announcement",
                    f"`{word}` is not an announcement of {game.name}; {_did_you_mean(near)}",  # type: ignore[union-attr]
                )
        own = [*SECTION_KEYS, *(SIGNALS + CLAIMS if self.keyword == "play" else ())]
        near = get_close_matches(word, own, n=3)
        if near:
            return code, f"{message}; {_did_you_mean(near)}"
        return code, message

    def nag(self, target: Any, text: str, line: int, column: int) -> None:
        """A numeric glyph for `target` (a card, the last card of a list, a call or an
        announcement)."""
        if target is None:
            self.problem(
                line, column, "misplaced-nag", f"{brief(text)} must follow a card or a call"
            )
            return
        value = number(text[1:])
        if value is None or value > NAG_MAX:
            message = f"{brief(text)}: numeric glyphs go from $0 to ${NAG_MAX}"
            self.problem(line, column, "bad-nag", message)
            return
        if isinstance(target, Cards):  # its last card
            target = target.extras_of(len(target) - 1)
        elif isinstance(target, Card):
            target = _extras(target)
        target.nags = (*target.nags, value)

    def stray(self, text: str, line: int, column: int, owner: str) -> None:
        self.problem(line, column, "stray-card", f"{text.upper()} does not follow {owner}")

    def named(
        self, kind: str, text: Any, line: int, column: int, taken: bool, owner: str
    ) -> Card | None:
        """The card a word names (`chiamo T19`, `1>2: KS`): that of a card item, the first
        of a run. None when the word has its card already (`taken`): the card is stray, as
        is a run's second."""
        first = text[0] if kind == CARDS else text
        if taken:
            self.stray(first, line, column, owner)
            return None
        if kind == CARDS and len(text) > 1:
            self.stray(text[1], line, column + len(first) + 1, owner)
        return _card(PLAIN_CARD if kind == CARDS else kind, first, line, column)

    # -- one function a section
    def deal(self, items: list[Item], line: int, column: int) -> Deal:
        hands: list[Hand] = []
        cards: Cards | None = None
        last: Written | None = None
        labelled = False  # the item before was a hand's label
        for kind, text, at, col in items:
            if at == self.skip:
                continue
            if kind == CARDS or kind == "CARD":
                if cards is None:
                    written = text[0] if kind == CARDS else text  # type: ignore[index]
                    self.problem(
                        at,
                        col,
                        "card-without-seat",
                        f"{written} stands before any seat label: write `1: {written} ...`",
                    )
                    continue
                if kind == CARDS:
                    cards.add_run(text, at, col)  # type: ignore[arg-type]
                else:
                    _add(cards, kind, text, at, col)
                last = cards
            elif kind == "HAND_LABEL":
                cards = Cards()
                hands.append(Hand(at, col, text[:-1], cards))
                last = None
            elif kind == "NAG" and (last is not None or labelled):
                self.nag(last, text, at, col)
                continue
            else:
                self.unplaced(kind, text, at, col)
            labelled = kind == "HAND_LABEL"
        return Deal(line, column, hands)

    def auction(self, items: list[Item], line: int, column: int) -> Auction:
        rounds: list[list[Call]] = [[]]
        separators: list[Node] = []
        label: int | None = None
        last: Call | Card | None = None
        spelling = self.game.calls.get(self.seats or 0, {}) if self.game else {}
        for index, (kind, text, at, col) in enumerate(items):
            if at == self.skip:
                continue
            if label is not None and kind != "CALL_WORD":
                label = None
            if kind == "CALL_WORD":
                word, suffix = (text, None) if text in lexer.TABLE else _call_word(text)
                call = Call(at, col, spelling.get(word, word), None, label)
                call.suffix = suffix
                rounds[-1].append(call)
                last, label = call, None
            elif kind in _CARDS:
                call = rounds[-1][-1] if rounds[-1] else None
                taken = call is None or call.card is not None
                if card := self.named(kind, text, at, col, taken, "a call such as `chiamo`"):
                    call.card = last = card  # type: ignore[union-attr]
            elif (
                kind == "HAND_LABEL"
                and text[0].isdigit()
                and index + 1 < len(items)
                and items[index + 1][0] == "CALL_WORD"
            ):
                label = int(text[0])
            elif kind == "HAND_LABEL" and _before_unknown(items, index):
                continue  # the word after it is told
            elif kind == "SLASH":
                separators.append(Node(at, col))
                rounds.append([])
                last = None
            elif kind == "NAG" and last is not None:
                self.nag(last, text, at, col)
            elif not self.unplaced(kind, text, at, col):
                last = None
        return Auction(line, column, rounds, separators)

    def call(self, items: list[Item], line: int, column: int) -> CardList:
        return CardList(line, column, self._cards(items), keyword="call")

    def discard(self, items: list[Item], line: int, column: int) -> CardList:
        return CardList(line, column, self._cards(items), keyword="discard")

    def _cards(self, items: list[Item]) -> Cards:
        cards = Cards()
        last: Written | None = None
        for kind, text, at, col in items:
            if at == self.skip:
                continue
            if kind == CARDS:
                cards.add_run(text, at, col)  # type: ignore[arg-type]
                last = cards
            elif kind == "CARD":
                _add(cards, kind, text, at, col)
                last = cards
            elif kind == "NAG" and last is not None:
                self.nag(last, text, at, col)
            elif not self.unplaced(kind, text, at, col):
                last = None
        return cards

    def exchange(self, items: list[Item], line: int, column: int) -> Exchanges:
        made: list[Exchange] = []
        last: Card | None = None
        for kind, text, at, col in items:
            if at == self.skip:
                continue
            if kind == "EXCHANGE_LABEL":
                giver, receiver = re.findall(r"[1-9]", text)
                exchange = Exchange(
                    line=at, column=col, giver=int(giver), receiver=int(receiver), card=_NO_CARD
                )
                made.append(exchange)
                last = None
            elif kind in _CARDS:
                taken = not made or made[-1].card is not _NO_CARD
                if card := self.named(kind, text, at, col, taken, "an exchange `A>B:`"):
                    made[-1].card = last = card
            elif kind == "NAG" and last is not None:
                self.nag(last, text, at, col)
            elif not self.unplaced(kind, text, at, col):
                last = None
        for exchange in made:
            if exchange.card is _NO_CARD:
                self.problem(
                    exchange.line,
                    exchange.column,
                    "missing-card",
                    "an exchange `A>B:` names the card handed over, e.g. `1>2: KS`",
                )
                exchange.card = Card("")
        return Exchanges(line, column, made)

    def announce(self, items: list[Item], line: int, column: int) -> Announcements:
        made: list[Announcement] = []
        last: Announcement | Written | None = None
        for index, (kind, text, at, col) in enumerate(items):
            if at == self.skip:
                continue
            if (
                kind == "HAND_LABEL"
                and text[0].isdigit()
                and index + 1 < len(items)
                and items[index + 1][0] == "ANNOUNCE_WORD"
            ):
                suffix = _SUFFIX.search(items[index + 1][1])
                word = items[index + 1][1][: suffix.start()] if suffix else items[index + 1][1]
                last = Announcement(
                    line=at,
                    column=col,
                    seat=int(text[0]),
                    word=ANNOUNCEMENT_SPELLINGS.get(word, word),
                )
                last.suffix = suffix.group() if suffix else None
                made.append(last)
            elif kind == "ANNOUNCE_WORD" and index and items[index - 1][0] == "HAND_LABEL":
                pass  # read with its label
            elif kind == "HAND_LABEL" and _before_unknown(items, index):
                continue  # the word after it is told
            elif kind in _CARDS:
                if not made:  # the rest of the line is skipped
                    first: str = text[0] if kind == CARDS else text  # type: ignore[index]
                    self.stray(first, at, col, "an announcement `N: word`")
                    continue
                last = made[-1].cards
                if kind == CARDS:
                    last.add_run(text, at, col)  # type: ignore[arg-type]
                else:
                    _add(last, kind, text, at, col)
            elif kind == "NAG" and last is not None:
                self.nag(last, text, at, col)
            elif not self.unplaced(kind, text, at, col):
                last = None
        return Announcements(line, column, made)

    def play(self, items: list[Item], line: int, column: int) -> Play:
        """Group the play items into tricks and claims (spec §5 `play`): a trick's number
        `N.` is optional, so a trick that holds one card per seat, numbered or not, is
        complete and the next card starts a new trick; a number starts a trick too, and
        must be the count."""
        seats = self.seats or 0
        made: list[Trick | Claim] = []
        cards: Cards | None = None  # the trick in progress
        last: Written | None = None
        signalled = False
        count = 0
        damaged = False  # the trick in progress lost an item to a problem
        renumbered = False  # the last trick number was not the count

        def short(at: int, col: int) -> bool:
            """Tell the trick in progress as short when it lacks cards (not when it lost an
            item to a problem)."""
            if cards is None or len(cards) >= seats:
                return False
            if damaged or (made and self.skip >= made[-1].line):
                return False
            self.skip = at  # told at once: a structural problem, not a word out of place
            self.build.problem(
                at,
                col,
                "short-trick",
                f"trick {count} has {len(cards)} card{'' if len(cards) == 1 else 's'}; "
                f"each of the {seats} seats plays one",
            )
            return True

        for kind, text, at, col in items:
            if at == self.skip:
                continue
            if kind == CARDS:  # the common case first: a trick's cards, or some of them
                if cards is not None and seats and len(cards) + len(text) <= seats:
                    cards.add_run(text, at, col)  # type: ignore[arg-type]
                else:
                    for code in text:  # type: ignore[attr-defined]
                        if cards is None or (seats and len(cards) >= seats):
                            count += 1
                            cards = Cards()
                            made.append(Trick(at, col, cards))
                            damaged = False
                        cards.add(code, at, col)
                        col += len(code) + 1
                last, signalled = cards, False
            elif kind == "TRICK_NO":
                if short(at, col):
                    continue
                count += 1
                written = _TRICK_NUMBERS.get(text) or number(text[:-1])
                wrong = False  # the number is told wrong: the trick it starts is not judged
                if written == count:
                    renumbered = False
                elif damaged or renumbered:  # the count goes on from the number written
                    count, renumbered = written or count, False
                else:  # told once: the count goes on from the number written
                    self.build.problem(
                        at,
                        col,
                        "trick-number",
                        f"trick number {brief(text[:-1])} where trick {count} was expected",
                    )
                    count, renumbered, wrong = written or count, True, True
                cards = Cards()
                made.append(Trick(at, col, cards))
                last, damaged = None, wrong
            elif kind == "CARD" or (kind == UNKNOWN and lexer.card_like(text)):
                if kind == UNKNOWN:  # told, and counted as the card it stands for
                    self.unplaced(kind, text, at, col)
                    kind, text = PLAIN_CARD, ""
                if cards is None or (seats and len(cards) >= seats):
                    count += 1
                    cards = Cards()
                    made.append(Trick(at, col, cards))
                    damaged = False
                _add(cards, kind, text, at, col)
                last, signalled = cards, False
            elif kind == "SIGNAL" and last is not None and not signalled:
                extras = last.extras_of(len(last) - 1)
                extras.signal, extras.signal_line, extras.signal_column = text, at, col
                signalled = True
            elif kind == "CLAIM":
                if short(at, col):
                    continue
                word, seat = text.split()
                made.append(Claim(line=at, column=col, kind=word, seat=int(seat)))  # type: ignore[arg-type]
                cards = last = None
            elif kind == "NAG" and last is not None:
                self.nag(last, text, at, col)
            else:
                self.unplaced(kind, text, at, col)
                last, damaged = None, True
        return Play(line, column, made)


def _before_unknown(items: list[Item], index: int) -> bool:
    """Whether the item after `items[index]` (a seat's label) is a word no table knows."""
    return index + 1 < len(items) and items[index + 1][0] == UNKNOWN


def _did_you_mean(words: list[str]) -> str:
    quoted = [f"`{word}`" for word in words]
    return (
        "did you mean "
        + (quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1])
        + "?"
    )


def _card(kind: str, text: str, line: int, column: int) -> Card:
    """A card item as a card (`_code`)."""
    code, extras = _code(kind, text)
    return Card(code, line, column, extras)


def _add(cards: Cards, kind: str, text: str, line: int, column: int) -> None:
    """Append a card item to `cards` (`_code`)."""
    code, extras = _code(kind, text)
    cards.add(code, line, column, extras)


def _code(kind: str, text: str) -> tuple[str, CardExtras | None]:
    """A card item's code and its suffix as extras (None without): a code from the table
    as it is, else the code as the scanner found it, maybe followed by a suffix."""
    if kind == PLAIN_CARD:
        return text, None
    suffix = _SUFFIX.search(text)
    if suffix is None:
        return text.upper(), None
    return text[: suffix.start()].upper(), CardExtras(suffix=suffix.group())


def _extras(card: Card | tuple[Cards, int]) -> CardExtras:
    """What follows a card, made when the first thing does."""
    if isinstance(card, tuple):
        return card[0].extras_of(card[1])
    if card.extras is None:
        card.extras = CardExtras()
    return card.extras


def _call_word(text: str) -> tuple[str, str | None]:
    """A call as the scanner found it: its words joined by `-`, and its suffix."""
    suffix = _SUFFIX.search(text)
    word = _WS_DASH.sub("-", text[: suffix.start()] if suffix else text)
    return word, suffix.group() if suffix else None


def attach_comments(
    record: Record, comments: list[tuple[int, int, str]], tags_end: tuple[int, int]
) -> list[str]:
    """Give each brace comment to the item written before it (spec §5 annotations); one
    after the tags and before the first section is the record's (returned); one among the
    tags is dropped."""
    found: list[tuple[int, int, Any]] = []

    def cards_of(cards: Cards) -> None:
        for index, (line, column) in enumerate(cards.positions()):
            found.append((line, column, (cards, index)))

    for key in SECTION_KEYS:
        section = getattr(record, key)
        if section is None:
            continue
        found.append((section.line, section.column, section))
        if isinstance(cards := getattr(section, "cards", None), Cards):
            cards_of(cards)
        for group in ("hands", "items", "separators", "rounds"):
            for item in getattr(section, group, ()):
                for node in item if group == "rounds" else (item,):
                    found.append((node.line, node.column, node))
                    if isinstance(getattr(node, "cards", None), Cards):
                        cards_of(node.cards)
                    card = getattr(node, "card", None)
                    if card:
                        found.append((card.line, card.column, card))
    nodes = sorted(
        ((line, column, i, n) for i, (line, column, n) in enumerate(found)), key=lambda n: n[:3]
    )
    keys = [(n[0], n[1]) for n in nodes]
    own: list[str] = []
    for line, column, text in comments:
        at = bisect_right(keys, (line, column)) - 1
        if at >= 0:
            node = nodes[at][3]
            if isinstance(node, Card | tuple):
                extras = _extras(node)
                extras.comments = (*extras.comments, text)
            else:
                node.comments = (*node.comments, text)
        elif (line, column) >= tags_end:
            own.append(text)
    return own


def comment_text(raw: str) -> str:
    """The kept text of a `{...}` comment: its inside, each line stripped of white space at
    both ends, leading and trailing empty lines left out."""
    return "\n".join(part.strip() for part in raw[1:-1].strip().split("\n"))
