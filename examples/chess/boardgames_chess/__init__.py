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
from itertools import compress

import attrs

import boardgames
from boardgames import ChoiceOption, Game, Grid, Move, Outcome, PieceKind, State, bits, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice
from boardgames.rules.notation import AlgebraicNotation
from boardgames.rules.piece_moves import MoveTables, PieceMoves, every_way

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)  # a piece: its kind, | 8 for black's
GRID = Grid.get(8)  # squares numbered a1 0, a2 1 ... h8 63 (file * 8 + rank): square s is bit s of a bitboard
LINES, AROUND = every_way((1, 0)), every_way((1, 0), (1, 1))  # a rook's directions; a king's, a queen's
MOVES = {PAWN: PieceMoves(leaps=((1, 1), (-1, 1))), KNIGHT: PieceMoves(leaps=every_way((1, 2))),
         BISHOP: PieceMoves(rides=every_way((1, 1))), ROOK: PieceMoves(rides=LINES),
         QUEEN: PieceMoves(rides=AROUND), KING: PieceMoves(leaps=AROUND)}  # fmt: skip
TABLES = MoveTables(GRID, {kind | side << 3: (how, side) for kind, how in MOVES.items() for side in (0, 1)})
BITS, EVERYWHERE, SIDES, ROUTES, STEPS = TABLES.bits, TABLES.everywhere, TABLES.sides, TABLES.routes, TABLES.steps
occupancy = TABLES.occupancy  # each side's squares, carried from move to move (successor)
_sq = GRID.index  # a square by its file and rank

