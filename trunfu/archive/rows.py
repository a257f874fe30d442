"""One record read → the rows of every archive table, as Arrow tables for a bulk insert.

This runs in the ingest's worker processes: read, judge (reader diagnostics, then the
engine's replay), canonical text and hash, then columns. Record ids are local to the
batch (`local`, 0-based); the writer adds the archive's next free id.
"""

from __future__ import annotations

import hashlib
import json
import re
from array import array
from datetime import date
from functools import lru_cache
from itertools import accumulate, chain
from typing import Any

import orjson
import pyarrow as pa

from .. import engine
from ..engine.games import get as game_rules
from ..engine.model import Outcome
from ..notation import encoding
from ..notation.decks import GAMES
from ..notation.models import CardExtras, Claim, Diagnostic, ReadResult, Record, Trick, number
from ..notation.writer import tag_pairs, write
from .schema import OUTCOME_COLUMNS

INT8, INT16, INT32, INT64 = pa.int8(), pa.int16(), pa.int32(), pa.int64()
STR, F64, BOOL = pa.string(), pa.float64(), pa.bool_()

SCHEMAS: dict[str, pa.Schema] = {
    "records": pa.schema(
        [
            ("local", INT32),
            ("hash", STR),
            ("game", STR),
            ("seats", INT8),
            ("variant", STR),
            ("dealer", INT8),
            ("event", STR),
            ("site", STR),
            ("date_text", STR),
            ("date", pa.date32()),
            ("round", STR),
            ("board", STR),
            ("title", STR),
            ("result_tag", STR),
            ("source_file", STR),
            ("source_index", INT32),
            ("source_line", INT32),
            ("tricks", INT16),
            ("scored", BOOL),
            ("contract", STR),
            ("declarer", INT8),
            ("partners", pa.list_(INT8)),
            ("won", BOOL),
            ("thrown_in", BOOL),
            ("result", STR),
            ("declarer_score", F64),
            ("declarer_points", F64),
            ("defence_points", F64),
            ("margin", F64),
            ("oudlers", INT8),
            ("breakdown", STR),
            ("text", STR),
        ]
    ),
    "seats": pa.schema(
        [
            ("local", INT32),
            ("seat", INT8),
            ("player", STR),
            ("position", INT8),
            ("side", STR),
            ("role", STR),
            ("score", F64),
            ("won", BOOL),
        ]
    ),
    "calls": pa.schema(
        [
            ("local", INT32),
            ("ord", INT16),
            ("kind", STR),
            ("round", INT8),
            ("seat", INT8),
            ("word", STR),
            ("cards", pa.list_(STR)),
        ]
    ),
    "played": pa.schema(
        [
            ("local", INT32),
            ("cards", STR),
            ("tricks", pa.list_(INT16)),
            ("seats", pa.list_(INT8)),
            ("signals", pa.list_(STR)),
            ("starts", pa.list_(INT16)),
            ("winners", pa.list_(INT8)),
            ("sides", pa.list_(STR)),
        ]
    ),
    "bonuses": pa.schema([("local", INT32), ("name", STR), ("side", STR), ("value", F64)]),
    "rejects": pa.schema(
        [
            ("local", INT32),
            ("hash", STR),
            ("game", STR),
            ("source_file", STR),
            ("source_index", INT32),
            ("source_line", INT32),
            ("codes", pa.list_(STR)),
            ("diagnostics", STR),
            ("text", STR),
            ("text_length", INT64),
            ("raw", pa.binary()),
        ]
    ),
}
"""The Arrow tables a worker sends, one per archive table except `played`: the cards played
by a record in compact form, one row per record that played a card, from which DuckDB
builds the rows of `plays` (`PLAYS_SQL`). Per card, in playing order: the codes joined by
spaces (`cards`), its trick's number, the seat that played it, its marafone signal
(`signals` null when there are none); per trick: the cards played before it (`starts`) and
its winner; per seat: its side (the seat itself when there are none)."""

