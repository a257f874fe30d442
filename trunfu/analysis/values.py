"""What the analysis counts, per game: the declarer's side, the value of a finished deal in
the game's units (half points, thirds of a point, points) read from the engine's outcome,
and each card's worth in those units for the compiled search (the engine's own tables).

french-tarot: the taker's side's card points (half points); tarocco-siciliano: the
declarer's side's card points (in threes, 5 for the last trick); marafone: the thirds of
the team that named trumps (4 seats) or of the signore's side (Trionfo, 5 seats);
waite-tarot with 2 seats: the eldest's trick points."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import State
from ..engine.games.french_tarot import rules as french_tarot
from ..engine.games.marafone import rules as marafone
from ..engine.games.tarocco_siciliano import rules as tarocco_siciliano
from ..engine.games.waite_tarot import scoring as waite_tarot

FRENCH, SICILIAN, MARAFONE, WAITE = 0, 1, 2, 3


class NotAnalysable(ValueError):
    """A deal or a position the analysis cannot value; the message says why in words."""


@dataclass(frozen=True)
class Scheme:
    """How one game is valued: `kind` (the compiled core's counting), `scale` (units in a
    point), `last_bonus` (units for the last trick, where the count is linear)."""

    game: str
    kind: int
    scale: int
    last_bonus: int

    def points(self, units: int) -> float:
        """Units as points (thirds rounded to 2 decimals)."""
        return round(units / self.scale, 2)

    def unit(self, card: str) -> int:
        """What one card adds to a trick in units (see `core.take` for each game)."""
        return _UNIT[self.kind](card)


def _french(card: str) -> int:
    return round(french_tarot.POINTS[card] * 2)


def _sicilian(card: str) -> int:
    return tarocco_siciliano.VALUES.get(card, 1)


def _marafone(card: str) -> int:
    return marafone.THIRDS[card]


def _waite(card: str) -> int:
    return waite_tarot.VALUE[card]


_UNIT = {FRENCH: _french, SICILIAN: _sicilian, MARAFONE: _marafone, WAITE: _waite}

SCHEMES = {
    "french-tarot": Scheme("french-tarot", FRENCH, 2, 0),
    "tarocco-siciliano": Scheme("tarocco-siciliano", SICILIAN, 1, 5),
    "marafone": Scheme("marafone", MARAFONE, 3, 3),
    "waite-tarot": Scheme("waite-tarot", WAITE, 1, 0),
}


def scheme(state: State) -> Scheme:
    """The game's scheme, or `NotAnalysable` for a game or seat count without two sides."""
    found = SCHEMES.get(state.game)
    if found is None:
        raise NotAnalysable(f"trunfu cannot analyse {state.game}")
    if state.game == "waite-tarot" and state.seats != 2:
        raise NotAnalysable(
            f"waite-tarot with {state.seats} seats has {state.seats} sides, not two: "
            "best play is not defined, the analysis is not available"
        )
    return found


def eldest(state: State) -> int:
    """The seat after the dealer."""
    return state.dealer % state.seats + 1


def side_of(state: State) -> list[int]:
    """The seats of the declarer's side, from a finished deal."""
    outcome = state.outcome
    if outcome is None or outcome.thrown_in:
        raise NotAnalysable("the deal was thrown in: there is no play to analyse")
    if state.game == "waite-tarot":
        return [eldest(state)]
    seats = outcome.sides.get("declarer")
    if not seats:
        raise NotAnalysable("the deal has no declarer's side")
    return sorted(seats)


def final_value(state: State) -> int:
    """The value of a finished deal for the declarer's side, in the game's units."""
    outcome = state.outcome
    if outcome is None:
        raise NotAnalysable("the deal is not over")
    points = outcome.card_points
    if state.game == "french-tarot":
        return round(points["declarer"] * 2)
    if state.game == "tarocco-siciliano":
        return round(points["declarer"])
    if state.game == "marafone":
        if state.seats == 5:
            return int(outcome.breakdown["thirds"]["signore"])
        return round(points["declarer"] * 3)
    return round(points[str(eldest(state))])
