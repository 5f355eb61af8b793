"""Pentago on 6 × 6, as OpenSpiel's ``pentago`` plays it.

The board is four quarters of 3 × 3 that turn. White moves first. A move
places a marble of your colour on an empty point, then turns one quarter a
quarter turn, clockwise or anticlockwise (as the board is drawn, rank 6 at
the top): the quarter may be any of the four, with or without marbles. Five
of your marbles in an unbroken line (along a rank, a file or a diagonal)
after the turn win; five of both colours at once, or a full board, is a
draw. A move is written as its point and the turn after ``=``: ``a6=nw+``
places on a6 and turns the north-west quarter clockwise, ``d1=se-`` turns
the south-east one anticlockwise.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import getitem

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Overlay, bits, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice

#: The four quarters by their lowest file and rank, as OpenSpiel orders its turns (s t, u v, w x, y z):
#: north-west, north-east, south-east, south-west; each turned anticlockwise, then clockwise.
QUARTERS = (("nw", 0, 3), ("ne", 3, 3), ("se", 3, 0), ("sw", 0, 0))
COMPASS = {"nw": "north-west", "ne": "north-east", "se": "south-east", "sw": "south-west"}
WAYS = (("-", "anticlockwise"), ("+", "clockwise"))


def turned(local: int, clockwise: bool) -> int:
    """The nine bits of a quarter (bit 3 × file + rank) after a quarter turn."""
    out = 0
    for f in range(3):
        for r in range(3):
            if local >> (3 * f + r) & 1:
                # As drawn, rank up: clockwise takes (f, r) to (r, 2 - f); anticlockwise to (2 - r, f).
                nf, nr = (r, 2 - f) if clockwise else (2 - r, f)
                out |= 1 << (3 * nf + nr)
    return out


#: For each way (anticlockwise, clockwise), each quarter's nine bits after the turn.
TURNED = tuple(tuple(turned(local, bool(way)) for local in range(512)) for way in range(2))


@attrs.frozen(kw_only=True, slots=False)
class PentagoState(BitboardState):
    #: The points the last turn moved a marble from or to (for the drawing).
    turned: int = attrs.field(default=0, metadata={"key": False})

    def changed_by_last_move(self) -> int:
        return self.turned


class Pentago(Game[PentagoState]):
    name = "pentago"
    title = "Pentago"
    summary = "Place a marble, turn a quarter; five in a row wins (OpenSpiel's pentago)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#1b1b1b")
    move_choices = Choices(
        "Then turn which quarter, which way?",
        tuple(f"{COMPASS[q]} {way}" for q, _, _ in QUARTERS for _, way in WAYS),
        tuple(q + sign for q, _, _ in QUARTERS for sign, _ in WAYS),
    )
    overlay_kinds = (Overlay("quarter", colour="#d9c8a0"),)  # two quarters shaded: the four are told apart
    blocks = (3, 3)  # the four quarters drawn apart
    words = boardgames.Words(changed="turned")
    max_length = 36
    in_a_row = 5  # agents value positions by each side's open lines of 5 (boardgames.rules.lines)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(6)
        self.corner = [grid.index(f, r) for _, f, r in QUARTERS]  # each quarter's lowest point
        self.cells = [sum(1 << grid.index(f + i, r + j) for i in range(3) for j in range(3)) for _, f, r in QUARTERS]
        moves = [tuple(with_choice(boardgames.place(sq), k) for k in range(8)) for sq in range(36)] + [()] * 4
        # For each byte of the empty points (the k-th) and each value of it, the moves on its points: a list of
        # moves is then five tuples joined in C, not a step a point (random games 1.4× as fast).
        self.byte_moves = [
            [sum((moves[8 * k + i] for i in range(8) if b >> i & 1), ()) for b in range(256)] for k in range(5)
        ]

    def initial_state(self) -> PentagoState:
        return PentagoState(game=self)

    def generate_moves(self, state: PentagoState) -> tuple[Move, ...]:
        return sum(map(getitem, self.byte_moves, (self.grid.full & ~state.occupied).to_bytes(5, "little")), ())

    def turn(self, board: int, quarter: int, clockwise: int) -> int:
        low = self.corner[quarter]  # the quarter's files are runs of three bits, 6 apart (file × 6 + rank)
        local = board >> low & 7 | (board >> low + 6 & 7) << 3 | (board >> low + 12 & 7) << 6
        new = TURNED[clockwise][local]
        return board & ~self.cells[quarter] | (new & 7 | (new >> 3 & 7) << 6 | (new >> 6) << 12) << low

    def apply(self, state: PentagoState, move: Move) -> PentagoState:
        me, quarter, clockwise = state.turn, *divmod(move.choice, 2)
        placed = list(state.boards)
        placed[me] |= 1 << move.to
        boards = (self.turn(placed[0], quarter, clockwise), self.turn(placed[1], quarter, clockwise))
        fives = (self.grid.has_line(boards[0], 5), self.grid.has_line(boards[1], 5))
        outcome = None
        if fives[0] and fives[1]:
            outcome = Outcome(None, "both have five in a row")
        elif fives[0] or fives[1]:
            winner = 0 if fives[0] else 1
            outcome = Outcome(winner, f"{self.player_names[winner]} has five in a row")
        elif boards[0] | boards[1] == self.grid.full:
            outcome = Outcome(None, "the board is full")
        moved = (placed[0] | placed[1]) ^ (boards[0] | boards[1]) | (placed[0] ^ boards[0]) | (placed[1] ^ boards[1])
        return PentagoState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=boards,
            outcome=outcome,
            turned=moved & self.cells[quarter],
        )

    def landed(self, state: PentagoState) -> int:
        last = state.history[-1]
        quarter, clockwise = divmod(last.choice, 2)
        return self.turn(1 << last.to, quarter, clockwise).bit_length() - 1  # the marble, turned with its quarter

    def overlays(self, state: PentagoState) -> dict[int, int]:
        return dict.fromkeys(bits(self.cells[0] | self.cells[2]), 0)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Pentago)
