"""The board as bitboards (square s, file * 8 + rank, is bit s): what each piece attacks, and what one side
attacks with the pins and checks it makes; the tables made once for them and for the moves."""

from __future__ import annotations

from itertools import compress

from boardgames import Grid, Move
from boardgames.geometry.bits import bits
from boardgames.geometry.directions import DIAGONAL, DIRECTIONS
from boardgames.geometry.directions import ORTHOGONAL as STRAIGHT

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # a piece: its kind, | 8 for black's
GRID = Grid.get(8)  # squares numbered a1 0, a2 1 ... h8 63; its rays, in the directions of DIRECTIONS


def _sq(f: int, r: int) -> int:
    return f * 8 + r


def _near(s: int, steps: tuple[tuple[int, int], ...]) -> int:
    f, r = divmod(s, 8)
    return Grid.mask(_sq(f + df, r + dr) for df, dr in steps if 0 <= f + df < 8 and 0 <= r + dr < 8)


def _along(i: int, occupied: int) -> int:
    """The places a slider at place ``i`` of a line of eight reaches, the line's ``occupied`` places stopping it."""
    ahead = [j for j in range(i + 1, 8) if occupied >> j & 1][:1] or [7]
    behind = [j for j in range(i - 1, -1, -1) if occupied >> j & 1][:1] or [0]
    return sum(1 << j for j in range(behind[0], ahead[0] + 1) if j != i)


# What a piece on each square hits, per kind (per side for a pawn); the squares between a slider and each square
# on its lines, per kind; each square's diagonals.
JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
HITS = {KNIGHT: [_near(s, JUMPS) for s in range(64)] * 2, KING: [_near(s, DIRECTIONS) for s in range(64)] * 2}
HITS[PAWN] = [_near(s, ((1, dr), (-1, dr))) for dr in (1, -1) for s in range(64)]
SLIDES = {BISHOP: DIAGONAL, ROOK: STRAIGHT, QUEEN: STRAIGHT + DIAGONAL}
LEAPS = frozenset((KNIGHT, KING))  # the pieces whose squares are HITS' alone
BETWEEN = {
    kind: [
        {ray[i]: Grid.mask(ray[:i]) for d in ds for ray in [GRID.rays[s][d]] for i in range(len(ray))}
        for s in range(64)
    ]
    for kind, ds in SLIDES.items()
}
CROSSES = [GRID.axis_lines[s][2:] for s in range(64)]
EVERYWHERE = (1 << 64) - 1
STEPS = [[Move(o, t, ()) for t in range(64)] for o in range(64)]  # every from-to made once
# Where a move's squares come from, by a code: 0-63 a piece's square (STEPS[o][t] is o to t); 64 + i a pawn's
# step PAWN_STEPS[i] (t - step to t), so that a set of pawns' steps of one kind is made all at once.
PAWN_STEPS = (1, 2, 9, -7, -1, -2, -9, 7)  # white's ahead, two ahead, the captures; black's
TABLES = STEPS + [[STEPS[(t - n) % 64][t] for t in range(64)] for n in PAWN_STEPS]
BITS = [1 << s for s in range(64)]
# A board's bytes translated through SIDES[side]: 1 on the side's squares, for compress() to walk in C.
SIDES = [bytes(p > 0 and p >> 3 == side for p in range(256)) for side in (0, 1)]
# A slider's lines cut at their first pieces through tables ("kindergarten bitboards"), a line read as a byte:
# a file is one already; a rank's squares, shifted to rank 1 and multiplied by GATHER, add up to the top byte
# (a file a bit) and SPREAD puts them back; a diagonal has a square a file, so its bytes add up to its ranks.
ALONG = [[_along(i, occupied) for occupied in range(256)] for i in range(8)]
RANK1 = sum(BITS[_sq(f, 0)] for f in range(8))
GATHER = sum(1 << 56 - 7 * f for f in range(8))
SPREAD = [sum(BITS[_sq(f, 0)] for f in range(8) if b >> f & 1) for b in range(256)]


