"""Chess, as OpenSpiel's ``chess`` plays it; ``-o variant=antichess`` for its ``antichess``.

The usual rules: castling, en passant, promotion to the piece the mover
chooses. The game ends at checkmate (a win), stalemate, a position seen the
third time, a hundred plies without a pawn move or a capture, or material
too little for any mate (draws). Moves are written as players write them
(SAN): ``e4``, ``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``; ``e2-e4`` is read too.

Antichess: no castling, a king is a piece like any other (a pawn may become
one), captures must be made; a player with no pieces left, or no move, wins.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

import attrs

import boardgames
from boardgames import ChoiceOption, Game, Grid, Move, Outcome, PieceKind, State, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice

from . import san

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # a piece: its kind, | 8 for black's
LETTER = " PNBRQK"
PROMOTED = (QUEEN, ROOK, BISHOP, KNIGHT, KING)  # by choice, as Choices below names them
STRAIGHT, DIAGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1)), ((1, 1), (1, -1), (-1, 1), (-1, -1))
KINDS = ("pawn", "knight", "bishop", "rook", "queen", "king")


def _sq(f: int, r: int) -> int:
    return f * 8 + r  # the grid's numbering: a1 0, a2 1 ... h8 63


def _ray(f: int, r: int, df: int, dr: int, most: int = 7) -> tuple[int, ...]:
    return tuple(_sq(f + k * df, r + k * dr) for k in range(1, most + 1) if 0 <= f + k * df < 8 and 0 <= r + k * dr < 8)


SQUARES = [(f, r) for f in range(8) for r in range(8)]
RAYS = {d: [_ray(f, r, *d) for f, r in SQUARES] for d in STRAIGHT + DIAGONAL}
KNIGHT_STEPS = [
    sum(
        (_ray(f, r, df, dr, 1) for df, dr in ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))),
        (),
    )
    for f, r in SQUARES
]
KING_STEPS = [sum((_ray(f, r, *d, 1) for d in STRAIGHT + DIAGONAL), ()) for f, r in SQUARES]
# The squares a pawn of each side attacks ``s`` from.
PAWN_FROM = [[sum((_ray(f, r, df, -dr, 1) for df in (1, -1)), ()) for f, r in SQUARES] for dr in (1, -1)]
START = "RNBQKBNR"
EVERYWHERE = (1 << 64) - 1
STEPS = [[Move(o, t, ()) for t in range(64)] for o in range(64)]  # every from-to made once
MATING = frozenset(kind | side for kind in (PAWN, ROOK, QUEEN) for side in (0, 8))  # any of them mates


def _getter(squares: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """What a board holds on ``squares``, read in one C call (operator.itemgetter; a tuple even for one)."""
    if len(squares) > 1:
        return itemgetter(*squares)
    return (lambda board: (board[squares[0]],)) if squares else (lambda board: ())


# Per square: readers of what stands a knight's, a king's and (per side) a pawn's step away, and of each line.
NEAR = [
    (_getter(KNIGHT_STEPS[s]), _getter(KING_STEPS[s]), [_getter(PAWN_FROM[by][s]) for by in (0, 1)]) for s in range(64)
]
LINES = [
    [(ROOK, _getter(RAYS[d][s])) for d in STRAIGHT] + [(BISHOP, _getter(RAYS[d][s])) for d in DIAGONAL]
    for s in range(64)
]


def attacked(board: tuple[int, ...], s: int, by: int) -> bool:
    """Whether a piece of side ``by`` attacks square ``s``: the first piece on each line is read in C."""
    b = by << 3
    knights, kings, pawns = NEAR[s]
    if KNIGHT | b in knights(board) or KING | b in kings(board) or PAWN | b in pawns[by](board):
        return True
    queen = QUEEN | b
    for slider, line in LINES[s]:
        first = next(filter(None, line(board)), 0)
        if first == slider | b or first == queen:
            return True
    return False


def pinned(board: tuple[int, ...], king: int, side: int) -> dict[int, int]:
    """For each piece of ``side``'s pinned to its king, the squares it may still go to (its line to the
    pinner, the pinner too); another may go anywhere (EVERYWHERE)."""
    pins, enemy = {}, (1 - side) << 3
    for ways, slider in ((STRAIGHT, ROOK), (DIAGONAL, BISHOP)):
        for d in ways:
            ray, mine = RAYS[d][king], -1
            for i, t in enumerate(ray):
                if not board[t]:
                    continue
                if mine < 0 and board[t] >> 3 == side:
                    mine = t
                    continue
                if mine >= 0 and board[t] in (slider | enemy, QUEEN | enemy):
                    pins[mine] = sum(1 << u for u in ray[: i + 1])
                break
    return pins


def in_check(board: tuple[int, ...], side: int) -> bool:
    king = KING | side << 3
    return king in board and attacked(board, board.index(king), 1 - side)


@attrs.frozen(kw_only=True, slots=False)
class ChessState(State):
    board: tuple[int, ...] = ()
    castling: int = 0  # 1 white O-O, 2 white O-O-O, 4 black O-O, 8 black O-O-O
    ep: int = -1  # the square a pawn skipped over last move
    clock: int = attrs.field(default=0, metadata={"key": False})  # plies since a pawn moved or a piece was taken
    seen: tuple[object, ...] = attrs.field(default=(), metadata={"key": False})  # positions since then


class Chess(Game[ChessState]):
    name = "chess"
    title = "Chess"
    summary = "Chess as OpenSpiel plays it (SAN notation); antichess as an option."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#111111")
    checkered = True
    # Drawn as the chess set (its glyphs), lettered as SAN letters them.
    piece_kinds = tuple(PieceKind(n, "PNBRQK"[i], shape=n) for i, n in enumerate(KINDS))  # type: ignore[arg-type]
    move_choices = Choices("Promote to?", ("queen", "rook", "bishop", "knight", "king"), ("Q", "R", "B", "N", "K"))
    option_specs = (ChoiceOption("variant", "chess, or antichess (losing chess)", "chess", ("chess", "antichess")),)
    max_length = 17695  # OpenSpiel's
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = Grid.get(8)
        self.anti = self.options["variant"] == "antichess"
        self.promoted = range(5 if self.anti else 4)

    def initial_state(self) -> ChessState:
        board = [0] * 64
        for f in range(8):
            board[_sq(f, 0)], board[_sq(f, 1)] = " PNBRQK".index(START[f]), PAWN
            board[_sq(f, 7)], board[_sq(f, 6)] = board[_sq(f, 0)] | 8, PAWN | 8
        board_t = tuple(board)
        return ChessState(
            game=self, board=board_t, castling=0 if self.anti else 15, seen=((board_t, 0, 0 if self.anti else 15, -1),)
        )

    # -- moves ---------------------------------------------------------------
    def pseudo(self, state: ChessState) -> list[Move]:
        """Every move by the rules of movement, a king left in check or not."""
        board, me, moves = state.board, state.turn, []
        ahead, home, last = (1, 1, 7) if me == 0 else (-1, 6, 0)
        for o, p in enumerate(board):
            if not p or p >> 3 != me:
                continue
            kind, r = p & 7, o % 8
            if kind == PAWN:
                targets = [t for t in PAWN_FROM[1 - me][o] if (board[t] and board[t] >> 3 != me) or t == state.ep]
                if not board[o + ahead]:
                    targets.append(o + ahead)
                    if r == home and not board[o + 2 * ahead]:
                        targets.append(o + 2 * ahead)
                for t in targets:
                    step = STEPS[o][t]
                    moves.extend(with_choice(step, k) for k in self.promoted) if t % 8 == last else moves.append(step)
                continue
            if kind in (KNIGHT, KING):
                targets = [
                    t
                    for t in (KNIGHT_STEPS if kind == KNIGHT else KING_STEPS)[o]
                    if not board[t] or board[t] >> 3 != me
                ]
            else:
                targets = []
                for d in STRAIGHT if kind == ROOK else DIAGONAL if kind == BISHOP else STRAIGHT + DIAGONAL:
                    for t in RAYS[d][o]:
                        if board[t] and board[t] >> 3 == me:
                            break
                        targets.append(t)
                        if board[t]:
                            break
            moves.extend(map(STEPS[o].__getitem__, targets))
        if state.castling >> 2 * me & 3 and not in_check(board, me):
            rank, king = 7 * me, KING | me << 3
            for side, rook_f, between, passed in ((1, 7, (5, 6), (5, 6)), (2, 0, (1, 2, 3), (3, 2))):
                if (
                    state.castling >> 2 * me & side
                    and board[_sq(4, rank)] == king
                    and board[_sq(rook_f, rank)] == ROOK | me << 3
                ):
                    if not any(board[_sq(f, rank)] for f in between) and not any(
                        attacked(board, _sq(f, rank), 1 - me) for f in passed
                    ):
                        moves.append(Move(_sq(4, rank), _sq(passed[-1], rank), ()))
        return moves

    def generate_moves(self, state: ChessState) -> tuple[Move, ...]:
        moves = self.pseudo(state)
        if self.anti:
            takes = [
                m for m in moves if state.board[m.to]
            ]  # an en passant capture takes on an empty square: not forced
            return tuple(sorted(takes or moves))
        me, board = state.turn, state.board
        king = board.index(KING | me << 3)
        if attacked(board, king, 1 - me):  # in check: each move tried
            return tuple(sorted(m for m in moves if not in_check(self.made(state, m)[0], me)))
        # Out of check only a pinned piece may uncover the king: it stays on its pin's line. The king may
        # not step where it is attacked (looked at with the king lifted: a rook's line through it counts);
        # en passant (two pieces leave a rank) is tried.
        pins, lifted = pinned(board, king, me), (*board[:king], 0, *board[king + 1 :])
        return tuple(
            sorted(
                m
                for m in moves
                if (not attacked(lifted, m.to, 1 - me) if m.origin == king
                    else not in_check(self.made(state, m)[0], me) if m.to == state.ep
                    else pins.get(m.origin, EVERYWHERE) >> m.to & 1)
            )
        )  # fmt: skip

    def made(self, state: ChessState, move: Move) -> tuple[tuple[int, ...], int]:
        """The board after ``move``, and the square of a piece it took, or -1."""
        board, (o, t) = list(state.board), (move.origin, move.to)
        p, taken = board[o], t if board[t] else -1
        board[o], board[t] = 0, p if move.choice < 0 else PROMOTED[move.choice] | p & 8
        if p & 7 == PAWN and t == state.ep:
            taken = t - 1 if state.turn == 0 else t + 1
            board[taken] = 0
        elif p & 7 == KING and abs(t - o) == 16:  # castling: the rook jumps over
            rook_from, rook_to = (t + 8, t - 8) if t > o else (t - 16, t + 8)
            board[rook_to], board[rook_from] = board[rook_from], 0
        return tuple(board), taken

    def successor(self, state: ChessState, move: Move) -> ChessState:
        """The position after ``move``, its outcome not yet asked."""
        me, (o, t) = state.turn, (move.origin, move.to)
        board, taken = self.made(state, move)
        pawn, king = state.board[o] & 7 == PAWN, state.board[o] & 7 == KING
        lost = {_sq(7, 0): 1, _sq(0, 0): 2, _sq(7, 7): 4, _sq(0, 7): 8}  # a rook's corner left or taken on
        castling = state.castling & ~lost.get(o, 0) & ~lost.get(t, 0) & ~(3 << 2 * me if king else 0)
        ep = (o + t) // 2 if pawn and abs(t - o) == 2 else -1
        fresh = pawn or taken >= 0
        key = (board, 1 - me, castling, ep)
        return ChessState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            board=board,
            castling=castling,
            ep=ep,
            clock=0 if fresh else state.clock + 1,
            seen=(key,) if fresh else state.seen + (key,),
        )

    def apply(self, state: ChessState, move: Move) -> ChessState:
        after = self.successor(state, move)
        ended = self.ends(after)
        return attrs.evolve(after, outcome=ended) if ended else after

    def ends(self, state: ChessState) -> Outcome | None:
        if "ended" in state.__dict__:
            return state.__dict__["ended"]
        state.__dict__["ended"] = found = self._ends(state)
        return found

    def _ends(self, state: ChessState) -> Outcome | None:
        me, board = state.turn, state.board
        if not self.anti and not self.sufficient(board):
            return Outcome(None, "too little material to mate")
        if state.seen.count(state.seen[-1]) >= 3:
            return Outcome(None, "the same position a third time")
        if self.anti and not any(p and p >> 3 == 1 - me for p in board):
            return Outcome(1 - me, f"{self.player_names[1 - me]} has no pieces left")
        if not state.legal_moves:
            if self.anti:
                return Outcome(me, f"{self.player_names[me]} has no move")
            checked = in_check(board, me)
            return Outcome(1 - me, "checkmate") if checked else Outcome(None, "stalemate")
        if state.clock >= 100:
            return Outcome(None, "a hundred plies without a pawn move or a capture")
        return None

    @staticmethod
    def sufficient(board: tuple[int, ...]) -> bool:
        """OpenSpiel's test: a pawn, rook or queen; two knights a side; a knight and more; bishops on both colours."""
        if not MATING.isdisjoint(board):  # looked for in C: almost every position has one
            return True
        knights, bishops = [0, 0], set()
        for s, p in enumerate(board):
            kind = p & 7
            if kind in (PAWN, ROOK, QUEEN):
                return True
            if kind == KNIGHT:
                knights[p >> 3] += 1
            elif kind == BISHOP:
                bishops.add((p >> 3, sum(SQUARES[s]) % 2))
        if max(knights) > 1 or any(knights[c] and (any(b[0] == c for b in bishops) or knights[1 - c]) for c in (0, 1)):
            return True
        if any(knights[c] and any(b[0] == 1 - c for b in bishops) for c in (0, 1)):
            return True
        return len({colour for _, colour in bishops}) == 2

    # -- the board and the notation --------------------------------------------
    def owners(self, state: ChessState) -> dict[int, int]:
        return {s: p >> 3 for s, p in enumerate(state.board) if p}

    def kinds(self, state: ChessState) -> dict[int, int]:
        return {s: (p & 7) - 1 for s, p in enumerate(state.board) if p}

    def state_flag(self, state: ChessState) -> tuple[str, tuple[int, ...]] | None:
        me, king = state.turn, KING | state.turn << 3
        if self.anti or state.outcome is not None and state.outcome.reason != "checkmate" or king not in state.board:
            return None
        at = state.board.index(king)
        checked = attacked(state.board, at, 1 - me)
        return (
            (f"{self.player_names[me]} is {'checkmated' if state.outcome else 'in check'}", (at,)) if checked else None
        )

    def also_moved(self, state: ChessState) -> tuple[int, ...]:
        last = state.history[-1] if state.history else None
        if last is None or state.board[last.to] & 7 != KING or abs(last.to - last.origin) != 16:
            return ()
        return (last.to + 8, last.to - 8) if last.to > last.origin else (last.to - 16, last.to + 8)  # the rook

    def write_notation(self, state: ChessState, move: Move) -> str:
        return san.write(self, state, move)

    def read_notation(self, state: ChessState, text: str) -> Move | None:
        return san.read(self, state, text)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Chess)