# A pawn's step ahead from each square, white's then black's (0 off the board), and its step of two from its
# first rank (0 elsewhere).
AHEAD = [[BITS[s + d] if 0 <= s + d < 64 and (s + d) // 8 == s // 8 else 0 for s in range(64)] for d in (1, -1)]
TWO = [[BITS[s + 2 * d] if s % 8 == first else 0 for s in range(64)] for d, first in ((1, 1), (-1, 6))]
LETTER = " PNBRQK"
PROMOTED = (QUEEN, ROOK, BISHOP, KNIGHT, KING)  # by choice, as Choices below names them
KINDS = ("pawn", "knight", "bishop", "rook", "queen", "king")
START = "RNBQKBNR"
LOST = [{_sq(7, 0): 1, _sq(0, 0): 2, _sq(7, 7): 4, _sq(0, 7): 8}.get(s, 0) for s in range(64)]  # a rook's corner
# Each side's castlings (O-O, then O-O-O): the right's bit (shifted by side), the rook's square, the squares
# between king and rook and those the king passes, as bitboards, and the king's move.
CASTLES = [
    [(right, _sq(rook_f, r), sum(BITS[_sq(f, r)] for f in between), sum(BITS[_sq(f, r)] for f in passed),
      Move(_sq(4, r), _sq(passed[-1], r), ()))
     for right, rook_f, between, passed in ((1, 7, (5, 6), (5, 6)), (2, 0, (1, 2, 3), (3, 2)))]
    for r in (0, 7)
]  # fmt: skip
LAST = (GRID.edge("north"), GRID.edge("south"))  # each side's last rank: its pawns' promotions


MATING = frozenset(kind | side for kind in (PAWN, ROOK, QUEEN) for side in (0, 8))  # any of them mates


@attrs.frozen(kw_only=True, slots=False)
class ChessState(State):
    board: bytes = b""  # a byte a square: a piece's kind, | 8 for black's; 0 empty
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
    # SAN as OpenSpiel writes it (no check to say in antichess): a check seen on the board alone.
    move_notation = AlgebraicNotation(
        castling=5, gives_check=lambda s, m: not s.game.anti and in_check(s.game.made(s, m)[0], 1 - s.turn)
    )
    option_specs = (ChoiceOption("variant", "chess, or antichess (losing chess)", "chess", ("chess", "antichess")),)
    max_length = 17695  # OpenSpiel's
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID
        self.anti = self.options["variant"] == "antichess"
        self.check_rule = not self.anti  # whether a move may not leave its king attacked (a variant may have none)
        self.promoted = range(5 if self.anti else 4)

    def initial_state(self) -> ChessState:
        board, castling = [0] * 64, 0 if self.anti else 15
        for f, piece in enumerate(START):  # a file, a1 to a8: white's piece and pawn, four empty, black's
            board[_sq(f, 0) : _sq(f + 1, 0)] = LETTER.index(piece), PAWN, 0, 0, 0, 0, PAWN | 8, LETTER.index(piece) | 8
        return ChessState(game=self, board=bytes(board), castling=castling, seen=((bytes(board), 0, castling, -1),))

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: ChessState) -> tuple[Move, ...]:
        me, board = state.turn, state.board
        if self.anti:
            moves = self.moves(state, 0, {}, EVERYWHERE)
            return tuple([m for m in moves if board[m.to]] or moves)  # an en passant capture is not forced
        # The squares the other side attacks, seen with the king lifted (a rook's line through it counts); pins
        # and checks, seen from the king.
        danger, pins, stops, _ = TABLES.safety(board, me, board.index(KING | me << 3), sum(occupancy(state)))
        return tuple(self.moves(state, danger, pins, stops))  # in order as made

    def moves(self, state: ChessState, danger: int, pins: dict[int, int], stops: int) -> list[Move]:
        """The legal moves in order, square by square: the king keeps off ``danger`` and castles, another piece
        goes where its pin and ``stops`` (what stops a check) leave it; en passant is tried (two leave a rank)."""
        board, me, ep, moves, (white, black) = state.board, state.turn, state.ep, [], occupancy(state)
        occupied, mine = white | black, black if me else white
        free, empty, theirs = EVERYWHERE ^ mine, EVERYWHERE ^ occupied, occupied ^ mine
        ahead, two, leaps, reach = AHEAD[me], TWO[me], TABLES.leaps, TABLES.reach
        allowed = stops & free  # where a piece other than the king may go, unless pinned
        takers = leaps[PAWN | (1 - me) << 3][ep] if ep >= 0 else 0  # the squares a pawn takes en passant from
        for o in compress(range(64), board.translate(SIDES[me])):  # my pieces, square by square
            kind, piece = board[o] & 7, board[o]
            if kind == PAWN:  # a step ahead while empty, two from its first rank, a take a file either side
                targets = leaps[piece][o] & theirs
                if ahead[o] & empty:
                    targets |= ahead[o] | two[o] & empty
                targets &= stops if o not in pins else pins[o] & stops
                if takers >> o & 1 and (not self.check_rule or not in_check(self.made(state, STEPS[o][ep])[0], me)):
                    targets |= BITS[ep]
                if targets & LAST[me]:  # onto the last rank: a move for each piece it may become
                    moves += [with_choice(STEPS[o][t], k) for t in bits(targets) for k in self.promoted]
                    continue
            elif kind == KING:  # and castling: the right kept, not in check, the rook home, the squares
                targets = leaps[piece][o] & free & ~danger  # between empty, none the king passes attacked
                rights = 0 if danger >> o & 1 else state.castling >> 2 * me & 3
                for right, rook, between, passed, castle in CASTLES[me] if rights else ():
                    if rights & right and o == castle.origin and board[rook] == ROOK | me << 3:
                        targets |= 0 if occupied & between | danger & passed else BITS[castle.to]
            else:
                targets = (leaps[piece][o] if kind == KNIGHT else reach(piece, o, occupied)) & (
                    allowed if o not in pins else pins[o] & allowed
                )
            if targets:
                moves += ROUTES[o][targets]
        return moves

    def made(self, state: ChessState, move: Move) -> tuple[bytes, int]:
        """The board after ``move``, and the square of a piece it took, or -1."""
        board, (o, t) = bytearray(state.board), (move.origin, move.to)
        p, taken = board[o], t if board[t] else -1
        board[o], board[t] = 0, p if move.choice < 0 else PROMOTED[move.choice] | p & 8
        if p & 7 == PAWN and t == state.ep:
            taken = t - 1 if state.turn == 0 else t + 1
            board[taken] = 0
        elif p & 7 == KING and abs(t - o) == 16:  # castling: the rook jumps over
            rook_from, rook_to = castled_rook(o, t)
            board[rook_to], board[rook_from] = board[rook_from], 0
        return bytes(board), taken

    def successor(self, state: ChessState, move: Move) -> ChessState:
        """The position after ``move``, its outcome not yet asked."""
        me, (o, t) = state.turn, (move.origin, move.to)
        board, taken = self.made(state, move)
        pawn, king = state.board[o] & 7 == PAWN, state.board[o] & 7 == KING
        castling = state.castling & ~LOST[o] & ~LOST[t] & ~(3 << 2 * me if king else 0)
        ep = (o + t) // 2 if pawn and abs(t - o) == 2 else -1
        key = (board, 1 - me, castling, ep)
        clock, seen = (0, (key,)) if pawn or taken >= 0 else (state.clock + 1, state.seen + (key,))
        after = boardgames.new_state(state.__class__, {  # the state's own class (a variant's added fields at their
            "game": self, "history": state.history + (move,), "turn": 1 - me, "board": board,  # defaults)
            "castling": castling, "ep": ep, "clock": clock, "seen": seen})  # fmt: skip
        rook = sum(BITS[s] for s in castled_rook(o, t)) if king and abs(t - o) == 16 else 0
        TABLES.carry(state, after, BITS[o] | BITS[t] | rook, BITS[taken] if taken >= 0 else 0)
        return after

    def apply(self, state: ChessState, move: Move) -> ChessState:
        after = self.successor(state, move)
        ended = self.ends(after)
        return attrs.evolve(after, outcome=ended) if ended else after

    def ends(self, state: ChessState) -> Outcome | None:
        if "ended" not in state.__dict__:  # asked once a position
            state.__dict__["ended"] = self._ends(state)
        return state.__dict__["ended"]

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
            return Outcome(1 - me, "checkmate") if in_check(board, me) else Outcome(None, "stalemate")
        if state.clock >= 100:
            return Outcome(None, "a hundred plies without a pawn move or a capture")
        return None

    @staticmethod
    def sufficient(board: bytes) -> bool:
        """OpenSpiel's test: a pawn, rook or queen; a knight and another minor piece; bishops on both colours."""
        if not MATING.isdisjoint(board):  # looked for in C: almost every position has one
            return True
        minors = [(p & 7, (s // 8 + s) % 2) for s, p in enumerate(board) if p & 7 in (KNIGHT, BISHOP)]
        return len(minors) > 1 and (any(k == KNIGHT for k, _ in minors) or len({c for _, c in minors}) == 2)

    # -- the board and the notation --------------------------------------------
    def owners(self, state: ChessState) -> dict[int, int]:
        return {s: p >> 3 for s, p in enumerate(state.board) if p}

    def kinds(self, state: ChessState) -> dict[int, int]:
        return {s: (p & 7) - 1 for s, p in enumerate(state.board) if p}

    def state_flag(self, state: ChessState) -> tuple[str, tuple[int, ...]] | None:
        me, ended = state.turn, state.outcome
        if self.anti or ended is not None and ended.reason != "checkmate" or not in_check(state.board, me):
            return None
        return f"{self.player_names[me]} is {'checkmated' if ended else 'in check'}", (
            state.board.index(KING | me << 3),
        )

    def also_moved(self, state: ChessState) -> tuple[int, ...]:
        last = state.history[-1] if state.history else None
        if last is None or state.board[last.to] & 7 != KING or abs(last.to - last.origin) != 16:
            return ()
        return castled_rook(last.origin, last.to)


def castled_rook(king_from: int, king_to: int) -> tuple[int, int]:
    """Where the rook castling with a king from ``king_from`` to ``king_to`` starts and lands."""
    return (king_to + 8, king_to - 8) if king_to > king_from else (king_to - 16, king_to + 8)


def in_check(board: bytes, side: int) -> bool:
    return TABLES.in_check(board, KING | side << 3)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Chess)
