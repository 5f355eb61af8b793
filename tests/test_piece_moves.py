"""boardgames.rules.piece_moves on its own: what each declared piece attacks, and for a side with a royal
piece the checks and pins, against brute force (walking each piece's moves square by square; a move legal
when the royal piece is not attacked after it) over seeded random positions on two grids."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from boardgames import Grid, Move, State
from boardgames.geometry import bits
from boardgames.rules import piece_moves
from boardgames.rules.moves import with_choice
from boardgames.rules.piece_moves import MoveTables, PieceMoves, Promotion, every_way

ORTH, DIAG = every_way((1, 0)), every_way((1, 1))
#: A fairy set, each kind's code for the first side (| 16 for the second's): pieces that only leap and ride ...
PLAIN = {
    1: PieceMoves(leaps=((1, 1), (-1, 1))),  # a pawn's takes, forward
    2: PieceMoves(leaps=every_way((1, 2))),  # a knight
    3: PieceMoves(rides=DIAG),  # a bishop
    4: PieceMoves(rides=ORTH),  # a rook
    5: PieceMoves(rides=((0, 1),)),  # a lance, forward
    6: PieceMoves(rides=ORTH, leaps=DIAG),  # shogi's dragon
    7: PieceMoves(leaps=ORTH + DIAG),  # the king
}
#: ... and those that hop and have legs too.
SCREENED = {
    **PLAIN,
    8: PieceMoves(hops=ORTH),  # xiangqi's cannon's takes
    9: PieceMoves(legged=tuple(((f, r), (f // 2, 0) if abs(f) == 2 else (0, r // 2)) for f, r in every_way((1, 2)))),
    10: PieceMoves(legged=tuple(((2 * f, 2 * r), (f, r)) for f, r in DIAG)),  # xiangqi's elephant
}
KING = 7
GRIDS = [Grid.get(8), Grid.get(9, 10)]


def tables(grid: Grid, kinds: dict[int, PieceMoves], **how: Any) -> MoveTables:
    return MoveTables(grid, {code | 16 * side: (how, side) for code, how in kinds.items() for side in (0, 1)}, **how)


def half(grid: Grid, side: int) -> int:
    """A side's half of the board: its ranks nearer than the middle."""
    return Grid.mask(s for s in range(grid.size) if (grid.coords(s)[1] < grid.height // 2) == (side == 0))


#: The pieces coded 9 and 10 kept to their half (leaps and legs; a rider is not); a pawn (coded 1) across
#: the middle stepping ahead and sideways instead.
ACROSS = PieceMoves(leaps=((0, 1), (1, 0), (-1, 0)))


def confined(grid: Grid) -> dict[int, int]:
    return {code | 16 * side: half(grid, side) for code in (9, 10) for side in (0, 1)}


def zoned(grid: Grid) -> dict[int, tuple[int, PieceMoves]]:
    return {1 | 16 * side: (half(grid, 1 - side), ACROSS) for side in (0, 1)}


def walked(grid: Grid, how: PieceMoves, side: int, s: int, taken: set[int], within: int = -1) -> set[int]:
    """What a piece attacks, walked square by square on the grid's coordinates (its leaps ``within``)."""
    way, (f, r), hit = 1 - 2 * side, grid.coords(s), set()

    def on(df: int, dr: int) -> int | None:
        return grid.index(f + df, r + dr) if 0 <= f + df < grid.width and 0 <= r + dr < grid.height else None

    hit |= {t for df, dr in how.leaps if (t := on(df, dr * way)) is not None and within >> t & 1}
    for (df, dr), (lf, lr) in how.legged:
        if (t := on(df, dr * way)) is not None and within >> t & 1 and on(lf, lr * way) not in taken:
            hit.add(t)
    for df, dr in how.rides + how.hops:
        screened, k = (df, dr) not in how.hops, 1
        while (t := on(k * df, k * dr * way)) is not None:
            if screened:
                hit.add(t)
            if t in taken:
                if screened:
                    break
                screened = True
            k += 1
    return hit


def random_board(grid: Grid, rng: random.Random, kinds: dict[int, PieceMoves], royal: bool) -> bytearray:
    board = bytearray(grid.size)
    for s in rng.sample(range(grid.size), rng.randrange(2, grid.size // 3)):
        board[s] = rng.choice([k for k in kinds if k != KING]) | 16 * rng.randrange(2)
    if royal:
        for side, s in enumerate(rng.sample([s for s in range(grid.size) if not board[s]], 2)):
            board[s] = KING | 16 * side
    return board


def walked_on(grid: Grid, kinds: dict[int, PieceMoves], board: bytes, s: int) -> set[int]:
    """What the piece on ``s`` attacks, walked, confined and zoned as ``confined`` and ``zoned`` say."""
    p, taken = board[s], {t for t in range(grid.size) if board[t]}
    zone, instead = zoned(grid).get(p, (0, kinds[p & 15]))
    how = instead if zone >> s & 1 else kinds[p & 15]
    return walked(grid, how, p >> 4, s, taken, confined(grid).get(p, -1))


def attacked_by(grid: Grid, kinds: dict[int, PieceMoves], board: bytes, by: int) -> set[int]:
    return set().union(*(walked_on(grid, kinds, board, s) for s, p in enumerate(board) if p and p >> 4 == by))


def test_every_way_turns_and_mirrors_each_offset_once():
    assert sorted(every_way((1, 0))) == [(-1, 0), (0, -1), (0, 1), (1, 0)]
    assert len(every_way((1, 2))) == 8 and len(every_way((1, 0), (1, 1))) == 8 and every_way((0, 0)) == ((0, 0),)


@pytest.mark.parametrize("grid", GRIDS, ids=repr)
def test_what_each_piece_attacks_is_what_walking_its_moves_finds(grid):
    """Each kind, confined and zoned ones too, from random squares among random pieces."""
    rng, found = random.Random(41), tables(grid, SCREENED, confined=confined(grid), zoned=zoned(grid))
    for _ in range(300):
        board = random_board(grid, rng, SCREENED, royal=False)
        mask = Grid.mask(s for s in range(grid.size) if board[s])
        for code in list(SCREENED) + [c | 16 for c in SCREENED]:
            s = rng.choice([t for t in range(grid.size) if not board[t]])
            board[s] = code
            assert set(bits(found.reach(code, s, mask))) == walked_on(grid, SCREENED, board, s), (code, grid.name(s))
            board[s] = 0
        for by in (0, 1):
            hit = found.attacks(bytes(board), by)[0]
            assert set(bits(hit)) == attacked_by(grid, SCREENED, board, by)
            assert found.taken(bytes(board), by) == Grid.mask(s for s, p in enumerate(board) if p and p >> 4 == by)


@pytest.mark.parametrize("kinds", [PLAIN, SCREENED], ids=["leaps and rides", "hops and legs too"])
@pytest.mark.parametrize("grid", GRIDS, ids=repr)
def test_the_legal_moves_from_checks_and_pins_are_those_that_leave_the_king_unattacked(grid, kinds):
    """A move (a piece to a square its attacks reach, not its own side's) is legal when, made, the mover's
    king is not attacked: safety()'s danger, pins and stops give exactly those (with a move from or to a
    risky square tried, safe()), checks, double checks and pins among them (asserted to occur); where
    pieces only leap and ride, no square is risky."""
    rng, checked, doubled, pinned, tried = random.Random(7), 0, 0, 0, 0
    found = tables(grid, kinds, confined=confined(grid), zoned=zoned(grid))
    for _ in range(250):
        board, me = random_board(grid, rng, kinds, royal=True), rng.randrange(2)
        king = board.index(KING | 16 * me)
        mine = Grid.mask(s for s, p in enumerate(board) if p and p >> 4 == me)
        danger, pins, stops, risky = found.safety(bytes(board), me, king)
        brute, safe = set(), set()
        for o in [s for s, p in enumerate(board) if p and p >> 4 == me]:
            targets = found.reach(board[o], o, Grid.mask(s for s in range(grid.size) if board[s])) & ~mine
            for t in bits(targets):
                after = bytearray(board)
                after[t], after[o] = board[o], 0
                if (t if o == king else king) not in attacked_by(grid, kinds, after, 1 - me):
                    brute.add((o, t))
            allowed = targets & ~danger if o == king else targets & stops & pins.get(o, found.everywhere)
            for t in bits(allowed):
                if o == king or not (risky >> o & 1 or risky >> t & 1) or found.safe(bytes(board), me, king, o, t):
                    safe.add((o, t))
        assert safe == brute, (me, {grid.name(s): p for s, p in enumerate(board) if p})
        assert found.in_check(bytes(board), KING | 16 * me) == (king in attacked_by(grid, kinds, board, 1 - me))
        checked, doubled, pinned = checked + (stops != found.everywhere), doubled + (stops == 0), pinned + bool(pins)
        tried += risky not in (0, found.everywhere)
    assert checked > 50 and doubled > 10 and pinned > 8 and (tried > 5 if kinds is SCREENED else tried == 0)


def promotions(grid: Grid) -> dict[int, Promotion]:
    """The pawn (coded 1) becomes the dragon (6) in the other side's half, and must on its last rank."""
    last = (grid.edge("north"), grid.edge("south"))
    return {1 | 16 * side: Promotion(6 | 16 * side, half(grid, 1 - side), last[side]) for side in (0, 1)}


@pytest.mark.parametrize("kinds", [PLAIN, SCREENED], ids=["leaps and rides", "hops and legs too"])
@pytest.mark.parametrize("grid", GRIDS, ids=repr)
def test_the_moves_of_pieces_that_move_as_they_attack_are_the_legal_ones_with_their_promotions(grid, kinds):
    """moves() lists, square by square, each piece's moves to where it attacks that leave its king
    unattacked (brute force: made, then every attack walked), a promoting piece's twice where it may
    promote (choice 0, then 1 to stay) and once where it must."""
    rng, chose, forced = random.Random(11), 0, 0
    ups = promotions(grid)
    found = tables(grid, kinds, confined=confined(grid), zoned=zoned(grid), promotions=ups)
    for _ in range(150):
        board, me = random_board(grid, rng, kinds, royal=True), rng.randrange(2)
        king, taken = board.index(KING | 16 * me), Grid.mask(s for s in range(grid.size) if board[s])
        mine = Grid.mask(s for s, p in enumerate(board) if p and p >> 4 == me)
        brute: list[Move] = []
        for o in [s for s, p in enumerate(board) if p and p >> 4 == me]:
            for t in bits(found.reach(board[o], o, taken) & ~mine):
                after = bytearray(board)
                after[t], after[o] = board[o], 0
                if (t if o == king else king) in attacked_by(grid, kinds, after, 1 - me):
                    continue
                up, step = ups.get(board[o]), Move(o, t, ())
                if up is None or not (up.zone >> o | up.zone >> t) & 1:
                    brute.append(step)
                else:
                    brute += [with_choice(step, 0)] if up.forced >> t & 1 else [with_choice(step, c) for c in (0, 1)]
        occupied = (found.taken(bytes(board), 0), found.taken(bytes(board), 1))
        assert found.moves(bytes(board), me, king, occupied) == brute, (me, grid.name(king))
        chose += sum(m.choice == 1 for m in brute)
        forced += sum(m.choice == 0 and with_choice(m, 1) not in brute for m in brute)
    assert chose > 20 and forced > 5
    assert found.promoted[1] == 6 and found.promoted[2] == 2  # a knight never promotes: itself


def test_a_line_too_long_to_list_is_walked_as_it_is_asked_and_kept_bounded():
    """On a 30-square file a rook's or a cannon's line has more boards than are listed ahead: each is walked
    when asked, and the dict keeps at most KEPT of them."""
    grid, rng = Grid.get(1, 30), random.Random(3)
    kinds = {1: PieceMoves(rides=every_way((0, 1))), 2: PieceMoves(hops=every_way((0, 1)))}
    found = MoveTables(grid, {code: (how, 0) for code, how in kinds.items()})
    for _ in range(piece_moves.KEPT + 100):
        taken, s, code = rng.getrandbits(30), rng.randrange(30), rng.choice((1, 2))
        assert set(bits(found.reach(code, s, taken))) == walked(grid, kinds[code], 0, s, set(bits(taken)))
    assert all(len(reach) <= piece_moves.KEPT for code in (1, 2) for _, reach in found.lines[code][15])


@attrs.frozen(kw_only=True, slots=False)
class Boarded(State):
    board: bytes = b""


def test_occupancy_is_worked_out_once_and_carried_to_the_next_position():
    found = tables(Grid.get(8), PLAIN)
    before = Boarded(game=None, board=bytes([KING, 0, 4 | 16] + [0] * 61))  # type: ignore[arg-type]
    assert found.occupancy(before) == (1, 4)
    after = Boarded(game=None, turn=1, board=bytes([0, 0, KING] + [0] * 61))  # type: ignore[arg-type]
    found.carry(before, after, moved=1 | 4, lost=4)  # the king takes on the third square
    assert found.occupancy(after) == (4, 0) == (found.taken(after.board, 0), found.taken(after.board, 1))


def test_the_routes_are_the_moves_to_each_square_in_order():
    found = tables(Grid.get(8), PLAIN)
    assert found.routes[9][1 | 1 << 17 | 1 << 63] == (Move(9, 0, ()), Move(9, 17, ()), Move(9, 63, ()))
    assert found.routes[9][1 | 1 << 17 | 1 << 63] is found.routes[9][1 | 1 << 17 | 1 << 63]  # kept
