"""The models of a TGN record (spec §2, §5): slotted dataclasses. Every item keeps the line
and column (1-based) of its first character; items that can carry annotations keep them.

They are plain dataclasses so that reading a record costs no validation and no import of
pydantic; pydantic validates and dumps them at the edges (JSON export, upload), through
`trunfu.notation.schema`."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from .decks import GAMES, Game

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler
    from pydantic_core import CoreSchema

DiagnosticClass = Literal["encoding", "syntax", "deck", "rules", "result"]
POSITION_FIELDS = frozenset({"line", "column", "label"})


NUMBER_DIGITS = 9
"""The most digits, after leading zeros, of a number the notation reads: more than any
seat, trick, glyph or tag needs. A longer one is out of range, and is known to be from its
length alone (Python refuses to convert a text of more than 4,300 digits)."""


def number(text: str) -> int | None:
    """The number `text` writes in ASCII digits (`"4"`, `"04"`; not `"²"`, `"+4"`, `" 4"`),
    or None, also when it has more than `NUMBER_DIGITS` digits. Every number read from the
    notation (a tag's value, a trick number, a `$n` glyph) is read here: judged by its text
    before it is converted, so that no text, however long, raises."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0")
    if len(digits) > NUMBER_DIGITS:
        return None
    return int(digits) if digits else 0


node = dataclass(slots=True)
"""How each kind of `Node` is declared: a slotted dataclass whose position (`line`,
`column`) and own fields may be given in order, as the reader gives them (a class called
with arguments by name costs about twice as much), and whose comments and annotations are
given by name."""


@node
class Node:
    """Anything written in the text: where it starts, and what a reader may have added.

    A record holds dozens of these (tags, hands, tricks, calls, sections), and every layer
    reads them field by field, so they are slotted dataclasses. A dataclass converts
    nothing: give every field in its type (a tuple for `comments`, `Card`s for cards)."""

    line: int = 0
    column: int = 0
    comments: tuple[str, ...] = field(default=(), kw_only=True)
    """Brace comments written after the item, stripped of their braces."""


@node
class Annotated(Node):
    suffix: str | None = field(default=None, kw_only=True)
    """`!`, `?`, `!!`, `??`, `!?` or `?!` written right after the item."""
    nags: tuple[int, ...] = field(default=(), kw_only=True)
    """Numeric annotation glyphs `$0`..`$255`."""


@dataclass(slots=True, kw_only=True)
class CardExtras:
    """What a player wrote after a card's code besides it: annotations, and in marafone
    the leader's signal."""

    suffix: str | None = None
    nags: tuple[int, ...] = ()
    signal: str | None = None
    """`busso`, `striscio` or `volo` (marafone), written after a card of the play."""
    signal_line: int = 0
    signal_column: int = 0
    comments: tuple[str, ...] = ()


_NO_EXTRAS = CardExtras()


class Card:
    """One named card as written: its code and position, and `extras` when anything
    follows it (`chiamo T19`, an exchange's card; a card of `Cards` when a diagnostic or a
    step points at it).

    Pydantic validates and serialises it through the core schema below: within a record a
    card is given as a `Card` or as a dict of its fields (`code`, `line`, `column`,
    `extras`), and dumps as that dict."""

    __slots__ = ("code", "line", "column", "extras")  # noqa: RUF023 (the fields' order)

    code: str
    """Upper-case card code, e.g. `T20`, `EX`, `10S`."""
    line: int
    column: int
    extras: CardExtras | None

    def __init__(
        self, code: str, line: int = 0, column: int = 0, extras: CardExtras | None = None
    ) -> None:
        self.code = code
        self.line = line
        self.column = column
        self.extras = extras

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.fields() == other.fields()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, as the models are

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.fields().items())})"

    def fields(self) -> dict[str, Any]:
        """The card's fields by name."""
        return {"code": self.code, "line": self.line, "column": self.column, "extras": self.extras}

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """A card, or a dict of its fields validated as a dataclass's would be; dumped as
        that dict."""
        from pydantic_core import core_schema

        shape = _card_shape(handler)
        from_fields = core_schema.no_info_after_validator_function(lambda d: cls(**d), shape)
        return core_schema.json_or_python_schema(
            json_schema=from_fields,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_fields]
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(
                cls.fields, return_schema=shape
            ),
        )

    @property
    def suffix(self) -> str | None:
        return (self.extras or _NO_EXTRAS).suffix

    @property
    def nags(self) -> tuple[int, ...]:
        return (self.extras or _NO_EXTRAS).nags

    @property
    def comments(self) -> tuple[str, ...]:
        return (self.extras or _NO_EXTRAS).comments

    @property
    def signal(self) -> str | None:
        return (self.extras or _NO_EXTRAS).signal


