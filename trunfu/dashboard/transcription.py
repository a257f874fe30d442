"""A deal being transcribed, without Streamlit: the set-up (tags), the deal card by card,
then the actions through the engine's game state (`start`, `legal`, `apply`), undone by
replaying all but the last from the start; the TGN text as it grows, through the canonical
writer. When the hands are not known (a transcription of the play only), the items before
the play (calls, discard, announcements…) and the cards of the play are judged by the
referee (`trunfu.engine.replay`, through `before_play`), which infers the hands from the
play.

The Transcribe page draws this; its whole state is one `Transcription`, which fits in a
URL (`to_token` / `from_token`) and is rebuilt from a pasted partial record (`from_text`)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from copy import deepcopy
from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING

from ..engine import IllegalAction, replay, start
from ..engine.cards import EXCUSE, TRUMP, card_name, rank_of, suit_of
from ..notation.decks import GAMES
from ..notation.models import CardExtras, Cards, Deal, Hand, Record, Tag
from ..notation.reader import read_text
from ..notation.writer import write
from . import before_play as sections
from . import words

if TYPE_CHECKING:
    from ..engine import Replay, State
    from ..notation.models import Diagnostic

SETUP_TAGS = ("Event", "Site", "Date", "Round")
"""The free-text tags the set-up asks for, after Game, Seats, Dealer and Variant."""
"""A card code alone (an action of the call, discard or play phases)."""


class TranscriptionError(ValueError):
    """Something the transcription refuses, told in a sentence for the user."""


@dataclass
class Setup:
    """The deal's tags as the set-up form gives them."""

    game: str
    seats: int
    dealer: int = 1
    variant: str | None = None
    players: list[str] = field(default_factory=list)
    event: str = ""
    site: str = ""
    date: str = ""
    round: str = ""
    extra: list[tuple[str, str]] = field(default_factory=list)
    """Other tags of a resumed record (Board, Source, Title…), kept as they were."""
    order: list[str] = field(default_factory=list)
    """The tag names of a resumed record in their order (a fresh set-up: the usual order)."""

    def __post_init__(self) -> None:
        rules = GAMES.get(self.game)
        if rules is None:
            raise TranscriptionError(f"trunfu does not know the game {self.game!r}")
        if self.seats not in rules.deals:
            raise TranscriptionError(
                f"{words.game(self.game)} is played by "
                f"{' or '.join(str(n) for n in rules.seats)} players, not {self.seats}"
            )
        if not 1 <= self.dealer <= self.seats:
            raise TranscriptionError(f"the dealer is a seat from 1 to {self.seats}")
        if self.variant is not None and self.variant not in rules.variants:
            raise TranscriptionError(f"{words.game(self.game)} has no variant {self.variant!r}")
        for value in (*self.players, self.event, self.site, self.date, self.round):
            if '"' in value or "\\" in value or "\t" in value or "\n" in value:
                raise TranscriptionError('a tag may not hold `"`, `\\`, a tab or a line break')

    def values(self, result: str) -> dict[str, str]:
        """Tag name → value, the empty ones left out."""
        found = {"Game": self.game, "Seats": str(self.seats), "Dealer": str(self.dealer)}
        if self.variant:
            found["Variant"] = self.variant
        for name in SETUP_TAGS:
            value = getattr(self, name.lower()).strip()
            if value:
                found[name] = value
        for seat, name in enumerate(self.players, 1):
            if name.strip():
                found[f"P{seat}"] = name.strip()
        found.update(self.extra)
        found["Result"] = result
        return found

    def tags(self, result: str = "*") -> list[Tag]:
        values = self.values(result)
        names = [n for n in self.order if n in values]
        names += [n for n in values if n not in names]
        return [Tag(name=name, value=values[name]) for name in names]

    def eldest(self) -> int:
        return self.dealer % self.seats + 1


def sizes(game: str, seats: int) -> dict[str, int]:
    """How many cards each owner of the deal gets: the seats, the talon, the dead hand."""
    deal = GAMES[game].deals[seats]
    found = {str(seat): deal.hand for seat in range(1, seats + 1)}
    if deal.talon:
        found["talon"] = deal.talon
    if deal.dead:
        found["dead"] = deal.dead
    return found


