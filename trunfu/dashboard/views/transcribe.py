"""Transcribe page: enter a deal card by card with the rules at your side. Set-up (tags),
the deal by clicking the deck, then the calls, discards, announcements and cards the rules
allow, as buttons in players' words; undo any number of steps; the TGN text grows beside,
checked as Upload checks it, to download, add to the archive or open in the Replay. With
the hands not known, what comes before the play is entered with the same kind of controls,
as the referee allows it (`trunfu.dashboard.before_play`). The work is kept in the URL (`?t=…`), so a reload or a shared link resumes it; a pasted
partial record resumes it too. The logic is `trunfu.dashboard.transcription`."""

from __future__ import annotations

import streamlit as st

from trunfu.dashboard import archive_link, sources, words
from trunfu.dashboard import before_play as sections
from trunfu.dashboard.components import cards as tiles
from trunfu.dashboard.transcription import (
    ANNOUNCEMENTS,
    SIGNALS,
    Setup,
    Transcription,
    TranscriptionError,
    call_words,
    card_words,
    choices,
    key_of,
    say,
)
from trunfu.dashboard.uploads import check_text
from trunfu.engine import IllegalAction
from trunfu.engine.cards import EXCUSE, TRUMP, rank_of, suit_of
from trunfu.notation.decks import GAMES

KEY = "transcription"
ERROR = "transcription_error"
OWNER = "transcription_owner"
TYPED = "tr_typed"
VARIANTS = {
    "fft": "FFT rules",
    "classic": "Classic rules",
    "mineo": "Mineo's rules",
    "standard": "Standard rules",
    "waite": "Waite's rules",
}
DISCARDS = {
    "french-tarot": "The écart",
    "tarocco-siciliano": "The scarto",
    "waite-tarot": "The dealer's discard",
}
# The seat count the set-up offers first: the game as it is most often played.
USUAL_SEATS = {"french-tarot": 4, "tarocco-siciliano": 4, "marafone": 4, "waite-tarot": 2}
COLOURS = {
    "french": {"H": "red", "D": "red"},
    "italian": {"D": "orange", "C": "red", "S": "blue", "B": "green"},
}
CSS = """
<style>
.st-key-tr-cards button, .st-key-tr-deck button, [class*="-deck"][class*="st-key-tr-"] button
 {min-width:2.9em;min-height:3em;font-size:1.1em;padding:0 .2em}
.st-key-tr-cards button p, .st-key-tr-deck button p,
 [class*="-deck"][class*="st-key-tr-"] button p {font-size:1.15em;font-weight:600}
.tf-turn{padding:.35em .6em;border-radius:6px;background:#fff4cc;border:1px solid #e0a100;
 font-weight:600;margin:.2em 0 .5em}
</style>
"""


def first_up(text: str) -> str:
    """The first letter in upper case, a name's others as written."""
    return text[:1].upper() + text[1:]


def face(game: str, card: str) -> str:
    """A card button's label: its rank and suit symbol, coloured as the deck is."""
    suit = suit_of(card)
    if suit == TRUMP:
        return f":violet[{rank_of(card)}]"
    if suit == EXCUSE:
        return ":orange[★]"
    style = GAMES[game].suit_style
    text = f"{rank_of(card)}{tiles.SYMBOLS[style].get(suit, suit)}"
    colour = COLOURS[style].get(suit)
    return f":{colour}[{text}]" if colour else text


def keep(t: Transcription | None) -> None:
    """The transcription in the session and its token in the URL (a reload resumes it)."""
    st.session_state[KEY] = t
    if t is None:
        st.query_params.pop("t", None)
    else:
        st.query_params["t"] = t.to_token()


def current() -> Transcription | None:
    found = st.session_state.get(KEY)
    if found is None and st.query_params.get("t"):
        try:
            found = Transcription.from_token(st.query_params["t"])
        except (TranscriptionError, IllegalAction) as error:
            st.error(f"The link's transcription cannot be resumed: {error}")
            st.query_params.pop("t", None)
            return None
        st.session_state[KEY] = found
    return found


def act(change, *args) -> None:
    """Run a change of the transcription (a button's callback); a refusal is kept to show."""
    t = st.session_state[KEY]
    try:
        change(t, *args)
    except (TranscriptionError, IllegalAction) as error:
        st.session_state[ERROR] = str(error)[:1].upper() + str(error)[1:]
        return
    st.session_state.pop(ERROR, None)
    keep(t)


