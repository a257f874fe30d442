"""Checks a record can pass without the rules of play: its tags (spec §2), the words it
uses (spec §5) and its cards (spec §4, §5).

The reader checks every record it reads, so the usual case, a record without a problem,
is made cheap: each field of the record is read once, the facts of each game and seat
count are worked out once (`_Rules`), and each group of cards is first tested as a set of
codes; only a group that fails that test is walked card by card to say where the problem
is."""

from __future__ import annotations

import re
from dataclasses import dataclass
from operator import attrgetter

from .decks import GAMES, SIGNALS, Game
from .errors import brief
from .models import (
    NUMBER_DIGITS,
    Announcement,
    Call,
    Cards,
    Claim,
    Exchange,
    Hand,
    Record,
    Tag,
    Trick,
    number,
)

Problem = tuple[int, int, str, str, str]  # line, column, class, code, message
REQUIRED_TAGS = ("Game", "Seats", "Dealer")
_MORE = NUMBER_DIGITS - 1
RESULT_NUMBER = rf"[+-]?(?:0|[1-9][0-9]{{0,{_MORE}}})(?:\.[0-9]{{0,{_MORE}}}[1-9])?"
RESULT = re.compile(rf"{RESULT_NUMBER}(?: {RESULT_NUMBER})*$")
"""A Result tag's scores: signed numbers, one space apart, each of at most `NUMBER_DIGITS`
digits before and after the point."""
DATE = re.compile(r"^(?:[0-9]{4}|\?{4})\.(?:[0-9]{2}|\?\?)\.(?:[0-9]{2}|\?\?)$")


def check(record: Record) -> list[Problem]:
    """Every tag, word and deck problem of `record`, in text order."""
    problems, game, seats = _tags(record)
    rules = _RULES[game.name].get(seats) if game is not None else None
    if rules is not None:
        _body(record, rules, problems)
    if len(problems) > 1:
        problems.sort(key=_position)
    return problems


def _position(problem: Problem) -> tuple[int, int]:
    return problem[0], problem[1]


def _at(tag: Tag) -> tuple[int, int]:
    return tag.value_line or tag.line, tag.value_column or tag.column


MEMO = 4096
"""How many values that match it each tag pattern remembers."""
_MATCHED: dict[re.Pattern[str], set[str]] = {RESULT: set(), DATE: set()}


def _matches(pattern: re.Pattern[str], value: str) -> bool:
    """Whether `pattern` matches `value`. Tag values repeat (a few hundred dates, the results
    of deals thrown in), so the first `MEMO` values that match are remembered."""
    matched = _MATCHED[pattern]
    if value in matched:
        return True
    if pattern.match(value) is None:
        return False
    if len(matched) < MEMO:
        matched.add(value)
    return True


def _tags(record: Record) -> tuple[list[Problem], Game | None, int | None]:
    """The tag problems, and the game and seat count the tags give (None where they do not)."""
    problems: list[Problem] = []
    seen: dict[str, Tag] = {}
    for tag in record.tags:
        name = tag.name
        if name in seen:
            problems.append(
                (
                    tag.line,
                    tag.column,
                    "syntax",
                    "duplicate-tag",
                    f"the tag {name} is given twice (first on line {seen[name].line})",
                )
            )
        else:
            seen[name] = tag
    if "Game" not in seen or "Seats" not in seen or "Dealer" not in seen:
        missing = [name for name in REQUIRED_TAGS if name not in seen]
        problems.append(
            (
                record.line,
                record.column,
                "syntax",
                "missing-tag",
                f"the record has no {' or '.join(missing)} tag; every record needs "
                "Game, Seats and Dealer",
            )
        )
    game_tag = seen.get("Game")
    game = GAMES.get(game_tag.value) if game_tag is not None else None
    if game_tag is not None and game is None:
        problems.append(
            (
                *_at(game_tag),
                "syntax",
                "unknown-game",
                f"unknown game {brief(game_tag.value)!r}; TGN knows {', '.join(GAMES)}",
            )
        )
    seats_tag = seen.get("Seats")
    seats = number(seats_tag.value) if seats_tag is not None else None
    if seats_tag is not None and game is not None and seats not in game.deals:
        counts = "|".join(str(n) for n in game.seats)
        problems.append(
            (
                *_at(seats_tag),
                "syntax",
                "bad-seats",
                f"Seats {brief(seats_tag.value)!r}: {game.name} is played by {counts} players",
            )
        )
    dealer_tag = seen.get("Dealer")
    if dealer_tag is not None and seats:
        dealer = number(dealer_tag.value)
        if dealer is None or not 1 <= dealer <= seats:
            problems.append(
                (
                    *_at(dealer_tag),
                    "syntax",
                    "bad-dealer",
                    f"Dealer {brief(dealer_tag.value)!r} is not a seat: seats go from 1 to {seats}",
                )
            )
    variant_tag = seen.get("Variant")
    if variant_tag is not None and game is not None and variant_tag.value not in game.variants:
        problems.append(
            (
                *_at(variant_tag),
                "syntax",
                "unknown-variant",
                f"unknown variant {brief(variant_tag.value)!r} of {game.name}; "
                f"known: {', '.join(game.variants)}",
            )
        )
    result_tag = seen.get("Result")
    if result_tag is not None:
        value = result_tag.value
        if value == "*":
            pass
        elif not _matches(RESULT, value):
            problems.append(
                (
                    *_at(result_tag),
                    "syntax",
                    "bad-result",
                    f"Result {brief(value)!r} is not a list of signed numbers such as "
                    f'"+6 -2 -2 -2" (at most {NUMBER_DIGITS} digits before and after the '
                    'point), nor "*"',
                )
            )
        elif seats and value.count(" ") + 1 != seats:
            problems.append(
                (
                    *_at(result_tag),
                    "syntax",
                    "bad-result",
                    f"Result gives {value.count(' ') + 1} scores for {seats} seats",
                )
            )
    date_tag = seen.get("Date")
    if date_tag is not None and not _matches(DATE, date_tag.value):
        problems.append(
            (
                *_at(date_tag),
                "syntax",
                "bad-date",
                f"Date {brief(date_tag.value)!r} is not written YYYY.MM.DD (?? for an unknown part)",
            )
        )
    return problems, game, seats


