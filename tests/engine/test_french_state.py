"""French tarot as a game state: `start` + `apply` of `actions(record)` replays simulated
deals of every seat count and variant to their Result, only legal actions are offered, an
action `legal()` omits is refused with the referee's words, and each phase refuses what its
rules forbid."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from test_french_deals import at, deal

from trunfu.engine import IllegalAction, actions, replay, simulate, start
from trunfu.engine.games.french_tarot.state import FrenchState
from trunfu.engine.model import Bonus
from trunfu.notation.models import Record
from trunfu.notation.reader import read_text
from trunfu.notation.writer import write

DEALS = Path(__file__).parent / "french"
SETUPS = [(3, "fft"), (4, "fft"), (5, "fft"), (3, "classic"), (4, "classic"), (5, "classic")]
SETUPS += [(5, "classic"), (6, "classic")]


@cache
def simulated(seats: int, variant: str) -> tuple[Record, ...]:
    return tuple(
        simulate("french-tarot", seats, 12, seed=seats * 7 + len(variant), variant=variant)
    )


def record_of(name: str) -> Record:
    (read,) = read_text((DEALS / name).read_text(encoding="utf-8"))
    return read.record


def held(state: FrenchState, seat: int) -> list[str]:
    """`seat`'s cards now, from the whole table."""
    return sorted(state.snapshot().hands.get(seat, []))


def word(action: str) -> str:
    """An action as `legal()` lists it (an announcement: its seat and word alone)."""
    return " ".join(action.split()[:2]) if ":" in action else action


def actor(state: FrenchState, action: str) -> int | None:
    """The seat doing `action`: the seat it names, else the seat to act."""
    return int(action.split(":")[0]) if ":" in action else state.to_act


def refuses(state: FrenchState, action: str, code: str) -> str:
    """`apply(action)` raises IllegalAction of `code` and leaves the state as it was; its
    message."""
    before = (write(state.record()), state.phase, state.to_act, state.legal())
    with pytest.raises(IllegalAction) as refused:
        state.apply(action)
    assert refused.value.code == code, str(refused.value)
    assert (write(state.record()), state.phase, state.to_act, state.legal()) == before
    return str(refused.value)


def referee_says(state: FrenchState, card: str) -> list[str]:
    """What the referee prints for the record of `state` with `card` played next."""
    wrong = state.copy()
    wrong.perform(card)
    record = wrong.record()
    record.tags = [t for t in record.tags if t.name != "Result"]
    (read,) = read_text(write(record))
    return [d.message for d in replay(read.record, steps=False).diagnostics]


@pytest.mark.parametrize(("seats", "variant"), sorted(set(SETUPS)))
def test_simulated_deals_replay_through_the_state(seats: int, variant: str) -> None:
    refused = 0
    for record in simulated(seats, variant):
        state = start(record)
        for seat, action in actions(record):
            assert word(action) in state.legal(), (action, state.legal())
            if ":" not in action:
                assert state.to_act == seat
            if state.phase in ("announce", "play") and ":" not in action and not refused:
                hand = state.view(seat).hand
                omitted = [c for c in hand if c not in state.legal()]
                if omitted:  # the first one met: refused in the referee's words
                    said = refuses(state, omitted[0], "illegal-card")
                    assert said in referee_says(state, omitted[0])
                    refused += 1
            state.apply(action)
        assert state.over and state.to_act is None and state.legal() == []
        assert state.outcome.result == record.tag("Result")
        assert write(state.record()) == write(record)
    assert refused, "no deal had a card to refuse"


def test_a_card_of_the_ecart_is_refused_in_the_referee_s_words() -> None:
    record = next(r for r in simulated(4, "fft") if r.discard is not None)
    state = start(record)
    for _, action in actions(record):
        if state.phase in ("announce", "play") and ":" not in action:
            break  # the first card
        state.apply(action)
    card = state.ecart[0]
    said = refuses(state, card, "card-not-held")
    assert said.endswith("(it is in the écart)") and said in referee_says(state, card)


