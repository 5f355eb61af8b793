"""Chinese checkers on the six-pointed star, as OpenSpiel's ``chinese_checkers`` plays it.

The star has 121 cells: a hexagon of 61 with a triangle of 10 on each of its
six sides. Two, three, four or six players (``-o players=3``) each start with
ten pieces filling a triangle (two: north and south; three: north, south-east
and south-west; four: north, north-east, south and south-west; six: all) and
race them to the opposite triangle. The players move in turn, one piece a
move: a step to an empty neighbouring cell, or a chain of hops, each over one
neighbouring piece (anyone's) to the empty cell just beyond it, never landing
twice on the same cell nor back where the piece started; the chain may stop
after any hop. A player who cannot move passes. The first to fill the
opposite triangle with its own ten pieces wins: OpenSpiel's returns give the
winner one point for each other player and each other player -1. After
``max_moves`` moves in all (1000) nobody has won: a draw.

A move is written ``origin-destination`` (the piece, then where its step or
its last hop lands), and made in two parts: the piece, then the cell.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Outcome, Parts, bits, hookimpl

#: The star in OpenSpiel's doubled coordinates, row 0 (north) to 16, cell 0 to 120 in its order.
DOUBLED = sorted(
    {(r, c) for r in range(13) for c in range(12 - r, 13 + r, 2)}
    | {(r, c) for r in range(4, 17) for c in range(r - 4, 29 - r, 2)}
)
HEIGHT = 17


def square_of(row: int, col: int) -> int:
    """Our square of a doubled (row, column): rank 17 at the north, each
    rank half a cell right of the one below, as a hexagonal grid draws them."""
    rank = 16 - row
    return (col - rank + 12) // 2 * HEIGHT + rank


SQUARES = tuple(square_of(r, c) for r, c in DOUBLED)  # OpenSpiel's cell number -> our square
GRID = Grid.from_cells(17, HEIGHT, ((sq // HEIGHT, sq % HEIGHT) for sq in SQUARES), basis="hex")


def _triangles() -> tuple[int, ...]:
    """The six points, north then clockwise (OpenSpiel's order), as masks."""
    up = {(r, c) for r in range(13) for c in range(12 - r, 13 + r, 2)}
    down = {(r, c) for r in range(4, 17) for c in range(r - 4, 29 - r, 2)}
    middle = {(r, c) for r, c in up | down if 4 <= r <= 12}  # the hexagon and the four side points

    def mask(cells: object) -> int:
        return Grid.mask(square_of(r, c) for r, c in cells)  # type: ignore[attr-defined]

    return (
        mask(c for c in up if c[0] < 4),  # north
        mask(c for c in middle - up if c[1] > 12),  # north-east
        mask(c for c in middle - down if c[1] > 12),  # south-east
        mask(c for c in down if c[0] > 12),  # south
        mask(c for c in middle - down if c[1] < 12),  # south-west
        mask(c for c in middle - up if c[1] < 12),  # north-west
    )


TRIANGLES = _triangles()
#: Each count's home triangles, player by player (OpenSpiel's slots).
HOMES = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}


FULL = GRID.full
#: The three shifts of the six directions: a mask moves one cell that way as ``mask << amount`` or
#: ``mask >> amount``. The grid's own steps clear first the cells that would cross an edge of the 17 x 17
#: grid (``(mask & keep) << amount``); no cell of the star crosses onto another cell of the star, so a
#: mask of star cells shifted without that lands on its neighbours or off the star (checked here), and
#: a piece's neighbours are found without it.
AMOUNT_1, AMOUNT_2, AMOUNT_3 = sorted(a for a, _ in GRID.steps if a > 0)
assert sorted(abs(a) for a, _ in GRID.steps) == sorted((AMOUNT_1, AMOUNT_2, AMOUNT_3) * 2)
assert not any(((FULL & ~k) << a if a > 0 else (FULL & ~k) >> -a) & FULL for a, k in GRID.steps)


def shift(mask: int, direction: int) -> int:
    """``mask`` moved one cell in ``direction`` (the grid's hexagonal directions)."""
    amount, keep = GRID.steps[direction]
    return (mask & keep) << amount if amount > 0 else (mask & keep) >> -amount


#: What follows a move whose piece has landed: nothing, it is whole.
WHOLE = Parts(complete=True)
#: Each cell's neighbours, as a mask.
NEIGHBOURS = tuple(
    sum(shift(1 << sq, d) for d in range(6)) & GRID.full if GRID.full >> sq & 1 else 0 for sq in range(GRID.size)
)
#: Each cell's hops: the cell hopped over and the cell landed on (masks), and the landing cell's number.
HOPS = tuple(
    tuple(
        (shift(1 << sq, d), shift(shift(1 << sq, d), d), shift(shift(1 << sq, d), d).bit_length() - 1)
        for d in range(6)
        if shift(shift(1 << sq, d), d) & GRID.full
    )
    if GRID.full >> sq & 1
    else ()
    for sq in range(GRID.size)
)


def hex_distance(a: int, b: int) -> int:
    (fa, ra), (fb, rb) = divmod(a, HEIGHT), divmod(b, HEIGHT)
    df, dr = fa - fb, ra - rb
    return (abs(df) + abs(dr) + abs(df + dr)) // 2


@attrs.frozen(kw_only=True, slots=False)
class StarState(BitboardState):
    #: The empty cells of the star, where known (-1: not yet): both parts of a move start from them,
    #: and apply finds them from the last position's in two operations (kept to save work: not in the key).
    empty: int = attrs.field(default=-1, eq=False, metadata={"key": False})


