"""Crazyhouse, as OpenSpiel's ``crazyhouse`` plays it: chess where a piece taken changes sides.

A piece taken goes to its taker's hand (a promoted one as a pawn) and may be
dropped back, by the player who holds it, on any empty square instead of a
move: a pawn not on the first or the last rank. A drop may give check, even
mate, and may stop one. Otherwise the rules of chess: castling, en passant,
promotion to the piece the mover chooses. The game ends at checkmate (a win),
stalemate or a position seen the third time, pieces in hand counted (draws);
as in OpenSpiel, no hundred-ply rule and no draw for too little material.

Moves in SAN as OpenSpiel writes them: ``e4``, ``Nf3``, ``exd5``, ``O-O``,
``e8=Q+``; a drop ``N@f3`` (no check sign); a promoted piece moves under its
own letter (``H`` knight, ``A`` bishop, ``C`` rook, ``E`` queen: ``Exd5``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

import attrs
from boardgames_chess import BITS, EVERYWHERE, KINDS, KING, LOST, PAWN, Chess, ChessState, in_check, occupancy

import boardgames
from boardgames import Coordinates, Counted, Grid, Move, Outcome, PieceKind, hookimpl
from boardgames.geometry.bits import bits
from boardgames.rules.choices import Choices
from boardgames.rules.notation import why_not_dropped

#: The board is files a-h of an 11 x 8 grid, so its squares are chess' (a1 0, a2 1 ... h8 63); the hands
#: beside it, each nearest its owner: white's pawn, knight, bishop, rook and queen on j1-j5, black's on k8-k4.
GRID = Grid.from_cells(11, 8, [(f, r) for f in range(8) for r in range(8)]
                       + [(9, k) for k in range(5)] + [(10, 7 - k) for k in range(5)])  # fmt: skip
HAND = (tuple(72 + k for k in range(5)), tuple(87 - k for k in range(5)))  # [side][pawn..queen]
HELD = {site: (side, k) for side in (0, 1) for k, site in enumerate(HAND[side])}
#: A drop of kind k (pawn 0 ... queen 4; the piece's code is k + 1) by each side to each square.
DROPS = [[[Move(HAND[side][k], t, ()) for t in range(64)] for k in range(5)] for side in (0, 1)]
MIDDLE = sum(BITS[s] for s in range(64) if 0 < s % 8 < 7)  # where a pawn may be dropped
PROMOTED_KINDS = ("knight", "bishop", "rook", "queen")  # their kind indices: 6 to 9, as "HACE" letters them


@attrs.frozen(kw_only=True, slots=False)
class CrazyhouseState(ChessState):
    hands: tuple[int, ...] = (0,) * 10  # white's pawns, knights, bishops, rooks, queens in hand, then black's
    promoted: int = 0  # a bitboard of the pieces that were pawns: taken, each goes to the hand as a pawn


class Crazyhouse(Chess):
    name = "crazyhouse"
    title = "Crazyhouse"
    summary = "Crazyhouse as OpenSpiel plays it: chess whose taken pieces go to the taker's hand and are dropped back."
    # The chess set; a promoted piece drawn as the piece it became, lettered as OpenSpiel letters it.
    piece_kinds = Chess.piece_kinds + tuple(
        PieceKind(f"promoted {n}", "HACE"[i], shape=n)  # type: ignore[arg-type]
        for i, n in enumerate(PROMOTED_KINDS)
    )
    counted = Counted("piece", "pieces", "hand", owned=True)
    board_labels = Coordinates(files="abcdefgh   ", ranks="12345678")  # the hands' files unlabelled, so not checkered
    move_choices = Choices("Promote to?", ("queen", "rook", "bishop", "knight"), ("Q", "R", "B", "N"))
    move_notation = attrs.evolve(Chess.move_notation, hands=HAND, checks_on_drops=False)  # OpenSpiel's: N@f3
    option_specs = ()
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid, self.anti, self.check_rule, self.promoted = GRID, False, True, range(4)

    def initial_state(self) -> CrazyhouseState:
        start = super().initial_state()
        key = hash((start.board, 0, start.castling, -1, (0,) * 10, 0))
        return CrazyhouseState(game=self, board=start.board, castling=start.castling, seen=(key,))

    # -- moves ---------------------------------------------------------------
    def moves(self, state: CrazyhouseState, danger: int, pins: dict[int, int], stops: int) -> list[Move]:  # type: ignore[override]
        """Chess' moves, then the drops, by site (after the board's squares): on an empty square that ``stops``
        allows (one between the king and a checking piece; none in a double check), a pawn not on the first or
        last rank."""
        moves, me = super().moves(state, danger, pins, stops), state.turn
        hand = state.hands[5 * me : 5 * me + 5]
        if any(hand):
            empty = EVERYWHERE & ~sum(occupancy(state)) & stops  # the two sides' squares, disjoint
            for k in compress(range(5), hand) if me == 0 else compress(range(4, -1, -1), hand[::-1]):  # by site
                moves += map(DROPS[me][k].__getitem__, bits(empty & MIDDLE if k == 0 else empty))
        return moves

    def made(self, state: CrazyhouseState, move: Move) -> tuple[bytes, int]:  # type: ignore[override]
        if move.origin < 64:
            return super().made(state, move)
        side, k = HELD[move.origin]
        board = bytearray(state.board)
        board[move.to] = k + 1 | side << 3
        return bytes(board), -1

    def successor(self, state: CrazyhouseState, move: Move) -> CrazyhouseState:  # type: ignore[override]
        """The position after ``move``: the board, the hands, which pieces were promoted, the castling
        rights and the en passant square; the repetitions counted over the whole game, since a
        position may come back after a capture or a pawn's move (the pieces return to the hands)."""
        me, (o, t), hands, promoted = state.turn, (move.origin, move.to), list(state.hands), state.promoted
        board, taken = self.made(state, move)
        if o >= 64:
            hands[5 * me + HELD[o][1]] -= 1
        else:
            if taken >= 0:  # to the taker's hand: a promoted piece as a pawn
                hands[5 * me + (0 if promoted >> taken & 1 else (state.board[taken] & 7) - 1)] += 1
                promoted &= ~BITS[taken]
            moved = promoted >> o & 1 or move.choice >= 0
            promoted = promoted & ~BITS[o] | (BITS[t] if moved else 0)
        king = o < 64 and state.board[o] & 7 == KING
        castling = state.castling & ~(LOST[o] if o < 64 else 0) & ~LOST[t] & ~(3 << 2 * me if king else 0)
        ep = -1
        if o < 64 and state.board[o] & 7 == PAWN and abs(t - o) == 2:  # OpenSpiel sets it only where a pawn
            enemy = PAWN | (1 - me) << 3  # could take en passant, so that a position repeats without it
            ep = (o + t) // 2 if any(0 <= t + d < 64 and board[t + d] == enemy for d in (-8, 8)) else -1
        hands_t = tuple(hands)
        key = hash((board, 1 - me, castling, ep, hands_t, promoted))
        return CrazyhouseState(game=self, history=state.history + (move,), turn=1 - me, board=board,
                               castling=castling, ep=ep, hands=hands_t, promoted=promoted,
                               seen=state.seen + (key,))  # fmt: skip

    def _ends(self, state: CrazyhouseState) -> Outcome | None:  # type: ignore[override]
        seen = state.seen  # the same player to move: every other position, counted from the last
        if seen[-1::-2].count(seen[-1]) >= 3:
            return Outcome(None, "the same position a third time")
        if not state.legal_moves:
            me = state.turn
            return Outcome(1 - me, "checkmate") if in_check(state.board, me) else Outcome(None, "stalemate")
        return None

    # -- the board, the hands and the notation -----------------------------------
    def kinds(self, state: CrazyhouseState) -> dict[int, int]:  # type: ignore[override]
        promoted = state.promoted
        on_board = {s: (p & 7) - 1 + (5 if promoted >> s & 1 else 0) for s, p in enumerate(state.board) if p}
        return on_board | {HAND[k // 5][k % 5]: k % 5 for k, n in enumerate(state.hands) if n}  # what each holds

    def counts(self, state: CrazyhouseState) -> dict[int, tuple[int, int | None]]:
        return {HAND[k // 5][k % 5]: (n, k // 5) for k, n in enumerate(state.hands) if n}

    def why_illegal(self, state: CrazyhouseState, move: Move) -> str:  # type: ignore[override]
        if move.origin not in HELD:
            return super().why_illegal(state, move)
        said = why_not_dropped(self, state, move)  # nothing of that kind in hand, the square taken
        if said is None and HELD[move.origin][1] == 0 and move.to % 8 in (0, 7):
            said = "a pawn is never dropped on the first or the last rank"
        return said or f"{self.player_names[state.turn]}'s king would still be in check"


assert KINDS[:5] == ("pawn", "knight", "bishop", "rook", "queen")  # a hand's kinds, in chess' order


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Crazyhouse)
