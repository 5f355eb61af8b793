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
from boardgames import Coordinates, Game, Move, Outcome, PieceKind, State, hookimpl
from boardgames.rules.notation import CoordinateNotation

from .board import (
    ADVISOR,
    CANNON,
    CHARIOT,
    ELEPHANT,
    ELEPHANT_STEPS,
    EMPTY,
    GENERAL,
    GRID,
    HORSE,
    HORSE_STEPS,
    MOVES,
    OWNED,
    PALACE_STEPS,
    RAYS,
    SOLDIER,
    SOLDIER_STEPS,
    attacked,
    cell,
    exposure,
    in_palace,
    own_side,
    sq_of,
    uncovered,
)  # fmt: skip

LETTERS = "GAEHRCS"  # OpenSpiel's, in its notation
KINDS = ("general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier")
FEN = "KABNRCP"  # the text board's letters, as a xiangqi FEN (and UCCI) writes the pieces
FACES = tuple(zip("帥仕相傌俥炮兵", "將士象馬車砲卒", strict=True))  # each kind's character, red's then black's
MOST_MOVES = 500  # OpenSpiel's kMaxGameLength: then a draw
UCCI = CoordinateNotation()  # read as well as OpenSpiel's moves: the board's squares as its labels name them


def start_cells() -> tuple[int, ...]:
    cells = [EMPTY] * GRID.size
    for side, (back, guns, men) in enumerate(((9, 7, 6), (0, 2, 3))):
        for c, kind in enumerate((CHARIOT, HORSE, ELEPHANT, ADVISOR, GENERAL, ADVISOR, ELEPHANT, HORSE, CHARIOT)):
            cells[sq_of(back, c)] = 7 * side + kind
        cells[sq_of(guns, 1)] = cells[sq_of(guns, 7)] = 7 * side + CANNON
        for c in range(0, 9, 2):
            cells[sq_of(men, c)] = 7 * side + SOLDIER
    return tuple(cells)


