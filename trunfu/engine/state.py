"""A deal in progress, as python-chess has its `Board` and OpenSpiel its `State`: what may
come next (`legal`), doing it (`apply`), and what each seat may know (`view`).

Each game subclasses `State` (`trunfu.engine.games.<game>.state`). The referee is a loop
over a record's actions: `check` says what is wrong with an action, `perform` does it all
the same (a record is read to its end, every fault told); `apply` is the strict form a
player or a program uses: it refuses an illegal action and leaves the state unchanged."""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .model import Snapshot

if TYPE_CHECKING:
    from ..notation.models import Record
    from .model import Outcome, TrickResult
    from .play import TrickPlay


class IllegalAction(ValueError):
    """An action the rules refuse. Its message is the sentence the referee prints (e.g.
    "trick 3: seat 2 played 5S but held 9S of the suit led"); `code` is the diagnostic's."""

    def __init__(self, message: str, code: str = "illegal-action") -> None:
        super().__init__(message)
        self.code = code


class Fault(NamedTuple):
    """One thing wrong with an action: the diagnostic's code, the referee's sentence and,
    when it is about one of the cards the action shows, that card's index among them."""

    code: str
    message: str
    at: int | None = None


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand and the cards everybody has seen (played,
    shown in an announcement, a talon turned face up), never another seat's hand."""

    seat: int
    phase: str
    to_act: int | None
    hand: list[str]
    trick: list[tuple[int, str]]
    """The cards on the table, (seat, card) in playing order."""
    played: list[str]
    """Every card played so far, in playing order (the trick on the table included)."""
    shown: dict[int, list[str]]
    """Cards a seat has shown (a poignée, a declaration), by seat."""
    talon: list[str]
    """The talon when it was turned face up, else empty."""
    taken: dict[int, int]
    declarer: int | None
    legal: list[str]
    """What the seat may do now (empty when it is not its turn)."""


class State(ABC):
    """A deal of one game from the deal to the score.

    Subclasses set `game`, `seats`, `dealer`, `variant` and `phase`, and implement
    `legal`, `check`, `perform`, `to_act`, `outcome`, `record` and the views. An action is
    a string spelled as the canonical writer spells it (`garde-contre`, `chiamo T19`,
    `KS`, `KS busso`, `trump D`, `2: poignee T21 T20 …`, `1>2: KS`, `fuori 1`)."""

    game: str
    seats: int
    dealer: int
    variant: str | None
    phase: str
    play: TrickPlay | None = None

    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose turn it is (None once the deal is over, or when the next action
        is nobody's in particular)."""

    @property
    def over(self) -> bool:
        """True once the deal has ended (scored, or thrown in)."""
        return self.phase == "over"

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The scored end of the deal once it is over, else None."""

    @abstractmethod
    def legal(self) -> list[str]:
        """The actions that may come next, spelled as the writer spells them. Where an
        action shows a set of cards chosen from a hand (a poignée, a declaration) the
        word alone is listed; `apply` judges the full action."""

    @abstractmethod
    def check(self, action: str) -> list[Fault]:
        """What is wrong with `action` now (empty when it is legal)."""

    @abstractmethod
    def perform(self, action: str) -> None:
        """Do `action` as far as it can be done, legal or not (the referee reads a record
        to its end); the action must be one the game can read."""

    def apply(self, action: str) -> None:
        """Do `action`, or raise `IllegalAction` (a `ValueError`) with the referee's
        sentence and leave the state unchanged."""
        faults = self.check(action)
        if faults:
            raise IllegalAction(faults[0].message, faults[0].code)
        self.perform(action)

    def copy(self) -> State:
        """An independent copy (applying to one never changes the other)."""
        return copy.deepcopy(self)

    @abstractmethod
    def record(self) -> Record:
        """The deal so far as a `Record` (tags, the deal, the actions applied), which the
        canonical writer turns into TGN."""

    @abstractmethod
    def snapshot(self) -> Snapshot:
        """The whole table now, every hand known so far (a replay step)."""

    declarer: int | None = None
    """The seat that declared (None: nobody has, or the game has no declarer)."""

    def view(self, seat: int) -> View:
        """What `seat` may know now (the kibitz view, and analysis)."""
        play = self.play
        return View(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            hand=self.holding(seat),
            trick=play.table if play else [],
            played=play.played if play else [],
            shown=self.shown_cards(),
            talon=self.open_talon(),
            taken=play.taken() if play else {},
            declarer=self.declarer,
            legal=[a for a in self.legal() if self.actor(a) == seat],
        )

    def adopt(self, play: TrickPlay) -> None:
        """Play on with `play`: the referee's, whose hands it may have inferred."""
        self.play = play

    def took(self, trick: TrickResult) -> None:  # noqa: B027 (most games show nothing more)
        """A trick has been taken (the referee tells it when steps are wanted): a game
        updates what its steps show, e.g. the points taken so far."""

    @abstractmethod
    def holding(self, seat: int) -> list[str]:
        """The cards `seat` holds now (empty when not known)."""

    def shown_cards(self) -> dict[int, list[str]]:
        """The cards each seat has shown (a poignée, a declaration)."""
        return {}

    def open_talon(self) -> list[str]:
        """The talon, when it was turned face up."""
        return []

    def actor(self, action: str) -> int | None:
        """The seat doing `action`, one of `legal()`: its seat label, else the seat to act."""
        label, colon, _ = action.partition(":")
        return int(label) if colon and label.isdigit() else self.to_act


def dealt(record: Record, seats: int) -> tuple[dict[int, list[str] | None], dict[str, list[str]]]:
    """The cards the deal of `record` gives: each seat's hand (None: not given) and the
    other piles by owner (`talon`, `dead`)."""
    hands: dict[int, list[str] | None] = dict.fromkeys(range(1, seats + 1))
    piles = {}
    for hand in record.deal.hands if record.deal is not None else ():
        codes = list(hand.cards)
        if not hand.owner.isdigit():
            piles[hand.owner] = codes
        elif int(hand.owner) in hands:
            hands[int(hand.owner)] = codes
    return hands, piles