@dataclass
class Transcription:
    """One deal being entered: the deal, then `actions` through the game state; or, with
    `play_only`, the cards of the play checked by the referee, with the hands that are
    known (none, or some: marafone's referee needs the hand that leads)."""

    setup: Setup
    hands: dict[str, list[str]] = field(default_factory=dict)
    play_only: bool = False
    actions: list[str] = field(default_factory=list)
    """With the hands known: every action applied, in order, as `State.apply` took it."""
    before: list[str] = field(default_factory=list)
    """With the hands not known: the items before the play, in the order entered
    (`auction garde`, `discard 7S`…: see `trunfu.dashboard.before_play`)."""
    cards: list[str] = field(default_factory=list)
    """With the hands not known: the cards of the play, in playing order."""
    comment: str = ""
    """The record's own comment."""
    notes: dict[int, str] = field(default_factory=dict)
    """A comment per card of the play, by its place in the play (0: the first card)."""
    call_notes: dict[int, str] = field(default_factory=dict)
    """A comment per call of the auction, by its place in the auction (0: the first)."""

    # -- the deal -------------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.setup.game

    @property
    def known(self) -> bool:
        """Whether the deal is entered whole before the actions (else the play only)."""
        return not self.play_only

    def sizes(self) -> dict[str, int]:
        return sizes(self.game, self.setup.seats)

    def hand(self, owner: str) -> list[str]:
        """The cards given to `owner` so far, in the deck's order."""
        return GAMES[self.game].sort(list(self.hands.get(owner, [])))

    def left(self) -> list[str]:
        """The cards of the deck not given to anybody yet, in the deck's order."""
        given = {card for cards in self.hands.values() for card in cards}
        return [card for card in GAMES[self.game].order if card not in given]

    def short(self) -> dict[str, int]:
        """Owner → how many cards it still lacks (the owners complete left out)."""
        have = self.hands
        return {
            o: n - len(have.get(o, [])) for o, n in self.sizes().items() if len(have.get(o, [])) < n
        }

    @property
    def dealt(self) -> bool:
        """Every hand, the talon and the dead hand hold what the game deals them."""
        return not self.short()

    def give(self, owner: str, card: str) -> None:
        """Deal `card` to `owner` (a seat, `talon` or `dead`)."""
        if self.actions or self.cards:
            raise TranscriptionError("the deal is closed once the first action is entered")
        if owner not in self.sizes():
            raise TranscriptionError(f"{self.owner_name(owner)} is not dealt in this game")
        if card not in GAMES[self.game].cards:
            raise TranscriptionError(f"{card} is not a card of the {words.game(self.game)} deck")
        for other, cards in self.hands.items():
            if card in cards:
                raise TranscriptionError(
                    f"{self.card_words(card)} is already given to {self.owner_name(other)}"
                )
        if len(self.hands.get(owner, [])) >= self.sizes()[owner]:
            raise TranscriptionError(
                f"{self.owner_name(owner)} already holds its {self.sizes()[owner]} cards"
            )
        self.hands.setdefault(owner, []).append(card)

    def take_back(self, card: str) -> None:
        """Take `card` back from whoever it was given to."""
        if self.actions or self.cards:
            raise TranscriptionError("the deal is closed once the first action is entered")
        for cards in self.hands.values():
            if card in cards:
                cards.remove(card)

    def fill(self) -> str | None:
        """Give the cards left to the one owner still short of cards (the last hand, or the
        talon); that owner, or None when more than one owner is short."""
        short = self.short()
        if len(short) != 1:
            return None
        (owner,) = short
        for card in self.left():
            self.give(owner, card)
        return owner

    def deal_record(self) -> Record:
        """The record of the set-up and the deal, before any action."""
        sizes = self.sizes()
        owners = [o for o, n in sizes.items() if len(self.hands.get(o, [])) == n]  # whole
        hands = [Hand(owner=owner, cards=Cards(self.hand(owner))) for owner in owners]
        return Record(tags=self.setup.tags(), deal=Deal(hands=hands) if hands else None)

    # -- the actions (hands known) ---------------------------------------------------------

    def state(self) -> State:
        """The game state after every action entered, replayed from the deal."""
        if not self.dealt:
            missing = ", ".join(f"{self.owner_name(o)} {n}" for o, n in self.short().items())
            raise TranscriptionError(f"the deal is not complete: cards missing: {missing}")
        state = start(self.deal_record())
        for action in self.actions:
            state.apply(action)
        return state

    def apply(self, action: str, state: State | None = None) -> State:
        """Enter `action`; raises `IllegalAction` with the referee's sentence when the rules
        refuse it (nothing entered then). Returns the state after it; `state`, when given,
        is the current state, which this changes."""
        state = state if state is not None else self.state()
        state.apply(action)
        self.actions.append(action)
        return state

    def undo(self, steps: int = 1) -> None:
        """Take back the last `steps` actions (or cards of the play, then items before it)."""
        if self.known:
            del self.actions[max(len(self.actions) - steps, 0) :]
        else:
            cards = min(steps, len(self.cards))
            del self.cards[len(self.cards) - cards :]
            del self.before[max(len(self.before) - (steps - cards), 0) :]
        played = self.played_count()
        self.notes = {k: v for k, v in self.notes.items() if k < played}
        spoken = self.calls_count()
        self.call_notes = {k: v for k, v in self.call_notes.items() if k < spoken}

    # -- the play only (hands not known) ---------------------------------------------------

    @property
    def before_play(self) -> str:
        """The sections before the play, as TGN text."""
        return sections.text(self.before)

    def _head(self) -> str:
        """The tags (Result `*`) and the hands given, as TGN: what the referee judges the
        items before the play with."""
        return write(self.deal_record())

    def offer(self) -> sections.Offer:
        """What may be entered before the play now, as the referee judges it."""
        known = tuple(card for cards in self.hands.values() for card in cards)
        return sections.offer(self._head(), self.game, self.setup.seats, tuple(self.before), known)

    def speaker(self, call: str) -> int | None:
        """The seat to speak next (hands not known), as the referee sees it; `call`: a
        call allowed now."""
        before = tuple(self.before)
        return sections.speaker(self._head(), self.setup.seats, before, call)

    def enter(self, item: str) -> None:
        """Enter an item before the play (`auction garde`, `discard 7S`, `trump D`…);
        raises `TranscriptionError` with the referee's sentence when it refuses it."""
        if self.known:
            raise TranscriptionError("with the hands known, a call is entered as an action")
        if self.cards:
            raise TranscriptionError("the play has begun: undo its cards first")
        if sections.section_of(item) not in sections.USED[self.game]:
            raise TranscriptionError(f"{words.game(self.game)} has no such step before the play")
        try:
            placed = sections.place(self._head(), self.game, tuple(self.before), item)
        except sections.Refused as refused:
            raise TranscriptionError(str(refused)) from None
        self.before.append(placed)

    def set_before_play(self, text: str) -> None:
        """Replace the items before the play by those of TGN `text` (typed: the sections
        alone, without tags)."""
        if self.cards:
            raise TranscriptionError("the play has begun: undo its cards first")
        head = self._head()
        reads = read_text(head + "\n" + text.strip("\n") + "\n")
        bad = [d for r in reads for d in r.diagnostics if d.cls in ("syntax", "encoding")]
        if len(reads) == 1 and bad:
            d = bad[0]
            line = d.line - head.count("\n") - 1
            raise TranscriptionError(f"line {line}, column {d.column}: {d.message}")
        record = reads[0].record if len(reads) == 1 else None
        if record is None or record.play is not None or write(record).count("[Game ") != 1:
            raise TranscriptionError("type only the sections before the play (no tags, no play)")
        self.before = sections.items_of(record)

    def unplayed(self) -> list[str]:
        """The cards not played yet nor laid in the discard, in the deck's order (what may
        be entered next)."""
        played = {card.partition(" ")[0] for card in self.cards}
        played |= set(sections.used(tuple(self.before), "discard"))
        return [card for card in GAMES[self.game].order if card not in played]

    def play(self, card: str, signal: str | None = None) -> None:
        """Enter the next card of the play (hands not known): any card not played yet, with
        the signal it was led with (marafone)."""
        if self.known:
            raise TranscriptionError("with the hands known, a card is entered as an action")
        if card not in GAMES[self.game].cards:
            raise TranscriptionError(f"{card} is not a card of the {words.game(self.game)} deck")
        if card in sections.used(tuple(self.before), "discard"):
            raise TranscriptionError(f"{self.card_words(card)} is in the discard")
        if card not in self.unplayed():
            raise TranscriptionError(f"{self.card_words(card)} is already played")
        if signal is not None and signal not in SIGNALS:
            raise TranscriptionError(f"{signal!r} is not a signal (busso, striscio, volo)")
        self.cards.append(f"{card} {signal}" if signal else card)

    def to_play(self) -> int | None:
        """The seat whose card comes next (hands not known), as the referee sees it: the
        seat the referee gives a card entered now; None when the deal cannot go on."""
        left = self.unplayed()
        if not left:
            return None
        probe = Transcription(
            setup=self.setup,
            hands=self.hands,
            play_only=True,
            before=self.before,
            cards=[*self.cards, left[0]],
        )
        record = probe._record_or_none()
        if record is None:
            return None
        cards = [s for s in replay(record).steps if s.kind == "card"]
        return cards[-1].seat if len(cards) == len(probe.cards) else None

    # -- the text --------------------------------------------------------------------------

    def played_count(self) -> int:
        """How many cards of the play are entered."""
        if not self.known:
            return len(self.cards)
        if not self.dealt:
            return 0
        return len(self.state().record().played())

    def calls_count(self) -> int:
        """How many calls of the auction are entered."""
        if not self.known:
            return sum(sections.section_of(item) == "auction" for item in self.before)
        if not self.dealt:
            return 0
        return len(self.state().record().calls())

    def record(self, state: State | None = None) -> Record:
        """The deal so far as a record: the set-up's tags (Result computed once the deal is
        over, else `*`), the comments, then what was entered. Raises `TranscriptionError`
        when the text before the play does not read."""
        if self.known:
            if not self.dealt:
                record = self.deal_record()
            else:
                state = state if state is not None else self.state()
                record = deepcopy(state.record())
                outcome = state.outcome
                record.tags = self.setup.tags(outcome.result if outcome is not None else "*")
        else:
            record = self._play_only_record()
        record.comments = tuple(line.strip() for line in self.comment.splitlines() if line.strip())
        self._add_notes(record)
        return record

    def text(self, state: State | None = None) -> str:
        """The canonical TGN text of the deal so far."""
        return write(self.record(state))

    def _add_notes(self, record: Record) -> None:
        """The comments on calls and cards, on the record's calls and cards."""
        calls = record.calls()
        for place, note in self.call_notes.items():
            lines = _lines(note)
            if 0 <= place < len(calls) and lines:
                calls[place].comments = lines
        cards = _played(record)
        for place, note in self.notes.items():
            lines = _lines(note)
            if 0 <= place < len(cards) and lines:
                trick, index = cards[place]
                extras = trick.extra(index)
                extras = replace(extras) if extras else CardExtras()
                extras.comments = lines
                trick.extras = {**(trick.extras or {}), index: extras}

    def _play_only_text(self, result: str = "*") -> str:
        deal = self.deal_record()
        deal.tags = self.setup.tags(result)
        head = write(deal)
        seats = self.setup.seats
        tricks = [self.cards[i : i + seats] for i in range(0, len(self.cards), seats)]
        play = "".join(f"  {n}. {' '.join(t)}\n" for n, t in enumerate(tricks, 1))
        body = self.before_play.strip("\n")
        play = "play\n" + play if self.cards else ""
        return head + "\n" + (body + "\n" if body.strip() else "") + play

    def _record_or_none(self, result: str = "*") -> Record | None:
        reads = read_text(self._play_only_text(result))
        if len(reads) != 1 or reads[0].record is None or reads[0].diagnostics:
            return None
        return reads[0].record

    def _play_only_record(self) -> Record:
        reads = read_text(self._play_only_text())
        if len(reads) != 1 or reads[0].record is None:
            raise TranscriptionError("the sections before the play do not read as TGN")
        problems = [d for d in reads[0].diagnostics if d.cls == "syntax"]
        if problems:
            raise TranscriptionError(f"the sections before the play: {problems[0].message}")
        record = reads[0].record
        outcome = replay(record, steps=False).outcome
        if outcome is not None:
            record.tags = self.setup.tags(outcome.result)
        return record

    def check(self) -> Replay:
        """The referee's verdict on the deal so far (the play only: how the hands inferred
        from the play fit the rules)."""
        return replay(self.record(), steps=False)

    def problems(self) -> list[Diagnostic]:
        """What the referee finds wrong with the deal so far."""
        return list(self.check().diagnostics)

    # -- words -----------------------------------------------------------------------------

    def seat_name(self, seat: int | None) -> str:
        """ "Ada (seat 2)", or "seat 2" without a name."""
        if seat is None:
            return "nobody"
        players = self.setup.players
        name = players[seat - 1].strip() if seat <= len(players) else ""
        return f"{name} (seat {seat})" if name else f"seat {seat}"

    def owner_name(self, owner: str) -> str:
        if owner.isdigit():
            return self.seat_name(int(owner))
        return {"talon": talon_word(self.game), "dead": "the dead hand"}.get(owner, owner)

    def card_words(self, card: str) -> str:
        return card_words(self.game, card)

    def say(self, action: str) -> str:
        return say(self, action)

    # -- keeping it ------------------------------------------------------------------------

    def to_token(self) -> str:
        """The transcription as a short URL-safe string."""
        data = asdict(self)
        data["notes"] = {str(k): v for k, v in self.notes.items()}
        data["call_notes"] = {str(k): v for k, v in self.call_notes.items()}
        raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
        return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")

    @classmethod
    def from_token(cls, token: str) -> Transcription:
        """The transcription a token holds; raises `TranscriptionError` for a damaged one."""
        try:
            raw = zlib.decompress(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)))
            data = json.loads(raw)
            setup = data.pop("setup")
            setup["extra"] = [tuple(pair) for pair in setup.get("extra", [])]
            typed = data.pop("before_play", None)  # a link made before items were entered
            found = cls(setup=Setup(**setup), **data)
            if typed:
                found.set_before_play(typed)
            found.notes = {int(k): v for k, v in found.notes.items()}
            found.call_notes = {int(k): v for k, v in found.call_notes.items()}
        except TranscriptionError as error:
            raise TranscriptionError(f"this link's transcription does not read: {error}") from None
        except (ValueError, TypeError, KeyError, zlib.error) as error:
            raise TranscriptionError(f"this link holds no transcription ({error})") from None
        if found.known and found.actions:
            found.state()  # every action still applies
        return found

    @classmethod
    def from_text(cls, text: str) -> Transcription:
        """Resume a transcription from a (partial) TGN record: with its deal whole, the
        actions are replayed through the game state; without one, the play only. Raises
        `TranscriptionError` saying what does not fit."""
        reads = read_text(text)
        if not reads or reads[0].record is None:
            raise TranscriptionError("the text holds no record")
        if len(reads) > 1:
            raise TranscriptionError(f"the text holds {len(reads)} records: paste one")
        read = reads[0]
        bad = [d for d in read.diagnostics if d.cls in ("syntax", "encoding")]
        if bad:
            d = bad[0]
            raise TranscriptionError(f"line {d.line}, column {d.column}: {d.message}")
        record = read.record
        setup = _setup_of(record)
        said = [trick.extra(index) for trick, index in _played(record)]
        notes = {i: "\n".join(e.comments) for i, e in enumerate(said) if e and e.comments}
        calls = record.calls()
        call_notes = {i: "\n".join(c.comments) for i, c in enumerate(calls) if c.comments}
        comment = "\n".join(record.comments)
        found = cls(setup=setup, comment=comment, notes=notes, call_notes=call_notes)
        for hand in record.deal.hands if record.deal else []:
            for card in hand.cards:
                found.give(hand.owner, card)
        if found.dealt:
            from ..engine import actions

            state = found.state()
            for seat, action in actions(record):
                try:
                    found.apply(action, state)
                except IllegalAction as refused:
                    raise TranscriptionError(
                        f"{found.seat_name(seat)}: {action}: {refused}; the transcription "
                        "stops before it"
                    ) from None
            return found
        found.play_only = True
        found.before = sections.items_of(record)
        found.cards = [
            f"{trick[index]} {e.signal}" if (e := trick.extra(index)) and e.signal else trick[index]
            for trick, index in _played(record)
        ]
        return found


