"""Banqi (Chinese dark chess, half chess), as OpenSpiel's ``banqi`` plays it
(the Taiwanese rules).

The 32 pieces of xiangqi lie face down on the 32 squares of a 4 × 8 board.
On a turn a player either turns a face-down piece over (chance says which
piece it is: each piece still hidden is as likely) or moves one of their own
face-up pieces. The very first piece turned decides the sides: whoever turned
it plays its colour, red or black, the other player the other colour.

A piece steps one square up, down, left or right to an empty square, or
onto an enemy face-up piece it outranks, taking it. From high to low:
general, advisor, elephant, chariot, horse, cannon, soldier; a piece takes
those of its rank and below, except that the general cannot take a soldier
and a soldier can take the general (and no soldier takes a cannon). A cannon
steps like the others but takes only by jumping: along a line, over exactly
one piece (any, face up or down) to the first piece behind it, which must be
an enemy face-up piece, however far.

A player who cannot move on their turn (no face-down piece left and no move)
loses. Fifty moves in a row with neither a turn nor a capture draw the game
(``max_no_progress``).

Squares are named a1 to h4, a4 the top left as OpenSpiel prints its row 0.
Turning a piece over is written as its square (``c3``), a move as
``c3-c4``, and what chance turns up as ``reveal:G`` (red's general) or
``reveal:s`` (a black soldier): red's letters upper case, black's lower case,
G A E R H C S for general, advisor, elephant, chariot (rook), horse, cannon,
soldier.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from operator import itemgetter

import attrs

import boardgames
from boardgames import CHANCE, Game, Grid, IntOption, Move, Outcome, PieceKind, State, hookimpl, outcome, place, step
from boardgames.geometry import ORTHOGONAL

ROWS, COLS = 4, 8
EMPTY, DOWN = -1, -2
GENERAL, CANNON, SOLDIER = 0, 5, 6
LETTERS = ("GAERHCS", "gaerhcs")
RANKS = ("general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier")
COLOURS, FACES = ("red", "black"), ("帥仕相俥傌炮兵", "將士象車馬砲卒")  # FACES: written on each side's pieces
#: How many of each of the 14 pieces (red's seven kinds, then black's) the game starts with.
START = (1, 2, 2, 2, 2, 2, 5) * 2
GRID = Grid.get(COLS, ROWS)


def cell(sq: int) -> tuple[int, int]:
    """OpenSpiel's (row, column) of our square, row 0 at the top."""
    file, rank = GRID.coords(sq)
    return ROWS - 1 - rank, file


def takes(attacker: int, defender: int) -> bool:
    """Whether a piece takes another by stepping onto it (a cannon never does)."""
    a, d = attacker % 7, defender % 7
    if attacker // 7 == defender // 7 or a == CANNON:
        return False
    if a == SOLDIER:
        return d in (SOLDIER, GENERAL)
    return d != SOLDIER if a == GENERAL else a <= d


#: Whether a piece may step onto each square's content: a piece it takes (0-13), DOWN (-2) never, EMPTY (-1) always.
TAKES = tuple((*(takes(a, d) for d in range(14)), False, True) for a in range(14))
SQUARES = range(ROWS * COLS)
#: Each square's lines outward along its row and column (a step is a line's first square).
LINES = tuple(tuple(ray for d in ORTHOGONAL if (ray := GRID.rays[sq][d])) for sq in SQUARES)
NEXT = tuple(tuple(sorted(line[0] for line in lines)) for lines in LINES)  # the squares a step reaches
FLIPS = tuple(place(sq) for sq in SQUARES)
STEPS = tuple(tuple(step(sq, to) for to in SQUARES) for sq in SQUARES)
STEPS_TO = tuple(tuple((to, STEPS[sq][to]) for to in NEXT[sq]) for sq in SQUARES)  # each step, with its square
#: A cannon's jumps from each square, by the square landed on (two or more away on a line): a getter of the squares
#: between and the cannon's own (a tuple even for one between), how many are empty when one is the screen, the move.
JUMPS = tuple(
    {line[k]: (itemgetter(*line[:k], sq), k - 1, STEPS[sq][line[k]]) for line in LINES[sq] for k in range(1, len(line))}
    for sq in SQUARES
)
REVEALS = tuple(outcome(piece) for piece in range(14))


