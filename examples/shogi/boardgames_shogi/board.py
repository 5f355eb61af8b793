"""Shogi's board, hands and pieces, declared for the core's tables (boardgames.rules.piece_moves and
drops): how each kind moves, where it promotes and must, where it is dropped; the start, the camps."""

from __future__ import annotations

from boardgames import Grid, PieceKind
from boardgames.rules.drops import DropKind, Drops
from boardgames.rules.piece_moves import MoveTables, PieceMoves, Promotion, every_way

NAMES = ("pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king")
NAMES += ("tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon")
LETTERS = ("P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R")
#: The kanji a shogi set writes on each kind (the letters' order): black's king 玉, white's 王.
FACES = ("歩", "香", "桂", "銀", "金", "角", "飛", ("玉", "王"), "と", "杏", "圭", "全", "馬", "龍")
PIECE_KINDS = tuple(PieceKind(n, k, k, shape="pentagon", face=f)  # type: ignore[arg-type]
                    for n, k, f in zip(NAMES, LETTERS, FACES, strict=True))  # fmt: skip
P, L, N, S, G, B, R, K = range(8)
PROMOTES = {P: 8, L: 9, N: 10, S: 11, B: 12, R: 13}  # kind -> its promoted kind
ORTH, DIAG = every_way((1, 0)), every_way((1, 1))
GOLD = PieceMoves(leaps=((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)))  # and the promoted small pieces
HOW = {P: PieceMoves(leaps=((0, 1),)), L: PieceMoves(rides=((0, 1),)), N: PieceMoves(leaps=((-1, 2), (1, 2))),
       S: PieceMoves(leaps=((-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1))), G: GOLD, B: PieceMoves(rides=DIAG),
       R: PieceMoves(rides=ORTH), K: PieceMoves(leaps=ORTH + DIAG), 8: GOLD, 9: GOLD, 10: GOLD, 11: GOLD,
       12: PieceMoves(rides=DIAG, leaps=ORTH), 13: PieceMoves(rides=ORTH, leaps=DIAG)}  # fmt: skip
#: The board's 81 squares are sites 18-98 of a 13 x 9 grid (files c to k; site = file * 9 + rank, rank 0
#: black's nearest); black's hand is on file m (a pawn on m1 up to a rook on m7), white's on file a (a pawn
#: on a9 down to a rook on a3).
GRID = Grid.from_cells(13, 9, [(f, r) for f in range(2, 11) for r in range(9)]
                       + [(12, k) for k in range(7)] + [(0, 8 - k) for k in range(7)])  # fmt: skip
SQUARES = range(18, 99)
HAND = (tuple(108 + k for k in range(7)), tuple(8 - k for k in range(7)))
HAND_KIND = {site: (c, k) for c in (0, 1) for k, site in enumerate(HAND[c])}


def code(kind: int, side: int) -> int:
    return kind + 1 + 16 * side  # 0 empty; p >> 4 its side, (p & 15) - 1 its kind


def ranks(side: int, *far: int) -> int:
    """The squares of ranks ``far`` counted from ``side``'s own (0 its nearest, 8 the farthest)."""
    return Grid.mask(s for s in SQUARES if (s % 9 if side == 0 else 8 - s % 9) in far)


ZONE = [ranks(side, 6, 7, 8) for side in (0, 1)]  # each side's promotion zone, the far camp
#: Where a kind could never move again, so must promote and is never dropped: a pawn's, a lance's last rank,
#: a knight's last two.
STUCK = {P: [ranks(side, 8) for side in (0, 1)], L: [ranks(side, 8) for side in (0, 1)],
         N: [ranks(side, 7, 8) for side in (0, 1)]}  # fmt: skip
TABLES = MoveTables(
    GRID,
    {code(k, side): (how, side) for k, how in HOW.items() for side in (0, 1)},
    squares=SQUARES,
    promotions={code(k, side): Promotion(code(up, side), ZONE[side], STUCK.get(k, (0, 0))[side])
                for k, up in PROMOTES.items() for side in (0, 1)},  # fmt: skip
)
EVERYWHERE = TABLES.everywhere
#: The kinds a hand holds, pawn to rook: dropped on an empty square where it may move again, a pawn not on a
#: file holding one of its side's unpromoted pawns (nifu).
DROPS = Drops(TABLES, HAND, [
    DropKind((code(k, 0), code(k, 1)), tuple(EVERYWHERE & ~m for m in STUCK.get(k, (0, 0))),
             k == P, tuple(code(PROMOTES[k], c) for c in (0, 1) if k in PROMOTES), k)
    for k in range(7)])  # fmt: skip  # a piece taken goes to the hand unpromoted
#: WORTH[side][p]: what a piece coded p counts in the far camp for ``side`` (its rook or bishop, promoted or
#: not, 5; its king 0; its others 1; the other side's 0).
WORTH = [[0 if p >> 4 != c or not 0 < p & 15 < 15 or p & 15 == K + 1 else 5 if (p & 15) - 1 in (B, R, 12, 13)
          else 1 for p in range(256)] for c in (0, 1)]  # fmt: skip


def start() -> bytes:
    board = bytearray(GRID.size)
    for x, k in enumerate((L, N, S, G, K, G, S, N, L)):
        s = 18 + 9 * x
        board[s], board[s + 2], board[s + 6], board[s + 8] = code(k, 0), code(P, 0), code(P, 1), code(k, 1)
    board[18 + 7 * 9 + 1], board[18 + 9 + 1] = code(R, 0), code(B, 0)  # the rooks and bishops
    board[18 + 9 + 7], board[18 + 7 * 9 + 7] = code(R, 1), code(B, 1)
    return bytes(board)


START = start()
