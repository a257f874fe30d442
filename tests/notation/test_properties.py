"""Property tests (spec §8): for generated records of every game and seat count, reading the
written text gives the same record, and writing it again gives the same bytes."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trunfu.notation import lexer
from trunfu.notation.decks import GAMES, SIGNALS
from trunfu.notation.models import (
    Announcement,
    Announcements,
    Auction,
    Call,
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
    Tag,
    Trick,
    Trump,
)
from trunfu.notation.models import Card as CardModel
from trunfu.notation.reader import read_text
from trunfu.notation.schema import dump
from trunfu.notation.writer import TAG_ORDER, write

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAME_SEATS = [(name, seats) for name, game in GAMES.items() for seats in game.deals]
SUFFIXES = st.sampled_from([None, None, None, "!", "?", "!!", "??", "!?", "?!"])
NAGS = st.lists(st.integers(0, 255), max_size=2).map(tuple)
ANNOUNCE_WORDS = ["scommessa", "rivanto", "chelem", "poignee", "greater", "lesser", "ask"]

# Text a comment or a tag value may hold: no control characters, line or paragraph breaks.
TEXT = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"))
LINE = st.text(TEXT.filter(lambda c: c not in "{}"), max_size=12).map(str.strip)


@st.composite
def comments(draw) -> tuple[str, ...]:
    """Zero to two comments; a comment's lines are stripped, its first and last not empty."""
    found = []
    for _ in range(draw(st.integers(0, 2))):
        lines = draw(st.lists(LINE, min_size=1, max_size=3))
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        found.append("\n".join(lines))
    return tuple(found)


def extras(draw, signal=None) -> CardExtras | None:
    """What may follow a card (None when nothing does, as the reader gives it)."""
    found = CardExtras(
        suffix=draw(SUFFIXES),
        nags=draw(NAGS),
        comments=draw(comments()),
        signal=draw(signal) if signal is not None else None,
    )
    return None if found == CardExtras() else found


def cards(draw, deck: list[str], most: int) -> list:
    """Up to `most` distinct cards of `deck`, each maybe annotated."""
    codes = draw(st.lists(st.sampled_from(deck), unique=True, max_size=most))
    return [CardModel(code=code, extras=extras(draw)) for code in codes]


@st.composite
def records(draw) -> Record:
    name, seats = draw(st.sampled_from(GAME_SEATS))
    game = GAMES[name]
    deck = list(game.order)
    canonical = game.sort

    def sort(found: list) -> list:
        order = {code: i for i, code in enumerate(canonical([c.code for c in found]))}
        return sorted(found, key=lambda c: order[c.code])

    tags = [
        Tag(name="Game", value=name),
        Tag(name="Seats", value=str(seats)),
        Tag(name="Dealer", value=str(draw(st.integers(1, seats)))),
    ]
    value = st.text(TEXT.filter(lambda c: c != "\t"), max_size=15)
    for tag in TAG_ORDER[3:]:
        if draw(st.booleans()) and draw(st.booleans()):
            tags.append(Tag(name=tag, value=draw(value)))
    others = draw(
        st.lists(
            st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True).filter(
                lambda n: n not in TAG_ORDER
            ),
            unique=True,
            max_size=2,
        )
    )
    tags += [Tag(name=n, value=draw(value)) for n in sorted(others)]
    record = Record(tags=tags, comments=draw(comments()))

    def section(key: str) -> bool:
        return draw(st.booleans())

    if section("deal"):
        owners = [str(s) for s in range(1, seats + 1)]
        owners += ["talon"] * bool(game.deals[seats].talon) + ["dead"] * bool(
            game.deals[seats].dead
        )
        chosen = [o for o in owners if draw(st.booleans())]
        record.deal = Deal(
            comments=draw(comments()),
            hands=[
                Hand(owner=o, comments=draw(comments()), cards=Cards.of(sort(cards(draw, deck, 4))))
                for o in chosen
            ],
        )
    words = sorted(set(game.calls.get(seats, {}).values()))
    if words and section("auction"):
        rounds = []
        for _ in range(draw(st.integers(1, 3))):
            round_ = []
            for _ in range(draw(st.integers(0, 3))):
                word = draw(st.sampled_from(words))
                card = None
                if word == "chiamo" and game.trumps:
                    card = cards(draw, deck, 1) or [CardModel(code="T20")]
                    card = card[0]
                round_.append(
                    Call(
                        word=word,
                        card=card,
                        suffix=draw(SUFFIXES),
                        nags=draw(NAGS),
                        comments=draw(comments()),
                    )
                )
            rounds.append(round_)
        record.auction = Auction(
            comments=draw(comments()),
            rounds=rounds,
            separators=[Node(comments=draw(comments())) for _ in rounds[1:]],
        )
    if section("call"):
        record.call = CardList(
            keyword="call", comments=draw(comments()), cards=Cards.of(cards(draw, deck, 2))
        )
    if section("trump"):
        record.trump = Trump(comments=draw(comments()), suit=draw(st.sampled_from(game.suits)))
    if section("discard"):
        record.discard = CardList(
            keyword="discard", comments=draw(comments()), cards=Cards.of(sort(cards(draw, deck, 3)))
        )
    if section("exchange"):
        record.exchange = Exchanges(
            comments=draw(comments()),
            items=[
                Exchange(
                    giver=draw(st.integers(1, seats)),
                    receiver=draw(st.integers(1, seats)),
                    card=card,
                    comments=draw(comments()),
                )
                for card in cards(draw, deck, 3)
            ],
        )
    if section("announce"):
        record.announce = Announcements(
            comments=draw(comments()),
            items=[
                Announcement(
                    seat=draw(st.integers(1, seats)),
                    word=draw(st.sampled_from(ANNOUNCE_WORDS)),
                    suffix=draw(SUFFIXES),
                    nags=draw(NAGS),
                    comments=draw(comments()),
                    cards=Cards.of(cards(draw, deck, 3)),
                )
                for _ in range(draw(st.integers(0, 2)))
            ],
        )
    if section("play"):
        items: list = []
        played = draw(st.permutations(deck))[: draw(st.integers(0, 3 * seats))]
        signal = st.sampled_from([None, None, *SIGNALS])
        for start in range(0, len(played), seats):
            trick = Cards.of(
                CardModel(code=code, extras=extras(draw, signal))
                for code in played[start : start + seats]
            )
            items.append(Trick(cards=trick, comments=draw(comments())))
            if len(trick) == seats and draw(st.integers(0, 4)) == 0:
                kind = draw(st.sampled_from(["fuori", "penalty"]))
                items.append(
                    Claim(kind=kind, seat=draw(st.integers(1, seats)), comments=draw(comments()))
                )
        record.play = Play(comments=draw(comments()), items=items)
    return record


