"""French tarot as a game state: the auction, the call, the écart card by card, the
announcements and the play, each action judged by the module that holds its rule.

Phases: `auction` (each seat speaks once), `call` (5 seats: a king; 6: a king then a
queen), `discard` (prise, garde: the taker has taken the chien and puts aside as many cards,
the cards that may always go first, then trumps only when nothing else can), `announce`
(before the first card, while a poignée or the chelem may still be announced: the leader's
first card ends it), `play`, `over`. Actions: `garde`, `KH` (called, put aside or played,
by phase), `2: poignee T21 T20 …`, `3: chelem`."""

from __future__ import annotations

from functools import cached_property

from ....notation.decks import ANNOUNCEMENT_SPELLINGS
from ....notation.models import (
    Announcement,
    Announcements,
    Auction,
    Call,
    Card,
    CardList,
    Deal,
    Hand,
    Play,
    PlayedCard,
    Record,
    Tag,
    Trick,
)
from ...context import Context
from ...model import Outcome, TrickResult
from ...play import PlaySetup, TrickPlay
from ...state import Fault as Told
from ...state import IllegalAction, Snapshot, State, View
from . import piles, scoring
from .announce import check_chelem, check_poignee, held_faults, shape_faults
from .auction import Fault, bid_fault, petit_sec, petit_sec_fault, speaker
from .calls import call_fault
from .ecart import card_fault, forced_trumps, is_trump, spare_first
from .rules import (
    ASIDE,
    CONTRACTS,
    DECK,
    EXCUSE,
    FOLLOW,
    GAME,
    PASS,
    POIGNEE_SIZES,
    TAKES_CHIEN,
    called_cards,
    chien_size,
    hand_size,
)
from .scoring import Tally, score
from .trick_rules import excuse_wins_slam, first_lead, found_partners, sides

RANK = {contract: rank for rank, contract in enumerate(CONTRACTS)}
CALLS = DECK.calls[4]
"""Every spelling of a call the reader accepts → the call (the same at every seat count)."""


def default_variant(seats: int) -> str:
    """`fft` for 3 to 5 seats, `classic` for 6 (the only rules for 6)."""
    return "classic" if seats == 6 else "fft"