class ChineseCheckers(Game[StarState]):
    name = "chinese_checkers"
    title = "Chinese checkers"
    summary = "Race your ten pieces across the star, stepping and hopping (OpenSpiel's chinese_checkers, 2-6 players)."
    player_names = ("red", "green", "blue", "yellow", "purple", "orange")
    colours = ("#c62828", "#2e7d32", "#1565c0", "#f9a825", "#6a1b9a", "#ef6c00")
    player_count = (2, 6)
    option_specs = (IntOption("max_moves", "moves in all before the game is drawn", 1000, minimum=1, maximum=100_000),)
    parts_per_move = 2  # the piece, then where it lands
    rules_text = __doc__ or ""

    @classmethod
    def check_options(cls, values: object) -> None:
        if values["players"] not in HOMES:  # type: ignore[index]
            raise boardgames.InvalidOptionError("chinese_checkers: players is 2, 3, 4 or 6")

    def setup(self) -> None:
        self.grid = GRID
        self.max_length = self.options["max_moves"]
        homes = HOMES[self.number_of_players]
        self.homes = tuple(TRIANGLES[t] for t in homes)
        self.goals = tuple(TRIANGLES[(t + 3) % 6] for t in homes)
        # For the evaluation: each cell's distance to the far point of each player's goal.
        tips = [
            max(bits(goal), key=lambda sq, home=home: min(hex_distance(sq, h) for h in bits(home)))
            for home, goal in zip(self.homes, self.goals, strict=True)
        ]
        self.distance = tuple(tuple(hex_distance(sq, tip) for sq in range(GRID.size)) for tip in tips)
        self.start_distance = sum(self.distance[0][sq] for sq in bits(self.homes[0]))
        self.done_distance = sum(self.distance[0][sq] for sq in bits(self.goals[0]))

    def initial_state(self) -> StarState:
        empty = FULL
        for home in self.homes:
            empty &= ~home
        return StarState(game=self, boards=self.homes, placed=(0,) * len(self.homes), empty=empty)

    def next_parts(self, state: StarState, partial: boardgames.Move) -> Parts:
        if partial.to >= 0:
            return WHOLE
        try:
            empty = state.empty
        except AttributeError:  # a position set up by hand as a plain BitboardState
            empty = -1
        if empty < 0:
            empty = FULL & ~state.occupied
        occupied = FULL ^ empty
        if partial.origin < 0:  # which piece: one with an empty neighbour, or a piece beside it to hop
            near = (
                empty << AMOUNT_1
                | empty << AMOUNT_2
                | empty << AMOUNT_3
                | empty >> AMOUNT_1
                | empty >> AMOUNT_2
                | empty >> AMOUNT_3
            )
            mine = state.boards[state.turn]
            movable = mine & near
            hemmed = mine ^ movable
            if hemmed:  # no empty neighbour: a hop (a piece beside it, an empty cell beyond) or nothing
                for a in (AMOUNT_1, AMOUNT_2, AMOUNT_3):
                    movable |= hemmed & ((occupied & empty >> a) >> a | (occupied & empty << a) << a)
            return Parts(movable, 0, 0, False, not movable)
        origin = partial.origin
        over = occupied ^ 1 << origin  # the piece has left its cell: nothing to hop over there
        beside = NEIGHBOURS[origin]
        if not over & beside:  # nothing beside it to hop over: steps only
            return Parts(0, beside & empty)
        free, chain = empty, [origin]  # free: the empty cells no hop has reached yet
        pop, push = chain.pop, chain.append
        while chain:  # the hop chains: over a piece, onto an empty cell not reached yet
            for middle, landing, beyond in HOPS[pop()]:
                if over & middle and free & landing:
                    free ^= landing
                    push(beyond)
        return Parts(0, (beside | ~free) & empty)

    def apply(self, state: StarState, move: boardgames.Move) -> StarState:
        me, history = state.turn, state.history + (move,)
        boards = state.boards
        try:
            empty = state.empty
        except AttributeError:  # a position set up by hand as a plain BitboardState
            empty = -1
        if move.to >= 0:
            origin, to = 1 << move.origin, 1 << move.to
            moved = list(boards)
            moved[me] = moved[me] & ~origin | to
            boards = tuple(moved)
            if empty >= 0:
                empty = empty & ~to | origin
        outcome = None
        n = len(boards)
        if boards[me] & self.goals[me] == self.goals[me]:
            returns = tuple(n - 1.0 if p == me else -1.0 for p in range(n))
            places = tuple(1 if p == me else 2 for p in range(n))
            outcome = Outcome(me, f"{self.player_names[me]} fills the opposite point", (), places, (), returns)
        elif len(history) >= self.max_length:
            outcome = Outcome.placed((1,) * n, f"{self.max_length} moves without a winner", returns=(0.0,) * n)
        return StarState(
            game=self,
            history=history,
            turn=(me + 1) % n,
            outcome=outcome,
            boards=boards,
            placed=state.placed,
            empty=empty,
        )

    def evaluate(self, state: StarState, player: int) -> float:
        """Each player's progress: how far its pieces are from its goal's far
        point, from 0 (home) to 1 (arrived); a player's value is its lead over
        the best of the others."""
        span = self.start_distance - self.done_distance
        progress = [
            (self.start_distance - sum(table[sq] for sq in bits(board))) / span
            for table, board in zip(self.distance, state.boards, strict=True)
        ]
        best_other = max(v for p, v in enumerate(progress) if p != player)
        return max(-0.99, min(0.99, progress[player] - best_other))


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(ChineseCheckers)