# Sections that only some games (and seat counts) use (spec §5).
SECTION_GAMES = {
    "trump": {"marafone": (4, 5)},
    "exchange": {"waite-tarot": (2, 3)},
    "call": {"french-tarot": (5, 6), "marafone": (5,), "tarocco-siciliano": (4,)},
}


@dataclass(frozen=True)
class _Rules:
    """What the checks need to know of one game played by one number of seats."""

    game: Game
    seats: int
    calls: frozenset[str]
    """The calls of the auction, in their canonical spelling."""
    known_calls: str
    """The calls as a message lists them."""
    sizes: dict[str, int]
    """Hand owner (`"1"`.., `"talon"`, `"dead"`) → the number of cards dealt to it."""
    unused: tuple[tuple[str, str], ...]
    """(section keyword, message) of each section this game and seat count do not use."""


def _size(owner: str, deal, seats: int) -> int | None:
    if owner == "talon":
        return deal.talon or None
    if owner == "dead":
        return deal.dead or None
    return deal.hand if 1 <= (number(owner) or 0) <= seats else None


def _rules(game: Game, seats: int) -> _Rules:
    """The `_Rules` of `game` with `seats` seats (one of the game's seat counts)."""
    calls = game.calls.get(seats, {})
    owners = [str(seat) for seat in range(1, seats + 1)] + ["talon", "dead"]
    sizes = {owner: _size(owner, game.deals[seats], seats) for owner in owners}
    return _Rules(
        game=game,
        seats=seats,
        calls=frozenset(calls.values()),
        known_calls=", ".join(dict.fromkeys(calls.values())) or "none: no auction",
        sizes={owner: size for owner, size in sizes.items() if size is not None},
        unused=tuple(
            (key, _unused_message(game, seats, key, games))
            for key, games in SECTION_GAMES.items()
            if seats not in games.get(game.name, ())
        ),
    )


def _unused_message(game: Game, seats: int, key: str, games: dict[str, tuple[int, ...]]) -> str:
    users = ", ".join(
        f"{name} ({'|'.join(map(str, counts))} seats)" for name, counts in games.items()
    )
    return f"{game.name} with {seats} seats has no `{key}` section (used by {users})"


_RULES: dict[str, dict[int, _Rules]] = {
    game.name: {seats: _rules(game, seats) for seats in game.deals} for game in GAMES.values()
}
"""Game name → seat count → its `_Rules`."""