class FrenchState(State):
    """A deal of French tarot. Hands given as None are unknown (the referee's records);
    `start` and the simulator give them all."""

    game = GAME

    def __init__(
        self,
        seats: int,
        dealer: int,
        variant: str,
        hands: dict[int, list[str] | None],
        chien: list[str] | None,
        tags: list[Tag],
    ) -> None:
        self.seats, self.dealer, self.variant = seats, dealer, variant
        self.eldest = dealer % seats + 1
        self.dealt = hands
        """Each seat's hand as dealt (None: unknown)."""
        self.chien = chien
        self.tags = tags
        self.calls: list[str] = []
        self.contract: str | None = None
        """The highest bid so far (the contract once every seat has spoken)."""
        self.taker: int | None = None
        self.called: list[str] = []
        self.ecart: list[str] | None = None
        """The cards put aside so far (None: no écart begun)."""
        self.announced: list[tuple[int, str, list[str]]] = []
        """Every announcement (seat, word, cards shown), in order."""
        self.chelem = False
        """True once the taker has announced a chelem (the rules allowing it)."""
        self.counted = 0
        """The tricks whose points the steps show (the referee counts each once it is taken)."""
        self.sec: int | None = None
        """fft: the first seat holding the Petit sec, which throws the deal in."""
        if variant == "fft":
            self.sec = next((s for s, h in hands.items() if h is not None and petit_sec(h)), None)
        self._to_call = called_cards(seats)
        self.full: list[str] | None = None
        """The taker's hand and the chien, which he puts aside from, once every seat has
        spoken (None: not yet, or one is unknown)."""
        self._entered: str | None = None
        self._laid: list[str] | None = None
        self._left: set[str] = set()
        self._outcome: Outcome | None = None
        self._points: dict[str, float] | None = None
        """The card points the steps show once the deal is scored (the cards put aside
        counted)."""

    # --- where the deal stands ----------------------------------------------------

    @property
    def phase(self) -> str:
        if self._entered is not None:
            return self._entered
        if len(self.calls) < self.seats:
            return "auction"
        if self.contract is None:
            return "over"
        if len(self.called) < self._to_call and "call" not in self._left:
            return "call"
        if self.takes_chien and len(self.ecart or ()) < self.size and "discard" not in self._left:
            return "discard"
        play = self.play
        if play is None or not (play.tricks or play.trick):
            return "announce" if self._may_announce() else "play"
        return "over" if play.over else "play"

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == "auction":
            return speaker(len(self.calls), self.eldest, self.seats)
        if phase in ("call", "discard"):
            return self.taker
        if phase == "over":
            return None
        return self.playing().to_play

    @property
    def outcome(self) -> Outcome | None:
        """The scored deal once it is over (scored when first asked: the referee asks only
        for a deal played by the rules)."""
        if self._outcome is None and self.phase == "over":
            if self.contract is None:
                self._outcome = scoring.thrown_in(self.seats, self.speakers)
            else:
                self._score()
        return self._outcome

    @property
    def takes_chien(self) -> bool:
        """True when the taker takes the chien and makes an écart (prise, garde)."""
        return self.contract in TAKES_CHIEN and len(self.calls) >= self.seats

    @cached_property
    def size(self) -> int:
        """Cards in the chien (and in the écart)."""
        return chien_size(self.seats)

    @property
    def speakers(self) -> list[int]:
        """The seat of each call, in order."""
        return [speaker(i, self.eldest, self.seats) for i in range(len(self.calls))]

    def hand_at_play(self, seat: int) -> list[str] | None:
        """`seat`'s cards at the start of play (the taker's after the écart): as the play
        has them once it began (inferred, in a record that does not give them), else as
        dealt; None when unknown."""
        if self.play is not None:
            return self.play.dealt.get(seat)
        return self.play_hands().get(seat)

    def play_hands(self) -> dict[int, list[str] | None]:
        """Each seat's cards at the start of play (None: unknown): the taker's after the
        écart, unknown when the écart or what it is made from is."""
        hands = dict(self.dealt)
        if self.takes_chien:
            full = self.full
            ecart = self.ecart
            hands[self.taker] = (
                None if full is None or ecart is None else [c for c in full if c not in ecart]
            )
        return hands

    def taker_aside(self) -> tuple[list[str], list[str]]:
        """The taker's écart (as made, else the cards nobody played once the play is
        over) and the trumps in it he was forced to put aside; empty when there is none or
        it is unknown."""
        if not self.takes_chien:
            return [], []
        ecart = self.ecart
        play = self.play
        if ecart is None:
            if play is None or not play.over:
                return [], []
            ecart = self.unplayed()
        full = self.full
        if full is None:
            full = (play.dealt.get(self.taker, []) if play else []) + ecart
        return ecart, forced_trumps(full, ecart, self.size)

    def unplayed(self) -> list[str]:
        """The cards nobody has played (once the play is over: the écart or the chien)."""
        played = {c for t in self.play.tricks for _, c in t.cards} if self.play else set()
        return [c for c in DECK.order if c not in played]

    # --- the actions ----------------------------------------------------------------

    def legal(self) -> list[str]:
        phase = self.phase
        if phase == "auction":
            if self.sec is not None:
                return [PASS]
            best = CONTRACTS.index(self.contract) + 1 if self.contract else 0
            return [PASS, *CONTRACTS[best:]]
        if phase == "call":
            cards = [c for c in DECK.order if c[:-1] in ("K", "Q", "C", "J")]
            return [c for c in cards if self._call_fault(c) is None]
        if phase == "discard":
            full = self.full or []
            ecart = self.ecart or []
            left = [c for c in full if c not in ecart]
            return [c for c in left if self._discard_fault(c) is None]
        if phase == "announce":
            return [*self._announcements(), *self.playing().legal()]
        if phase == "play":
            return self.playing().legal()
        return []

    def check(self, action: str) -> list[Told]:
        """What is wrong with `action` now (`faults`, told as the referee tells them)."""
        return [Told(f.code, f.message) for f in self.faults(action)]

    def faults(self, action: str) -> list[Fault]:
        """What is wrong with `action` now, each fault with the card of the action it is
        about (`Fault.index`, -1: the action itself). An action that cannot be read, or has
        no place now (a card during the auction, an announcement once the play has begun),
        raises `IllegalAction`."""
        kind, seat, word, cards = read(action)
        if kind == "bid":
            return self._bid_faults(word, seat)
        if kind == "announce":
            return self._announce_faults(seat, word, list(cards))
        card = cards[0]
        phase = self.phase
        if phase == "call":
            return _listed(self._call_fault(card))
        if phase == "discard":
            return _listed(self._discard_fault(card))
        if not self._plays(phase):
            raise _no_place(action, phase)
        play = self.playing()
        told = play.fault(card)
        if told is None:
            return []
        if play.over:
            return [Fault(-1, "too-many-tricks", told)]
        if card not in (play.hands[play.to_play] or ()):
            return [Fault(-1, "card-not-held", told)]
        return [Fault(-1, "illegal-card", told)]

    def perform(self, action: str) -> None:
        kind, seat, word, cards = read(action)
        if kind == "bid":
            self._bid(word)
            return
        if kind == "announce":
            self._announce(seat, word, list(cards))
            return
        phase = self.phase
        if phase == "call":
            self.called.append(cards[0])
        elif phase == "discard":
            if self.ecart is None:
                self.ecart = []
            self.ecart.append(cards[0])
        elif self._plays(phase):
            self._play_card(cards[0])
        else:
            raise _no_place(action, phase)

    def _plays(self, phase: str) -> bool:
        """True when a card now (in `phase`) is a card played (the play begun, or about to
        be)."""
        return phase in ("announce", "play") or (self.play is not None and bool(self.contract))

    # the auction

    def _bid_faults(self, word: str, label: int | None) -> list[Fault]:
        index = len(self.calls)
        seat = (self.eldest - 1 + index) % self.seats + 1  # `speaker`
        fault = bid_fault(word, index, seat, self.seats, self.contract, self.taker)
        if fault is None and (self.sec is None or word == PASS) and label is None:
            return []  # the common case
        faults = _listed(fault)
        if fault is None and self.sec is not None and word != PASS:
            faults.append(petit_sec_fault(self.sec))
        if label is not None and label != seat:
            faults.append(
                Fault(-1, "out-of-turn", f"call {index + 1} is seat {seat}'s, not seat {label}'s")
            )
        return faults

    def _bid(self, word: str) -> None:
        calls, contract = self.calls, self.contract
        index = len(calls)
        calls.append(word)
        if index >= self.seats or word == PASS or self.sec is not None:
            pass
        elif contract is None or RANK[word] > RANK[contract]:
            self.contract, self.taker = word, speaker(index, self.eldest, self.seats)
        if index + 1 == self.seats and self.taker is not None:
            hand = self.dealt.get(self.taker)
            if hand is not None and self.chien is not None:
                self.full = hand + self.chien

    # the call and the écart

    def _call_fault(self, card: str) -> Fault | None:
        hand = self.dealt.get(self.taker) if self.taker else None
        return call_fault(card, self.called, hand, self.seats, self.taker)

    def _discard_fault(self, card: str) -> Fault | None:
        full = self.full
        if full is None:
            return None  # what the écart is made from is not known: judged after the play
        done = self.ecart or []
        laid = self._laid
        if laid is not None and len(done) < len(laid) and laid[len(done)] == card:
            return card_fault(full, laid, len(done), self.taker)
        return card_fault(full, [*done, card], len(done), self.taker)

    # the announcements

    def _may_announce(self) -> bool:
        """True while an announcement may still be made (fft: the chelem, until made)."""
        return (self.variant == "fft" and not self.chelem) or bool(self._announcements())

    def _announcements(self) -> list[str]:
        """The announcements that may still be made (each seat's word alone)."""
        out = []
        if self.variant == "fft" and not self.chelem:
            out.append(f"{self.taker}: chelem")
        shown = {s for s, w, _ in self.announced if w == "poignee"}
        least = POIGNEE_SIZES[self.seats][0]
        for seat in self.announcers():
            hand = self.hand_at_play(seat)
            if seat in shown or hand is None:
                continue
            aside = self.taker_aside()[1] if seat == self.taker else []
            if sum(is_trump(c) or c == EXCUSE for c in [*hand, *aside]) >= least:
                out.append(f"{seat}: poignee")
        return out

    def announcers(self) -> list[int]:
        """The seats that may show a poignée, in speaking order: every seat (fft), the taker
        alone (classic)."""
        if self.variant != "fft":
            return [self.taker]
        return [speaker(n, self.eldest, self.seats) for n in range(self.seats)]

    def _announce_faults(self, seat: int, word: str, shown: list[str]) -> list[Fault]:
        play = self.play
        if self.phase not in ("announce", "play") or (play and (play.tricks or play.trick)):
            raise IllegalAction(
                f"seat {seat} announces {word} in the {self.phase}: announcements are made "
                "after the écart, before the first card"
            )
        if word == "chelem":
            faults = check_chelem(seat, self.taker, self.variant)
            if self.chelem:
                faults.append(Fault(-1, "chelem-twice", "the chelem is announced twice"))
            return faults
        if any(s == seat and w == "poignee" for s, w, _ in self.announced):
            return [Fault(-1, "poignee-twice", f"seat {seat} shows a second poignée")]
        hand = self.hand_at_play(seat)
        ecart, aside = self.taker_aside() if seat == self.taker and hand is not None else ([], [])
        return check_poignee(
            shown,
            hand,
            self.seats,
            seat,
            variant=self.variant,
            taker=self.taker,
            aside=aside,
            ecart=ecart,
        )[1]

    def shown_faults(self, seat: int, shown: list[str]) -> list[Fault]:
        """What is wrong with the cards of `seat`'s poignée against its hand at the start of
        play, once the play gives that hand (a record that does not: the referee judges
        them after the play)."""
        hand = self.hand_at_play(seat)
        if hand is None or (self.variant == "classic" and seat != self.taker):
            return []
        ecart, aside = self.taker_aside() if seat == self.taker else ([], [])
        return held_faults(shown, hand, seat, aside=aside, ecart=ecart)

    def _announce(self, seat: int, word: str, shown: list[str]) -> None:
        if (
            word == "chelem"
            and not self.chelem
            and not check_chelem(seat, self.taker, self.variant)
        ):
            self.chelem = True
            if self.play is not None and not self.play.trick:
                self.play = None  # the taker leads: the play starts again from him
        self.announced.append((seat, word, shown))

    # the play

    def setup(self) -> PlaySetup:
        """How the play goes (the referee's and the state's): the first lead in a called
        suit only with the called card, the fft slam's Excuse, who leads."""
        elsewhere: dict[str, str] = {}
        if self.takes_chien:
            elsewhere = dict.fromkeys(self.ecart or (), "it is in the écart")
        else:
            where = f"it is in the chien, which nobody takes in a {self.contract}"
            elsewhere = dict.fromkeys(self.chien or (), where)
        return PlaySetup(
            rules=FOLLOW,
            leader=self.taker if self.chelem else self.eldest,
            tricks=hand_size(self.seats),
            hands=self.play_hands(),
            elsewhere=elsewhere,
            check=first_lead(tuple(self.called)) if self.called else None,
            check_until=1,
            on_trick=self._count,
            winner=excuse_wins_slam(self.taker, tuple(self.called))
            if self.variant == "fft"
            else None,
            winner_at=hand_size(self.seats),  # the slam's last trick
            on_start=self._adopt,
        )

    def _adopt(self, play: TrickPlay) -> None:
        self.play = play

    def playing(self) -> TrickPlay:
        """The play (begun when first needed)."""
        if self.play is None:
            setup = self.setup()
            self.play = setup.start(self.seats, setup.hands)
        return self.play

    def _count(self, trick: TrickResult) -> None:
        """A trick is taken: the steps show its points from now on."""
        self.counted += 1

    def _play_card(self, card: str) -> None:
        play = self.playing()
        if play.play(card) is not None:
            self.counted += 1

    def _score(self) -> None:
        """Score the deal, its play over: sides, card points, bonuses, each seat's score."""
        play = self.play
        tricks = play.tricks
        taker, seats = self.taker, self.seats
        side_partners = found_partners(tricks, self.called, self.taker)
        side = sides(taker, side_partners)
        counted = piles.count(
            tricks,
            side,
            total=hand_size(seats),
            aside=self.unplayed(),
            aside_side=ASIDE[self.contract],
        )
        poignees = []
        for seat, word, shown in self.announced:
            if word == "poignee":
                level, _ = shape_faults(shown, seats, seat, variant=self.variant, taker=taker)
                poignees += [(seat, level)] if level is not None else []
        tally = Tally(
            variant=self.variant,
            seats=seats,
            contract=self.contract,
            taker=taker,
            partners=side_partners,
            points=counted.points["taker"],
            oudlers=counted.oudlers["taker"],
            petit_au_bout=piles.petit_au_bout(tricks, side, slam_rule=self.variant == "fft"),
            poignees=poignees,
            chelem_announced=self.chelem,
            taker_all_tricks=counted.tricks["defence"] == 0,
            defence_all_tricks=counted.tricks["taker"] == 0,
        )
        self._outcome = scoring.outcome(
            tally, score(tally), speakers=self.speakers, called=self.called
        )
        self._points = counted.points

    # --- the referee's sections -----------------------------------------------------

    def enter(self, phase: str, laid: list[str] | None = None) -> None:
        """Follow a record's section (the referee): the actions that come next belong to
        `phase` (`auction`, `call`, `discard`) whatever the counts say, until `close`. A
        section too short or too long is the referee's to report; play never needs this.
        `laid`: the écart as the record lays it down at once, judged as a whole (a trump
        is refused while a card that could go instead is not in it), whatever the order
        of its cards; made card by card, it is judged as it comes (`legal`)."""
        self._entered = phase
        if phase == "discard":
            self._laid = laid
            if self.ecart is None:
                self.ecart = []  # a `discard` section, even empty, is the écart

    def close(self, phase: str) -> None:
        """The record's `phase` section is over (or missing): the deal moves past it."""
        self._entered = self._laid = None
        self._left.add(phase)

    # --- what is shown ----------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        play = self.play
        playing = play is not None and bool(play.tricks or play.trick)
        phase = self.phase
        chien_taken = self.takes_chien and phase not in ("auction", "call")
        talon = [] if chien_taken else list(self.chien or [])
        ecart = self.ecart
        if ecart is None and self.takes_chien and self._outcome is not None:
            ecart = self.unplayed()
        if playing:
            hands = {s: DECK.sort(play.hand(s)) for s, h in play.hands.items() if h is not None}
        else:
            hands = {s: list(h or []) for s, h in self.dealt.items()}
            full = self.full
            if chien_taken and full is not None:
                hands[self.taker] = [c for c in full if c not in (ecart or ())]
        points, known = self._shown_points()
        return Snapshot(
            hands=hands,
            talon=talon,
            discard=list(ecart or []),
            trick=[],
            taken=play.taken() if playing else {},
            points=points,
            declarer=self.taker if phase != "auction" else None,
            partner_known=known,
        )

    def _shown_points(self) -> tuple[dict[str, float], bool]:
        """The card points of the tricks taken so far, the taker's partners counted with
        him once known, and whether one is known; the final count once scored."""
        if self._points is not None:
            return dict(self._points), True
        if not self.counted:
            return {}, False
        tricks = self.play.tricks[: self.counted]
        known = found_partners(tricks, self.called, self.taker)
        side = sides(self.taker, known)
        total = hand_size(self.seats)
        return piles.count(tricks, side, total=total, aside=[], aside_side=None).points, bool(known)

    def view(self, seat: int) -> View:
        play = self.play
        playing = play is not None and bool(play.tricks or play.trick)
        if playing:
            hand = play.hand(seat) or []
        elif seat == self.taker and self.takes_chien and self.phase not in ("auction", "call"):
            hand = [c for c in self.full or [] if c not in (self.ecart or ())]
        else:
            hand = list(self.dealt.get(seat) or [])
        played = [c for t in play.tricks for _, c in t.cards] if play else []
        mine = [a for a in self.legal() if _actor(a, self.to_act) == seat]
        return View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            hand=hand,
            trick=play.table if play else [],
            played=[*played, *(play.trick if play else [])],
            shown={s: list(c) for s, w, c in self.announced if w == "poignee"},
            talon=list(self.chien or []) if self.takes_chien else [],
            taken=play.taken() if play else {},
            declarer=self.taker if len(self.calls) >= self.seats else None,
            legal=mine,
        )

    def record(self) -> Record:
        hands = [
            Hand(owner=str(s), cards=[Card(c) for c in h])
            for s, h in self.dealt.items()
            if h is not None
        ]
        if self.chien is not None:
            hands.append(Hand(owner="talon", cards=[Card(c) for c in self.chien]))
        play = self.play
        tricks = [*(t.cards for t in play.tricks), play.table] if play else []
        items = [Trick(cards=[PlayedCard(c) for _, c in cards]) for cards in tricks if cards]
        return Record(
            tags=list(self.tags),
            deal=Deal(hands=hands),
            auction=Auction(rounds=[[Call(word=w) for w in self.calls]]) if self.calls else None,
            call=CardList(keyword="call", cards=[Card(c) for c in self.called])
            if self.called
            else None,
            discard=CardList(keyword="discard", cards=[Card(c) for c in self.ecart])
            if self.ecart is not None
            else None,
            announce=Announcements(
                items=[
                    Announcement(seat=s, word=w, cards=[Card(c) for c in cards])
                    for s, w, cards in self.announced
                ]
            )
            if self.announced
            else None,
            play=Play(items=items) if items else None,
        )


