"""Checks a record can pass without the rules of play: its tags (spec §2), the words it
uses (spec §5) and its cards (spec §4, §5)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from .decks import GAMES, SIGNALS, Game
from .models import Card, Claim, Hand, PlayedCard, Record, Tag, Trick

Problem = tuple[int, int, str, str, str]  # line, column, class, code, message
REQUIRED_TAGS = ("Game", "Seats", "Dealer")
RESULT_NUMBER = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]*[1-9])?"
RESULT = re.compile(rf"{RESULT_NUMBER}(?: {RESULT_NUMBER})*$")
"""A Result tag's scores: signed numbers, one space apart."""
DATE = re.compile(r"^(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)$")


def check(record: Record) -> list[Problem]:
    """Every tag, word and deck problem of `record`, in text order."""
    problems = list(_tags(record))
    game = record.game
    seats = record.seats
    if game is not None and seats in game.deals:
        played = _played(record.play.items) if record.play is not None else []
        problems += _words(record, game, seats, played)
        problems += _deck(record, game, seats, played)
    problems.sort(key=lambda p: (p[0], p[1]))
    return problems


def _at(tag: Tag) -> tuple[int, int]:
    return tag.value_line or tag.line, tag.value_column or tag.column


def _tags(record: Record) -> Iterator[Problem]:
    seen: dict[str, Tag] = {}
    for tag in record.tags:
        if tag.name in seen:
            yield (
                tag.line,
                tag.column,
                "syntax",
                "duplicate-tag",
                f"the tag {tag.name} is given twice (first on line {seen[tag.name].line})",
            )
        else:
            seen[tag.name] = tag
    missing = [name for name in REQUIRED_TAGS if name not in seen]
    if missing:
        yield (
            record.line,
            record.column,
            "syntax",
            "missing-tag",
            f"the record has no {' or '.join(missing)} tag; every record needs "
            "Game, Seats and Dealer",
        )
    game_tag = seen.get("Game")
    game = GAMES.get(game_tag.value) if game_tag else None
    if game_tag and game is None:
        yield (
            *_at(game_tag),
            "syntax",
            "unknown-game",
            f"unknown game {game_tag.value!r}; TGN knows {', '.join(GAMES)}",
        )
    seats_tag = seen.get("Seats")
    seats = record.seats
    if seats_tag and game and seats not in game.deals:
        counts = "|".join(str(n) for n in game.seats)
        yield (
            *_at(seats_tag),
            "syntax",
            "bad-seats",
            f"Seats {seats_tag.value!r}: {game.name} is played by {counts} players",
        )
    dealer_tag = seen.get("Dealer")
    if dealer_tag and seats and (record.dealer is None or not 1 <= record.dealer <= seats):
        yield (
            *_at(dealer_tag),
            "syntax",
            "bad-dealer",
            f"Dealer {dealer_tag.value!r} is not a seat: seats go from 1 to {seats}",
        )
    variant_tag = seen.get("Variant")
    if variant_tag and game and variant_tag.value not in game.variants:
        yield (
            *_at(variant_tag),
            "syntax",
            "unknown-variant",
            f"unknown variant {variant_tag.value!r} of {game.name}; "
            f"known: {', '.join(game.variants)}",
        )
    result_tag = seen.get("Result")
    if result_tag and result_tag.value != "*":
        numbers = result_tag.value.split(" ")
        if not RESULT.match(result_tag.value):
            yield (
                *_at(result_tag),
                "syntax",
                "bad-result",
                f"Result {result_tag.value!r} is not a list of signed numbers such as "
                '"+6 -2 -2 -2", nor "*"',
            )
        elif seats and len(numbers) != seats:
            yield (
                *_at(result_tag),
                "syntax",
                "bad-result",
                f"Result gives {len(numbers)} scores for {seats} seats",
            )
    date_tag = seen.get("Date")
    if date_tag and not DATE.match(date_tag.value):
        yield (
            *_at(date_tag),
            "syntax",
            "bad-date",
            f"Date {date_tag.value!r} is not written YYYY.MM.DD (?? for an unknown part)",
        )


