"""Marafone as a game state, one class for four seats (trumps named by the holder of 4D,
the play with the leader's words, `fuori` and `penalty`) and Trionfo (the auction from the
holder of 5S, trumps, the called card after `chiamo`, the play). Actions are read as the reader
reads them (`di più`, `ks`, `trump d`). A false `striscio` or `volo` is an irregularity
the rules score (11–0), so `apply` takes it and `legal` offers only the true words;
`penalty N` (the umpire's ruling) is taken too, never offered."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from ....notation import models as tgn
from ....notation.decks import SIGNALS
from ....notation.grammar import item_scanner
from ...model import Bonus, Outcome, TrickResult
from ...play import TrickPlay
from ...state import Fault, Snapshot, State
from ...state import dealt as deal_of
from .rules import (
    DECK,
    FIRST_CARD,
    GAME,
    LAST_TRICK_THIRDS,
    MARAFFA_POINTS,
    TEAM_NAMES,
    TRUMPED,
    eleven_nil,
    first_holder,
    fuori_right,
    holds_maraffa,
    parse_match_score,
    parse_target,
    points,
    side_thirds,
    taken_thirds,
    team,
    trick_thirds,
    word_truth,
)
from .trionfo import BIDS, Auction, goal_met, scores


class Action(NamedTuple):
    """One action as read: `kind` is `bid`, `trump`, `card` or `claim`; `word` the bid,
    the suit, the leader's word or the claim's kind; `seat` the claim's seat."""

    kind: str
    card: str | None = None
    word: str | None = None
    seat: int | None = None


@lru_cache(maxsize=4096)
def read_action(text: str, seats: int) -> Action | None:
    """The action `text` spells, read with the notation's own items; None when it is none."""
    head, _, rest = text.strip().partition(" ")
    if head == "trump":
        suit = rest.strip().upper()
        return Action("trump", word=suit) if suit in DECK.suits else None
    scan, items, at = item_scanner(), [], len(text) - len(text.lstrip())
    while at < len(text):
        found = scan.match(text, at)
        if found is None:
            return None
        items.append((found.lastgroup, found.group().rstrip("!?")))
        at = len(text) - len(text[found.end() :].lstrip())
    kinds = tuple(kind for kind, _ in items)
    if kinds in (("CARD",), ("CARD", "SIGNAL")):
        return Action("card", card=items[0][1].upper(), word=dict(items).get("SIGNAL"))
    if kinds == ("CALL_WORD",):
        spelt = "-".join(items[0][1].replace("-", " ").split())
        return Action("bid", word=DECK.calls.get(seats, {}).get(spelt, spelt))
    if kinds == ("CLAIM",):
        word, seat = items[0][1].split()
        return Action("claim", word=word, seat=int(seat))
    return None


