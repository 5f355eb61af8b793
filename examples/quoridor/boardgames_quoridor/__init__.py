"""Quoridor, as OpenSpiel's ``quoridor`` plays it: 2 or 4 players.

``size`` × ``size`` cells (9 by default, 3 to 25), each player a pawn and
``walls`` walls (default size² / 8). White starts in the middle of the top rank and races to rank 1, black the
other way; with four, red races from file a to the last file, yellow the
other way, and the turn goes white, red, black, yellow. A move is one of:

- a pawn's step to a neighbouring cell not walled off, written as the cell
  (``e2``); a pawn next to yours is jumped straight over if no wall or edge
  is behind it, else you may step beside it (each side not walled off).
- a wall two cells long in the grooves, written as the cell below-left of
  its middle and ``h`` (above that cell and the next) or ``v`` (right of that
  cell and the one above); walls never cross or overlap, nor shut a pawn in.

The first pawn to reach its goal wins. 4 × size² moves in all without a win
(or with one on the last) is a draw, as OpenSpiel caps it. A player with no
move passes. Rank 1 is OpenSpiel's top row, drawn here at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import Fences, Game, Grid, IntOption, Move, Outcome, PieceKind, State, bits, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.moves import PASS, with_choice

DIRECTIONS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # east, north, west, south: each one's left is the next


@attrs.frozen(kw_only=True, slots=False)
class QuoridorState(State):
    pawns: tuple[int, ...] = ()  # each player's cell (a lattice site)
    walls: int = 0  # the edges walled, and the crossings the walls' middles take
    left: tuple[int, ...] = ()  # each player's walls not yet laid


class Quoridor(Game[QuoridorState]):
    name = "quoridor"
    title = "Quoridor"
    summary = "Race your pawn across the board; lay walls to slow the others (OpenSpiel's quoridor, 2 or 4 players)."
    player_names = ("white", "black", "red", "yellow")
    colours = ("#f5f5f5", "#1b1b1b", "#c62828", "#f9a825")
    player_count = (2, 4)
    option_specs = (
        IntOption("size", "cells a side", 9, minimum=3, maximum=25),
        IntOption("walls", "walls each (0: size² / 8, as OpenSpiel's)", 0, minimum=0, maximum=200),
    )
    piece_kinds = (PieceKind("pawn"),)  # a round pawn in its player's colour, lettered by its player (W, B)
    neutral_kinds = (PieceKind("wall", letter="#", symbol="█", shape="square", colour="#6d4c2f"),)
    move_choices = Choices("Which way does the wall lie?", ("horizontal", "vertical"), ("h", "v"))
    words = boardgames.Words(pick_to="Click a cell to move your pawn, or a crossing to lay a wall.")
    rules_text = __doc__ or ""

    @classmethod
    def check_options(cls, values: object) -> None:
        if values["players"] not in (2, 4):  # type: ignore[index]
            raise boardgames.InvalidOptionError("quoridor: players is 2 or 4")

    def setup(self) -> None:
        n = self.n = self.options["size"]
        self.wall_count = self.options["walls"] or n * n // 8
        self.max_length = 4 * n * n  # OpenSpiel's kMaxGameLengthFactor × size²
        self.grid = grid = Grid.grooved(n, n)  # named and drawn by its cells, walls in the grooves
        self.cell = [[grid.index(2 * i + 1, 2 * j + 1) for j in range(n)] for i in range(n)]
        self.where = {self.cell[i][j]: (i, j) for i in range(n) for j in range(n)}
        step = [grid.index(dx, dy) - grid.index(0, 0) for dx, dy in DIRECTIONS]
        # Each cell's neighbour and the edge between, each direction (-1: the board's edge).
        on = lambda i, j, d: 0 <= i + DIRECTIONS[d][0] < n and 0 <= j + DIRECTIONS[d][1] < n  # noqa: E731
        self.next = {c: [c + 2 * step[d] if on(i, j, d) else -1 for d in range(4)] for c, (i, j) in self.where.items()}
        self.edge = {c: [c + s for s in step] for c in self.where}
        #: Each cell's steps in move order, each with the edge a wall there would take, and its neighbours.
        self.steps = {c: (sorted((Move(c, self.next[c][d], ()), 1 << self.edge[c][d]) for d in range(4)
                                 if self.next[c][d] >= 0), {*self.next[c]} - {-1}) for c in self.where}  # fmt: skip
        self.opened: dict[int, dict] = {}  # per walls laid: each cell's open steps (its player out of walls)
        half = (n - n % 2) // 2  # OpenSpiel's centre_field, in cells
        starts = (self.cell[half][n - 1], self.cell[half][0], self.cell[0][half], self.cell[n - 1][half])
        goals = ([c[0] for c in self.cell], [c[n - 1] for c in self.cell], self.cell[n - 1], self.cell[0])
        self.starts, self.goal_cells = starts, tuple(frozenset(g) for g in goals)
        self.fences, self.goal_masks = Fences(grid), tuple(grid.mask(g) for g in goals)  # the walls, found fast
        self.order = (0, 1) if self.number_of_players == 2 else (0, 2, 1, 3)  # OpenSpiel's turn order
        self.following = {p: self.order[(k + 1) % len(self.order)] for k, p in enumerate(self.order)}

    def initial_state(self) -> QuoridorState:
        players = self.number_of_players
        return QuoridorState(game=self, turn=0, pawns=self.starts[:players], left=(self.wall_count,) * players)

    def open(self, cell: int, d: int, walls: int) -> int:
        nb = self.next[cell][d]
        return -1 if nb < 0 or walls >> self.edge[cell][d] & 1 else nb

    def generate_moves(self, state: QuoridorState) -> tuple[Move, ...]:
        me, walls, pawns = state.turn, state.walls, state.pawns
        cur = pawns[me]
        steps, near = self.steps[cur]
        if near.isdisjoint(pawns):  # no pawn next to it (the usual case): its open steps
            if state.left[me]:
                allowed = self.fences.allowed(walls, pawns, self.goal_masks)
                return (*allowed, *[move for move, edge in steps if not walls & edge]) or (PASS,)
            opened = self.opened.get(walls)  # no wall left: remembered per walls laid, each cell's
            if opened is None:
                self.opened = {} if len(self.opened) > 20_000 else self.opened
                opened = self.opened[walls] = {}
            pawn_moves = opened.get(cur)
            if pawn_moves is None:
                pawn_moves = opened[cur] = tuple([move for move, edge in steps if not walls & edge]) or (PASS,)
            return pawn_moves
        taken: set[int] = set(pawns)
        targets: list[int] = []
        for d in range(4):
            ahead = self.open(cur, d, walls)
            if ahead < 0 or ahead not in taken:
                targets += [ahead] if ahead >= 0 else []
                continue
            behind = self.open(ahead, d, walls)
            if behind >= 0:  # straight over, unless a pawn is there too
                if behind not in taken:
                    targets.append(behind)
                continue
            for side in ((d + 1) % 4, (d + 3) % 4):  # a wall or the edge behind: beside it
                beside = self.open(ahead, side, walls)
                if beside >= 0 and beside not in taken and beside not in targets:
                    targets.append(beside)
        pawn_moves = sorted(Move(cur, t, ()) for t in targets)
        if not state.left[me]:
            return tuple(pawn_moves) or (PASS,)
        return (*self.fences.allowed(walls, pawns, self.goal_masks), *pawn_moves) or (PASS,)

    def why_illegal(self, state: QuoridorState, move: Move) -> str:
        if move.origin < 0 and move in self.fences.sites:
            if not state.left[state.turn]:
                return f"{self.player_names[state.turn]} has no wall left"
            if self.fences.sites[move] & state.walls:
                return "it would cross or overlap a wall"
            return "it would shut a pawn off from its goal"
        if move.origin >= 0 and move.to in self.where:
            return "a pawn steps to a neighbouring cell not walled off, or jumps a pawn next to it"
        return super().why_illegal(state, move)

    def apply(self, state: QuoridorState, move: Move) -> QuoridorState:
        me, outcome = state.turn, None
        pawns, walls, left = state.pawns, state.walls, state.left
        if move.origin >= 0:  # a pawn's step
            pawns = (move.to, pawns[1]) if me == 0 and len(pawns) == 2 else (*pawns[:me], move.to, *pawns[me + 1 :])
            if move.to in self.goal_cells[me]:
                outcome = self.won(me)
        elif move.to >= 0:  # a wall: what may be laid next is found from what might be laid before
            walls = self.fences.lay(walls, move)
            left = tuple(w - 1 if p == me else w for p, w in enumerate(left))
        history = state.history + (move,)
        if len(history) >= self.max_length:  # OpenSpiel's cap: a draw, even over a win on the last move
            n = self.number_of_players
            outcome = Outcome.placed((1,) * n, f"{self.max_length} moves without a winner", returns=(0.0,) * n)
        return boardgames.new_state(QuoridorState, {  # a dict of its own: its fields read faster (core/rules/made.py)
            "game": self, "history": history, "turn": self.following[me], "outcome": outcome, "pawns": pawns,
            "walls": walls, "left": left})  # fmt: skip

    def won(self, me: int) -> Outcome:
        n = self.number_of_players
        returns = tuple(1.0 if p == me else -1.0 / (n - 1) for p in range(n))
        places = tuple(1 if p == me else 2 for p in range(n))
        return Outcome(me, f"{self.player_names[me]} reaches the goal", (), places, (), returns)

    def owners(self, state: QuoridorState) -> dict[int, int]:
        return {c: p for p, c in enumerate(state.pawns)}

    def neutral(self, state: QuoridorState) -> dict[int, int]:
        return {sq: 0 for sq in bits(state.walls)}

    def progress(self, state: QuoridorState) -> str:
        return "walls left: " + ", ".join(f"{self.player_names[p]} {w}" for p, w in enumerate(state.left))

    def cell_name(self, cell: int) -> str:
        i, j = self.where[cell]
        return f"{chr(97 + i)}{j + 1}"

    def write_notation(self, state: QuoridorState, move: Move) -> str:
        if move.to < 0 or move.origin >= 0:
            return self.cell_name(move.to) if move.to >= 0 else "pass"
        f, r = self.grid.coords(move.to)
        return f"{chr(97 + f // 2 - 1)}{r // 2}{'hv'[move.choice]}"

    def read_notation(self, state: QuoridorState, text: str) -> Move | None:
        text, n = text.strip().lower(), self.n
        kind = text[-1] if text[-1:] in ("h", "v") else ""
        name = text[: len(text) - len(kind)]
        i, rank = (ord(name[0]) - 97, name[1:]) if name[:1].isalpha() else (-1, "")
        j = int(rank) - 1 if rank.isdigit() else -1
        if not (0 <= i < n and 0 <= j < n):
            return PASS if text == "pass" else None
        if kind:  # a wall: its middle crossing, the lower-left cell's upper-right point, and its way
            return with_choice(boardgames.place(self.grid.index(2 * i + 2, 2 * j + 2)), "hv".index(kind))
        return Move(state.pawns[state.turn], self.cell[i][j], ())


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Quoridor)