# -- set-up -------------------------------------------------------------------------------


def set_up() -> None:
    st.subheader("Set-up")
    names = list(words.GAMES)
    game = st.selectbox("Game", names, format_func=words.game, key="tr_game")
    rules = GAMES[game]
    left, right = st.columns(2)
    usual = rules.seats.index(USUAL_SEATS.get(game, rules.seats[0]))
    seats = left.selectbox("Seats", rules.seats, index=usual, key=f"tr_seats_{game}")
    dealer = right.selectbox("Dealer", range(1, seats + 1), format_func=lambda s: f"seat {s}")
    options = [None, *rules.variants] if len(rules.variants) > 1 else [None]
    default = VARIANTS.get(rules.default_variant, rules.default_variant)
    variant = left.selectbox(
        "Rules",
        options,
        format_func=lambda v: f"Usual ({default})" if v is None else VARIANTS.get(v, v),
        key=f"tr_variant_{game}",
    )
    mode = right.radio(
        "Hands",
        ["deal", "play"],
        format_func=lambda m: (
            "Enter the deal, then the play" if m == "deal" else "The play only (hands not known)"
        ),
        key="tr_mode",
    )
    with st.expander("Players and the event", expanded=False):
        players = [st.text_input(f"Seat {n}", key=f"tr_p{n}") for n in range(1, seats + 1)]
        event = st.text_input("Event", key="tr_event")
        site = st.text_input("Site", key="tr_site")
        date = st.text_input("Date", placeholder="YYYY.MM.DD", key="tr_date")
        round_ = st.text_input("Round", key="tr_round")
    if st.button("Start", type="primary", key="tr_start"):
        try:
            setup = Setup(
                game=game, seats=seats, dealer=dealer, variant=variant, players=players,
                event=event, site=site, date=date, round=round_,
            )  # fmt: skip
        except TranscriptionError as error:
            st.error(str(error))
            return
        keep(Transcription(setup=setup, play_only=mode == "play"))
        st.session_state[OWNER] = "1"
        st.rerun()
    with st.expander("…or resume from a pasted record", expanded=False):
        pasted = st.text_area("A partial TGN record", height=140, key="tr_paste")
        if st.button("Resume", key="tr_resume") and pasted.strip():
            try:
                keep(Transcription.from_text(pasted))
            except (TranscriptionError, IllegalAction) as error:
                st.error(str(error))
                return
            st.rerun()


# -- the deal -----------------------------------------------------------------------------


def _give(t: Transcription, card: str) -> None:
    owner = st.session_state.get(OWNER) or next(iter(t.short()), "1")
    t.give(owner, card)
    if owner not in t.short() and t.short():  # full: on to the next owner short of cards
        owners = list(t.sizes())
        later = owners[owners.index(owner) + 1 :] + owners
        st.session_state[OWNER] = next(o for o in later if o in t.short())


def _give_typed(t: Transcription) -> None:
    """The cards typed, in their order, to the hand picked (then to the next one short of
    cards once it is full)."""
    for card in st.session_state.get(TYPED) or []:
        _give(t, card)
    st.session_state[TYPED] = []


def _fill(t: Transcription) -> None:
    t.fill()