class MarafoneState(State):
    """A hand of either seat count. Four seats, teams 1+3 and 2+4: `trump` (by `first`, the
    holder of 4D) then `play`, ended by the tenth trick or a claim. Five (Trionfo):
    `auction` (from `first`, the holder of 5S), won by the `signore` with his `bid`, his
    `trump`, his `call` after `chiamo`, `play`; five passes end it. A hand is None in the
    referee's state when the play infers it."""

    game = GAME
    variant = DECK.default_variant
    partner_known = False

    def __init__(
        self,
        hands: dict[int, list[str] | None],
        *,
        first: int | None = None,
        dealer: int = 1,
        tags: Iterable[tgn.Tag] = (),
    ) -> None:
        """`first`: the holder of the first card (`FIRST_CARD`), when the deal does not show it."""
        self.seats, self.dealer, self.hands, self.tags = len(hands), dealer, hands, list(tags)
        self.first = first or first_holder(hands)
        self.trump: str | None = None
        four = self.seats == 4
        self.points: dict[str, float] = dict.fromkeys(TEAM_NAMES, 0.0) if four else {}
        """Card points taken so far per side, as the steps show them."""
        self.name, self.total = ("marafone", 10) if four else ("Trionfo", 8)
        """The game's name in messages, and the tricks of a complete hand."""
        self.auction = None if four else Auction(self.first)
        self.phase = "trump" if four else "auction"
        self.signore: int | None = None
        self.bid: str | None = None
        self.called: str | None = None
        self.amico: int | None = None
        """The holder of the called card, when known."""
        self.claim: dict | None = None
        """A four-seat `fuori` or `penalty`: its `kind`, `seat` and the tricks played before
        it (`after_trick`)."""
        self.side: set[int] = {1, 3} if four else set()
        """The seats whose points are counted first: teams 1+3 at four seats; in Trionfo the
        signore and his amico when known, from the play on."""
        self.names = TEAM_NAMES if four else ("signore", "others")
        """The sides' names, `side` first, as the steps' points name them."""
        self.signals: list[dict] = []
        """Each word said: its `trick`, `seat`, `word` and whether it was `true`."""
        self.irregular: dict | None = None
        """The `seat` whose false or out-of-turn word lost the hand 11–0, and `what` it was."""

    @property
    def leader(self) -> int:
        """The seat that leads the first trick."""
        return self.signore or self.first

    @property
    def declarer(self) -> int | None:
        """The holder of 4D; the signore, shown from his naming of trumps on."""
        if self.auction is None:
            return self.first
        return self.signore if self.phase not in ("auction", "trump") else None

    @property
    def to_act(self) -> int | None:
        if self.phase == "auction":
            return self.auction.turn
        if self.phase == "play":
            return self.play.to_play if self.play is not None else self.leader
        return self.leader if self.phase in ("trump", "call") else None

    @property
    def outcome(self) -> Outcome | None:
        return self.score() if self.over else None

    def score(self) -> Outcome | None:
        """The hand scored as it stands (None when it cannot be), as four seats or Trionfo
        score it."""
        auction = self.auction
        if auction is not None and auction.thrown_in:
            breakdown, speakers = {"auction_first": self.first, "bid": None}, list(auction.speakers)
            return Outcome.of(
                [0] * 5, thrown_in=True, speakers=speakers, margin=0.0, breakdown=breakdown
            )
        if self.called and self.amico is None:
            return None
        tricks = self.playing().tricks
        score = self._score_four if auction is None else self._score_trionfo
        return score(tricks, len(tricks) == self.total)

    def playing(self) -> TrickPlay:
        """The play (begun on first use)."""
        if self.play is None:
            rules = TRUMPED[self.trump]
            self.adopt(TrickPlay(rules, self.seats, self.leader, self.total, self.hands))
        return self.play

    def adopt(self, play: TrickPlay) -> None:
        """Take `play` as the play of this hand (the referee's, or one begun here)."""
        self.play, self.phase = play, "play"
        if self.auction is None:
            return
        self.points = dict.fromkeys(self.names, 0.0)
        if self.called and self.amico is None:  # from the hands the play shows
            self.amico = next((s for s, h in play.dealt.items() if self.called in h), None)
        self.side = {self.signore} | ({self.amico} if self.amico else set())

    def took(self, trick: TrickResult) -> None:
        """A trick was taken: the points the steps show."""
        side, cards = trick.winner not in self.side, [c for _, c in trick.cards]
        self.partner_known = self.partner_known or self.called in cards  # (Trionfo's)
        if self.auction is None:  # (the sum of the thirds, as the score counts them)
            won = side_thirds(self.play.tricks, self.side, False)[side] / 3
        else:
            won = self.points[self.names[side]] + trick_thirds(cards) / 3
        self.points[self.names[side]] = won

    def close(self) -> None:
        """The play is over: the last trick's point to its winner, the hand over."""
        tricks = self.playing().tricks
        if len(tricks) == self.total:
            self.points[self.names[tricks[-1].winner not in self.side]] += LAST_TRICK_THIRDS / 3
        self.phase = "over"

    def legal(self) -> list[str]:
        if self.phase != "play":  # the bids, suits or cards that `check` allows
            suits = [f"trump {suit}" for suit in DECK.suits]
            offers = {"auction": BIDS, "trump": suits, "call": DECK.order}.get(self.phase, ())
            return [action for action in offers if not self.check(action)]
        play = self.playing()
        if play.trick or self.auction is not None:
            return play.legal()
        out, hand = [], play.hand(play.to_play) or []
        for card in play.legal():  # with each word that is true of the hand after it
            after = [c for c in hand if c != card]
            out += [card, *(f"{card} {w}" for w in SIGNALS if word_truth(w, card, after, True))]
        out += [c for c in (f"fuori {s}" for s in range(1, self.seats + 1)) if not self.check(c)]
        return out

    def check(self, action: str) -> list[Fault]:
        act, trionfo = read_action(action, self.seats), self.auction is not None
        if act is None:
            return [Fault("unknown-action", f"`{action}` is not a {self.name} action")]
        if trionfo and act.kind == "bid":
            return [Fault("illegal-call", said)] if (said := self.auction.fault(act.word)) else []
        if trionfo and (act.kind == "claim" or (act.kind == "card" and act.word)):
            claim = act.kind == "claim"  # (four seats' only)
            said = f"`{act.word}` belongs" if claim else f"`{act.word}`: the leader's words belong"
            told = f"{said} to four-seat marafone, not to Trionfo"
            return [Fault("unexpected-claim" if claim else "unexpected-signal", told)]
        if self.phase == "over":
            return [Fault("over", f"`{action}`: the hand is over")]
        if act.kind == "claim" and self.phase == "play":  # a fuori needs the match's tags
            match, target = self._match()
            if self.playing().trick:
                return [Fault("not-now", f"`{action}`: a claim stands between two tricks")]
            if act.word != "fuori" or None not in (match, target):
                return []
            bad = "MatchScore" if match is None else "Target"
            message = (
                f"`{action}` is checked against MatchScore and Target, but the {bad} tag is "
                'not readable (MatchScore "A B", Target a number)'
            )
            return [Fault("bad-match-tag", message)]
        if act.kind != {"trump": "trump", "call": "card", "play": "card"}.get(self.phase):
            message = f"`{action}`: the {self.phase} is not over"
            if not trionfo and self.phase == "trump":
                message = f"seat {self.first}, who holds 4D, names trumps first"
            elif not trionfo:
                message = f"`{action}`: it is seat {self.playing().to_play}'s turn to play"
            return [Fault("not-now", message)]
        if self.phase == "call" and act.card[-1] == self.trump:
            message = f"{act.card} is a trump: the called card is of another suit"
            return [Fault("call-trump", message)]
        if self.phase == "call" and act.card not in DECK.cards:
            return [Fault("unknown-card", f"{act.card} is not a card of marafone")]
        if self.phase != "play":
            return []
        play = self.playing()
        faults = [fault] if (fault := play.card_fault(act.card)) else []
        if act.word and play.trick:
            faults.append(self._not_leader(play.number, play.to_play, act.word))
        return faults

    def perform(self, action: str) -> None:
        act = read_action(action, self.seats)
        kind, phase = act.kind, self.phase
        if kind == "bid" and phase == "auction":
            self.say(act.word)
        elif kind == "trump" and phase == "trump":
            self.trump, self.phase = act.word, "call" if self.bid == "chiamo" else "play"
        elif kind == "card" and phase == "call":
            self.called, self.phase = act.card, "play"
            self.amico = next((s for s, h in self.hands.items() if h and act.card in h), None)
        elif kind == "claim" and phase == "play" and self.auction is None:
            self.claim = {"kind": act.word, "seat": act.seat, "after_trick": len(self.play.tricks)}
            self.phase = "over"
        elif kind == "card" and phase == "play":
            play = self.playing()
            number, seat, lead = play.number, play.to_play, not play.trick
            if (done := play.play(act.card)) is not None:
                self.took(done)
            if play.over:
                self.close()
            if act.word and self.auction is None:
                self.hear(number, seat, act.card, act.word, lead)

    def say(self, word: str) -> str | None:
        """Trionfo: the call `word` of the seat whose turn it is, judged once (`Auction.say`):
        why it may not be said, else None; five passes end the hand, a bid the auction."""
        fault = self.auction.say(word)
        if self.auction.turn == 0:
            self.phase = "over" if self.auction.thrown_in else "trump"
            self.signore, self.bid = self.auction.bidder, self.auction.bid
        return fault

    def snapshot(self) -> Snapshot:
        play = self.play
        if play is None:
            hands = {s: list(h) for s, h in self.hands.items() if h is not None}
            return Snapshot(hands=hands, points=self.points, declarer=self.declarer)
        hands, trick, taken = play.sorted_hands(), play.table, play.taken()  # no talon, no discard
        return Snapshot(hands, [], [], trick, taken, self.points, self.declarer, self.partner_known)

    def holding(self, seat: int) -> list[str]:
        hand = self.play.hand(seat) if self.play is not None else self.hands.get(seat)
        return list(hand or [])

    def record(self) -> tgn.Record:
        tags = [tag for tag in self.tags if tag.name != "Result"]
        if (outcome := self.outcome) is not None:
            tags.append(tgn.Tag(name="Result", value=outcome.result))
        hands = [tgn.Hand(owner=str(s), cards=tgn.Cards(h)) for s, h in self.hands.items() if h]
        words = {(said["trick"], said["seat"]): said["word"] for said in self.signals}
        items: list[tgn.Trick | tgn.Claim] = [*self.play.written(words)] if self.play else []
        items += [tgn.Claim(kind=self.claim["kind"], seat=self.claim["seat"])] if self.claim else []
        calls = self.auction and [[tgn.Call(word=word) for word in self.auction.calls]]
        return tgn.Record(
            tags=tags,
            deal=tgn.Deal(hands=hands) if hands else None,
            auction=calls and tgn.Auction(rounds=calls),
            call=self.called and tgn.CardList(keyword="call", cards=tgn.Cards([self.called])),
            trump=self.trump and tgn.Trump(suit=self.trump),
            play=tgn.Play(items=items) if items else None,
        )

    def _match(self) -> tuple[tuple[int, int] | None, int | None]:
        tags = {tag.name: tag.value for tag in reversed(self.tags)}  # the first of each name
        return parse_match_score(tags.get("MatchScore")), parse_target(tags.get("Target"))

    @staticmethod
    def _not_leader(number: int, seat: int, word: str) -> Fault:
        return Fault(
            "signal-not-leader",
            f"trick {number}: seat {seat} says `{word}` but did not lead; only the leader may "
            f"speak (a word from another seat loses the hand 11–0: record it as `penalty {seat}`)",
        )

    def hear(self, number: int, seat: int, card: str, word: str, lead: bool) -> Fault | None:
        """Seat `seat` says `word` with `card` in trick `number` (`lead`: it led it), judged
        on its hand after the card as far as the play shows it; the first false or
        out-of-turn word decides the hand (the latter's fault is returned)."""
        play = self.play
        after = [t.cards[(seat - t.leader) % 4][1] for t in play.tricks[number:]]
        after += (play.hands[seat] or set()) - {card}  # (held till its trick ends)
        exact = self.hands[seat] is not None or len(play.tricks) == self.total
        truth = lead and word_truth(word, card, after, exact)
        self.signals.append({"trick": number, "seat": seat, "word": word, "true": truth})
        if truth is False and self.irregular is None:
            said = f"`{word}` by seat {seat}"
            what = f"a false {said}" if lead else f"{said}, who did not lead"
            self.irregular = {"seat": seat, "what": what}
        return None if lead else self._not_leader(number, seat, word)

    def _score_four(self, tricks: list[TrickResult], complete: bool) -> Outcome | None:
        """Four seats: the team points, the maraffa (A, 2, 3 of trumps in a hand known,
        led off with the ace), the 11–0 of an irregularity or a claim."""
        thirds = side_thirds(tricks, self.side, complete)  # teams 1+3 and 2+4
        so_far, maraffa = [points(thirds[0]), points(thirds[1])], None
        for seat, cards in self.play.dealt.items():
            if (self.hands[seat] is not None or complete) and holds_maraffa(cards, self.trump):
                first = bool(tricks) and (seat, "A" + self.trump) in tricks[0].cards
                maraffa = {"seat": seat, "team": TEAM_NAMES[team(seat)], "ace_first": first}
                so_far[team(seat)] += MARAFFA_POINTS if first else 0
                break
        claim, end, teams = None, "complete", so_far
        if self.irregular is not None:  # the word came before any claim
            teams, end = eleven_nil(self.irregular["seat"]), "irregularity"
        elif self.claim is not None:
            claim, end, seat = self.claim, self.claim["kind"], self.claim["seat"]
            match, target = self._match()
            if end == "penalty":
                teams = eleven_nil(seat)
            elif match is None or target is None:
                return None
            else:
                right = fuori_right(seat, so_far, match, target)
                teams = so_far if right else eleven_nil(seat)
                claim = claim | {"match_score": list(match), "target": target, "right": right}
        ours, theirs = team(self.first), 1 - team(self.first)  # the team that named trumps
        named = [("maraffa", maraffa), *[(f"signals.{s['word']}", s) for s in self.signals]]
        named += [(f"claim.{end}", claim), ("irregularity", self.irregular)]  # those made
        side = ("declarer", "defence") if ours == 0 else ("defence", "declarer")  # by team
        attack, defence = thirds[ours] / 3, thirds[theirs] / 3
        return Outcome.of(
            [*teams, *teams],  # seats 1 to 4: teams 1+3, 2+4, 1+3, 2+4
            declarer=self.first,
            partners=[(self.first + 1) % 4 + 1],
            card_points={"declarer": attack, "defence": defence},
            margin=attack - defence,
            bonuses=[Bonus(name=n, side=side[team(d["seat"])], points=1.0) for n, d in named if d],
            breakdown={
                "trump": self.trump,
                "trump_named_by": self.first,
                "trump_team_won": teams[ours] > teams[theirs],
                "teams": dict(zip(TEAM_NAMES, teams, strict=True)),
                "card_points": dict(zip(TEAM_NAMES, [thirds[0] / 3, thirds[1] / 3], strict=True)),
                "thirds": dict(zip(TEAM_NAMES, thirds, strict=True)),
                "maraffa": maraffa,
                "signals": self.signals,
                "claim": claim,
                "irregularity": self.irregular,
                "end": end,
            },
        )

    def _score_trionfo(self, tricks: list[TrickResult], complete: bool) -> Outcome:
        """Trionfo: whether the signore's side met the goal of his bid, and the table's
        scores."""
        signore, bid, side = self.signore, self.bid, self.side
        taken = taken_thirds(tricks, complete)
        won = goal_met(bid, signore, side, taken)
        amico = None if self.amico == signore else self.amico  # None: he plays alone
        ours = sum(thirds for winner, thirds in taken if winner in side)  # the thirds of his side
        theirs = sum(thirds for _, thirds in taken) - ours
        mine = sum(winner in side for winner, _ in taken)
        return Outcome.of(
            scores(bid, signore, amico, won),
            contract=bid,
            declarer=signore,
            partners=[] if amico is None else [amico],
            won=won,
            speakers=list(self.auction.speakers),
            card_points={"declarer": float(points(ours)), "defence": float(points(theirs))},
            margin=float(points(ours) - points(theirs)),
            breakdown={
                "bid": bid,
                "won": won,
                "auction_first": self.first,
                "signore": signore,
                "trump": self.trump,
                "called": self.called,
                "amico": amico,
                "alone": amico is None,
                "card_points": {"signore": points(ours), "others": points(theirs)},
                "thirds": {"signore": ours, "others": theirs},
                "tricks": {"signore": mine, "others": len(tricks) - mine},
            },
        )


