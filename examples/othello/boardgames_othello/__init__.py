"""Othello on 8×8, as a boardgames rule plugin.

Labels as usual: white starts on d4 and e5, black on d5 and e4, black moves
first. A move places a disc that brackets a line of the opponent's discs
between it and another disc of the mover's, in any of the 8 directions, and
every bracketed disc flips. A player with no such move passes (``pass``);
when neither can move, the game ends and the player with more discs wins.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import PASS, BitboardState, Game, Grid, Move, Outcome, Words, hookimpl, placements, transfer

BLACK, WHITE = 0, 1


@attrs.frozen(kw_only=True, slots=False)
class OthelloState(BitboardState):
    #: The squares the player to move can play: found once, when the move
    #: before is played, since that is when the end of the game is decided.
    playable: int = 0


class Othello(Game[OthelloState]):
    name = "othello"
    title = "Othello"
    summary = "The classic 8×8 game of bracketing and flipping discs."
    player_names = ("black", "white")
    colours = ("#1b1b1b", "#f5f5f5")
    symbols = ("●", "○")
    words = Words(changed="flipped")
    max_length = 60 + 60  # at most 60 discs, and a pass can only come between two of them
    parts_per_move = 1  # a square, or pass
    solve_at = 12  # empty squares: from there the agents play the end perfectly
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = Grid.get(8)
        self.corners = self.grid.mask(self.grid.parse_square(s) for s in ("a1", "a8", "h1", "h8"))

    def initial_state(self) -> OthelloState:
        sq = self.grid.parse_square
        black = self.grid.mask([sq("d5"), sq("e4")])
        white = self.grid.mask([sq("d4"), sq("e5")])
        return OthelloState(
            game=self, boards=(black, white), placed=(2, 2), playable=self.grid.bracketing(black, white)
        )

    def generate_moves(self, state: OthelloState) -> tuple[Move, ...]:
        return placements(state.playable) if state.playable else (PASS,)

    def apply(self, state: OthelloState, move: Move) -> OthelloState:
        me = state.turn
        boards = state.boards
        flipped = 0
        if not move.is_pass:
            for run in self.grid.bracketed(move.to, boards[me], boards[1 - me]):
                flipped |= run
            boards = transfer(boards, me, 1 << move.to | flipped)
        mine, theirs = boards[me], boards[1 - me]
        playable = self.grid.bracketing(theirs, mine)
        outcome = None
        if not playable and not self.grid.bracketing(mine, theirs):  # neither can place a disc
            black, white = (b.bit_count() for b in boards)
            winner = None if black == white else (BLACK if black > white else WHITE)
            outcome = Outcome(winner, f"{black} discs to {white}")
        return OthelloState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            outcome=outcome,
            boards=boards,
            placed=state.placed,
            changed=flipped,
            playable=playable,
        )

    def endgame_size(self, state: OthelloState) -> int:
        return self.grid.size - state.occupied.bit_count()

    def evaluate(self, state: OthelloState, player: int) -> float:
        """Mobility and corners, a classic simple evaluation."""
        mine, theirs = state.boards[player], state.boards[1 - player]
        bracketing, corners = self.grid.bracketing, self.corners
        mobility = bracketing(mine, theirs).bit_count() - bracketing(theirs, mine).bit_count()
        corner = (mine & corners).bit_count() - (theirs & corners).bit_count()
        return max(-0.99, min(0.99, 0.02 * mobility + 0.15 * corner))


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Othello)