# Sections that only some games (and seat counts) use (spec §5).
SECTION_GAMES = {
    "trump": {"marafone": (4, 5)},
    "exchange": {"waite-tarot": (2, 3)},
    "call": {"french-tarot": (5, 6), "marafone": (5,), "tarocco-siciliano": (4,)},
}


def _sections(record: Record, game: Game, seats: int) -> Iterator[Problem]:
    for key, games in SECTION_GAMES.items():
        section = getattr(record, key)
        if section is not None and seats not in games.get(game.name, ()):
            users = ", ".join(
                f"{name} ({'|'.join(map(str, counts))} seats)" for name, counts in games.items()
            )
            yield (
                section.line,
                section.column,
                "syntax",
                "unexpected-section",
                f"{game.name} with {seats} seats has no `{key}` section (used by {users})",
            )


def _words(record: Record, game: Game, seats: int, played: list[PlayedCard]) -> Iterator[Problem]:
    yield from _sections(record, game, seats)
    calls = game.calls.get(seats, {})
    if record.auction is not None:
        for round_ in record.auction.rounds:
            for call in round_:
                if call.word not in calls.values():
                    known = ", ".join(dict.fromkeys(calls.values())) or "none: no auction"
                    yield (
                        call.line,
                        call.column,
                        "syntax",
                        "unknown-call",
                        f"`{call.word}` is not a call of {game.name} with {seats} seats "
                        f"(calls: {known})",
                    )
                elif call.card is not None and not (call.word == "chiamo" and game.trumps):
                    yield (
                        call.card.line,
                        call.card.column,
                        "syntax",
                        "unexpected-card",
                        f"`{call.word}` takes no card",
                    )
                elif call.card is None and call.word == "chiamo" and game.trumps:
                    yield (
                        call.line,
                        call.column,
                        "syntax",
                        "missing-card",
                        "`chiamo` names the card called, e.g. `chiamo T20`",
                    )
                if call.label is not None and call.label > seats:
                    yield (
                        call.line,
                        call.column,
                        "syntax",
                        "no-such-seat",
                        f"seat label {call.label}: there are {seats} seats",
                    )
    if record.announce is not None:
        for item in record.announce.items:
            if item.word not in game.announcements:
                known = ", ".join(game.announcements) or "none"
                yield (
                    item.line,
                    item.column,
                    "syntax",
                    "unknown-announcement",
                    f"`{item.word}` is not an announcement of {game.name} (known: {known})",
                )
            if item.seat > seats:
                yield (
                    item.line,
                    item.column,
                    "syntax",
                    "no-such-seat",
                    f"seat {item.seat}: there are {seats} seats",
                )
    if record.exchange is not None:
        for ex in record.exchange.items:
            if max(ex.giver, ex.receiver) > seats or ex.giver == ex.receiver:
                yield (
                    ex.line,
                    ex.column,
                    "syntax",
                    "no-such-seat",
                    f"exchange {ex.giver}>{ex.receiver}: seats go from 1 to {seats}, "
                    "and a seat does not hand a card to itself",
                )
    if record.trump is not None and record.trump.suit not in game.suits:
        yield (
            record.trump.suit_line,
            record.trump.suit_column,
            "syntax",
            "unknown-suit",
            f"`{record.trump.suit}` is not a suit of {game.name} ({', '.join(game.suits)})",
        )
    if record.play is not None:
        if game.name != "marafone" and any([card.extras for card in played]):  # seldom any
            for extras in filter(None, [card.extras for card in played]):
                if extras.signal:
                    yield (
                        extras.signal_line,
                        extras.signal_column,
                        "syntax",
                        "unexpected-signal",
                        f"`{extras.signal}`: signals ({', '.join(SIGNALS)}) are marafone's",
                    )
        for item in record.play.items:
            if item.kind == "trick":
                continue
            if game.name != "marafone":
                yield (
                    item.line,
                    item.column,
                    "syntax",
                    "unexpected-claim",
                    f"`{item.kind}` belongs to marafone",
                )
            elif item.seat > seats:
                yield (
                    item.line,
                    item.column,
                    "syntax",
                    "no-such-seat",
                    f"`{item.kind} {item.seat}`: there are {seats} seats",
                )


