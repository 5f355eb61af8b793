"""Einstein würfelt nicht ("Einstein does not play dice"), as OpenSpiel's
``einstein_wurfelt_nicht`` plays it.

Two players, black and white, each have six cubes numbered 1 to 6 on a 5×5
board. Black's start in the top-left corner (a5, b5, c5, a4, b4, a3), white's
in the bottom-right one (e1, d1, c1, e2, d2, e3), each side in an order
chance picks at the start (``setup:<cubes>`` gives the numbers on those six
cells in that order). Then, turn by turn, white first, a die is rolled for
the player to move (``roll:1`` to ``roll:6``): the player moves the cube with
that number; without it, the next lower or the next higher cube still on the
board, at the player's choice. A cube steps one cell towards the opposite
corner: black right, down or diagonally down-right; white left, up or
diagonally up-left. A cube landing on another, of either colour, takes it off
the board. A player wins by bringing a cube to the opposite corner (black to
e1, white to a5) or by taking all the other's cubes.

Moves are written as steps (``a5-b4``); chance as ``setup:…`` and ``roll:k``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import attrs

import boardgames
from boardgames import CHANCE, Game, Grid, Move, Outcome, PieceKind, State, hookimpl, outcome, step

BLACK, WHITE = 0, 1
SIZE = 5
#: The 720 orders of the cubes 1 to 6, numbered as OpenSpiel's setup outcomes are (lexicographic).
ORDERS = tuple(permutations(range(1, 7)))
#: A setup outcome is ``outcome(FIRST_SETUP + k)`` for the k-th order; a roll ``outcome(1)`` to ``outcome(6)``.
FIRST_SETUP = 7
#: The steps of each player's cubes as (rows, columns) in OpenSpiel's rows (0 at the top).
STEPS = (((1, 1), (1, 0), (0, 1)), ((-1, 0), (-1, -1), (0, -1)))


def square(row: int, col: int) -> int:
    """Our square of OpenSpiel's cell (row 0 at the top: rank 5)."""
    return Grid.get(SIZE).index(col, SIZE - 1 - row)


def cell(sq: int) -> tuple[int, int]:
    """OpenSpiel's (row, column) of our square."""
    file, rank = Grid.get(SIZE).coords(sq)
    return SIZE - 1 - rank, file


#: The start cells, in OpenSpiel's order (row by row): black's top-left corner, white's bottom-right.
START = (
    tuple(square(r, c) for r in range(SIZE) for c in range(SIZE) if r + c <= 2),
    tuple(square(r, c) for r in range(SIZE) for c in range(SIZE) if r + c >= 6),
)
#: The chance events: a side's setup (720 orders) and a roll of the die.
SETUPS = tuple((outcome(FIRST_SETUP + k), 1 / len(ORDERS)) for k in range(len(ORDERS)))
ROLLS = tuple((outcome(v), 1 / 6) for v in range(1, 7))
GOAL = (square(SIZE - 1, SIZE - 1), square(0, 0))
#: Where each player's cube on each square may step to.
TARGETS = tuple(
    tuple(
        tuple(
            square(cell(sq)[0] + dr, cell(sq)[1] + dc)
            for dr, dc in STEPS[player]
            if 0 <= cell(sq)[0] + dr < SIZE and 0 <= cell(sq)[1] + dc < SIZE
        )
        for sq in range(SIZE * SIZE)
    )
    for player in (BLACK, WHITE)
)

#: Each player's steps from each square, sorted.
STEPS_FROM = tuple(
    tuple(tuple(sorted(step(sq, to) for to in targets)) for sq, targets in enumerate(t)) for t in TARGETS
)


@attrs.frozen(kw_only=True, slots=False)
class EinsteinState(State):
    #: Each square's cube: 0 none, 1 to 6 a black cube, -1 to -6 a white one.
    cells: tuple[int, ...] = (0,) * (SIZE * SIZE)
    die: int = 0  # the roll the player to move plays (0: none yet)
    placed: int = 0  # how many sides are set up (2: the game is under way)
    mover: int = WHITE  # who moves after the next roll


