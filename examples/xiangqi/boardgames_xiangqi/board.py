"""Xiangqi's board: 90 points on nine files and ten ranks, the river and the
palaces, and the tables of where each piece goes from each point, in
OpenSpiel's (row, column) with row 0 black's back rank."""

from __future__ import annotations

from boardgames import Grid, step

ROWS, COLS, EMPTY = 10, 9, -1
GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT, CANNON, SOLDIER = range(7)
#: The lines of the board: every rank across, the two side files whole, the others cut by the
#: river between ranks 5 and 6, and the palaces' diagonals.
LINES = (
    *("-".join(f"{f}{r}" for f in "abcdefghi") for r in range(1, 11)),
    *("-".join(f"{f}{r}" for r in range(1, 11)) for f in "ai"),
    *("-".join(f"{f}{r}" for r in ranks) for f in "bcdefgh" for ranks in (range(1, 6), range(6, 11))),
    "d1-e2-f3", "f1-e2-d3", "d8-e9-f10", "f8-e9-d10",
)  # fmt: skip
GRID = Grid.graph(COLS, ROWS, LINES)


def sq_of(row: int, col: int) -> int:
    """Our point of OpenSpiel's (row, column), row 0 at the top (black's back rank)."""
    return GRID.index(col, ROWS - 1 - row)


def cell(sq: int) -> tuple[int, int]:
    file, rank = GRID.coords(sq)
    return ROWS - 1 - rank, file


def on(row: int, col: int) -> bool:
    return 0 <= row < ROWS and 0 <= col < COLS


def in_palace(row: int, col: int, side: int) -> bool:
    return 3 <= col <= 5 and (7 <= row <= 9 if side == 0 else 0 <= row <= 2)


def own_side(row: int, side: int) -> bool:
    return row >= 5 if side == 0 else row <= 4


POINTS = [cell(sq) for sq in range(GRID.size)]
ORTHO, DIAG = ((-1, 0), (1, 0), (0, -1), (0, 1)), ((-1, -1), (-1, 1), (1, -1), (1, 1))
HORSE_LEGS = ((-1, 0, -2, -1), (-1, 0, -2, 1), (1, 0, 2, -1), (1, 0, 2, 1),
              (0, -1, -1, -2), (0, -1, 1, -2), (0, 1, -1, 2), (0, 1, 1, 2))  # fmt: skip
