"""The engine's models (engine/model.py): slotted dataclasses that pydantic validates and
dumps at the edges (`trunfu.notation.schema`), fields it does not know refused."""

import dataclasses
import json

import pytest
from pydantic import ValidationError

from trunfu.engine.model import Bonus, Outcome, Replay, TrickResult
from trunfu.notation.models import Record
from trunfu.notation.schema import dump, dump_json, load, load_json

CARDS = [(2, "KS"), (3, "T5"), (4, "9S"), (1, "EX")]


def test_a_trick_is_a_slotted_value():
    trick = TrickResult(number=7, leader=2, cards=CARDS, winner=3)
    assert not hasattr(trick, "__dict__")  # no per-instance dict
    assert trick == TrickResult(number=7, leader=2, cards=list(CARDS), winner=3)
    assert trick != dataclasses.replace(trick, winner=4)
    assert TrickResult(7, 2, CARDS, 3) == trick  # the fields in order, as the referee gives them


def test_a_replay_holding_tricks_dumps_and_validates_as_json():
    tricks = [
        TrickResult(number=1, leader=2, cards=CARDS, winner=3),
        TrickResult(
            number=2, leader=3, cards=[(3, "1C"), (4, "2C"), (1, "3C"), (2, "4C")], winner=2
        ),
    ]
    replay = Replay(record=Record(), steps=[], tricks=tricks, diagnostics=[], outcome=None)
    dumped = json.loads(dump_json(replay))
    # each trick dumps as a dict of its fields in their order, each card as [seat, card]
    assert dumped["tricks"] == [
        {
            "number": 1,
            "leader": 2,
            "cards": [[2, "KS"], [3, "T5"], [4, "9S"], [1, "EX"]],
            "winner": 3,
        },
        {
            "number": 2,
            "leader": 3,
            "cards": [[3, "1C"], [4, "2C"], [1, "3C"], [2, "4C"]],
            "winner": 2,
        },
    ]
    assert list(dumped["tricks"][0]) == ["number", "leader", "cards", "winner"]
    assert dump(replay)["tricks"][0] == {
        "number": 1, "leader": 2, "cards": CARDS, "winner": 3
    }  # fmt: skip
    back = load_json(Replay, dump_json(replay))
    assert back.tricks == tricks
    assert all(type(t) is TrickResult for t in back.tricks)
    assert type(back.tricks[0].cards[0]) is tuple  # [seat, card] validates as a pair
    assert dump_json(back) == dump_json(replay)
    # an instance given to a validated Replay is kept as it is
    again = load(Replay, {"record": Record(), "tricks": tricks})
    assert again.tricks[0] is tricks[0]


@pytest.mark.parametrize(
    "bad",
    [
        {"number": 1, "leader": 2, "cards": [[2, "KS"]]},  # no winner
        {"number": 1, "leader": 2, "cards": [[2, "KS"]], "winner": "south"},  # not a seat
        {"number": 1, "leader": 2, "cards": [[2, "KS", 3]], "winner": 2},  # not a pair
        {"number": 1, "leader": 2, "cards": [[2, "KS"]], "winner": 2, "won": True},  # extra
    ],
)
def test_a_malformed_trick_is_rejected(bad):
    good = {"number": 1, "leader": 2, "cards": [[2, "KS"]], "winner": 2}
    assert load(Replay, {"record": {}, "tricks": [good]}).tricks[0].winner == 2
    with pytest.raises(ValidationError):
        load(Replay, {"record": {}, "tricks": [bad]})
    with pytest.raises(ValidationError):
        load(TrickResult, bad)


def test_an_outcome_dumps_as_json():
    fast = Outcome(
        scores=[6.0, -2.0, -2.0, -2.0],
        result="+6 -2 -2 -2",
        contract="vado-solo",
        declarer=1,
        partners=[],
        won=True,
        thrown_in=False,
        breakdown={"difference": 2},
        sides={"declarer": [1], "defence": [2, 3, 4]},
        roles={1: "declarer", 2: "defender", 3: "defender", 4: "defender"},
        speakers=[2, 3, 4, 1],
        card_points={"declarer": 70.0, "defence": 39.0},
        margin=2.0,
        bonuses=[Bonus(name="jochi.rivanto", side="declarer", points=1.0)],
    )
    assert load_json(Outcome, dump_json(fast)) == fast


def test_an_outcome_of_scores_gives_roles_sides_and_the_result():
    made = Outcome.of([6, -2, -2, -2], declarer=3, partners=[1], contract="chiamo", won=True)
    assert made.scores == [6.0, -2.0, -2.0, -2.0] and made.result == "+6 -2 -2 -2"
    assert made.roles == {1: "partner", 2: "defender", 3: "declarer", 4: "defender"}
    assert made.sides == {"declarer": [1, 3], "defence": [2, 4]} and made.partners == [1]
    assert load_json(Outcome, dump_json(made)) == made  # every field set
    nobody = Outcome.of([0, 0, 0], thrown_in=True, sides={"1": [1], "2": [2], "3": [3]})
    assert nobody.roles == {} and nobody.declarer is None and nobody.sides["2"] == [2]
    assert nobody.result == "0 0 0" and nobody.bonuses == [] and nobody.margin is None
