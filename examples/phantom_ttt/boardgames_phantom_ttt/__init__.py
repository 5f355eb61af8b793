"""Phantom tic-tac-toe and Dark Hex, as OpenSpiel's ``phantom_ttt`` and ``dark_hex`` play them (classical).

Tic-tac-toe on 3 × 3 where neither player sees the other's marks. Cross
moves first. A player tries a cell it has not tried yet: if it is empty, its
mark goes there and the turn passes; if the other player's mark is there,
the try reveals it to the player, who tries again (its turn goes on). Three
marks in a row win; a full board with no line is a draw.

Each player sees its own marks, the other's marks its failed tries revealed,
and that the other moved (not where): a move of the other player is shown as
``?``. Once the game is over everyone sees everything.

Dark Hex is Hex (examples/hex: red joins rank 1 to the last rank, blue file
a to the last file) on a ``size`` × ``size`` rhombus (3 by default, as
OpenSpiel's) played the same way: a stone tried on the other's reveals it,
and the same player tries again. The same code plays both: a game of this
kind says only its board and when a player has won.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, IntOption, Move, Outcome, bits, hookimpl, placements

#: What a player sees of the other's try that failed on one of its marks: that it failed (the other
#: tries again: whose turn it is says so anyway), not where. Shown as ``?``, as a move not seen at all.
#: (The mover sees its own failed try as ``Move(-1, cell, (cell,))``, written ``b2*``.)
FAILED_TRY = Move(-3, -2)


@attrs.frozen(kw_only=True, slots=False)
class PhantomState(BitboardState):
    #: For each player, the other's marks its failed tries revealed.
    revealed: tuple[int, int] = (0, 0)


class Phantom(Game[PhantomState]):
    """A placement game played in the dark: a subclass sets ``grid`` in
    ``setup`` and says when a player's marks win (:meth:`won`)."""

    player_names = ("first", "second")
    parts_per_move = 1
    rules_text = __doc__ or ""

    def won(self, marks: int, player: int) -> bool:
        raise NotImplementedError

    def initial_state(self) -> PhantomState:
        return PhantomState(game=self)

    def generate_moves(self, state: PhantomState) -> tuple[boardgames.Move, ...]:
        me = state.turn
        return placements(self.grid.full & ~state.boards[me] & ~state.revealed[me])

    def apply(self, state: PhantomState, move: boardgames.Move) -> PhantomState:
        me, cell = state.turn, 1 << move.to
        history = (*state.history, move)
        if state.boards[1 - me] & cell:  # the other's mark: revealed, and the same player tries again
            revealed = (
                (state.revealed[0] | cell, state.revealed[1])
                if me == 0
                else (state.revealed[0], state.revealed[1] | cell)
            )
            return attrs.evolve(state, history=history, revealed=revealed)
        boards = (state.boards[0] | cell, state.boards[1]) if me == 0 else (state.boards[0], state.boards[1] | cell)
        outcome = None
        if self.won(boards[me], me):
            outcome = Outcome(me, self.winning)
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "full board")
        return PhantomState(
            game=self, history=history, turn=1 - me, outcome=outcome, boards=boards, revealed=state.revealed
        )

    # -- what each player sees ---------------------------------------------------------------
    def hide(self, state: PhantomState, player: int | None) -> PhantomState:
        """``player``'s own marks and the other's that it found; nothing of what the other found."""
        if player is None:
            return attrs.evolve(state, boards=(0, 0), revealed=(0, 0))
        other = 1 - player
        boards = [0, 0]
        boards[player], boards[other] = state.boards[player], state.revealed[player]
        revealed = [0, 0]
        revealed[player] = state.revealed[player]
        return attrs.evolve(state, boards=tuple(boards), revealed=tuple(revealed))

    def seen(self, state: PhantomState, move: boardgames.Move, player: int | None) -> boardgames.Move | None:
        """A player sees its own tries and what became of them (a try that
        found the other's mark is shown ``b2*``); of the other's, only
        whether one failed (the other then moves again, for all to see)."""
        failed = state.boards[1 - state.turn] >> move.to & 1
        if player == state.turn:
            return Move(-1, move.to, (move.to,)) if failed else move
        return FAILED_TRY if failed else None

    def format_move(self, move: boardgames.Move) -> str:
        if move.origin == -1 and move.marks == (move.to,):  # a try that found the other's mark
            return self.grid.name(move.to) + "*"
        return super().format_move(move)

    def sample(self, view: PhantomState, player: int, rng: random.Random) -> PhantomState:
        """The other's unseen marks drawn among the cells ``player`` knows
        nothing of, as many as the turns say (the first player has moved as
        often as the second, or once more), none winning already; and which of ``player``'s
        marks the other's failed tries found, one for each it saw fail."""
        other = 1 - player
        mine, found = view.boards[player], view.revealed[player]
        marks = bin(mine).count("1")
        # Whose turn it is says how many marks the other has: cross moves first.
        theirs = marks + (1 if other == 0 else 0) if view.turn == player else marks - (1 if player == 0 else 0)
        # The other's failed tries, each seen as such: as many of the player's marks found.
        failed = sum(1 for m in view.history if m == FAILED_TRY)
        unknown = bits(self.grid.full & ~mine & ~found)
        for _ in range(100):
            extra = rng.sample(unknown, max(0, theirs - bin(found).count("1")))
            board = found | Grid.mask(extra)  # type: ignore[attr-defined]
            if not self.won(board, other):
                break
        tries = min(failed, marks)
        hit = Grid.mask(rng.sample(bits(mine), tries))  # type: ignore[attr-defined]
        boards, revealed = [0, 0], [0, 0]
        boards[player], boards[other] = mine, board
        revealed[player], revealed[other] = found, hit
        return attrs.evolve(view, boards=tuple(boards), revealed=tuple(revealed))


class PhantomTicTacToe(Phantom):
    name = "phantom_ttt"
    title = "Phantom tic-tac-toe"
    summary = "Tic-tac-toe where you see only your own marks (OpenSpiel's phantom_ttt)."
    player_names = ("cross", "nought")
    symbols = ("x", "o")
    max_length = 17  # nine marks and at most eight failed tries
    winning = "three in a row"

    def setup(self) -> None:
        self.grid = grid = Grid.get(3)
        #: For each set of cells (a 9-bit mask), whether it holds three in a row: asked at every move.
        self.three_in_a_row = tuple(grid.has_line(cells, 3) for cells in range(1 << 9))

    def won(self, marks: int, player: int) -> bool:
        return self.three_in_a_row[marks]


class DarkHex(Phantom):
    name = "dark_hex"
    title = "Dark Hex"
    summary = "Hex where you see only your own stones (OpenSpiel's dark_hex)."
    player_names = ("red", "blue")
    colours = ("#c62828", "#1565c0")
    edges = {"south": 0, "north": 0, "west": 1, "east": 1}
    option_specs = (IntOption("size", "cells along each side", 3, minimum=1, maximum=11),)
    winning = "a chain joins the player's sides"

    def setup(self) -> None:
        size = self.options["size"]
        self.grid = grid = Grid.get(size, basis="hex")
        self.max_length = 2 * size * size - 1  # every cell filled, every failed try but one
        self.sides = ((grid.edge("south"), grid.edge("north")), (grid.edge("west"), grid.edge("east")))

    def won(self, marks: int, player: int) -> bool:
        start, end = self.sides[player]
        return bool(self.grid.connected(marks, start) & end)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(PhantomTicTacToe)
    register(DarkHex)
