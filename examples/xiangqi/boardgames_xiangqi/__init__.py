"""Xiangqi (Chinese chess), as OpenSpiel's ``xiangqi`` plays it.

The pieces stand on the 90 points of a board nine lines wide and ten deep,
cut across the middle by the river; each side's general and advisors keep to
its palace, the nine points crossed by two diagonals. Red moves first.

- General (K, 帥/將): one point along a line, inside the palace. The two generals
  may never face each other on a file with nothing between (the flying general).
- Advisor (A, 仕/士): one point diagonally, inside the palace.
- Elephant (B, 相/象): two points diagonally, never across the river, and not if
  the point between (its eye) is taken.
- Horse (N, 傌/馬): one point straight then one diagonally outward, not if the first
  point (its leg) is taken.
- Chariot (R, 俥/車): any distance along a line.
- Cannon (C, 炮/砲): moves as the chariot, but takes by jumping exactly one piece
  (any) on the line to the enemy piece behind it.
- Soldier (P, 兵/卒): one point forward; across the river, sideways too.

No move may leave one's own general attacked or facing the other. A player
who cannot move (checkmated or stalemated) loses. OpenSpiel has no rule on
repetition or perpetual check: a game that reaches 500 moves is drawn.

Moves are written as OpenSpiel writes them: the piece's letter (G A E H R C S,
red's upper case, black's lower case), then OpenSpiel's (row, column) of where
it comes from and goes to, row 0 black's back rank: red's first soldier step
``S(6,0)-(5,0)``. The board is labelled as UCCI names it, files a to i and
ranks 0 (red's back rank) to 9: OpenSpiel's row is 9 less the rank, its
column the file's place. UCCI's moves are read too (``a3a4``, ``h2e2``), and
the grid's own squares (``a4-a5``, ranks 1 to 10).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

import attrs

import boardgames
from boardgames import Coordinates, Game, Move, Outcome, PieceKind, State, bits, hookimpl
from boardgames.rules.notation import CoordinateNotation

from .board import ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, GRID, HOME, HORSE, PALACE, SOLDIER, TABLES, cell, sq_of

LETTERS = "GAEHRCS"  # OpenSpiel's, in its notation
KINDS = ("general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")
FEN = "KABNRCP"  # the text board's letters, as a xiangqi FEN (and UCCI) writes the pieces
FACES = tuple(zip("帥仕相傌俥炮兵", "將士象馬車砲卒", strict=True))  # each kind's character, red's then black's
MOST_MOVES = 500  # OpenSpiel's kMaxGameLength: then a draw
UCCI = CoordinateNotation()  # read as well as OpenSpiel's moves: the board's squares as its labels name them
BITS, ROUTES, SIDES = TABLES.bits, TABLES.routes, TABLES.sides


def start_board() -> bytes:
    board = bytearray(GRID.size)
    for side, (back, guns, men) in enumerate(((9, 7, 6), (0, 2, 3))):
        for c, kind in enumerate((CHARIOT, HORSE, ELEPHANT, ADVISOR, GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT)):
            board[sq_of(back, c)] = kind | side << 3
        board[sq_of(guns, 1)] = board[sq_of(guns, 7)] = CANNON | side << 3
        for c in range(0, 9, 2):
            board[sq_of(men, c)] = SOLDIER | side << 3
    return bytes(board)


@attrs.frozen(kw_only=True, slots=False)
class XiangqiState(State):
    #: Each point's piece, a byte: its kind (1 general, 2 advisor, 3 elephant, 4 horse, 5 chariot, 6 cannon,
    #: 7 soldier), | 8 for black's; 0 empty.
    board: bytes = attrs.field(factory=start_board)


class Xiangqi(Game[XiangqiState]):
    name = "xiangqi"
    title = "Xiangqi"
    summary = "Chinese chess on the points of a board with a river and palaces (OpenSpiel's xiangqi)."
    player_names = ("red", "black")
    colours = ("#c62828", "#212121")
    piece_kinds = tuple(PieceKind(k, letter, letter, face=f) for k, letter, f in zip(KINDS, FEN, FACES, strict=True))
    board_labels = Coordinates(files="abcdefghi", ranks="0123456789")  # UCCI's
    max_length, rules_text = MOST_MOVES, __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> XiangqiState:
        return XiangqiState(game=self)

    @staticmethod
    def targets(board: bytes, o: int, taken: int, mine: int) -> int:
        """Where the piece on ``o`` may go, its general's safety aside: where it attacks, but its own side's
        points; a cannon takes so, and moves along its lines as a chariot; a general steps."""
        piece = board[o]
        if piece & 7 == CANNON:
            return (
                TABLES.reach(piece, o, taken) & taken & ~mine
                | TABLES.reach(piece - CANNON + CHARIOT, o, taken) & ~taken
            )
        return (TABLES.leaps[piece][o] if piece & 7 == GENERAL else TABLES.reach(piece, o, taken)) & ~mine

    def generate_moves(self, state: XiangqiState) -> tuple[Move, ...]:
        """The moves in order, point by point: the general keeps off what the other side attacks (the other
        general's file too); another piece goes where its pin and what stops a check leave it, and one leaving
        or landing where it may uncover the general to a cannon or a horse is tried (the core's safety)."""
        side, board, (red, black) = state.turn, state.board, TABLES.occupancy(state)
        general, taken, mine = board.index(GENERAL | side << 3), red | black, black if side else red
        danger, pins, stops, risky = TABLES.safety(board, side, general, taken)
        moves: list[Move] = []
        for o in compress(TABLES.squares, board.translate(SIDES[side])):  # the pieces' points, found in C
            targets = self.targets(board, o, taken, mine)
            if o == general:
                targets &= ~danger
            else:
                targets &= stops if o not in pins else stops & pins[o]
                tried = targets if risky >> o & 1 else targets & risky
                for t in bits(tried) if tried else ():
                    if not TABLES.safe(board, side, general, o, t):
                        targets &= ~BITS[t]
            if targets:
                moves += ROUTES[o][targets]
        return tuple(moves)

    def apply(self, state: XiangqiState, move: Move) -> XiangqiState:
        board, (o, t) = bytearray(state.board), (move.origin, move.to)
        board[t], board[o], lost = board[o], 0, BITS[t] if board[t] else 0
        after = XiangqiState(game=self, history=state.history + (move,), turn=1 - state.turn, board=bytes(board))
        TABLES.carry(state, after, BITS[o] | BITS[t], lost)
        if not after.legal_moves:
            loser = after.turn
            how = "checkmated" if TABLES.in_check(after.board, GENERAL | loser << 3) else "stalemated: no move"
            return attrs.evolve(after, outcome=Outcome(1 - loser, f"{self.player_names[loser]} is {how}"))
        if len(after.history) >= MOST_MOVES:
            return attrs.evolve(after, outcome=Outcome(None, f"{MOST_MOVES} moves (OpenSpiel's limit)"))
        return after

    def why_illegal(self, state: XiangqiState, move: Move) -> str:
        board, side, (o, t) = state.board, state.turn, (move.origin, move.to)
        if not (0 <= o < GRID.size and 0 <= t < GRID.size) or not SIDES[side][board[o]]:
            return f"move one of {self.player_names[side]}'s pieces"
        piece, kind = board[o], KINDS[(board[o] & 7) - 1]
        if piece & 7 in (GENERAL, ADVISOR) and not PALACE[side] >> t & 1:
            return f"the {kind} stays in its palace"
        if piece & 7 == HORSE and (leg := TABLES.legs[piece][o].get(t)) is not None and board[leg]:
            return f"the horse is blocked at its leg, {GRID.name(leg)}"
        if piece & 7 == ELEPHANT and not HOME[side] >> t & 1:
            return "the elephant never crosses the river"
        if self.targets(board, o, TABLES.taken(board, 0) | TABLES.taken(board, 1), TABLES.taken(board, side)) >> t & 1:
            after = bytearray(board)
            after[t], after[o] = piece, 0
            general, other = after.index(GENERAL | side << 3), after.index(GENERAL | (1 - side) << 3)
            between = TABLES.between[GENERAL | (1 - side) << 3][other].get(general)
            if between is not None and not any(after[s] for s in bits(between)):
                return "the generals may not face each other on an open file (the flying general)"
            return f"that leaves {self.player_names[side]}'s general in check"
        return f"a {kind} does not move so"

    # -- what the board shows ------------------------------------------------------
    def owners(self, state: XiangqiState) -> dict[int, int]:
        return {sq: piece >> 3 for sq, piece in enumerate(state.board) if piece}

    def kinds(self, state: XiangqiState) -> dict[int, int]:
        return {sq: (piece & 7) - 1 for sq, piece in enumerate(state.board) if piece}

    def state_flag(self, state: XiangqiState) -> tuple[str, tuple[int, ...]] | None:
        me = state.turn
        if state.is_over and (state.outcome is None or "checkmated" not in state.outcome.reason):
            return None
        if not TABLES.in_check(state.board, GENERAL | me << 3):
            return None
        general = state.board.index(GENERAL | me << 3)
        return f"{self.player_names[me]} is {'checkmated' if state.is_over else 'in check'}", (general,)

    def write_notation(self, state: XiangqiState, move: Move) -> str:
        piece = state.board[move.origin]
        letter = LETTERS[(piece & 7) - 1] if piece < 8 else LETTERS[(piece & 7) - 1].lower()
        return "{}({},{})-({},{})".format(letter, *cell(move.origin), *cell(move.to))

    def read_notation(self, state: XiangqiState, text: str) -> Move | None:
        ucci = UCCI.read(state, text.strip().lower())  # a UCCI move, h2e2: legal or not (then why_illegal says why)
        if ucci is not None:
            return ucci
        typed = text.strip().replace(" ", "").upper()  # in any case: the piece's letter is the mover's anyway
        return next((m for m in state.legal_moves if self.write_notation(state, m).upper() == typed), None)


def openspiel_label(state: XiangqiState, move: Move) -> str:
    """OpenSpiel's name of our move in ``state``: our notation is OpenSpiel's."""
    return state.game.write_notation(state, move)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Xiangqi)