Read = tuple[str, int | None, str, tuple[str, ...]]
_READ: dict[str, Read] = {}
"""The calls and cards read so far (a few hundred spellings at most)."""


def read(action: str) -> Read:
    """(kind, seat label, word, cards) of an action as the reader spells it: a call
    (`garde sans`, `2: petite`), an announcement (`2: poignée t21 …`) or a card."""
    found = _READ.get(action)
    if found is None:
        found = _read(action)
        if found[0] != "announce":
            _READ[action] = found
    return found


def _read(action: str) -> Read:
    label, colon, rest = action.partition(":")
    seat = int(label) if colon and label.strip().isdigit() else None
    words = (rest if seat is not None else action).split()
    if words:
        call = CALLS.get("-".join(words).lower())
        if call is not None:
            return "bid", seat, call, ()
        first = words[0].lower()
        word = ANNOUNCEMENT_SPELLINGS.get(first, first)
        if word in DECK.announcements and seat is not None:
            return "announce", seat, word, tuple(w.upper() for w in words[1:])
        if len(words) == 1 and seat is None and words[0].upper() in DECK.cards:
            return "card", None, "", (words[0].upper(),)
    raise IllegalAction(f"{action!r} is not an action of french-tarot")


def _listed(fault: Fault | None) -> list[Fault]:
    return [] if fault is None else [fault]


