"""Shogi, as OpenSpiel's ``shogi`` plays it.

Black (sente) moves first, up the board; white (gote) down it. A piece taken
goes to its taker's hand, unpromoted, and may be dropped back on any empty
square instead of a move: not where it could never move again, not a pawn in
a file holding one of its owner's unpromoted pawns, not a pawn that mates at
once. A pawn, lance, knight, silver, bishop or rook moving into, within or
out of the last three ranks may promote (the mover chooses; a pawn or lance
reaching the last rank, a knight the last two, must). A player with no legal
move loses. A position seen the fourth time ends the game: lost by a player
who gave check with each of their last six moves, else drawn. A king in the
far three ranks whose side counts 28 points there and in hand (rook and
bishop 5, the others 1) wins; both kings so placed draw.

Moves as OpenSpiel writes them (USI): ``7g7f``, ``8h2b+`` (promoting),
``P*5e`` (a pawn dropped on 5e). Files are numbered 9 to 1 from black's left,
ranks a to i from the top.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import Coordinates, Counted, Game, Move, Outcome, State, bits, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.notation import CoordinateNotation, square_name

from .board import DROPS, EVERYWHERE, GRID, HAND, HAND_KIND, PIECE_KINDS, START, TABLES, WORTH, ZONE, K, P, code

BITS = TABLES.bits
CAMP = [bits(zone) for zone in ZONE]  # each side's far three ranks


@attrs.frozen(kw_only=True, slots=False)
class ShogiState(State):
    board: bytes = b""  # a byte a site of the grid: a piece's code (board.code), 0 empty
    hands: tuple[int, ...] = (0,) * 14  # black's pawns ... rooks in hand, then white's
    checks: tuple[int, int] = attrs.field(default=(0, 0), metadata={"key": False})  # checks in a row
    seen: tuple[int, ...] = attrs.field(default=(), metadata={"key": False})  # each position's hash


class Shogi(Game[ShogiState]):
    name = "shogi"
    title = "Shogi"
    summary = "Shogi as OpenSpiel plays it: captured pieces in hand and dropped back, USI notation."
    player_names = ("black", "white")
    colours = ("#222222", "#f5f5f5")
    piece_kinds = PIECE_KINDS
    board_labels = Coordinates(files="  987654321  ", ranks="ihgfedcba")  # USI's and kifu's: 7g; the hands unlabelled
    turned_players = (1,)  # white's pieces point down the board, their kanji upside down, seen from black's side
    counted = Counted("piece", "pieces", "hand", owned=True)
    move_choices = Choices("Promote?", ("promote", "stay"), ("+", "="))
    move_notation = CoordinateNotation(choices=("+", ""), hands=HAND, drop="*")  # USI, as OpenSpiel writes it
    max_length = 17695  # OpenSpiel's
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> ShogiState:
        return ShogiState(game=self, board=START, seen=(hash((START, (0,) * 14, 0)),))

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: ShogiState) -> tuple[Move, ...]:
        """The moves in order, site by site (white's hand before the board, black's after it): each piece's
        steps and rides, promoting where it may or must, then the drops."""
        me, board, occupied = state.turn, state.board, TABLES.occupancy(state)
        safety = state.__dict__.get("safety") or TABLES.safety(board, me, board.index(code(K, me)), sum(occupied))
        moves = TABLES.moves(board, me, board.index(code(K, me)), occupied, safety)
        held = state.hands[7 * me : 7 * me + 7]
        if any(held):
            empty = EVERYWHERE & ~sum(occupied) & safety[2]  # a drop may stop a check
            barred = (self.pawn_mate(board, me, occupied, empty),) if held[P] else ()
            drops = DROPS.moves(board, me, held, empty, barred)
            moves = drops + moves if me else moves + drops
        return tuple(moves)

    def pawn_mate(self, board: bytes, me: int, occupied: tuple[int, int], empty: int) -> int:
        """The square where a pawn dropped would mate at once (a bitboard; 0 for none): only the square
        before the other king can, so that drop alone is played out, the other side's board moves asked."""
        king = board.index(code(K, 1 - me))
        mate = king - 1 if me == 0 else king + 1  # off the king's file: a square it never attacks, answered
        if not DROPS.targets(board, me, P, empty) >> mate & 1:
            return 0
        after, bit = bytearray(board), BITS[mate]
        after[mate] = code(P, me)
        dropped = (occupied[0] | bit, occupied[1]) if me == 0 else (occupied[0], occupied[1] | bit)
        return 0 if TABLES.moves(bytes(after), 1 - me, king, dropped) else bit

    def apply(self, state: ShogiState, move: Move) -> ShogiState:
        me = state.turn
        board_t, hands_t, occupied = DROPS.made(state.board, state.hands, me, move, TABLES.occupancy(state))
        # What keeps the other king safe, kept for its moves: whether it is in check too.
        safety = TABLES.safety(board_t, 1 - me, board_t.index(code(K, 1 - me)), sum(occupied))
        mine = state.checks[me] + 1 if safety[2] != EVERYWHERE else 0
        checks = (mine, state.checks[1]) if me == 0 else (state.checks[0], mine)
        key = hash((board_t, hands_t, 1 - me))
        after = ShogiState(game=self, history=state.history + (move,), turn=1 - me, board=board_t,
                           hands=hands_t, checks=checks, seen=state.seen + (key,))  # type: ignore[arg-type]  # fmt: skip
        after.__dict__["occupancy"], after.__dict__["safety"] = occupied, safety
        ended = self.ends(after, me)
        return attrs.evolve(after, outcome=ended) if ended else after

    def ends(self, state: ShogiState, mover: int) -> Outcome | None:
        if state.seen.count(state.seen[-1]) >= 4:
            for side in (0, 1):
                if state.checks[side] >= 6:
                    return Outcome(1 - side, "the fourth repetition, by perpetual check")
            return Outcome(None, "the same position a fourth time")
        if not state.legal_moves:
            return Outcome(mover, f"{self.player_names[1 - mover]} has no move")
        camp = [self.entered(state.board, side) for side in (0, 1)]
        if camp[mover] and self.points(state, mover) >= 28:
            return Outcome(mover, "the king entered the far camp with 28 points")
        return Outcome(None, "both kings entered the far camps") if all(camp) else None

    @staticmethod
    def entered(board: bytes, side: int) -> bool:
        return ZONE[side] >> board.index(code(K, side)) & 1 == 1

    @staticmethod
    def points(state: ShogiState, side: int) -> int:
        worth, board = WORTH[side], state.board
        return sum([worth[board[i]] for i in CAMP[side]]) + sum(
            n * (5 if k >= 5 else 1) for k, n in enumerate(state.hands[7 * side : 7 * side + 7])
        )

    # -- the board, the hands and the notation -----------------------------------
    def owners(self, state: ShogiState) -> dict[int, int]:
        return {s: p >> 4 for s, p in enumerate(state.board) if p}

    def kinds(self, state: ShogiState) -> dict[int, int]:
        on_board = {s: (p & 15) - 1 for s, p in enumerate(state.board) if p and p & 15 != 1}
        return on_board | DROPS.held(state.hands)  # what each hand holds

    def counts(self, state: ShogiState) -> dict[int, tuple[int, int | None]]:
        return DROPS.counts(state.hands)

    def state_flag(self, state: ShogiState) -> tuple[str, tuple[int, ...]] | None:
        me = state.turn
        king = state.board.index(code(K, me))
        if not TABLES.attacked(state.board, king, 1 - me):
            return None
        mated = state.outcome is not None and state.outcome.winner_index == 1 - me and not state.legal_moves
        return f"{self.player_names[me]} is {'checkmated' if mated else 'in check'}", (king,)

    def why_illegal(self, state: ShogiState, move: Move) -> str:
        me, (origin, to), whose = state.turn, move[:2], self.player_names[state.turn]
        if origin in HAND_KIND:
            kind, said = HAND_KIND[origin][1], DROPS.why_not(self, state, move)  # the hand's own rules
            pawn = "a pawn dropped there would mate at once, or leave the king in check"
            return said or (pawn if kind == P else "the king would be left in check")
        if not 18 <= origin < 99 or not 18 <= to < 99:  # not a move on the board (a click, a placement)
            return super().why_illegal(state, move)
        if self.owners(state).get(origin) != me:
            return f"{whose} has no piece on {square_name(self, origin)}"
        same = [m for m in state.legal_moves if m[:2] == (origin, to)]
        if same:  # the same move with another choice
            must = f"the piece must promote there: {self.write_notation(state, same[0])}"
            return "it cannot promote" if move.choice == 0 else must
        return "that piece cannot go there, or the king would be left in check"


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Shogi)
