"""The Game of Tarot as a game state (rules: waite-tarot.md).

Phases: `discard` (the dealer takes the 3 left-over cards and discards 3, one card per
action), `announce` (asks `2: ask`, then declarations `1: greater T21 T20 T19`; the
leader's first card ends it), `exchange` (an ask waits for its Tarot, `1>2: KS`, or the
asker owes a card back, `2>1: 4C`), `play`, `over`. A hand given as None is unknown (the
referee's state of a record that does not give it)."""

from __future__ import annotations

from ....notation import models as tgn
from ....notation.decks import GAMES
from ....notation.lexer import CODE_OF
from ....notation.models import Announcement, Card, Cards, Exchange, Record, Tag
from ....notation.words import ANNOUNCEMENTS
from ...model import Bonus, Outcome, TrickResult
from ...play import TrickPlay
from ...state import Fault, IllegalAction, Snapshot, State
from ...tricks import ExcuseLead, TrickRules
from .declarations import TAROTS, Declaration, announced, declarations
from .scoring import difference_result, tally

GAME = "waite-tarot"
DECK = GAMES[GAME]
# follow suit if able; when void, trump or discard at will; the Fool anywhere
RULES = TrickRules(
    game=GAME, must_follow=True, must_trump=False, excuse=True, excuse_lead=ExcuseLead.ALWAYS
)
TRICKS = 25
DISCARD = 3
Item = str | Announcement | Exchange  # an action read: a card, an announcement, an exchange


def read(action: str) -> Item | None:
    """`action` read as a record writes it (cards in either case, no `!`/`?` glyphs): a card
    (`KS`), an announcement (`2: greater T21 T20 T19`) or an exchange (`1>2: KS`); None when
    it is none of these."""
    label, colon, rest = action.partition(":")
    if not colon:
        return CODE_OF.get(action.strip())
    seats, words = label.replace(" ", "").split(">"), rest.split()
    codes = [CODE_OF.get(word) for word in words]
    if not {*seats} <= set("123456789") or not words or None in codes[2 - len(seats) :]:
        return None
    if len(seats) == 2 and len(words) == 1:
        return Exchange(giver=int(seats[0]), receiver=int(seats[1]), card=Card(codes[0]))
    if len(seats) == 1 and words[0] in ANNOUNCEMENTS:
        return Announcement(seat=int(seats[0]), word=words[0], cards=Cards(codes[1:]))
    return None


def spell(item: Announcement | Exchange) -> str:
    """An announcement or an exchange as the writer spells it."""
    if type(item) is Exchange:
        return f"{item.giver}>{item.receiver}: {item.card.code}"
    return " ".join([f"{item.seat}: {item.word}", *item.cards])


