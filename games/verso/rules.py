"""The rules of Verso, as RULINGS.md V1–V7 read the club's page."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import attrs

from boardgames import (
    PASS,
    ChoiceOption,
    Game,
    Grid,
    IntOption,
    InvalidOptionError,
    Move,
    Outcome,
    bits,
    transfer,
)

from . import strategy
from .state import ROW, VersoState


class Verso(Game[VersoState]):
    name = "verso"
    title = "Verso"
    summary = "Guy Jeandel's game of imprisonment on the points: five in a row wins."
    player_names = ("light", "dark")
    colours = ("#f4f1e8", "#4a4a4a")
    symbols = ("○", "●")
    option_specs = (
        IntOption("size", "points along each side of the board (V1)", 8, minimum=5, maximum=19),
        IntOption("pieces", "pieces each player places (V2)", 9, minimum=1, maximum=180),
        ChoiceOption(
            "flip",
            "which imprisoned piece flips: the mover's choice, or the one next to the arriving piece (V4)",
            "choice",
            choices=("choice", "adjacent"),
        ),
        IntOption(
            "max_moves", "moving-phase turns, passes included, before a draw (V7)", 200, minimum=1, maximum=10_000
        ),
    )

    rules_text = """\
Verso, by Guy Jeandel, as this project plays it. Each rule carries the id of
the project's ruling on it (V1-V7), which its tests cite; the club's page has
no diagrams, so more is the project's reading here ("ours").

Board (V1). Pieces stand on the points where the lines cross, edge points
included: 8x8 points unless option size= says otherwise (5 to 19; ours).

Players (V2). Light and dark, 9 pieces each (option pieces=). Light starts.

Placing (V3). In turn, place one piece on any empty point, until every piece
is on the board.