PLAYS = ("trick", "ord", "seat", "card", "signal", "winner", "captured", "last_trick")
"""The columns of the `plays` table, after `local` (`record_id` in the archive)."""

PLAYS_SQL = """
    SELECT local, trick, place - starts[trick] AS ord, seat, card, signal, winner,
        CASE WHEN seat IS NOT NULL AND winner IS NOT NULL
            THEN sides[greatest(seat, 0)] IS DISTINCT FROM sides[greatest(winner, 0)]
        END AS captured,
        trick = len(starts) AS last_trick
    FROM (SELECT *, winners[trick] AS winner FROM (
        SELECT local, starts, winners, sides, unnest(string_split(cards, ' ')) AS card,
            unnest(tricks) AS trick, unnest(seats) AS seat, unnest(signals) AS signal,
            unnest(generate_series(1, len(tricks))) AS place
        FROM b_played))"""
"""The rows of `plays` (`local` and `PLAYS`) from the registered Arrow table `b_played`,
one per card (`place`: 1 for the record's first card). `captured`: the trick went to
another side than the seat that played the card; null when the seat or the winner is
unknown; a seat outside 1..seats has no side (`sides[0]` is null in DuckDB: a negative
index would count from the end)."""

_DATE = re.compile(r"(\d{4})\.(\d{2})\.(\d{2})$")


def _json(value: Any) -> str:
    """A breakdown as compact JSON text (UTF-8, keys made strings, any other value as its
    `str`): what `json.dumps(value, ensure_ascii=False, default=str)` gives, without its
    spaces, made by orjson, which is much quicker than the `json` module."""
    return orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS).decode()


class Rows:
    """Columns of every table for one batch of records."""

    def __init__(self) -> None:
        self.columns: dict[str, dict[str, list[Any]]] = {
            table: {name: [] for name in schema.names} for table, schema in SCHEMAS.items()
        }
        self.count = 0

    def add(self, table: str, **values: Any) -> None:
        get = values.get
        for name, column in self.columns[table].items():
            column.append(get(name))

    def extend(self, table: str, names: tuple[str, ...], values: list[tuple[Any, ...]]) -> None:
        """Rows of the record being built (`local` = `count`), each a tuple of the columns
        `names` (every column of `table` but `local`): one extend per column."""
        if not values:
            return
        columns = self.columns[table]
        columns["local"] += [self.count] * len(values)
        # no `strict=`: zip's keyword takes a slow call path; a row of the wrong size
        # leaves columns of unequal lengths, which `tables()` refuses
        for name, column in zip(names, zip(*values)):  # noqa: B905
            columns[name] += column

    def tables(self) -> dict[str, pa.Table]:
        return {
            table: pa.Table.from_arrays(
                [_array(columns[field.name], field.type) for field in SCHEMAS[table]],
                schema=SCHEMAS[table],
            )
            for table, columns in self.columns.items()
        }


