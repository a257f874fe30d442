"""A Sicilian deal as a game state: the declarations, the talon and the scarto, the forced
call, the announcements, the play and the score (docs/games/tarocco-siciliano.md, "As a
game state").

Phases: `auction` (the declarations, round by round), `discard` (the declarer takes the
talon and lays the scarto, card by card), `call` (after everybody passed: the holder of
Giove calls a card), `announce` (`scommessa`, `rivanto`; the first card played ends it),
`play` and `over`. A state may be told less than a whole deal (a hand or the talon as
None): it then judges what it can, and the referee (`replay.py`) the rest, from the play."""

from __future__ import annotations

from functools import lru_cache

from ....notation.decks import GAMES
from ....notation.models import (
    Announcement,
    Announcements,
    Auction,
    Call,
    Card,
    CardList,
    Deal,
    Hand,
    Node,
    Play,
    PlayedCard,
    Record,
    Tag,
    Trick,
)
from ....notation.reader import read_text
from ...cards import SUITS, card_name
from ...model import Outcome, TrickResult
from ...play import TrickPlay
from ...state import Fault, Snapshot, State, View
from .auction import CHIAMO, FORCED_CALL, OPEN, PRENDO, SOLO, Declarations
from .rules import (
    FOLLOW,
    GAME,
    NEVER_DISCARDED,
    TRICKS,
    card_points,
    forced_call_fault,
    highest_missing,
    plain,
    scarto_fault,
)
from .scoring import flat, score

DECK = GAMES[GAME]
CODES = frozenset(c for g in GAMES.values() for c in g.order)
"""The card codes of every deck: a card of another game is read as a card, and refused."""
CALLS = frozenset(w for g in GAMES.values() for table in g.calls.values() for w in table.values())
"""The calls of every game: a call of another game is read as a call, and refused."""


def no_cards(word: str) -> str:
    """The sentence for an announcement written with cards (none shows any)."""
    return f"`{word}` shows no cards"


