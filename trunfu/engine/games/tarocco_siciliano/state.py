"""A Sicilian deal as a game state (docs/games/tarocco-siciliano.md, "As a game state"):
`auction`, `discard`, `call` (Giove's holder, after everybody passed), `announce`, `play`,
`over`. A hand or the talon may be None (not given): the state judges what it can."""

from __future__ import annotations

from ....notation import models as tgn
from ....notation.decks import GAMES
from ...cards import SUITS, card_name
from ...model import Outcome, TrickResult
from ...play import TrickPlay
from ...state import Fault, Snapshot, State
from ...state import dealt as deal_of
from .auction import CHIAMO, FORCED_CALL, OPEN, PRENDO, SOLO, Declarations
from .rules import (
    FOLLOW,
    GAME,
    TRICKS,
    card_points,
    forced_call_fault,
    highest_missing,
    plain,
    scarto_fault,
)
from .scoring import flat, score

DECK = GAMES[GAME]


class SicilianState(State):
    """A deal of Sicilian tarocchi. `judge` and `act` take an action read (kind `call`,
    `announce` or `card`; seat label; word or card; a card after the word), `check` and
    `perform` one spelled."""

    game, variant = GAME, "mineo"
    outcome: Outcome | None = None

    def __init__(
        self,
        seats: int,
        dealer: int,
        hands: dict[int, list[str] | None],
        talon: list[str] | None,
        tags: list[tgn.Tag] | None = None,
    ) -> None:
        self.seats, self.dealer, self.talon, self.phase = seats, dealer, talon, "auction"
        self.partner: int | None = None
        """The holder of the called card (None: a solo, or not known)."""
        self.called: str | None = None
        self.rivanto: int | None = None
        self.after: list[str] | None = None
        """The declarer's cards with the talon (None: not known)."""
        self.giove_in_talon = self.talon_taken = self.scommessa = self.partner_known = False
        self.hands = {s: hands.get(s) for s in range(1, seats + 1)}
        self.tags = tags or [
            tgn.Tag(name=n, value=v)
            for n, v in (("Game", GAME), ("Seats", str(seats)), ("Dealer", str(dealer)))
        ]
        self.bidding = Declarations(seats, dealer % seats + 1)
        self.scarto: list[str] = []
        self.forced: list[str] = []
        """The card Giove's holder called after everybody passed (the `call` section)."""
        self.announced: list[tuple[int, str]] = []
        self.won: dict[str, list[str]] = {"declarer": [], "opponents": []}
        self.points: dict[str, int] = {}
        """The card points of the tricks taken so far (a replay's running points)."""

    def in_hand(self) -> list[str]:
        """The declarer's cards with the talon less those laid in the scarto so far."""
        return [c for c in self.after or [] if c not in self.scarto]

    def start_hands(self) -> dict[int, list[str] | None]:
        """Each seat's cards at the start of play (None: not known)."""
        hands = dict(self.hands)
        if self.declarer is not None:
            known = self.after is not None and len(self.scarto) == 3
            hands[self.declarer] = self.in_hand() if known else None
        return hands

    @property
    def leader(self) -> int:
        """The seat that leads the first trick: the one after the declarer."""
        return (self.declarer or 0) % self.seats + 1

    @property
    def contract(self) -> str:
        end = self.bidding.end  # vado-solo, chiamo or forced-call: the contract's name
        if self.bidding.stata:
            return "stata"
        return "forced-solo" if self.partner is None and end != SOLO else end

    @property
    def why(self) -> str:
        """Why a deal is not played, in words."""
        if self.bidding.end == OPEN:
            return "the declarations are not over"
        if self.bidding.end == PRENDO:
            return f"the deal ended with seat {self.declarer}'s prendo"
        if self.giove_in_talon:
            return "everybody passed and Giove (T20) lies in the talon: the deal is thrown in"
        return "the deal was thrown in"

    @property
    def to_act(self) -> int | None:
        """The seat to speak, to discard or call, to lead (announcements are anybody's)."""
        phase = self.phase
        if phase == "auction":
            return self.bidding.to_speak
        if phase in ("discard", "call"):
            return self.declarer
        if phase == "announce":
            return self.leader
        return self.play.to_play if phase == "play" else None

    # ---- actions

    def legal(self) -> list[str]:
        phase, after = self.phase, self.after
        if phase == "auction":
            return self.bidding.legal(self.hands[self.bidding.to_speak])
        if after is None or phase == "over":
            return []
        if phase == "discard":
            return [c for c in self.in_hand() if not self.judge("card", None, c, None)]
        if phase == "call":
            return [highest_missing(after)]
        cards = self.current_play().legal()
        if phase == "play":
            return cards
        words = ("scommessa", "rivanto")
        said = [f"{s}: {w}" for w in words for s in self.hands if not self._announce_faults(s, w)]
        return said + cards

    def check(self, action: str) -> list[Fault]:
        read = read_action(self.seats, action)
        unknown = [Fault("unknown-action", f"`{action}` is not an action of {GAME}")]
        return self.judge(*read) if read is not None else unknown

    def perform(self, action: str) -> None:
        read = read_action(self.seats, action)
        if read is None:
            raise ValueError(f"`{action}` is not an action of {GAME}")
        self.act(*read)

    def judge(self, kind: str, label: int | None, word: str, card: str | None) -> list[Fault]:
        """What is wrong with the action read (see the class docstring)."""
        phase = self.phase
        if kind == "call":
            return self.bidding.say(word, card, label, self.hands[self.bidding.to_speak], do=False)
        if kind == "announce":
            return self._announce_faults(label, word, card)
        if phase == "discard":
            faults, after, trump = [], self.after, SUITS[word] == "T"
            if after is not None and (word not in after or word in self.scarto):
                why = f"seat {self.declarer} discards {word} but holds it neither in his hand nor in the talon"
                faults.append(Fault("scarto-not-held", why))
            count = plain(after) if after is not None and trump else None
            why = scarto_fault(word, count, self.scarto)
            return [*faults, Fault("illegal-scarto", why)] if why else faults
        if phase == "call":
            why = forced_call_fault(self.declarer, word, self.after)
            return [Fault("wrong-call", why)] if why else []
        if phase in ("announce", "play"):
            fault = self.current_play().card_fault(word)
            return [fault] if fault else []
        why = "the deal is over" if self.play is not None else self.why
        return [Fault("not-played", f"{why}: no card is played")]

    def _announce_faults(self, seat: int, word: str, card: str | None = None) -> list[Fault]:
        declarer, why = self.declarer, None
        if self.phase != "announce":
            why = "announcements come before the first lead"
        elif word == "scommessa" and seat != declarer:
            why = f"only the declarer (seat {declarer}) may announce scommessa, not seat {seat}"
        elif word == "scommessa" and self.scommessa:
            why = "scommessa is announced once"
        elif word == "scommessa":
            why = self.scommessa_fault(self.after)
        elif word != "rivanto":
            why = f"`{word}` is not announced in this game"
        elif seat == declarer:
            why = f"seat {declarer} is the declarer: only an opponent may announce rivanto"
        elif self.rivanto is not None:
            why = f"seat {self.rivanto} already announced rivanto: one opponent announces it"
        elif seat == self.partner:
            why = f"seat {seat} holds the called card {self.called}: as the caller's partner he "
            why += "may not announce rivanto (only an opponent may)"
        faults = [Fault("illegal-announcement", why)] if why else []
        if card is not None:
            faults.append(Fault("illegal-announcement", f"`{word}` shows no cards", 0))
        return faults

    def scommessa_fault(self, after: list[str] | None) -> str | None:
        """Why the declarer, holding `after` with the talon, may not announce scommessa."""
        if after is None or not (missing := [c for c in ("T20", "EX") if c not in after]):
            return None
        names = " and ".join(card_name(GAME, c) for c in missing)
        return f"seat {self.declarer} announces scommessa without holding {names}"

    def act(self, kind: str, label: int | None, word: str, card: str | None) -> None:
        """Do the action read, legal or not (see the class docstring)."""
        phase = self.phase
        if kind == "call":
            if phase == "auction":
                self.bidding.say(word, card)
                if self.bidding.end != OPEN:
                    self.end_auction()
        elif kind == "announce":
            self.announced.append((label, word))
            if word == "scommessa" and label == self.declarer:
                self.scommessa = True
            elif word == "rivanto" and label != self.declarer and self.rivanto is None:
                self.rivanto = label
        elif phase == "discard":
            self.talon_taken = True
            self.scarto.append(word)
            if len(self.scarto) == 3:
                self.after_scarto()
        elif phase == "call":
            self.forced.append(word)
            self.called, self.phase = word, "announce"
            self._find_partner()
        elif phase in ("announce", "play"):
            self.play, self.phase = self.current_play(), "play"
            if (done := self.play.play(word)) is not None:
                self.took(done)
                self.finish()

    # ---- transitions

    def end_auction(self) -> None:
        """The declarations are over, as `act` finds after a call, or the referee once it has
        driven `bidding` itself: who declares, or the deal is not played."""
        bidding = self.bidding
        if bidding.end in (SOLO, CHIAMO):
            self.called = bidding.called
            self.name_declarer(bidding.declarer)
            if self.called is not None:  # a solo calls no partner
                self._find_partner()
        elif bidding.end == FORCED_CALL:
            holder = next((s for s, h in self.hands.items() if h and "T20" in h), None)
            self.giove_in_talon = holder is None and "T20" in (self.talon or [])
            self.phase = "over" if self.giove_in_talon else "discard"
            if holder is not None:  # else the referee names him from the play
                self.name_declarer(holder)
        else:
            self.declarer, self.phase = bidding.declarer, "over"
        if self.phase == "over":  # not played: thrown in, or ended by prendo
            contract = "prendo" if bidding.end == PRENDO else "thrown-in"
            self.outcome = flat(self, contract)

    def name_declarer(self, seat: int) -> None:
        """`seat` declares: he takes the talon and discards."""
        self.declarer, self.phase, hand = seat, "discard", self.hands.get(seat)
        if hand is not None and self.talon is not None:
            self.after = hand + self.talon

    def _find_partner(self) -> None:
        holder = next((s for s, h in self.hands.items() if h and self.called in h), None)
        self.partner = holder if holder != self.declarer else None

    def after_scarto(self) -> None:
        """The scarto is laid: on to the call (after everybody passed) or the announcements."""
        self.phase = "call" if self.bidding.end == FORCED_CALL else "announce"

    def current_play(self) -> TrickPlay:
        """The play, or before the first card a play about to start."""
        if self.play is not None:
            return self.play
        return TrickPlay(FOLLOW, self.seats, self.leader, TRICKS[self.seats], self.start_hands())

    def adopt(self, play: TrickPlay) -> None:
        """Play on with `play` (the referee's, whose hands it inferred from the record)."""
        self.play, self.phase = play, "play"

    def took(self, trick: TrickResult) -> None:
        """A trick is taken: the running points and whether the partner is known."""
        cards = [c for _, c in trick.cards]
        side = "declarer" if trick.winner in (self.declarer, self.partner) else "opponents"
        self.won[side] += cards
        self.points = {side: card_points(won) for side, won in self.won.items()}
        self.partner_known = self.partner_known or self.called in cards

    def finish(self) -> None:
        """Score the deal when its play is whole and its scarto known."""
        play = self.play
        if play is None or not play.over or len(self.scarto) != 3:
            return
        self.outcome = score(self)
        self.phase, self.partner_known = "over", True

    # ---- what is shown

    def record(self) -> tgn.Record:
        owners = [*self.hands.items(), ("talon", self.talon)]
        hands = [tgn.Hand(owner=str(s), cards=tgn.Cards(h)) for s, h in owners if h is not None]
        cut = [[w.partition(" ") for w in r] for r in self.bidding.rounds if r]
        calls = [[tgn.Call(word=w, card=tgn.Card(c) if c else None) for w, _, c in r] for r in cut]
        written = self.play.written() if self.play else []
        items = [tgn.Announcement(seat=s, word=w) for s, w in self.announced]
        separators = [tgn.Node() for _ in calls[1:]]
        return tgn.Record(
            tags=list(self.tags),
            deal=tgn.Deal(hands=hands),
            auction=tgn.Auction(rounds=calls, separators=separators) if calls else None,
            call=_section("call", self.forced),
            discard=_section("discard", self.scarto),
            announce=tgn.Announcements(items=items) if items else None,
            play=tgn.Play(items=written) if written else None,
        )

    def snapshot(self) -> Snapshot:
        """The table as a replay step shows it."""
        play, declarer, taken, outcome = self.play, self.declarer, self.talon_taken, self.outcome
        if play is not None:
            hands = play.sorted_hands()
        else:
            hands = {s: DECK.sort(h or []) for s, h in self.hands.items()}
            if taken and self.hands.get(declarer) is not None:  # less the scarto, with the talon
                with_talon = DECK.sort(self.after) if self.talon else hands[declarer]
                hands[declarer] = [c for c in with_talon if c not in self.scarto]
        return Snapshot(
            hands=hands,
            talon=[] if taken else list(self.talon or []),
            discard=list(self.scarto),
            taken=play.taken() if play else {},
            points=(outcome.breakdown if outcome else {}).get("card_points", self.points),
            declarer=declarer if taken else None,
            partner_known=self.partner_known,
        )

    def holding(self, seat: int) -> list[str]:
        play = self.play
        if play is not None and play.hands.get(seat) is not None:
            return DECK.sort(play.hand(seat))
        if seat == self.declarer and self.phase in ("discard", "call", "announce"):
            return DECK.sort(self.in_hand())
        return DECK.sort(self.hands.get(seat) or [])


