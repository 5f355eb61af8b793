"""Breakthrough on 8×8, as OpenSpiel's ``breakthrough`` plays it.

White (moves first) has two full rows of pawns on ranks 1 and 2, black on
ranks 7 and 8. A pawn moves one square straight forward to an empty square,
or one square diagonally forward to an empty square or onto an opponent's
pawn, which is captured. A pawn never captures straight ahead. A player wins
by moving a pawn to the opponent's home rank, or when the opponent has no
pawns left. There are no draws and no passes. A move is written ``a2-b3``.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Words, bits, hookimpl, step, transfer
from boardgames.geometry import NORTH, NORTHEAST, NORTHWEST, SOUTH, SOUTHEAST, SOUTHWEST

WHITE, BLACK = 0, 1


class Breakthrough(Game[BitboardState]):
    name = "breakthrough"
    title = "Breakthrough"
    summary = "Race a pawn to the far rank; pawns capture diagonally (OpenSpiel's breakthrough)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#111111")
    words = Words(changed="captured", pick_origin="Click a pawn to move.", pick_to="Click where it goes.")
    parts_per_move = 2  # the pawn, then where it goes
    # Each move takes a pawn one rank forward. Before it wins, a side's pawns can make at
    # most 8 × 6 (from rank 1 up to rank 7) + 8 × 5 (from rank 2) = 88 moves, and the
    # side to move always has one (its most advanced pawn can step diagonally): 2 × 88 + 1.
    max_length = 177
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(8)
        rank = [grid.mask(sq for sq in range(grid.size) if grid.coords(sq)[1] == r) for r in range(8)]
        self.start_boards = (rank[0] | rank[1], rank[6] | rank[7])
        self.goal = (rank[7], rank[0])  # the rank each player wins on
        sq = grid.parse_square
        # (direction, how far the square number moves) of a straight and the two diagonal steps, per player.
        self.ways = (
            ((NORTH, sq("a2") - sq("a1")), (NORTHEAST, sq("b2") - sq("a1")), (NORTHWEST, sq("a2") - sq("b1"))),
            ((SOUTH, sq("a1") - sq("a2")), (SOUTHEAST, sq("b1") - sq("a2")), (SOUTHWEST, sq("a1") - sq("b2"))),
        )

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self, boards=self.start_boards)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        me = state.turn
        mine = state.boards[me]
        empty = self.grid.full & ~state.occupied
        shift = self.grid.shift
        moves = []
        for i, (direction, delta) in enumerate(self.ways[me]):
            targets = shift(mine, direction) & (empty if i == 0 else ~mine)  # straight: only to an empty square
            moves.extend(step(to - delta, to) for to in bits(targets))
        moves.sort()
        return tuple(moves)

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        captured = state.boards[1 - me] & 1 << move.to
        boards = transfer(state.boards, me, 1 << move.to, vacate=1 << move.origin)
        outcome = None
        if self.goal[me] >> move.to & 1:
            outcome = Outcome(me, f"{self.player_names[me]} reached the last rank")
        elif not boards[1 - me]:
            outcome = Outcome(me, f"{self.player_names[1 - me]} has no pawns left")
        return BitboardState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=boards,
            changed=captured,
            outcome=outcome,
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Breakthrough)