@pytest.mark.parametrize(("seats", "variant"), [(4, "fft"), (5, "fft"), (6, "classic")])
def test_views_show_a_seat_its_own_cards_only(seats: int, variant: str) -> None:
    for record in simulated(seats, variant)[:4]:
        state = start(record)
        for _, action in actions(record):
            for seat in range(1, seats + 1):
                view = state.view(seat)
                others = {c for s in range(1, seats + 1) if s != seat for c in held(state, s)}
                assert others.isdisjoint(view.hand), (seat, view.hand)
                assert sorted(view.hand) == held(state, seat)
                assert view.legal == [a for a in state.legal() if actor(state, a) == seat]
                if state.contract in ("garde-sans", "garde-contre"):
                    assert view.talon == []  # the chien stays face down
            state.apply(action)


def test_a_copy_is_independent() -> None:
    record = simulated(4, "fft")[0]
    state = start(record)
    steps = actions(record)
    for _, action in steps[:10]:
        state.apply(action)
    before = write(state.record())
    other = state.copy()
    for _, action in steps[10:]:
        other.apply(action)
    assert other.over and not state.over
    assert write(state.record()) == before
    for _, action in steps[10:]:  # the original goes on by itself to the same end
        state.apply(action)
    assert state.outcome == other.outcome


# --- the phases, on hand-built deals ----------------------------------------------------

GARDE = "fft-4-garde-poignee.tgn"
"""Dealer 4: seat 1 speaks first; seat 2 bids garde and shows ten trumps."""


def test_the_auction() -> None:
    state = start(record_of(GARDE))
    assert (state.phase, state.to_act) == ("auction", 1)
    assert state.legal() == ["passe", "prise", "garde", "garde-sans", "garde-contre"]
    state.apply("pass")  # the reader's spellings
    state.apply("2: Garde")
    assert state.legal() == ["passe", "garde-sans", "garde-contre"]
    said = refuses(state, "petite", "low-bid")
    assert said == (
        "seat 3 bids prise after garde by seat 2: a bid must be higher than every earlier bid"
    )
    assert refuses(state, "1: passe", "out-of-turn") == "call 3 is seat 3's, not seat 1's"
    refuses(state, "KS", "illegal-action")  # a card during the auction
    refuses(state, "chiamo", "illegal-action")  # not a call of french-tarot
    state.apply("passe")
    state.apply("passe")
    assert (state.phase, state.to_act, state.taker, state.contract) == ("discard", 2, 2, "garde")
    assert refuses(state, "garde sans", "second-call").startswith("seat 1 speaks a second time")


def test_everybody_passes() -> None:
    state = start(record_of(GARDE))
    for _ in range(4):
        state.apply("passe")
    assert state.over and state.outcome.thrown_in and state.outcome.result == "0 0 0 0"
    assert state.outcome.speakers == [1, 2, 3, 4]
    assert state.legal() == []


def after(name: str, count: int) -> FrenchState:
    """The state of a hand-built deal after its first `count` actions."""
    record = record_of(name)
    state = start(record)
    for _, action in actions(record)[:count]:
        state.apply(action)
    return state


def test_the_ecart_made_card_by_card() -> None:
    state = after(GARDE, 4)
    assert state.phase == "discard"
    # hand 18 + chien EX KC 7C 6C 5C 4C: the queens, the small clubs, not KC nor EX
    assert state.legal() == ["QS", "QH", "3C", "2C", "7C", "6C", "5C", "4C"]
    assert state.view(2).talon == ["EX", "KC", "7C", "6C", "5C", "4C"]  # shown to all
    assert "kings may not be put aside" in refuses(state, "KC", "ecart-king")
    assert "oudlers may not" in refuses(state, "T21", "ecart-oudler")
    said = refuses(state, "T10", "ecart-trump")
    assert said == (
        "seat 2 puts the trump T10 in the écart while still holding QS: trumps only when he "
        "cannot do otherwise"
    )
    assert "does not hold it" in refuses(state, "QD", "ecart-not-held")
    for card in ("7C", "6C", "5C", "4C", "3C", "2C"):
        state.apply(card)
    assert (state.phase, state.to_act) == ("announce", 1)
    assert state.view(2).hand == [c for c in state.dealt[2] if c not in ("3C", "2C")] + [
        "EX",
        "KC",
    ]


