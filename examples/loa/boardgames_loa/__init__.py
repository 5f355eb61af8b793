"""Lines of Action on 8×8, as OpenSpiel's ``lines_of_action`` plays it.

Black (moves first) starts on b1-g1 and b8-g8, white on a2-a7 and h2-h7. A
piece moves in a straight line (8 directions) exactly as many squares as
there are pieces of either colour on that whole line. It may jump over its
own pieces but not over the opponent's, and may land on an opponent's piece,
capturing it, but not on its own. A player whose pieces form one group
(joined through sides or corners) wins; if a move joins both sides, the
mover wins. A player with no move loses. A position seen before (whoever is
to move) is a draw, and so is the 1000th move. A move is written ``b1-b3``.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Outcome, Words, bits, hookimpl, step, transfer


@attrs.frozen(kw_only=True, slots=False)
class LoaState(BitboardState):
    #: Every board so far: a repeated one is a draw.
    seen: frozenset[tuple[int, ...]] = frozenset()


class LinesOfAction(Game[LoaState]):
    name = "loa"
    title = "Lines of Action"
    summary = "Join all your pieces into one group (OpenSpiel's lines_of_action)."
    player_names = ("black", "white")
    colours = ("#111111", "#f5f5f5")
    words = Words(changed="captured", pick_origin="Click a piece to move.", pick_to="Click where it goes.")
    parts_per_move = 2
    max_length = 1000  # OpenSpiel's max_game_length: the 1000th move draws
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(8)
        sq = grid.parse_square
        self.start_boards = (
            grid.mask(sq(f + r) for f in "bcdefg" for r in "18"),
            grid.mask(sq(f + r) for f in "ah" for r in "234567"),
        )
        # For each square and axis: the whole line, and along each of its two rays, for each
        # distance n, the square n away and the squares passed over before it.
        self.ways = tuple(
            tuple(
                (
                    grid.axis_lines[i][a],
                    tuple(tuple((ray[n], grid.mask(ray[:n])) for n in range(len(ray))) for ray in rays),
                )
                for a, rays in enumerate(grid.axis_rays[i])
            )
            for i in range(grid.size)
        )

    def initial_state(self) -> LoaState:
        return LoaState(game=self, boards=self.start_boards, seen=frozenset([self.start_boards]))

    def moves_of(self, mine: int, theirs: int) -> list[boardgames.Move]:
        occupied, moves = mine | theirs, []
        for origin in bits(mine):
            for line, rays in self.ways[origin]:
                n = (line & occupied).bit_count()
                for ray in rays:
                    if n <= len(ray):
                        to, passed = ray[n - 1]
                        if not (passed & theirs or mine >> to & 1):
                            moves.append(step(origin, to))
        return sorted(moves)

    def generate_moves(self, state: LoaState) -> tuple[boardgames.Move, ...]:
        return tuple(self.moves_of(state.boards[state.turn], state.boards[1 - state.turn]))

    def joined(self, pieces: int) -> bool:
        """Whether ``pieces`` are one group, joined through sides or corners."""
        return self.grid.group(pieces, (pieces & -pieces).bit_length() - 1, diagonal=True) == pieces

    def apply(self, state: LoaState, move: boardgames.Move) -> LoaState:
        me, names = state.turn, self.player_names
        captured = state.boards[1 - me] & 1 << move.to
        boards = transfer(state.boards, me, 1 << move.to, vacate=1 << move.origin)
        history = (*state.history, move)
        outcome = None
        if len(history) >= self.max_length:
            outcome = Outcome(None, f"{self.max_length} moves played")
        elif boards in state.seen:
            outcome = Outcome(None, "the position was seen before")
        elif self.joined(boards[me]):
            outcome = Outcome(me, f"{names[me]} joined all their pieces")
        elif self.joined(boards[1 - me]):
            outcome = Outcome(1 - me, f"{names[1 - me]} joined all their pieces")
        elif not self.moves_of(boards[1 - me], boards[me]):
            outcome = Outcome(me, f"{names[1 - me]} cannot move")
        seen = state.seen | {boards}
        return LoaState(
            game=self, history=history, turn=1 - me, boards=boards, changed=captured, outcome=outcome, seen=seen
        )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(LinesOfAction)
