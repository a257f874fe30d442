"""Reading each part of a record (spec §1–§5): what the models hold, and where."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from pathlib import Path

import pytest
from tgn_helpers import one, problems, tags

from trunfu.notation import lexer, models
from trunfu.notation.grammar import item_scanner
from trunfu.notation.models import (
    Call,
    Card,
    CardExtras,
    CardList,
    Cards,
    Hand,
    Node,
    Record,
    Tag,
    Trick,
)
from trunfu.notation.reader import read_text
from trunfu.notation.schema import dump, load
from trunfu.notation.words import SECTION_KEYS


def test_tags_keep_values_positions_and_escapes():
    record = one('[Game "french-tarot"]\n[Seats  "4" ]\n[ Dealer "1"]\n[Title "a \\"b\\" \\\\c"]\n')
    assert [(t.name, t.value) for t in record.tags] == [
        ("Game", "french-tarot"),
        ("Seats", "4"),
        ("Dealer", "1"),
        ("Title", 'a "b" \\c'),
    ]
    seats, dealer = record.tags[1], record.tags[2]
    assert (seats.line, seats.column, seats.value_line, seats.value_column) == (2, 2, 2, 9)
    assert (dealer.line, dealer.column, dealer.value_column) == (3, 3, 10)
    assert (record.seats, record.dealer, record.game.name) == (4, 1, "french-tarot")


def test_tag_parts_on_several_lines_and_comments_inside_a_tag():
    record = one(
        '[Game\n  "french-tarot"]\n[Seats {four players} "4"]\n[Dealer ; eldest is 2\n "1"]\n'
    )
    game, seats, dealer = record.tags
    assert (game.value, game.value_line, game.value_column) == ("french-tarot", 2, 3)
    assert (seats.value, seats.value_column) == ("4", 23)
    assert (dealer.value, dealer.value_line) == ("1", 5)
    assert record.comments == ()  # comments among the tags are dropped


def test_other_tags_are_kept():
    record = one(tags() + '[ZetaTag_2 "z"]\n[Source "book"]\n')
    assert record.tag("ZetaTag_2") == "z"
    assert record.tag("Source") == "book"


def test_deal_hands_talon_and_case_insensitive_cards():
    text = tags("waite-tarot", 2) + "deal\n  1: t21 Ex 10b kS\n  talon: ad\n  dead: 2c\n"
    (result,) = read_text(text)
    assert {d.code for d in result.diagnostics} == {"hand-size"}  # short hands, on purpose
    record = result.record
    hands = {h.owner: h for h in record.deal.hands}
    assert list(hands["1"].cards) == ["T21", "EX", "10B", "KS"]
    assert list(hands["talon"].cards) == ["AD"]
    assert list(hands["dead"].cards) == ["2C"]
    assert (hands["1"].line, hands["1"].column) == (5, 3)
    assert hands["1"].cards.positions() == [(5, 6), (5, 10), (5, 13), (5, 17)]


def test_auction_rounds_labels_and_a_called_card():
    record = one(
        tags("tarocco-siciliano", 4, 2)
        + "auction\n  3: passo 4: pass 1:passo 2: passo\n  / chiamo t19 passo passo passo\n"
    )
    first, second = record.auction.rounds
    assert [c.word for c in first] == ["passo"] * 4
    assert [c.label for c in first] == [3, 4, 1, 2]
    assert second[0].word == "chiamo" and second[0].card.code == "T19"
    assert (second[0].card.line, second[0].card.column) == (6, 12)
    assert [(s.line, s.column) for s in record.auction.separators] == [(6, 3)]


@pytest.mark.parametrize(
    ("game", "seats", "written", "word"),
    [
        ("french-tarot", 4, "pass", "passe"),
        ("french-tarot", 4, "petite", "prise"),
        ("french-tarot", 4, "garde sans", "garde-sans"),
        ("french-tarot", 4, "garde\n  contre", "garde-contre"),
        ("tarocco-siciliano", 3, "passo", "mischio"),
        ("tarocco-siciliano", 3, "pass", "mischio"),
        ("tarocco-siciliano", 3, "altre  cinque", "altre-cinque"),
        ("tarocco-siciliano", 4, "pass", "passo"),
        ("tarocco-siciliano", 4, "vado solo", "vado-solo"),
        ("marafone", 5, "di più", "di-piu"),
        ("marafone", 5, "di-più", "di-piu"),
        ("marafone", 5, "di piu", "di-piu"),
        ("marafone", 5, "maso dei masi", "maso-dei-masi"),
        ("marafone", 5, "pass", "passo"),
    ],
)
def test_call_aliases(game, seats, written, word):
    record = one(tags(game, seats) + f"auction\n  {written}\n")
    assert [c.word for c in record.auction.rounds[0]] == [word]


def test_announcements_with_cards_and_poignee_spelling():
    record = one(tags() + "announce\n  1: poignée T21 T20 T19 T18 T17 T16 T15 T14 T13 T12\n")
    item = record.announce.items[0]
    assert (item.seat, item.word, len(item.cards), item.cards.card(0).code) == (
        1,
        "poignee",
        10,
        "T21",
    )


def test_call_trump_discard_and_exchange():
    record = one(tags("marafone", 5) + "call 3c\ntrump b\n")
    assert list(record.call.cards) == ["3C"]
    assert (record.trump.suit, record.trump.suit_line, record.trump.suit_column) == ("B", 5, 7)
    record = one(tags("waite-tarot", 3) + "discard KS QS JS\nexchange\n  1>2: KD\n  2 > 3:QD\n")
    assert list(record.discard.cards) == ["KS", "QS", "JS"]
    assert [(x.giver, x.receiver, x.card.code) for x in record.exchange.items] == [
        (1, 2, "KD"),
        (2, 3, "QD"),
    ]


def test_tricks_grouped_by_seats_when_not_numbered():
    record = one(tags() + "play\n  KS QS JS 10S 9S 8S\n  7S 6S 5S\n")
    tricks = record.play.tricks
    assert [list(t.cards) for t in tricks] == [
        ["KS", "QS", "JS", "10S"],
        ["9S", "8S", "7S", "6S"],
        ["5S"],
    ]
    assert (tricks[1].line, tricks[1].column) == (5, 16)


def test_numbered_tricks_may_span_lines_and_the_last_may_be_short():
    record = one(tags(seats=3) + "play\n  1. KS\n QS JS 2. 10S 9S\n")
    assert [list(t.cards) for t in record.play.tricks] == [
        ["KS", "QS", "JS"],
        ["10S", "9S"],
    ]


def test_marafone_signals_and_claims():
    record = one(
        tags("marafone", 4)
        + "play\n  1. 3C busso 2C 4C 5C\n  fuori 1\n  2. AB volo $1 KB CB JB\n  penalty 2\n"
    )
    items = record.play.items
    assert [i.kind for i in items] == ["trick", "fuori", "trick", "penalty"]
    lead = items[0].cards.extra(0)
    assert (lead.signal, lead.signal_line, lead.signal_column) == ("busso", 5, 9)
    assert (items[2].cards.card(0).signal, items[2].cards.card(0).nags) == ("volo", (1,))
    assert (items[1].seat, items[3].seat) == (1, 2)


def test_annotations_on_cards_and_calls():
    record = one(tags() + "auction\n  passe!? $14 garde?!\nplay\n  1. KS!! $1$2 QS?? JS! 10S?\n")
    first, second = record.auction.rounds[0]
    assert (first.suffix, first.nags, second.suffix) == ("!?", (14,), "?!")
    cards = record.play.tricks[0].cards
    assert [(c.suffix, c.nags) for c in cards.cards()] == [
        ("!!", (1, 2)),
        ("??", ()),
        ("!", ()),
        ("?", ()),
    ]


@pytest.mark.parametrize("nag", [0, 255])
def test_nag_range_limits_are_accepted(nag):
    assert one(tags() + f"play\n  KS ${nag}\n").play.tricks[0].cards.card(0).nags == (nag,)


def test_nag_above_255_is_a_syntax_error_at_the_nag():
    assert problems(tags() + "play\n  KS $256\n") == [(1, 5, 6, "syntax", "bad-nag")]


def test_brace_comments_belong_to_the_item_before():
    record = one(
        tags()
        + '{among tags} [Event "x"]\n{ the record\'s }\ndeal {on deal}\n  1: {hand} KS {king}\n'
        "  QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS KH QH JH 10H 9H\n"
        "auction passe {first call} / {slash} garde\n"
        "play {on play}\n  1. {trick one} KS QS JS 10S {after ten}\n"
    )
    assert record.comments == ("the record's",)
    assert record.deal.comments == ("on deal",)
    assert record.deal.hands[0].comments == ("hand",)
    assert record.deal.hands[0].cards.card(0).comments == ("king",)
    assert record.auction.rounds[0][0].comments == ("first call",)
    assert record.auction.separators[0].comments == ("slash",)
    assert record.play.comments == ("on play",)
    trick = record.play.tricks[0]
    assert trick.comments == ("trick one",)
    assert trick.cards.card(3).comments == ("after ten",)


def test_comment_after_a_called_card_goes_to_the_card():
    record = one(tags("tarocco-siciliano", 4) + "auction chiamo! T19 $3 {after}\n")
    call = record.auction.rounds[0][0]
    assert (call.suffix, call.nags, call.comments) == ("!", (), ())
    assert (call.card.nags, call.card.comments) == ((3,), ("after",))


def test_a_comment_or_glyph_between_chiamo_and_its_card_stays_on_the_call():
    record = one(tags("tarocco-siciliano", 4) + "auction chiamo $2 {which?} T19 passo\n")
    call = record.auction.rounds[0][0]
    assert (call.nags, call.comments, call.card.code) == ((2,), ("which?",), "T19")
    assert record.auction.rounds[0][1].word == "passo"


@pytest.mark.parametrize(
    ("section", "column"),
    [
        ("auction / {c} T19", 15),
        ("auction chiamo T19 {c} T20", 24),
        ("announce {c} T21", 14),
        ("exchange 1>2: KS {c} QS", 22),
    ],
)
def test_a_card_that_follows_no_item_is_a_stray_card(section, column):
    text = tags("tarocco-siciliano", 4) + section + "\n"
    assert problems(text) == [(1, 4, column, "syntax", "stray-card")]


def test_an_exchange_without_its_card():
    text = tags("waite-tarot", 3) + "exchange\n  1>2: KS\n  2>3:\n"
    assert problems(text) == [(1, 6, 3, "syntax", "missing-card")]


def test_line_comments_and_percent_lines_are_dropped():
    record = one("% escape line [Game\n" + tags() + "play ; KS QS\n%QS\n  JS ; 10S\n")
    assert list(record.play.tricks[0].cards) == ["JS"]
    assert record.play.tricks[0].cards.card(0).line == 7


def test_sections_in_any_order():
    record = one(tags() + "play KS\ndiscard QS\nauction passe\n")
    assert record.play and record.discard and record.auction


def test_empty_file_and_comment_only_file_hold_no_records():
    assert read_text("") == []
    assert read_text("\n\n  {just a note}\n; and another\n% and this\n") == []


def test_tags_only_record_is_valid_syntax():
    record = one(tags())
    assert record.deal is None and record.play is None


def test_record_index_and_file_in_diagnostics():
    text = tags() + "play KS\n" + tags() + "play ZZ\n" + tags()
    results = read_text(text, "deals.tgn")
    assert [r.index for r in results] == [1, 2, 3]
    assert [r.ok for r in results] == [True, False, True]
    diagnostic = results[1].diagnostics[0]
    assert (diagnostic.file, diagnostic.record, diagnostic.line, diagnostic.column) == (
        "deals.tgn",
        2,
        8,
        6,
    )


def test_nodes_made_without_validation_are_whole_models():
    """The record, sections, claims, tags, hands and tricks the reader makes
    without pydantic's validation hold every field, in its type: validating their dump
    again gives the same node (each a slotted dataclass)."""
    text = (
        '[Game "marafone"]\n[Seats "4"]\n[Dealer "1"]\n'
        "deal\n  1: KS AB\n  2: 3C 4C\n"
        "trump C\n"
        "play\n  1. KS busso AB 3C 4C\n  fuori 2\n"
    )
    (result,) = read_text(text)  # short hands: deck diagnostics, the record is read all the same
    record = result.record
    assert load(Record, dump(record)) == record
    nodes = [record.deal, record.trump, record.play, *record.tags]
    nodes += [*record.deal.hands, *record.play.items]
    names = [type(node).__name__ for node in nodes[-4:]]
    assert names == ["Hand", "Hand", "Trick", "Claim"]
    for node in nodes:
        assert load(type(node), dump(node)) == node
        assert type(node.comments) is tuple
    assert record.play.items[0].cards.card(0).signal == "busso"


def test_every_word_of_the_lexer_table_is_the_item_the_scanner_finds():
    """The item lexer's table of words (`lexer.TABLE`) agrees with the grammar: each
    word, scanned alone, is an item of the kind the table gives (a card code, `C`, is the
    scanner's `CARD`)."""
    scanner = item_scanner()
    for text, (kind, value) in lexer.TABLE.items():
        found = scanner.fullmatch(text)
        assert found is not None, text
        assert found.lastgroup == ("CARD" if kind == "C" else kind), text
        assert value == (text.upper() if kind == "C" else text)


@pytest.mark.parametrize(
    "text",
    [
        "1: KS QS\n  2: JS 10S",
        "   1: KS  QS \n\n    talon: T1 EX",
        "1.  KS ks\n 2. T21   EX\n\n",
        " passe prise  passe\npasse",
        "garde passe\n  garde",
        "1. KS QS\n  fuori 2 penalty 3",
    ],
)
def test_the_plain_item_path_reads_spaces_and_indents_as_the_scanner(text):
    """Indents, blank lines, a space more between words and one at a line's end, a call
    that may start a longer one, claims: the item lexer's plain path gives the items and
    positions the scanner gives."""
    plain: list[lexer.Item] = []
    scanned: list[lexer.Item] = []
    assert lexer._plain(text, 3, 5, plain)
    lexer._scan(text, 3, 5, scanned)
    assert plain == scanned


DATA = Path(__file__).resolve().parents[2] / "data"
MADE_FROM = sorted([*DATA.glob("examples/*.tgn"), *DATA.glob("famous/*.tgn")])
"""Files that hold every section, tags in both forms, signals, claims, glyphs, comments."""


def test_every_model_read_is_made_by_its_constructor(monkeypatch):
    """The reader makes each model through its `__init__` (no object made by
    `object.__new__` with its fields set one by one): a field the constructor sets, a
    check it makes, holds for every model read."""
    made: set[int] = set()
    classes = [Card, Cards, CardExtras, Record] + [
        c for c in vars(models).values() if isinstance(c, type) and issubclass(c, Node)
    ]
    for cls in classes:
        init = cls.__dict__.get("__init__")
        if init is None:
            continue

        def counted(self, *args, __init=init, **kwargs):
            made.add(id(self))
            __init(self, *args, **kwargs)

        monkeypatch.setattr(cls, "__init__", counted)
    records = [r.record for path in MADE_FROM for r in read_text(path.read_text("utf-8"))]
    found = list(_models(records))
    kinds = {type(m).__name__ for m in found}
    assert kinds >= {"Tag", "Hand", "Call", "Trick", "Claim", "Exchange", "Announcement"}
    assert kinds >= {"Card", "Cards", "CardExtras", "Record", "CardList", "Trump"}
    assert [m for m in found if id(m) not in made] == []


def _models(value):
    """Every model in `value`, a record or a part of one."""
    if isinstance(value, Card):
        yield value
        yield from _models(value.extras)
    elif isinstance(value, Cards):
        yield value
        yield from _models(list((value.extras or {}).values()))
    elif dataclasses.is_dataclass(value):
        yield value
        for f in dataclasses.fields(value):
            yield from _models(getattr(value, f.name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _models(item)


def test_cards_added_by_the_run_are_the_cards_added_one_by_one():
    """A run of codes one space apart gives each card the column its place makes; cards
    equal when their codes, positions and extras are."""
    run = Cards(["KS", "10H"], 4, 6)
    run.add_run(["T21", "EX"], 5, 3)
    one_by_one = Cards()
    for code, line, column in [("KS", 4, 6), ("10H", 4, 9), ("T21", 5, 3), ("EX", 5, 7)]:
        one_by_one.add(code, line, column)
    assert run == one_by_one == ["KS", "10H", "T21", "EX"]
    assert run.positions() == [(4, 6), (4, 9), (5, 3), (5, 7)]
    assert run.card(1) == Card("10H", 4, 9)
    assert run != Cards(["KS", "10H", "T21", "EX"], 4, 6)  # other positions
    one_by_one.extras_of(2).suffix = "!"
    assert run != one_by_one and one_by_one.card(2).suffix == "!"
    assert Cards(["KS"]).at(0) == (0, 0) and run.extra(0) is None
    assert Cards(["KS"]) != "KS" and Cards(["KS"]) != ["QS"] and (Cards(["KS"]) != ["KS"]) is False


def test_cards_keep_their_positions_and_extras_through_pickle_copy_and_pydantic():
    cards = Cards(["KS", "QS"], 3, 5, extras={1: CardExtras(signal="busso", nags=(1,))})
    assert pickle.loads(pickle.dumps(cards)) == cards
    assert copy.deepcopy(cards) == cards == copy.copy(cards)
    dumped = dump(cards)
    assert (
        dumped[1]
        == {
            "code": "QS",
            "line": 3,
            "column": 8,
            "extras": dumped[1]["extras"],
        }
        and dumped[1]["extras"]["signal"] == "busso"
    )
    assert load(Cards, dumped) == cards
    assert load(Cards, ["KS", "QS"]) == ["KS", "QS"]


def test_the_first_two_letters_of_a_section_keyword_tell_it_apart():
    """The builder knows a section's keyword by its first two letters: a keyword added to
    the notation must keep them apart (or the builder must read more of it)."""
    assert len({key[:2] for key in SECTION_KEYS}) == len(SECTION_KEYS)


def test_a_node_takes_its_position_and_own_fields_in_order():
    """The reader gives a node's position and own fields in order (cheaper than by name);
    the two spellings make the same node, comments and annotations given by name."""
    cards = Cards(["KS"], 3, 5)
    assert Tag(2, 1, "Game", "marafone", 2, 7) == Tag(
        line=2, column=1, name="Game", value="marafone", value_line=2, value_column=7
    )
    assert Trick(4, 3, cards) == Trick(line=4, column=3, cards=cards, kind="trick")
    assert Hand(4, 3, "talon", cards, comments=("x",)).comments == ("x",)
    assert Call(5, 3, "chiamo", None, 2, suffix="!") == Call(
        line=5, column=3, word="chiamo", label=2, suffix="!"
    )
    assert CardList(6, 1, cards, keyword="discard").keyword == "discard"


def test_the_cards_of_a_discard_are_read_as_runs_with_their_glyphs_and_positions():
    """A discard's cards come as runs of codes (a line at a time) or one by one (a card in
    lower case, or with a suffix): the same cards, positions and extras either way."""
    head = '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'
    (runs,) = read_text(head + "discard\n  KS QH $4 JD\n  ac 2C! 3C\n")
    discard = runs.record.discard.cards
    assert discard == ["KS", "QH", "JD", "AC", "2C", "3C"]
    assert discard.positions() == [(5, 3), (5, 6), (5, 12), (6, 3), (6, 6), (6, 10)]
    assert discard.extra(1).nags == (4,) and discard.extra(4).suffix == "!"
    assert discard.extra(0) is None and discard.extra(5) is None
