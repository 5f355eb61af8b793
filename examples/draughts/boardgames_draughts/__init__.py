"""English draughts (checkers) on 8×8, as OpenSpiel's ``checkers`` plays it.

The pieces stand on the dark squares (a1, c1 ...). White (moves first) has
twelve men on ranks 1 to 3, black twelve on ranks 6 to 8. A man steps one
square diagonally forward to an empty square; a king steps diagonally either
way. A piece captures by jumping over an adjacent opposing piece, diagonally
(a man forward only), to the empty square just beyond; the captured piece is
taken off at once. Capturing is compulsory, and a piece that has captured
goes on jumping while it can: the whole chain is one move, and any capturing
move may be chosen (not necessarily the longest). A man that reaches the far
rank is crowned king, and the move ends there. A player who cannot move
loses; 40 moves in a row without a capture draw the game.

A move is written ``origin-destination`` and the pieces it takes, in square
order: ``c3-d4``, ``a3-e7xb4xd6``; the path of landing squares (``a3-c5-e7``)
is understood too, and the captures that have no alternative may be left out
(``a3-e7``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Parts, PieceKind, Words, bits, hookimpl
from boardgames.geometry import NORTH, NORTHEAST, NORTHWEST, SOUTHEAST, SOUTHWEST

QUIET_LIMIT = 40  # moves without a capture that draw (OpenSpiel's kMaxMovesWithoutCapture)
FORWARD = ((NORTHEAST, NORTHWEST), (SOUTHEAST, SOUTHWEST))  # a man's directions, per player
ALL = (NORTHEAST, NORTHWEST, SOUTHEAST, SOUTHWEST)


@attrs.frozen(kw_only=True, slots=False)
class DraughtsState(BitboardState):
    kings: int = 0  #: the squares holding a king (of either side)
    quiet: int = 0  #: moves in a row without a capture


class Draughts(Game[DraughtsState]):
    name = "draughts"
    title = "English draughts"
    summary = "Checkers on 8×8: compulsory captures, multi-jumps, kings (OpenSpiel's checkers)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#b22222")
    checkered = True
    piece_kinds = (PieceKind("man"), PieceKind("king", letter="k", symbol="♚"))
    words = Words(
        changed="captured",
        choice="Capture which piece next?",
        pick_origin="Click a piece to move.",
        pick_to="Click where it ends its move.",
        pick_mark="Click a piece it jumps.",
    )
    parts_per_move = 14  # the piece, where it ends, and each piece it takes (12 at most)
    # At most 23 capturing moves (a side with no piece has lost); between them, runs of at
    # most 39 quiet moves, and the last run at most 40: 23 + 24 × 39 + 1 = 960.
    max_length = 960
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(8)
        dark = grid.mask(sq for sq in range(grid.size) if sum(grid.coords(sq)) % 2 == 0)
        ranks = [grid.edge("south")]
        for _ in range(7):
            ranks.append(grid.shift(ranks[-1], NORTH))
        self.start_boards = (dark & (ranks[0] | ranks[1] | ranks[2]), dark & (ranks[5] | ranks[6] | ranks[7]))
        self.crown = (ranks[7], ranks[0])  # where each side's men are crowned
        # The square one step away in each direction (-1: off the board).
        self.step = {d: [grid.shift(1 << sq, d).bit_length() - 1 for sq in range(grid.size)] for d in ALL}

    def initial_state(self) -> DraughtsState:
        return DraughtsState(game=self, boards=self.start_boards)

    def movers(self, me: int, boards: tuple[int, ...], kings: int) -> tuple[int, bool]:
        """The pieces of ``me`` that may start a move, and whether they must capture."""
        shift, opposite = self.grid.shift, self.grid.opposite
        mine, theirs = boards[me], boards[1 - me]
        empty = self.grid.full & ~(mine | theirs)
        jumpers = steppers = 0
        for d in ALL:
            pieces = mine if d in FORWARD[me] else mine & kings
            back = opposite[d]
            jumpers |= pieces & shift(theirs & shift(empty, back), back)
            steppers |= pieces & shift(empty, back)
        return (jumpers, True) if jumpers else (steppers, False)

    def captures(self, state: DraughtsState, origin: int) -> set[tuple[int, int]]:
        """Every capturing move of the piece on ``origin``: where it ends, and the mask of what
        it takes (two paths that end on one square and take the same pieces are one move)."""
        me, king = state.turn, state.kings >> origin & 1
        directions, crown = (ALL, 0) if king else (FORWARD[me], self.crown[me])
        found: set[tuple[int, int]] = set()

        def jump(here: int, theirs: int, empty: int, taken: int) -> None:
            went = False
            if not crown >> here & 1:  # a man crowned on the way stops there
                for d in directions:
                    over = self.step[d][here]
                    land = self.step[d][over] if over >= 0 and theirs >> over & 1 else -1
                    if land >= 0 and empty >> land & 1:
                        went = True
                        jump(land, theirs & ~(1 << over), (empty | 1 << here) & ~(1 << land), taken | 1 << over)
            if not went and taken:
                found.add((here, taken))

        jump(origin, state.boards[1 - me], self.grid.full & ~state.occupied, 0)
        return found

    def next_parts(self, state: DraughtsState, partial: Move) -> Parts:
        """The piece; where it ends; then the pieces it takes, in any order (a set)."""
        origin, to, marks = partial
        me = state.turn
        movers, capturing = self.movers(me, state.boards, state.kings)
        if origin < 0:
            return Parts(origins=movers)
        if not capturing:
            if to >= 0:
                return Parts(complete=True)
            directions = ALL if state.kings >> origin & 1 else FORWARD[me]
            steps = self.grid.mask(self.step[d][origin] for d in directions if self.step[d][origin] >= 0)
            return Parts(targets=steps & ~state.occupied)
        captures = self.captures(state, origin)
        if to < 0:
            return Parts(targets=self.grid.mask(end for end, _ in captures))
        chosen = self.grid.mask(marks)
        holding = [taken for end, taken in captures if end == to and taken & chosen == chosen]
        more = 0
        for taken in holding:
            more |= taken & ~chosen
        return Parts(marks=more, complete=(to, chosen) in captures)

    def apply(self, state: DraughtsState, move: Move) -> DraughtsState:
        me, (origin, to, marks) = state.turn, move
        taken = self.grid.mask(marks)
        king = state.kings >> origin & 1 or self.crown[me] >> to & 1
        boards = list(state.boards)
        boards[me] = boards[me] & ~(1 << origin) | 1 << to  # to may be origin: a king's round trip
        boards[1 - me] &= ~taken
        kings = state.kings & ~taken & ~(1 << origin) | king << to
        quiet = 0 if marks else state.quiet + 1
        outcome = None
        if quiet >= QUIET_LIMIT:
            outcome = Outcome(None, f"{QUIET_LIMIT} moves without a capture")
        elif not self.movers(1 - me, (boards[0], boards[1]), kings)[0]:
            outcome = Outcome(me, f"{self.player_names[1 - me]} cannot move")
        return DraughtsState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=(boards[0], boards[1]),
            kings=kings,
            quiet=quiet,
            changed=taken,
            outcome=outcome,
        )

    def kinds(self, state: DraughtsState) -> dict[int, int]:
        return {sq: 1 for sq in bits(state.kings)}

    def shorthand(self, state: DraughtsState, text: str) -> Move | None:
        """The path of landing squares, as draughts players write it: ``a3-c5-e7`` or ``a3xc5xe7``."""
        names = re.split(r"[-x:]", text.strip().lower())
        if len(names) < 3 and "x" not in text:  # c3-d4 is the notation's own
            return None
        try:
            path = [self.grid.parse_square(name) for name in names]
        except ValueError:
            return None
        taken = []
        for start, end in zip(path[:-1], path[1:], strict=True):  # each jump takes the piece between its squares
            (f0, r0), (f1, r1) = self.grid.coords(start), self.grid.coords(end)
            if abs(f1 - f0) != 2 or abs(r1 - r0) != 2:
                return None
            taken.append(self.grid.index((f0 + f1) // 2, (r0 + r1) // 2))
        move = Move(path[0], path[-1], tuple(sorted(taken)))
        return move if state.is_legal(move) else None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Draughts)
