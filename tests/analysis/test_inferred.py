"""Records whose deal leaves hands out: the hands are inferred from a complete, faultless
play, and the record analyses exactly as the full record does; otherwise the reason is
told in words."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from typer.testing import CliRunner

import trunfu
import trunfu.cli.analyse
from trunfu.analysis.analyse import analyse
from trunfu.analysis.inferred import completed
from trunfu.analysis.values import NotAnalysable
from trunfu.cli.app import app
from trunfu.engine import replay, simulate
from trunfu.notation.models import Claim, Record

from .positions import GAMES

TRICKS = 2


def _with_hands(record: Record, keep: list[str]) -> Record:
    """`record` whose deal gives only the seats' hands of `keep` (and every other pile)."""
    hands = [h for h in record.deal.hands if not h.owner.isdigit() or h.owner in keep]
    return dataclasses.replace(record, deal=dataclasses.replace(record.deal, hands=hands))


def _clean(record: Record) -> bool:
    return not [d for d in replay(record, steps=False).diagnostics if d.cls != "result"]


def stripped(record: Record) -> Record:
    """`record` without its seats' hands, but one when the referee needs it (marafone: who
    holds the card that leads; Sicilian: who holds Giove)."""
    bare = _with_hands(record, [])
    if _clean(bare):
        return bare
    for hand in record.deal.hands:
        one = _with_hands(record, [hand.owner])
        if hand.owner.isdigit() and _clean(one):
            return one
    raise AssertionError("no single hand lets the referee replay the record")


def _seat_hands(record: Record) -> dict[str, list[str]]:
    return {h.owner: list(h.cards) for h in record.deal.hands}


def _analysed(record: Record) -> object:
    try:
        found = analyse(record, tricks=TRICKS)
    except NotAnalysable as error:
        return str(error)
    return found.side, found.tricks, found.positions


@pytest.mark.parametrize(("game", "seats"), [*GAMES, ("french-tarot", 6)])
def test_a_record_without_its_hands_analyses_as_the_full_record(game, seats):
    compared = 0
    for record in simulate(game, seats, 4, seed=21):
        if not any(s.kind == "card" for s in replay(record).steps):
            continue  # thrown in, or ended in the auction: no play to infer from
        bare = stripped(record)
        assert len(bare.deal.hands) < len(record.deal.hands)
        assert _seat_hands(completed(bare)) == _seat_hands(record)
        full = _analysed(record)
        assert not isinstance(full, str), full
        assert _analysed(bare) == full
        compared += 1
    assert compared >= 2


def _revoke(record: Record) -> tuple[Record, int]:
    """`record` with two cards of one seat swapped so that it fails to follow suit in an
    earlier trick while it holds a card of the suit led; and that trick's number."""
    tricks = record.play.tricks
    plays = replay(record).tricks
    for i, trick in enumerate(plays[:-1]):
        led = trick.cards[0][1]
        for k, (seat, card) in enumerate(trick.cards[1:], 1):
            if _suit(card) != _suit(led):
                continue
            for later in plays[i + 1 :]:
                for m, (other, alien) in enumerate(later.cards):
                    if other != seat or _suit(alien) in (_suit(led), "T") or alien == "EX":
                        continue
                    items = [dataclasses.replace(t, cards=copy.copy(t.cards)) for t in tricks]
                    a, b = items[i].cards[k], items[later.number - 1].cards[m]
                    items[i].cards[k], items[later.number - 1].cards[m] = b, a
                    play = dataclasses.replace(record.play, items=items)
                    return dataclasses.replace(record, play=play), i + 1
    raise AssertionError("no revoke to make")


def _suit(card: str) -> str:
    return "T" if card[0] == "T" else card[-1]


def test_a_revoke_is_refused_in_words():
    record = simulate("french-tarot", 4, 1, seed=3)[0]
    bad, number = _revoke(stripped(record))
    with pytest.raises(NotAnalysable) as refused:
        analyse(bad, tricks=1)
    why = str(refused.value)
    assert why.startswith("the hands of seats 1, 2, 3, 4 are not given")
    assert "referee reports a problem" in why and f"trick {number}:" in why and "held" in why


def test_an_unfinished_play_is_refused_in_words():
    record = stripped(simulate("french-tarot", 4, 1, seed=3)[0])
    items = record.play.items[:-3]
    short = dataclasses.replace(record, play=dataclasses.replace(record.play, items=items))
    with pytest.raises(NotAnalysable, match=r"the play is not finished \(15 whole tricks"):
        analyse(short, tricks=1)


def test_a_claim_leaves_the_hands_unknown():
    record = next(
        r
        for r in simulate("marafone", 4, 40, seed=3)
        if any(type(i) is Claim for i in r.play.items)
    )
    analyse(record, tricks=1)  # every hand given: the deal is played out
    bare = stripped(record)
    with pytest.raises(NotAnalysable) as refused:
        analyse(bare, tricks=1)
    why = str(refused.value)
    assert f"the play stops after trick {len(record.play.tricks)} (`fuori" in why
    assert "give the deal" in why


def test_the_command_analyses_a_play_only_transcription(tmp_path):
    records = simulate("tarocco-siciliano", 4, 3, seed=8)
    path = tmp_path / "deals.tgn"
    path.write_text(trunfu.write_all([stripped(r) for r in records]))
    done = CliRunner().invoke(app, ["analyse", "--json", "--tricks", "1", str(path)])
    lines = [json.loads(line) for line in done.output.splitlines()]
    assert done.exit_code == 0 and len(lines) == 3
    for record, found in zip(records, lines, strict=True):
        side, _, positions = _analysed(record)
        assert found["side"] == side and len(found["positions"]) == 4
        assert found["positions"][-1]["after"] == positions[-1].after