def _body(record: Record, rules: _Rules, problems: list[Problem]) -> None:
    """Add the word problems of the body's sections, then its deck problems, to `problems`."""
    deal, call, discard, play = record.deal, record.call, record.discard, record.play
    auction, announce, exchange, trump = (
        record.auction,
        record.announce,
        record.exchange,
        record.trump,
    )
    present = {"trump": trump, "exchange": exchange, "call": call}
    for key, message in rules.unused:
        section = present[key]
        if section is not None:
            problems.append((section.line, section.column, "syntax", "unexpected-section", message))
    called = _auction(auction.rounds, rules, problems) if auction is not None else []
    shown = _announce(announce.items, rules, problems) if announce is not None else []
    handed = _exchange(exchange.items, rules, problems) if exchange is not None else []
    if trump is not None and trump.suit not in rules.game.suits:
        problems.append(
            (
                trump.suit_line,
                trump.suit_column,
                "syntax",
                "unknown-suit",
                f"`{trump.suit}` is not a suit of {rules.game.name} "
                f"({', '.join(rules.game.suits)})",
            )
        )
    played = _play(play.items, rules, problems) if play is not None else None
    # The deck problems, group of cards by group.
    if deal is not None:
        _cards(rules, "in the deal", _deal(deal.hands, rules, problems), problems)
    if call is not None:
        _cards(rules, "in the call", [call.cards], problems)
    if discard is not None:
        _cards(rules, "in the discard", [discard.cards], problems)
    if played is not None:
        _cards(rules, "in the play", played, problems)
    if called:
        _cards(rules, "", [called], problems)
    for cards in shown:
        _cards(rules, "in one announcement", [cards], problems)
    if handed:
        _cards(rules, "", [handed], problems)


def _auction(rounds: list[list[Call]], rules: _Rules, problems: list[Problem]) -> Cards:
    """Add the problems of the auction's words to `problems`; the cards called."""
    game, seats = rules.game, rules.seats
    named = bool(game.trumps)  # `chiamo` names a card where the game has trumps
    called = Cards()
    for round_ in rounds:
        for call in round_:
            word, card, label = call.word, call.card, call.label
            if word not in rules.calls:
                problems.append(
                    (
                        call.line,
                        call.column,
                        "syntax",
                        "unknown-call",
                        f"`{word}` is not a call of {game.name} with {seats} seats "
                        f"(calls: {rules.known_calls})",
                    )
                )
            elif card is not None and not (word == "chiamo" and named):
                problems.append(
                    (card.line, card.column, "syntax", "unexpected-card", f"`{word}` takes no card")
                )
            elif card is None and word == "chiamo" and named:
                problems.append(
                    (
                        call.line,
                        call.column,
                        "syntax",
                        "missing-card",
                        "`chiamo` names the card called, e.g. `chiamo T20`",
                    )
                )
            if label is not None and label > seats:
                problems.append(
                    (
                        call.line,
                        call.column,
                        "syntax",
                        "no-such-seat",
                        f"seat label {label}: there are {seats} seats",
                    )
                )
            if card is not None:
                called.add(card.code, card.line, card.column)
    return called


def _announce(items: list[Announcement], rules: _Rules, problems: list[Problem]) -> list[Cards]:
    """Add the problems of the announcements' words to `problems`; the cards of each."""
    game, seats = rules.game, rules.seats
    shown: list[Cards] = []
    for item in items:
        word, seat = item.word, item.seat
        if word not in game.announcements:
            known = ", ".join(game.announcements) or "none"
            problems.append(
                (
                    item.line,
                    item.column,
                    "syntax",
                    "unknown-announcement",
                    f"`{word}` is not an announcement of {game.name} (known: {known})",
                )
            )
        if seat > seats:
            problems.append(
                (
                    item.line,
                    item.column,
                    "syntax",
                    "no-such-seat",
                    f"seat {seat}: there are {seats} seats",
                )
            )
        shown.append(item.cards)
    return shown


def _exchange(items: list[Exchange], rules: _Rules, problems: list[Problem]) -> Cards:
    """Add the problems of the exchange's seats to `problems`; the cards handed."""
    seats = rules.seats
    for ex in items:
        if max(ex.giver, ex.receiver) > seats or ex.giver == ex.receiver:
            problems.append(
                (
                    ex.line,
                    ex.column,
                    "syntax",
                    "no-such-seat",
                    f"exchange {ex.giver}>{ex.receiver}: seats go from 1 to {seats}, "
                    "and a seat does not hand a card to itself",
                )
            )
    return Cards.of(ex.card for ex in items)


def _play(items: list[Trick | Claim], rules: _Rules, problems: list[Problem]) -> list[Cards] | None:
    """Add the problems of the play's words (signals outside marafone, claims) to `problems`.
    The cards of each trick for the deck check; None when a set test shows they are all
    known, none twice and, outside marafone, none followed by anything."""
    tricks = [item.cards for item in items if isinstance(item, Trick)]
    marafone = rules.game.name == "marafone"
    # Outside marafone, a card followed by anything may carry a signal: the test fails.
    if _known_once(tricks, rules.game.cards, bare=not marafone):
        played = None
    else:
        played = tricks
        for extras in (
            [] if marafone else [e for c in tricks if c.extras for e in c.extras.values()]
        ):
            if extras.signal:
                problems.append(
                    (
                        extras.signal_line,
                        extras.signal_column,
                        "syntax",
                        "unexpected-signal",
                        f"`{extras.signal}`: signals ({', '.join(SIGNALS)}) are marafone's",
                    )
                )
    if len(tricks) < len(items):
        _claims([item for item in items if not isinstance(item, Trick)], rules, problems)
    return played


