"""French tarot as a game state.

Phases: `auction` (each seat speaks once), `call` (5 seats: a king; 6: a king then a
queen), `discard` (prise, garde: the taker puts aside as many cards as the chien holds),
`announce` (until the first card, while a poignée or the chelem may be announced), `play`,
`over`. Actions: `garde`, `KH` (called, put aside or played), `2: poignee T21 …`, `3: chelem`."""

from __future__ import annotations

from functools import lru_cache
from itertools import cycle, filterfalse, islice

from ....notation import models as tgn
from ....notation.decks import ANNOUNCEMENT_SPELLINGS
from ...context import Context
from ...model import Outcome, TrickResult
from ...play import TrickPlay
from ...state import Fault, IllegalAction, Snapshot, State, dealt
from . import piles, rules, scoring
from .announce import check_chelem, held_faults, shape_faults
from .calls import call_fault, first_lead, found_partners
from .ecart import card_fault, forced_trumps, spare_first, trumps_of
from .rules import CONTRACTS, DECK, HAND, PASS, PETIT, SEATS

RANK = {contract: rank for rank, contract in enumerate(CONTRACTS)}
CALLS = DECK.calls[4]
"""Every spelling of a call the reader accepts → the call (the same at every seat count)."""
FACES = [c for c in DECK.order if c[:-1] in ("K", "Q", "C", "J")]
"""The cards a taker may call."""


Given = list[str] | None
"""Cards, or None when the record does not give them."""
Hands = dict[int, Given]
"""Seat → its cards (None: not given)."""


def default_variant(seats: int) -> str:
    """`fft` for 3 to 5 seats, `classic` for 6 (the only rules for 6)."""
    return "classic" if seats == 6 else "fft"


def check_seats(seats: int, variant: str) -> None:
    """Refuse (`ValueError`) a seat count or a variant the rules do not play."""
    if seats not in SEATS["classic"]:
        raise ValueError(f"french-tarot is played by 3 to 6 seats, not {seats}")
    if seats not in SEATS.get(variant, ()):
        raise ValueError(f"french-tarot {variant} is not played by {seats} seats")


def petit_sec_fault(seat: int) -> Fault:
    """Seat `seat` holds the Petit sec (fft): the deal is thrown in, nothing more is played."""
    return Fault(
        "petit-sec",
        f"seat {seat} holds the Petit sec (T1 and no other trump nor the Excuse): "
        "he shows it and the deal is thrown in",
    )


