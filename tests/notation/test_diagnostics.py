"""Every diagnostic code, at the exact line and column of the token concerned (spec §7)."""

from __future__ import annotations

import pytest
from tgn_helpers import problems, tags

from trunfu.notation.reader import read_text

T4 = tags()  # french-tarot, 4 seats, dealer 1: three lines

SYNTAX = [
    # the grammar
    ("unexpected-end", '[Game "french-tarot"', 1, 21),
    ("unterminated-string", '[Game "french-tarot]\n', 1, 7),
    ("bad-escape", '[Game "a\\nb"]\n', 1, 9),
    ("bad-string", '[Game "a\tb"]\n', 1, 9),
    ("bad-tag", '[1Game "x"]\n', 1, 2),
    ("unexpected-text", "[Game french]\n", 1, 7),
    ("unknown-keyword", T4 + "bid passe\n", 4, 1),
    ("unknown-keyword", T4 + "deal\n  1: KS\n  hands\n", 6, 3),
    ("unterminated-comment", T4 + "play\n  1. KS {never closed\n", 5, 9),
    ("bad-character", T4 + "play KS\x01\n", 4, 8),
    ("misplaced-keyword", tags("marafone", 4) + "trump play\n", 4, 7),
    ("unexpected-text", T4 + "play KS 1 QS\n", 4, 9),
    # building the record
    ("bad-nag", T4 + "play\n  1. KS $256\n", 5, 9),
    ("misplaced-nag", T4 + "deal 1: $1\n", 4, 9),
    ("card-without-seat", T4 + "deal\n  KS 1: QS\n", 5, 3),
    ("duplicate-section", T4 + "play KS\ndiscard QS\nplay JS\n", 6, 1),
    ("short-trick", T4 + "play\n  1. KS QS\n  2. JS\n", 6, 3),
    ("short-trick", '[Game "marafone"][Seats "4"][Dealer "1"] play 3C 2C fuori 2', 1, 53),
    ("trick-number", T4 + "play\n  1. KS QS JS 10S\n  3. 9S\n", 6, 3),
    ("stray-card", T4 + "announce {c} T21\n", 4, 14),
    ("missing-card", '[Game "waite-tarot"][Seats "3"][Dealer "1"] exchange 1>2:', 1, 54),
]


@pytest.mark.parametrize(("code", "text", "line", "column"), SYNTAX)
def test_syntax_diagnostics(code, text, line, column):
    assert problems(text) == [(1, line, column, "syntax", code)]


CHECKS = [
    ("duplicate-tag", T4 + '[Event "a"]\n[Event "b"]\n', 5, 2),
    ("missing-tag", '[Game "french-tarot"]\n[Seats "4"]\nplay KS\n', 1, 1),
    ("unknown-game", '[Game "bridge"]\n[Seats "4"]\n[Dealer "1"]\n', 1, 7),
    ("bad-seats", '[Game "marafone"]\n[Seats "3"]\n[Dealer "1"]\n', 2, 8),
    ("bad-dealer", '[Game "marafone"]\n[Seats "4"]\n[Dealer "5"]\n', 3, 9),
    ("bad-dealer", '[Game "marafone"]\n[Seats "4"]\n[Dealer "0"]\n', 3, 9),
    ("unknown-variant", T4 + '[Variant "mine"]\n', 4, 10),
    ("bad-result", T4 + '[Result "+1 -1 0"]\n', 4, 9),
    ("bad-result", T4 + '[Result "+1 -1 0 01"]\n', 4, 9),
    ("bad-result", T4 + '[Result "1-0"]\n', 4, 9),
    ("bad-date", T4 + '[Date "21.01.01"]\n', 4, 7),
    ("unknown-call", T4 + "auction passe vado-solo\n", 4, 15),
    ("unexpected-card", T4 + "auction passe {c} KS\n", 4, 19),
    ("missing-card", tags("tarocco-siciliano", 4) + "auction passo chiamo\n", 4, 15),
    ("no-such-seat", T4 + "auction 5: passe\n", 4, 12),
    ("no-such-seat", T4 + "announce 5: chelem\n", 4, 10),
    ("no-such-seat", tags("waite-tarot", 3) + "exchange 1>1: KS\n", 4, 10),
    ("no-such-seat", tags("marafone", 4) + "play penalty 5\n", 4, 6),
    ("unknown-announcement", T4 + "announce 1: scommessa\n", 4, 10),
    ("unknown-suit", tags("marafone", 4) + "trump h\n", 4, 7),
    ("unexpected-signal", T4 + "play KS busso\n", 4, 9),
    ("unexpected-claim", T4 + "play fuori 2\n", 4, 6),
    ("unexpected-section", T4 + "trump S\n", 4, 1),
    ("unexpected-section", T4 + "exchange 1>2: KS\n", 4, 1),
    ("unexpected-section", T4 + "call KH\n", 4, 1),
]