def deal(t: Transcription) -> None:
    st.subheader("The deal")
    short = t.short()
    if not t.known:
        st.caption(
            "Give the hands you know, if any, before the auction; the referee infers the "
            "others from the play. Marafone: the hand that holds the 4 of coins (with five "
            "seats, the 5 of swords) tells who names trumps or speaks first; tarocco "
            "siciliano, when everybody passes: the hand that holds Giove (trump 20)."
        )
    owner = st.session_state.get(OWNER)
    if owner not in t.sizes():
        owner = next(iter(short), "1")
        st.session_state[OWNER] = owner
    with st.container(horizontal=True, key="tr-owners"):
        for o, n in t.sizes().items():
            have = len(t.hands.get(o, []))
            label = f"{first_up(t.owner_name(o))} · {have}/{n}"
            st.button(
                label,
                key=f"owner-{o}",
                type="primary" if o == owner else "secondary",
                on_click=lambda o=o: st.session_state.__setitem__(OWNER, o),
            )
    hand = t.hand(owner)
    st.markdown(f"**{first_up(t.owner_name(owner))}** holds {len(hand)} of {t.sizes()[owner]}:")
    if hand:
        st.html(tiles.CSS + tiles.row(t.game, hand))
        with st.popover("Take a card back"), st.container(horizontal=True):
            for card in hand:
                st.button(face(t.game, card), key=f"back-{card}", help=card_words(t.game, card),
                          on_click=act, args=(Transcription.take_back, card))  # fmt: skip
    full = len(hand) >= t.sizes()[owner]
    st.caption("Click the cards of the deck to give them to the hand picked above.")

    with st.container(horizontal=True, key="tr-deck", gap="small"):
        for card in t.left():
            st.button(
                face(t.game, card),
                key=f"deal-{card}",
                help=card_words(t.game, card),
                disabled=full,
                on_click=act,
                args=(_give, card),
            )
    st.multiselect(
        "…or type them: a code or a name, completed as you type",
        t.left(),
        format_func=lambda c: f"{c} · {card_words(t.game, c)}",
        key=TYPED,
        disabled=full and len(short) <= 1,
        placeholder="KS, T21, king of hearts…",
    )
    st.button(
        "Give the cards typed",
        key="tr-give-typed",
        disabled=not st.session_state.get(TYPED),
        on_click=act,
        args=(_give_typed,),
    )
    if len(short) == 1:
        (last,) = short
        st.button(
            f"Give the {len(t.left())} cards left to {t.owner_name(last)}",
            key="tr-fill",
            on_click=act,
            args=(_fill,),
        )


# -- the actions (hands known) -----------------------------------------------------------


def _apply(t: Transcription, action: str) -> None:
    t.apply(action)


def _announce(t: Transcription, head: str) -> None:
    picked = st.session_state.get(f"set-{key_of(head)}") or []
    if not picked:
        raise TranscriptionError("pick the cards to show first")
    t.apply(f"{head} {' '.join(picked)}")
    st.session_state[f"set-{key_of(head)}"] = []


def _undo(t: Transcription) -> None:
    t.undo(int(st.session_state.get("tr_undo_n") or 1))


def table(t: Transcription, trick: list[tuple[int, str]], taken: dict[int, int],
          points: dict[str, float]) -> None:  # fmt: skip
    if trick:
        shown = " · ".join(f"{t.seat_name(seat)}: {card_words(t.game, c)}" for seat, c in trick)
        st.html(tiles.CSS + tiles.row(t.game, [c for _, c in trick]))
        st.caption(f"On the table: {shown}")
    if taken:
        won = ", ".join(f"{t.seat_name(s)} {n}" for s, n in sorted(taken.items()) if n)
        st.caption(f"Tricks taken: {won or 'none yet'}")
    if points:
        running = ", ".join(
            f"{words.side(side, t.game)} {words.card_points(n, t.game)}"
            for side, n in points.items()
        )
        st.caption(f"Card points so far: {running}")


def play(t: Transcription) -> None:
    state = t.state()
    snapshot = state.snapshot()
    if state.over:
        outcome = state.outcome
        st.success(
            f"The deal is over: {outcome.result} ({words.contract(t.game, outcome.contract)})"
        )
        table(t, [], snapshot.taken, snapshot.points)
        return
    offered = choices(t.game, state.legal())
    seat = state.to_act
    phase = {"trump": "names trumps", "call": "calls a card", "auction": "speaks",
             "discard": "discards", "announce": "may announce", "exchange": "exchanges",
             "play": "plays"}.get(state.phase, state.phase)  # fmt: skip
    holder = seat
    playable = offered.cards or list(offered.signals)
    if playable:  # the hand the cards come from (the dealer's with the talon in the discard)
        holder = next((s for s, h in snapshot.hands.items() if playable[0] in h), seat)
    who = t.seat_name(seat if seat is not None else holder)
    st.html(f'<div class="tf-turn">{first_up(who)} {phase}</div>'
            if seat is not None else '<div class="tf-turn">Announcements, or the lead</div>')  # fmt: skip
    table(t, snapshot.trick, snapshot.taken, snapshot.points)
    if offered.buttons and state.phase != "play":
        calls(t, offered.buttons)
    for head in offered.sets:
        owner = int(head.split(":")[0])
        word = head.split()[1]
        with st.expander(say(t, head) + ": pick the cards to show"):
            st.multiselect(
                "Cards shown", snapshot.hands.get(owner, []), key=f"set-{key_of(head)}",
                format_func=lambda c: card_words(t.game, c),
            )  # fmt: skip
            st.button(f"Announce {word}", key=f"announce-{key_of(head)}", on_click=act,
                      args=(_announce, head))  # fmt: skip
    if holder is not None and (playable or state.phase == "play"):
        hand = GAMES[t.game].sort(list({*snapshot.hands.get(holder, []), *playable}))
        signal = None
        if offered.signals:
            signal = st.segmented_control(
                "Signal with the lead", list(SIGNALS), format_func=lambda s: SIGNALS[s],
                key="tr_signal",
            )  # fmt: skip
        st.caption(
            f"{first_up(t.seat_name(holder))}'s cards (the ones the rules allow are enabled)"
        )
        with st.container(horizontal=True, key="tr-cards", gap="small"):
            for card in hand:
                action = (
                    f"{card} {signal}"
                    if signal and signal in offered.signals.get(card, [])
                    else card
                )
                allowed = card in offered.cards or card in offered.signals
                st.button(face(t.game, card), key=f"play-{card}", help=card_words(t.game, card),
                          disabled=not allowed, on_click=act, args=(_apply, action))  # fmt: skip
    if offered.buttons and state.phase == "play":  # a claim: after the cards
        calls(t, offered.buttons)