class FrenchState(State):
    """A deal of French tarot. Hands given as None are unknown (the referee's records);
    `start` and the simulator give them all."""

    game = rules.GAME

    def __init__(
        self, seats: int, dealer: int, variant: str, hands: Hands, chien: Given, tags: list[tgn.Tag]
    ) -> None:
        self.seats, self.dealer, self.variant = seats, dealer, variant
        self.order = [*range(dealer + 1, seats + 1), *range(1, dealer + 1)]  # speaking order
        self.dealt, self.chien, self.tags = hands, chien, tags  # a hand None: unknown
        self.size = rules.CHIEN[seats]  # the chien's cards, and the écart's
        self.calls: list[str] = []
        self.contract: str | None = None  # the highest bid so far
        self.taker: int | None = None
        self.called: list[str] = []
        self.ecart: list[str] | None = None  # the cards put aside so far (None: not begun)
        self.announced: list[tuple[int, str, list[str]]] = []  # (seat, word, cards shown)
        self.chelem = False  # the taker has announced a chelem (the rules allowing it)
        self.counted = 0  # the tricks whose points the steps show
        sec = (s for s, h in hands.items() if h and PETIT in h and trumps_of(h) == [PETIT])
        self.sec = next(sec, None) if variant == "fft" else None  # fft: the Petit sec's seat
        self._entered: str | None = None
        self._left: set[str] = set()
        self._outcome: Outcome | None = None
        self._shown: tuple[int, dict[str, float], bool] = (0, {}, False)  # points shown

    # --- where the deal stands ----------------------------------------------------

    @property
    def phase(self) -> str:
        if self._entered is not None:
            return self._entered
        if len(self.calls) < self.seats:
            return "auction"
        if self.contract is None:
            return "over"
        if len(self.called) < rules.CALLED[self.seats] and "call" not in self._left:
            return "call"
        if self.takes_chien and len(self.ecart or ()) < self.size and "discard" not in self._left:
            return "discard"
        if not self.begun:
            fft_chelem = self.variant == "fft" and not self.chelem
            return "announce" if fft_chelem or self.announcements() else "play"
        return "over" if self.play.over else "play"

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == "auction":
            return self.order[len(self.calls) % self.seats]
        if phase in ("call", "discard"):
            return self.taker
        return None if phase == "over" else self.playing().to_play

    @property
    def outcome(self) -> Outcome | None:
        """The scored deal once it is over (scored when first asked)."""
        if self._outcome is None and self.phase == "over":
            if self.contract is None:
                self._outcome = scoring.thrown_in(self.seats, self.speakers)
            else:  # the final count shown from now on
                self._outcome, points = scoring.score(self)
                self._shown = self.counted, points, True
        return self._outcome

    @property
    def takes_chien(self) -> bool:
        """True when the taker takes the chien and makes an écart (prise, garde)."""
        return self.contract in rules.TAKES_CHIEN and len(self.calls) >= self.seats

    @property
    def full(self) -> list[str] | None:
        """The taker's hand and the chien, what he puts aside from (None: unknown)."""
        hand = self.dealt.get(self.taker) if len(self.calls) >= self.seats else None
        return None if hand is None or self.chien is None else hand + self.chien

    @property
    def kept(self) -> list[str] | None:
        """The taker's hand and the chien less the écart so far (None: unknown)."""
        full, aside = self.full, set(self.ecart or ())
        return None if full is None else list(filterfalse(aside.__contains__, full))

    @property
    def begun(self) -> bool:
        """True once the first card is played."""
        return self.play is not None and bool(self.play.tricks or self.play.trick)

    @property
    def speakers(self) -> list[int]:
        """The seat of each call, in order."""
        return list(islice(cycle(self.order), len(self.calls)))  # round the table

    def hand_at_play(self, seat: int) -> list[str] | None:
        """`seat`'s cards at the start of play (the taker's after the écart; None: unknown)."""
        return self.playing().dealt.get(seat)

    def taker_aside(self) -> tuple[list[str], list[str]]:
        """The taker's écart (as made, else the cards nobody played once the play is over)
        and the trumps he was forced to put in it; empty when unknown."""
        if not self.takes_chien or (self.ecart is None and not (self.play and self.play.over)):
            return [], []
        full, ecart = self.put_aside()
        return ecart, forced_trumps(full, ecart, self.size)

    def put_aside(self) -> tuple[list[str], list[str]]:
        """What the taker put aside from (his cards and the chien, or when either is not
        given his cards at the start of play and the écart) and his écart (as made, else
        the cards nobody played): what `check_ecart` judges."""
        ecart, full = self.unplayed() if self.ecart is None else self.ecart, self.full
        played = self.play.dealt.get(self.taker, []) if self.play and full is None else []
        return [*played, *ecart] if full is None else full, ecart

    def unplayed(self) -> list[str]:
        """The cards nobody has played (once the play is over: the écart or the chien)."""
        played = set(self.play.played if self.play else ())
        return list(filterfalse(played.__contains__, DECK.order))

    # --- the actions ----------------------------------------------------------------

    def legal(self) -> list[str]:
        phase = self.phase
        if phase == "auction":  # a bid higher than the best, none by the Petit sec's seat
            return [bid for bid in (PASS, *CONTRACTS) if not self.check(bid)]
        if phase in ("call", "discard"):
            cards = FACES if phase == "call" else self.kept or []
            return [c for c in cards if self._card_fault(phase, c) is None]
        if phase == "announce":
            return [*self.announcements(), *self.playing().legal()]
        return self.playing().legal() if phase == "play" else []

    def check(self, action: str) -> list[Fault]:
        """What is wrong with `action` now. An action that cannot be read, or has no place
        now (a card during the auction, an announcement once the play has begun), raises
        `IllegalAction`."""
        kind, label, word, cards = read(action)
        if kind == "bid":  # a second call, a bid not above the best, the Petit sec's seat bids
            index, best = len(self.calls), self.contract
            seat = self.order[index % self.seats]
            faults = []
            if index >= self.seats:
                told = f"seat {seat} speaks a second time: in french-tarot each seat speaks once"
                faults.append(Fault("second-call", told))
            elif word != PASS and best is not None and RANK[word] <= RANK[best]:
                told = (
                    f"seat {seat} bids {word} after {best} by seat {self.taker}: "
                    "a bid must be higher than every earlier bid"
                )
                faults.append(Fault("low-bid", told))
            elif word != PASS and self.sec is not None:
                faults.append(petit_sec_fault(self.sec))
            if label is not None and label != seat:
                told = f"call {index + 1} is seat {seat}'s, not seat {label}'s"
                faults.append(Fault("out-of-turn", told))
            return faults
        if kind == "announce":
            return self.announce_faults(label, word, list(cards))
        fault = self._card_fault(self._card_phase(action), cards[0])
        return [] if fault is None else [fault]

    def perform(self, action: str) -> None:
        kind, seat, word, cards = read(action)
        if kind == "bid":  # the best bid so far takes (the Petit sec's seat: nobody does)
            index, best = len(self.calls), self.contract
            self.calls.append(word)
            speaks = index < self.seats and word != PASS and self.sec is None
            if speaks and (best is None or RANK[word] > RANK[best]):
                self.contract, self.taker = word, self.order[index % self.seats]
        elif kind == "announce":
            self.announce(seat, word, list(cards))
        else:
            phase = self._card_phase(action)
            if phase == "call":
                self.called.append(cards[0])
            elif phase == "discard":
                self.ecart = self.ecart or []  # the first card begins the écart
                self.ecart.append(cards[0])
            elif self.playing().play(cards[0]) is not None:
                self.counted += 1

    def _card_phase(self, action: str) -> str:
        """The phase a card is for now: `call`, `discard` or `play` (the play begun, or
        about to be); else `IllegalAction`."""
        phase = self._entered or self.phase  # (in a section: its phase, at once)
        if phase in ("call", "discard"):
            return phase
        if phase in ("announce", "play") or (self.play is not None and self.contract):
            return "play"
        if phase == "auction":
            raise IllegalAction(f"{action!r} before every seat has spoken: the auction goes on")
        raise IllegalAction(f"{action!r} has no place in the deal now ({phase})")

    def _card_fault(self, phase: str, card: str) -> Fault | None:
        """What is wrong with `card` called, put aside or played (by `phase`); nothing is
        judged of a hand not known (the referee judges the écart after the play)."""
        if phase == "call":
            return call_fault(card, self.called, self.dealt.get(self.taker), self.seats, self.taker)
        if phase == "discard":
            full, done = self.full, self.ecart or []
            return None if full is None else card_fault(full, [*done, card], len(done), self.taker)
        return self.playing().card_fault(card)

    def announcements(self) -> list[str]:
        """The announcements that may still be made, each seat's word alone: the taker's
        chelem (fft), then a poignée by each seat that holds one (classic: the taker only)."""
        out = [f"{self.taker}: chelem"] if self.variant == "fft" and not self.chelem else []
        shown, least = self.shown_cards(), rules.POIGNEE_SIZES[self.seats][0]
        for seat in self.order if self.variant == "fft" else [self.taker]:
            hand = self.poignee_hand(seat)
            if seat not in shown and hand is not None and len(trumps_of(hand)) >= least:
                out.append(f"{seat}: poignee")
        return out

    def poignee_hand(self, seat: int) -> list[str] | None:
        """What `seat` may show a poignée from: its hand at the start of play, with the
        trumps the taker was forced to put aside (None: unknown)."""
        hand = self.hand_at_play(seat)
        return hand if hand is None or seat != self.taker else hand + self.taker_aside()[1]

    def announce_faults(self, seat: int, word: str, shown: list[str]) -> list[Fault]:
        """What is wrong with `seat` announcing `word` (showing `shown`)."""
        if self.phase not in ("announce", "play") or self.begun:
            raise IllegalAction(
                f"seat {seat} announces {word} in the {self.phase}: announcements are made "
                "after the écart, before the first card"
            )
        if word == "chelem":
            twice = [Fault("chelem-twice", "the chelem is announced twice")] if self.chelem else []
            return check_chelem(seat, self.taker, self.variant) + twice
        if seat in self.shown_cards():
            return [Fault("poignee-twice", f"seat {seat} shows a second poignée")]
        faults = shape_faults(shown, self.seats, seat, variant=self.variant, taker=self.taker)[1]
        return faults + self.shown_faults(seat, shown)

    def shown_faults(self, seat: int, shown: list[str]) -> list[Fault]:
        """What is wrong with the cards of `seat`'s poignée against its hand at the start of
        play (once the play is over for a hand only the play tells)."""
        hand = self.hand_at_play(seat)
        if hand is None or (self.variant == "classic" and seat != self.taker):
            return []
        ecart, aside = self.taker_aside() if seat == self.taker else ([], [])
        return held_faults(shown, hand, seat, aside=aside, ecart=ecart)

    def announce(self, seat: int, word: str, shown: list[str]) -> None:
        """`seat` announces `word`, showing `shown` (performed, legal or not)."""
        if word == "chelem" and not (self.chelem or check_chelem(seat, self.taker, self.variant)):
            self.chelem = True
            if self.play is not None and not self.play.trick:
                self.play = None  # the taker leads: the play starts again from him
        self.announced.append((seat, word, shown))

    # the play

    def playing(self) -> TrickPlay:
        """The play, begun when first needed from the hands known then: the first lead in a
        called suit only with the called card, the fft slam's Excuse, who leads, where the
        cards nobody holds lie (the écart, or the chien left aside)."""
        if self.play is not None:
            return self.play
        called, takes = tuple(self.called), self.takes_chien
        kept = self.kept if self.ecart is not None else None  # no écart written: unknown
        where = "the écart" if takes else f"the chien, which nobody takes in a {self.contract}"
        self.play = TrickPlay(
            rules.FOLLOW,
            self.seats,
            self.taker if self.chelem else self.order[0],  # the eldest but for a chelem
            HAND[self.seats],
            {**self.dealt, self.taker: kept} if takes else self.dealt,
            check=first_lead(called) if called else None,
            check_until=1,
            winner=piles.excuse_wins_slam(self.taker, called) if self.variant == "fft" else None,
            winner_at=HAND[self.seats],  # the slam's last trick
            lying=dict.fromkeys((self.ecart if takes else self.chien) or (), "it is in " + where),
        )
        return self.play

    def took(self, trick: TrickResult) -> None:
        """A trick is taken: the steps show its points from now on."""
        self.counted += 1

    # --- the referee's sections -----------------------------------------------------

    def enter(self, phase: str) -> None:
        """Follow a record's section (the referee): the actions that come next belong to
        `phase` (`auction`, `call`, `discard`) whatever the counts say, until `close`. A
        section too short or too long is the referee's to report; play never needs this."""
        self._entered = phase
        if phase == "discard" and self.ecart is None:
            self.ecart = []  # a `discard` section, even empty, is the écart

    def close(self, phase: str) -> None:
        """The record's `phase` section is over (or missing): the deal moves past it."""
        self._entered = None
        self._left.add(phase)

    # --- what is shown ----------------------------------------------------------------

    def _hands(self) -> dict[int, list[str]]:
        """Each known hand now (the taker's with the chien, less the écart, once taken)."""
        if self.begun:
            return self.play.sorted_hands()
        hands = {s: list(h or []) for s, h in self.dealt.items()}
        if self.takes_chien and self.phase not in ("auction", "call") and self.full is not None:
            hands[self.taker] = self.kept
        return hands

    def snapshot(self) -> Snapshot:
        play, phase = self.play, self.phase
        if self._shown[0] != self.counted:  # the points of the tricks taken, partners known
            tricks = play.tricks[: self.counted]
            known = found_partners(tricks, self.called, self.taker)
            points = piles.count(tricks, {self.taker, *known}, total=HAND[self.seats]).points
            self._shown = self.counted, points, bool(known)
        _, points, known = self._shown
        taken = self.takes_chien and phase not in ("auction", "call")  # the chien
        unwritten = self.ecart is None and self.takes_chien and self._outcome is not None
        return Snapshot(
            hands=self._hands(),
            talon=[] if taken else list(self.chien or []),
            discard=self.unplayed() if unwritten else list(self.ecart or []),  # once scored
            taken=play.taken() if self.begun else {},
            points=points,
            declarer=self.declarer,
            partner_known=known,
        )

    @property
    def declarer(self) -> int | None:
        return None if self.phase == "auction" else self.taker

    def holding(self, seat: int) -> list[str]:
        return self._hands().get(seat, [])

    def shown_cards(self) -> dict[int, list[str]]:
        return {s: list(c) for s, w, c in self.announced if w == "poignee"}

    def open_talon(self) -> list[str]:
        return list(self.chien or []) if self.takes_chien else []

    def record(self) -> tgn.Record:
        dealt = [(str(s), h) for s, h in self.dealt.items() if h is not None]
        dealt += [("talon", self.chien)] if self.chien is not None else []
        items = self.play.written() if self.play else []
        calls = [tgn.Call(word=w) for w in self.calls]
        shown = [tgn.Announcement(seat=s, word=w, cards=tgn.Cards(c)) for s, w, c in self.announced]
        return tgn.Record(
            tags=list(self.tags),
            deal=tgn.Deal(hands=[tgn.Hand(owner=owner, cards=tgn.Cards(h)) for owner, h in dealt]),
            auction=tgn.Auction(rounds=[calls]) if calls else None,
            call=_card_list("call", self.called or None),
            discard=_card_list("discard", self.ecart),
            announce=tgn.Announcements(items=shown) if shown else None,
            play=tgn.Play(items=items) if items else None,
        )


