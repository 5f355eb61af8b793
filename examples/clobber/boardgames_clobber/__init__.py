"""Clobber on 6 files by 5 ranks, as OpenSpiel's ``clobber`` plays it.

The board starts full, white and black stones alternating like a
checkerboard, white on a1. White moves first. A move takes one of your
stones one square up, down, left or right onto a square holding an
opponent's stone, which is removed ("clobbered"). A player with no move
loses, so the last player to move wins. A move is written ``a1-a2``.
"""

from __future__ import annotations

from collections.abc import Callable

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Move, Outcome, Words, bits, hookimpl, step, transfer


def subsets(mask: int) -> list[int]:
    """Every mask made of some of the bits of ``mask``."""
    found = [0]
    for bit in bits(mask):
        found += [part | 1 << bit for part in found]
    return found


class Clobber(Game[BitboardState]):
    name = "clobber"
    title = "Clobber"
    summary = "Clobber an adjacent enemy stone; whoever cannot move loses (OpenSpiel's clobber)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#1b1b1b")
    option_specs = (
        IntOption("files", "files (columns) of the board", 6, minimum=1, maximum=26),
        IntOption("ranks", "ranks (rows) of the board", 5, minimum=1, maximum=26),
    )
    words = Words(changed="clobbered", pick_origin="Click one of your stones.", pick_to="Click the stone it clobbers.")
    parts_per_move = 2
    rules_text = __doc__ or ""

    def setup(self) -> None:
        files, ranks = self.options["files"], self.options["ranks"]
        self.grid = grid = Grid.get(files, ranks)
        self.max_length = files * ranks  # each move removes a stone
        self.light = grid.mask(sq for sq in range(grid.size) if sum(grid.coords(sq)) % 2 == 0)
        # For each square, the squares beside it, and the steps to each set of them, made once.
        self.beside = [grid.touching(1 << sq) for sq in range(grid.size)]
        self.steps = [
            {part: tuple(step(sq, to) for to in bits(part)) for part in subsets(self.beside[sq])}
            for sq in range(grid.size)
        ]

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self, boards=(self.light, self.grid.full & ~self.light))

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        mine, theirs = state.boards[state.turn], state.boards[1 - state.turn]
        beside, steps, moves = self.beside, self.steps, []
        for origin in bits(mine & self.grid.touching(theirs)):  # a stone of mine beside one of theirs
            moves += steps[origin][beside[origin] & theirs]
        return tuple(moves)

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to, vacate=1 << move.origin)
        outcome = None
        if not self.grid.touching(boards[me]) & boards[1 - me]:  # no stone of theirs beside one of mine
            outcome = Outcome(me, f"{self.player_names[1 - me]} has no move left")
        return BitboardState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=boards,
            changed=1 << move.to,
            outcome=outcome,
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Clobber)