class WaiteState(State):
    """A deal of the Game of Tarot from the deal to the score."""

    game = GAME
    variant = "waite"

    def __init__(
        self, seats: int, dealer: int, dealt: dict[str, list[str]], tags: list[Tag]
    ) -> None:
        """`dealt`: the cards given, by owner as the deal names them (`1`, `talon`, `dead`)."""
        self.seats, self.dealer, self.leader = seats, dealer, dealer % seats + 1
        named = (("Game", GAME), ("Seats", str(seats)), ("Dealer", str(dealer)))
        self.tags = tags or [Tag(name=name, value=value) for name, value in named]
        self.dealt, self.talon, self.dead = dealt, dealt.get("talon"), dealt.get("dead")
        # each seat's cards until the play (None: unknown); the play holds them after
        hands = {s: dealt.get(str(s)) for s in range(1, seats + 1)}
        self.hands = {s: None if h is None else list(h) for s, h in hands.items()}
        self.talon_taken = self.discard_done = False
        self.discarded: list[str] = []
        self.asks: dict[int, bool] = {}  # a seat that asked for a third Tarot → answered
        self.owed: dict[tuple[int, int], None] = {}  # (asker, its answerer): a card owed
        self.exchanges: list[Exchange] = []
        self.announced: list[Announcement] = []
        self.points = {str(s): 0.0 for s in range(1, seats + 1)}  # of the tricks taken
        self._outcome: Outcome | None = None

    @property
    def phase(self) -> str:
        if self.play is not None:
            return "over" if self.play.over else "play"
        if not self.discard_done:
            return "discard"
        return "exchange" if self.due() else "announce"

    @property
    def to_act(self) -> int | None:
        if self.play is None and self.discard_done:  # one seat may act, or several
            actors = set(map(self.actor, self.legal()))
            return actors.pop() if len(actors) == 1 else None
        return self.play.to_play if self.play else self.dealer

    def actor(self, action: str) -> int | None:
        """The seat that does `action`, one of `legal()`."""
        if action[1:2] in (":", ">"):  # `2: ask`, `1>2: KS`
            return int(action[0])
        return self.play.to_play if self.play else self.leader if self.discard_done else self.dealer

    def pool(self) -> list[str] | None:
        """The cards the dealer discards from: his hand and the left-over cards (None when
        either is unknown)."""
        hand = self.hands[self.dealer]
        if self.talon_taken:
            return hand
        return None if hand is None or self.talon is None else hand + self.talon

    def due(self) -> Fault | None:
        """What the exchange waits for: a card back from a seat that received a Tarot, or
        the Tarot an ask calls for from a seat known to hold one."""
        for asker, giver in self.owed:  # the first card owed
            return Fault(
                "bad-exchange",
                f"seat {asker} received a Tarot from seat {giver} and gives a small card back "
                f"(`{asker}>{giver}: CARD`)",
            )
        for asker in [seat for seat, answered in self.asks.items() if not answered]:
            for seat, hand in self.hands.items():
                shown = next((c for c in hand or () if c in TAROTS and seat != asker), None)
                if shown is not None:
                    return Fault(
                        "ask-unanswered",
                        f"seat {asker} asks for a third Tarot and seat {seat} holds {shown}: it "
                        f"must hand it over (`exchange` `{seat}>{asker}: {shown}`)",
                    )
        return None

    def known(self, seat: int) -> list[str] | None:
        """`seat`'s hand when the play begins: as given, or as a whole play shows it."""
        hand = self.hands.get(seat)
        if hand is None and self.play is not None and self.play.over:
            return self.play.dealt.get(seat)
        return hand

    def judge_declaration(self, item: Announcement) -> Fault | None:
        """What is wrong with the cards `item` shows: the combination, and the cards against
        its seat's hand when the play begins, once known."""
        cards, hand = item.cards, self.known(item.seat)
        problem = announced(item.word, cards)[1]
        if problem is None and hand and set(cards).difference(hand):
            missing = " ".join(c for c in cards if c not in hand)
            problem = f"seat {item.seat} shows {missing} but does not hold it"
        return None if problem is None else Fault("bad-announcement", problem)

    def legal(self) -> list[str]:
        if not self.discard_done:
            return list(self.pool() or [])
        if self.play is not None:
            return self.play.legal()
        hands = self.hands
        asks = [f"{s}: ask" for s in hands]
        swaps = [f"{g}>{to}: {c}" for g, hand in hands.items() for c in hand or [] for to in hands]
        out = [action for action in asks + swaps if not self.check(action)]
        if self.due():
            return out
        said = {(i.seat, i.word, frozenset(i.cards)) for i in self.announced}
        found = [(s, d) for s, hand in hands.items() for d in declarations(hand or [])]
        out += dict.fromkeys(  # each kind once
            f"{s}: {d.kind}" for s, d in found if (s, d.kind, frozenset(d.cards)) not in said
        )
        return out + RULES.legal(hands[self.leader] or [], [])

    def check(self, action: str | Item) -> list[Fault]:
        """`State.check`; `action` may also be a record's announcement or exchange."""
        fault = self._fault(read(action) if type(action) is str else action, action)
        return [] if fault is None else [fault]

    def _fault(self, item: Item | None, action: str | Item) -> Fault | None:
        if type(item) is str and not self.discard_done:
            if item in (self.pool() or [item]):  # an unknown hand holds any card
                return None
            return Fault(
                "discard-not-held",
                f"the dealer (seat {self.dealer}) discards {item}, which is neither in his hand "
                "nor among the 3 left-over cards",
            )
        if type(item) is str:  # a card of the play
            play = self.play or self.new_play()
            return (self.due() if self.play is None else None) or play.card_fault(item)
        if item is None:
            return Fault(
                "unknown-action",
                f"{action!r} is not an action of the Game of Tarot: a card (`KS`), an "
                "announcement (`2: greater T21 T20 T19`) or an exchange (`1>2: KS`)",
            )
        seats = (item.seat,) if type(item) is Announcement else (item.giver, item.receiver)
        if max(seats) > self.seats or len(set(seats)) < len(seats):
            return Fault(
                "illegal-action",
                f"{spell(item)}: the seats go from 1 to {self.seats}, and a seat does not "
                "hand a card to itself",
            )
        if self.play is not None or not self.discard_done:
            when = "after the discard" if self.play is None else "before the play"
            return Fault("illegal-action", f"announcements and exchanges come {when}")
        if type(item) is Exchange:
            giver, receiver, card = item.giver, item.receiver, item.card.code
            said = f"seat {giver} hands {card} to seat {receiver}"
            if card in TAROTS and self.asks.get(receiver) is not False:
                why = "did not ask for a Tarot" if receiver not in self.asks else "already has one"
                return Fault("bad-exchange", f"{said}, who {why}")
            if card not in TAROTS and (giver, receiver) not in self.owed:
                return Fault(
                    "bad-exchange",
                    f"{said}, but only a seat whose ask was answered gives a small card back, to "
                    "the seat that answered",
                )
            if card in (self.hands[giver] or [card]):
                return None
            return Fault("card-not-held", f"seat {giver} hands over {card} but does not hold it")
        if item.word != "ask":
            return self.due() or self.judge_declaration(item)
        seat, hand = item.seat, self.hands[item.seat]
        held = len([c for c in hand or () if c in TAROTS])
        if self.exchanges or any(i.word != "ask" for i in self.announced):
            why = (
                "asks too late: asks come before the exchanges and the declarations (on the "
                "hands after the discard)"
            )
        elif seat in self.asks:
            why = "has already asked for a third Tarot"
        elif hand is not None and held % 3 != 2:
            why = (
                f"asks for a third Tarot but holds {held}: a seat asks when two (or five) "
                "Tarots make one short of a three"
            )
        else:
            return self.judge_declaration(item)
        return Fault("bad-ask", f"seat {seat} {why}")

    def new_play(self) -> TrickPlay:
        """The play about to begin (the hands as they are now, the cards out of them known to
        lie elsewhere)."""
        lying = dict.fromkeys(self.discarded, "in the dealer's discard")
        lying.update(dict.fromkeys(self.dead or (), "in the dead hand"))
        return TrickPlay(RULES, self.seats, self.leader, TRICKS, self.hands, lying=lying)

    def perform(self, action: str | Item) -> None:
        """`State.perform`; `action` may also be a record's announcement or exchange."""
        item = read(action) if type(action) is str else action
        if type(item) is str and not self.discard_done:
            hand = self.hands[self.dealer] = self.pool()  # the left-over cards taken
            self.talon_taken = True
            if item in (hand or ()):
                hand.remove(item)
            self.discarded.append(item)
            self.discard_done = len(self.discarded) == DISCARD
        elif type(item) is str:
            self.play = self.play or self.new_play()
            taken = None if self.play.over else self.play.play(item)
            if taken is not None:
                self.took(taken)
        elif type(item) is Announcement:
            if item.word == "ask":
                self.asks.setdefault(item.seat, False)
            self.announced.append(item)
        elif type(item) is Exchange:
            card, giver, receiver = item.card.code, item.giver, item.receiver
            if card in TAROTS:  # an ask answered: a small card is owed back
                self.asks[receiver], self.owed[receiver, giver] = True, None
            else:
                self.owed.pop((giver, receiver), None)
            if card in (self.hands.get(giver) or ()):
                self.hands[giver].remove(card)
            if self.hands.get(receiver) is not None:
                self.hands[receiver].append(card)
            self.exchanges.append(item)
        else:
            raise IllegalAction(self.check(action)[0].message, "unknown-action")

    def discard_unseen(self, cards: list[str] | None) -> None:
        """The referee's discard when the record does not show it card by card: `cards` (the
        record's, None when it shows none) lie out of play; the dealer's hand stays as dealt
        when it shows none and the hand and left-over cards are known, else is unknown."""
        self.discarded = list(cards or ())
        if cards is not None or self.pool() is None:
            self.hands[self.dealer] = None
        self.discard_done = True

    def took(self, trick: TrickResult) -> None:
        """A trick's winner has taken it: its points show from now on."""
        gained = tally([trick], self.seats)[0]
        self.points = {s: p + gained[int(s)] for s, p in self.points.items()}

    @property
    def outcome(self) -> Outcome | None:
        if self._outcome is not None or not self.over:
            return self._outcome
        seats = range(1, self.seats + 1)
        points, kings = tally(self.play.tricks, self.seats)
        said = self._declarations()
        declared = {s: sum(d.points for d in said[s]) for s in seats}
        totals = {s: declared[s] + points[s] for s in seats}
        scores = difference_result(list(totals.values()))
        won = [(f"declarations.{d.kind}", s, d.points) for s in seats for d in said[s]]
        won += [("kings_trumped", s, kings[s]) for s in seats if kings[s]]
        parts = {
            "declarations": {s: [d.as_json() for d in said[s]] for s in seats},
            "declaration_points": declared,
            "tricks": points,
            "kings_trumped": kings,
            "tricks_won": self.play.taken(),
            "totals": totals,
            "card_points": points,
        }
        self._outcome = Outcome.of(
            scores,
            sides={str(s): [s] for s in seats},
            card_points={str(s): float(points[s]) for s in seats},
            margin=float(max(scores)),  # the best total's lead over the second
            bonuses=[Bonus(name=n, side=str(s), points=float(p)) for n, s, p in won],
            breakdown={
                **{name: {str(s): part[s] for s in seats} for name, part in parts.items()},
                "discard": DECK.sort(self.discarded),
                "best": next((s for s in seats if scores[s - 1]), None),  # the one that scores
            },
        )
        return self._outcome

    def _declarations(self) -> dict[int, list[Declaration]]:
        """Each seat's declarations: what it announced (rightly) when its hand is not known,
        5 for an ask nobody answered, and every combination of its hand when known."""
        hands = {s: self.known(s) for s in range(1, self.seats + 1)}
        out: dict[int, list[Declaration]] = {s: [] for s in hands}
        for item in [item for item in self.announced if item.seat in hands]:  # seats dealt
            seat, word, cards = item.seat, item.word, item.cards
            scored = not self.asks.get(seat) if word == "ask" else hands[seat] is None
            if scored and not self.judge_declaration(item):
                out[seat].append(Declaration(word, tuple(cards), announced(word, cards)[0]))
        for seat, found in out.items():
            found += declarations(hands[seat] or [])
        return out

    def record(self) -> Record:
        hands = [tgn.Hand(owner=o, cards=Cards(h)) for o, h in self.dealt.items() if h]
        tags = [t for t in self.tags if t.name != "Result"]
        tags += [Tag(name="Result", value=self.outcome.result)] if self.outcome else []
        discard = tgn.CardList(keyword="discard", cards=Cards(self.discarded))
        return Record(
            tags=tags,
            deal=tgn.Deal(hands=hands),
            discard=discard if self.discarded else None,
            exchange=tgn.Exchanges(items=list(self.exchanges)) if self.exchanges else None,
            announce=tgn.Announcements(items=list(self.announced)) if self.announced else None,
            play=tgn.Play(items=self.play.written()) if self.play else None,
        )

    def snapshot(self) -> Snapshot:
        play, taken = self.play, self.talon_taken
        talon, discard = ([], list(self.discarded)) if taken else (list(self.talon or []), [])
        if play is None:
            hands = {s: list(h) for s, h in self.hands.items() if h is not None}
            return Snapshot(hands, talon, discard)
        return Snapshot(play.sorted_hands(), talon, discard, play.table, play.taken(), self.points)

    def holding(self, seat: int) -> list[str]:
        play = self.play
        hand = self.hands[seat] if self.discard_done or seat != self.dealer else self.pool()
        return DECK.sort((play.hand(seat) if play else hand) or [])

    def shown_cards(self) -> dict[int, list[str]]:
        shown = {item.seat: {} for item in self.announced if item.cards}  # each card once
        for item in self.announced:
            shown.get(item.seat, {}).update(dict.fromkeys(item.cards))
        return {seat: list(cards) for seat, cards in shown.items()}


