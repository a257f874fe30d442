"""The compiled double-dummy search (numba): cards are small integers sorted by suit then
strength, a hand is the cards whose `owner` is its seat, and the search is an alpha-beta
over whole tricks with a transposition table keyed on the cards still held, the seat on
lead and the few facts of the past that the rest of the deal depends on (`st`).

Values are integers in the game's units (half points, thirds of a point, points) and
count for the declarer's side; `search` returns what the rest of the deal is worth from
the current position, so that one table entry serves every history that reaches it.

What a game counts is chosen by `P[KIND]`; the follow, trump, overtrump and excuse rules
are the flags of the game's `TrickRules`, copied into `P` by `tables.py`."""

from __future__ import annotations

import numpy as np
from numba import njit

# Indexes into the parameter array P.
KIND, SEATS, FOLLOW, MUST_TRUMP, OVERTRUMP, EXCUSE, EXCUSE_LEAD, TRUMP, EX, SLAM, TOTAL = range(11)
LAST_BONUS, N_CARDS, TOP_TRUMP, FIRST = 11, 12, 13, 14
"""P[FIRST + s]: the first card of suit s (the cards are sorted by suit), then the count."""
MAX_SUITS = 8
N_PARAMS = FIRST + MAX_SUITS + 1

FRENCH, SICILIAN, MARAFONE, WAITE = 0, 1, 2, 3
"""How each game counts (P[KIND])."""
OVER_NEVER, OVER_TRUMP_LEAD, OVER_IN_TRICK = 0, 1, 2
LEAD_ALWAYS, LEAD_LAST, LEAD_NEVER = 0, 1, 2

EXCUSE_EXCHANGE = 8
"""French tarot, in half points: the Excuse (4.5) kept against a half-point card."""
FUGGITIVO = 10
"""Sicilian: what the Fuggitivo is worth before the threes."""
KING_TRUMPED = 5
FOOL_POINTS = 5

# Bits of the state `st` (what the rest of the deal depends on besides the cards held).
DECL_ALL, DEF_ALL = 1, 2
"""French slam rule: the declarer's side / the defence took every trick so far."""
R_SHIFT = 2
"""Sicilian: the declarer's cards modulo 3 (two bits)."""
DECL_ANY, DEF_ANY = 16, 32
"""Sicilian: the declarer's side / the other side took a trick."""
PEND_SHIFT = 6
"""Sicilian: 1 when the declarer's Fuggitivo lies with the other side, 2 the reverse."""

TT_BITS = 22
UNITS = 16
"""More than any card's worth in units: the transposition key's (holder, worth) pairs."""
INF = 1 << 30
GONE = -1
"""owner[c] of a card played in a finished trick."""
TABLE = -2
"""owner[c] of a card on the table."""


@njit(cache=True, nogil=True)
def led_suit(line, d, tlen, suit, ex):
    """The suit to follow in the trick line[d-tlen:d]: its first card that is not the
    excuse (-1 when none)."""
    for i in range(d - tlen, d):
        c = line[i]
        if c != ex:
            return suit[c]
    return -1


