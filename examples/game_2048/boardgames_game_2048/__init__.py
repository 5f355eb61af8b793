"""2048, as OpenSpiel's ``2048`` plays it.

One player slides the tiles of a 4×4 board up, right, down or left: every
tile goes as far as it can that way, and two tiles of one value that meet
merge into one of twice the value (each tile merges once a move, the ones
nearest the edge first). A move must change the board. The merged values
add up to the score. After each move a new tile appears on an empty cell,
chance choosing the cell (all alike) and the value: a 2 nine times in ten,
else a 4 (``tile:2@b3``); two such tiles start the game. The game ends when
a tile reaches ``max_tile`` (2048 unless told) or no move is left; its
return is the score.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log2

import attrs

import boardgames
from boardgames import CHANCE, Counted, Game, Grid, IntOption, Move, Outcome, State, hookimpl, outcome, place

SIZE = 4
#: The moves, in OpenSpiel's order (its action k is ``NAMES[k]``).
NAMES = ("Up", "Right", "Down", "Left")
#: Each move's lines of cells (OpenSpiel's row * 4 + column, row 0 at the top), each from the edge tiles slide to.
LINES = (
    tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)),
    tuple(tuple(r * SIZE + c for c in reversed(range(SIZE))) for r in range(SIZE)),
    tuple(tuple(r * SIZE + c for r in reversed(range(SIZE))) for c in range(SIZE)),
    tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)),
)


#: The chance outcomes: OpenSpiel's action k is ``TILES[k]`` (a 2 on cell k // 2, a 4 where k is odd).
TILES = tuple(outcome(k) for k in range(2 * SIZE * SIZE))
_OUTCOMES: dict[tuple[int, ...], tuple[tuple[Move, float], ...]] = {}


def square(cell: int) -> int:
    """Our square of OpenSpiel's cell (row 0 at the top: rank 4)."""
    row, col = divmod(cell, SIZE)
    return Grid.get(SIZE).index(col, SIZE - 1 - row)


#: Each move is played on a square of the edge the tiles slide to (b4, d3, c1, a2): the
#: terminal marks it legal there and the page plays it by a click on it.
EDGE = tuple(square(cell) for cell in (1, 2 * SIZE - 1, SIZE * SIZE - 2, SIZE))
#: The moves in the order of their squares: legal moves are listed sorted.
BY_SQUARE = tuple(sorted(range(4), key=EDGE.__getitem__))


_SLID: dict[tuple[int, ...], tuple[tuple[int, ...], int, int]] = {}