def _card_shape(handler: GetCoreSchemaHandler) -> CoreSchema:
    """A card's fields as pydantic reads and dumps them."""
    from pydantic_core import core_schema

    return core_schema.typed_dict_schema(
        {
            "code": core_schema.typed_dict_field(core_schema.str_schema()),
            "line": core_schema.typed_dict_field(core_schema.int_schema(), required=False),
            "column": core_schema.typed_dict_field(core_schema.int_schema(), required=False),
            "extras": core_schema.typed_dict_field(
                core_schema.nullable_schema(handler.generate_schema(CardExtras)),
                required=False,
            ),
        },
        extra_behavior="ignore",
    )


class Cards(list[str]):
    """The cards of a hand, a trick, a discard or an announcement: their codes, as a list
    of `str`, with where each is written and what follows it.

    A record holds about 150 cards, and every layer reads their codes, so a card is its
    code and nothing more: its position is kept by runs (`runs`: the index, line and column
    of the first of cards written one space apart on one line), and made when a diagnostic
    asks for it (`at`, `card`); what follows a card (annotations, a signal, comments) is
    kept only where there is any (`extras`: index → `CardExtras`).

    Equal to another `Cards` when the codes, positions and extras are; to a list when the
    codes are. Pydantic reads and dumps it as a list of cards (`Card`'s dicts)."""

    __slots__ = ("extras", "runs")

    runs: list[tuple[int, int, int]]
    extras: dict[int, CardExtras] | None

    def __init__(
        self,
        codes: Iterable[str] = (),
        line: int = 0,
        column: int = 0,
        extras: dict[int, CardExtras] | None = None,
    ) -> None:
        """`codes`, written one space apart from `column` of `line` (0: nowhere)."""
        self.extend(codes)  # cheaper than `super().__init__` (each hand and trick makes one)
        self.runs = [(0, line, column)] if line else []
        self.extras = extras or None

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Cards:
        """The cards of `Card`s, with their positions and extras."""
        made = cls()
        for card in cards:
            made.add(card.code, card.line, card.column, card.extras)
        return made

    def add(self, code: str, line: int, column: int, extras: CardExtras | None = None) -> None:
        """Append `code`, written at `line`, `column`."""
        if line:
            self.runs.append((len(self), line, column))
        if extras is not None:
            if self.extras is None:
                self.extras = {}
            self.extras[len(self)] = extras
        self.append(code)

    def add_run(self, codes: list[str], line: int, column: int) -> None:
        """Append `codes`, written one space apart from `column` of `line`."""
        self.runs.append((len(self), line, column))
        self.extend(codes)

    def at(self, index: int) -> tuple[int, int]:
        """The line and column of the card at `index` ((0, 0) when not written)."""
        runs = self.runs
        run = bisect_right(runs, index, key=_first) - 1
        if run < 0:
            return 0, 0
        start, line, column = runs[run]
        return line, column + sum(len(code) + 1 for code in self[start:index])

    def positions(self) -> list[tuple[int, int]]:
        """The line and column of every card."""
        return [self.at(index) for index in range(len(self))]

    def extra(self, index: int) -> CardExtras | None:
        """What follows the card at `index`, if anything."""
        return self.extras.get(index) if self.extras else None

    def extras_of(self, index: int) -> CardExtras:
        """What follows the card at `index`, made when the first thing does."""
        if self.extras is None:
            self.extras = {}
        extras = self.extras.get(index)
        if extras is None:
            extras = self.extras[index] = CardExtras()
        return extras

    def card(self, index: int) -> Card:
        """The card at `index` as a `Card` (its code, position and extras)."""
        return Card(self[index], *self.at(index), self.extra(index))

    def cards(self) -> list[Card]:
        """Every card as a `Card`."""
        return [self.card(index) for index in range(len(self))]

    def __eq__(self, other: object) -> bool:
        same = list.__eq__(self, other)  # type: ignore[arg-type]
        if same is not True or not isinstance(other, Cards):
            return same
        return self.positions() == other.positions() and (self.extras or {}) == (other.extras or {})

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Cards({list(self)!r})"

    def __copy__(self) -> Cards:
        made = Cards(self)
        made.runs = list(self.runs)
        made.extras = dict(self.extras) if self.extras else None
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return _cards, (list(self), self.runs, self.extras)

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        """A `Cards`, or a list of cards (`Card`s, their dicts, or codes); dumped as a
        list of `Card`'s dicts."""
        from pydantic_core import core_schema

        shape = _card_shape(handler)
        item = core_schema.union_schema(
            [
                core_schema.is_instance_schema(Card),
                core_schema.no_info_after_validator_function(lambda d: Card(**d), shape),
                core_schema.no_info_after_validator_function(Card, core_schema.str_schema()),
            ]
        )
        from_list = core_schema.no_info_after_validator_function(
            cls.of, core_schema.list_schema(item)
        )
        return core_schema.json_or_python_schema(
            json_schema=from_list,
            python_schema=core_schema.union_schema(
                [core_schema.is_instance_schema(cls), from_list]
            ),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda cards: [card.fields() for card in cards.cards()],
                return_schema=core_schema.list_schema(shape),
            ),
        )


