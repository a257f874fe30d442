"""`Context.act`, the referee's step for one written action: the state's faults told at
the action's node, a refused action left undone unless the state takes what it refuses,
a step only when labelled and wanted."""

from __future__ import annotations

from trunfu.engine import simulate, start
from trunfu.engine.context import Context


def trionfo():
    """A Trionfo hand just dealt (the auction open), with its context."""
    (record,) = simulate("marafone", 5, 1, seed=3)
    return record, start(record)


def test_a_refused_action_is_told_at_its_node_and_not_done():
    record, state = trionfo()
    ctx = Context(record)
    before = (state.to_act, list(state.auction.calls))
    node = record.calls()[0]
    assert not ctx.act(state, node, "fuori 1", "a label")
    assert [(d.code, d.line) for d in ctx.diagnostics] == [("unexpected-claim", node.line)]
    assert (state.to_act, list(state.auction.calls)) == before and not ctx.steps


def test_a_legal_action_is_done_with_a_step_when_labelled_and_wanted():
    for want_steps, label, steps in ((True, "seat 1: passo", 1), (True, "", 0), (False, "x", 0)):
        record, state = trionfo()
        ctx = Context(record, want_steps=want_steps)
        seat, word = state.to_act, state.legal()[0]
        assert ctx.act(state, record.calls()[0], word, label, text="shown")
        assert state.auction.calls == [word] and not ctx.diagnostics
        assert [(s.kind, s.seat, s.text, s.label) for s in ctx.steps] == [
            ("call", seat, "shown", label)
        ][:steps]


def test_always_does_what_the_state_refuses():
    (record,) = simulate("french-tarot", 4, 1, seed=3)
    state = start(record)
    ctx = Context(record)
    bid = "1: garde"  # seat 1 is not the first to speak (the dealer's left)
    assert state.to_act != 1
    assert not ctx.act(state, record.calls()[0], bid, always=True)
    assert ctx.diagnostics and state.calls == ["garde"]