def _section(keyword: str, codes: list[str]) -> tgn.CardList | None:
    return tgn.CardList(keyword=keyword, cards=tgn.Cards(codes)) if codes else None


def dealt(record: tgn.Record, seats: int) -> tuple[dict[int, list[str] | None], list[str] | None]:
    """Each seat's hand (None: not given) and the talon (when not given, the cards no hand
    holds)."""
    hands, piles = deal_of(record, seats)
    talon = piles.get("talon")
    if talon is None and None not in hands.values():
        held = {c for h in hands.values() for c in h}
        talon = [c for c in DECK.order if c not in held]
    return hands, talon


def start(record: tgn.Record) -> SicilianState:
    """The state right after the deal of `record` (`trunfu.engine.start` has checked its
    seats, and that every hand and the talon are given)."""
    hands, talon = dealt(record, record.seats)
    return SicilianState(record.seats, record.dealer or 1, hands, talon, list(record.tags))


def actions(record: tgn.Record) -> list[tuple[int | None, str]]:
    """The record's actions (seat, spelling) in the order the rules apply them (its seats
    checked by `trunfu.engine.actions`)."""
    state = start(record)
    out = [c.word + (f" {c.card.code}" if c.card else "") for c in record.calls()]
    out += list(record.discard.cards) if record.discard else []
    out += record.call.cards[:1] if record.call else []
    out += [f"{a.seat}: {a.word}" for a in record.announce.items] if record.announce else []
    out += record.played()
    seated: list[tuple[int | None, str]] = []
    for action in out:
        seated.append((state.actor(action), action))
        state.perform(action)
    return seated


def read_action(seats: int, action: str) -> tuple[str, int | None, str, str | None] | None:
    """What `action` says (see `SicilianState`): a call (`chiamo T19`, `2: passo`), an
    announcement (`2: rivanto`) or a card; None: not an action."""
    label, colon, rest = action.partition(":")
    seat = int(label) if colon and label.isdigit() and 0 < int(label) <= seats else None
    words = (rest if colon else action).lower().split() or [""]
    call, (word, *cards) = DECK.calls[seats].get("-".join(words)), words
    cards = [c.upper() for c in cards]
    if colon and seat is None:
        return None
    if call is not None and call != "chiamo":  # a call of several words: `altre cinque`
        return "call", seat, call, None
    if len(cards) > 1 or not DECK.cards.issuperset(cards):
        return None
    card = cards[0] if cards else None
    if card is not None and DECK.calls[seats].get(word) == "chiamo":
        return "call", seat, "chiamo", card
    if seat is not None and word in DECK.announcements:
        return "announce", seat, word, card
    if seat is None and card is None and (code := word.upper()) in DECK.cards:
        return "card", None, code, None
    return None
