"""The canonical writer (spec §8): the exact bytes for every kind of item."""

from __future__ import annotations

from trunfu.notation.models import Tag
from trunfu.notation.reader import read_text
from trunfu.notation.writer import tag_pairs, write, write_all


def canonical(text: str) -> str:
    """Write the record of `text` (deck problems aside), and check that the text written
    reads as the same record and is a fixed point of the writer."""
    (result,) = read_text(text)
    assert all(d.cls == "deck" for d in result.diagnostics), result.diagnostics
    out = write(result.record)
    (again,) = read_text(out)
    assert write(again.record) == out
    assert again.record.content() == read_text(out)[0].record.content()
    return out


def test_tags_in_canonical_order_then_others_by_name():
    text = (
        '[Result "*"] [zz "1"] [P2 "b"] [Dealer "2"] [Aa "x"] [Seats "4"]\n'
        '[Game "french-tarot"] [P1 "a\\"q"] [Variant "fft"] [Board "3"] [Round "1"]\n'
        '[Date "2024.01.??"] [Site "s"] [Event "e\\\\"]'
    )
    assert canonical(text) == (
        '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "2"]\n[Event "e\\\\"]\n[Site "s"]\n'
        '[Date "2024.01.??"]\n[Round "1"]\n[Board "3"]\n[Variant "fft"]\n[P1 "a\\"q"]\n'
        '[P2 "b"]\n[Result "*"]\n[Aa "x"]\n[zz "1"]\n'
    )


def test_deal_sorted_in_canonical_order_seats_then_talon():
    text = (
        '[Game "waite-tarot"][Seats "2"][Dealer "1"] deal dead: 2b 5d talon: kd t1 '
        "2: ex ab kb 1: 10d t21 t3"
    )
    assert canonical(text).endswith(
        "\ndeal\n  1: T21 T3 10D\n  2: EX KB AB\n  talon: T1 KD\n  dead: 5D 2B\n"
    )


def test_sicilian_canonical_order_has_the_four_of_coins_last_in_coins():
    text = '[Game "tarocco-siciliano"][Seats "4"][Dealer "1"] discard 4d 5b kd t0 ex 5d t20'
    assert canonical(text).endswith("\ndiscard\n  T20 T0 EX KD 5D 4D 5B\n")


def test_marafone_order_follows_trick_strength():
    text = '[Game "marafone"][Seats "4"][Dealer "1"] discard 4d ad 3d kd 2d 3c'
    assert canonical(text).endswith("\ndiscard\n  3D 2D AD KD 4D 3C\n")


def test_auction_rounds_without_labels_and_with_annotations():
    text = (
        '[Game "tarocco-siciliano"][Seats "4"][Dealer "2"]\n'
        "auction {bids} 3: passo!? $4 {slow} 4: pass 1: passo 2:passo / {two}\n"
        "chiamo? {a guess} T20 $1 {the call} passo passo passo"
    )
    assert canonical(text).endswith(
        "\nauction { bids }\n  passo!? $4 { slow } passo passo passo\n"
        "  / { two } chiamo? { a guess } T20 $1 { the call } passo passo passo\n"
    )


def test_call_trump_exchange_announce_sections():
    assert canonical(
        '[Game "french-tarot"][Seats "6"][Dealer "1"] call kh {king} qs announce 2: poignee'
        " t21 t20 t19 t18 t17 t16 t15 t14 1: poignée! $3 {shown} t13 t12 t11 t10 t9 t8 t7 t6"
    ).endswith(
        "\ncall\n  KH { king } QS\nannounce\n"
        "  2: poignee T21 T20 T19 T18 T17 T16 T15 T14\n"
        "  1: poignee! $3 { shown } T13 T12 T11 T10 T9 T8 T7 T6\n"
    )
    assert canonical('[Game "marafone"][Seats "5"][Dealer "1"] trump {named} c').endswith(
        "\ntrump { named }\n  C\n"
    )
    assert canonical(
        '[Game "waite-tarot"][Seats "3"][Dealer "1"] exchange 2>1: {gift} ks? 1 > 3: qd'
    ).endswith("\nexchange\n  2>1: { gift } KS?\n  1>3: QD\n")


def test_play_numbered_with_signals_claims_and_comments():
    text = (
        '[Game "marafone"][Seats "4"][Dealer "1"] play {tricks}\n'
        "3c busso $1 {lead} 2c 4c 5c fuori 1 {out} ab volo 2b 3b 4b penalty 2 5b!"
    )
    assert canonical(text).endswith(
        "\nplay { tricks }\n  1. 3C busso $1 { lead } 2C 4C 5C\n  fuori 1 { out }\n"
        "  2. AB volo 2B 3B 4B\n  penalty 2\n  3. 5B!\n"
    )


def test_record_comment_and_multiline_comments_are_indented_percent_lines_dropped():
    text = (
        '[Game "french-tarot"][Seats "4"][Dealer "1"]\n{  first\n\n%kept   \n  [Game "x"] }\n'
        "{second} play KS {a\nb}"
    )
    out = canonical(text)
    assert out.endswith('\n\n{ first\n\n\n  [Game "x"] } { second }\nplay\n  1. KS { a\n  b }\n')


def test_empty_sections_and_tags_only():
    assert canonical('[Game "french-tarot"][Seats "4"][Dealer "1"]') == (
        '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n'
    )
    assert canonical('[Game "french-tarot"][Seats "4"][Dealer "1"] auction play') == (
        '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n\nauction\nplay\n'
    )


def test_records_are_separated_by_one_empty_line_and_lines_have_no_trailing_space():
    text = '[Game "french-tarot"][Seats "4"][Dealer "1"] play ks\n\n\n' * 2
    out = write_all(r.record for r in read_text(text))
    assert out == (
        '[Game "french-tarot"]\n[Seats "4"]\n[Dealer "1"]\n\nplay\n  1. KS\n' * 2
    ).replace("KS\n[", "KS\n\n[")
    assert all(line == line.rstrip() for line in out.split("\n"))


def test_codes_unknown_to_the_game_come_last_in_the_order_written():
    # 3C, 2S and 2B are not Sicilian cards: the hand keeps them after the known ones, as
    # written, whether the hand's cards are bare or one carries a glyph
    for kd in ("kd", "kd!"):
        (result,) = read_text(f'[Game "tarocco-siciliano"] deal 1: 3c {kd} 2s t1 2b 5d')
        assert write(result.record).endswith(f"\n  1: T1 {kd.upper()} 5D 3C 2S 2B\n")


def test_the_first_game_tag_decides_the_order_and_given_tags_write_the_same():
    (result,) = read_text(
        '[Game "tarocco-siciliano"][Seats "4"][Dealer "1"] discard 4d 5b kd t0 ex 5d t20'
    )
    record = result.record
    record.tags.append(Tag(name="Game", value="marafone"))  # only a built model has two
    text = write(record)
    assert text.startswith('[Game "tarocco-siciliano"]\n[Game "marafone"]\n[Seats "4"]\n')
    assert text.endswith("\ndiscard\n  T20 T0 EX KD 5D 4D 5B\n")  # the Sicilian order
    assert write(record, tag_pairs(record)) == text
