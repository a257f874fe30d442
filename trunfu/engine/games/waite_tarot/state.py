"""The Game of Tarot as a game state (rules: waite-tarot.md).

Phases: `discard` (the dealer takes the 3 left-over cards and discards 3, one card per
action), `announce` (asks `2: ask`, then declarations `1: greater T21 T20 T19`; the
leader's first card ends it), `exchange` (an ask waits for its Tarot, `1>2: KS`, or the
asker owes a card back, `2>1: 4C`), `play`, `over`. Hands given as None are unknown: the
referee's state of a record that does not give them (`start` gives every hand)."""

from __future__ import annotations

import re

from ....notation import models as tgn
from ....notation.decks import GAMES
from ....notation.models import Announcement, Card, Exchange, Record, Tag
from ....notation.reader import read_text
from ...cards import SUITS
from ...model import Bonus, Outcome, TrickResult, trusted
from ...play import TrickPlay
from ...scoring import format_result
from ...state import Fault, IllegalAction, Snapshot, State, View
from ...tricks import ExcuseLead, TrickRules
from .declarations import ASK_POINTS, TAROTS, announced, declarations
from .scoring import difference_result, tally

GAME = "waite-tarot"
DECK = GAMES[GAME]
RULES = TrickRules(
    game=GAME, must_follow=True, must_trump=False, excuse=True, excuse_lead=ExcuseLead.ALWAYS
)
"""Follow suit if able; when void, trump or discard at will; the Fool anywhere."""
TRICKS = 25
DISCARD = 3
SECTIONS = ("deal", "auction", "call", "trump", "discard", "exchange", "announce", "play")

Item = str | Announcement | Exchange
"""An action read: a card's code, an announcement or an exchange."""
_EXCHANGE = re.compile(r"([1-9])>([1-9]): (\S+)")


def read_action(action: str) -> Item | None:
    """`action` as the reader reads it, or None when it is not one card, one announcement
    or one exchange: the writer's spelling at once, any other through the reader."""
    if action in SUITS:  # every card of every deck
        return action
    words = action.split(" ")
    label = words[0]
    if (
        len(words) > 1
        and len(label) == 2
        and label[0] in "123456789"
        and label[1] == ":"
        and words[1] in DECK.announcements
        and SUITS.keys() >= set(words[2:])
    ):
        cards = Card.line_of(words[2:], 0, 0)
        return Announcement(seat=int(label[0]), word=words[1], cards=cards)
    found = _EXCHANGE.fullmatch(action)
    if found and found[3] in SUITS:
        return Exchange(giver=int(found[1]), receiver=int(found[2]), card=Card(found[3]))
    section = "exchange" if ">" in action else "announce" if ":" in action else "discard"
    reads = read_text(f"{section}\n  {action}\n")
    record = reads[0].record if len(reads) == 1 and "\n" not in action else None
    if record is None or sum(getattr(record, s) is not None for s in SECTIONS) != 1:
        return None
    items = getattr(record, section)
    items = items.cards if section == "discard" else items.items if items else []
    if len(items) != 1:
        return None
    return items[0].code if section == "discard" else items[0]


def spell(item: Announcement | Exchange) -> str:
    """An announcement or an exchange as the writer spells it (its cards' codes)."""
    if type(item) is Exchange:
        return f"{item.giver}>{item.receiver}: {item.card.code}"
    return " ".join([f"{item.seat}: {item.word}", *[c.code for c in item.cards]])


def _tarots(hand: list[str]) -> list[str]:
    return [c for c in hand if c in TAROTS]


