"""Latent tic-tac-toe, as OpenSpiel's ``latent_ttt`` plays it.

Tic-tac-toe on 3 × 3, cross first, where each move is seen by the other
player one turn late: a player sees its own marks and every mark of the
other's but the one just made, which it learns once it has moved itself.
A player picks any cell it does not know to be taken; if the other's newest
mark is there, the move is lost (the turn passes) and the player now sees
that mark. Three marks in a row win; a full board with no line is a draw.
Once the game is over everyone sees everything.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, bits, hookimpl, placements

#: What a player sees of the other's move: that it was made, not where (shown ``?``).
UNSEEN = Move(-3, -2)


@attrs.frozen(kw_only=True, slots=False)
class LatentState(BitboardState):
    #: The cell of the last move if it placed a mark (the mark its maker's opponent does not see yet), else -1.
    newest: int = -1


class LatentTicTacToe(Game[LatentState]):
    name = "latent_ttt"
    title = "Latent tic-tac-toe"
    summary = "Tic-tac-toe where you see the other's move a turn late (OpenSpiel's latent_ttt)."
    player_names = ("cross", "nought")
    symbols = ("x", "o")
    parts_per_move = 1
    max_length = 18  # nine marks, at most nine moves lost
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(3)
        #: For each set of cells (a 9-bit mask), whether it holds three in a row.
        self.three_in_a_row = tuple(grid.has_line(cells, 3) for cells in range(1 << 9))

    def initial_state(self) -> LatentState:
        return LatentState(game=self)

    def known(self, state: LatentState, player: int) -> int:
        """The cells ``player`` knows to be taken: its own, and the other's but the newest while it is to move."""
        theirs = state.boards[1 - player]
        if state.turn == player and state.newest >= 0:
            theirs &= ~(1 << state.newest)
        return state.boards[player] | theirs

    def generate_moves(self, state: LatentState) -> tuple[Move, ...]:
        return placements(self.grid.full & ~self.known(state, state.turn))

    def apply(self, state: LatentState, move: Move) -> LatentState:
        me, cell = state.turn, 1 << move.to
        history = (*state.history, move)
        if state.boards[1 - me] & cell:  # the other's newest mark: the move is lost, the mark now seen
            return attrs.evolve(state, history=history, turn=1 - me, newest=-1)
        boards = (state.boards[0] | cell, state.boards[1]) if me == 0 else (state.boards[0], state.boards[1] | cell)
        outcome = None
        if self.three_in_a_row[boards[me]]:
            outcome = Outcome(me, "three in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "full board")
        return LatentState(game=self, history=history, turn=1 - me, outcome=outcome, boards=boards, newest=move.to)

    # -- what each player sees ---------------------------------------------------------------
    def hide(self, state: LatentState, player: int | None) -> LatentState:
        """``player``'s own marks and those of the other's it has learnt; no one's for a spectator."""
        if player is None:
            return attrs.evolve(state, boards=(0, 0), newest=-1)
        other = 1 - player
        boards = [0, 0]
        boards[player], boards[other] = state.boards[player], self.known(state, player) & state.boards[other]
        newest = state.newest if state.turn != player else -1  # its own newest mark, or nothing it may know
        return attrs.evolve(state, boards=tuple(boards), newest=newest)

    def seen(self, state: LatentState, move: Move, player: int | None) -> Move | None:
        """A player sees its own moves, a lost one as ``b2*`` (the other's mark found there); of
        the other's, only that it moved: where shows on the board a turn later."""
        if player != state.turn:
            return UNSEEN
        return Move(-1, move.to, (move.to,)) if state.boards[1 - player] >> move.to & 1 else move

    def format_move(self, move: Move) -> str:
        if move.origin == -1 and move.marks == (move.to,):  # a move lost on the other's newest mark
            return self.grid.name(move.to) + "*"
        return super().format_move(move)

    def sample(self, view: LatentState, player: int, rng: random.Random) -> LatentState:
        """A position ``player``'s view fits: while it is to move, the other's newest move either
        placed a mark on a cell the player does not know of (none making a line or filling the
        board) or was lost on the player's own newest mark."""
        if view.turn != player or not view.history:
            return view
        other, boards = 1 - player, list(view.boards)
        mine, theirs = boards[player], boards[other]
        free = bits(self.grid.full & ~mine & ~theirs)
        # Were the other's move lost, the player's newest mark was a placement it knows of: its last move.
        own = view.history[-2] if len(view.history) >= 2 else None
        cells = [c for c in free if not self.three_in_a_row[theirs | 1 << c]]
        lost_possible = own is not None and own.origin == -1 and not own.marks
        if cells and not (lost_possible and rng.random() < 1 / (len(cells) + 1)):
            cell = rng.choice(cells)
            boards[other] = theirs | 1 << cell
            if boards[0] | boards[1] != self.grid.full:
                return attrs.evolve(view, boards=tuple(boards), newest=cell)
        return attrs.evolve(view, newest=-1)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(LatentTicTacToe)