def _lines(note: str) -> tuple[str, ...]:
    """A comment's lines, stripped, without the empty ones (a record's brace comments)."""
    return tuple(line.strip() for line in note.splitlines() if line.strip())


def _setup_of(record: Record) -> Setup:
    values = {tag.name: tag.value for tag in record.tags}
    seats = record.seats or 0
    players = [values.get(f"P{n}", "") for n in range(1, seats + 1)]
    known = {"Game", "Seats", "Dealer", "Variant", "Result", *SETUP_TAGS}
    known |= {f"P{n}" for n in range(1, seats + 1)}
    dealer = values.get("Dealer", "1")
    return Setup(
        game=values.get("Game", ""),
        seats=seats,
        dealer=int(dealer) if dealer.isdigit() else 1,
        variant=values.get("Variant"),
        players=players,
        event=values.get("Event", ""),
        site=values.get("Site", ""),
        date=values.get("Date", ""),
        round=values.get("Round", ""),
        extra=[(t.name, t.value) for t in record.tags if t.name not in known],
        order=[t.name for t in record.tags],
    )


# -- players' words ---------------------------------------------------------------------------


def talon_word(game: str) -> str:
    return {"french-tarot": "the chien", "waite-tarot": "the cards left over"}.get(
        game, "the talon"
    )


