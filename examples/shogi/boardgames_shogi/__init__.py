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
from itertools import compress
from operator import not_

import attrs

import boardgames
from boardgames import Coordinates, Counted, Game, Move, Outcome, PieceKind, State, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.notation import CoordinateNotation, square_name, why_not_dropped

from .tables import (
    BASE,
    CAMP,
    DROP,
    EMIT,
    GRID,
    HAND,
    HAND_KIND,
    LETTERS,
    MOVE_OF,
    MOVES,
    NAMES,
    OWN,
    OWNS,
    PROMOTES,
    REACH,
    SQUARES,
    START,
    STEPS,
    WORTH,
    K,
    P,
    attacked,
    code,
    guard,
    stuck,
    zone,
)

#: The kanji a shogi set writes on each kind (the letters' order): black's king 玉, white's 王.
FACES = ("歩", "香", "桂", "銀", "金", "角", "飛", ("玉", "王"), "と", "杏", "圭", "全", "馬", "龍")


@attrs.frozen(kw_only=True, slots=False)
class ShogiState(State):
    board: tuple[int, ...] = ()
    hands: tuple[int, ...] = (0,) * 14  # black's pawns ... rooks in hand, then white's
    checks: tuple[int, int] = attrs.field(default=(0, 0), metadata={"key": False})  # checks in a row
    seen: tuple[int, ...] = attrs.field(default=(), metadata={"key": False})  # each position's hash