@njit(cache=True, nogil=True)
def legal(P, suit, power, owner, line, d, tlen, seat, last, out):
    """The cards `seat` may play to the trick line[d-tlen:d], written to `out`; their
    number. The same rule as `TrickRules.legal`."""
    n = P[N_CARDS]
    ex = P[EX]
    trump = P[TRUMP]
    with_ex = P[EXCUSE] == 1 and ex >= 0 and owner[ex] == seat
    k = 0
    if tlen == 0:
        lead_ex = P[EXCUSE_LEAD] == LEAD_ALWAYS or (P[EXCUSE_LEAD] == LEAD_LAST and last)
        others = 0
        for c in range(n):
            if owner[c] == seat and c != ex:
                others += 1
        for c in range(n):
            if owner[c] == seat and (c != ex or not with_ex or lead_ex or others == 0):
                out[k] = c
                k += 1
        return k
    led = led_suit(line, d, tlen, suit, ex)
    if led < 0:
        for c in range(n):
            if owner[c] == seat:
                out[k] = c
                k += 1
        return k
    asked = -1
    if P[FOLLOW] == 1:
        for c in range(P[FIRST + led], P[FIRST + led + 1]):
            if owner[c] == seat and c != ex:
                asked = led
                break
    if asked < 0 and P[MUST_TRUMP] == 1 and trump >= 0 and led != trump:
        for c in range(P[FIRST + trump], P[FIRST + trump + 1]):
            if owner[c] == seat and c != ex:
                asked = trump
                break
    floor = -1
    if asked >= 0 and asked == trump:
        top = -1
        for i in range(d - tlen, d):
            c = line[i]
            if c != ex and suit[c] == trump and power[c] > top:
                top = power[c]
        if led == trump:
            beat = P[OVERTRUMP] != OVER_NEVER and P[FOLLOW] == 1
        else:
            beat = P[OVERTRUMP] == OVER_IN_TRICK and P[MUST_TRUMP] == 1
        if top >= 0 and beat:
            for c in range(P[FIRST + trump], P[FIRST + trump + 1]):
                if owner[c] == seat and c != ex and power[c] > top:
                    floor = top
                    break
    lo, hi = (P[FIRST + asked], P[FIRST + asked + 1]) if asked >= 0 else (0, n)
    for c in range(lo, hi):
        if owner[c] != seat or c == ex or power[c] <= floor:
            continue
        out[k] = c
        k += 1
    if with_ex:
        out[k] = ex
        k += 1
    return k


@njit(cache=True, nogil=True)
def trick_winner(P, suit, power, line, d, leader):
    """The seat that takes the whole trick line[d-seats:d] led by `leader` (the rules'
    winner; the French slam rule is applied by `take`)."""
    seats = P[SEATS]
    top_i, _ = strongest(P, suit, power, line, d, seats)
    return (leader + (top_i - (d - seats) if top_i >= 0 else 0)) % seats


@njit(cache=True, nogil=True)
def strongest(P, suit, power, line, d, tlen):
    """The card that holds the trick line[d-tlen:d] so far, the highest trump else the
    highest card of the suit led: its index in `line` and its strength (-1, -1 when only
    the excuse is there, or no card)."""
    ex = P[EX]
    trump = P[TRUMP]
    led = led_suit(line, d, tlen, suit, ex) if tlen > 0 else -1
    top = -1
    top_i = -1
    for i in range(d - tlen, d):
        c = line[i]
        if c == ex:
            continue
        if trump >= 0 and suit[c] == trump:
            key = 1000 + power[c]
        elif suit[c] == led:
            key = power[c]
        else:
            continue
        if key > top:
            top = key
            top_i = i
    return top_i, top


