"""Errors a transcriber can act on (issue #22): a word written as a card that the deck
lacks, every independent mistake of a record, the nearest words to a misspelt one, both
places of a duplicated card; each at its exact line and column."""

from __future__ import annotations

import pytest
from tgn_helpers import tags

from trunfu.engine import simulate
from trunfu.notation import lexer, words
from trunfu.notation.decks import GAMES
from trunfu.notation.grammar import terminal_regexps
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

T4 = tags()  # french-tarot, 4 seats, dealer 1: three lines


def found(text: str) -> list[tuple[int, int, str, str, str]]:
    (result,) = read_text(text)
    return [(d.line, d.column, d.cls, d.code, d.message) for d in result.diagnostics]


@pytest.mark.parametrize("word", ["XH", "1H", "11H", "T22", "t22", "QZ1"[:0] + "9B"])
@pytest.mark.parametrize(
    "section", ["deal\n  1: KS {} QS", "play\n  1. KS QS {} JS", "discard KS {}"]
)
def test_a_word_written_as_a_card_that_no_deck_holds_is_an_unknown_card(word, section):
    text = T4 + section.replace("{}", word) + "\n"
    line = text[: text.index(word)].count("\n") + 1
    column = text.index(word) - text.rfind("\n", 0, text.index(word))
    if word == "9B":  # a card of the Italian decks, not of the French one: told by the checks
        assert (line, column, "deck", "unknown-card") in [f[:4] for f in found(text)]
        return
    ((at, col, cls, code, message),) = found(text)
    assert (at, col, cls, code) == (line, column, "deck", "unknown-card")
    assert message.startswith(f"{word.upper()} is not a card of the french-tarot deck")
    assert "T1 to T21, EX, and A, 2 to 10, J, C, Q, K of spades (S)" in message


def test_t0_is_a_card_of_sicilian_tarocchi_only():
    text = T4 + "deal\n  1: T0\n"
    (unknown,) = [f for f in found(text) if f[3] == "unknown-card"]
    assert unknown[:4] == (5, 6, "deck", "unknown-card")
    assert "T1 to T21" in unknown[4]
    sicilian = tags("tarocco-siciliano", 3) + "deal\n  1: T0\n"
    assert "unknown-card" not in [f[3] for f in found(sicilian)]


def _deal(game: str, seats: int) -> str:
    return write(simulate(game, seats, 1, seed=3)[0])


def test_three_independent_mistakes_are_three_diagnostics_on_three_lines():
    text = _deal("french-tarot", 4)
    lines = text.split("\n")
    hand = next(i for i, line in enumerate(lines) if line.startswith("  2: "))
    auction = next(i for i, line in enumerate(lines) if line == "auction") + 1
    trick = next(i for i, line in enumerate(lines) if line.startswith("  6. "))
    lines[hand] = lines[hand].replace(lines[hand].split()[3], "XH", 1)
    lines[auction] = lines[auction].replace("passe", "pase", 1).replace("garde", "gard", 1)
    lines[trick] = lines[trick].replace(lines[trick].split()[2], "11H", 1)
    assert "pase" in lines[auction] or "gard" in lines[auction]
    bad = "\n".join(lines)
    diagnostics = found(bad)
    assert [(d[0], d[3]) for d in diagnostics] == [
        (hand + 1, "unknown-card"),
        (auction + 1, "unknown-call"),
        (trick + 1, "unknown-card"),
    ]
    for line, column, *_ in diagnostics:  # each at its own word
        word = bad.split("\n")[line - 1][column - 1 :].split()[0]
        assert word in ("XH", "pase", "gard", "11H")


def test_a_misspelt_call_names_the_nearest_calls_of_the_game():
    ((line, column, cls, code, message),) = found(T4 + "auction\n  passe gard\n")
    assert (line, column, cls, code) == (5, 9, "syntax", "unknown-call")
    assert message == "`gard` is not a call of french-tarot; did you mean `garde`?"
    marafone = tags("marafone", 5) + "auction\n  pass chiamo masso\n"
    ((*_, code, message),) = found(marafone)
    assert code == "unknown-call" and "`maso`" in message and "marafone" in message


def test_a_misspelt_keyword_or_announcement_names_the_nearest_words():
    ((*at, code, message),) = found(T4 + "deal\n  1: KS\npaly\n  1. KS\n")
    assert (at[0], at[1], code) == (6, 1, "unknown-keyword")
    assert message.endswith("did you mean `play`?")
    ((*at, code, message),) = found(T4 + "announce\n  1: poigne T21\n")
    assert (at[0], at[1], code) == (5, 6, "unknown-announcement")
    assert message == "`poigne` is not an announcement of french-tarot; did you mean `poignee`?"


def test_a_word_of_the_section_out_of_its_place_is_not_called_misspelt():
    ((*_, message),) = found(T4 + "play\n  1. busso KS\n")
    assert "did you mean" not in message