class WaiteState(State):
    """A deal of the Game of Tarot from the deal to the score."""

    game = GAME
    variant = "waite"

    def __init__(
        self,
        seats: int,
        dealer: int,
        hands: dict[int, list[str] | None],
        talon: list[str] | None,
        dead: list[str] | None = None,
        tags: list[Tag] | None = None,
    ) -> None:
        self.seats, self.dealer = seats, dealer
        self.tags = tags or [
            Tag(name="Game", value=GAME),
            Tag(name="Seats", value=str(seats)),
            Tag(name="Dealer", value=str(dealer)),
        ]
        self.dealt = hands
        """Each hand as dealt (None: unknown): the lists given, kept as they are."""
        self.hands = {s: None if h is None else list(h) for s, h in hands.items()}
        """Each seat's cards until the play, in the order they came (None: unknown); the
        play holds them from its first card."""
        self.talon = None if talon is None else list(talon)
        self.dead = None if dead is None else list(dead)
        self.talon_taken = False
        """True once the dealer has taken the left-over cards to discard."""
        self.discarded: list[str] = []
        self.discard_done = False
        self.asks: dict[int, bool] = {}
        """Each seat that asked for a third Tarot → whether it was answered."""
        self.owed: dict[tuple[int, int], bool] = {}
        """(asker, the seat that answered it) → whether a card back is still owed."""
        self.exchanges: list[Exchange] = []
        self.announced: list[Announcement] = []
        self.play: TrickPlay | None = None
        self.counted = 0
        """The tricks whose points show (a trick counts once its winner takes it)."""
        self._outcome: Outcome | None = None
        self._last: tuple[str | None, Item | None] = (None, None)

    @property
    def leader(self) -> int:
        """The seat that leads the first trick: the one after the dealer."""
        return self.dealer % self.seats + 1

    @property
    def phase(self) -> str:
        if self.play is not None:
            return "over" if self.play.over else "play"
        if not self.discard_done:
            return "discard"
        return "exchange" if self.due() else "announce"

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == "discard":
            return self.dealer
        if self.play is not None:
            return self.play.to_play
        actors = {self._actor(a) for a in self.legal()}
        return actors.pop() if len(actors) == 1 else None

    def _actor(self, action: str) -> int | None:
        """The seat that does `action` now."""
        item = read_action(action)
        if type(item) is Announcement:
            return item.seat
        if type(item) is Exchange:
            return item.giver
        if self.play is not None:
            return self.play.to_play
        return self.dealer if self.phase == "discard" else self.leader

    # ---- what the record holds so far

    def pool(self) -> list[str] | None:
        """The cards the dealer discards from: his hand and the left-over cards (None when
        either is unknown)."""
        hand = self.hands[self.dealer]
        if self.talon_taken:
            return hand
        return None if hand is None or self.talon is None else hand + self.talon

    def elsewhere(self) -> dict[str, str]:
        """Cards out of every seat's hand → where they lie."""
        out = {c: "in the dealer's discard" for c in self.discarded}
        out.update({c: "in the dead hand" for c in self.dead or []})
        return out

    def start_hand(self, seat: int) -> list[str] | None:
        """`seat`'s cards when the play begins (its cards now, before the play): as known,
        else as a whole play shows them; None when unknown."""
        hand = self.hands.get(seat)
        if hand is None and self.play is not None and self.play.over:
            return self.play.dealt.get(seat)
        return hand

    def declared(self) -> bool:
        """True once a seat has declared (asks come before)."""
        return any(item.word != "ask" for item in self.announced)

    def due(self) -> Fault | None:
        """What the exchange waits for: a card back from a seat that received a Tarot, or
        the Tarot an ask calls for from a seat known to hold one."""
        for (asker, giver), owing in self.owed.items():
            if owing:
                return Fault(
                    code="bad-exchange",
                    message=f"seat {asker} received a Tarot from seat {giver} and gives a "
                    f"small card back (`{asker}>{giver}: CARD`)",
                )
        unanswered = [asker for asker, answered in self.asks.items() if not answered]
        for asker in unanswered:
            for seat, hand in self.hands.items():
                held = hand if seat != asker and hand is not None else ()
                shown = next((c for c in held if c in TAROTS), None)
                if shown is not None:
                    return Fault(
                        code="ask-unanswered",
                        message=f"seat {asker} asks for a third Tarot and seat {seat} holds "
                        f"{shown}: it must hand it over (`exchange` `{seat}>{asker}: {shown}`)",
                    )
        return None

    def judge_declaration(self, seat: int, word: str, cards: list[str]) -> Fault | None:
        """What is wrong with `seat` showing `cards` as `word` (`greater`, `ask`...): the
        combination, and the cards against its hand when the play begins, once known."""
        _, problem = announced(word, cards)
        hand = self.start_hand(seat)
        if problem is None and hand is not None:
            missing = [c for c in cards if c not in hand]
            if missing:
                problem = f"seat {seat} shows {' '.join(missing)} but does not hold it"
        return None if problem is None else Fault(code="bad-announcement", message=problem)

    # ---- legal actions and their faults

    def legal(self) -> list[str]:
        phase = self.phase
        if phase == "discard":
            return list(self.pool() or [])
        if self.play is not None:
            return self.play.legal()
        seats = list(self.hands)
        asks = [f"{s}: ask" for s in seats]
        swaps = [
            f"{g}>{r}: {c}" for g in seats for c in self.hands[g] or [] for r in seats if r != g
        ]
        out = [a for a in asks + swaps if not self.check(a)]  # what the exchange allows
        if phase == "exchange":
            return out
        said = {(i.seat, i.word, frozenset(c.code for c in i.cards)) for i in self.announced}
        for seat, hand in self.hands.items():
            found = declarations(hand or [])
            kinds = [d.kind for d in found if (seat, d.kind, frozenset(d.cards)) not in said]
            out += [f"{seat}: {kind}" for kind in dict.fromkeys(kinds)]
        return out + RULES.legal(self.hands[self.leader] or [], [])

    def _read(self, action: str | Item) -> Item | None:
        """`read_action`, kept for the action just checked (then performed); an
        announcement or an exchange is taken as it is (the referee's record items)."""
        if type(action) is not str:
            return action
        if self._last[0] != action:
            self._last = (action, read_action(action))
        return self._last[1]

    def check(self, action: str | Item) -> list[Fault]:
        """`State.check`; `action` may also be a record's announcement or exchange."""
        item = self._read(action)
        if item is None:
            return [
                Fault(
                    code="unknown-action",
                    message=f"{action!r} is not an action of the Game of Tarot: a card (`KS`), an "
                    "announcement (`2: greater T21 T20 T19`) or an exchange (`1>2: KS`)",
                )
            ]
        phase = self.phase
        if type(item) is str:
            if phase in ("discard", "exchange"):
                fault = self._discard_fault(item) if phase == "discard" else self.due()
            else:
                fault = self._card_fault(item)
            return [fault] if fault else []
        seats = (item.seat,) if type(item) is Announcement else (item.giver, item.receiver)
        if max(seats) > self.seats or len(set(seats)) < len(seats):
            return [
                Fault(
                    code="illegal-action",
                    message=f"{action}: the seats go from 1 to {self.seats}, and a seat does not "
                    "hand a card to itself",
                )
            ]
        if phase in ("discard", "play", "over"):
            when = "after the discard" if phase == "discard" else "before the play"
            return [
                Fault(code="illegal-action", message=f"announcements and exchanges come {when}")
            ]
        if type(item) is Exchange:
            faults = [self._exchange_fault(item)]
        else:
            first = self._ask_fault(item.seat) if item.word == "ask" else self.due()
            cards = [c.code for c in item.cards]
            faults = [first, self.judge_declaration(item.seat, item.word, cards)]
        return [f for f in faults if f is not None]

    def _discard_fault(self, card: str) -> Fault | None:
        hand = self.hands[self.dealer]  # with the left-over cards once taken
        talon = [] if self.talon_taken else self.talon
        if hand is None or talon is None or card in hand or card in talon:
            return None
        return Fault(
            code="discard-not-held",
            message=f"the dealer (seat {self.dealer}) discards {card}, which is neither in his "
            "hand nor among the 3 left-over cards",
        )

    def _card_fault(self, card: str) -> Fault | None:
        play = self.play or self._new_play()
        message, seat = play.fault(card), play.to_play
        if message is None:
            return None
        if seat is None or card in play.hands[seat]:
            return Fault(code="illegal-card" if seat else "too-many-tricks", message=message)
        held = (
            f"it was dealt to seat {s}"
            for s, h in self.hands.items()
            if s != seat and card in (h or ())
        )
        lies = next(held, self.elsewhere().get(card))
        return Fault(code="card-not-held", message=f"{message} ({lies})" if lies else message)

    def _ask_fault(self, seat: int) -> Fault | None:
        hand = self.hands[seat]
        if self.exchanges or self.declared():
            return Fault(
                code="bad-ask",
                message=f"seat {seat} asks too late: asks come before the exchanges and the "
                "declarations (on the hands after the discard)",
            )
        if seat in self.asks:
            return Fault(code="bad-ask", message=f"seat {seat} has already asked for a third Tarot")
        if hand is not None and len(_tarots(hand)) % 3 != 2:
            return Fault(
                code="bad-ask",
                message=f"seat {seat} asks for a third Tarot but holds {len(_tarots(hand))}: a "
                "seat asks when two (or five) Tarots make one short of a three",
            )
        return None

    def _exchange_fault(self, ex: Exchange) -> Fault | None:
        card, giver, receiver = ex.card.code, ex.giver, ex.receiver
        if card in TAROTS and (receiver not in self.asks or self.asks[receiver]):
            why = "did not ask for a Tarot" if receiver not in self.asks else "already has one"
            return Fault(
                code="bad-exchange",
                message=f"seat {giver} hands {card} to seat {receiver}, who {why}",
            )
        if card not in TAROTS and not self.owed.get((giver, receiver)):
            return Fault(
                code="bad-exchange",
                message=f"seat {giver} hands {card} to seat {receiver}, but only a seat whose ask "
                "was answered gives a small card back, to the seat that answered",
            )
        if card not in (self.hands[giver] or [card]):
            return Fault(
                code="card-not-held", message=f"seat {giver} hands over {card} but does not hold it"
            )
        return None

    # ---- doing it

    def perform(self, action: str | Item) -> None:
        """`State.perform`; `action` may also be a record's announcement or exchange."""
        item = self._read(action)
        if item is None:
            raise IllegalAction(self.check(action)[0].message, "unknown-action")
        if type(item) is Announcement:
            if item.word == "ask":
                self.asks.setdefault(item.seat, False)
            self.announced.append(item)
        elif type(item) is Exchange:
            self._hand_over(item)
        elif self.phase == "discard":
            self._discard(item)
        else:
            self.play = self.play or self._new_play()
            if not self.play.over and self.play.play(item) is not None:
                self.counted += 1

    def _discard(self, card: str) -> None:
        if not self.talon_taken:
            self.hands[self.dealer] = self.pool()
            self.talon_taken = True
        hand = self.hands[self.dealer]
        if hand is not None and card in hand:
            hand.remove(card)
        self.discarded.append(card)
        self.discard_done = len(self.discarded) == DISCARD

    def discard_unseen(self, cards: list[str], hand_known: bool) -> None:
        """The referee's discard of a record that does not show it card by card (the
        left-over cards or the dealer's hand unknown, or the discard left out): `cards` lie
        out of play; the dealer's hand stays as dealt when `hand_known`, else is unknown."""
        self.discarded = list(cards)
        if not hand_known:
            self.hands[self.dealer] = None
        self.discard_done = True

    def _hand_over(self, ex: Exchange) -> None:
        card = ex.card.code
        if card in TAROTS:
            self.asks[ex.receiver] = True
            self.owed[ex.receiver, ex.giver] = True
        else:
            self.owed[ex.giver, ex.receiver] = False
        giver, receiver = self.hands.get(ex.giver), self.hands.get(ex.receiver)
        if giver is not None and card in giver:
            giver.remove(card)
        if receiver is not None:
            receiver.append(card)
        self.exchanges.append(ex)

    def _new_play(self) -> TrickPlay:
        return TrickPlay(RULES, self.seats, self.leader, TRICKS, self.hands)

    def adopt(self, play: TrickPlay) -> None:
        """Take the referee's play (its hands inferred from the record) as this deal's."""
        self.play = play

    def scored(self, trick: TrickResult) -> None:
        """A trick's winner has taken it: its points show from now on."""
        self.counted += 1

    # ---- the score

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is None and self.over:
            self._outcome = self._score()
        return self._outcome

    def _score(self) -> Outcome:
        assert self.play is not None
        seats = range(1, self.seats + 1)
        points, kings = tally(self.play.tricks, self.seats)
        said = self._declarations()
        said_points = {s: sum(d["points"] for d in said[s]) for s in seats}
        totals = [said_points[s] + points[s] for s in seats]
        scores = difference_result(totals)
        best = max(seats, key=lambda s: totals[s - 1])
        winners = [t.winner for t in self.play.tricks]
        return trusted(
            Outcome,
            scores=[float(x) for x in scores],
            result=format_result(scores),
            contract=None,
            declarer=None,
            partners=[],
            won=None,
            thrown_in=False,
            sides={str(s): [s] for s in seats},
            roles={},
            speakers=[],
            card_points={str(s): float(points[s]) for s in seats},
            margin=float(max(scores)),  # the best total's lead over the second
            bonuses=[
                Bonus(name=f"declarations.{d['kind']}", side=str(s), points=float(d["points"]))
                for s in seats
                for d in said[s]
            ]
            + [
                Bonus(name="kings_trumped", side=str(s), points=float(kings[s]))
                for s in seats
                if kings[s]
            ],
            breakdown={
                "declarations": {str(s): said[s] for s in seats},
                "declaration_points": {str(s): said_points[s] for s in seats},
                "tricks": {str(s): points[s] for s in seats},
                "kings_trumped": {str(s): kings[s] for s in seats},
                "tricks_won": {str(s): winners.count(s) for s in seats},
                "totals": {str(s): totals[s - 1] for s in seats},
                "card_points": {str(s): points[s] for s in seats},
                "discard": DECK.sort(self.discarded),
                "best": best if scores[best - 1] else None,
            },
        )

    def _declarations(self) -> dict[int, list[dict]]:
        """Each seat's declarations: every combination of its hand when the play begins,
        when known, else what it announced (rightly); 5 for an ask nobody answered."""
        out: dict[int, list[dict]] = {s: [] for s in range(1, self.seats + 1)}
        hands = {s: self.start_hand(s) for s in out}
        for item in self.announced:
            seat, word, cards = item.seat, item.word, [c.code for c in item.cards]
            if seat not in out or (word == "ask" and self.asks.get(seat)):
                continue  # an ask answered scores nothing
            if (word == "ask" or hands[seat] is None) and not self.judge_declaration(
                seat, word, cards
            ):
                points = ASK_POINTS if word == "ask" else announced(word, cards)[0]
                out[seat].append({"kind": word, "cards": cards, "points": points})
        for seat, found in out.items():
            found += [d.as_json() for d in declarations(hands[seat] or [])]
        return out

    # ---- what is shown

    def record(self) -> Record:
        def cards(codes: list[str]) -> list[Card]:
            return Card.line_of(codes, 0, 0)

        dealt = [(str(s), h) for s, h in self.dealt.items()]
        dealt += [("talon", self.talon), ("dead", self.dead)]
        tags = [t for t in self.tags if t.name != "Result"]
        tags += [Tag(name="Result", value=self.outcome.result)] if self.outcome else []
        play = self.play
        tricks = [[c for _, c in t.cards] for t in play.tricks] + [play.trick] if play else []
        return Record(
            tags=tags,
            deal=tgn.Deal(hands=[tgn.Hand(owner=o, cards=cards(h)) for o, h in dealt if h]),
            discard=tgn.CardList(keyword="discard", cards=cards(self.discarded))
            if self.discarded
            else None,
            exchange=tgn.Exchanges(items=list(self.exchanges)) if self.exchanges else None,
            announce=tgn.Announcements(items=list(self.announced)) if self.announced else None,
            play=tgn.Play(
                items=[tgn.Trick(cards=[tgn.PlayedCard(c) for c in t]) for t in tricks if t]
            )
            if play
            else None,
        )

    def snapshot(self) -> Snapshot:
        talon = [] if self.talon_taken else list(self.talon or [])
        discard = list(self.discarded) if self.talon_taken else []
        play = self.play
        if play is None:
            hands = {s: list(h) for s, h in self.hands.items() if h is not None}
            return Snapshot(hands=hands, talon=talon, discard=discard)
        points = tally(play.tricks[: self.counted], self.seats)[0]
        return Snapshot(
            hands={s: DECK.sort(play.hand(s)) for s, h in play.hands.items() if h is not None},
            talon=talon,
            discard=discard,
            trick=play.table,
            taken=play.taken(),
            points={str(s): float(p) for s, p in points.items()},
        )

    def view(self, seat: int) -> View:
        play = self.play
        if play is not None:
            hand = play.hand(seat)
        else:
            hand = (
                self.pool() if seat == self.dealer and not self.discard_done else self.hands[seat]
            )
        shown: dict[int, list[str]] = {}
        for item in self.announced:
            if item.cards:
                shown.setdefault(item.seat, []).extend(c.code for c in item.cards)
        played = [c for t in play.tricks for _, c in t.cards] + play.trick if play else []
        return View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            hand=DECK.sort(hand or []),
            trick=play.table if play else [],
            played=played,
            shown=shown,
            talon=[],
            taken=play.taken() if play else {},
            declarer=None,
            legal=[a for a in self.legal() if self._actor(a) == seat],
        )