def _no_place(action: str, phase: str) -> IllegalAction:
    """The refusal of an action that has no place in the deal now."""
    if phase == "auction":
        return IllegalAction(f"{action!r} before every seat has spoken: the auction goes on")
    return IllegalAction(f"{action!r} has no place in the deal now ({phase})")


def _actor(action: str, to_act: int | None) -> int | None:
    """The seat doing `action`: its label, else the seat to act."""
    label, colon, _ = action.partition(":")
    return int(label) if colon and label.isdigit() else to_act


# --- a state from a record ------------------------------------------------------------


def from_record(record: Record, ctx: Context, variant: str) -> FrenchState:
    """The state after the deal of `record`; hands and the chien it does not give are
    unknown (None)."""
    dealt: dict[int, list[str] | None] = dict.fromkeys(range(1, ctx.seats + 1))
    chien: list[str] | None = None
    for hand in record.deal.hands if record.deal else []:
        codes, owner = [c.code for c in hand.cards], hand.owner
        if owner == "talon":
            chien = codes
        elif owner.isdigit():
            dealt[int(owner)] = codes
    return FrenchState(ctx.seats, ctx.dealer, variant, dealt, chien, list(record.tags))


def variant_of(ctx: Context) -> str:
    """The Variant tag, or the default for the seats."""
    return ctx.tag("Variant") or default_variant(ctx.seats)


