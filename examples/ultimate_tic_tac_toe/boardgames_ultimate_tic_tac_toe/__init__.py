"""Ultimate tic-tac-toe, as OpenSpiel's ``ultimate_tic_tac_toe`` plays it.

The 9 × 9 board is nine local boards of 3 × 3 (files a-c, d-f, g-i by ranks
1-3, 4-6, 7-9). Crosses move first, anywhere. Each mark sends the opponent to
the local board in the same place as the cell just marked (a mark in the top
left cell of its local board sends them to the top left local board); if
that board is already won or full, they may mark in any open local board.
Three in a row on a local board wins it: it is then closed, as is a full
one. Three won local boards in a row win the game; when every local board is
closed without that, it is a draw. A move is written as its cell (``e5``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Overlay, hookimpl, placements, transfer

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@attrs.frozen(kw_only=True, slots=False)
class UltimateState(BitboardState):
    #: For each player, the local boards it has won (bit k: board k); and the boards full without a winner.
    won: tuple[int, int] = (0, 0)
    full: int = 0
    #: The local board the player to move is sent to, or -1 for any open one.
    sent: int = -1


#: For each set of the nine places of a 3 × 3 board (bit k: place k), whether it holds three in a row.
THREE = tuple(any(held >> a & held >> b & held >> c & 1 for a, b, c in LINES) for held in range(512))


class UltimateTicTacToe(Game[UltimateState]):
    name = "ultimate_tic_tac_toe"
    title = "Ultimate tic-tac-toe"
    summary = "Nine tic-tac-toe boards in one; where you mark sends your opponent (OpenSpiel's)."
    player_names = ("crosses", "noughts")
    symbols = ("X", "O")
    colours = ("#c62828", "#1565c0")
    overlay_kinds = (Overlay("won by crosses", player=0), Overlay("won by noughts", player=1), Overlay("full"))
    blocks = (3, 3)  # the nine local boards drawn apart
    parts_per_move = 1
    max_length = 81
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(9)
        # Local board k (0 top left, row by row as OpenSpiel counts) and the place of each cell in its board.
        self.board_of, self.place_of = [0] * 81, [0] * 81
        self.cells = [0] * 9
        for sq in range(81):
            file, rank = grid.coords(sq)
            row, col = 8 - rank, file
            self.board_of[sq], self.place_of[sq] = row // 3 * 3 + col // 3, row % 3 * 3 + col % 3
            self.cells[self.board_of[sq]] |= 1 << sq
        self.low_corner = [(cells & -cells).bit_length() - 1 for cells in self.cells]
        self.open_cells = [sum(self.cells[k] for k in range(9) if closed >> k & 1 == 0) for closed in range(512)]

    def initial_state(self) -> UltimateState:
        return UltimateState(game=self)

    def generate_moves(self, state: UltimateState) -> tuple[Move, ...]:
        closed = state.won[0] | state.won[1] | state.full
        allowed = (
            self.cells[state.sent] if state.sent >= 0 and not closed >> state.sent & 1 else self.open_cells[closed]
        )
        return placements(allowed & ~state.occupied)

    def local(self, stones: int, k: int) -> int:
        """The 9 bits of local board k's cells held in ``stones``, a file of three at a time (THREE
        reads any rotation or mirror image of the places alike)."""
        low = self.low_corner[k]
        return stones >> low & 7 | (stones >> low + 9 & 7) << 3 | (stones >> low + 18 & 7) << 6

    def apply(self, state: UltimateState, move: Move) -> UltimateState:
        me, k = state.turn, self.board_of[move.to]
        boards = transfer(state.boards, me, 1 << move.to)
        won, full = list(state.won), state.full
        if THREE[self.local(boards[me], k)]:
            won[me] |= 1 << k
        elif not self.cells[k] & ~(boards[0] | boards[1]):
            full |= 1 << k
        outcome = None
        if THREE[won[me]]:
            outcome = Outcome(me, f"{self.player_names[me]} won three local boards in a row")
        elif won[0] | won[1] | full == 0x1FF:
            outcome = Outcome(None, "every local board is closed")
        return UltimateState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=boards,
            outcome=outcome,
            won=(won[0], won[1]),
            full=full,
            sent=self.place_of[move.to],
        )

    def overlays(self, state: UltimateState) -> dict[int, int]:
        shown = {}
        for kind, closed in enumerate((state.won[0], state.won[1], state.full)):
            for k in boardgames.bits(closed):
                shown.update(dict.fromkeys(boardgames.bits(self.cells[k]), kind))
        return shown


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(UltimateTicTacToe)