def _played(items: list[Trick | Claim]) -> list[PlayedCard]:
    """The cards of the tricks, in the order played."""
    cards: list[PlayedCard] = []
    for item in items:
        if item.kind == "trick":
            cards += item.cards
    return cards


def _deck(record: Record, game: Game, seats: int, played: list[PlayedCard]) -> Iterator[Problem]:
    groups: list[tuple[str, list[Card]]] = []
    deal = game.deals[seats]
    if record.deal is not None:
        owners: dict[str, int] = {}
        dealt: list[Card] = []
        for hand in record.deal.hands:
            size = _size(hand.owner, deal, seats)
            if hand.owner in owners or size is None or len(hand.cards) != size:
                yield from _hand_problems(hand, size, owners, game, seats)
            owners[hand.owner] = hand.line
            dealt += hand.cards
        groups.append(("in the deal", dealt))
    if record.call is not None:
        groups.append(("in the call", record.call.cards))
    if record.discard is not None:
        groups.append(("in the discard", record.discard.cards))
    if record.play is not None:
        groups.append(("in the play", played))
    if record.auction is not None:
        groups.append(("", [c.card for r in record.auction.rounds for c in r if c.card]))
    if record.announce is not None:
        for item in record.announce.items:
            groups.append(("in one announcement", item.cards))
    if record.exchange is not None:
        groups.append(("", [item.card for item in record.exchange.items]))
    yield from _cards(game, groups)


def _hand_problems(
    hand: Hand, size: int | None, owners: dict[str, int], game: Game, seats: int
) -> Iterator[Problem]:
    """What is wrong with a hand of the deal: given twice, not a hand of the game, or of the
    wrong size (`owners`: the line of each hand met before)."""
    what = {"talon": "talon", "dead": "dead hand"}.get(hand.owner, f"seat {hand.owner}")
    where = what if what.startswith("seat") else f"the {what}"
    if hand.owner in owners:
        yield (
            hand.line,
            hand.column,
            "deck",
            "duplicate-hand",
            f"{where} is given twice in the deal (first on line {owners[hand.owner]})",
        )
    if size is None:
        yield (
            hand.line,
            hand.column,
            "deck",
            "no-such-hand",
            f"{game.name} with {seats} seats has no {what}",
        )
    elif len(hand.cards) != size:
        yield (
            hand.line,
            hand.column,
            "deck",
            "hand-size",
            f"{where} holds {_count(len(hand.cards))}; {game.name} with {seats} seats deals {size}",
        )


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _size(owner: str, deal, seats: int) -> int | None:
    if owner == "talon":
        return deal.talon or None
    if owner == "dead":
        return deal.dead or None
    return deal.hand if owner.isdigit() and 1 <= int(owner) <= seats else None


def _cards(game: Game, groups: Iterable[tuple[str, list[Card]]]) -> Iterator[Problem]:
    deck = game.cards
    for where, cards in groups:
        codes = {card.code for card in cards}
        if len(codes) == len(cards) and codes <= deck:
            continue  # the usual case: every card known, none twice
        first: dict[str, Card] = {}
        for card in cards:
            if card.code not in deck:
                yield (
                    card.line,
                    card.column,
                    "deck",
                    "unknown-card",
                    f"{card.code} is not a card of the {game.name} deck",
                )
            elif where and card.code in first:
                seen = first[card.code]
                yield (
                    card.line,
                    card.column,
                    "deck",
                    "duplicate-card",
                    f"{card.code} is given twice {where} (first on line {seen.line}, "
                    f"column {seen.column})",
                )
            else:
                first[card.code] = card
