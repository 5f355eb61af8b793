"""The board as bitboards (square s, file * 8 + rank, is bit s): what each piece attacks, and what one side
attacks with the pins and checks it makes; the tables made once for them and for the moves."""

from __future__ import annotations

from itertools import compress

from boardgames import Grid, Move
from boardgames.geometry.directions import DIAGONAL, DIRECTIONS
from boardgames.geometry.directions import ORTHOGONAL as STRAIGHT

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # a piece: its kind, | 8 for black's
GRID = Grid.get(8)  # squares numbered a1 0, a2 1 ... h8 63; its rays, in the directions of DIRECTIONS


def _sq(f: int, r: int) -> int:
    return f * 8 + r


def _near(s: int, steps: tuple[tuple[int, int], ...]) -> int:
    f, r = divmod(s, 8)
    return Grid.mask(_sq(f + df, r + dr) for df, dr in steps if 0 <= f + df < 8 and 0 <= r + dr < 8)


# Bitboards (square s is bit s): what a piece on each square hits, per kind (per side for a pawn), and each line.
JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
HITS = {KNIGHT: [_near(s, JUMPS) for s in range(64)] * 2, KING: [_near(s, DIRECTIONS) for s in range(64)] * 2}
HITS[PAWN] = [_near(s, ((1, dr), (-1, dr))) for dr in (1, -1) for s in range(64)]
LINES = [[(Grid.mask(GRID.rays[s][d]), GRID.steps[d][0] > 0) for s in range(64)] for d in range(8)]
EVERYWHERE = (1 << 64) - 1
STEPS = [[Move(o, t, ()) for t in range(64)] for o in range(64)]  # every from-to made once
SLIDES = {BISHOP: DIAGONAL, ROOK: STRAIGHT, QUEEN: STRAIGHT + DIAGONAL}
BITS = [1 << s for s in range(64)]


def reach(kind: int, s: int, by: int, occupied: int) -> int:
    """The squares a piece of ``kind`` and side ``by`` on ``s`` attacks, as a bitboard: a slider's lines
    each up to their first piece (the lowest bit of what is on it going up, the highest going down)."""
    if kind not in SLIDES:
        return HITS[kind][by << 6 | s]
    hit = 0
    for d in SLIDES[kind]:
        line, up = LINES[d][s]
        block = line & occupied
        hit |= (
            line ^ LINES[d][(block & -block).bit_length() - 1 if up else block.bit_length() - 1][0] if block else line
        )
    return hit


def attacks(board: tuple[int, ...], by: int, king: int) -> tuple[int, dict[int, int], list[int]]:
    """The squares side ``by`` attacks, the other side's ``king`` lifted (a line through it goes on); and seen
    at that king: its side's pieces pinned to it, each with the squares it may still go to (its line to the
    pinner, the pinner too), and each check, as the squares a piece may stop it on."""
    occupied, hit, pins, checks = sum(compress(BITS, board)) & ~BITS[king], 0, {}, []
    for s in compress(range(64), board):
        if board[s] >> 3 != by:
            continue
        hit |= (more := reach(board[s] & 7, s, by, occupied))
        if board[s] & 7 not in SLIDES:
            checks += [BITS[s]] if more >> king & 1 else []
            continue
        for d in SLIDES[board[s] & 7]:
            if LINES[d][s][0] >> king & 1:  # the king on this line: a check, or a pin if one of its own is between
                between = LINES[d][s][0] & ~LINES[d][king][0] & ~BITS[king]
                if not between & occupied:
                    checks.append(between | BITS[s])
                elif not (block := between & occupied) & (block - 1) and board[b := block.bit_length() - 1] >> 3 != by:
                    pins[b] = between | BITS[s]
    return hit, pins, checks


def in_check(board: tuple[int, ...], side: int) -> bool:
    king = KING | side << 3
    return king in board and attacks(board, 1 - side, board.index(king))[0] >> board.index(king) & 1 == 1
