"""The board as bitboards (square s, file * 8 + rank, is bit s): what each piece attacks, and what one side
attacks with the pins and checks it makes; the tables made once for them and for the moves."""

from __future__ import annotations

from itertools import compress
from typing import Any

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
BITS = [1 << s for s in range(64)]
# A pawn's step ahead from each square, white's then black's (0 off the board), and its step of two from its
# first rank (0 elsewhere).
AHEAD = [[BITS[s + d] if 0 <= s + d < 64 and (s + d) // 8 == s // 8 else 0 for s in range(64)] for d in (1, -1)]
TWO = [[BITS[s + 2 * d] if s % 8 == first else 0 for s in range(64)] for d, first in ((1, 1), (-1, 6))]
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
    if kind != ROOK:  # its two diagonals, each a square a file: their bytes add up to its ranks
        up, down = CROSSES[s]
        hit |= ALONG[r][(occupied & up) * RANK1 >> 56 & 255] * RANK1 & up
        hit |= ALONG[r][(occupied & down) * RANK1 >> 56 & 255] * RANK1 & down
    return hit


class Routes(dict[int, tuple[Move, ...]]):
    """The moves from one square to each set of squares asked (a bitboard), in order, made the first time
    and kept for the next: a piece's targets are often what they were some moves ago, and making the moves
    was a fifth of the move generator's time. A dict that fills itself on a miss, so that a hit costs one
    lookup in C; emptied at ``KEPT`` sets."""

    __slots__ = ("origin",)

    def __init__(self, origin: int) -> None:
        super().__init__()
        self.origin = origin

    def __missing__(self, targets: int) -> tuple[Move, ...]:
        if len(self) >= KEPT:
            self.clear()
        found = self[targets] = tuple(map(STEPS[self.origin].__getitem__, bits(targets)))
        return found


KEPT = 1 << 11  # the most sets a square keeps
ROUTES = [Routes(origin) for origin in range(64)]  # ROUTES[o][targets]: the moves from o to targets


def occupancy(state: Any) -> tuple[int, int]:
    """Each side's squares on a chess state's board, as bitboards, white's and black's: carried from the
    position before where the rules put them there (a few squares changed), else worked out once."""
    found: tuple[int, int] | None = state.__dict__.get("occupancy")
    if found is None:
        board = state.board
        found = state.__dict__["occupancy"] = tuple(sum(compress(BITS, board.translate(side))) for side in SIDES)
    return found  # type: ignore[return-value]


def castled_rook(king_from: int, king_to: int) -> tuple[int, int]:
    """Where the rook castling with a king from ``king_from`` to ``king_to`` starts and lands."""
    return (king_to + 8, king_to - 8) if king_to > king_from else (king_to - 16, king_to + 8)


def attacks(board: bytes, by: int, king: int, occupied: int = -1) -> tuple[int, dict[int, int], list[int]]:
    """The squares side ``by`` attacks, the other side's ``king`` lifted (a line through it goes on); and seen
    at that king: its side's pieces pinned to it, each with the squares it may still go to (its line to the
    pinner, the pinner too), and each check, as the squares a piece may stop it on. ``occupied``: the board's
    taken squares, where known."""
    occupied = (sum(compress(BITS, board)) if occupied < 0 else occupied) & ~BITS[king]
    hit, pins, checks, pawns = 0, {}, [], 0
    for s in compress(range(64), board.translate(SIDES[by])):
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


def in_check(board: bytes, side: int) -> bool:
    king = KING | side << 3
    return king in board and attacks(board, 1 - side, board.index(king))[0] >> board.index(king) & 1 == 1