def test_a_duplicated_card_names_both_places_and_the_card_then_missing():
    text = _deal("french-tarot", 4)
    lines = text.split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("  1: "))
    second = next(i for i, line in enumerate(lines) if line.startswith("  3: "))
    card, lost = lines[first].split()[1], lines[second].split()[2]
    lines[second] = lines[second].replace(f" {lost}", f" {card}", 1)
    (duplicate,) = [f for f in found("\n".join(lines)) if f[3] == "duplicate-card"]
    column = lines[second].index(f" {card}") + 2
    assert duplicate[:4] == (second + 1, column, "deck", "duplicate-card")
    assert duplicate[4] == (
        f"{card} is given twice in the deal: on line {first + 1}, column 6, and on line "
        f"{second + 1}, column {column}; {lost} is then missing from the deck"
    )


def test_the_reading_goes_on_at_the_next_line_after_a_problem():
    text = T4 + "deal\n  1: KS 1. QS\n  2: JS ?? 10S\nplay\n  1. KS QS JS 10S\n"
    assert [f[:2] for f in found(text)] == [(5, 9), (6, 9)]


def test_one_missing_keyword_is_told_once():
    text = _deal("french-tarot", 4).replace("\nplay\n", "\n", 1)
    codes = [f[3] for f in found(text)]
    assert codes.count("unexpected-text") == 1


def test_the_grammar_words_are_the_vocabulary():
    """The grammar's word terminals match exactly the words of `words` (each word, and
    no other word of the terminal's alternatives)."""
    import re

    regexps = terminal_regexps()
    for terminal, vocabulary in [
        ("CALL_WORD", words.CALLS),
        ("ANNOUNCE_WORD", words.ANNOUNCEMENTS),
        ("SIGNAL", words.SIGNALS),
    ]:
        pattern = re.compile(regexps[terminal])
        for word in vocabulary:
            assert pattern.fullmatch(word), (terminal, word)
        # every alternative of the terminal, written plainly, is a word of the vocabulary
        core = regexps[terminal].split("(?:", 1)[1]
        assert all(
            lexer.TABLE.get(word, ("", ""))[0] in (terminal, "")
            for word in re.findall(r"[a-zé]+", core)
        )
    claims = re.compile(regexps["CLAIM"])
    assert all(claims.fullmatch(f"{word} 1") for word in words.CLAIMS)
    keyword = re.compile(regexps["KEYWORD"])
    assert [k for k in words.SECTION_KEYS if keyword.fullmatch(k)] == [
        k for k in words.SECTION_KEYS if k != "trump"
    ]
    assert re.compile(regexps["KW_TRUMP"]).fullmatch("trump")
    spelt = {w for game in GAMES.values() for table in game.calls.values() for w in table}
    assert spelt == set(words.CALLS)


def test_a_word_out_of_place_after_a_short_trick_is_told_too():
    text = T4 + "play\n  1. KS QS\n  2. JS\n  talon: 10S\n"
    assert [f[:2] + f[3:4] for f in found(text)] == [
        (6, 3, "short-trick"),
        (7, 3, "unexpected-text"),
    ]


def test_a_trick_number_told_wrong_is_told_once():
    """A trick line put in twice: the wrong number is told, and neither the trick it starts
    (short) nor the numbers after it (counted from it) are told again."""
    text = T4 + "play\n  1. KS QS JS 10S\n  2. KH QH JH 10H\n  1. KD\n  3. KC QC JC 10C\n"
    assert [f[:2] + f[3:4] for f in found(text)] == [(7, 3, "trick-number")]


# -- the reading goes on after a broken structure
@pytest.mark.parametrize(
    ("broken", "code", "column"),
    [
        ("  passe ] passe", "unexpected-text", 9),  # a stray bracket
        ("  passe {never closed", "unterminated-comment", 9),
        ('  passe " passe', "unterminated-string", 9),  # a quote out of place
    ],
)
def test_the_reading_goes_on_at_the_next_line_after_a_broken_structure(broken, code, column):
    text = T4 + f"auction\n{broken}\n  gard\nplay\n  1. XH KS QS JS\n"
    assert [f[:4] for f in found(text)] == [
        (5, column, "syntax", code),
        (6, 3, "syntax", "unknown-call"),  # the section goes on at the next line
        (8, 6, "deck", "unknown-card"),  # and so do the sections after it
    ]


def test_a_tag_left_half_written_is_dropped_and_the_tags_after_it_are_read():
    text = '[Game "french-tarot"] [Seats "4" [Dealer "1"]\n\nauction\n  gard\n'
    ((at, col, cls, code, message), (at2, col2, _, code2, _)) = found(text)
    assert (at, col, cls, code) == (1, 34, "syntax", "unexpected-text")
    assert message == '`[Dealer "1"]` cannot stand here: expected `]` closing the tag'
    assert (at2, col2, code2) == (4, 3, "unknown-keyword")  # Dealer read: the auction is read


def test_the_end_of_a_record_left_unfinished_by_a_break_is_not_told_again():
    text = T4 + "trump play\n"  # `play` where the suit stands; then the record ends
    assert [f[:4] for f in found(text)] == [(4, 7, "syntax", "misplaced-keyword")]