class SicilianState(State):
    """A deal of Sicilian tarocchi from the deal to the score.

    `hands` (seat → its cards as dealt) and `talon` may be None where the record does not
    tell them (the referee's state); `start(record)` and a simulated deal know them all."""

    game = GAME
    variant = "mineo"

    def __init__(
        self,
        seats: int,
        dealer: int,
        hands: dict[int, list[str] | None],
        talon: list[str] | None,
        tags: list[Tag] | None = None,
    ) -> None:
        self.seats, self.dealer = seats, dealer
        self.hands = {s: hands.get(s) for s in range(1, seats + 1)}
        self.talon = talon
        self.tags = tags or [
            Tag(name="Game", value=GAME),
            Tag(name="Seats", value=str(seats)),
            Tag(name="Dealer", value=str(dealer)),
        ]
        self.phase = "auction"
        self.bidding = Declarations(seats, dealer % seats + 1)
        self.declarer: int | None = None
        self.partner: int | None = None
        """The holder of the called card (None: a solo, or not known)."""
        self.called: str | None = None
        """The card called (by `chiamo`, or by Giove's holder after everybody passed)."""
        self.giove_in_talon = False
        self.talon_taken = False
        """The declarer has picked the talon up (a replay shows it in his hand)."""
        self.scarto: list[str] = []
        self.forced: list[str] = []
        """The card called after everybody passed (the `call` section)."""
        self.announced: list[tuple[int, str]] = []
        self.scommessa = False
        self.rivanto: int | None = None
        """The seat whose rivanto stands."""
        self.play: TrickPlay | None = None
        self.won: dict[str, list[str]] = {"declarer": [], "opponents": []}
        """The cards of the tricks taken so far, by side (the running points)."""
        self.counted = 0
        self.partner_known = False
        self._outcome: Outcome | None = None

    # ---- what is known

    @property
    def after(self) -> list[str] | None:
        """The declarer's cards after taking the talon (None when not known)."""
        hand = self.hands.get(self.declarer) if self.declarer else None
        if hand is None or self.talon is None:
            return None
        return hand + self.talon

    def start_hands(self) -> dict[int, list[str] | None]:
        """Each seat's cards at the start of play (None: not known)."""
        hands = dict(self.hands)
        if self.declarer is not None:
            after = self.after
            scarto = self.scarto
            hands[self.declarer] = (
                [c for c in after if c not in scarto]
                if after is not None and len(scarto) == 3
                else None
            )
        return hands

    @property
    def leader(self) -> int:
        """The seat that leads the first trick: the one after the declarer."""
        return (self.declarer or 0) % self.seats + 1

    @property
    def contract(self) -> str:
        end = self.bidding.end
        if self.bidding.stata:
            return "stata"
        if end == SOLO:
            return "vado-solo"
        if self.partner is None:
            return "forced-solo"
        return "chiamo" if end == CHIAMO else "forced-call"

    @property
    def why(self) -> str:
        """Why a deal is not played, in words."""
        end = self.bidding.end
        if end == OPEN:
            return "the declarations are not over"
        if end == PRENDO:
            return f"the deal ended with seat {self.declarer}'s prendo"
        if self.giove_in_talon:
            return "everybody passed and Giove (T20) lies in the talon: the deal is thrown in"
        return "the deal was thrown in"

    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == "auction":
            return self.bidding.to_speak
        if phase in ("discard", "call"):
            return self.declarer
        if phase == "announce":
            return self.leader
        return self.play.to_play if phase == "play" else None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    # ---- actions

    def legal(self) -> list[str]:
        phase, seat = self.phase, self.to_act
        if phase == "auction":
            return self.bidding.legal(self.hands[seat])
        after = self.after
        if after is None or phase == "over":
            return []
        if phase == "discard":
            scarto, hand = self.scarto, self.in_hand()
            trumps = _trumps(scarto)
            count = plain(after)
            return [c for c in hand if scarto_fault(c, count, trumps) is None]
        if phase == "call":
            return [highest_missing(after)]
        cards = self.current_play().legal()
        if phase == "play":
            return cards
        return self._announcements() + cards

    def in_hand(self) -> list[str]:
        """The declarer's cards while he lays the scarto."""
        scarto = self.scarto
        return [c for c in self.after or [] if c not in scarto]

    def _announcements(self) -> list[str]:
        out = []
        declarer, after = self.declarer, self.after or []
        if not self.scommessa and {"T20", "EX"} <= set(after):
            out.append(f"{declarer}: scommessa")
        if self.rivanto is None:
            out += [
                f"{s}: rivanto"
                for s in range(1, self.seats + 1)
                if s not in (declarer, self.partner)
            ]
        return out

    def check(self, action: str) -> list[Fault]:
        read = read_action(self.seats, action)
        if read is None:
            return [Fault("unknown-action", f"`{action}` is not an action of {GAME}")]
        kind, label, word, cards = read
        phase = self.phase
        if kind == "call":
            seat = self.bidding.to_speak
            card = cards[0] if cards else None
            return self.bidding.faults(label, word, card, self.hands[seat])
        if kind == "announce":
            return self._announce_faults(label, word, cards)
        card = word
        if phase == "discard":
            return self._discard_faults(card)
        if phase == "call":
            after = self.after
            why = forced_call_fault(self.declarer, card, after) if after is not None else None
            return [Fault("wrong-call", why)] if why else []
        if phase in ("announce", "play"):
            play = self.current_play()
            fault = play.fault(card)
            if fault is None:
                return []
            held = play.hand(play.to_play) or []
            return [Fault("illegal-card" if card in held else "card-not-held", fault)]
        why = "the deal is over" if self.play is not None else self.why
        return [Fault("not-played", f"{why}: no card is played")]

    def _discard_faults(self, card: str) -> list[Fault]:
        after, seat = self.after, self.declarer
        faults = []
        if after is not None and card not in self.in_hand():
            faults.append(
                Fault(
                    "scarto-not-held",
                    f"seat {seat} discards {card} but holds it neither in his hand nor in "
                    "the talon",
                )
            )
        trump = after is not None and SUITS[card] == "T"  # only a trump needs the count
        why = scarto_fault(card, plain(after) if trump else None, _trumps(self.scarto))
        return faults + ([Fault("illegal-scarto", why)] if why else [])

    def _announce_faults(self, seat: int, word: str, cards: tuple[str, ...]) -> list[Fault]:
        declarer = self.declarer
        faults = []
        if self.phase != "announce":
            faults.append(Fault("illegal-announcement", "announcements come before the first lead"))
        elif word == "scommessa":
            if seat != declarer:
                faults.append(
                    Fault(
                        "illegal-announcement",
                        f"only the declarer (seat {declarer}) may announce scommessa, not seat "
                        f"{seat}",
                    )
                )
            elif self.scommessa:
                faults.append(Fault("illegal-announcement", "scommessa is announced once"))
            elif (fault := self.scommessa_fault(self.after)) is not None:
                faults.append(fault)
        elif word == "rivanto":
            if seat == declarer:
                faults.append(
                    Fault(
                        "illegal-announcement",
                        f"seat {declarer} is the declarer: only an opponent may announce rivanto",
                    )
                )
            elif self.rivanto is not None:
                faults.append(
                    Fault(
                        "illegal-announcement",
                        f"seat {self.rivanto} already announced rivanto: one opponent announces it",
                    )
                )
            elif seat == self.partner:
                faults.append(
                    Fault(
                        "illegal-announcement",
                        f"seat {seat} holds the called card {self.called}: as the caller's "
                        "partner he may not announce rivanto (only an opponent may)",
                    )
                )
        else:
            faults.append(Fault("illegal-announcement", f"`{word}` is not announced in this game"))
        if cards:
            faults.append(Fault("illegal-announcement", no_cards(word)))
        return faults

    def scommessa_fault(self, after: list[str] | None) -> Fault | None:
        """What is wrong with the declarer's scommessa, holding `after` after the talon."""
        if after is None:
            return None
        missing = [c for c in ("T20", "EX") if c not in after]
        if not missing:
            return None
        return Fault(
            "illegal-announcement",
            f"seat {self.declarer} announces scommessa without holding "
            + " and ".join(card_name(GAME, c) for c in missing),
        )

    def perform(self, action: str) -> None:
        read = read_action(self.seats, action)
        if read is None:
            raise ValueError(f"`{action}` is not an action of {GAME}")
        kind, label, word, cards = read
        phase = self.phase
        if kind == "call":
            if phase == "auction":
                self.bidding.say(word, cards[0] if cards else None)
                if self.bidding.end != OPEN:
                    self._end_auction()
        elif kind == "announce":
            self.announced.append((label, word))
            if word == "scommessa" and label == self.declarer:
                self.scommessa = True
            elif word == "rivanto" and label != self.declarer and self.rivanto is None:
                self.rivanto = label
        elif phase == "discard":
            self.take_talon()
            self.scarto.append(word)
            if len(self.scarto) == 3:
                self._after_scarto()
        elif phase == "call":
            self.forced.append(word)
            self.called = word
            self._find_partner()
            self.phase = "announce"
        elif phase in ("announce", "play"):
            self.play, self.phase = self.current_play(), "play"
            done = self.play.play(word)
            if done is not None:
                self.took(done)
                if self.play.over:
                    self.finish()

    # ---- transitions

    def _end_auction(self) -> None:
        bidding = self.bidding
        end = bidding.end
        if end in (SOLO, CHIAMO):
            self.declarer, self.called = bidding.declarer, bidding.called
            self._find_partner()
            self.phase = "discard"
        elif end == FORCED_CALL:
            holder = next((s for s, h in self.hands.items() if h and "T20" in h), None)
            if holder is not None:
                self.name_holder(holder)
            elif self.talon is not None and "T20" in self.talon:
                self.giove_in_talon = True
                self._unplayed()
            else:
                self.phase = "discard"  # the referee names the holder (`name_holder`)
        else:
            self.declarer = bidding.declarer
            self._unplayed()

    def _unplayed(self) -> None:
        bidding = self.bidding
        self.phase = "over"
        if bidding.end == PRENDO:
            self._outcome = flat(
                self.seats, "prendo", bidding.speakers, bidding.payments, self.declarer
            )
        else:
            self._outcome = flat(self.seats, "thrown-in", bidding.speakers)

    def name_holder(self, seat: int) -> None:
        """After everybody passed: `seat` holds Giove, takes the talon and calls."""
        self.declarer = seat
        self.phase = "discard"

    def _find_partner(self) -> None:
        called = self.called
        holder = next((s for s, h in self.hands.items() if h and called in h), None)
        self.partner = holder if holder != self.declarer else None

    def take_talon(self) -> None:
        """The declarer picks the talon up (from now on a replay shows it in his hand)."""
        self.talon_taken = True

    def _after_scarto(self) -> None:
        self.phase = "call" if self.bidding.end == FORCED_CALL else "announce"

    def lay(self, scarto: list[str] | None) -> None:
        """For the referee: the scarto as the record gives it, of any size, or as inferred
        from the play (None: not known); the deal goes on to the call or the
        announcements."""
        self.take_talon()
        self.scarto = list(scarto or [])
        self._after_scarto()

    def skip_call(self) -> None:
        """For the referee: a forced call the record leaves out."""
        self.phase = "announce"

    def adopt(self, play: TrickPlay) -> None:
        """Play on with `play` (the referee's, whose hands it inferred from the record)."""
        self.play, self.phase = play, "play"

    def current_play(self) -> TrickPlay:
        """The play, or before the first card a play about to start."""
        if self.play is not None:
            return self.play
        hands = self.start_hands()
        return TrickPlay(FOLLOW, self.seats, self.leader, TRICKS[self.seats], hands)

    def took(self, trick: TrickResult) -> None:
        """A trick is taken: the running points and whether the partner is known."""
        self.counted += 1
        partner, declarer = self.partner, self.declarer
        cards = [c for _, c in trick.cards]
        side = "declarer" if trick.winner in (declarer, partner) else "opponents"
        self.won[side] += cards
        if self.called in cards:
            self.partner_known = True

    def finish(self) -> None:
        """Score the deal when its play is whole and its scarto known."""
        play = self.play
        if play is None or not play.over or len(self.scarto) != 3:
            return
        self._outcome = score(
            self.seats,
            self.contract,
            self.declarer,
            self.partner,
            self.bidding.stata,
            play.tricks,
            self.scarto,
            self.scommessa,
            self.rivanto,
            self.bidding.speakers,
        )
        self.phase, self.partner_known = "over", True

    # ---- what is shown

    def record(self) -> Record:
        hands = [
            Hand(owner=str(s), cards=_cards(h)) for s, h in self.hands.items() if h is not None
        ]
        if self.talon is not None:
            hands.append(Hand(owner="talon", cards=_cards(self.talon)))
        calls = [
            [Call(word=w.split()[0], card=Card(w.split()[1]) if " " in w else None) for w in r]
            for r in self.bidding.rounds
            if r
        ]
        play = self.play
        tricks = [] if play is None else [t.cards for t in play.tricks]
        if play is not None and play.trick:
            tricks.append(play.table)
        return Record(
            tags=list(self.tags),
            deal=Deal(hands=hands),
            auction=Auction(rounds=calls, separators=[Node() for _ in calls[1:]])
            if calls
            else None,
            call=CardList(keyword="call", cards=_cards(self.forced)) if self.forced else None,
            discard=CardList(keyword="discard", cards=_cards(self.scarto)) if self.scarto else None,
            announce=Announcements(items=[Announcement(seat=s, word=w) for s, w in self.announced])
            if self.announced
            else None,
            play=Play(items=[Trick(cards=[PlayedCard(c) for _, c in t]) for t in tricks])
            if play is not None and tricks
            else None,
        )

    def snapshot(self) -> Snapshot:
        sort, play, declarer = DECK.sort, self.play, self.declarer
        taken = self.talon_taken
        if play is not None:
            hands = {s: sort(play.hand(s)) for s, h in play.hands.items() if h is not None}
        else:
            hands = {s: sort(h or []) for s, h in self.hands.items()}
            dealt = self.hands.get(declarer) if taken else None
            if dealt is not None:
                with_talon = sort(dealt + self.talon) if self.talon else hands[declarer]
                hands[declarer] = [c for c in with_talon if c not in self.scarto]
        outcome = self._outcome
        if outcome is not None and self.play is not None:
            points = dict(outcome.breakdown["card_points"])
        elif self.counted:
            points = {side: card_points(cards) for side, cards in self.won.items()}
        else:
            points = {}
        return Snapshot(
            hands=hands,
            talon=[] if taken else list(self.talon or []),
            discard=list(self.scarto),
            trick=[],
            taken=play.taken() if play is not None else {},
            points=points,
            declarer=declarer if taken else None,
            partner_known=self.partner_known,
        )

    def view(self, seat: int) -> View:
        play = self.play
        if play is not None and play.hands.get(seat) is not None:
            hand = play.hand(seat)
        elif seat == self.declarer and self.phase in ("discard", "call", "announce"):
            hand = self.in_hand()
        else:
            hand = list(self.hands.get(seat) or [])
        played = [c for t in play.tricks for _, c in t.cards] + play.trick if play else []
        legal = self.legal()
        if self.phase == "announce":
            mine = [a for a in legal if a.startswith(f"{seat}: ")]
            legal = mine + ([a for a in legal if ":" not in a] if seat == self.leader else [])
        elif self.to_act != seat:
            legal = []
        return View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            hand=DECK.sort(hand),
            trick=play.table if play else [],
            played=played,
            shown={},
            talon=[],
            taken=play.taken() if play else {},
            declarer=self.declarer,
            legal=legal,
        )