def _first(run: tuple[int, int, int]) -> int:
    return run[0]


def _cards(
    codes: list[str], runs: list[tuple[int, int, int]], extras: dict[int, CardExtras] | None
) -> Cards:
    """A `Cards` from its parts (how one is pickled)."""
    made = Cards(codes, extras=extras)
    made.runs = runs
    return made


@node
class Tag(Node):
    name: str = ""
    value: str = ""
    value_line: int = 0
    value_column: int = 0


@node
class Hand(Node):
    owner: str = ""
    """`"1"`.. for a seat, `"talon"` or `"dead"`."""
    cards: Cards = field(default_factory=Cards)


@node
class Call(Annotated):
    word: str = ""
    """The call in its canonical spelling, e.g. `vado-solo`."""
    card: Card | None = None
    """The card named by `chiamo CARD`."""
    label: int | None = None
    """The seat label written before the call, if any (checked, not written back)."""


@node
class Trick(Node):
    kind: Literal["trick"] = field(default="trick", kw_only=True)
    cards: Cards = field(default_factory=Cards)
    """The cards played, in playing order (the only cards that may carry a signal)."""


@node
class Claim(Node):
    kind: Literal["fuori", "penalty"] = field(kw_only=True)
    seat: int = field(kw_only=True)


@node
class Exchange(Node):
    giver: int = field(kw_only=True)
    receiver: int = field(kw_only=True)
    card: Card = field(kw_only=True)


@node
class Announcement(Annotated):
    seat: int = field(kw_only=True)
    word: str = field(kw_only=True)
    cards: Cards = field(default_factory=Cards, kw_only=True)


@node
class Section(Node):
    """A section keyword; its comments are those written right after the keyword."""

    keyword: str = field(kw_only=True)


@node
class Deal(Section):
    keyword: Literal["deal"] = field(default="deal", kw_only=True)
    hands: list[Hand] = field(default_factory=list)


@node
class Auction(Section):
    keyword: Literal["auction"] = field(default="auction", kw_only=True)
    rounds: list[list[Call]] = field(default_factory=lambda: [[]])
    separators: list[Node] = field(default_factory=list)
    """The `/` marks, one per round after the first."""


@node
class CardList(Section):
    """`call` and `discard`: a keyword and cards."""

    cards: Cards = field(default_factory=Cards)


@node
class Trump(Section):
    keyword: Literal["trump"] = field(default="trump", kw_only=True)
    suit: str | None = None
    suit_line: int = 0
    suit_column: int = 0


@node
class Exchanges(Section):
    keyword: Literal["exchange"] = field(default="exchange", kw_only=True)
    items: list[Exchange] = field(default_factory=list)


@node
class Announcements(Section):
    keyword: Literal["announce"] = field(default="announce", kw_only=True)
    items: list[Announcement] = field(default_factory=list)


