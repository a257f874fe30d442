"""The engine's models (engine/model.py): objects built in bulk without validation."""

from trunfu.engine.model import Outcome, TrickResult, trusted


def test_trusted_trick_is_the_validated_trick():
    cards = [(2, "KS"), (3, "T5"), (4, "9S"), (1, "EX")]
    fast = trusted(TrickResult, number=7, leader=2, cards=cards, winner=3)
    slow = TrickResult(number=7, leader=2, cards=cards, winner=3)
    assert fast == slow
    assert fast.model_dump() == slow.model_dump()
    assert fast.model_fields_set == {"number", "leader", "cards", "winner"}
    assert TrickResult.model_validate(fast.model_dump()) == slow
    copy = fast.model_copy(update={"winner": 4})
    assert (copy.winner, fast.winner) == (4, 3)


def test_trusted_outcome_dumps_as_json():
    fast = trusted(
        Outcome,
        scores=[6.0, -2.0, -2.0, -2.0],
        result="+6 -2 -2 -2",
        contract="vado-solo",
        declarer=1,
        partners=[],
        won=True,
        thrown_in=False,
        breakdown={"difference": 2},
    )
    assert Outcome.model_validate_json(fast.model_dump_json()) == fast