def calls(t: Transcription, actions: list[str]) -> None:
    """The actions that are no card, each a button in players' words."""
    with st.container(horizontal=True, key="tr-calls"):
        for action in actions:
            st.button(
                say(t, action), key=f"do-{key_of(action)}", on_click=act, args=(_apply, action)
            )


def _enter(t: Transcription, item: str) -> None:
    t.enter(item)


def _show(t: Transcription) -> None:
    """The announcement that shows cards, as picked: its seat, word and cards."""
    seat, word = st.session_state.get("bp_show_seat"), st.session_state.get("bp_show_word")
    picked = st.session_state.get("bp_show_cards") or []
    if seat is None or word is None or not picked:
        raise TranscriptionError("pick the seat, the announcement and the cards shown first")
    t.enter(f"announce {seat}: {word} {' '.join(GAMES[t.game].sort(list(picked)))}")
    st.session_state["bp_show_cards"] = []


def _before(t: Transcription, text: str) -> None:
    t.set_before_play(text)


def _item_button(t: Transcription, item: str, label: str | None = None) -> None:
    """A button entering `item` (an item before the play), in players' words."""
    body = sections.body_of(item)
    st.button(
        label or say(t, body),
        key=f"bp-{key_of(item)}",
        help=card_words(t.game, body) if body in GAMES[t.game].cards else None,
        on_click=act,
        args=(_enter, item),
    )


def _card_buttons(t: Transcription, section: str, allowed: list[str], shown: list[str]) -> None:
    """The cards `shown` as buttons on the deck picture, those `allowed` enabled: a click
    enters the card in `section`."""
    with st.container(horizontal=True, key=f"tr-{section}-deck", gap="small"):
        for card in shown:
            st.button(face(t.game, card), key=f"bp-{section}-{key_of(card)}",
                      help=card_words(t.game, card), disabled=card not in allowed,
                      on_click=act, args=(_enter, f"{section} {card}"))  # fmt: skip