@node
class Play(Section):
    keyword: Literal["play"] = field(default="play", kw_only=True)
    items: list[Trick | Claim] = field(default_factory=list)
    """Tricks and claims in the order written (a claim's `kind` tells them apart)."""

    @property
    def tricks(self) -> list[Trick]:
        return [item for item in self.items if isinstance(item, Trick)]


@dataclass(slots=True, kw_only=True)
class Record:
    """One deal: its tags and the sections of its body. `dataclasses.replace(record,
    play=None)` copies it with changes."""

    file: str | None = None
    index: int = 1
    """1-based position of the record in its file."""
    line: int = 1
    column: int = 1
    tags: list[Tag] = field(default_factory=list)
    comments: tuple[str, ...] = ()
    """The record's own comments (between the tags and the first section)."""
    deal: Deal | None = None
    auction: Auction | None = None
    call: CardList | None = None
    trump: Trump | None = None
    discard: CardList | None = None
    exchange: Exchanges | None = None
    announce: Announcements | None = None
    play: Play | None = None

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called `name`."""
        for tag in self.tags:
            if tag.name == name:
                return tag.value
        return default

    def first_tags(self) -> dict[str, Tag]:
        """Tag name → the first tag of that name, as `tag` finds it (one pass for all)."""
        return {tag.name: tag for tag in reversed(self.tags)}

    @property
    def game(self) -> Game | None:
        return GAMES.get(self.tag("Game") or "")

    @property
    def seats(self) -> int | None:
        value = self.tag("Seats") or ""
        return number(value)

    @property
    def dealer(self) -> int | None:
        value = self.tag("Dealer") or ""
        return number(value)

    @property
    def variant(self) -> str | None:
        game = self.game
        return self.tag("Variant") or (game.default_variant if game else None)

    def calls(self) -> list[Call]:
        """Every call of the auction, round after round (none without an auction)."""
        return [call for round_ in self.auction.rounds for call in round_] if self.auction else []

    def played(self) -> list[str]:
        """The code of every card of the play's tricks, in playing order (none without a
        play)."""
        return [card for trick in self.play.tricks for card in trick.cards] if self.play else []

    def hand(self, owner: str | int) -> Hand | None:
        if self.deal is None:
            return None
        for hand in self.deal.hands:
            if hand.owner == str(owner):
                return hand
        return None

    def content(self) -> dict[str, Any]:
        """The record without positions, file, index or seat labels: what a round trip keeps."""
        from .schema import dump

        return _strip(dump(self, exclude={"file", "index", "line", "column"}))


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {
            k: _strip(v)
            for k, v in value.items()
            if k not in POSITION_FIELDS and not k.endswith(("_line", "_column"))
        }
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


@dataclass(frozen=True, slots=True, kw_only=True)
class Diagnostic:
    """One problem found in a record (spec §7). `cls` is written `class` in JSON
    (`as_json`)."""

    file: str | None = None
    record: int = 1
    line: int
    column: int
    cls: DiagnosticClass
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.file or '<stdin>'}:{self.line}:{self.column}: {self.cls} {self.code} {self.message}"

    def as_json(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "column": self.column,
            "class": self.cls,
            "code": self.code,
            "message": self.message,
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Cut:
    """A record longer than the reader takes: what `ReadResult.text` (its first characters
    only) leaves out."""

    size: int
    """The whole record's length in characters."""
    digest: str
    """The SHA-256 (hex) of the whole record's text as the bytes read."""
    line: int
    column: int
    """Where the record starts in its file."""
    end_line: int
    end_column: int
    """Where it ends: the position of the character after it."""


@dataclass(slots=True, kw_only=True)
class ReadResult:
    """What the reader gives for one record: the record (None when it does not parse),
    its diagnostics and its source text."""

    file: str | None = None
    index: int
    line: int
    record: Record | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str = ""
    """The record's source text as read (kept so that nothing given is lost). A byte that
    is not UTF-8 stands in it as a lone surrogate (`encoding.decode`)."""
    cut: Cut | None = None
    """Set when `text` holds only the first part of a record too long to read."""

    @property
    def ok(self) -> bool:
        return self.record is not None and not self.diagnostics
