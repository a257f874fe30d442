"""Replay page: one deal on a card table, step by step (buttons, ← → Home End, slider,
autoplay), with the auction, talon and discard, running card points, the annotations at
their step and, at the last step, the outcome and the record's story; with "Best play",
the double-dummy judgement of each card. Deep link: `?record=REF&step=N`, with `&seat=S`
for one seat's view, `&reveal=1` to show the outcome from the start and `&best=1` for the
best play."""

from __future__ import annotations

import time

import streamlit as st

from trunfu.archive.lock import ArchiveError
from trunfu.dashboard import archive_link, best_play, replay_view, sources, words
from trunfu.dashboard.components import table

SLIDER = "replay_step"
AUTOPLAY = "replay_autoplay"
TICK = "replay_tick"
VIEW = "replay_view"
REVEAL = "replay_reveal"
BEST = "replay_best"
SPEEDS = {"slow": 2.0, "normal": 1.0, "fast": 0.5}


def _ask_reference(label: str) -> None:
    """A box to type a record's reference; the page opens it."""
    typed = st.text_input(label, placeholder="42, or famous:FILE:N", key="replay_typed")
    if typed.strip():
        st.query_params.clear()
        st.query_params["record"] = typed.strip()
        del st.session_state["replay_typed"]
        st.rerun()


st.title("Replay")
ref = st.query_params.get("record", "")
if not ref:
    st.info(
        "Open a deal from **Famous hands**, **Search** or **Upload**, or type its reference: "
        "an archive id such as `42`, or `famous:FILE:N`."
    )
    _ask_reference("Record")
    st.stop()

try:
    text = sources.text_of(ref, st.session_state, archive=archive_link.record_text)
except (sources.SourceError, ArchiveError) as error:
    message = str(error)
    st.error(message[:1].upper() + message[1:])
    _ask_reference("Open another record")
    st.stop()

read, rep = sources.replay_of(text)
if rep is None:
    st.error("This record cannot be read, so it cannot be replayed:")
    for d in read.diagnostics:
        st.error(f"line {d.line}, column {d.column}: {d.message}")
    st.stop()
if not rep.steps:
    if rep.diagnostics:
        st.error("The referee stopped before the first step of this deal:")
        for d in rep.diagnostics:
            st.error(f"line {d.line}, column {d.column}: {d.message}")
    else:
        st.warning(f"The engine has no step-by-step replay for {rep.record.tag('Game')!r}.")
    st.stop()

record = rep.record
last = len(rep.steps) - 1
game = record.tag("Game")
seats = record.seats or 0
names = replay_view.player_names(record)

# -- the step: the slider's value is the one source of truth; the URL follows it.
trick = st.query_params.get("trick")
if st.session_state.get("replay_ref") != ref or trick or st.query_params.get("step") == "end":
    st.session_state["replay_ref"] = ref
    at_trick = replay_view.step_of_trick(rep, trick)
    if at_trick is None:
        at_trick = replay_view.clamp(st.query_params.get("step", "0"), last)
    st.session_state[SLIDER] = at_trick
    if trick:
        del st.query_params["trick"]  # the step, written below, says where we are
    st.session_state[AUTOPLAY] = False
    seat = st.query_params.get("seat", "")  # an unknown seat is ignored: the open table
    if seat in map(str, range(1, seats + 1)):
        st.session_state[VIEW] = int(seat)
    else:  # the widget's default: the open table
        st.session_state.pop(VIEW, None)
    st.session_state[REVEAL] = st.query_params.get("reveal") == "1"
    st.session_state[BEST] = st.query_params.get("best") == "1"


@st.cache_resource
def _analyses() -> best_play.Jobs:
    """The best-play analyses of this server, shared by its sessions."""
    return best_play.Jobs()


def _go(delta: int | None = None, to: int | None = None) -> None:
    current = st.session_state.get(SLIDER, 0)
    target = to if to is not None else current + (delta or 0)
    st.session_state[SLIDER] = max(0, min(last, target))
    st.session_state[TICK] = time.monotonic()


reveal = st.session_state.get(REVEAL, False)
st.markdown(replay_view.heading(record, reveal))
if rep.diagnostics:
    with st.expander(
        f"{len(rep.diagnostics)} problem(s) found by the referee", icon=":material/warning:"
    ):
        for d in rep.diagnostics:
            st.write(f"line {d.line}, column {d.column}: {d.message}")