def start(record: Record, seats: int = 0, dealer: int = 0) -> WaiteState:
    """The state right after the deal of `record`, its hands not given None: the referee's,
    which knows the seats and the dealer, or `trunfu.engine.start`'s (which has checked that
    every hand, the left-over cards and with two seats the dead hand are given)."""
    dealt = {hand.owner: list(hand.cards) for hand in (record.deal.hands if record.deal else ())}
    seats, dealer = seats or record.seats, dealer or record.dealer or 1
    return WaiteState(seats, dealer, dealt, list(record.tags))


def discard_shown(record: Record, pool: list[str] | None) -> list[str] | None:
    """The dealer's discard as the record shows it: its `discard` section, else (when the
    play is written and `pool` known) the cards of `pool` the play does not show."""
    if record.discard is not None:
        return list(record.discard.cards)
    if record.play is None or pool is None:
        return None
    played = set(record.played())
    return [c for c in pool if c not in played]


def in_rules_order(record: Record) -> list[Announcement | Exchange]:
    """The record's asks, exchanges and declarations in the order the rules take them: the
    asks, the Tarots handed over, the cards given back, then the declarations."""
    items = record.announce.items if record.announce else []
    swaps = record.exchange.items if record.exchange else []
    return [
        *[i for i in items if i.word == "ask"],
        *[x for x in swaps if x.card.code in TAROTS],
        *[x for x in swaps if x.card.code not in TAROTS],
        *[i for i in items if i.word != "ask"],
    ]


def actions(record: Record) -> list[tuple[int | None, str]]:
    """The record's actions, (seat, spelling), in the order the rules take them."""
    state = start(record)
    out = [(state.dealer, c) for c in discard_shown(record, state.pool()) or []]
    out += [(int(text[0]), text) for text in map(spell, in_rules_order(record))]
    tricks = [trick.cards for trick in record.play.tricks] if record.play else []
    return out + [(seat, card) for _, seat, card in state.new_play().walk(tricks)]