@njit(cache=True, nogil=True)
def take(P, suit, power, unit, side, kings, line, d, leader, done, st):
    """The whole trick line[d-seats:d] is taken: (units for the declarer's side, the next
    state, the seat that takes it). `done`: tricks finished before this one."""
    seats = P[SEATS]
    kind = P[KIND]
    ex = P[EX]
    last = done + 1 == P[TOTAL]
    w = trick_winner(P, suit, power, line, d, leader)
    ex_seat = -1
    raw = 0
    for i in range(seats):
        c = line[d - seats + i]
        raw += unit[c]
        if c == ex:
            ex_seat = (leader + i) % seats
    if kind == FRENCH and P[SLAM] == 1 and last and ex_seat >= 0 and done >= 1:
        mine = DECL_ALL if side[ex_seat] == 1 else DEF_ALL
        if st & mine:
            w = ex_seat
    ours = side[w] == 1
    u = 0
    if kind == FRENCH:
        if ours:
            u = raw
        if ex_seat >= 0 and not last and side[ex_seat] != side[w]:
            u += EXCUSE_EXCHANGE if side[ex_seat] == 1 else -EXCUSE_EXCHANGE
        st &= DECL_ALL if ours else DEF_ALL
        return u, st, w
    if kind == SICILIAN:
        r = (st >> R_SHIFT) & 3
        if ours:
            m = r + seats
            u = raw - 2 * (m // 3)
            r = m % 3
            if last:
                u += P[LAST_BONUS]
        st = (st & ~(3 << R_SHIFT)) | (r << R_SHIFT)
        st |= DECL_ANY if ours else DEF_ANY
        if ex_seat >= 0 and side[ex_seat] != side[w]:
            st |= (1 if side[ex_seat] == 1 else 2) << PEND_SHIFT
        return u, st, w
    if kind == MARAFONE:
        if ours:
            u = raw + (P[LAST_BONUS] if last else 0)
        return u, st, w
    # WAITE: the trick is worth its best card, 5 more for a king of the suit led taken by a
    # trump; the Fool's 5 to the seat that played it.
    if ours:
        best = 0
        for i in range(seats):
            c = line[d - seats + i]
            if unit[c] > best:
                best = unit[c]
        u = best
        wc = line[d - seats + (w - leader) % seats]
        led = led_suit(line, d, seats, suit, ex)
        trump = P[TRUMP]
        if wc != ex and suit[wc] == trump and led >= 0 and led != trump:
            king = kings[led]
            for i in range(seats):
                if line[d - seats + i] == king:
                    u += KING_TRUMPED
    if ex_seat >= 0 and side[ex_seat] == 1:
        u += FOOL_POINTS
    return u, st, w


@njit(cache=True, nogil=True)
def final(P, st):
    """What the end of the deal adds given the state: Sicilian, the Fuggitivo going back
    to its holder's side and the last one or two cards short of a three."""
    if P[KIND] != SICILIAN:
        return 0
    r = (st >> R_SHIFT) & 3
    pend = (st >> PEND_SHIFT) & 3
    u = 0
    dn = 0
    if pend == 1 and st & DECL_ANY:
        u += FUGGITIVO
        dn = 1
    elif pend == 2 and st & DEF_ANY:
        u -= FUGGITIVO
        dn = -1
    m = r + dn
    if m < 0:
        return u + 2 - 1  # a three broken: 2 given back, a last two counted 1 less
    u -= 2 * (m // 3)
    if m % 3:
        u -= 1
    return u


@njit(cache=True, nogil=True)
def st_key(P, st):
    """The bits of `st` that the rest of the deal depends on."""
    kind = P[KIND]
    if kind == FRENCH:
        return st & 3 if P[SLAM] == 1 else 0
    if kind == SICILIAN:
        return st & 0xFC
    return 0


@njit(cache=True, nogil=True)
def run(P, suit, power, unit, side, kings, owner, line, n, leader, st):
    """Play line[:n] from the start of play (owner: the hands then; changed): (units for
    the declarer's side, state, leader, cards of the trick on the table, tricks done). A
    line of every card ends with the deal's last adjustments counted. `st`: the state
    before the first trick."""
    seats = P[SEATS]
    total = 0
    done = 0
    tlen = 0
    for d in range(n):
        owner[line[d]] = TABLE
        tlen += 1
        if tlen == seats:
            u, st, w = take(P, suit, power, unit, side, kings, line, d + 1, leader, done, st)
            for i in range(d + 1 - seats, d + 1):
                owner[line[i]] = GONE
            total += u
            leader = w
            done += 1
            tlen = 0
    if done == P[TOTAL]:
        total += final(P, st)
    return total, st, leader, tlen, done


@njit(cache=True, nogil=True)
def boundary(P, suit, unit, side, owner, zrel, zlead, zst, leader, st, done):
    """At a trick boundary: (the transposition key, the least and the most the rest of the
    deal can give the declarer's side).

    The key reads each suit's cards still held by their rank among those cards only, with
    who holds each and what it is worth: positions that differ only by which cards already
    fell share an entry, as their games are the same. The bounds are the points still in
    play (see `take` and `final` for what each game can add or take away)."""
    n = P[N_CARDS]
    kind = P[KIND]
    key = zlead[leader] ^ zst[st_key(P, st)]
    rest = 0
    held = 0
    prev = -1
    slot = 0
    for c in range(n):
        s = suit[c]
        if s != prev:
            prev = s
            slot = c
        o = owner[c]
        if o >= 0:
            key ^= zrel[slot, o * UNITS + unit[c]]
            slot += 1
            rest += unit[c]
            held += 1
    if kind == WAITE:
        return key, 0, (P[TOTAL] - done) * (2 * KING_TRUMPED) + FOOL_POINTS
    seats = P[SEATS]
    tricks, trumps, ours = masters(P, suit, side, unit, owner)
    if kind == SICILIAN:
        return key, *_sicilian_bounds(P, st, rest, held, tricks, trumps, ours)
    least = 0
    most = rest + P[LAST_BONUS]
    others = tricks * (seats - 1) if kind != MARAFONE else 0  # every card is worth 1 or more
    if ours == 1:
        least += trumps + others
    elif ours == 0:
        most -= trumps + others
    ex = P[EX]
    if (
        kind == FRENCH
        and ex >= 0
        and owner[ex] >= 0
        and P[TOTAL] - done >= 2
        and P[EXCUSE_LEAD] == LEAD_ALWAYS
    ):
        # Its holder can play the Excuse before the last trick, and keep it.
        if side[owner[ex]] == 1:
            least += EXCUSE_EXCHANGE
        else:
            most -= EXCUSE_EXCHANGE
    return key, least, most


@njit(cache=True, nogil=True)
def threes(m):
    """Sicilian: what counting `m` cards in threes takes off their worth (2 a three, 1 for
    the one or two cards left over). Each card more takes off at most 1, and is worth 1 or
    more: the more cards a side takes, the more it counts."""
    return 2 * (m // 3) + (1 if m % 3 else 0)


@njit(cache=True, nogil=True)
def _sicilian_bounds(P, st, rest, held, tricks, trumps, ours):
    """Sicilian: the least and the most the rest of the deal can give the declarer's side,
    `held` cards worth `rest` still in hand and `r` of its cards not yet counted in a three:
    at most every card (less the tricks sure to go to the other side's highest trumps), at
    least the tricks sure to fall to its own; the threes counted on what it takes (`threes`),
    the Fuggitivo's 10 back either way, and 1 either way for the card it moves."""
    seats = P[SEATS]
    r = (st >> R_SHIFT) & 3
    sure = tricks * seats  # the cards of the tricks the highest trumps take
    worth = trumps + tricks * (seats - 1)  # at least: every card is worth 1 or more
    least = -FUGGITIVO - 3
    if ours == 1:
        least = max(least, worth - threes(r + sure) - FUGGITIVO - 2)
    if ours == 0:
        most = rest - worth - threes(r + held - sure) + P[LAST_BONUS] + FUGGITIVO + 2
    else:
        most = rest - threes(r + held) + P[LAST_BONUS] + FUGGITIVO + 2
    return least, most


@njit(cache=True, nogil=True)
def masters(P, suit, side, unit, owner):
    """The highest trumps still held, when one seat holds them: each takes a trick. (the
    tricks, the trumps' worth, 1 when the seat is of the declarer's side, 0 when not, -1
    when there is none, or when the Excuse may yet take the last trick under the slam
    rule)."""
    c = P[TOP_TRUMP]
    ex = P[EX]
    if c < 0 or (P[SLAM] == 1 and ex >= 0 and owner[ex] >= 0):
        return 0, 0, -1
    trump = suit[c]
    holder = -1
    tricks = 0
    worth = 0
    while c >= 0 and suit[c] == trump:
        o = owner[c]
        if o >= 0:
            if holder >= 0 and o != holder:
                break
            holder = o
            tricks += 1
            worth += unit[c]
        c -= 1
    if holder < 0:
        return 0, 0, -1
    return tricks, worth, side[holder]


@njit(cache=True, nogil=True)
def _order(P, suit, power, unit, side, owner, line, d, tlen, leader, moves, k, best, score):
    """The cards of moves[:k] with equivalent ones collapsed (the lower of two cards of one
    suit, next to each other among the cards not yet played, held by the same seat and worth
    the same), most promising first: the table's best move, then, to lead, the highest card
    (trumps first; Sicilian: the lowest of a plain suit, trumps last, the highest first), in
    a trick under way, the cheapest card that takes it from the other side, the richest
    given to a partner who holds it, the cheapest otherwise. Returns the new count."""
    n = P[N_CARDS]
    ex = P[EX]
    seats = P[SEATS]
    trump = P[TRUMP]
    seat = (leader + tlen) % seats
    j = 0
    for i in range(k):
        c = moves[i]
        keep = True
        if c != ex:
            nxt = c + 1
            while nxt < n and suit[nxt] == suit[c] and owner[nxt] == GONE:
                nxt += 1
            if (
                nxt < n
                and nxt != ex
                and suit[nxt] == suit[c]
                and owner[nxt] == seat
                and unit[nxt] == unit[c]
            ):
                keep = False
        if keep or c == best:
            moves[j] = c
            j += 1
    # The trick so far: the strength to beat and whose side holds it.
    led = led_suit(line, d, tlen, suit, ex) if tlen > 0 else -1
    top_i, top = strongest(P, suit, power, line, d, tlen)
    ours = top_i >= 0 and side[(leader + top_i - (d - tlen)) % seats] == side[seat]
    last = tlen == seats - 1
    for i in range(j):
        c = moves[i]
        if c == best:
            score[i] = 1 << 40
            continue
        if tlen == 0:
            trumps = trump >= 0 and suit[c] == trump
            if P[KIND] == SICILIAN:  # the lowest of a plain suit first, trumps last
                score[i] = (-1000 + power[c]) if trumps else -power[c]
            else:  # the highest first, trumps first
                score[i] = power[c] + (1000 if trumps else 0)
            continue
        if c == ex:
            score[i] = -(1 << 20)
            continue
        if trump >= 0 and suit[c] == trump:
            key = 1000 + power[c]
        elif suit[c] == led or led < 0:
            key = power[c]
        else:
            key = -1
        wins = key > top
        if ours:
            # A partner holds the trick: the richest card (last seat), else the cheapest.
            if last:
                score[i] = (unit[c] << 16) - key
            else:
                score[i] = -(unit[c] << 16) - key
        elif wins:
            score[i] = (1 << 30) - (unit[c] << 16) - key
        else:
            score[i] = -(unit[c] << 16) - key
    for i in range(1, j):  # insertion sort, best score first
        c = moves[i]
        s = score[i]
        m = i - 1
        while m >= 0 and score[m] < s:
            moves[m + 1] = moves[m]
            score[m + 1] = score[m]
            m -= 1
        moves[m + 1] = c
        score[m + 1] = s
    return j


@njit(cache=True, nogil=True)
def find(tt_key, key, mask):
    """The table's entry for `key` (-1: none). The table is made of pairs of entries; a key
    may sit in either entry of its pair."""
    slot = np.int64(key & mask) & ~1
    if tt_key[slot] == key:
        return slot
    if tt_key[slot + 1] == key:
        return slot + 1
    return -1


@njit(cache=True, nogil=True)
def place(tt_key, tt_lo, tt_hi, tt_move, key, mask, tricks):
    """The entry where a new position `tricks` tricks from the end goes: the first of its
    pair keeps the entry with the most tricks left (the costliest to search again), its
    former content going to the second; otherwise the second, replaced every time."""
    slot = np.int64(key & mask) & ~1
    if tricks >= tt_move[slot] >> 8:
        tt_key[slot + 1] = tt_key[slot]
        tt_lo[slot + 1] = tt_lo[slot]
        tt_hi[slot + 1] = tt_hi[slot]
        tt_move[slot + 1] = tt_move[slot]
        return slot
    return slot + 1


@njit(cache=True, nogil=True)
def search(
    P,
    suit,
    power,
    unit,
    side,
    kings,
    zrel,
    zlead,
    zst,
    owner,
    line,
    moves,
    score,
    tt_key,
    tt_lo,
    tt_hi,
    tt_move,
    d0,
    tlen0,
    leader0,
    done0,
    st0,
    alpha0,
    beta0,
):
    """The value of the rest of the deal for the declarer's side: a fail-soft alpha-beta
    (the drivers call it with zero windows), written as a loop over an explicit stack of
    frames (one per card played). The table holds bounds at trick boundaries."""
    seats = P[SEATS]
    total = P[TOTAL]
    depth = moves.shape[0] - d0 + 1
    f_tlen = np.zeros(depth, np.int64)
    f_leader = np.zeros(depth, np.int64)
    f_done = np.zeros(depth, np.int64)
    f_st = np.zeros(depth, np.int64)
    f_alpha = np.zeros(depth, np.int64)
    f_beta = np.zeros(depth, np.int64)
    f_a0 = np.zeros(depth, np.int64)
    f_b0 = np.zeros(depth, np.int64)
    f_key = np.zeros(depth, np.uint64)
    f_k = np.zeros(depth, np.int64)
    f_i = np.zeros(depth, np.int64)
    f_value = np.zeros(depth, np.int64)
    f_chosen = np.zeros(depth, np.int64)
    f_u = np.zeros(depth, np.int64)
    f_took = np.zeros(depth, np.bool_)
    mask = np.uint64(tt_key.shape[0] - 1)
    f = 0
    f_tlen[0] = tlen0
    f_leader[0] = leader0
    f_done[0] = done0
    f_st[0] = st0
    f_alpha[0] = alpha0
    f_beta[0] = beta0
    ENTER, NEXT, RETURN = 0, 1, 2
    step = ENTER
    ret = 0
    while True:
        d = d0 + f
        if step == ENTER:
            tlen = f_tlen[f]
            if tlen == 0 and f_done[f] == total:
                ret = final(P, f_st[f])
                step = RETURN
                continue
            alpha = f_alpha[f]
            beta = f_beta[f]
            f_a0[f] = alpha
            f_b0[f] = beta
            best_move = -1
            if tlen == 0:
                key, least, most = boundary(
                    P, suit, unit, side, owner, zrel, zlead, zst, f_leader[f], f_st[f], f_done[f]
                )
                if most <= alpha:
                    ret = most
                    step = RETURN
                    continue
                if least >= beta:
                    ret = least
                    step = RETURN
                    continue
                slot = find(tt_key, key, mask)
                f_key[f] = key
                if slot >= 0:
                    lo = tt_lo[slot]
                    hi = tt_hi[slot]
                    if lo >= beta:
                        ret = lo
                        step = RETURN
                        continue
                    if hi <= alpha:
                        ret = hi
                        step = RETURN
                        continue
                    if lo > alpha:
                        alpha = lo
                    if hi < beta:
                        beta = hi
                    if alpha >= beta:  # the bounds meet: the value is known
                        ret = lo
                        step = RETURN
                        continue
                    best_move = (tt_move[slot] & 255) - 1
            f_alpha[f] = alpha
            f_beta[f] = beta
            seat = (f_leader[f] + tlen) % seats
            buf = moves[d]
            k = legal(P, suit, power, owner, line, d, tlen, seat, f_done[f] + 1 == total, buf)
            f_k[f] = _order(
                P, suit, power, unit, side, owner, line, d, tlen, f_leader[f], buf, k,
                best_move, score[d],
            )  # fmt: skip
            f_i[f] = 0
            f_value[f] = -INF if side[seat] == 1 else INF
            f_chosen[f] = -1
            step = NEXT
            continue
        if step == NEXT:
            tlen = f_tlen[f]
            if f_i[f] >= f_k[f] or f_alpha[f] >= f_beta[f]:
                value = f_value[f]
                if tlen == 0:
                    key = f_key[f]
                    lo = -INF
                    hi = INF
                    slot = find(tt_key, key, mask)
                    if slot >= 0:
                        lo = tt_lo[slot]
                        hi = tt_hi[slot]
                    else:
                        slot = place(tt_key, tt_lo, tt_hi, tt_move, key, mask, total - f_done[f])
                    if value <= f_a0[f]:
                        hi = min(hi, value)
                    elif value >= f_b0[f]:
                        lo = max(lo, value)
                    else:
                        lo = value
                        hi = value
                    tt_key[slot] = key
                    tt_lo[slot] = lo
                    tt_hi[slot] = hi
                    tt_move[slot] = ((total - f_done[f]) << 8) | (f_chosen[f] + 1)
                ret = value
                step = RETURN
                continue
            c = moves[d, f_i[f]]
            owner[c] = TABLE
            line[d] = c
            g = f + 1
            if tlen + 1 == seats:
                u, st2, w = take(
                    P, suit, power, unit, side, kings, line, d + 1, f_leader[f], f_done[f], f_st[f]
                )
                for j in range(d + 1 - seats, d + 1):
                    owner[line[j]] = GONE
                f_u[f] = u
                f_took[f] = True
                f_tlen[g] = 0
                f_leader[g] = w
                f_done[g] = f_done[f] + 1
                f_st[g] = st2
                f_alpha[g] = f_alpha[f] - u
                f_beta[g] = f_beta[f] - u
            else:
                f_u[f] = 0
                f_took[f] = False
                f_tlen[g] = tlen + 1
                f_leader[g] = f_leader[f]
                f_done[g] = f_done[f]
                f_st[g] = f_st[f]
                f_alpha[g] = f_alpha[f]
                f_beta[g] = f_beta[f]
            f = g
            step = ENTER
            continue
        # RETURN: `ret` is the value of frame f; hand it to its parent.
        if f == 0:
            return ret
        f -= 1
        d = d0 + f
        c = moves[d, f_i[f]]
        seat = (f_leader[f] + f_tlen[f]) % seats
        if f_took[f]:
            for j in range(d + 1 - seats, d):
                owner[line[j]] = TABLE
        owner[c] = seat
        v = ret + f_u[f]
        if side[seat] == 1:
            if v > f_value[f]:
                f_value[f] = v
                f_chosen[f] = c
            if v > f_alpha[f]:
                f_alpha[f] = v
        else:
            if v < f_value[f]:
                f_value[f] = v
                f_chosen[f] = c
            if v < f_beta[f]:
                f_beta[f] = v
        f_i[f] += 1
        step = NEXT


@njit(cache=True, nogil=True)
def probe(
    P,
    suit,
    power,
    unit,
    side,
    kings,
    zrel,
    zlead,
    zst,
    owner,
    line,
    moves,
    score,
    tt_key,
    tt_lo,
    tt_hi,
    tt_move,
    d,
    tlen,
    leader,
    done,
    st,
    card,
    alpha,
    beta,
):
    """The value of the rest of the deal once the seat to play has played `card` (legal),
    searched with the window (alpha, beta): fail-soft, exact inside the window."""
    seats = P[SEATS]
    seat = (leader + tlen) % seats
    owner[card] = TABLE
    line[d] = card
    took = tlen + 1 == seats
    u, next_tlen, next_leader, next_done, next_st = 0, tlen + 1, leader, done, st
    if took:
        u, next_st, next_leader = take(
            P, suit, power, unit, side, kings, line, d + 1, leader, done, st
        )
        for j in range(d + 1 - seats, d + 1):
            owner[line[j]] = GONE
        next_tlen, next_done = 0, done + 1
    v = u + search(
        P, suit, power, unit, side, kings, zrel, zlead, zst, owner, line, moves, score,
        tt_key, tt_lo, tt_hi, tt_move, d + 1, next_tlen, next_leader, next_done, next_st,
        alpha - u, beta - u,
    )  # fmt: skip
    if took:
        for j in range(d + 1 - seats, d):
            owner[line[j]] = TABLE
    owner[card] = seat
    return v