@SETTINGS
@given(records())
def test_written_text_reads_back_as_the_same_record(record):
    text = write(record)
    results = read_text(text)
    assert len(results) == 1, text
    (result,) = results
    assert result.record is not None, (text, [str(d) for d in result.diagnostics])
    assert not [d for d in result.diagnostics if d.code in ("duplicate-tag", "missing-tag")]
    assert result.record.content() == record.content(), text
    assert write(result.record) == text


@SETTINGS
@given(st.lists(records(), min_size=2, max_size=3))
def test_several_records_in_one_text(found):
    text = "\n".join(write(r) for r in found)
    results = read_text(text)
    assert [r.record.content() for r in results] == [r.content() for r in found]


@SETTINGS
@given(records())
def test_the_fast_item_path_gives_the_same_positions_as_the_scanner(record):
    text = write(record)
    fast = dump(read_text(text)[0].record)
    with patch.object(lexer, "_plain", lambda *args: False):
        scanned = dump(read_text(text)[0].record)
    assert scanned == fast


PIECES = [
    "[",
    "]",
    '"',
    "{",
    "}",
    ";",
    "%",
    "\n",
    "\n",
    " ",
    " ",
    "\t",
    "\r\n",
    "\\",
    "\ufeff",
    '[Game "french-tarot"]',
    '[Game "marafone"]',
    '[Seats "4"]',
    '[Seats "5"]',
    '[Dealer "1"]',
    '[Result "*"]',
    "deal",
    "auction",
    "call",
    "trump",
    "discard",
    "exchange",
    "announce",
    "play",
    "KS",
    "t21",
    "EX",
    "10h",
    "3C",
    "1:",
    "talon:",
    "dead:",
    "1.",
    "2.",
    "$3",
    "$300",
    "!",
    "?!",
    "/",
    "passe",
    "pass",
    "chiamo",
    "garde sans",
    "1>2:",
    "fuori 2",
    "busso",
    "poignée",
    "²",
    "ZZ",
    "{note}",
    "\x00",
    "9" * 5000,  # more digits than Python converts: after `$`, before `.`, in a tag value
    "[\n",
    "\r",
]


@SETTINGS
@given(st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=40).map("".join))
def test_any_text_reads_without_an_exception(text):
    _reads_cleanly(text)


def _reads_cleanly(text: str) -> None:
    """`text` reads without an exception: each record made, or told with positioned
    diagnostics; a record made writes back to text that reads to the same record."""
    for result in read_text(text, "any.tgn"):
        assert result.record is not None or result.diagnostics
        for d in result.diagnostics:
            assert d.line >= 1 and d.column >= 1 and d.message and d.file == "any.tgn"
        if result.record is not None:
            written = write(result.record)
            (again,) = read_text(written)
            assert write(again.record) == written