def _card_list(keyword: str, codes: list[str] | None) -> tgn.CardList | None:
    return None if codes is None else tgn.CardList(keyword=keyword, cards=tgn.Cards(codes))


@lru_cache(maxsize=4096)
def read(action: str) -> tuple[str, int | None, str, tuple[str, ...]]:
    """(kind, seat label, word, cards) of an action as the reader spells it: a call
    (`garde sans`, `2: petite`), an announcement (`2: poignée t21 …`) or a card."""
    label, colon, rest = action.partition(":")
    seat = int(label) if colon and label.strip().isdigit() else None
    words = (rest if seat is not None else action).split() or [""]
    call = CALLS.get("-".join(words).lower())
    word = ANNOUNCEMENT_SPELLINGS.get(words[0].lower(), words[0].lower())
    if call is not None:
        return "bid", seat, call, ()
    if word in DECK.announcements and seat is not None:
        return "announce", seat, word, tuple(w.upper() for w in words[1:])
    if len(words) == 1 and seat is None and words[0].upper() in DECK.cards:
        return "card", None, "", (words[0].upper(),)
    raise IllegalAction(f"{action!r} is not an action of french-tarot")


# --- a state from a record ------------------------------------------------------------


def from_record(record: tgn.Record, ctx: Context) -> FrenchState:
    """The state after the deal of `record`, under its Variant tag (else the default for
    its seats); hands and the chien it does not give are unknown (None)."""
    hands, piles = dealt(record, ctx.seats)
    variant = ctx.tag("Variant") or default_variant(ctx.seats)
    return FrenchState(ctx.seats, ctx.dealer, variant, hands, piles.get("talon"), list(record.tags))