@attrs.frozen(kw_only=True, slots=False)
class BanqiState(State):
    #: Each square's piece: 0-6 red's general to soldier, 7-13 black's, EMPTY or DOWN (face down).
    cells: tuple[int, ...] = (DOWN,) * (ROWS * COLS)
    hidden: tuple[int, ...] = START  # of each of the 14 pieces, how many are still face down
    sides: tuple[int, int] = (-1, -1)  # each player's colour (0 red, 1 black), -1 before the first turn-over
    turning: int = -1  # the square being turned over, while chance says what lies there
    turner: int = 0  # who turned it
    idle: int = 0  # moves since the last turn-over or capture
    down: tuple[int, ...] = tuple(SQUARES)  # the squares of face-down pieces, in order
    up: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # the squares of red's and black's face-up pieces, in order


class Banqi(Game[BanqiState]):
    name = "banqi"
    title = "Banqi"
    summary = "Chinese dark chess: turn pieces over, take by rank (OpenSpiel's banqi)."
    player_names = ("first", "second")
    neutral_kinds = (
        PieceKind("face down", letter="?", symbol="?", colour="#8d6e63"),
        *(
            PieceKind(f"{COLOURS[side]} {rank}", LETTERS[side][k], LETTERS[side][k], colour=colour, face=FACES[side][k])
            for side, colour in enumerate(("#c62828", "#212121"))
            for k, rank in enumerate(RANKS)
        ),
    )
    chance_word = "reveal"
    option_specs = (IntOption("max_no_progress", "moves without a turn-over or capture that draw", 50, minimum=1),)
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID
        self.draw_after = self.options["max_no_progress"]
        self.max_length = 2 * len(SQUARES) * (1 + self.draw_after)  # OpenSpiel's cap, and more

    def initial_state(self) -> BanqiState:
        return BanqiState(game=self)

    # -- chance: what a piece turned over is -------------------------------------
    def chance_outcomes(self, state: BanqiState) -> tuple[tuple[Move, float], ...]:
        n = sum(state.hidden)
        return tuple([(reveal, left / n) for reveal, left in zip(REVEALS, state.hidden, strict=True) if left])

    def format_outcome(self, move: Move) -> str:
        return f"reveal:{LETTERS[move.to // 7][move.to % 7]}"

    # -- moves -----------------------------------------------------------------
    def generate_moves(self, state: BanqiState) -> tuple[Move, ...]:
        cells, colour = state.cells, state.sides[state.turn]
        moves = [FLIPS[sq] for sq in state.down]
        if colour < 0:
            return tuple(moves)
        # Every piece's steps in one comprehension (one call, not one a piece: most of a playout's time),
        # in the order of the squares (each piece's own in order): sorted, a cannon's jumps put in their places.
        moves += [
            m for sq in state.up[colour] for beats in (TAKES[cells[sq]],) for to, m in STEPS_TO[sq] if beats[cells[to]]
        ]
        cannon = 7 * colour + CANNON  # its cannons found among its pieces (a tuple's search compares all 32 squares)
        if cannons := [sq for sq in state.up[colour] if cells[sq] == cannon]:
            self.cannons(cells, cannons, state.up[1 - colour], moves)
        return tuple(moves)

    @staticmethod
    def cannons(cells: tuple[int, ...], cannons: list[int], enemy: tuple[int, ...], moves: list[Move]) -> None:
        """Puts in ``moves``, in order, each jump of the cannons on ``cannons`` (their steps are there): over exactly
        one piece onto the first behind it, an enemy face-up piece. Only the enemy's pieces on a cannon's lines are
        read. Each jump is put in its place (a few comparisons; sorting the moves again compares them all)."""
        for at in cannons:
            # The jumps onto the enemy's pieces on its lines (the others are None, left out in C, not in a loop),
            # made where all but one of the squares between are empty: one piece between, the screen.
            for between, empty, move in filter(None, map(JUMPS[at].get, enemy)):
                if between(cells).count(EMPTY) == empty:
                    insort(moves, move)

    def apply(self, state: BanqiState, move: Move) -> BanqiState:
        history = state.history + (move,)  # one step on a shared history, not a copy of it
        if state.turn == CHANCE:  # the piece turned over is known
            piece, sides, at = move.to, state.sides, state.turning
            cells, hidden, down, up = list(state.cells), list(state.hidden), list(state.down), list(state.up)
            cells[at], hidden[piece] = piece, hidden[piece] - 1
            down.remove(at)
            if sides[0] < 0:  # the first one: its turner plays its colour
                mine = piece // 7
                sides = (mine, 1 - mine) if state.turner == 0 else (1 - mine, mine)
            up[piece // 7] = tuple(sorted((*up[piece // 7], at)))
            after = boardgames.new_state(BanqiState, {  # in its own dict: made and read faster than by BanqiState()
                "game": self, "history": history, "turn": 1 - state.turner, "cells": tuple(cells),
                "hidden": tuple(hidden), "sides": sides, "down": tuple(down), "up": (up[0], up[1]),
            })  # fmt: skip
        elif move.origin < 0:  # a turn-over: chance says what lies there
            return boardgames.new_state(BanqiState, {
                "game": self, "history": history, "turn": CHANCE, "cells": state.cells, "hidden": state.hidden,
                "sides": state.sides, "turning": move.to, "turner": state.turn, "idle": state.idle,
                "down": state.down, "up": state.up,
            })  # fmt: skip
        else:
            origin, to, mine = move.origin, move.to, state.sides[state.turn]
            cells, moved, theirs = list(state.cells), list(state.up[mine]), state.up[1 - mine]
            taken, cells[to], cells[origin] = cells[to], cells[origin], EMPTY
            moved.remove(origin)
            insort(moved, to)
            if taken >= 0:
                theirs = tuple([sq for sq in theirs if sq != to])
            up = (tuple(moved), theirs) if mine == 0 else (theirs, tuple(moved))
            after = boardgames.new_state(BanqiState, {
                "game": self, "history": history, "turn": 1 - state.turn, "cells": tuple(cells), "hidden": state.hidden,
                "sides": state.sides, "idle": 0 if taken >= 0 else state.idle + 1, "down": state.down, "up": up,
            })  # fmt: skip
        if after.idle >= self.draw_after:
            return attrs.evolve(after, outcome=Outcome(None, f"{after.idle} moves without a turn-over or capture"))
        if not after.legal_moves:
            loser = after.turn
            return attrs.evolve(after, outcome=Outcome(1 - loser, f"{self.player_names[loser]} cannot move"))
        return after

    def why_illegal(self, state: BanqiState, move: Move) -> str:
        piece = state.cells[move.to] if 0 <= move.to < len(SQUARES) else EMPTY
        if move.origin < 0:
            return f"{GRID.name(move.to)} is {'empty' if piece == EMPTY else 'face up'}: turn over a face-down piece"
        return "a piece steps one square to an empty one or onto one it outranks; a cannon takes by jumping one piece"

    # -- what the board shows: every piece in its own colour, whoever plays it ---------
    def owners(self, state: BanqiState) -> dict[int, int]:
        return {}  # the sides are colours, settled by chance: the pieces are drawn by kind (neutral)

    def neutral(self, state: BanqiState) -> dict[int, int]:
        return {sq: 0 if piece == DOWN else piece + 1 for sq, piece in enumerate(state.cells) if piece != EMPTY}

    def state_flag(self, state: BanqiState) -> tuple[str, tuple[int, ...]] | None:
        if state.sides[0] < 0:
            return None
        names = self.player_names
        return f"{names[0]} plays {COLOURS[state.sides[0]]}, {names[1]} {COLOURS[state.sides[1]]}", ()


def openspiel_label(state: BanqiState, move: Move) -> str:
    """OpenSpiel's name of our move or chance outcome in ``state``."""
    if state.turn == CHANCE:
        return "Reveal:" + LETTERS[move.to // 7][move.to % 7]
    if move.origin < 0:
        return "Flip({},{})".format(*cell(move.to))
    piece, there = state.cells[move.origin], state.cells[move.to]
    return "{}({},{}){}({},{})".format(
        LETTERS[piece // 7][piece % 7], *cell(move.origin), "x" if there >= 0 else "-", *cell(move.to)
    )


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Banqi)