def card_words(game: str, card: str) -> str:
    """A card as players name it: "the king of spades", "trump 19", "the Excuse"."""
    if suit_of(card) == TRUMP:
        named = card_name(game, card)
        return named.removesuffix(f" ({card})") if named != card else f"trump {rank_of(card)}"
    if suit_of(card) == EXCUSE:
        return "the Excuse"
    return card_name(game, card).removesuffix(f" ({card})")


ANNOUNCEMENTS = {
    "poignee": "poignée",
    "chelem": "chelem",
    "scommessa": "scommessa",
    "rivanto": "rivanto",
    "greater": "greater trumps",
    "lesser": "lesser trumps",
    "trumps": "trumps",
    "tarots": "tarots",
    "sequence": "a sequence",
    "ask": "asks for a third Tarot",
}
SET_WORDS = set(sections.SHOWN)
"""Announcements that show a set of cards, picked from the hand before they are entered."""
SIGNALS = {"busso": "busso (knock)", "striscio": "striscio (slide)", "volo": "volo (fly)"}
CALLS = {
    "passe": "Passe",
    "passo": "Passo",
    "mischio": "Mischio",
    "altre-cinque": "Altre cinque",
    "pago": "Pago",
}


def call_words(game: str, word: str) -> str:
    """A call of the auction in players' words."""
    if word in CALLS:
        return CALLS[word]
    return words.contract(game, word)