def _trumps(scarto: list[str]) -> int:
    """The trumps in `scarto` that count against those it may hold."""
    return sum(SUITS[c] == "T" and c not in NEVER_DISCARDED for c in scarto)


def _cards(codes: list[str]) -> list[Card]:
    return [Card(c) for c in codes]


def _seats(record: Record) -> int:
    seats = record.seats
    if seats not in TRICKS:
        raise ValueError(f"{GAME} is played by 3 or 4 seats, not {record.tag('Seats')!r}")
    return seats


def start(record: Record) -> SicilianState:
    """The state right after the deal of `record`: every hand and the talon must be given
    (`ValueError` says which is not)."""
    seats, dealer = _seats(record), record.dealer or 1
    hands = {s: record.hand(s) for s in range(1, seats + 1)}
    talon = record.hand("talon")
    missing = [f"seat {s}" for s, h in hands.items() if h is None]
    missing += ["the talon"] if talon is None else []
    if missing:
        raise ValueError(f"the deal does not give the cards of {', '.join(missing)}")
    codes = {s: [c.code for c in h.cards] for s, h in hands.items()}
    return SicilianState(seats, dealer, codes, [c.code for c in talon.cards], list(record.tags))


def actions(record: Record) -> list[tuple[int | None, str]]:
    """The record's actions (seat, spelling) in the order the rules apply them: the calls,
    the scarto card by card, the card called after everybody passed, the announcements
    and the cards played."""
    seats, dealer = _seats(record), record.dealer or 1
    given = {s: record.hand(s) for s in range(1, seats + 1)}
    talon = record.hand("talon")
    state = SicilianState(
        seats,
        dealer,
        {s: [c.code for c in h.cards] if h else None for s, h in given.items()},
        [c.code for c in talon.cards] if talon else None,
    )
    calls = [c for r in record.auction.rounds for c in r] if record.auction else []
    said = [c.word + (f" {c.card.code}" if c.card else "") for c in calls]
    later = [c.code for c in record.discard.cards] if record.discard else []
    later += [c.code for c in record.call.cards[:1]] if record.call else []
    items = record.announce.items if record.announce else []
    later += [f"{a.seat}: {a.word}" for a in items]
    later += [c.code for t in (record.play.tricks if record.play else []) for c in t.cards]
    out: list[tuple[int | None, str]] = []
    for action in said + later:
        seat = int(action.split(":")[0]) if ":" in action else state.to_act
        out.append((seat, action))
        state.perform(action)
    return out


