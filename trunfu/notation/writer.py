"""The canonical TGN writer (spec §8): one text per record, byte for byte."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .decks import GAMES, Game
from .models import Annotated, Call, Card, CardExtras, Cards, Node, Record, Trick

TAG_ORDER = (
    "Game",
    "Seats",
    "Dealer",
    "Event",
    "Site",
    "Date",
    "Round",
    "Board",
    "Variant",
    *(f"P{n}" for n in range(1, 7)),
    "Result",
)
_TAG_RANK = {name: i for i, name in enumerate(TAG_ORDER)}
_OTHER_TAGS = len(TAG_ORDER)


def _tag_key(tag: tuple[str, str]) -> tuple[int, str]:
    return _TAG_RANK.get(tag[0], _OTHER_TAGS), tag[0]


def _escape(value: str) -> str:
    if "\\" not in value and '"' not in value:
        return value
    return value.replace("\\", "\\\\").replace('"', '\\"')


def comment(text: str) -> str:
    """A brace comment; the lines after its first are indented by two spaces."""
    if not text:
        return "{}"
    lines = text.split("\n")
    return "{ " + "\n".join([lines[0], *(f"  {x}" if x else "" for x in lines[1:])]) + " }"


def _notes(node: Node | CardExtras) -> str:
    """The comments that follow an item, each after one space."""
    if not node.comments:
        return ""
    return "".join([" " + comment(c) for c in node.comments])


def _marks(node: Annotated | CardExtras) -> str:
    if not node.nags:
        return node.suffix or ""
    return (node.suffix or "") + "".join([f" ${n}" for n in node.nags])


def card_text(code: str, extras: CardExtras | None) -> str:
    """A card and what follows it."""
    if extras is None:
        return code  # the common case: a bare card
    return code + _marks(extras) + _notes(extras)


def _card(card: Card) -> str:
    return card_text(card.code, card.extras)


def _played(code: str, extras: CardExtras | None) -> str:
    """A card of a trick and what follows it: the signal before the glyphs (`3C busso $1`)."""
    if extras is None:
        return code
    return (
        code
        + (extras.suffix or "")
        + (f" {extras.signal}" if extras.signal else "")
        + "".join(f" ${n}" for n in extras.nags)
        + _notes(extras)
    )


def _written(cards: Cards, spell: Callable[[str, CardExtras | None], str] = card_text) -> str:
    """Cards in the order written, each spelt with what follows it by `spell`."""
    if not cards.extras:
        return " ".join(cards)
    extra = cards.extras.get
    return " ".join([spell(code, extra(i)) for i, code in enumerate(cards)])


def _cards(cards: Cards, game: Game | None) -> str:
    """Cards in the game's order (codes it does not know last, in the order written)."""
    if game is None:
        return _written(cards)
    rank, last = game.rank_of, len(game.order)
    if not cards.extras:  # bare cards (the common case): sort the codes
        codes = list(cards)
        try:
            codes.sort(key=rank.__getitem__)
        except KeyError:  # a code the game does not know: the list is left as it was
            codes.sort(key=lambda code: rank.get(code, last))
        return " ".join(codes)
    extra = cards.extras.get
    ordered = sorted(range(len(cards)), key=lambda i: rank.get(cards[i], last))
    return " ".join([card_text(cards[i], extra(i)) for i in ordered])


def _call(call: Call) -> str:
    """A call with its glyphs and comments, then the card it names, if any."""
    text = call.word + _marks(call) + _notes(call)
    return f"{text} {_card(call.card)}" if call.card else text


def _line(head: str, rest: str) -> str:
    return f"  {head} {rest}".rstrip() if rest else f"  {head}"


def tag_pairs(record: Record) -> list[tuple[str, str]]:
    """(name, value) of every tag of `record`, in the order written."""
    return [(t.name, t.value) for t in record.tags]


def write(record: Record, tags: list[tuple[str, str]] | None = None) -> str:
    """The canonical text of `record`, ending with one LF. `tags`: `tag_pairs(record)`,
    when the caller has them already (the archive's rows read the tags too)."""
    tags = sorted(tag_pairs(record) if tags is None else tags, key=_tag_key)
    # the sort is stable: the first Game tag, if any, comes first
    game = GAMES.get(tags[0][1]) if tags and tags[0][0] == "Game" else None
    out = [f'[{name} "{_escape(value)}"]' for name, value in tags]
    body: list[str] = []
    if record.comments:
        body.append(_notes(Node(comments=record.comments)).lstrip())
    if record.deal is not None:
        body.append("deal" + _notes(record.deal))
        hands = sorted(record.deal.hands, key=_hand_rank)
        body += [_line(f"{h.owner}:" + _notes(h), _cards(h.cards, game)) for h in hands]
    if record.auction is not None:
        auction = record.auction
        body.append("auction" + _notes(auction))
        for i, round_ in enumerate(auction.rounds):
            calls = " ".join(_call(c) for c in round_)
            if i == 0:
                body.append(_line(calls, ""))
            else:
                body.append(_line("/" + _notes(auction.separators[i - 1]), calls))
    if record.call is not None:  # called cards keep their order: king, then queen
        body.append("call" + _notes(record.call))
        body.append(_line(_written(record.call.cards), ""))
    if record.trump is not None:
        body += ["trump" + _notes(record.trump), f"  {record.trump.suit}"]
    if record.discard is not None:
        body.append("discard" + _notes(record.discard))
        body.append(_line(_cards(record.discard.cards, game), ""))
    if record.exchange is not None:
        body.append("exchange" + _notes(record.exchange))
        body += [
            f"  {x.giver}>{x.receiver}:" + _notes(x) + " " + _card(x.card)
            for x in record.exchange.items
        ]
    if record.announce is not None:
        body.append("announce" + _notes(record.announce))
        for a in record.announce.items:
            cards = _written(a.cards)
            body.append(_line(f"{a.seat}: {a.word}{_marks(a)}{_notes(a)}", cards))
    if record.play is not None:
        body.append("play" + _notes(record.play))
        number = 0
        for item in record.play.items:
            # a Trick or a Claim
            if type(item) is Trick:
                number += 1
                body.append(_line(f"{number}." + _notes(item), _written(item.cards, _played)))
            else:
                body.append(f"  {item.kind} {item.seat}" + _notes(item))
    body = [line for line in body if line.strip()]
    if body:
        out.append("")
        out += body
    return "\n".join(out) + "\n"


def _hand_rank(hand) -> tuple[int, str]:
    if hand.owner.isdigit():
        return int(hand.owner), ""
    return (10, "") if hand.owner == "talon" else (11, hand.owner)


def write_all(records: Iterable[Record]) -> str:
    """Canonical texts of several records, one empty line between them."""
    return "\n".join(write(r) for r in records)