def test_trumps_go_last_when_nothing_else_can() -> None:
    # four kings and fifteen trumps: the taker must put T6 aside with five small cards
    state = after("fft-4-garde-triple-poignee-ecart-trump.tgn", 4)
    assert all(not c.startswith("T") for c in state.legal())
    for card in ("2S", "AS", "2H", "AH", "AD"):
        state.apply(card)
    assert "T6" in state.legal() and not any(c.startswith("K") for c in state.legal())


def test_the_announcements() -> None:
    state = after(GARDE, 10)
    assert state.phase == "announce"
    assert state.legal()[:2] == ["2: chelem", "2: poignee"]
    assert "1: poignee" not in state.legal()  # seat 1 holds four trumps
    assert "2: poignee" in state.view(2).legal and state.view(2).legal != state.legal()
    assert refuses(state, "1: chelem", "chelem-not-taker").endswith("only the taker may")
    shown = "T21 T20 T19 T18 T17 T16 T15 T14 T13 T12"
    refuses(state, f"2: poignee {shown} T10", "poignee-size")
    other = shown.replace("T12", "T11")
    assert "does not hold it" in refuses(state, f"2: poignee {other}", "poignee-not-held")
    state.apply(f"2: poignée {shown.lower()}")
    assert state.announced[-1] == (2, "poignee", shown.split())
    refuses(state, f"2: poignee {shown}", "poignee-twice")
    assert (state.phase, state.to_act) == ("announce", 1)
    state.apply("2: chelem")  # the taker now leads
    assert (state.phase, state.to_act, state.legal()[0]) == ("play", 2, "T21")
    state.apply("T21")
    refuses(state, "2: chelem", "illegal-action")  # the play has begun


def test_the_classic_rules_know_no_chelem() -> None:
    state = after("classic-4-prise-lost.tgn", 10)
    assert not any("chelem" in a for a in state.legal())
    assert "fft rules" in refuses(state, f"{state.taker}: chelem", "chelem-variant")


def test_the_call_at_five_seats() -> None:
    state = after("fft-5-prise-chelem-unannounced.tgn", 5)
    assert (state.phase, state.to_act) == ("call", 2)
    assert state.legal() == ["KS", "KH", "KD", "KC"]
    assert "does not hold all four kings" in refuses(state, "QH", "bad-call")
    state.apply("KH")
    assert (state.phase, state.called) == ("discard", ["KH"])


def test_the_first_lead_is_not_in_the_called_suit() -> None:
    state = after("fft-5-prise-chelem-unannounced.tgn", 9)
    assert (state.phase, state.to_act) == ("announce", 1)
    assert not any(c.endswith("H") for c in state.legal())
    said = refuses(state, "10H", "illegal-card")
    assert "the first lead may be in a called suit only with the called card" in said


def test_a_petit_sec_throws_the_deal_in() -> None:
    text = (DEALS / GARDE).read_text(encoding="utf-8")
    text = text.replace("T3 T2 T1 4S", "3C 2C T1 4S").replace("KD 3C 2C\n", "KD T3 T2\n")
    (read,) = read_text(text)
    state = start(read.record)
    assert state.sec == 4 and state.legal() == ["passe"]
    assert "seat 4 holds the Petit sec" in refuses(state, "prise", "petit-sec")
    for _ in range(4):
        state.apply("passe")
    assert state.over and state.outcome.thrown_in


def test_start_needs_every_hand_and_the_chien() -> None:
    text = (DEALS / GARDE).read_text(encoding="utf-8")
    (read,) = read_text("\n".join(line for line in text.splitlines() if line[:5] != "  3: "))
    with pytest.raises(ValueError, match="seat 3's hand"):
        start(read.record)
    six = (DEALS / "classic-6-garde-two-partners.tgn").read_text(encoding="utf-8")
    (read,) = read_text(six.replace('[Dealer "6"]', '[Dealer "6"]\n[Variant "fft"]'))
    with pytest.raises(ValueError, match="fft is not played by 6 seats"):
        start(read.record)