def reach(kind: int, s: int, by: int, occupied: int) -> int:
    """The squares a piece of ``kind`` and side ``by`` on ``s`` attacks, as a bitboard: a slider's lines
    each up to their first piece."""
    if kind not in SLIDES:
        return HITS[kind][by << 6 | s]
    f, r, hit = s >> 3, s & 7, 0
    if kind != BISHOP:  # its file, then its rank
        hit = ALONG[r][occupied >> 8 * f & 255] << 8 * f
        hit |= SPREAD[ALONG[f][(occupied >> r & RANK1) * GATHER >> 56 & 255]] << r
    if kind != ROOK:
        for line in CROSSES[s]:
            hit |= ALONG[r][(occupied & line) * RANK1 >> 56 & 255] * RANK1 & line
    return hit


# Moves made from a code and a set of squares, kept by code (a dict each, keyed by the squares alone: no key
# worked out a piece): the same come again.
ROUTES: list[dict[int, tuple[Move, ...]]] = [{} for _ in TABLES]
KEPT = 1 << 11  # the most ROUTES keeps for one code


def routes(code: int, targets: int) -> tuple[Move, ...]:
    """The moves to the squares of ``targets`` from where ``code`` says (TABLES), kept in ``ROUTES[code]``
    for the next time: a piece's targets are often what they were some moves ago, and making the moves was
    a fifth of the move generator's time. Each code's emptied at 2,048 (all full: 25 MB)."""
    kept = ROUTES[code]
    if len(kept) >= KEPT:
        kept.clear()
    found = kept[targets] = tuple(map(TABLES[code].__getitem__, bits(targets)))
    return found


def pawn_steps(pawns: int, empty: int, theirs: int, side: int) -> tuple[tuple[int, int], ...]:
    """Each kind of step of a side's ``pawns``, all at once: its code (TABLES) and the squares they reach. A step
    is a shift: white's ahead is +1 (black's -1), a file either side +-8; two ahead from the first rank."""
    if side == 0:
        one = pawns << 1 & empty
        return (64, one), (65, (one & RANK1 << 2) << 1 & empty), (66, pawns << 9 & theirs), (67, pawns >> 7 & theirs)
    one = pawns >> 1 & empty
    return (68, one), (69, (one & RANK1 << 5) >> 1 & empty), (70, pawns >> 9 & theirs), (71, pawns << 7 & theirs)


def attacks(board: tuple[int, ...], by: int, king: int) -> tuple[int, dict[int, int], list[int]]:
    """The squares side ``by`` attacks, the other side's ``king`` lifted (a line through it goes on); and seen
    at that king: its side's pieces pinned to it, each with the squares it may still go to (its line to the
    pinner, the pinner too), and each check, as the squares a piece may stop it on."""
    occupied, hit, pins, checks, pawns = sum(compress(BITS, board)) & ~BITS[king], 0, {}, [], 0
    for s in compress(range(64), bytes(board).translate(SIDES[by])):
        kind = board[s] & 7
        if kind == PAWN:
            pawns |= BITS[s]
        elif kind not in SLIDES:
            hit |= HITS[kind][s]
            checks += [BITS[s]] if HITS[kind][s] >> king & 1 else []
        else:
            hit |= reach(kind, s, by, occupied)
            if (between := BETWEEN[kind][s].get(king)) is not None:  # the king on its line: a check, or a pin
                if not between & occupied:
                    checks.append(between | BITS[s])
                elif not (block := between & occupied) & (block - 1) and board[b := block.bit_length() - 1] >> 3 != by:
                    pins[b] = between | BITS[s]
    # The pawns all at once: white's take a file either side ahead (+9, -7), black's (+7, -9).
    hit |= (pawns << 9 | pawns >> 7 if by == 0 else pawns << 7 | pawns >> 9) & EVERYWHERE
    checks += [pawns & HITS[PAWN][(1 - by) << 6 | king]] if pawns & HITS[PAWN][(1 - by) << 6 | king] else []
    return hit, pins, checks


def in_check(board: tuple[int, ...], side: int) -> bool:
    king = KING | side << 3
    return king in board and attacks(board, 1 - side, board.index(king))[0] >> board.index(king) & 1 == 1