class Shogi(Game[ShogiState]):
    name = "shogi"
    title = "Shogi"
    summary = "Shogi as OpenSpiel plays it: captured pieces in hand and dropped back, USI notation."
    player_names = ("black", "white")
    colours = ("#222222", "#f5f5f5")
    piece_kinds = tuple(PieceKind(n, k, k, shape="pentagon", face=f)  # type: ignore[arg-type]
                        for n, k, f in zip(NAMES, LETTERS, FACES, strict=True))  # fmt: skip
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
    def moves(self, board: tuple[int, ...], hands: tuple[int, ...], me: int, drops: bool = True) -> list[int]:
        """The legal moves of ``me`` (their keys): each piece's steps and slides, promoting where it may or
        must, then drops."""
        mine, enemy = OWN[me], 1 - me
        king = board.index(code(K, me))
        stop, pinned = guard(board, king, me)  # stop: None out of check; else the squares that stop it
        pieces = [o for o in compress(SQUARES, map(OWNS[me].__getitem__, board)) if o != king]  # found in C
        # Out of check, the pieces not pinned (most of the time, all of them) in one comprehension and a loop
        # along the rays, each move read from a table (no Python call a piece: most of a playout's time);
        # the others' moves kept where they stay on the pin's line or stop the check.
        free = [] if stop is not None else [o for o in pieces if o not in pinned] if pinned else pieces
        moves = [m for o in free for t, ms in REACH[board[o]][o][0] if board[t] not in mine for m in ms]
        for o in free:
            for ray in REACH[board[o]][o][1]:
                for t, ms in ray:
                    if board[t]:
                        if board[t] not in mine:
                            moves += ms
                        break
                    moves += ms
        held = pinned.items() if stop is None else [(o, stop) for o in pieces if o not in pinned]
        for o, allowed in held:
            emit = EMIT[board[o]][o]
            moves += [m for t in self.reach(board, o, mine) if t in allowed for m in emit[t]]
        lifted = (*board[:king], 0, *board[king + 1 :])
        moves += [STEPS[king][t] for t in self.reach(board, king, mine) if not attacked(lifted, t, enemy)]
        if drops and any(hands[7 * me : 7 * me + 7]):
            empty = list(compress(SQUARES, map(not_, board)))  # found in C
            if stop is not None:
                empty = [t for t in empty if t in stop]
            for k in range(7):
                if hands[7 * me + k]:
                    at = self.pawn_drops(board, hands, me, empty) if k == P else empty
                    moves += filter(None, map(DROP[me][k].__getitem__, at))
        return moves

    @staticmethod
    def reach(board: tuple[int, ...], o: int, mine: range) -> list[int]:
        """The squares the piece on ``o`` may go to, its king's safety aside."""
        steps, rays = MOVES[board[o] >> 4][(board[o] & 15) - 1][o]
        targets = [t for t in steps if board[t] not in mine]
        for ray in rays:
            for t in ray:
                if board[t]:
                    if board[t] not in mine:
                        targets.append(t)
                    break
                targets.append(t)
        return targets

    def pawn_drops(self, board, hands, me, empty) -> list[int]:  # type: ignore[no-untyped-def]
        """Where a pawn may be dropped: not in a file with one of its side's, not to mate at once (only the
        square before the other king can: that drop alone is played out)."""
        pawn, f = code(P, me), 1 if me == 0 else -1
        pawned = [pawn in board[x * 9 : x * 9 + 9] for x in range(9)]
        at = [t for t in empty if not pawned[t // 9]]
        mate = board.index(code(K, 1 - me)) - f  # a pawn there attacks the king (off its file: a square it never goes)
        if mate in at and not self.answered(self.dropped(board, hands, me, P, mate)[0], 1 - me):
            at.remove(mate)
        return at

    def answered(self, board: tuple[int, ...], me: int) -> bool:
        """Whether ``me``, checked by a pawn just dropped, has a move on the board: the king's steps first."""
        king = board.index(code(K, me))
        lifted, mine = (*board[:king], 0, *board[king + 1 :]), OWN[me]
        if any(board[t] not in mine and not attacked(lifted, t, 1 - me) for t in MOVES[me][K][king][0]):
            return True
        return bool(self.moves(board, (0,) * 14, me, False))

    @staticmethod
    def dropped(board, hands, me, k, t):  # type: ignore[no-untyped-def]
        hand = list(hands)
        hand[7 * me + k] -= 1
        return (*board[:t], code(k, me), *board[t + 1 :]), tuple(hand)

    def generate_moves(self, state: ShogiState) -> tuple[Move, ...]:
        return tuple(map(MOVE_OF.__getitem__, sorted(self.moves(state.board, state.hands, state.turn))))

    def apply(self, state: ShogiState, move: Move) -> ShogiState:
        me, board, hands = state.turn, list(state.board), list(state.hands)
        t = move.to - 18
        if move.origin in HAND_KIND:
            k = HAND_KIND[move.origin][1]
            hands[7 * me + k] -= 1
            board[t] = code(k, me)
        else:
            o = move.origin - 18
            if board[t]:
                hands[7 * me + BASE[(board[t] & 15) - 1]] += 1
            p = board[o]
            board[o], board[t] = 0, code(PROMOTES[(p & 15) - 1], me) if move.choice == 0 else p
        board_t, hands_t = tuple(board), tuple(hands)
        checking = attacked(board_t, board_t.index(code(K, 1 - me)), me)
        mine = state.checks[me] + 1 if checking else 0
        checks = (mine, state.checks[1]) if me == 0 else (state.checks[0], mine)
        key = hash((board_t, hands_t, 1 - me))
        after = ShogiState(game=self, history=state.history + (move,), turn=1 - me, board=board_t,
                           hands=hands_t, checks=checks, seen=state.seen + (key,))  # type: ignore[arg-type]  # fmt: skip
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
    def entered(board: tuple[int, ...], side: int) -> bool:
        return zone(side, board.index(code(K, side)))

    @staticmethod
    def points(state: ShogiState, side: int) -> int:
        worth, board = WORTH[side], state.board
        return sum([worth[board[i]] for i in CAMP[side]]) + sum(
            n * (5 if k >= 5 else 1) for k, n in enumerate(state.hands[7 * side : 7 * side + 7])
        )

    # -- the board, the hands and the notation -----------------------------------
    def owners(self, state: ShogiState) -> dict[int, int]:
        return {i + 18: p >> 4 for i, p in enumerate(state.board) if p}

    def kinds(self, state: ShogiState) -> dict[int, int]:
        on_board = {i + 18: (p & 15) - 1 for i, p in enumerate(state.board) if p and p & 15 != 1}
        return on_board | {HAND[k // 7][k % 7]: k % 7 for k, n in enumerate(state.hands) if n}  # what each hand holds

    def counts(self, state: ShogiState) -> dict[int, tuple[int, int | None]]:
        return {HAND[k // 7][k % 7]: (n, k // 7) for k, n in enumerate(state.hands) if n}

    def state_flag(self, state: ShogiState) -> tuple[str, tuple[int, ...]] | None:
        me = state.turn
        king = state.board.index(code(K, me))
        if not attacked(state.board, king, 1 - me):
            return None
        mated = state.outcome is not None and state.outcome.winner_index == 1 - me and not state.legal_moves
        return f"{self.player_names[me]} is {'checkmated' if mated else 'in check'}", (king + 18,)

    def why_illegal(self, state: ShogiState, move: Move) -> str:
        me, board, (origin, to), whose = state.turn, state.board, move[:2], self.player_names[state.turn]
        if origin in HAND_KIND:
            kind, square = HAND_KIND[origin][1], square_name(self, to)
            said = why_not_dropped(self, state, move)  # nothing of that kind in hand, the square taken
            if said is None and stuck(me, kind, to - 18):
                said = f"a {self.piece_kinds[kind].name} dropped on {square} could never move"
            if said is None and kind == P and code(P, me) in board[(to - 18) // 9 * 9 : (to - 18) // 9 * 9 + 9]:
                said = f"file {square[0]} already holds a pawn of {whose}'s"
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