def test_actions_put_the_ecart_trumps_last() -> None:
    # the record writes the écart in the deck's order: T6 first
    found = actions(record_of("fft-4-garde-triple-poignee-ecart-trump.tgn"))
    assert [a for s, a in found[4:10]] == ["2S", "AS", "2H", "AH", "AD", "T6"]
    assert found[10][0] == 1 and found[10][1].startswith("1: poignee")


# --- the typed outcome: sides, roles, card points, margin, bonuses ------------------------


def test_the_typed_outcome_of_hand_scored_deals() -> None:
    garde = replay(record_of(GARDE), steps=False).outcome
    assert garde.sides == {"declarer": [2], "defence": [1, 3, 4]}
    assert garde.roles == {1: "defender", 2: "declarer", 3: "defender", 4: "defender"}
    assert (garde.card_points, garde.margin) == ({"declarer": 88, "defence": 3}, 52)
    assert garde.bonuses == [Bonus(name="poignees.simple", side="declarer", points=20)]
    assert garde.speakers == [1, 2, 3, 4]
    slam = replay(record_of("fft-5-prise-chelem-unannounced.tgn"), steps=False).outcome
    assert slam.sides == {"declarer": [2, 4], "defence": [1, 3, 5]}
    assert slam.roles[4] == "partner" and slam.speakers == [1, 2, 3, 4, 5]
    assert slam.bonuses == [Bonus(name="chelem.made unannounced", side=None, points=200)]
    defence = replay(record_of("fft-4-prise-defence-chelem.tgn"), steps=False).outcome
    assert defence.bonuses == [
        Bonus(name="poignees.simple", side="defence", points=-20),
        Bonus(name="chelem.defence took every trick", side=None, points=-200),
    ]
    petit = replay(record_of("fft-3-prise-petit-au-bout-defence.tgn"), steps=False).outcome
    assert petit.bonuses == [Bonus(name="petit_au_bout", side="defence", points=-10)]
    assert petit.card_points == {"declarer": 46.5, "defence": 44.5} and petit.margin == -5


def test_a_thrown_in_deal_has_no_sides() -> None:
    state = start(record_of(GARDE))
    for _ in range(4):
        state.apply("passe")
    outcome = state.outcome
    assert (outcome.sides, outcome.roles, outcome.bonuses, outcome.margin) == ({}, {}, [], 0.0)


def test_a_random_deal_plays_out_by_its_legal_actions() -> None:
    from trunfu.engine.games.french_tarot.simulate import choose, deal

    for seats in (3, 4, 5, 6):
        state = deal(random.Random(seats), seats, None)
        while not state.over:
            action = choose(state, random.Random(0))
            assert word(action) in state.legal()
            state.apply(action)
        assert state.outcome is not None


def test_a_section_of_the_wrong_size_is_told_at_its_first_card_too_many() -> None:
    """The call's and the écart's counts are judged of the section as a whole: a card too
    many is pointed at, a section too short is told where it starts."""
    text = deal("fft-4-garde-poignee.tgn")
    longer = text.replace("  7C 6C 5C 4C 3C 2C", "  7C 6C 5C 4C 3C 2C 8C")
    found = {(d.code, (d.line, d.column)) for d in replay(read_text(longer)[0].record).diagnostics}
    assert ("ecart-size", at(longer, "8C", 2)) in found
    shorter = text.replace("  7C 6C 5C 4C 3C 2C", "  7C 6C 5C 4C 3C")
    found = {(d.code, (d.line, d.column)) for d in replay(read_text(shorter)[0].record).diagnostics}
    assert ("ecart-size", at(shorter, "discard")) in found
    called = text.replace("discard\n", "call\n  KH QH\ndiscard\n")
    found = {(d.code, (d.line, d.column)) for d in replay(read_text(called)[0].record).diagnostics}
    assert ("no-call", at(called, "KH", 2)) in found
