"""The players' words for what the archive and the engine store as keys: games, contracts
and declarations, bonuses, sides. One table per game; every page shows these words and
keeps the keys for the URL and the queries."""

from __future__ import annotations

from collections.abc import Iterable

GAMES = {
    "french-tarot": "French tarot",
    "tarocco-siciliano": "Tarocco siciliano",
    "marafone": "Marafone",
    "waite-tarot": "Game of Tarot",
}

THROWN_IN = "Thrown in"
NO_CONTRACT = "No contract"

CONTRACTS: dict[str, dict[str, str]] = {
    "french-tarot": {
        "prise": "Prise",
        "garde": "Garde",
        "garde-sans": "Garde sans",
        "garde-contre": "Garde contre",
        "thrown-in": THROWN_IN,
    },
    "tarocco-siciliano": {
        "chiamo": "Chiamo",
        "forced-call": "Forced call",
        "vado-solo": "Vado solo",
        "forced-solo": "Forced solo",
        "prendo": "Prendo",
        "stata": "Stata",
        "thrown-in": THROWN_IN,
    },
    "marafone": {
        "chiamo": "Chiamo",
        "di-piu": "Di più",
        "maso": "Maso",
        "maso-dei-masi": "Maso dei masi",
        "thrown-in": THROWN_IN,
    },
    "waite-tarot": {},
}
"""Contract or declaration key → the players' name, per game."""

NO_CONTRACT_OF = {"marafone": "Trumps named", "waite-tarot": NO_CONTRACT}
"""What a scored deal without a contract is, per game (marafone at four seats: the first
hand names trumps, nobody bids)."""

CONTRACT_ORDER = [
    "Prise",
    "Garde",
    "Garde sans",
    "Garde contre",
    "Chiamo",
    "Forced call",
    "Vado solo",
    "Forced solo",
    "Prendo",
    "Stata",
    "Di più",
    "Maso",
    "Maso dei masi",
    "Trumps named",
    THROWN_IN,
    NO_CONTRACT,
]
"""Every contract name, in the order of the colour scale: a contract keeps its colour
whatever the filter shows."""
CONTRACT_COLOURS = [
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1",
    "#ff9da7", "#9c755f", "#8cd17d", "#2f4b7c", "#d37295", "#fabfd2", "#a0cbe8",
    "#bab0ac", "#79706e",
]  # fmt: skip

BONUSES: dict[str, dict[str, str]] = {
    "french-tarot": {
        "petit_au_bout": "Petit au bout",
        "poignees.simple": "Simple poignée",
        "poignees.double": "Double poignée",
        "poignees.triple": "Triple poignée",
        "chelem.announced and made": "Chelem announced and made",
        "chelem.made unannounced": "Chelem made unannounced",
        "chelem.announced and failed": "Chelem announced and failed",
    },
    "tarocco-siciliano": {
        "jochi.rimatura": "Rimatura",
        "jochi.vanto": "Vanto",
        "jochi.rivanto": "Rivanto",
        "jochi.pigliate": "Pigliate",
        "jochi.scommessa": "Scommessa",
        "jochi.quattro-re": "Quattro re",
        "jochi.arie": "Arie",
        "stata": "Stata",
    },
    "marafone": {
        "maraffa": "Maraffa",
        "signals.busso": "Busso",
        "signals.striscio": "Striscio",
        "signals.volo": "Volo",
        "claim.fuori": "Fuori (a claim)",
        "irregularity": "Irregularity",
    },
    "waite-tarot": {
        "declarations.greater": "Greater trumps",
        "declarations.lesser": "Lesser trumps",
        "declarations.trumps": "Trumps",
        "declarations.tarots": "Tarots",
        "declarations.ask": "Ask",
        "declarations.sequence": "Sequence",
        "kings_trumped": "Kings trumped",
    },
}
"""Bonus key (a row of the archive's `bonuses` table) → the players' name, per game."""

HAND_ENDS = {
    "complete": "played out",
    "fuori": "fuori (a claim)",
    "penalty": "penalty",
    "irregularity": "irregularity",
}
"""How a marafone hand ended, in words."""

SIDES = {
    "declarer": "declarer's side",
    "taker": "taker's side",
    "defence": "defence",
    "opponents": "opponents",
    "signore": "signore's side",
    "others": "the others",
}


def plain(key: str) -> str:
    """A key no table knows, made readable: `quattro-re` → "Quattro re"."""
    text = key.replace("_", " ").replace("-", " ").replace(".", ": ").strip()
    return text[:1].upper() + text[1:]


def game(key: str | None) -> str:
    return GAMES.get(key or "", plain(key or "")) if key else "?"


def contract(game_key: str | None, key: str | None) -> str:
    """The players' name of a contract or declaration of `game_key`."""
    if not key:
        return NO_CONTRACT_OF.get(game_key or "", NO_CONTRACT)
    for table in (CONTRACTS.get(game_key or "", {}), *CONTRACTS.values()):
        if key in table:
            return table[key]
    return plain(key)


def contract_key(game_key: str | None, word: str) -> str | None:
    """The key of a contract named in words (the inverse of `contract`), or None."""
    for table in (CONTRACTS.get(game_key or "", {}), *CONTRACTS.values()):
        for key, name in table.items():
            if name == word:
                return key
    return None


def contracts(keys: Iterable[str], game_key: str | None = None) -> dict[str, str]:
    """Contract key → name, for a list of keys (a selectbox's options)."""
    return {key: contract(game_key, key) for key in keys}


def bonus(key: str, game_key: str | None = None) -> str:
    """The players' name of a bonus key."""
    for table in (BONUSES.get(game_key or "", {}), *BONUSES.values()):
        if key in table:
            return table[key]
    return plain(key)


SIDES_OF = {"french-tarot": {"declarer": "taker's side"}}
"""A game's own word for a side."""


def side(key: str | None, game_key: str | None = None) -> str:
    """A side of the archive or the engine in words: "taker's side", "team 1+3", "seat 2"."""
    if key is None:
        return "side not recorded"
    if key in SIDES_OF.get(game_key or "", {}):
        return SIDES_OF[game_key or ""][key]
    if ", " in key:
        return " and ".join(side(k, game_key) for k in key.split(", "))
    if key.isdigit():
        return f"seat {key}"
    if "+" in key:
        return f"team {key}"
    return SIDES.get(key, plain(key))


def card_points(points: float, game_key: str | None = None) -> str:
    """Card points as players write them: marafone's in thirds ("7⅔"), others as numbers
    with a half where the game has one ("40.5")."""
    if game_key == "marafone":
        whole, rest = divmod(round(abs(points) * 3), 3)
        sign = "-" if points < 0 and (whole or rest) else ""
        return sign + (f"{whole}" if whole or not rest else "") + {0: "", 1: "⅓", 2: "⅔"}[rest]
    return f"{round(points, 1):g}"