class EinsteinWurfeltNicht(Game[EinsteinState]):
    name = "einstein_wurfelt_nicht"
    title = "Einstein würfelt nicht"
    summary = "Roll a die, move the cube it names to the far corner (OpenSpiel's einstein_wurfelt_nicht)."
    player_names = ("black", "white")
    colours = ("#212121", "#f5f5f5")
    piece_kinds = tuple(PieceKind(f"cube {v}", letter=str(v), symbol="①②③④⑤⑥"[v - 1]) for v in range(1, 7))
    chance_word = "roll"
    rules_text = __doc__ or ""
    # Each player's cubes travel at most 40 cells, so at most 40 moves and 40 rolls each, and 2 setups.
    max_length = 2 + 2 * 2 * 40

    def setup(self) -> None:
        self.grid = Grid.get(SIZE)

    def initial_state(self) -> EinsteinState:
        return EinsteinState(game=self, turn=CHANCE)

    # -- chance --------------------------------------------------------------
    def chance_outcomes(self, state: EinsteinState) -> tuple[tuple[Move, float], ...]:
        return SETUPS if state.placed < 2 else ROLLS

    def format_outcome(self, move: Move) -> str:
        if move.to >= FIRST_SETUP:
            return "setup:" + "".join(map(str, ORDERS[move.to - FIRST_SETUP]))
        return f"roll:{move.to}"

    # -- moves ---------------------------------------------------------------
    def movable(self, state: EinsteinState) -> list[int]:
        """The squares of the cubes the roll lets the mover move."""
        cells, sign, die = state.cells, 1 if state.turn == BLACK else -1, state.die
        if sign * die in cells:
            return [cells.index(sign * die)]
        lower = next((v for v in range(die - 1, 0, -1) if sign * v in cells), 0)
        higher = next((v for v in range(die + 1, 7) if sign * v in cells), 0)
        return [cells.index(sign * v) for v in (lower, higher) if v]

    def generate_moves(self, state: EinsteinState) -> tuple[Move, ...]:
        steps = STEPS_FROM[state.turn]
        squares = self.movable(state)
        if len(squares) == 1:
            return steps[squares[0]]
        return tuple(sorted(steps[squares[0]] + steps[squares[1]]))

    def apply(self, state: EinsteinState, move: Move) -> EinsteinState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            if state.placed < 2:
                cells = list(state.cells)
                sign = 1 if state.placed == BLACK else -1
                for sq, v in zip(START[state.placed], ORDERS[move.to - FIRST_SETUP], strict=True):
                    cells[sq] = sign * v
                return attrs.evolve(state, history=history, cells=tuple(cells), placed=state.placed + 1)
            return EinsteinState(
                game=self, history=history, turn=state.mover, cells=state.cells, die=move.to, placed=2,
                mover=1 - state.mover,
            )  # fmt: skip
        me = state.turn
        cells = list(state.cells)
        taken = cells[move.to]
        cells[move.to], cells[move.origin] = cells[move.origin], 0
        result = None
        if move.to == GOAL[me]:
            result = Outcome(me, f"{self.player_names[me]} reaches the corner")
        elif taken and (taken > 0) == (me == WHITE) and not any(v and (v > 0) == (me == WHITE) for v in cells):
            result = Outcome(me, f"{self.player_names[me]} takes every cube of {self.player_names[1 - me]}")
        return EinsteinState(
            game=self, history=history, turn=CHANCE, outcome=result, cells=tuple(cells), placed=2, mover=state.mover
        )

    # -- what the board shows ------------------------------------------------
    def owners(self, state: EinsteinState) -> dict[int, int]:
        return {sq: BLACK if v > 0 else WHITE for sq, v in enumerate(state.cells) if v}

    def kinds(self, state: EinsteinState) -> dict[int, int]:
        return {sq: abs(v) - 1 for sq, v in enumerate(state.cells) if v}


def from_openspiel(state: EinsteinState, action: int) -> Move:
    """Our move or outcome for OpenSpiel's ``action`` in the same position:
    a setup action ``k`` (the k-th order) is ``outcome(FIRST_SETUP + k)``, a
    roll action ``k`` the outcome ``k + 1``, a move action (row, column,
    direction, capture in mixed base 5, 5, 6, 2; row 0 is our rank 5) the
    step from that cell in that direction."""
    if state.turn == CHANCE:
        return outcome(FIRST_SETUP + action if state.placed < 2 else action + 1)
    row, col = divmod(action // 12, 5)
    dr, dc = ((1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1))[action // 2 % 6]
    return step(square(row, col), square(row + dr, col + dc))


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(EinsteinWurfeltNicht)