#: For each point, its four rays outward (points in order).
RAYS = tuple(
    tuple(r for d in ORTHO if (r := tuple(sq_of(x + k * d[0], y + k * d[1])
          for k in range(1, 10) if on(x + k * d[0], y + k * d[1]))))
    for x, y in POINTS
)  # fmt: skip
#: Per side and point: the general's and the advisor's steps (inside the palace).
PALACE_STEPS = tuple(
    tuple(tuple(sq_of(x + a, y + b) for a, b in dirs if in_palace(x + a, y + b, side)) for x, y in POINTS)
    for side in (0, 1)
    for dirs in (ORTHO, DIAG)
)  # (red's general, red's advisor, black's general, black's advisor)
#: Per side and point: the elephant's (destination, eye), never across the river.
ELEPHANT_STEPS = tuple(
    tuple(tuple((sq_of(x + 2 * a, y + 2 * b), sq_of(x + a, y + b)) for a, b in DIAG
                if on(x + 2 * a, y + 2 * b) and own_side(x + 2 * a, side)) for x, y in POINTS)
    for side in (0, 1)
)  # fmt: skip
#: Per point: the horse's (destination, leg).
HORSE_STEPS = tuple(
    tuple((sq_of(x + c, y + d), sq_of(x + a, y + b)) for a, b, c, d in HORSE_LEGS if on(x + c, y + d))
    for x, y in POINTS
)
#: Per point: the horses that reach it, as (the horse's point, its leg).
HORSE_FROM = tuple(
    tuple((sq_of(x - c, y - d), sq_of(x - c + a, y - d + b)) for a, b, c, d in HORSE_LEGS if on(x - c, y - d))
    for x, y in POINTS
)
#: Per side and point: the soldier's steps.
SOLDIER_STEPS = tuple(
    tuple(
        tuple(sq_of(x + a, y + b) for a, b in ((2 * side - 1, 0), *(() if own_side(x, side) else ((0, -1), (0, 1))))
              if on(x + a, y + b))
        for x, y in POINTS
    )
    for side in (0, 1)
)  # fmt: skip
#: Per side (the attacker) and point: the points from which its soldier attacks it.
SOLDIER_FROM = tuple(
    tuple(tuple(s for s in range(GRID.size) if p in SOLDIER_STEPS[side][s]) for p in range(GRID.size))
    for side in (0, 1)
)
#: Per point: the points whose change may expose a general there (its rank, its file, its diagonal neighbours).
NEAR = tuple(
    frozenset(s for s, (x2, y2) in enumerate(POINTS) if x2 == x or y2 == y or (abs(x2 - x) == 1 == abs(y2 - y)))
    for x, y in POINTS
)
#: Per general's point and point: which of its RAYS runs through that point (-1: none).
RAY_OF = tuple(
    tuple(next((i for i, ray in enumerate(RAYS[g]) if p in ray), -1) for p in range(GRID.size))
    for g in range(GRID.size)
)
#: MOVES[a][b]: the move from a to b (lists: a list's __getitem__ maps in C, a tuple's through a slow wrapper).
MOVES = [[step(a, b) for b in range(GRID.size)] for a in range(GRID.size)]
HALF = [[own_side(x, side) for x, _ in POINTS] for side in (0, 1)]  # HALF[side][point]: on side's side of the river
#: OWNED[side][piece]: whether a point's piece (EMPTY, -1, the last) is ``side``'s, read in C by ``compress``.
OWNED = [[p // 7 == side for p in range(14)] + [False] for side in (0, 1)]


def attacked(cells: list[int] | tuple[int, ...], sq: int, by: int, lines_only: bool = False) -> bool:
    """Whether side ``by`` attacks point ``sq`` (its general too, facing along the file: the flying general);
    ``lines_only``: by a chariot, cannon, general or horse only (what another piece's move can uncover)."""
    low = 7 * by
    for ray in RAYS[sq]:
        screen = False
        for p in ray:
            piece = cells[p]
            if piece != EMPTY:
                if screen:
                    if piece == low + CANNON:
                        return True
                    break
                if piece == low + CHARIOT or piece == low + GENERAL:
                    return True
                screen = True
    for p, leg in HORSE_FROM[sq]:
        if cells[p] == low + HORSE and cells[leg] == EMPTY:
            return True
    if lines_only:
        return False
    for p in SOLDIER_FROM[by][sq]:
        if cells[p] == low + SOLDIER:
            return True
    if not HALF[by][sq]:  # an advisor or elephant of ``by`` never leaves its own half (a general's move: never)
        return False
    for p in PALACE_STEPS[2 * by + 1][sq]:
        if cells[p] == low + ADVISOR:
            return True
    return any(cells[p] == low + ELEPHANT and cells[eye] == EMPTY for p, eye in ELEPHANT_STEPS[by][sq])


def uncovered(cells: tuple[int, ...], general: int, by: int, frm: int, to: int) -> bool:
    """Whether moving a piece other than the general from ``frm`` to ``to`` lets side ``by`` attack that general,
    which it did not attack before: along the line through either point, or by a horse whose leg ``frm`` was."""
    low = 7 * by
    for d in {RAY_OF[general][frm], RAY_OF[general][to]} - {-1}:
        screen = False
        for p in RAYS[general][d]:
            piece = EMPTY if p == frm else cells[frm] if p == to else cells[p]
            if piece != EMPTY:
                if screen:
                    if piece == low + CANNON:
                        return True
                    break
                if piece == low + CHARIOT or piece == low + GENERAL:
                    return True
                screen = True
    return any(leg == frm and p != to and cells[p] == low + HORSE for p, leg in HORSE_FROM[general])


def exposure(cells: tuple[int, ...], general: int, by: int) -> tuple[set[int], set[int]] | None:
    """None where ``by`` attacks the general (in check); else the points a piece leaving may uncover it from (on
    each of its lines, the first piece before a chariot or general of ``by``, the first two before its cannon;
    the leg of a horse of ``by`` next to it; the general's own) and those a piece landing on may (before a
    cannon of ``by`` first on a line, as its screen). Any other move leaves the general as safe as it was.
    One look along each line does both (``attacked`` and then this looked twice)."""
    low = 7 * by
    leave, land, cannon, lines = {general}, set(), low + CANNON, (low + CHARIOT, low + GENERAL)
    for ray in RAYS[general]:
        found = []
        for p in ray:
            if cells[p] != EMPTY:
                found.append(p)
                if len(found) == 3:
                    break
        n = len(found)
        if n and cells[found[0]] in lines or n > 1 and cells[found[1]] == cannon:
            return None
        if n > 1 and cells[found[1]] in lines:
            leave.add(found[0])
        if n > 2 and cells[found[2]] == cannon:
            leave.update(found[:2])
        if n and cells[found[0]] == cannon:
            land.update(ray[: ray.index(found[0])])
    for p, leg in HORSE_FROM[general]:
        if cells[p] == low + HORSE:
            if cells[leg] == EMPTY:
                return None
            leave.add(leg)
    if any(cells[p] == low + SOLDIER for p in SOLDIER_FROM[by][general]):
        return None
    return leave, land  # no advisor or elephant of ``by`` reaches the general's half