def say(transcription: Transcription, action: str) -> str:
    """An action in players' words, as its button reads."""
    game = transcription.game
    deck = GAMES[game].cards
    name = transcription.seat_name
    if action in deck:
        return _upper(card_words(game, action))
    head, _, rest = action.partition(" ")
    if head == "trump":
        return f"Trumps: {GAMES[game].suit_name(rest)}"
    if head in ("fuori", "penalty") and rest.isdigit():
        what = "claims the rest (fuori)" if head == "fuori" else "is penalised"
        return f"{_upper(name(int(rest)))} {what}"
    if ">" in head and head.endswith(":"):
        giver, _, receiver = head[:-1].partition(">")
        return f"{_upper(name(int(giver)))} gives {card_words(game, rest)} to {name(int(receiver))}"
    if head.endswith(":") and head[:-1].isdigit():
        word, _, cards = rest.partition(" ")
        text = f"{_upper(name(int(head[:-1])))}: {ANNOUNCEMENTS.get(word, words.plain(word))}"
        if cards:
            text += " — " + ", ".join(card_words(game, c) for c in cards.split())
        return text
    if head in deck and rest in SIGNALS:
        return f"{_upper(card_words(game, head))}, {SIGNALS[rest]}"
    if rest in deck:
        return f"{call_words(game, head)} {card_words(game, rest)}"
    return call_words(game, action)


