"""A deal's outcome told as players tell it: a score sheet, then the engine's breakdown in
sentences and small tables ("Taker: 56 card points with 2 oudlers, needed 41: made by
15"), one telling per game. Pure functions: the Replay page only draws the parts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..archive.game_stats import SUIT_NAMES
from ..engine.model import Outcome
from ..notation.decks import GAMES
from . import words


@dataclass
class Table:
    """A small table: rows of column → text."""

    rows: list[dict[str, str]]
    caption: str = ""


Part = str | Table
"""A sentence (markdown) or a table."""


@dataclass
class Telling:
    """Who sat where, for the sentences: `who(3)` is "seat 3 (Cid)"."""

    game: str | None
    names: dict[int, str] = field(default_factory=dict)

    def who(self, seat: Any) -> str:
        try:
            seat = int(seat)
        except (TypeError, ValueError):
            return str(seat)
        name = self.names.get(seat)
        return f"seat {seat} ({name})" if name else f"seat {seat}"

    def seats(self, seats: list[Any]) -> str:
        return _join([self.who(s) for s in seats])

    def suit(self, suit: str | None) -> str:
        """A suit as players of the game name it: "denari (coins)" in marafone."""
        return suit_name(self.game, suit)


def suit_name(game: str | None, suit: str | None) -> str:
    """A suit named for players of `game`: marafone's Italian names with the deck's English
    ones ("denari (coins)"), the deck's names otherwise ("spades")."""
    if not suit:
        return "?"
    deck = GAMES.get(game or "")
    try:
        english = deck.suit_name(suit) if deck else suit
    except KeyError:
        return suit
    italian = SUIT_NAMES.get(suit) if game == "marafone" else None
    return f"{italian} ({english})" if italian else english


