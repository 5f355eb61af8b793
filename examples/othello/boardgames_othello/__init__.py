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
from boardgames import PASS, BitboardState, Game, Grid, Move, Outcome, bits, hookimpl, place, transfer

BLACK, WHITE = 0, 1


@attrs.frozen(kw_only=True, slots=False)
class OthelloState(BitboardState):
    #: Whether the previous move was a pass (two in a row cannot happen: the game ends).
    passed: bool = False


class Othello(Game[OthelloState]):
    name = "othello"
    title = "Othello"
    summary = "The classic 8×8 game of bracketing and flipping discs."
    player_names = ("black", "white")
    colours = ("#1b1b1b", "#f5f5f5")
    symbols = ("●", "○")
    max_length = 60 + 60  # at most 60 discs, and a pass can only come between two of them
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = Grid.get(8)

    def initial_state(self) -> OthelloState:
        sq = self.grid.parse_square
        black = self.grid.mask([sq("d5"), sq("e4")])
        white = self.grid.mask([sq("d4"), sq("e5")])
        return OthelloState(game=self, boards=(black, white), placed=(2, 2))

    def flips(self, mine: int, theirs: int, square: int) -> int:
        """The discs a disc of ``mine`` on ``square`` would flip."""
        flipped = 0
        for ray in self.grid.rays[square]:
            run = 0
            for other in ray:
                if theirs >> other & 1:
                    run |= 1 << other
                    continue
                if mine >> other & 1:
                    flipped |= run
                break
        return flipped

    def _placements(self, mine: int, theirs: int) -> list[Move]:
        empty = self.grid.full & ~(mine | theirs)
        return [place(sq) for sq in bits(empty) if self.flips(mine, theirs, sq)]

    def generate_moves(self, state: OthelloState) -> tuple[Move, ...]:
        me = state.turn
        moves = self._placements(state.boards[me], state.boards[1 - me])
        return tuple(moves) if moves else (PASS,)

    def apply(self, state: OthelloState, move: Move) -> OthelloState:
        me = state.turn
        boards = state.boards
        changed = 0
        if not move.is_pass:
            changed = self.flips(boards[me], boards[1 - me], move.to)
            boards = transfer(boards, me, 1 << move.to | changed)
        after = OthelloState(
            game=self,
            history=(*state.history, move),
            turn=1 - me,
            boards=boards,
            placed=state.placed,
            changed=changed,
            passed=move.is_pass,
        )
        # The game ends when neither player can place a disc.
        if not self._placements(boards[1 - me], boards[me]) and not self._placements(boards[me], boards[1 - me]):
            black, white = (b.bit_count() for b in boards)
            detail = f"{black} discs to {white}"
            winner = None if black == white else (BLACK if black > white else WHITE)
            after = attrs.evolve(after, outcome=Outcome(winner, detail))
        return after

    def evaluate(self, state: OthelloState, player: int) -> float:
        """Mobility and corners, a classic simple evaluation."""
        mine, theirs = state.boards[player], state.boards[1 - player]
        corners = self.grid.mask(self.grid.parse_square(s) for s in ("a1", "a8", "h1", "h8"))
        mobility = len(self._placements(mine, theirs)) - len(self._placements(theirs, mine))
        corner = (mine & corners).bit_count() - (theirs & corners).bit_count()
        score = 0.02 * mobility + 0.15 * corner
        return max(-0.99, min(0.99, score))


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Othello)
