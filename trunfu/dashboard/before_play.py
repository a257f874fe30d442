"""What comes before the play in a transcription of the play only (the hands not known):
the auction, the called card, trumps, the discard, the exchanges and the announcements,
entered one item at a time.

The engine's game state cannot start without every hand (`engine.start`), so what may
come next is asked of the referee (`engine.replay`), which judges a record whose hands are
unknown as far as the rules allow without them: an item is offered when the record with
it added gets no new diagnostic, and refused with the referee's sentence otherwise.

An item is a section keyword and what is written in it, as one string: `auction garde`,
`auction / mischio` (a call opening a new round), `auction chiamo T19`, `call KH`,
`trump D`, `discard 7S`, `exchange 2>1: EX`, `announce 4: poignee T21 T20 …`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

from ..engine import replay
from ..notation import models as tgn
from ..notation.decks import GAMES
from ..notation.reader import read_text
from ..notation.words import SECTION_KEYS

USED = {
    "french-tarot": ("auction", "call", "discard", "announce"),
    "tarocco-siciliano": ("auction", "discard", "call", "announce"),
    "marafone": ("auction", "call", "trump"),
    "waite-tarot": ("discard", "exchange", "announce"),
}
"""The sections a game's records have before the play (TGN, spec §5)."""
CARD_CALLS = {"tarocco-siciliano": ("chiamo",)}
"""Calls written with the card they name (`chiamo T19`)."""
SHOWN = ("poignee", "greater", "lesser", "trumps", "tarots", "sequence")
"""Announcements that show cards (`2: poignee T21 T20 …`)."""
UNFINISHED = {
    "call-count": "call",
    "call-needed": "call",
    "discard-size": "discard",
    "ecart-size": "discard",
    "scarto-size": "discard",
}
"""The diagnostics (docs/tgn.md) of a section whose count is wrong → the section: while it
is being entered card by card, they say it is not finished yet."""


class Refused(ValueError):
    """An item the referee refuses now, with its sentence."""


def section_of(item: str) -> str:
    return item.partition(" ")[0]


def body_of(item: str) -> str:
    """What the item writes in its section (a round's `/` left out)."""
    return item.partition(" ")[2].removeprefix("/ ")


def text(items: list[str] | tuple[str, ...]) -> str:
    """The items as the TGN text of their sections: each section once, in the order of the
    notation, its items in the order entered (an auction round opened by `/` on a line of
    its own; an exchange or an announcement a line each). The reader makes a record of it;
    a call keeps the seat label the referee checks (`2: garde`)."""
    bodies: dict[str, list[str]] = {}
    for item in items:
        section, _, body = item.partition(" ")
        bodies.setdefault(section, []).append(body)
    lines = []
    for section in SECTION_KEYS:
        if section not in bodies:
            continue
        lines.append(section)
        if section == "auction":
            rounds: list[list[str]] = []
            for body in bodies[section]:
                if not rounds or body.startswith("/ "):
                    rounds.append([])
                rounds[-1].append(body)
            lines += ["  " + " ".join(calls) for calls in rounds]
        elif section in ("exchange", "announce"):
            lines += ["  " + body for body in bodies[section]]
        else:
            lines.append("  " + " ".join(bodies[section]))
    return "\n".join(lines)


def items_of(record: tgn.Record) -> list[str]:
    """The items of a record's sections before the play, section by section (a Waite
    `ask` before the exchanges that answer it)."""
    found = []
    for number, calls in enumerate(record.auction.rounds if record.auction else []):
        for place, call in enumerate(calls):
            mark = "/ " if number and not place else ""
            card = f" {call.card.code}" if call.card else ""
            found.append(f"auction {mark}{call.word}{card}")
    found += [f"call {c}" for c in record.call.cards] if record.call else []
    found += [f"trump {record.trump.suit}"] if record.trump and record.trump.suit else []
    found += [f"discard {c}" for c in record.discard.cards] if record.discard else []
    announced = [
        " ".join([f"announce {a.seat}: {a.word}", *a.cards])
        for a in (record.announce.items if record.announce else [])
    ]
    asks = [a for a in announced if a.endswith(": ask")]  # the exchanges answer them
    found += asks
    for e in record.exchange.items if record.exchange else []:
        found.append(f"exchange {e.giver}>{e.receiver}: {e.card.code}")
    return found + [a for a in announced if a not in asks]


# -- the referee's word ------------------------------------------------------------------