def number(value: Any) -> str:
    """A figure without trailing zeros: 280.0 → "280", 64.5 → "64.5", 8.6667 → "8.67"."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if float(value).is_integer():
        return f"{int(value):,}".replace(",", " ") if abs(value) >= 10_000 else str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def signed(value: Any) -> str:
    """A score with its sign: "+246", "-82", "0"."""
    text = number(value)
    return f"+{text}" if isinstance(value, int | float) and value > 0 else text


def plural(count: Any, word: str, many: str | None = None) -> str:
    return f"{number(count)} {word if count == 1 else many or word + 's'}"


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def score_sheet(scores: list[float], names: dict[int, str]) -> Table:
    """One row per seat: seat, player (when the record names any), score."""
    return Table(
        [
            {"Seat": str(seat), **({"Player": names.get(seat, "—")} if names else {}),
             "Score": signed(score)}
            for seat, score in enumerate(scores, 1)
        ]
    )  # fmt: skip


def verdict(outcome: Outcome, game: str | None, names: dict[int, str]) -> str:
    """The outcome in one sentence: contract, declarer, partners, made or not."""
    if outcome.thrown_in:
        return "Thrown in: nobody took the deal, every seat scores 0."
    t = Telling(game, names)
    teams = (outcome.breakdown or {}).get("teams")
    if outcome.contract is None and isinstance(teams, dict) and len(teams) == 2:
        (a, x), (b, y) = teams.items()
        if x == y:
            return f"The hand is drawn, {number(x)} to {number(y)}."
        win, lose = ((a, x), (b, y)) if x > y else ((b, y), (a, x))
        return f"Team {win[0]} wins the hand, {number(win[1])} to {number(lose[1])}."
    if outcome.declarer is None or outcome.contract is None:
        best = max(outcome.scores) if outcome.scores else 0
        top = [s for s, v in enumerate(outcome.scores, 1) if v == best]
        return f"Best score: {t.seats(top)}, {signed(best)}."
    name = words.contract(game, outcome.contract)
    with_ = f" with {t.seats(outcome.partners)}" if outcome.partners else ""
    said = {True: ": made it", False: ": went down", None: ""}[outcome.won]
    return f"**{name}** by {t.who(outcome.declarer)}{with_}{said}."


def explain(outcome: Outcome, game: str | None, names: dict[int, str]) -> list[Part]:
    """The breakdown of `outcome` in sentences and tables, in the words of `game`."""
    breakdown = outcome.breakdown or {}
    if not breakdown or breakdown.get("thrown_in"):
        return []
    t = Telling(game, names)
    tell = TELLERS.get(game or "")
    if tell is not None:
        try:
            return tell(breakdown, t)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # a breakdown of another shape: told item by item below
    return generic(breakdown)


# -- French tarot ----------------------------------------------------------------------


def french_tarot(b: dict[str, Any], t: Telling) -> list[Part]:
    parts: list[Part] = []
    if "card_points" not in b:
        return generic(b)
    points = b["card_points"]
    taker, defence = points["taker"], points["defence"]
    counted = b.get("counted", taker)
    shown = number(taker) + (f" (counted {number(counted)})" if counted != taker else "")
    margin = b["margin"]
    outcome = f"made by {number(margin)}" if b["won"] else f"down by {number(-margin)}"
    parts.append(
        f"Taker ({t.who(b['taker'])}): {shown} card points with "
        f"{plural(b['oudlers'], 'oudler')}, needed {number(b['target'])}: {outcome}."
    )
    if b.get("partners"):
        called = b.get("called") or []
        what = f", called with {_join(called)}" if called else ""
        parts.append(
            f"Partner{'s' if len(b['partners']) > 1 else ''}: {t.seats(b['partners'])}{what}."
        )
    parts.append(f"Defence: {number(defence)} card points.")
    name = words.contract("french-tarot", b.get("contract"))
    parts.append(
        f"Contract: (25 + {number(abs(margin))}) × {number(b['multiplier'])} for a {name} "
        f"= {number(abs(b['base']))}, {'won' if b['won'] else 'lost'} by the taker's side."
    )
    rows = []
    pab = b.get("petit_au_bout")
    if pab:
        rows.append(
            {"Bonus": "Petit au bout",
             "Who": f"{t.who(pab['seat'])}, {words.side(pab['side'])}",
             "Points": signed(pab["points"])}
        )  # fmt: skip
    for p in b.get("poignees") or []:
        kind = words.bonus(f"poignees.{p['poignee']}", "french-tarot")
        rows.append({"Bonus": kind, "Who": t.who(p["seat"]), "Points": signed(p["points"])})
    chelem = b.get("chelem")
    if chelem:
        kind = words.bonus(f"chelem.{chelem['kind']}", "french-tarot")
        rows.append({"Bonus": kind, "Who": "taker's side", "Points": signed(chelem["points"])})
    if rows:
        parts.append(Table(rows, "Bonuses"))
    total = b.get("side_total")
    if total is not None:
        if total >= 0:
            parts.append(f"Each defender pays **{number(total)}** to the taker's side.")
        else:
            parts.append(f"The taker's side pays **{number(-total)}** to each defender.")
    return parts


# -- Tarocco siciliano -----------------------------------------------------------------


def tarocco_siciliano(b: dict[str, Any], t: Telling) -> list[Part]:
    if "sides" not in b:
        payments = b.get("payments") or {}
        if any(v for v in payments.values()):
            return ["The deal ended at the *prendo*: each seat that said *pago* pays 1."]
        return []
    sides = b["sides"]
    points, cards = b["card_points"], b.get("cards", {})
    parts: list[Part] = []
    for side in ("declarer", "opponents"):
        taken = f" in {plural(cards[side], 'card')}" if side in cards else ""
        label = "Declarer's side" if side == "declarer" else "Opponents"
        parts.append(
            f"{label} ({t.seats(sides[side])}): {number(points[side])} card points{taken}."
        )
    rows = [
        {"Joco": words.bonus(f"jochi.{name}", "tarocco-siciliano"),
         "Declarer's side": number(won["declarer"]), "Opponents": number(won["opponents"])}
        for name, won in b.get("jochi", {}).items()
        if won.get("declarer") or won.get("opponents")
    ]  # fmt: skip
    totals = b.get("jochi_total")
    if totals:
        rows.append(
            {"Joco": "**Total**", "Declarer's side": number(totals["declarer"]),
             "Opponents": number(totals["opponents"])}
        )  # fmt: skip
    if rows:
        parts.append(Table(rows, "Jochi"))
    if "difference" in b:
        parts.append(f"Difference: {number(b['difference'])} jochi.")
    if b.get("stata"):
        parts.append("A *stata*: every payment is doubled.")
    return parts


# -- Marafone and Trionfo --------------------------------------------------------------


def _thirds(thirds: Any) -> str:
    return words.card_points(int(thirds) / 3, "marafone")


def marafone(b: dict[str, Any], t: Telling) -> list[Part]:
    if "bid" in b:
        return _trionfo(b, t)
    parts: list[Part] = [f"Trumps: {t.suit(b['trump'])}, named by {t.who(b['trump_named_by'])}."]
    thirds = b.get("thirds", {})
    rows = [
        {"Team": f"{team} ({t.seats(team.split('+'))})",
         "Card points": _thirds(thirds[team]) if team in thirds else "—",
         "Score": number(score)}
        for team, score in b["teams"].items()
    ]  # fmt: skip
    parts.append(Table(rows, "Teams"))
    maraffa = b.get("maraffa")
    if maraffa:
        parts.append(
            f"Maraffa (ace, two and three of trumps): {t.who(maraffa['seat'])}, "
            f"team {maraffa['team']}, 3 points."
        )
    signals = b.get("signals") or []
    if signals:
        rows = [
            {"Trick": str(s["trick"]), "Seat": t.who(s["seat"]), "Signal": words.plain(s["word"]),
             "Honest": "yes" if s.get("true") else "no"}
            for s in signals
        ]  # fmt: skip
        parts.append(Table(rows, "Signals"))
    claim = b.get("claim")
    if claim:
        right = "rightly" if claim.get("right") else "wrongly"
        parts.append(
            f"{t.who(claim['seat'])} called *fuori* after trick {claim['after_trick']}, "
            f"{right} (target {claim['target']})."
        )
    irregular = b.get("irregularity")
    if irregular:
        parts.append(f"Irregularity by {t.who(irregular['seat'])}: {irregular['what']}.")
    ends = {"complete": "The hand was played to the last trick."}
    if b.get("end") in ends:
        parts.append(ends[b["end"]])
    return parts


def _trionfo(b: dict[str, Any], t: Telling) -> list[Part]:
    if not b.get("bid"):
        return ["Everybody passed: the hand was not played."]
    name = words.contract("marafone", b["bid"])
    parts: list[Part] = [
        f"{name} by {t.who(b['signore'])}, the *signore*; trumps: {t.suit(b.get('trump'))}."
    ]
    if b.get("called"):
        amico = f", held by {t.who(b['amico'])} (the *amico*)" if b.get("amico") else ""
        parts.append(f"Called card: {b['called']}{amico}.")
    if b.get("alone"):
        parts.append("The signore played alone.")
    thirds, tricks = b.get("thirds", {}), b.get("tricks", {})
    rows = [
        {"Side": words.side(side),
         "Card points": _thirds(thirds[side]) if side in thirds else number(points),
         "Tricks": number(tricks.get(side, "—"))}
        for side, points in b["card_points"].items()
    ]  # fmt: skip
    parts.append(Table(rows, "Tricks and points"))
    return parts


# -- The Game of Tarot -----------------------------------------------------------------


def waite_tarot(b: dict[str, Any], t: Telling) -> list[Part]:
    seats = sorted(b["totals"], key=int)
    rows = [
        {"Seat": t.who(s),
         "Declarations": number(b["declaration_points"].get(s, 0)),
         "Card points": number(b["tricks"].get(s, 0)),
         "Kings trumped": number(b.get("kings_trumped", {}).get(s, 0)),
         "Tricks": number(b.get("tricks_won", {}).get(s, 0)),
         "Total": number(b["totals"][s])}
        for s in seats
    ]  # fmt: skip
    parts: list[Part] = [Table(rows, "Points per seat")]
    shown = [
        {"Seat": t.who(s),
         "Declaration": words.bonus(f"declarations.{d['kind']}", "waite-tarot"),
         "Cards": " ".join(d.get("cards", [])), "Points": number(d["points"])}
        for s in seats
        for d in b.get("declarations", {}).get(s, [])
    ]  # fmt: skip
    if shown:
        parts.append(Table(shown, "Declarations"))
    if b.get("discard"):
        parts.append(f"Discard: {' '.join(b['discard'])}.")
    if b.get("best") is not None:
        parts.append(f"Highest total: {t.who(b['best'])}.")
    return parts


# -- any other breakdown ---------------------------------------------------------------


def generic(breakdown: dict[str, Any]) -> list[Part]:
    """A breakdown no telling knows, as a table of readable items."""
    rows = [{"Item": item, "Value": value} for item, value in _flat(breakdown) if value != "—"]
    return [Table(rows)] if rows else []


def _flat(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    if isinstance(value, dict):
        rows: list[tuple[str, str]] = []
        for key, inner in value.items():
            label = words.plain(str(key))
            rows += _flat(inner, f"{prefix}, {label.lower()}" if prefix else label)
        return rows
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [row for i, v in enumerate(value, 1) for row in _flat(v, f"{prefix} {i}")]
    if value is None or value == []:
        return [(prefix, "—")]
    if isinstance(value, bool):
        return [(prefix, "yes" if value else "no")]
    if isinstance(value, list):
        return [(prefix, ", ".join(number(v) for v in value))]
    return [(prefix, number(value))]


TELLERS: dict[str, Callable[[dict[str, Any], Telling], list[Part]]] = {
    "french-tarot": french_tarot,
    "tarocco-siciliano": tarocco_siciliano,
    "marafone": marafone,
    "waite-tarot": waite_tarot,
}
