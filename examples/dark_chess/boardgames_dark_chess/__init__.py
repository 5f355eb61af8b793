"""Dark chess, as OpenSpiel's ``dark_chess`` plays it: chess where each side sees only part of the board.

A player sees its own pieces and every square one of them could move to
were it its turn: along a line up to and including the first piece in the
way, a pawn's steps ahead while they are empty and its diagonals only where
it could take, castling's squares when it may castle. The rest is dark.
There is no check: a king may stay or step where it can be taken, and the
game is won by taking the other's king. Otherwise the rules of chess:
castling, en passant, promotion to the piece the mover chooses. A position
seen the third time, a player with no move and a hundred plies without a
pawn move or a capture draw; no position is too little material.

Moves in SAN as OpenSpiel writes them, with no check sign: ``e4``, ``Nf3``,
``exd5``, ``O-O``, ``e8=Q``. Each player sees its own moves; of the other's
only that it moved (``?``) and what the board then shows it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
from boardgames_chess import (
    BISHOP,
    BITS,
    EVERYWHERE,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    TABLES,
    Chess,
    ChessState,
    occupancy,
)

import boardgames
from boardgames import Move, Outcome, Overlay, bits, hookimpl
from boardgames.rules.moves import with_choice

FORWARD = (1, -1)  # a pawn's step ahead, white's and black's (a square is file * 8 + rank)
EMPTY = bytes(64)
#: What a player is shown of the other's move: that it moved, not what (``?``); its marks say what the board then shows.
OTHERS_MOVE = (-3, -2)
#: The other's set of pieces, by code (pawn 1 ... king 6), for a position drawn from a view.
SET = (KNIGHT, KNIGHT, BISHOP, BISHOP, ROOK, ROOK, QUEEN) + (PAWN,) * 8


@attrs.frozen(kw_only=True, slots=False)
class DarkChessState(ChessState):
    fog: int = 0  # the squares the viewer does not see, as a bitboard (0 in the whole position)
    viewer: int | None = -1  # whose view hide() made: a player, None a spectator; -1 the whole position


class DarkChess(Chess):
    name = "dark_chess"
    title = "Dark chess"
    summary = "Chess where you see only the squares your pieces reach, won by taking the king (OpenSpiel's dark_chess)."
    overlay_kinds = (Overlay("unseen", colour="#555555"),)
    move_notation = attrs.evolve(Chess.move_notation, gives_check=None)  # OpenSpiel's SAN, with no check to say
    option_specs = ()
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid, self.anti, self.check_rule, self.promoted = TABLES.grid, False, False, range(4)

    def initial_state(self) -> DarkChessState:
        start = super().initial_state()
        return DarkChessState(game=self, board=start.board, castling=start.castling, seen=start.seen)

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: DarkChessState) -> tuple[Move, ...]:  # type: ignore[override]
        return tuple(self.moves(state, 0, {}, EVERYWHERE))

    def moves(self, state: DarkChessState, danger: int, pins: dict[int, int], stops: int) -> list[Move]:  # type: ignore[override]
        """Chess' moves with nothing attacked (no check: none is refused for the king, en passant
        neither); in a view, none through a square the viewer does not see (that step would show it)."""
        moves = super().moves(state, danger, pins, stops)
        return [m for m in moves if not self.passed(state, m) & state.fog] if state.fog else moves

    @staticmethod
    def pawns_taking(board: bytes, ep: int, side: int) -> list[int]:
        """The squares of ``side``'s pawns that could take on ``ep`` (a pawn of ``side``'s goes there diagonally)."""
        return [s for s in bits(TABLES.leaps[PAWN | (1 - side) << 3][ep]) if board[s] == PAWN | side << 3]

    @staticmethod
    def passed(state: DarkChessState, move: Move) -> int:
        """The squares a pawn's step or castling needs empty (besides where the castling rook starts)."""
        (o, t), kind = move[:2], state.board[move.origin] & 7
        if kind == PAWN and o // 8 == t // 8:
            return sum(BITS[min(o, t) : max(o, t) + 1]) & ~BITS[o]
        if kind == KING and abs(t - o) == 16:
            return BITS[o + 8] | BITS[o + 16] if t > o else BITS[o - 8] | BITS[o - 16] | BITS[o - 24]
        return 0

    def _ends(self, state: DarkChessState) -> Outcome | None:  # type: ignore[override]
        me = state.turn
        if KING | me << 3 not in state.board:
            return Outcome(1 - me, f"{self.player_names[1 - me]} took the king")
        if state.seen.count(state.seen[-1]) >= 3:
            return Outcome(None, "the same position a third time")
        if not state.legal_moves:
            return Outcome(None, f"{self.player_names[me]} has no move")
        if state.clock >= 100:
            return Outcome(None, "a hundred plies without a pawn move or a capture")
        return None

    def state_flag(self, state: DarkChessState) -> None:  # type: ignore[override]
        return None  # no check in dark chess (and saying one would tell where the other's pieces are)

    # -- what each player sees ---------------------------------------------------
    def sight(self, state: DarkChessState, player: int) -> int:
        """The squares ``player`` sees, as OpenSpiel counts them: its pieces' and every square one of them
        could move to were it its turn. En passant as OpenSpiel has it (the square set only where a pawn
        could take there, for either side to see by): a pawn of ``player``'s that could take on that square
        sees it and the square behind it, seen from ``player``'s side."""
        board, ep = state.board, state.ep
        own = occupancy(state)[player]
        seen = sum({BITS[m.to] for m in self.moves(attrs.evolve(state, turn=player, ep=-1), 0, {}, EVERYWHERE)}) | own
        if ep >= 0 and self.pawns_taking(board, ep, state.turn) and self.pawns_taking(board, ep, player):
            seen |= BITS[ep] | BITS[ep - FORWARD[player]]
        return seen

    def hide(self, state: DarkChessState, player: int | None) -> DarkChessState:
        """What ``player`` sees: its own pieces, the other's on the squares it sees, the rest dark
        (``fog``); its own castling rights, en passant where it may take so. A spectator sees nothing."""
        if state.viewer != -1 or player is None:  # a view already: the same one, or nothing of it
            if state.viewer == player:
                return state
            return attrs.evolve(state, board=EMPTY, castling=0, ep=-1, seen=(), fog=EVERYWHERE, viewer=player)
        visible = self.sight(state, player)
        board = bytes(p if visible >> s & 1 else 0 for s, p in enumerate(state.board))
        takes = state.turn == player and state.ep >= 0 and self.pawns_taking(board, state.ep, player)
        return attrs.evolve(state, board=board, castling=state.castling & 3 << 2 * player, ep=state.ep if takes else -1,
                            seen=(), fog=EVERYWHERE & ~visible, viewer=player)  # fmt: skip

    def seen(self, state: DarkChessState, move: Move, player: int | None) -> Move | None:
        """A player sees its own move, and after each move, its own or the other's (``?``), what the
        board then shows it, carried in the move's marks: what it learns reaches it through what it saw."""
        if player is None:
            return None
        after = self.hide(self.successor(state, move), player)
        shown = (after.fog, after.clock, *(s << 4 | p for s, p in enumerate(after.board) if p and p >> 3 != player))
        if player != state.turn:
            return Move(*OTHERS_MOVE, shown)
        return with_choice(Move(*move[:2], shown), move.choice) if move.choice >= 0 else Move(*move[:2], shown)

    def format_move(self, move: Move) -> str:
        if move.origin >= 0 and move.marks:  # a move as its mover saw it: the move, written without what it saw
            move = with_choice(Move(*move[:2]), move.choice) if move.choice >= 0 else Move(*move[:2])
        return super().format_move(move)

    def overlays(self, state: DarkChessState) -> dict[int, int]:
        return dict.fromkeys(bits(state.fog), 0)

    def sample(self, view: DarkChessState, player: int, rng: random.Random) -> DarkChessState:
        """A whole position the view fits: the other's king and what is left of its set, each on a dark
        square, tried until ``player`` would see exactly its view. A dark square one ahead of a pawn of the
        player's holds a piece (the step would show it), as do one where castling would land; fewer pieces
        are tried when more do not fit, and the fewest such: the king and those squares."""
        other, fog = 1 - player, view.fog
        pawns = [s for s, p in enumerate(view.board) if p == PAWN | player << 3]
        # Squares that must hold a piece of the other's: a pawn's step (or double step) into the dark, castling's.
        step = FORWARD[player]
        needed = {s + step for s in pawns if fog >> s + step & 1}
        needed |= {s + 2 * step for s in pawns if s % 8 == (1, 6)[player] and not view.board[s + step]
                   and not fog >> s + step & 1 and fog >> s + 2 * step & 1}  # fmt: skip
        for m in self.moves(attrs.evolve(view, fog=0, turn=player, ep=-1), 0, {}, EVERYWHERE):
            if self.passed(view, m) & fog and view.board[m.origin] & 7 == KING:
                needed |= set(bits(self.passed(view, m) & fog))
        takes = TABLES.leaps[PAWN | player << 3]  # where a pawn of the player's takes from each square
        taken = sum(takes[s] for s in pawns)  # a piece there would be seen: the pawn could take it
        free = [s for s in bits(fog & ~taken) if s not in needed]
        visible = [p & 7 for p in view.board if p and p >> 3 == other]
        rest = list(SET)
        for kind in visible:
            if kind in rest:
                rest.remove(kind)
        king = [] if KING in visible else [KING]
        for count in (len(rest), len(rest) // 2, len(rest) // 4, 0, 0, 0):
            drawn = self.placed(view, other, sorted(needed), king + rng.sample(rest, count), free, rng)
            if drawn is not None and self.hide(drawn, player) == view:
                return drawn
        return self.placed(view, other, sorted(needed), king, free, rng) or view

    def placed(self, view: DarkChessState, other: int, needed: list[int], kinds: list[int], free: list[int],
               rng: random.Random) -> DarkChessState | None:  # fmt: skip
        """The view with the other's pieces of ``kinds`` put on ``needed`` squares first, then on ``free`` ones."""
        board, squares = bytearray(view.board), needed + rng.sample(free, len(free))
        for kind in kinds + [KNIGHT] * (len(needed) - len(kinds)):
            fits = [s for s in squares if not board[s] and (kind != PAWN or 0 < s % 8 < 7)]
            if not fits:
                return None
            board[fits[0]] = kind | other << 3
        return DarkChessState(game=self, history=view.history, turn=view.turn, board=bytes(board),
                              castling=view.castling, ep=view.ep, clock=view.clock)  # fmt: skip


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(DarkChess)