def start(record: tgn.Record) -> MarafoneState:
    """The state right after the deal of `record` (`trunfu.engine.start` has checked its
    seats and that every hand is given)."""
    hands = deal_of(record, record.seats)[0]
    state = MarafoneState(hands, dealer=record.dealer or 1, tags=record.tags)
    if state.first is None:
        raise ValueError(f"no hand of the deal holds {FIRST_CARD[state.seats]}")
    return state


def written(record: tgn.Record) -> Iterator[tuple[tgn.Node, str]]:
    """The record's actions (node, spelling) in the order the rules apply them: the calls,
    trumps, the called card, then the play's cards (with their words) and claims."""
    yield from ((call, call.word) for call in record.calls())
    if record.trump is not None and record.trump.suit is not None:
        yield record.trump, f"trump {record.trump.suit}"
    called = [record.call] if record.call else []
    for item in [*called, *(record.play.items if record.play is not None else ())]:
        if type(item) is tgn.Claim:
            yield item, f"{item.kind} {item.seat}"
            continue
        for card in item.cards.cards():
            yield card, f"{card.code} {card.signal}" if card.signal else card.code


def actions(record: tgn.Record) -> list[tuple[int | None, str]]:
    """The record's actions (seat, spelling) in the order the rules apply them."""
    state, out = start(record), []
    for node, action in written(record):
        out.append((node.seat if type(node) is tgn.Claim else state.to_act, action))
        state.perform(action)
    return out