@dataclass
class Choices:
    """The legal actions of the state sorted for the page: cards (one card per action, with
    any signal variants), the other actions as buttons, the announcements that show a set
    of cards (picked first)."""

    cards: list[str] = field(default_factory=list)
    signals: dict[str, list[str]] = field(default_factory=dict)
    """Card → the signals it may be led with (marafone)."""
    buttons: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    """`2: poignee`: the seat and word of an announcement whose cards are to be picked."""


def choices(game: str, legal: list[str]) -> Choices:
    """`State.legal()` of a deal of `game` sorted for the page."""
    deck = GAMES[game].cards
    found = Choices()
    for action in legal:
        head, _, rest = action.partition(" ")
        if action in deck:
            found.cards.append(action)
        elif head in deck and rest in SIGNALS:
            found.signals.setdefault(head, []).append(rest)
        elif head.endswith(":") and head[:-1].isdigit() and rest in SET_WORDS:
            found.sets.append(action)
        else:
            found.buttons.append(action)
    return found


def points(state: State) -> dict[str, float]:
    """The card points taken so far, per side (the game's own sides)."""
    return dict(state.snapshot().points)


def _upper(text: str) -> str:
    """The first letter in upper case, the rest as it is ("The Excuse")."""
    return text[:1].upper() + text[1:]


def key_of(action: str) -> str:
    """An action as a widget key part, letters, digits and `-` only (a page's CSS class and
    a test find the widget by it): `1>2: EX` → `1-2-EX`."""
    return re.sub(r"[^A-Za-z0-9]+", "-", action).strip("-")


def _played(record: Record) -> list[tuple[Cards, int]]:
    """Each card of the play, in playing order, as its trick's cards and its index in them."""
    tricks = record.play.tricks if record.play else []
    return [(trick.cards, index) for trick in tricks for index in range(len(trick.cards))]