def _claims(claims: list[Claim], rules: _Rules, problems: list[Problem]) -> None:
    """Add the problems of the play's `fuori N` and `penalty N` to `problems`."""
    seats = rules.seats
    for claim in claims:
        if rules.game.name != "marafone":
            problems.append(
                (
                    claim.line,
                    claim.column,
                    "syntax",
                    "unexpected-claim",
                    f"`{claim.kind}` belongs to marafone",
                )
            )
        elif claim.seat > seats:
            problems.append(
                (
                    claim.line,
                    claim.column,
                    "syntax",
                    "no-such-seat",
                    f"`{claim.kind} {claim.seat}`: there are {seats} seats",
                )
            )


def _deal(hands: list[Hand], rules: _Rules, problems: list[Problem]) -> list[Cards]:
    """Add the problems of the deal's hands (not their cards) to `problems`; the cards of
    each hand."""
    cards = [hand.cards for hand in hands]
    sizes = dict(zip([hand.owner for hand in hands], map(len, cards), strict=True))
    if len(sizes) < len(hands) or not sizes.items() <= rules.sizes.items():
        _hand_problems(hands, rules, problems)  # a hand given twice, unknown or of a wrong size
    return cards


def _hand_problems(hands: list[Hand], rules: _Rules, problems: list[Problem]) -> None:
    """Add what is wrong with each hand of the deal to `problems`: given twice, not a hand of
    the game, or of the wrong size."""
    game, seats = rules.game, rules.seats
    owners: dict[str, int] = {}  # the line of each hand met
    for hand in hands:
        size = _size(hand.owner, game.deals[seats], seats)
        what = {"talon": "talon", "dead": "dead hand"}.get(hand.owner, f"seat {hand.owner}")
        where = what if what.startswith("seat") else f"the {what}"
        if hand.owner in owners:
            problems.append(
                (
                    hand.line,
                    hand.column,
                    "deck",
                    "duplicate-hand",
                    f"{where} is given twice in the deal (first on line {owners[hand.owner]})",
                )
            )
        if size is None:
            problems.append(
                (
                    hand.line,
                    hand.column,
                    "deck",
                    "no-such-hand",
                    f"{game.name} with {seats} seats has no {what}",
                )
            )
        elif len(hand.cards) != size:
            problems.append(
                (
                    hand.line,
                    hand.column,
                    "deck",
                    "hand-size",
                    f"{where} holds {_count(len(hand.cards))}; {game.name} with {seats} seats "
                    f"deals {size}",
                )
            )
        owners[hand.owner] = hand.line


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


_EXTRAS = attrgetter("extras")


def _known_once(lists: list[Cards], deck: frozenset[str], bare: bool = False) -> bool:
    """Whether the cards of `lists` are all of `deck`, none given twice (and, when `bare`,
    none followed by anything), told by a set of their codes."""
    if bare and any(map(_EXTRAS, lists)):
        return False
    codes = set().union(*lists)
    return len(codes) == sum(map(len, lists)) and codes <= deck


def _missing(deck: frozenset[str], lists: list[Cards], where: str) -> str:
    """`; 7H is then missing from the deck` when the deal (which deals the whole deck)
    lacks exactly one card, else nothing."""
    if where != "in the deal":
        return ""
    missing = deck - set().union(*lists)
    return f"; {next(iter(missing))} is then missing from the deck" if len(missing) == 1 else ""


def _cards(rules: _Rules, where: str, lists: list[Cards], problems: list[Problem]) -> None:
    """Add the unknown cards of a group (the cards of `lists`) to `problems`, and its
    duplicated ones where `where` names the group. A set test tells whether there is any;
    only then are the cards walked one by one."""
    deck = rules.game.cards
    if _known_once(lists, deck):
        return  # the usual case: every card known, none twice
    first: dict[str, tuple[int, int]] = {}
    for cards in lists:
        for code, (line, column) in zip(cards, cards.positions(), strict=True):
            if code not in deck:
                problems.append(
                    (
                        line,
                        column,
                        "deck",
                        "unknown-card",
                        f"{code} is not a card of the {rules.game.name} deck: its cards are "
                        f"{rules.game.cards_in_words}",
                    )
                )
            elif where and code in first:
                seen_line, seen_column = first[code]
                problems.append(
                    (
                        line,
                        column,
                        "deck",
                        "duplicate-card",
                        f"{code} is given twice {where}: on line {seen_line}, column "
                        f"{seen_column}, and on line {line}, column {column}"
                        + _missing(deck, lists, where),
                    )
                )
            else:
                first[code] = line, column