# Words of a record body, and the words that each section accepts.
WORDS = [w for w in PIECES if w.strip() and w[0] not in '[]"{};%\\'] + ["KS!", "ks", "QS$2"]
SECTION_WORDS = {
    "deal 1:": ["2:", "talon:", "KS", "ks", "t21", "10h", "EX"],
    "play": ["KS", "t21", "EX busso", "3C", "3C volo"],
    "auction": ["passe", "2: pass", "/", "pass", "di-più", "chiamo KS", "garde", "prise!", "$3"],
    "discard": ["KS", "t21"],
    "call": ["KS", "KS!", "t21"],
    "trump": ["S", "c"],
    "announce": ["1:", "2: ask", "poignée T21 T20", "rivanto", "KS", "$1"],
    "exchange": ["1>2: KS", "2>1:", "KS"],
}
HEADS = ["marafone 4", "tarocco-siciliano 3", "tarocco-siciliano 4", "french-tarot 5"]


@st.composite
def bodies(draw) -> list[str]:
    """Sections of words they accept, maybe with one word from anywhere among them."""
    parts = []
    for keyword in draw(st.lists(st.sampled_from(list(SECTION_WORDS)), max_size=3)):
        words = draw(st.lists(st.sampled_from(SECTION_WORDS[keyword]), max_size=8))
        if draw(st.booleans()):
            words.insert(draw(st.integers(0, len(words))), draw(st.sampled_from(WORDS)))
        parts += [keyword, *words]
    return parts


@SETTINGS
@given(
    bodies() | st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=40),
    st.sampled_from(["", " ", "\n", "\n  "]),
    st.sampled_from(HEADS),
)
def test_sections_right_or_wrong_read_cleanly(parts, glue, head):
    """Sections of the words they accept, with a word from anywhere among them, glued,
    spaced or on lines, in each game: read without an exception."""
    game, seats = head.split()
    _reads_cleanly(f'[Game "{game}"] [Seats "{seats}"] [Dealer "1"]\n' + glue.join(parts))


@st.composite
def writer_laid(draw) -> str:
    """A deal, maybe an auction, a call, a discard and announcements, and a play, laid out
    as the writer lays them out, maybe with one piece of text put in anywhere."""
    code = st.sampled_from(["KS", "T21", "EX", "10H", "2C", "AB"])
    codes = st.lists(code, max_size=5)
    played = st.lists(code | st.sampled_from(["KS busso", "2C volo"]), max_size=5)
    labels = st.sampled_from(["1:", "2:", "3:", "4:", "talon:", "dead:", "5:"])
    lines = ["deal"] + [
        "  " + " ".join([draw(labels), *draw(codes)]) for _ in range(draw(st.integers(0, 3)))
    ]
    numbers = st.integers(1, 4) if draw(st.booleans()) else st.just(0)
    tricks = st.lists(code, min_size=4, max_size=4) | played  # mostly one card a seat
    calls = st.sampled_from(["passe", "prise", "pass", "chiamo KS", "garde", "maso", "di-più"])
    if draw(st.booleans()):  # an auction: rounds of calls, `/` before each after the first
        rounds = draw(st.lists(st.lists(calls, max_size=4), min_size=1, max_size=3))
        lines += ["auction"] + [
            "  " + " ".join([*(["/"] if i else []), *calls_]) for i, calls_ in enumerate(rounds)
        ]
    for keyword in ("call", "discard"):
        if draw(st.booleans()):
            lines += [keyword, "  " + " ".join(draw(codes))]
    words = st.sampled_from(["poignee", "poignée", "chelem", "scommessa", "ask", "tarots"])
    if draw(st.booleans()):  # announcements, one a line: `N: word CODE ...`
        seats = st.sampled_from(["1:", "2:", "3:", "5:"])
        lines += ["announce"] + [
            "  " + " ".join([draw(seats), draw(words), *draw(codes)])
            for _ in range(draw(st.integers(1, 3)))
        ]
    lines += ["play"] + [
        "  " + " ".join([f"{draw(numbers) or n}.", *draw(tricks)])
        for n in range(1, draw(st.integers(0, 4)) + 1)
    ]
    if draw(st.booleans()):  # a claim, closing the play or among its tricks
        claim = draw(st.sampled_from(["fuori 1", "penalty 3", "fuori 2", "fuori 0", "fuori 1 2"]))
        lines.insert(draw(st.integers(lines.index("play") + 1, len(lines))), "  " + claim)
    body = "\n".join(lines)
    if draw(st.booleans()):  # mostly between two words
        gaps = [i for i, c in enumerate(body) if c in " \n"] + [len(body)]
        at = draw(st.sampled_from(gaps) | st.integers(0, len(body)))
        piece = draw(st.sampled_from([*WORDS, " ", "  ", "\n", "\n  ", "\t", "ks", "1.", "$2"]))
        body = body[:at] + piece + body[at:]
    return body


@settings(SETTINGS, max_examples=300)
@given(writer_laid(), st.sampled_from([*HEADS, "marafone 5", "french-tarot 3"]))
def test_writer_laid_sections_read_cleanly(body, head):
    """A deal, an auction, a call, a discard and a play as the writer writes them, whole or
    with a flaw (short or long tricks, numbers out of order, stray spaces, annotations,
    signals and claims anywhere...): read without an exception."""
    game, seats = head.split()
    _reads_cleanly(f'[Game "{game}"] [Seats "{seats}"] [Dealer "1"]\n' + body)