@attrs.frozen(kw_only=True, slots=False)
class XiangqiState(State):
    #: Each point's piece: 0-6 red's general, advisor, elephant, horse, chariot, cannon, soldier; 7-13 black's.
    cells: tuple[int, ...] = attrs.field(factory=start_cells)
    generals: tuple[int, int] = (sq_of(9, 4), sq_of(0, 4))


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

    def pseudo(self, cells: tuple[int, ...], side: int) -> list[tuple[int, list[int]]]:
        """Each of ``side``'s pieces' point and the points it may go to, the general's safety aside."""
        out, low = [], 7 * side
        mine = range(low, low + 7)
        for sq in compress(range(GRID.size), map(OWNED[side].__getitem__, cells)):  # the pieces' points, found in C
            kind = cells[sq] - low
            if kind == CHARIOT or kind == CANNON:
                targets = []
                for ray in RAYS[sq]:
                    screen = False
                    for p in ray:
                        there = cells[p]
                        if not screen:
                            if there == EMPTY:
                                targets.append(p)
                                continue
                            if kind == CHARIOT:
                                if there not in mine:
                                    targets.append(p)
                                break
                            screen = True
                        elif there != EMPTY:
                            if there not in mine:
                                targets.append(p)
                            break
                out.append((sq, targets))
                continue
            if kind == HORSE:
                steps = [to for to, leg in HORSE_STEPS[sq] if cells[leg] == EMPTY]
            elif kind == ELEPHANT:
                steps = [to for to, eye in ELEPHANT_STEPS[side][sq] if cells[eye] == EMPTY]
            elif kind == SOLDIER:
                steps = SOLDIER_STEPS[side][sq]
            else:  # the general or an advisor
                steps = PALACE_STEPS[2 * side + (kind == ADVISOR)][sq]
            out.append((sq, [to for to in steps if cells[to] not in mine]))
        return out

    def safe(self, state: XiangqiState, frm: int, to: int, risky: tuple[set[int], set[int]] | None) -> bool:
        """Whether the move leaves the mover's general unattacked (and not facing the other)."""
        side = state.turn
        general = state.generals[side]
        if frm != general and risky is not None:  # out of check: only what the move uncovers can attack the general
            leave, land = risky
            return frm not in leave and to not in land or not uncovered(state.cells, general, 1 - side, frm, to)
        cells = list(state.cells)
        cells[to], cells[frm] = cells[frm], EMPTY
        return not attacked(cells, to if frm == general else general, 1 - side)

    def generate_moves(self, state: XiangqiState) -> tuple[Move, ...]:
        side, general, cells = state.turn, state.generals[state.turn], state.cells
        risky = exposure(cells, general, 1 - side)  # None in check
        leave, land = risky or (range(GRID.size), ())  # in check: every move is tested
        moves: list[Move] = []
        for a, targets in self.pseudo(cells, side):
            if a in leave or land and not land.isdisjoint(targets):  # only these may uncover the general
                moves += [
                    MOVES[a][b] for b in targets if a not in leave and b not in land or self.safe(state, a, b, risky)
                ]
            else:
                moves += map(MOVES[a].__getitem__, targets)
        return tuple(sorted(moves))

    def apply(self, state: XiangqiState, move: Move) -> XiangqiState:
        cells = list(state.cells)
        cells[move.to], cells[move.origin] = cells[move.origin], EMPTY
        generals = tuple(move.to if g == move.origin else g for g in state.generals)
        after = XiangqiState(
            game=self, history=state.history + (move,), turn=1 - state.turn, cells=tuple(cells),
            generals=(generals[0], generals[1]),
        )  # fmt: skip
        if not after.legal_moves:
            loser = after.turn
            mated = attacked(after.cells, after.generals[loser], 1 - loser)
            how = "checkmated" if mated else "stalemated: no move"
            return attrs.evolve(after, outcome=Outcome(1 - loser, f"{self.player_names[loser]} is {how}"))
        if len(after.history) >= MOST_MOVES:
            return attrs.evolve(after, outcome=Outcome(None, f"{MOST_MOVES} moves (OpenSpiel's limit)"))
        return after

    def why_illegal(self, state: XiangqiState, move: Move) -> str:
        cells, side = state.cells, state.turn
        if not (0 <= move.origin < GRID.size and 0 <= move.to < GRID.size) or cells[move.origin] // 7 != side:
            return f"move one of {self.player_names[side]}'s pieces"
        kind, (x, y), (x2, y2) = cells[move.origin] % 7, cell(move.origin), cell(move.to)
        if kind in (GENERAL, ADVISOR) and not in_palace(x2, y2, side):
            return f"the {KINDS[kind]} stays in its palace"
        leg = sq_of(x + int((x2 - x) / 2), y + int((y2 - y) / 2))  # a horse's: one point straight
        if kind == HORSE and (move.to, leg) in HORSE_STEPS[move.origin] and cells[leg] != EMPTY:
            return f"the horse is blocked at its leg, {GRID.name(leg)}"
        if kind == ELEPHANT and not own_side(x2, side):
            return "the elephant never crosses the river"
        if move.to in dict(self.pseudo(cells, side)).get(move.origin, ()):
            after = list(cells)
            after[move.to], after[move.origin] = cells[move.origin], EMPTY
            general, other = (move.to if kind == GENERAL else state.generals[side]), state.generals[1 - side]
            ray = next((r for r in RAYS[general] if other in r), ())
            if other in ray and all(after[p] == EMPTY for p in ray[: ray.index(other)]):
                return "the generals may not face each other on an open file (the flying general)"
            return f"that leaves {self.player_names[side]}'s general in check"
        return f"a {KINDS[kind]} does not move so"

    # -- what the board shows ------------------------------------------------------
    def owners(self, state: XiangqiState) -> dict[int, int]:
        return {sq: piece // 7 for sq, piece in enumerate(state.cells) if piece != EMPTY}

    def kinds(self, state: XiangqiState) -> dict[int, int]:
        return {sq: piece % 7 for sq, piece in enumerate(state.cells) if piece != EMPTY}

    def state_flag(self, state: XiangqiState) -> tuple[str, tuple[int, ...]] | None:
        me = state.turn
        general = state.generals[me]
        if state.is_over and (state.outcome is None or "checkmated" not in state.outcome.reason):
            return None
        if not attacked(state.cells, general, 1 - me):
            return None
        return f"{self.player_names[me]} is {'checkmated' if state.is_over else 'in check'}", (general,)

    def write_notation(self, state: XiangqiState, move: Move) -> str:
        piece = state.cells[move.origin]
        letter = LETTERS[piece % 7] if piece < 7 else LETTERS[piece % 7].lower()
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
