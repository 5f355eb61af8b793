"""Shogi's board as tables, made once: each piece's steps and rays from each square, who attacks a
square, the promotion zones, and the sites of the board and of the hands on the grid."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from boardgames import Grid, Move
from boardgames.rules.moves import with_choice

NAMES = ("pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king")
NAMES += ("tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon")
LETTERS = ("P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R")
P, L, N, S, G, B, R, K = range(8)
PROMOTES = {P: 8, L: 9, N: 10, S: 11, B: 12, R: 13}  # kind -> its promoted kind
BASE = {**{v: k for k, v in PROMOTES.items()}, **{k: k for k in range(8)}}  # the kind it goes to hand as
ORTH, DIAG = ((0, 1), (0, -1), (1, 0), (-1, 0)), ((1, 1), (1, -1), (-1, 1), (-1, -1))
GOLD = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1))
STEP_OFFSETS = {P: ((0, 1),), N: ((-1, 2), (1, 2)), S: ((-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)), G: GOLD,
                K: ORTH + DIAG, 12: ORTH, 13: DIAG, **{k: GOLD for k in (8, 9, 10, 11)}}  # fmt: skip
RAY_OFFSETS = {L: ((0, 1),), B: DIAG, R: ORTH, 12: DIAG, 13: ORTH}
#: The board's 81 squares are sites 18-98 of a 13 x 9 grid (files c to k); black's hand is on file m
#: (a pawn on m1 up to a rook on m7), white's on file a (a pawn on a9 down to a rook on a3).
GRID = Grid.from_cells(13, 9, [(f, r) for f in range(2, 11) for r in range(9)]
                       + [(12, k) for k in range(7)] + [(0, 8 - k) for k in range(7)])  # fmt: skip
HAND = (tuple(108 + k for k in range(7)), tuple(8 - k for k in range(7)))
HAND_KIND = {site: (c, k) for c in (0, 1) for k, site in enumerate(HAND[c])}


def code(kind: int, side: int) -> int:
    return kind + 1 + 16 * side  # 0 empty; p >> 4 its side, (p & 15) - 1 its kind


def _walk(i: int, dx: int, dy: int, most: int = 8) -> tuple[int, ...]:
    x, y, out = *divmod(i, 9), []
    for _ in range(most):
        x, y = x + dx, y + dy
        if not (0 <= x < 9 and 0 <= y < 9):
            break
        out.append(x * 9 + y)
    return tuple(out)


def _getter(squares: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    return itemgetter(*squares) if len(squares) > 1 else (lambda board: (board[squares[0]],))


#: MOVES[side][kind][i]: the squares one step away, then the rays, of a piece of ``kind`` on ``i``.
MOVES = [[[(sum((_walk(i, dx, dy * f, 1) for dx, dy in STEP_OFFSETS.get(k, ())), ()),
            tuple(r for dx, dy in RAY_OFFSETS.get(k, ()) if (r := _walk(i, dx, dy * f)))) for i in range(81)]
          for k in range(14)] for f in (1, -1)]  # fmt: skip
NEAR: list[list[dict[int, set[int]]]] = [[{} for _ in range(81)] for _ in (0, 1)]
for _c in (0, 1):
    for _k in range(14):
        for _i in range(81):
            for _t in MOVES[_c][_k][_i][0]:
                NEAR[_c][_t].setdefault(_i, set()).add(code(_k, _c))


def _sliders(c: int, dx: int, dy: int) -> frozenset[int]:
    """The pieces of side ``c`` that attack a square from the way (dx, dy) out of it, along a line."""
    return frozenset(code(k, c) for k in range(14) if (-dx, -dy * (1 - 2 * c)) in RAY_OFFSETS.get(k, ()))


#: ATTACKS[by][i]: (square, the pieces of ``by`` that attack ``i`` from it by a step) and (a ray out of
#: ``i`` read in one C call, its squares, the pieces of ``by`` that attack ``i`` along it).
ATTACKS = [[(tuple((j, frozenset(cs)) for j, cs in NEAR[c][i].items()),
             tuple((_getter(ray), ray, _sliders(c, dx, dy)) for dx, dy in ORTH + DIAG if (ray := _walk(i, dx, dy))))
            for i in range(81)] for c in (0, 1)]  # fmt: skip
STEP = [[Move(o + 18, t + 18, ()) for t in range(81)] for o in range(81)]
PROMOTE, STAY = ([[with_choice(m, c) for m in row] for row in STEP] for c in (0, 1))
OWN = (range(1, 15), range(17, 31))  # each side's pieces
#: OWNS[side][p]: whether the piece coded p is ``side``'s; a list, so that ``map`` reads it in C (a tuple's or a
#: range's __getitem__ and __contains__ go through a slow wrapper there).
OWNS = [[p in OWN[side] for p in range(31)] for side in (0, 1)]
SQUARES = range(81)


def guard(board: tuple[int, ...], king: int, me: int) -> tuple[set[int] | None, dict[int, tuple[int, ...]]]:
    """Where ``me``'s king on ``king`` stands, in one look along each line out of it (each line's pieces read
    in C): None out of check, else the squares where a piece stops the check (the checker's, and those between
    it and a king checked along a line; none for two checkers); and each of ``me``'s pieces pinned to the
    king, with the squares of its line it may still go to."""
    near, lines = ATTACKS[1 - me][king]
    found = [(j,) for j, codes in near if board[j] in codes]
    pins = {}
    for read, ray, codes in lines:
        pieces = filter(None, read(board))
        first = next(pieces, 0)
        if first in codes:  # a check along the line: where its pieces stand, looked up only then
            found.append(ray[: next(n for n, t in enumerate(ray) if board[t]) + 1])
        elif first and first >> 4 == me and next(pieces, 0) in codes:  # pinned
            mine, pinner = [n for n, t in enumerate(ray) if board[t]][:2]
            pins[ray[mine]] = ray[: pinner + 1]
    return None if not found else set(found[0]) if len(found) == 1 else set(), pins


def attacked(board: tuple[int, ...], i: int, by: int) -> bool:
    near, lines = ATTACKS[by][i]
    for j, codes in near:
        if board[j] in codes:
            return True
    for read, _, codes in lines:
        if next(filter(None, read(board)), 0) in codes:
            return True
    return False


def zone(side: int, i: int) -> bool:
    return i % 9 >= 6 if side == 0 else i % 9 <= 2


def stuck(side: int, kind: int, i: int) -> bool:
    """Whether a piece of ``kind`` on ``i`` could never move again."""
    y = i % 9 if side == 0 else 8 - i % 9
    return (kind in (P, L) and y == 8) or (kind == N and y >= 7)


ZONE = [tuple(zone(c, i) for i in range(81)) for c in (0, 1)]
#: CAMP[side]: its far three ranks; WORTH[side][p]: what a piece coded p counts there for ``side`` (its rook or
#: bishop, promoted or not, 5; its king 0; its others 1; the other side's 0).
CAMP = [tuple(i for i in range(81) if ZONE[c][i]) for c in (0, 1)]
WORTH = [[0 if p not in OWN[c] or p & 15 == K + 1 else 5 if (p & 15) - 1 in (B, R, 12, 13) else 1 for p in range(31)]
         for c in (0, 1)]  # fmt: skip


def key(m: Move) -> int:
    """A move as a number ordered as the moves are (origin, square, then no choice, promote, stay): the
    moves are listed as numbers, sorted as numbers (several times faster than tuples), then read in MOVE_OF."""
    return (m.origin * 128 + m.to) * 3 + m.choice + 1


def _moves(c: int, k: int, o: int, t: int) -> tuple[int, ...]:
    """The moves of side ``c``'s piece of kind ``k`` from ``o`` to ``t``: promoting where it may, then not
    where it may still move after."""
    if k not in PROMOTES or not (ZONE[c][o] or ZONE[c][t]):
        return (key(STEP[o][t]),)
    return (key(PROMOTE[o][t]),) if stuck(c, k, t) else (key(PROMOTE[o][t]), key(STAY[o][t]))


#: REACH[p][o]: a piece coded ``p`` on ``o``: (each square a step away with its moves there) and (its rays,
#: each square with its moves); EMIT[p][o][t]: its moves to ``t``. Empty for a king: its moves are tested.
REACH = [[((), ())] * 81 for _ in range(31)]
EMIT: list[list[dict[int, tuple[int, ...]]]] = [[{} for _ in range(81)] for _ in range(31)]
for _c in (0, 1):
    for _k in (k for k in range(14) if k != K):
        for _o in range(81):
            _steps, _rays = MOVES[_c][_k][_o]
            REACH[code(_k, _c)][_o] = (tuple((t, _moves(_c, _k, _o, t)) for t in _steps),
                                       tuple(tuple((t, _moves(_c, _k, _o, t)) for t in r) for r in _rays))  # fmt: skip
            EMIT[code(_k, _c)][_o] = {t: m for t, m in REACH[code(_k, _c)][_o][0] + sum(REACH[code(_k, _c)][_o][1], ())}


#: DROP[side][kind][i]: the drop there (its key), None where the piece could never move.
DROP = [
    [[None if stuck(c, k, i) else key(Move(HAND[c][k], i + 18, ())) for i in range(81)] for k in range(7)]
    for c in (0, 1)
]
STEPS = [[key(m) for m in row] for row in STEP]  # the keys of STEP
MOVE_OF: list[Move | None] = [None] * (115 * 128 * 3)  # each move by its key
for _m in (
    *(m for row in STEP + PROMOTE + STAY for m in row),
    *(Move(s, i + 18, ()) for s in HAND_KIND for i in range(81)),
):
    MOVE_OF[key(_m)] = _m


def _start() -> tuple[int, ...]:
    board = [0] * 81
    for x, k in enumerate((L, N, S, G, K, G, S, N, L)):
        board[x * 9], board[x * 9 + 2], board[x * 9 + 8], board[x * 9 + 6] = (
            code(k, 0),
            code(P, 0),
            code(k, 1),
            code(P, 1),
        )
    board[7 * 9 + 1], board[1 * 9 + 1], board[1 * 9 + 7], board[7 * 9 + 7] = (
        code(R, 0),
        code(B, 0),
        code(R, 1),
        code(B, 1),
    )
    return tuple(board)


START = _start()  # the pieces' order on the back rank, the rooks and bishops, the pawns