def start(record: Record) -> FrenchState:
    """The state right after the deal of `record` (every hand and the chien given)."""
    ctx = Context(record, want_steps=False)
    variant = variant_of(ctx)
    if ctx.seats not in (3, 4, 5, 6):
        raise ValueError(f"french-tarot is played by 3 to 6 seats, not {ctx.seats}")
    if variant not in ("fft", "classic") or (variant == "fft" and ctx.seats == 6):
        raise ValueError(f"french-tarot {variant} is not played by {ctx.seats} seats")
    state = from_record(record, ctx, variant)
    missing = [f"seat {s}'s hand" for s, h in state.dealt.items() if h is None]
    missing += ["the talon (the chien)"] if state.chien is None else []
    if missing:
        raise ValueError(f"the deal does not give {' and '.join(missing)}")
    return state


def actions(record: Record) -> list[tuple[int | None, str]]:
    """The record's actions (seat, spelling) in the order the rules apply them: the calls,
    the called cards, the écart (the cards that may always go first), the announcements,
    the cards played."""
    ctx = Context(record, want_steps=False)
    state = from_record(record, ctx, variant_of(ctx))
    out: list[tuple[int | None, str]] = []

    def walk(phase: str | None, seat: int | None, action: str) -> None:
        if phase is not None:
            state.enter(phase)
        out.append((state.to_act if seat is None else seat, action))
        state.perform(action)

    calls = [c for r in record.auction.rounds for c in r] if record.auction else []
    for i, call in enumerate(calls):
        walk("auction", speaker(i, state.eldest, state.seats), call.word)
    state.close("auction")
    for card in record.call.cards if record.call else []:
        walk("call", None, card.code)
    state.close("call")
    ecart = [c.code for c in record.discard.cards] if record.discard else []
    for card in spare_first(ecart) if state.takes_chien else []:
        walk("discard", None, card)
    state.close("discard")
    for item in record.announce.items if record.announce else []:
        walk(
            None, item.seat, " ".join([f"{item.seat}: {item.word}", *(c.code for c in item.cards)])
        )
    for trick in record.play.tricks if record.play else []:
        for card in trick.cards:
            walk(None, None, card.code)
    return out