def slid(tiles: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
    """One line slid to its first cell: the line after, the points, the positions merged into (a mask)."""
    found = _SLID.get(tiles)
    if found is None:
        values = [v for v in tiles if v]
        row: list[int] = []
        points = merged = k = 0
        while k < len(values):
            if k + 1 < len(values) and values[k] == values[k + 1]:
                merged |= 1 << len(row)
                row.append(2 * values[k])
                points += 2 * values[k]
                k += 2
            else:
                row.append(values[k])
                k += 1
        found = _SLID[tiles] = ((*row, *[0] * (SIZE - len(row))), points, merged)
    return found


def slide(cells: tuple[int, ...], way: int) -> tuple[tuple[int, ...], int, int]:
    """The cells after sliding ``way``, the points the merges score and the cells merged into (a mask)."""
    out, points, merged = list(cells), 0, 0
    for line in LINES[way]:
        row, scored, into = slid(tuple(cells[c] for c in line))
        points += scored
        for k, c in enumerate(line):
            out[c] = row[k]
            merged |= (into >> k & 1) << c
    return tuple(out), points, merged


def changes(cells: tuple[int, ...], merged: int, way: int) -> bool:
    """Whether OpenSpiel lets a move ``way`` be played: a tile has an empty cell
    or a tile of its value next to it that way, that tile not one the last move
    merged into (OpenSpiel keeps those marks until the next move: a pair of
    equal tiles one of which was just made does not make a move legal)."""
    for a, b, c, d in LINES[way]:
        x, y, z, w = cells[a], cells[b], cells[c], cells[d]
        if (y and (not x or (x == y and not merged >> a & 1))) or (z and (not y or (y == z and not merged >> b & 1))):
            return True
        if w and (not z or (z == w and not merged >> c & 1)):
            return True
    return False


def stuck(cells: tuple[int, ...]) -> bool:
    """No empty cell and no two equal tiles side by side: no move is left."""
    return all(cells) and not any(
        cells[line[k]] == cells[line[k + 1]] for way in (0, 1) for line in LINES[way] for k in range(SIZE - 1)
    )


@attrs.frozen(kw_only=True, slots=False)
class TilesState(State):
    #: Each cell's tile (0: empty), by OpenSpiel's cells: row by row from the top.
    cells: tuple[int, ...] = (0,) * (SIZE * SIZE)
    score: int = 0
    merged: int = 0  # the cells the last move merged into, as OpenSpiel marks them (a mask)


class Game2048(Game[TilesState]):
    name = "game_2048"
    title = "2048"
    summary = "Slide the tiles, merge equal ones, reach 2048 (OpenSpiel's 2048)."
    player_names = ("player", "second")  # the registry wants two names; one plays (player_count)
    player_count = 1
    counted = Counted("point", "points", "tile", tiles=True)
    chance_word = "tile"
    option_specs = (IntOption("max_tile", "the tile that ends the game once made", 2048, minimum=4, maximum=1 << 20),)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = Grid.get(SIZE)
        self.max_tile = self.options["max_tile"]
        self.max_length = 4 * self.max_tile  # OpenSpiel's longest game, chance's steps counted
        # OpenSpiel's most: (log2(max_tile) - 1) * max_tile.
        self.returns_range = (0.0, float((log2(self.max_tile) - 1) * self.max_tile))
        self.moves = tuple(place(sq) for sq in EDGE)

    def initial_state(self) -> TilesState:
        return TilesState(game=self, turn=CHANCE)

    # -- chance ----------------------------------------------------------------
    def chance_outcomes(self, state: TilesState) -> tuple[tuple[Move, float], ...]:
        """OpenSpiel's: action 2 * cell a 2 there, 2 * cell + 1 a 4, each empty cell alike."""
        empty = tuple(c for c, v in enumerate(state.cells) if not v)
        found = _OUTCOMES.get(empty)
        if found is None:
            n = len(empty)
            found = _OUTCOMES[empty] = tuple((TILES[2 * c + k], (0.9, 0.1)[k] / n) for c in empty for k in (0, 1))
        return found

    def format_outcome(self, move: Move) -> str:
        cell, four = divmod(move.to, 2)
        return f"tile:{4 if four else 2}@{self.grid.names[square(cell)]}"

    # -- moves -----------------------------------------------------------------
    def generate_moves(self, state: TilesState) -> tuple[Move, ...]:
        cells, merged = state.cells, state.merged
        return tuple(self.moves[way] for way in BY_SQUARE if changes(cells, merged, way))

    def apply(self, state: TilesState, move: Move) -> TilesState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            cell, four = divmod(move.to, 2)
            cells = list(state.cells)
            cells[cell] = 4 if four else 2
            after = TilesState(game=self, history=history, turn=0 if len(history) > 1 else CHANCE, cells=tuple(cells),
                               score=state.score, merged=state.merged)  # fmt: skip
            # Where no tile may slide but two equal ones lie side by side, one just merged into, OpenSpiel
            # offers no move and does not end: the one place we part from it (it is stuck, we end).
            if all(cells) and (stuck(after.cells) or not after.legal_moves):
                return attrs.evolve(after, outcome=self.end(state.score, "no move is left"))
            return self.ended(after)
        cells, points, merged = slide(state.cells, EDGE.index(move.to))
        score = state.score + points
        return self.ended(TilesState(game=self, history=history, turn=CHANCE, cells=cells, score=score, merged=merged))

    def ended(self, state: TilesState) -> TilesState:
        """The state, over where OpenSpiel's is: a max_tile made, or its longest game played."""
        if self.max_tile in state.cells:
            return attrs.evolve(state, outcome=self.end(state.score, f"a {self.max_tile} tile is made"))
        if len(state.history) >= self.max_length:
            return attrs.evolve(state, outcome=self.end(state.score, "the longest game is played"))
        return state

    def end(self, score: int, reason: str) -> Outcome:
        return Outcome.ranked((score,), reason, returns=(float(score),))

    def write_notation(self, state: TilesState, move: Move) -> str:
        return NAMES[EDGE.index(move.to)]

    def read_notation(self, state: TilesState, text: str) -> Move | None:
        way = {name.lower(): k for k, name in enumerate(NAMES)}.get(text.strip().lower())
        return self.moves[way] if way is not None else None

    def why_illegal(self, state: TilesState, move: Move) -> str:
        if move in self.moves:
            return f"{NAMES[EDGE.index(move.to)]} moves no tile"
        return super().why_illegal(state, move)

    # -- what the board shows --------------------------------------------------
    def owners(self, state: TilesState) -> dict[int, int]:
        return {}

    def counts(self, state: TilesState) -> dict[int, tuple[int, int | None]]:
        return {square(c): (v, None) for c, v in enumerate(state.cells) if v}

    def scores(self, state: TilesState) -> tuple[int, ...]:
        return (state.score,)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Game2048)