def before_the_play(t: Transcription, offer: sections.Offer) -> None:
    """The auction, the called card, trumps, the discard, the exchanges and the
    announcements of a transcription of the play only, each as the referee allows it."""
    game, deck = t.game, GAMES[t.game]
    if offer.calls or offer.card_calls:
        first = (offer.calls or [f"auction {w} {c[0]}" for w, c in offer.card_calls.items()])[0]
        seat = t.speaker(sections.body_of(first))
        who = first_up(t.seat_name(seat)) if seat else "The next seat"
        st.html(f'<div class="tf-turn">{who} speaks</div>')
        with st.container(horizontal=True, key="tr-calls"):
            for item in offer.calls:
                _item_button(t, item)
        for word, cards in offer.card_calls.items():
            title = f"{call_words(game, word)}: the trump called"
            with (
                st.expander(title, expanded=True),
                st.container(horizontal=True, key=f"tr-{key_of(word)}-deck", gap="small"),
            ):
                for card in cards:
                    _item_button(t, f"auction {word} {card}", face(game, card))
    if offer.called:
        st.html('<div class="tf-turn">The card called</div>')
        _card_buttons(t, "call", offer.called, offer.called)
    if offer.trumps:
        st.html('<div class="tf-turn">Trumps named</div>')
        with st.container(horizontal=True, key="tr-trumps"):
            for suit in offer.trumps:
                _item_button(t, f"trump {suit}")
    if offer.discard is not None or 0 < offer.discarded < offer.discard_size:
        word = DISCARDS.get(game, "The discard")
        laid = sections.used(tuple(t.before), "discard")
        title = f"{word}: {offer.discarded} of {offer.discard_size} cards"
        title += " (if you know it)" if not laid and offer.play else ""
        with st.expander(title, expanded=bool(laid) or not offer.play):
            if laid:
                st.html(tiles.CSS + tiles.row(game, deck.sort(laid)))
            if not laid and offer.play:
                st.caption("Not known? Go on to the play: the referee takes the cards "
                           "nobody played.")  # fmt: skip
            fresh = [c for c in deck.order if c not in laid]
            _card_buttons(t, "discard", offer.discard or [], fresh)
    if offer.exchanges:
        pairs: dict[str, list[str]] = {}
        for item in offer.exchanges:
            pair, _, card = sections.body_of(item).partition(": ")
            pairs.setdefault(pair, []).append(card)
        for pair, cards in pairs.items():
            giver, _, receiver = pair.partition(">")
            st.caption(f"{first_up(t.seat_name(int(giver)))} gives "
                       f"{t.seat_name(int(receiver))}:")  # fmt: skip
            deck_key = f"tr-give-{giver}-{receiver}-deck"
            with st.container(horizontal=True, key=deck_key, gap="small"):
                for card in cards:
                    _item_button(t, f"exchange {pair}: {card}", face(game, card))
    if offer.announce:
        with st.container(horizontal=True, key="tr-announce"):
            for item in offer.announce:
                _item_button(t, item)
    if offer.shows:
        with st.expander("Announce cards shown (" + ", ".join(
                ANNOUNCEMENTS.get(w, w) for w in offer.shows) + ")"):  # fmt: skip
            st.segmented_control("Seat", list(range(1, t.setup.seats + 1)),
                                 format_func=lambda s: first_up(t.seat_name(s)),
                                 key="bp_show_seat")  # fmt: skip
            st.segmented_control("Announcement", offer.shows, key="bp_show_word",
                                 format_func=lambda w: first_up(ANNOUNCEMENTS.get(w, w)))  # fmt: skip
            st.multiselect("Cards shown", list(deck.order), key="bp_show_cards",
                           format_func=lambda c: card_words(game, c))  # fmt: skip
            st.button("Announce", key="bp-show", on_click=act, args=(_show,))


def play_only(t: Transcription) -> None:
    offer = t.offer() if not t.cards else None
    if offer is not None and (offer.before or t.before):
        st.subheader("Before the play")
        before_the_play(t, offer)
        with st.expander("…or type it as TGN (the auction, the discard, trumps…)"):
            st.text_area(
                "Before the play, as TGN", value=t.before_play, height=100, key="tr_before",
                on_change=lambda: act(_before, st.session_state["tr_before"]),
            )  # fmt: skip
    waiting = offer is not None and not offer.play
    outcome = t.check().outcome if t.cards or waiting else None
    if outcome is not None:  # played out, or thrown in before the play
        contract = words.contract(t.game, outcome.contract)
        st.success(f"The deal is over: {outcome.result} ({contract})")
        return
    if waiting:
        if offer.why and not offer.before:
            st.warning(first_up(offer.why))
            if not t.hands:
                st.caption("The hands you know go under “Hands known (optional)”, above.")
        elif offer.why and offer.discarded:
            st.caption(first_up(offer.why))
        return
    st.subheader("The play")
    try:
        seat = t.to_play()
    except TranscriptionError as error:
        st.error(str(error))
        return
    if seat is not None:
        st.html(f'<div class="tf-turn">{first_up(t.seat_name(seat))} plays</div>')
    signal = None
    if t.game == "marafone" and len(t.cards) % t.setup.seats == 0:
        signal = st.segmented_control(
            "Signal with the lead", list(SIGNALS), format_func=lambda s: SIGNALS[s], key="tr_signal"
        )
    st.caption("Any card not played yet may be entered; the referee checks it against the play.")
    with st.container(horizontal=True, key="tr-cards", gap="small"):
        for card in t.unplayed():
            st.button(face(t.game, card), key=f"play-{card}", help=card_words(t.game, card),
                      on_click=act, args=(Transcription.play, card, signal))  # fmt: skip


