"""Cursor Go, as OpenSpiel's ``cursor_go`` plays it: Go played by moving a cursor.

The rules of the stones are Go's (OpenSpiel's ``go``: captures, no suicide,
simple ko, two passes in a row end the game, area scoring with komi). A
player does not name a point: each has a cursor, starting at the middle of
the board, and on their turn moves it a point ``Up``, ``Down``, ``Left`` or
``Right`` (at most ``max_cursor_moves`` times a turn, 100 by default), then
plays ``Place Stone`` on the cursor's point (where Go allows a stone) or
``Pass``; either ends the turn. Each player's cursor stays where it was left.
As in OpenSpiel, a stone that brings back an earlier position does not end
the game: a game in which that happened is drawn when it ends.

Moves are written as OpenSpiel names its actions: ``Up``, ``Down``,
``Left``, ``Right``, ``Place Stone``, ``Pass``. Each cursor is drawn over its
point (an overlay in its player's colour).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
from boardgames_go import Go, GoState

import boardgames
from boardgames import Move, Outcome, Overlay, hookimpl

NAMES = ("Up", "Down", "Left", "Right")  # OpenSpiel's order: its actions 0 to 3, then Place Stone, Pass
STEPS = ((0, 1), (0, -1), (-1, 0), (1, 0))  # each as (file, rank) steps


@attrs.frozen(kw_only=True, slots=False)
class CursorGoState(GoState):
    cursors: tuple[int, int] = (-1, -1)  # each player's cursor, a point of the grid
    moved: int = 0  # cursor moves this turn so far
    repeated: bool = False  # a stone brought back an earlier position: the game will be drawn


class CursorGo(Go):
    name = "cursor_go"
    title = "Cursor Go"
    summary = "Go played by moving a cursor and placing a stone on it (OpenSpiel's cursor_go)."
    overlay_kinds = Go.overlay_kinds + (
        Overlay("black's cursor", cover="cross", player=0),
        Overlay("white's cursor", cover="cross", player=1),
    )
    option_specs = (
        boardgames.IntOption("size", "points along each side", 19, minimum=2, maximum=19),
        boardgames.FloatOption("komi", "points given to white", 7.5, minimum=-100.0, maximum=100.0),
        boardgames.IntOption("max_cursor_moves", "cursor moves a turn, at most", 100, minimum=0, maximum=10000),
    )
    rules_text = __doc__ or ""

    def setup(self) -> None:
        super().setup()
        size, most = self.options["size"], self.options["max_cursor_moves"]
        self.max_length = 2 * size * size * (most + 1)  # OpenSpiel's bound: a Go game's moves, each after its cursor's
        # From each point, the cursor's step in each direction (None off the board), a move to the point it goes
        # to: one square a move, the cursor's own for its stone, so that a click, a typed point and an action
        # each name one move.
        self.steps = [
            [Move(-1, self.grid.index(f + df, r + dr), ()) if 0 <= f + df < size and 0 <= r + dr < size else None
             for df, dr in STEPS]
            for f, r in map(self.grid.coords, range(size * size))
        ]  # fmt: skip

    def initial_state(self) -> CursorGoState:
        middle = self.grid.index(self.options["size"] // 2, self.options["size"] // 2)  # OpenSpiel's (size / 2)
        return CursorGoState(game=self, seen=(0,), cursors=(middle, middle))

    def generate_moves(self, state: CursorGoState) -> tuple[Move, ...]:  # type: ignore[override]
        cursor = state.cursors[state.turn]
        moves = [m for m in self.steps[cursor] if m] if state.moved < self.options["max_cursor_moves"] else []
        if any(m.to == cursor for m in super().generate_moves(state)):  # Go allows a stone there
            moves.append(Move(-1, cursor, ()))
        return tuple(sorted([*moves, Move()]))

    def apply(self, state: CursorGoState, move: Move) -> CursorGoState:  # type: ignore[override]
        me = state.turn
        if not move.is_pass and move.to != state.cursors[me]:  # the cursor moves; the turn goes on
            cursors = (move.to, state.cursors[1]) if me == 0 else (state.cursors[0], move.to)
            history, moved = state.history + (move,), state.moved + 1
            return attrs.evolve(state, history=history, cursors=cursors, moved=moved, changed=0)  # nothing taken
        after = Go.apply(self, state, move)  # Go's stones, captures, ko and passes; its end is decided here
        # Go ends the game at a stone that repeats a position; OpenSpiel's cursor_go goes on and draws at the end.
        repeated = state.repeated or after.outcome is not None and after.outcome.reason == "a position repeated"
        outcome = None
        if after.passes >= 2:
            outcome = Outcome(None, "a position came back during the game") if repeated else self._score(after.boards)
        return CursorGoState(
            game=self, history=after.history, turn=after.turn, boards=after.boards, outcome=outcome, ko=after.ko,
            passes=after.passes, changed=after.changed, seen=after.seen, atari=after.atari, peak=after.peak,
            cursors=state.cursors, moved=0, repeated=repeated)  # fmt: skip

    def overlays(self, state: CursorGoState) -> dict[int, int]:  # type: ignore[override]
        """Go's areas, and each player's cursor over its point (the player to move's on top)."""
        cursors = {state.cursors[1 - state.turn]: 3 - state.turn, state.cursors[state.turn]: 2 + state.turn}
        return super().overlays(state) | cursors

    def write_notation(self, state: CursorGoState, move: Move) -> str:
        if move.is_pass:
            return "Pass"
        if move.to == state.cursors[state.turn]:
            return "Place Stone"
        (f, r), (g, s) = self.grid.coords(state.cursors[state.turn]), self.grid.coords(move.to)
        return NAMES[STEPS.index((g - f, s - r))]

    def read_notation(self, state: CursorGoState, text: str) -> Move | None:
        """A move by its name, in any case (``place`` for ``Place Stone``); None for others (the default notation)."""
        clean = " ".join(text.lower().split())
        clean = "place stone" if clean == "place" else clean
        for move in state.legal_moves:
            if self.write_notation(state, move).lower() == clean:
                return move
        if clean in ("up", "down", "left", "right", "place stone", "pass"):
            why = "the cursor is at the board's edge or has moved its most this turn"
            if clean == "place stone":
                why = f"Go allows no stone on {self.grid.names[state.cursors[state.turn]]}"
            raise boardgames.IllegalMoveError(f"illegal move {text!r} in {state.describe()}: {why}")
        return None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(CursorGo)