_TYPECODES = {INT8: "b", INT16: "h", INT32: "i", INT64: "q"}
"""Arrow's integer types → the `array` module's type codes of the same size."""
assert all(array(code).itemsize == t.bit_width // 8 for t, code in _TYPECODES.items())


def _array(values: list[Any], type_: pa.DataType) -> pa.Array:
    """`pa.array(values, type_)`. An integer column without nulls is packed by the `array`
    module and handed to Arrow as its buffer, far cheaper per value than pyarrow's
    conversion of Python ints (most values of the plays table are such ints)."""
    code = _TYPECODES.get(type_)
    if code is not None:
        try:
            packed = array(code, values)
        except (TypeError, OverflowError):  # a null (or a value pyarrow refuses as well)
            pass
        else:
            return pa.Array.from_buffers(type_, len(values), [None, pa.py_buffer(packed)])
    if isinstance(type_, pa.ListType):
        return _list_array(values, type_)
    return pa.array(values, type_)


def _list_array(values: list[Any], type_: pa.ListType) -> pa.Array:
    """`pa.array(values, type_)` for a list column: the items of all the lists as one flat
    column (packed by `_array` when they are integers), cut at the lists' offsets: far
    cheaper than pyarrow's conversion of nested Python lists."""
    mask = None
    packed = [type(v) is bytes for v in values]  # lists packed as their items (`_int8`, ...)
    if values and all(packed):  # joined as they are
        width = type_.value_type.bit_width // 8
        offsets = _array(list(accumulate((len(v) // width for v in values), initial=0)), INT32)
        data = pa.py_buffer(b"".join(values))
        items = pa.Array.from_buffers(type_.value_type, len(data) // width, [None, data])
        return pa.ListArray.from_arrays(offsets, items, type=type_)
    if any(packed):  # among lists: unpacked, as signed numbers
        code = _TYPECODES[type_.value_type]
        values = [array(code, v) if type(v) is bytes else v for v in values]
    if None in values:  # null lists: empty, and masked
        mask = pa.array([v is None for v in values], BOOL)
        values = [() if v is None else v for v in values]
    offsets = _array(list(accumulate(map(len, values), initial=0)), INT32)
    items = _array(list(chain.from_iterable(values)), type_.value_type)
    return pa.ListArray.from_arrays(offsets, items, type=type_, mask=mask)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@lru_cache(maxsize=4096)
def parse_date(text: str | None) -> date | None:
    """`YYYY.MM.DD` → a date; a date with an unknown part (`??`) stays None. Cached: an
    archive's records share a few thousand dates."""
    found = _DATE.match(text or "")
    if not found:
        return None
    try:
        return date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def replay_of(record: Record) -> Any | None:
    """The engine's replay of `record` (without step states), or None when its game has
    no registered module yet."""
    if game_rules(record.tag("Game")) is None:
        return None
    return engine.replay(record, steps=False)


def first_tags(record: Record) -> dict[str, str]:
    """Tag name → value; the first tag of a name counts, as in `Record.tag` (one pass over
    the tags instead of one per `Record.tag` call)."""
    return {name: tag.value for name, tag in record.first_tags().items()}


def _tag_number(tags: dict[str, str], name: str) -> int | None:
    """A numeric tag as `Record.seats` and `Record.dealer` read it."""
    return number(tags.get(name) or "")


def add_reject(rows: Rows, read: ReadResult, diagnostics: list[Diagnostic]) -> None:
    """A record that cannot be archived: its text as read and every diagnostic. Its bytes
    are kept when they are not UTF-8 (`raw`; `text` shows each bad byte as U+FFFD); a
    record too long to read keeps the first part of its text, its whole length and the
    hash of its whole text, so that two such records are never taken for one."""
    text = read.text
    raw = encoding.raw_bytes(text) if encoding.find(text) is not None else None
    if raw is not None:
        text = encoding.readable(text)
    game = None
    if read.record is not None:
        game = read.record.tag("Game")
    else:
        found = re.search(r'\[\s*Game\s+"([^"]*)"', text)
        game = found.group(1) if found else None
    cut = read.cut
    rows.add(
        "rejects",
        local=rows.count,
        hash=cut.digest if cut else hashlib.sha256(raw or text.encode("utf-8")).hexdigest(),
        game=game,
        source_file=read.file,
        source_index=read.index,
        source_line=read.line,
        codes=[d.code for d in diagnostics],
        diagnostics=json.dumps([d.as_json() for d in diagnostics], ensure_ascii=False),
        text=text,
        text_length=cut.size if cut else len(read.text),
        raw=raw,
    )
    rows.count += 1


def add_read(rows: Rows, read: ReadResult) -> bool:
    """Add one record read to `rows`: as a record when valid, else as a reject.
    Returns True when it was accepted."""
    record = read.record
    if record is None or read.diagnostics:
        add_reject(rows, read, _verdict(read))
        return False
    try:
        replay = replay_of(record)
        if replay is not None and replay.diagnostics:
            found = sorted(replay.diagnostics, key=lambda d: (d.line, d.column))
            add_reject(rows, read, found)  # what `judge` says: the read was clean
            return False
        add_record(rows, record, replay)
    except Exception as error:  # one bad record never stops the others
        problem = Diagnostic(
            file=read.file,
            record=read.index,
            line=read.line,
            column=1,
            cls="rules",
            code="internal-error",
            message=f"the record could not be archived: {type(error).__name__}: {error}",
        )
        _drop_partial(rows)
        add_reject(rows, read, [problem])
        return False
    return True


def _verdict(read: ReadResult) -> list[Diagnostic]:
    """Every diagnostic `trunfu validate` gives for this record (the referee's verdict)."""
    from ..referee import judge

    try:
        return list(judge(read).diagnostics) or list(read.diagnostics)
    except Exception:  # the reader's diagnostics are enough to keep the record
        return list(read.diagnostics)


def _drop_partial(rows: Rows) -> None:
    """Remove the rows already added for the record being built (local id `rows.count`)."""
    for columns in rows.columns.values():
        locals_ = columns["local"]
        keep = len(locals_)
        while keep and locals_[keep - 1] == rows.count:
            keep -= 1
        for values in columns.values():
            del values[keep:]


def add_record(rows: Rows, record: Record, replay: Any | None) -> None:
    """The rows of one valid record (and of its replay, when the engine scored it)."""
    local = rows.count
    pairs = tag_pairs(record)  # read once, for the writer and for the columns
    text = write(record, pairs)
    outcome = replay.outcome if replay is not None else None
    tricks = replay.tricks if replay is not None else []
    tags = dict(reversed(pairs))  # the first tag of a name counts, as in `first_tags`
    game = tags.get("Game")
    seats = _tag_number(tags, "Seats") or 0
    dealer = _tag_number(tags, "Dealer") or 0
    default = GAMES.get(game or "")
    row = _record_row(
        local=local,
        hash=text_hash(text),
        game=game,
        seats=seats,
        variant=tags.get("Variant") or (default.default_variant if default else None),
        dealer=dealer,
        event=tags.get("Event"),
        site=tags.get("Site"),
        date_text=tags.get("Date"),
        date=parse_date(tags.get("Date")),
        round=tags.get("Round"),
        board=tags.get("Board"),
        title=tags.get("Title"),
        result_tag=tags.get("Result"),
        source_file=record.file,
        source_index=record.index,
        source_line=record.line,
        tricks=len(tricks) if tricks else len(record.play.tricks) if record.play else 0,
        scored=outcome is not None,
        outcome=_NO_OUTCOME if outcome is None else _outcome_values(outcome),
        text=text,
    )
    any(map(list.append, rows.columns["records"].values(), row))  # each value to its column
    by_seat = sides(outcome, seats)
    _add_seats(rows, tags, outcome, seats, dealer, by_seat)
    _add_calls(rows, record, tags, outcome)
    _add_plays(rows, record, tricks, by_seat)
    if outcome is not None:
        bonuses = [(b.name, b.side, b.points) for b in outcome.bonuses if b.points]
        rows.extend("bonuses", ("name", "side", "value"), bonuses)
    rows.count += 1


def sides(outcome: Outcome | None, seats: int) -> dict[int, tuple[str | None, str | None]]:
    """Seat → (side, role), as the engine's outcome says (both None for a record the
    engine did not score)."""
    side_of = {}
    if outcome is not None:
        side_of = {seat: side for side, members in outcome.sides.items() for seat in members}
    roles = outcome.roles if outcome is not None else {}
    return {seat: (side_of.get(seat), roles.get(seat)) for seat in range(1, seats + 1)}


def _add_seats(
    rows: Rows,
    tags: dict[str, str],
    outcome: Any | None,
    seats: int,
    dealer: int,
    by_seat: dict[int, tuple[str | None, str | None]],
) -> None:
    scores = outcome.scores if outcome is not None else None
    ranked = outcome is not None and not outcome.thrown_in  # who won is decided
    won_deal = outcome.won if outcome is not None else None
    top, bottom = (max(scores), min(scores)) if ranked and scores else (None, None)
    out = []
    for seat in range(1, seats + 1):
        side, role = by_seat[seat]
        score = scores[seat - 1] if scores is not None else None
        won = None
        if ranked:
            if side == "declarer" and won_deal is not None:
                won = won_deal
            elif side == "defence" and won_deal is not None:
                won = not won_deal
            elif score is not None:
                won = score == top and score > bottom
        position = (seat - dealer - 1) % seats + 1 if dealer else None
        out.append((seat, tags.get(f"P{seat}"), position, side, role, score, won))
    rows.extend("seats", ("seat", "player", "position", "side", "role", "score", "won"), out)


def _add_calls(rows: Rows, record: Record, tags: dict[str, str], outcome: Any | None) -> None:
    said: list[
        tuple[str, int | None, int | None, str, list[str]]
    ] = []  # kind round seat word cards
    if record.auction is not None:
        said_by = outcome.speakers if outcome is not None else []
        n = 0
        for number, round_ in enumerate(record.auction.rounds, 1):
            for call in round_:
                seat = said_by[n] if n < len(said_by) else call.label
                n += 1
                cards = [call.card.code] if call.card else []
                said.append(("bid", number, seat, call.word, cards))
    declarer = outcome.declarer if outcome is not None else None
    if record.call is not None:
        said.append(("call", None, declarer, "call", list(record.call.cards)))
    if record.trump is not None:
        said.append(("trump", None, declarer, record.trump.suit, []))
    if record.discard is not None:
        if declarer is None:  # nobody declared: the dealer discards (the Game of Tarot)
            declarer = _tag_number(tags, "Dealer")
        said.append(("discard", None, declarer, "discard", list(record.discard.cards)))
    if record.exchange is not None:
        for item in record.exchange.items:
            word = f"{item.giver}>{item.receiver}"
            said.append(("exchange", None, item.giver, word, [item.card.code]))
    if record.announce is not None:
        for item in record.announce.items:
            said.append(("announce", None, item.seat, item.word, list(item.cards)))
    if record.play is not None:
        for item in record.play.items:
            if type(item) is Claim:
                said.append(("claim", None, item.seat, item.kind, []))
    numbered = [(n, *call) for n, call in enumerate(said, 1)]
    rows.extend("calls", ("ord", "kind", "round", "seat", "word", "cards"), numbered)


def _add_plays(
    rows: Rows, record: Record, tricks: list[Any], by_seat: dict[int, tuple[str | None, str | None]]
) -> None:
    """The cards played by the record, in the compact form of the `played` table (one row,
    a few lists): DuckDB builds the rows of `plays` from it (`PLAYS_SQL`), which costs far
    less per card than Python building nine columns. What is the same for every record of
    a layout (tricks of the same sizes) is computed once (`_layout`)."""
    if record.play is None:
        return
    cards = [item.cards for item in record.play.items if type(item) is Trick]
    sizes = tuple(map(len, cards))
    codes = [card for trick in cards for card in trick]
    signals = None
    if any(trick.extras for trick in cards):  # annotated cards: marafone signals, glyphs, ...
        signals = [_signal(trick.extra(i)) for trick in cards for i in range(len(trick))]
    if not codes:
        return
    c = rows.columns["played"]
    c["local"].append(rows.count)
    c["cards"].append(" ".join(codes))
    numbers, starts = _layout(sizes)
    c["tricks"].append(numbers)
    c["seats"].append(_seats(sizes, tricks))
    c["signals"].append(signals)
    c["starts"].append(starts)
    winners = [trick.winner for trick in tricks[: len(sizes)]]
    missing = len(sizes) - len(winners)
    c["winners"].append(winners + [None] * missing if missing else _int8(winners))
    c["sides"].append([side or str(seat) for seat, (side, _) in by_seat.items()])


def _signal(extras: CardExtras | None) -> str | None:
    return extras.signal if extras is not None else None


@lru_cache(maxsize=256)
def _layout(sizes: tuple[int, ...]) -> tuple[bytes, bytes]:
    """For tricks of `sizes` cards: the trick number of each card, and the cards played
    before each trick, packed as the items of their columns (`int16`), which `tables()`
    joins as they are. A game's complete deals share one layout."""
    numbers = array("h", [number for number, size in enumerate(sizes, 1) for _ in range(size)])
    return numbers.tobytes(), array("h", accumulate(sizes[:-1], initial=0)).tobytes()


assert all(SCHEMAS["played"].field(name).type.value_type == INT16 for name in ("tricks", "starts"))
assert all(SCHEMAS["played"].field(name).type.value_type == INT8 for name in ("seats", "winners"))


def _seats(sizes: tuple[int, ...], tricks: list[Any]) -> bytes | list[int | None]:
    """The seat that played each card of the written tricks (`sizes` cards each), from the
    replay's `tricks` (a seat is the first of the (seat, card) pairs of a trick), packed as
    bytes (`int8` items, which `tables()` joins as they are); a list, with None where the
    replay has no trick (or fewer cards) for it."""
    known = [trick.cards for trick in tricks[: len(sizes)]]
    if tuple(map(len, known)) == sizes:  # the common case: every written trick replayed
        return _int8([pair[0] for trick in known for pair in trick])
    known += [[]] * (len(sizes) - len(known))  # a trick left unplayed or unfinished
    known = [k[:size] + [(None,)] * (size - len(k)) for k, size in zip(known, sizes, strict=True)]
    return [pair[0] for trick in known for pair in trick]


def _int8(values: list[int]) -> bytes | list[int]:
    """`values` packed as `int8` items (which `tables()` joins as they are), or as they
    are when one does not fit (`tables()` then converts them one by one, as any list)."""
    try:
        return array("b", values).tobytes()
    except (OverflowError, TypeError):
        return values


def _record_row(
    *,
    local: int,
    hash: str,
    game: str | None,
    seats: int,
    variant: str | None,
    dealer: int,
    event: str | None,
    site: str | None,
    date_text: str | None,
    date: date | None,
    round: str | None,
    board: str | None,
    title: str | None,
    result_tag: str | None,
    source_file: str | None,
    source_index: int,
    source_line: int,
    tricks: int,
    scored: bool,
    outcome: tuple[Any, ...],
    text: str,
) -> tuple[Any, ...]:
    """A row of `records`, its values in the order of its columns (`outcome`: those of
    `OUTCOME_COLUMNS`). Named, as a call of `Rows.add`, but cheaper: a keyword call binds
    its arguments without the dict of `**values`."""
    return (
        local, hash, game, seats, variant, dealer, event, site, date_text, date, round,
        board, title, result_tag, source_file, source_index, source_line, tricks, scored,
        *outcome, text,
    )  # fmt: skip


_NO_OUTCOME = (None,) * len(OUTCOME_COLUMNS)
assert SCHEMAS["records"].names[-1 - len(OUTCOME_COLUMNS) : -1] == list(OUTCOME_COLUMNS)


def _outcome_values(outcome: Outcome) -> tuple[Any, ...]:
    """The values of the outcome columns of a scored record, in `OUTCOME_COLUMNS` order."""
    declarer = outcome.declarer
    attack = defence = None
    if declarer is not None:  # the declarer's side, and the others'
        for side, members in outcome.sides.items():
            points = outcome.card_points.get(side)
            if declarer in members:
                attack = points
            elif points is not None:
                defence = points if defence is None else defence + points
    oudlers = outcome.breakdown.get("oudlers")
    if isinstance(oudlers, list):
        oudlers = len(oudlers)
    return (
        outcome.contract,
        declarer,
        list(outcome.partners),
        outcome.won,
        outcome.thrown_in,
        outcome.result,
        outcome.scores[declarer - 1] if declarer is not None else None,  # declarer_score
        attack,  # declarer_points
        defence,  # defence_points
        outcome.margin,
        oudlers if isinstance(oudlers, int) and not isinstance(oudlers, bool) else None,
        _json(outcome.breakdown),
    )
