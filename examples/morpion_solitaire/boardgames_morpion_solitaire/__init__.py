"""Morpion solitaire as OpenSpiel's ``morpion_solitaire`` plays it: the 4D
game (Join Five's little brother: lines of four points, disjoint).

One player, on a fixed board of 13 × 13 points of squared paper, starts with
a cross of 24 points. A move puts one new point where it completes a line
of four points in a row (across, up or along a diagonal) and draws that
line. Two lines in the same direction may not share a point (4D: lines in
different directions may cross and share points). The game ends when no
line can be drawn; the score is the number of lines drawn (at most 35).

A move is written as the line's end farther from the new point, then the
new point (``f6-c6``: c6 placed, the line drawn from f6 to it; ``d8-d5``: d5
placed, the line drawn from d8 through it to d4); OpenSpiel's name for it, its four points as
``[row,column]`` counted from the top left (``[3,4] [3,5] [3,6] [3,7]``), is
read too where a move is typed alone (the terminal, the page). It is not
written so: its commas and spaces are what the project's lists of moves
(``--moves``, the terminal's ``moves:``) are separated by.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Move, Outcome, Segment, Words, hookimpl

SIZE = 13
#: The four directions of a line, as (files, ranks) steps: OpenSpiel's [0,1], [1,0], [1,1], [1,-1].
DIRECTIONS = ((1, 0), (0, -1), (1, -1), (-1, -1))
#: The start: the cross, as OpenSpiel's (row, column) from the top left.
CROSS = [(i, j) for i in (3, 9) for j in (5, 6, 7)] + [(i, j) for i in (4, 8) for j in (5, 7)]
CROSS += [(i, j) for i in (5, 7) for j in (3, 4, 5, 7, 8, 9)] + [(6, 3), (6, 9)]


def spiel_point(i: int, j: int) -> int:
    """Our point for OpenSpiel's row ``i`` (from the top) and column ``j``."""
    return j * SIZE + (SIZE - 1 - i)


GRID = Grid.get(SIZE, SIZE, "points")
LINES: list[tuple[tuple[int, ...], int]] = []  # each line's points (OpenSpiel's order) and direction
for _i in range(SIZE):
    for _j in range(SIZE):
        for _d, (_df, _dr) in enumerate(DIRECTIONS):
            _di, _dj = -_dr, _df
            if 0 <= _i + 3 * _di < SIZE and 0 <= _j + 3 * _dj < SIZE:
                LINES.append((tuple(spiel_point(_i + k * _di, _j + k * _dj) for k in range(4)), _d))
#: Each line: its mask, its direction, and for each of its points the move that places it.
TABLE = []
for _points, _d in LINES:
    _moves = {p: Move(_points[3] if k < 2 else _points[0], p) for k, p in enumerate(_points)}
    TABLE.append((Grid.mask(_points), _d, _moves))
LINE_OF = {move: n for n, (_, _, moves) in enumerate(TABLE) for move in moves.values()}


@attrs.frozen(kw_only=True, slots=False)
class MorpionState(BitboardState):
    #: For each direction, the points its lines cover.
    used: tuple[int, int, int, int] = (0, 0, 0, 0)
    #: The lines drawn, by number (into ``TABLE``), in order.
    drawn: tuple[int, ...] = ()
    #: The legal moves, found when the move before was played (``None``: not yet).
    moves: tuple[Move, ...] | None = attrs.field(default=None, eq=False, metadata={"key": False})


def legal(occupied: int, used: tuple[int, ...]) -> tuple[Move, ...]:
    found = []
    for mask, d, moves in TABLE:
        if (occupied & mask).bit_count() == 3 and not used[d] & mask:
            found.append(moves[(mask & ~occupied).bit_length() - 1])
    return tuple(sorted(found))


class MorpionSolitaire(Game[MorpionState]):
    name = "morpion_solitaire"
    title = "Morpion solitaire"
    summary = "Draw lines of four points, one new point each (OpenSpiel's morpion_solitaire, 4D, 13 × 13)."
    player_names = ("player", "unused")  # the registry asks for two names; player_count keeps one
    player_count = 1
    colours = ("#1565c0", "#888888")
    segment = Segment("line", "lines", directions=((3, 0), (0, 3), (3, 3), (3, -3)))
    words = Words(pick_origin="Click the point the line is drawn from.", pick_to="Click the new point.")
    parts_per_move = 2  # the line's end farther from the new point, then the new point
    max_length = 35  # 4D's most, proved by enumeration (and OpenSpiel's)
    returns_range = (0.0, 35.0)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> MorpionState:
        start = Grid.mask(spiel_point(i, j) for i, j in CROSS)
        return MorpionState(game=self, boards=(start,), placed=(0,), turn=0, moves=legal(start, (0, 0, 0, 0)))

    def generate_moves(self, state: MorpionState) -> tuple[Move, ...]:
        return state.moves if state.moves is not None else legal(state.boards[0], state.used)

    def apply(self, state: MorpionState, move: Move) -> MorpionState:
        line = LINE_OF[move]
        mask, d, _ = TABLE[line]
        occupied = state.boards[0] | 1 << move.to
        used = tuple(u | mask if k == d else u for k, u in enumerate(state.used))
        moves = legal(occupied, used)
        drawn = state.drawn + (line,)
        outcome = None
        if not moves:
            outcome = Outcome.ranked((len(drawn),), f"no line left to draw: {len(drawn)} lines",
                                     returns=(float(len(drawn)),))
        return MorpionState(game=self, history=state.history + (move,), turn=0, boards=(occupied,), placed=(0,),
                            used=used, drawn=drawn, moves=moves, outcome=outcome, changed=0)

    def segments(self, state: MorpionState) -> list[tuple[int, int, int | None]]:
        return [(LINES[n][0][0], LINES[n][0][3], 0) for n in state.drawn]

    def scores(self, state: MorpionState) -> tuple[float, ...]:
        return (float(len(state.drawn)),)

    def shorthand(self, state: MorpionState, text: str) -> Move | None:
        """OpenSpiel's name of a move, its four points: ``[3,4] [3,5] [3,6] [3,7]``."""
        found = re.fullmatch(r"\s*(\[\s*\d+\s*,\s*\d+\s*\]\s*){4}", text)
        if not found:
            return None
        points = {spiel_point(int(i), int(j)) for i, j in re.findall(r"(\d+)\s*,\s*(\d+)", text) if int(i) < SIZE}
        return next((m for m in state.legal_moves if set(LINES[LINE_OF[m]][0]) == points), None)


def spiel_name(move: Move) -> str:
    """OpenSpiel's name of ``move``: its line's points, in its order."""
    points = sorted((SIZE - 1 - sq % SIZE, sq // SIZE) for sq in LINES[LINE_OF[move]][0])
    return " ".join(f"[{i},{j}]" for i, j in points) + " "


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(MorpionSolitaire)