Imprisonment (V4). When a piece arrives on a point (placed or moved), look
along each of the 8 lines from it. Where a line holds one or more of your
opponent's pieces in an unbroken run followed at once by one of yours, those
pieces are imprisoned, and exactly one of them flips to your colour: you
choose which. Each imprisoning line flips exactly one piece ("one, and only
one, on each line"). Flips never cascade. With option flip=adjacent (ours),
the imprisoned piece next to the arriving one flips, with no choice.

Winning (V5). Once a move's flips are done, five or more of your pieces in an
unbroken orthogonal or diagonal line win at once.

Moving (V6). When every piece is placed and nobody has won, move one of your
pieces one step, horizontally or vertically (never diagonally), to an empty
neighbouring point. Imprisonment and five in a row apply to the piece that
arrives.

Endings the page does not give (V7, ours). A player who cannot move passes.
The game is drawn when neither player can move; when the same position
(pieces and player to move) occurs for the third time; or after max_moves
moving-phase turns (200 by default, passes included) without a winner.

Notation. A placement is its point (d4), a step is from-to (c3-c4), pass is
pass. Each flipped piece is added as x and its point, in file-then-rank order
(d4xe5xf6, c3-c4xb2). Where every imprisoning line holds one piece the flips
are forced and may be left out when typing; where there is a choice, the move
must say which.
"""

    @classmethod
    def check_options(cls, values: Mapping[str, Any]) -> None:
        room = values["size"] ** 2
        if 2 * values["pieces"] > room:
            raise InvalidOptionError(
                f"option pieces: {values['pieces']} each do not fit on {room} points "
                f"(at most {room // 2} each on a size {values['size']} board)"
            )

    def setup(self) -> None:
        self.grid = Grid.get(self.options["size"], self.options["size"], "points")
        self.each = self.options["pieces"]
        self.adjacent_only = self.options["flip"] == "adjacent"
        self.max_length = 2 * self.each + self.options["max_moves"]

    def pieces_each(self) -> int:
        return self.each

    def initial_state(self) -> VersoState:
        return VersoState(game=self)

    def is_moving_phase(self, state: VersoState) -> bool:
        return sum(state.placed) == 2 * self.each

    # -- V4: which pieces a piece arriving on ``to`` imprisons ----------------
    def prisons(self, mine: int, theirs: int, to: int) -> list[tuple[int, ...]]:
        """For each imprisoning ray from ``to``, its imprisoned pieces, nearest first."""
        runs = []
        for ray in self.grid.rays[to]:
            run = []
            for sq in ray:
                if theirs >> sq & 1:
                    run.append(sq)
                    continue
                if run and mine >> sq & 1:
                    runs.append(tuple(run))
                break
        return runs

    def _arrivals(self, state: VersoState, origin: int, to: int) -> list[Move]:
        """Every legal move that brings a piece to ``to`` (from ``origin``, or placed)."""
        me = state.turn
        mine = state.boards[me] & ~(1 << origin if origin >= 0 else 0)
        runs = self.prisons(mine | 1 << to, state.boards[1 - me], to)
        if self.adjacent_only:
            choices: Any = [tuple(run[0] for run in runs)]
        else:
            choices = itertools.product(*runs)
        return [Move(origin, to, tuple(sorted(flips))) for flips in choices]

    def _steps(self, board: int, empty: int) -> list[tuple[int, int]]:
        grid = self.grid
        return [
            (origin, to)
            for origin in bits(board & grid.spread(empty))
            for to in grid.neighbours[origin]
            if empty >> to & 1
        ]

    def _can_step(self, board: int, empty: int) -> bool:
        return bool(self.grid.spread(board) & empty)

    # -- V3, V6, V7 -----------------------------------------------------------
    def generate_moves(self, state: VersoState) -> tuple[Move, ...]:
        empty = self.grid.full & ~state.occupied
        moves: list[Move] = []
        if not self.is_moving_phase(state):
            for to in bits(empty):
                moves += self._arrivals(state, -1, to)
        else:
            for origin, to in self._steps(state.boards[state.turn], empty):
                moves += self._arrivals(state, origin, to)
        return tuple(sorted(moves)) if moves else (PASS,)

    def apply(self, state: VersoState, move: Move) -> VersoState:
        me = state.turn
        was_moving = self.is_moving_phase(state)
        flips = self.grid.mask(move.marks)
        placed = state.placed
        if move.is_pass:
            boards = state.boards
        else:
            arrived = 1 << move.to
            left = 1 << move.origin if move.origin >= 0 else 0
            boards = transfer(state.boards, me, arrived | flips, vacate=left)
            if move.origin < 0:
                placed = tuple(n + (p == me) for p, n in enumerate(placed))
        after = VersoState(
            game=self,
            history=(*state.history, move),
            turn=1 - me,
            boards=boards,
            placed=placed,
            changed=flips,
            moving_turns=state.moving_turns + was_moving,
            seen=state.seen,
        )
        if not move.is_pass and self.grid.has_line(boards[me], ROW, touching=1 << move.to | flips):
            line = bits(self.grid.line_squares(boards[me], ROW, touching=1 << move.to | flips))
            return attrs.evolve(after, outcome=Outcome(me, "five in a row", line))
        if not self.is_moving_phase(after):
            return after
        key = (boards, 1 - me)
        after = attrs.evolve(after, seen=(*state.seen, key))
        empty = self.grid.full & ~after.occupied
        outcome = None
        if after.seen.count(key) >= 3:
            outcome = Outcome(None, "the same position for the third time")
        elif after.moving_turns >= self.options["max_moves"]:
            outcome = Outcome(None, f"{after.moving_turns} moving-phase turns without a winner")
        elif not (self._can_step(boards[0], empty) or self._can_step(boards[1], empty)):
            outcome = Outcome(None, "neither player can move")
        return after if outcome is None else attrs.evolve(after, outcome=outcome)

    # -- for agents: see strategy.py -------------------------------------------
    def wins_at_once(self, state: VersoState, move: Move) -> bool:
        if move.is_pass:
            return False
        changed = 1 << move.to | self.grid.mask(move.marks)
        mine = state.boards[state.turn] | changed
        if move.origin >= 0:
            mine &= ~(1 << move.origin)
        return self.grid.has_line(mine, ROW, touching=changed)

    def evaluate(self, state: VersoState, player: int) -> float:
        return strategy.evaluate(self, state, player)

    def playout(self, state: VersoState, rng: random.Random, policy: str) -> int | None:
        return strategy.playout(self, state, rng, policy)

    # -- messages -------------------------------------------------------------
    def why_illegal(self, state: VersoState, move: Move) -> str:
        names, me = self.grid.names, state.to_move
        owners = state.owners()
        moving = self.is_moving_phase(state)
        if move.is_pass:
            return f"{me} has a move, so {me} may not pass"
        if moving and move.is_placement:
            return "every piece is placed: move one of yours a step, like c3-c4"
        if not moving and not move.is_placement:
            return "pieces are still being placed: place one on an empty point, like d4"
        if moving and owners.get(move.origin) != state.turn:
            return f"{names[move.origin]} does not hold a {me} piece"
        if moving and move.to not in self.grid.neighbours[move.origin]:
            return "a piece steps to a neighbouring point, horizontally or vertically, never diagonally"
        if move.to in owners:
            return f"{names[move.to]} is taken by {self.player_names[owners[move.to]]}"
        ways = [self.format_move(m) for m in state.legal_moves if (m.origin, m.to) == (move.origin, move.to)]
        if ways == [self.format_move(Move(move.origin, move.to))]:
            return f"it imprisons nothing, so nothing flips: play {ways[0]}"
        how = (
            "the piece next to it on each imprisoning line flips"
            if self.adjacent_only
            else ("exactly one imprisoned piece flips on each imprisoning line")
        )
        return f"{how}: one of {', '.join(ways)}"