# -- the text -----------------------------------------------------------------------------


def _comment(t: Transcription) -> None:
    t.comment = st.session_state.get("tr_comment", "")


def _keep(notes: dict[int, str], count: int, key: str) -> None:
    """The comment typed in the box `key` kept on the last of `count` items (a call, a
    card); an empty box takes it away."""
    note = st.session_state.get(key, "")
    if count and note.strip():
        notes[count - 1] = note
    elif count:
        notes.pop(count - 1, None)


def _note(t: Transcription) -> None:
    _keep(t.notes, t.played_count(), "tr_note")


def _call_note(t: Transcription) -> None:
    _keep(t.call_notes, t.calls_count(), "tr_call_note")


def side_panel(t: Transcription) -> None:
    st.subheader("The record")
    try:
        text = t.text()
    except TranscriptionError as error:
        st.error(str(error))
        return
    st.code(text, language=None)
    report = check_text("transcription", text)
    checked = report.records[0] if report.records else None
    if checked is not None and checked.valid:
        result = checked.verdict.result or "*"
        st.success(f"Valid so far (Result {result})")
    elif checked is not None:
        over = t.check().outcome is not None
        if not over:
            st.caption("As Upload would judge the record as it stands (an unfinished step):")
        for problem in checked.problems:
            d = problem.diagnostic
            # the play only: before its first card, the items are what the referee allowed
            late = over or (not t.known and bool(t.cards) and d.code not in sections.UNFINISHED)
            tell = st.error if late else st.warning
            tell(f"line {d.line}, column {d.column}: {d.message}")
    st.text_area("Comment on the deal", value=t.comment, key="tr_comment", on_change=act,
                 args=(_comment,))  # fmt: skip
    played = t.played_count()
    spoken = t.calls_count() if not played else 0
    if played:
        st.text_input("Comment on the last card played", value=t.notes.get(played - 1, ""),
                      key="tr_note", on_change=act, args=(_note,))  # fmt: skip
    elif spoken:
        st.text_input("Comment on the last call", value=t.call_notes.get(spoken - 1, ""),
                      key="tr_call_note", on_change=act, args=(_call_note,))  # fmt: skip
    st.download_button("Download", text, file_name="transcription.tgn", mime="text/plain")
    if checked is not None and checked.valid:
        if st.button("Open in the Replay", key="tr-replay"):
            ref = sources.remember_upload(st.session_state, text)
            st.switch_page("views/replay.py", query_params={"record": ref})
        if t.check().outcome is not None:
            archive_link.add_button(report.valid)


# -- the page -----------------------------------------------------------------------------

st.title("Transcribe")
st.html(CSS)
t = current()
if t is None:
    st.caption(
        "Enter a deal card by card: set it up, click the cards of each hand, then the calls "
        "and cards the rules allow. The TGN text grows beside; the work is kept in the URL."
    )
    set_up()
    st.stop()

main, side = st.columns([3, 2])
with main:
    s = t.setup
    st.caption(
        f"{words.game(s.game)}, {s.seats} seats, seat {s.dealer} deals"
        + (f", {VARIANTS.get(s.variant, s.variant)}" if s.variant else "")
        + (f" · {s.event}" if s.event else "")
    )
    if st.session_state.get(ERROR):
        st.error(st.session_state[ERROR])
    steps = len(t.actions) if t.known else len(t.cards) + len(t.before)
    with st.container(horizontal=True, key="tr-undo"):
        st.number_input("Steps to undo", min_value=1, value=1, key="tr_undo_n",
                        label_visibility="collapsed", width=110,
                        help="How many steps Undo takes back")  # fmt: skip
        st.button("Undo", key="tr-undo-button", disabled=not steps, on_click=act, args=(_undo,))
        if st.button("New transcription", key="tr-new"):
            keep(None)
            st.session_state.pop(ERROR, None)
            st.rerun()
    if t.known and not t.dealt:
        deal(t)
    elif t.known:
        play(t)
    else:
        if t.hands or not t.cards:
            with st.expander("Hands known (optional)", expanded=False):
                if t.cards:
                    st.caption("The hands are closed once a card is played.")
                    for o in t.sizes():
                        if t.hands.get(o):
                            st.html(tiles.CSS + tiles.row(t.game, t.hand(o)))
                else:
                    deal(t)
        play_only(t)
with side:
    side_panel(t)