@pytest.mark.parametrize(("code", "text", "line", "column"), CHECKS)
def test_tag_and_word_diagnostics(code, text, line, column):
    assert problems(text) == [(1, line, column, "syntax", code)]


DECK = [
    ("unknown-card", T4 + "play KB\n", 4, 6),
    ("unknown-card", tags("tarocco-siciliano", 4) + "play T21\n", 4, 6),
    ("unknown-card", tags("tarocco-siciliano", 4) + "play 4S\n", 4, 6),
    ("unknown-card", tags("marafone", 4) + "play QD\n", 4, 6),
    ("unknown-card", tags("waite-tarot", 3) + "play T0\n", 4, 6),
    ("duplicate-card", T4 + "play KS QS\n  KS\n", 5, 3),
    ("duplicate-card", T4 + "discard KS KS\n", 4, 12),
    ("hand-size", T4 + "deal 1: KS\n", 4, 6),
    (
        "duplicate-hand",
        tags("marafone", 5) + "deal 1: 3D 2D AD KD CD JD 7D 6D\n  1: 5D 4D 3C 2C AC KC CC JC\n",
        5,
        3,
    ),
    ("no-such-hand", tags("marafone", 5) + "deal talon:\n", 4, 6),
]


@pytest.mark.parametrize(("code", "text", "line", "column"), DECK)
def test_deck_diagnostics(code, text, line, column):
    assert problems(text) == [(1, line, column, "deck", code)]


def test_a_card_twice_across_hands_of_the_deal():
    hands = "1: 3D 2D AD KD CD JD 7D 6D\n  2: 5D 4D 3C 2C AC KC CC JC\n  3: 3D"
    found = problems(tags("marafone", 5) + f"deal\n  {hands}\n")
    assert (1, 7, 6, "deck", "duplicate-card") in found


def test_diagnostic_messages_name_what_is_wrong():
    (result,) = read_text(T4 + "deal 1: KS\nplay KB\n", "f.tgn")
    messages = [str(d) for d in result.diagnostics]
    assert messages[0] == (
        "f.tgn:4:6: deck hand-size seat 1 holds 1 card; french-tarot with 4 seats deals 18"
    )
    assert messages[1] == (
        "f.tgn:5:6: deck unknown-card KB is not a card of the french-tarot deck: its cards are "
        "T1 to T21, EX, and A, 2 to 10, J, C, Q, K of spades (S), hearts (H), diamonds (D) and "
        "clubs (C)"
    )


def test_syntax_error_in_record_two_does_not_stop_record_three():
    text = T4 + "play KS\n\n" + T4 + "play 1. KS $999\n\n" + T4 + "play QS\n"
    results = read_text(text, "three.tgn")
    assert [r.index for r in results] == [1, 2, 3]
    assert [r.record is not None for r in results] == [True, False, True]
    assert problems(text) == [(2, 9, 12, "syntax", "bad-nag")]
    assert results[2].record.play.tricks[0].cards.card(0).line == 14


def test_unreadable_record_keeps_its_text():
    text = T4 + "play 1. KS $999\n"
    (result,) = read_text(text)
    assert result.record is None and result.text == text


def test_many_problems_are_capped():
    text = T4 + "play " + " ".join(["KB"] * 300) + "\n"
    (result,) = read_text(text)
    assert len(result.diagnostics) == 100


@pytest.mark.parametrize(
    ("text", "at", "expected"),
    [
        (T4 + "play\n  1. KS\u00a0QS\n", (5, 8), "tricks (cards, `N.`, `fuori N`, `penalty N`)"),
        (T4 + "deal {x} 1: KS \u3000QS\n", (4, 16), "hands (`1:` and cards, `talon:`, `dead:`)"),
        (T4 + "trump h\n\u00a0deal\n", (5, 1), None),
    ],
)
def test_text_no_token_reads_is_told_with_what_its_section_holds(text, at, expected):
    """A character no token reads (a no-break space) inside a section's text, also after a
    comment, is told with the items of that section; outside a section's text, with none."""
    (result,) = read_text(text)
    (diagnostic,) = result.diagnostics
    assert (diagnostic.line, diagnostic.column, diagnostic.code) == (*at, "unexpected-text")
    assert diagnostic.message.endswith(
        f"expected a section keyword or {expected}" if expected else "expected a section keyword"
    )