def start(record: tgn.Record) -> FrenchState:
    """The state right after the deal of `record` (`trunfu.engine.start` has checked that
    every hand and the chien are given); a variant not played by its seats is refused."""
    state = from_record(record, Context(record, want_steps=False))
    check_seats(state.seats, state.variant)
    return state


def actions(record: tgn.Record) -> list[tuple[int | None, str]]:
    """The record's actions (seat, spelling) in the order the rules apply them: the calls,
    the called cards, the écart (the cards that may always go first), the announcements,
    the cards played."""
    state = from_record(record, Context(record, want_steps=False))
    items = record.announce.items if record.announce else []
    sections = [
        ("auction", [c.word for c in record.calls()]),
        ("call", list(record.call.cards) if record.call else []),
        ("discard", spare_first(list(record.discard.cards) if record.discard else [])),
        ("", [*(" ".join([f"{i.seat}: {i.word}", *i.cards]) for i in items), *record.played()]),
    ]
    out: list[tuple[int | None, str]] = []
    for phase, actions in sections:  # the écart only when the taker takes the chien
        for action in actions if phase != "discard" or state.takes_chien else []:
            if phase:
                state.enter(phase)
            out.append((state.actor(action), action))
            state.perform(action)
        if phase:
            state.close(phase)
    return out