@lru_cache(maxsize=8192)
def _judged(
    head: str, items: tuple[str, ...], play: str = ""
) -> tuple[tuple[tuple[str, str], ...], bool]:
    """The referee on the record `head` (its tags and known hands, as TGN) with the
    sections of `items` and the play `play` (a first trick's cards): its diagnostics
    (code, message), and whether the deal has ended (it is scored)."""
    body = text(items)
    full = head + "\n" + (body + "\n" if body else "") + (f"play\n  1. {play}\n" if play else "")
    reads = read_text(full)
    if len(reads) != 1 or reads[0].record is None:
        return (("unreadable", "the record does not read"),), False
    judged = replay(reads[0].record, steps=False)
    found = [*reads[0].diagnostics, *judged.diagnostics]
    return tuple(
        (d.code, d.message) for d in found if d.cls != "result"
    ), judged.outcome is not None


def verdict(head: str, items: tuple[str, ...], play: str = "") -> tuple[tuple[str, str], ...]:
    """The diagnostics (code, message) of the record `head` with the sections of `items`
    and the play `play`."""
    return _judged(head, items, play)[0]


def news(head: str, items: tuple[str, ...], play: str = "") -> list[tuple[str, str]]:
    """What the referee finds wrong (code, message) that it did not before the last item
    (or before the play)."""
    before = Counter(verdict(head, items[:-1] if not play else items))
    after = Counter(verdict(head, items, play))
    return [found for found, n in (after - before).items() for _ in range(n)]


def over(head: str, items: tuple[str, ...]) -> bool:
    """The deal ends before the play (thrown in: everybody passed)."""
    return _judged(head, items)[1]


def unfinished(head: str, items: tuple[str, ...]) -> list[str]:
    """The referee's sentences about a section not finished yet (a discard short of cards,
    `chiamo` without its card)."""
    return [message for code, message in verdict(head, items) if code in UNFINISHED]


def _fine(head: str, items: tuple[str, ...], told: list[tuple[str, str]]) -> bool:
    """The diagnostics `told` of an item entered after `items` only say that a section is
    not finished: one the item opens or asks for (no item of it yet), or one already not
    finished (a count on the way, not one card too many)."""
    pending = {code for code, _ in verdict(head, items)}
    for code, _ in told:
        section = UNFINISHED.get(code)
        if section is None:
            return False
        if code not in pending and any(section_of(i) == section for i in items):
            return False
    return True


def place(head: str, game: str, items: tuple[str, ...], item: str) -> str:
    """`item` as it is entered after `items` (a call opens a new round when the last is
    complete); raises `Refused` with the referee's sentence."""
    if over(head, items):
        raise Refused("the deal is over")
    if section_of(item) == "trump" and used(items, "trump"):
        raise Refused("trumps are named once")
    tries = [item]
    if section_of(item) == "auction" and any(section_of(i) == "auction" for i in items):
        tries.append(f"auction / {body_of(item)}")
    refusal: list[tuple[str, str]] = []
    for tried in tries:
        told = news(head, (*items, tried))
        if _fine(head, items, told) or _answered(head, game, items, tried, told):
            return tried
        refusal = refusal or told
    raise Refused(refusal[0][1])


def _answered(
    head: str, game: str, items: tuple[str, ...], item: str, told: list[tuple[str, str]]
) -> bool:
    """An exchange the referee refuses only until it is answered (a Tarot given to the
    seat that asked, who owes a card back): fine when a card back makes the record as
    clean as before it."""
    if section_of(item) != "exchange" or any(code != "bad-exchange" for code, _ in told):
        return False
    pair, _, card = body_of(item).partition(": ")
    giver, _, receiver = pair.partition(">")
    before = Counter(verdict(head, items))
    for back in [c for c in GAMES[game].order[-2:] if c != card][:1]:
        answer = f"exchange {receiver}>{giver}: {back}"
        if not Counter(verdict(head, (*items, item, answer))) - before:
            return True
    return False


def allowed(head: str, game: str, items: tuple[str, ...], item: str) -> bool:
    try:
        place(head, game, items, item)
    except Refused:
        return False
    return True


def speaker(head: str, seats: int, items: tuple[str, ...], word: str) -> int | None:
    """The seat to speak next in the auction: the one whose label the referee accepts on
    `word` (a call allowed now); None when it does not tell."""
    for seat in range(1, seats + 1):
        labelled = f"auction {seat}: {word}"
        if not news(head, (*items, labelled)) or not news(
            head, (*items, f"auction / {seat}: {word}")
        ):
            return seat
    return None


# -- what may come next ------------------------------------------------------------------