def from_record(record: Record, seats: int, dealer: int) -> WaiteState:
    """The state after the deal of `record`, its unknown hands None."""
    hands: dict[int, list[str] | None] = dict.fromkeys(range(1, seats + 1))
    talon = dead = None
    for hand in record.deal.hands if record.deal else []:
        cards, owner = [c.code for c in hand.cards], hand.owner
        if owner == "talon":
            talon = cards
        elif owner == "dead":
            dead = cards
        elif owner.isdigit() and int(owner) in hands:
            hands[int(owner)] = cards
    return WaiteState(seats, dealer, hands, talon, dead, list(record.tags))


def _seats(record: Record) -> int:
    if record.seats not in (2, 3):
        raise ValueError(
            f"the Game of Tarot is played by 2 or 3 seats, not {record.tag('Seats')!r}"
        )
    return record.seats


def start(record: Record) -> WaiteState:
    """The state right after the deal of `record`: every hand and the left-over cards (and
    with two seats the dead hand) must be given."""
    seats = _seats(record)
    state = from_record(record, seats, record.dealer or 1)
    missing = [f"seat {s}'s hand" for s, h in state.hands.items() if h is None]
    missing += ["the left-over cards (`talon:`)"] if state.talon is None else []
    missing += ["the dead hand (`dead:`)"] if seats == 2 and state.dead is None else []
    if missing:
        raise ValueError(f"the deal does not give {', '.join(missing)}")
    return state