Read = tuple[str, int | None, str, tuple[str, ...]]
"""An action read: (kind, seat label, word or card, cards); kind `call`, `announce` or
`card`."""


@lru_cache(maxsize=4096)
def read_action(seats: int, action: str) -> Read | None:
    """What `action` says, in the canonical spelling; None when it is not an action."""
    parts = action.split()
    label = None
    if parts and parts[0][-1:] == ":" and parts[0][:-1].isdigit():
        label, parts = int(parts[0][:-1]), parts[1:]
    if not parts:
        return None
    head, rest = parts[0], tuple(parts[1:])
    if all(c in CODES for c in rest):
        if head in CODES and label is None and not rest:
            return "card", None, head, ()
        word = DECK.calls.get(seats, {}).get(head, head if head in CALLS else None)
        if word is not None and len(rest) <= 1:
            return "call", label, word, rest
        if label is not None and head.islower() and head not in CODES:
            return "announce", label, head, rest
    return _reread(seats, action)


def _reread(seats: int, action: str) -> Read | None:
    """An action in another spelling the notation reads (`vado solo`, `ks`, `2:rivanto`),
    read by the notation's reader."""
    head = f'[Game "{GAME}"]\n[Seats "{seats}"]\n[Dealer "1"]\n\n'
    for section in ("auction", "discard", "announce"):
        [read] = read_text(f"{head}{section}\n  {action}\n")
        record = read.record
        if read.diagnostics or record is None:
            continue
        if record.auction is not None and sum(map(len, record.auction.rounds)) == 1:
            call = record.auction.rounds[0][0]
            return "call", call.label, call.word, (call.card.code,) if call.card else ()
        if record.discard is not None and len(record.discard.cards) == 1:
            return "card", None, record.discard.cards[0].code, ()
        if record.announce is not None and len(record.announce.items) == 1:
            item = record.announce.items[0]
            return "announce", item.seat, item.word, tuple(c.code for c in item.cards)
    return None
