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
LAST_BONUS, N_CARDS = 11, 12
N_PARAMS = 13

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

TT_BITS = 20
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
        for c in range(n):
            if owner[c] == seat and c != ex and suit[c] == led:
                asked = led
                break
    if asked < 0 and P[MUST_TRUMP] == 1 and trump >= 0 and led != trump:
        for c in range(n):
            if owner[c] == seat and c != ex and suit[c] == trump:
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
            for c in range(n):
                if owner[c] == seat and c != ex and suit[c] == trump and power[c] > top:
                    floor = top
                    break
    for c in range(n):
        if owner[c] != seat or c == ex:
            continue
        if asked >= 0 and (suit[c] != asked or power[c] <= floor):
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
    ex = P[EX]
    trump = P[TRUMP]
    led = led_suit(line, d, seats, suit, ex)
    best_i = 0
    best = -1
    for i in range(seats):
        c = line[d - seats + i]
        if c == ex:
            continue
        if trump >= 0 and suit[c] == trump:
            key = 1000 + power[c]
        elif suit[c] == led:
            key = power[c]
        else:
            continue
        if key > best:
            best_i = i
            best = key
    return (leader + best_i) % seats


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
def _order(P, suit, unit, owner, moves, k, seat, best):
    """Equivalent cards collapsed (the lower of two cards of one suit, next to each other
    among the cards not yet played, held by the same seat and worth the same), the table's
    best move first. Returns the new count."""
    n = P[N_CARDS]
    ex = P[EX]
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
    if best >= 0:
        for i in range(j):
            if moves[i] == best:
                moves[i] = moves[0]
                moves[0] = best
                break
    return j


@njit(cache=True, nogil=True)
def search(
    P,
    suit,
    power,
    unit,
    side,
    kings,
    zob,
    zlead,
    zst,
    owner,
    line,
    moves,
    tt_key,
    tt_lo,
    tt_hi,
    tt_move,
    d0,
    tlen0,
    leader0,
    done0,
    st0,
    h0,
    alpha0,
    beta0,
):
    """The value of the rest of the deal for the declarer's side: a fail-soft alpha-beta,
    written as a loop over an explicit stack of frames (one per card played)."""
    seats = P[SEATS]
    total = P[TOTAL]
    depth = moves.shape[0] - d0 + 1
    f_tlen = np.zeros(depth, np.int64)
    f_leader = np.zeros(depth, np.int64)
    f_done = np.zeros(depth, np.int64)
    f_st = np.zeros(depth, np.int64)
    f_h = np.zeros(depth, np.uint64)
    f_alpha = np.zeros(depth, np.int64)
    f_beta = np.zeros(depth, np.int64)
    f_a0 = np.zeros(depth, np.int64)
    f_b0 = np.zeros(depth, np.int64)
    f_key = np.zeros(depth, np.uint64)
    f_slot = np.zeros(depth, np.int64)
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
    f_h[0] = h0
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
                key = f_h[f] ^ zlead[f_leader[f]] ^ zst[st_key(P, f_st[f])]
                slot = np.int64(key & mask)
                f_key[f] = key
                f_slot[f] = slot
                if tt_key[slot] == key:
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
                    best_move = tt_move[slot]
            f_alpha[f] = alpha
            f_beta[f] = beta
            seat = (f_leader[f] + tlen) % seats
            buf = moves[d]
            k = legal(P, suit, power, owner, line, d, tlen, seat, f_done[f] + 1 == total, buf)
            f_k[f] = _order(P, suit, unit, owner, buf, k, seat, best_move)
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
                    slot = f_slot[f]
                    key = f_key[f]
                    lo = -INF
                    hi = INF
                    if tt_key[slot] == key:
                        lo = tt_lo[slot]
                        hi = tt_hi[slot]
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
                    tt_move[slot] = f_chosen[f]
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
            f_h[g] = f_h[f] ^ zob[c]
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
def solve_moves(
    P,
    suit,
    power,
    unit,
    side,
    kings,
    zob,
    zlead,
    zst,
    owner,
    line,
    moves,
    tt_key,
    tt_lo,
    tt_hi,
    tt_move,
    d,
    tlen,
    leader,
    done,
    st,
    cards,
    out,
):
    """The exact value of the rest of the deal after each card of `cards` (each one legal
    for the seat to play), written to `out`."""
    seats = P[SEATS]
    seat = (leader + tlen) % seats
    h = np.uint64(0)
    for c in range(P[N_CARDS]):
        if owner[c] >= 0:
            h ^= zob[c]
    for i in range(cards.shape[0]):
        c = cards[i]
        owner[c] = TABLE
        line[d] = c
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
            P,
            suit,
            power,
            unit,
            side,
            kings,
            zob,
            zlead,
            zst,
            owner,
            line,
            moves,
            tt_key,
            tt_lo,
            tt_hi,
            tt_move,
            d + 1,
            next_tlen,
            next_leader,
            next_done,
            next_st,
            h ^ zob[c],
            -INF,
            INF,
        )
        if took:
            for j in range(d + 1 - seats, d):
                owner[line[j]] = TABLE
        owner[c] = seat
        out[i] = v
    return 0