@dataclass
class Offer:
    """What may be entered next, each as the page shows it."""

    calls: list[str] = field(default_factory=list)
    """The calls of the auction allowed now, as items (`auction garde`)."""
    card_calls: dict[str, list[str]] = field(default_factory=dict)
    """Calls allowed now that name a card: the word (`chiamo`) → the cards it may name."""
    called: list[str] = field(default_factory=list)
    """The cards that may be called now (the `call` section)."""
    trumps: list[str] = field(default_factory=list)
    """The suits that may be named trumps now."""
    discard: list[str] | None = None
    """The cards that may be laid in the discard now (None: no discard now)."""
    discarded: int = 0
    discard_size: int = 0
    exchanges: list[str] = field(default_factory=list)
    """Exchanges allowed now, as items (`exchange 2>1: EX`)."""
    announce: list[str] = field(default_factory=list)
    """Announcements without cards allowed now, as items (`announce 2: chelem`)."""
    shows: list[str] = field(default_factory=list)
    """Announcements that show cards which may be made now, the word alone (`poignee`):
    the cards, and whether the seat may make it, are judged when it is entered."""
    play: bool = False
    """The play may begin."""
    why: str = ""
    """The referee's sentence when the play may not begin yet."""

    @property
    def before(self) -> bool:
        """Something before the play may be entered."""
        return bool(
            self.calls
            or self.card_calls
            or self.called
            or self.trumps
            or self.discard
            or self.exchanges
            or self.announce
            or self.shows
        )


def used(items: tuple[str, ...], section: str) -> list[str]:
    """The cards of `items` in `section`."""
    return [body_of(i) for i in items if section_of(i) == section]


@lru_cache(maxsize=256)
def offer(
    head: str, game: str, seats: int, items: tuple[str, ...], known: tuple[str, ...]
) -> Offer:
    """What may come after `items` (`known`: the cards of the hands given, tried first as
    the first card of the play)."""
    deck = GAMES[game]
    sections_used = USED[game]
    found = Offer()
    if over(head, items):
        return found

    def ok(item: str) -> bool:
        return allowed(head, game, items, item)

    if "auction" in sections_used:
        words = list(dict.fromkeys(deck.calls.get(seats, {}).values()))
        for word in words:
            if word in CARD_CALLS.get(game, ()):
                cards = [c for c in deck.trumps if ok(f"auction {word} {c}")]
                if cards:
                    found.card_calls[word] = cards
            elif ok(f"auction {word}"):
                found.calls.append(f"auction {word}")
    auction_open = bool(found.calls or found.card_calls)
    if not auction_open:
        taken = {*used(items, "call"), *used(items, "discard")}
        fresh = [c for c in deck.order if c not in taken]
        if "call" in sections_used:
            found.called = [c for c in fresh if ok(f"call {c}")]
        if "trump" in sections_used:
            found.trumps = [s for s in deck.suits if ok(f"trump {s}")]
        size = deck.deals[seats].talon
        found.discarded, found.discard_size = len(used(items, "discard")), size
        if "discard" in sections_used and found.discarded < size:
            cards = [c for c in fresh if ok(f"discard {c}")]
            found.discard = cards or None
        asked = [int(body_of(i).split(":")[0]) for i in items if i.endswith(": ask")]
        if "exchange" in sections_used and asked:
            moved = {body_of(i).partition(": ")[2] for i in items if section_of(i) == "exchange"}
            pairs = [(g, a) for a in asked for g in range(1, seats + 1) if g != a]
            pairs += [(a, g) for g, a in pairs]
            for giver, receiver in pairs:
                for card in deck.order:
                    item = f"exchange {giver}>{receiver}: {card}"
                    if card not in moved and ok(item):
                        found.exchanges.append(item)
        plain = [w for w in deck.announcements if w not in SHOWN]
        for seat in range(1, seats + 1):
            found.announce += [
                f"announce {seat}: {w}" for w in plain if ok(f"announce {seat}: {w}")
            ]
        found.play, found.why = _play(head, game, items, known)
        if 0 < found.discarded < size:
            found.play = False
            found.why = f"the discard holds {found.discarded} of its {size} cards"
        if found.play or found.announce:
            found.shows = [w for w in deck.announcements if w in SHOWN]
    return found


def _play(head: str, game: str, items: tuple[str, ...], known: tuple[str, ...]) -> tuple[bool, str]:
    """Whether the play may begin after `items`, else the referee's sentence why not. The
    first card is tried among a few (the known hands' first, then the deck's first)."""
    deck = GAMES[game]
    waiting = unfinished(head, items)
    if waiting:
        return False, waiting[0]
    tries = list(dict.fromkeys([*known[:10], *deck.trumps[:1], *deck.order[-3:]]))
    why = ""
    for card in tries:
        told = news(head, items, card)
        if not told:
            return True, ""
        why = why or told[0][1]
    return False, why