options = st.columns([3, 2, 2, 3, 2], vertical_alignment="bottom")
view = options[0].selectbox(
    "View",
    [None, *range(1, seats + 1)],
    format_func=lambda s: (
        "every hand (open table)"
        if s is None
        else f"seat {s}{f' ({names[s]})' if s in names else ''} only"
    ),
    key=VIEW,
)
autoplay = options[1].toggle("Autoplay", key=AUTOPLAY)
speed = options[2].select_slider("Speed", list(SPEEDS), value="normal", key="replay_speed")
options[3].toggle(
    "Show the outcome now",
    key=REVEAL,
    help="The result, the final score and the record's story are shown at the last step; "
    "switch this on to see them from the start.",
)
best = options[4].toggle(
    "Best play",
    key=BEST,
    help="Work out what perfect play with every hand visible gives from each card of the "
    "last tricks (double dummy), and judge each card played.",
)
job = _analyses().start(text, rep) if best else None
waiting = job is not None and not job.done
for param, value in (
    ("seat", view),
    ("reveal", "1" if reveal else None),
    ("best", "1" if best else None),
):
    if value:
        st.query_params[param] = str(value)
    elif param in st.query_params:
        del st.query_params[param]


def _best_play(index: int) -> best_play.Reading | None:
    """The analysis at this step, once it is worked out (`_waiting` shows its progress):
    the card just played judged, the best cards for the seat to play, and the evaluation
    line."""
    if not job.done:
        return None
    found = job.result()
    if isinstance(found, str):
        st.info(f"No best-play analysis for this deal: {found}.")
        return None
    reading = best_play.reading(rep, found, index)
    if reading.played is not None:
        st.markdown(best_play.said(game, reading.played))
    upcoming = reading.next
    if upcoming is not None:
        st.caption(
            f"Best for seat {upcoming.seat} now: {', '.join(upcoming.best)} (outlined). "
            f"With best play from here, {found.side_words} "
            f"{'ends' if len(found.side) == 1 else 'end'} with "
            f"{words.card_points(upcoming.before, game)} points."
        )
    elif reading.played is None:
        st.caption(
            f"Best play is worked out for the last {found.tricks} trick(s): "
            "step on to them to see each card judged."
        )
    st.altair_chart(
        best_play.chart(best_play.line(rep, found), reading.cards_before, found), width="stretch"
    )
    return reading


@st.fragment(run_every=1.0 if waiting else None)
def _waiting() -> None:
    """The analysis's progress, asked for every second; the page is drawn again once done."""
    if job.done:
        st.rerun()
    st.progress(
        job.share(), text=f"Working out the best play… {job.tricks} trick(s) from the end so far"
    )


@st.fragment(run_every=SPEEDS[speed] if autoplay else None)
def _player() -> None:
    now = time.monotonic()
    playing = st.session_state.get(AUTOPLAY) and st.session_state.get(SLIDER, 0) < last
    if playing and now - st.session_state.get(TICK, 0.0) >= SPEEDS[speed] * 0.8:
        _go(1)
    with st.container(horizontal=True, vertical_alignment="center"):
        st.button(
            "⇤ first",
            key="first",
            help="first step",
            on_click=_go,
            kwargs={"to": 0},
            shortcut="Home",
        )
        st.button(
            "◀ back", key="prev", help="previous step", on_click=_go, args=(-1,), shortcut="Left"
        )
        st.button("next ▶", key="next", help="next step", on_click=_go, args=(1,), shortcut="Right")
        st.button(
            "last ⇥",
            key="last",
            help="last step",
            on_click=_go,
            kwargs={"to": last},
            shortcut="End",
        )
    st.slider("Step", 0, last, key=SLIDER)
    index = st.session_state[SLIDER]
    st.query_params["step"] = str(index)
    step = rep.steps[index]

    sentence = replay_view.describe(step, rep, names)
    st.markdown(f"**Step {index} of {last}** — {sentence}")
    for note in replay_view.annotations(step):
        st.info(note, icon=":material/comment:")
    reading = _best_play(index) if job is not None else None
    upcoming = reading.next if reading is not None else None
    marked = (upcoming.seat, upcoming.best) if upcoming is not None else None
    main, side = st.columns([3, 1])
    with main:
        st.html(
            table.render(
                game, seats, step, names, view, replay_view.partners(rep), sentence, marked
            )
        )
    with side:
        replay_view.sidebar(rep, index)
    played = replay_view.tricks_so_far(rep, index)
    if played:
        with st.expander(f"Tricks played ({len(played)})"):
            st.dataframe(played, hide_index=True, width="stretch")
    if index == last or step.kind == "end" or reveal:
        replay_view.final(rep, names)
        for comment in record.comments:
            st.info(comment)
    elif record.comments or rep.outcome:
        st.caption(
            "The outcome"
            + (" and the record's story" if record.comments else "")
            + " are shown at the last step (or with **Show the outcome now**)."
        )


if waiting:
    _waiting()
_player()