def discard_shown(record: Record, pool: list[str] | None) -> list[str] | None:
    """The dealer's discard as the record shows it: its `discard` section, else (when the
    play is written and `pool`, the dealer's hand and the left-over cards, known) the cards
    of `pool` the play does not show; None when the record does not say."""
    if record.discard is not None:
        return [c.code for c in record.discard.cards]
    if record.play is None or pool is None:
        return None
    played = {c.code for t in record.play.tricks for c in t.cards}
    return [c for c in pool if c not in played]


def in_rules_order(
    record: Record,
) -> tuple[list[Announcement], list[Exchange], list[Announcement]]:
    """The record's asks, exchanges and declarations in the order the rules take them: the
    asks (on the hands after the discard), the Tarots handed over, the cards given back,
    then the declarations (on the hands after every exchange)."""
    items = record.announce.items if record.announce else []
    swaps = record.exchange.items if record.exchange else []
    answers = [x for x in swaps if x.card.code in TAROTS]
    return (
        [i for i in items if i.word == "ask"],
        answers + [x for x in swaps if x.card.code not in TAROTS],
        [i for i in items if i.word != "ask"],
    )


def actions(record: Record) -> list[tuple[int | None, str]]:
    """The record's actions, (seat, spelling), in the order the rules take them."""
    state = from_record(record, _seats(record), record.dealer or 1)
    seats, dealer, leader = state.seats, state.dealer, state.leader
    out: list[tuple[int | None, str]] = [
        (dealer, c) for c in discard_shown(record, state.pool()) or []
    ]
    asks, exchanges, said = in_rules_order(record)
    out += [(i.seat, spell(i)) for i in asks]
    out += [(x.giver, spell(x)) for x in exchanges]
    out += [(i.seat, spell(i)) for i in said]
    for trick in record.play.tricks if record.play else []:
        codes = [c.code for c in trick.cards]
        out += [((leader - 1 + i) % seats + 1, code) for i, code in enumerate(codes)]
        if len(codes) == seats:
            leader = (leader - 1 + RULES.winner(codes)) % seats + 1
    return out
