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
from operator import itemgetter

import attrs

import boardgames
from boardgames import Counted, Game, Grid, Move, Outcome, PieceKind, State, hookimpl
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice

from . import usi

NAMES = ("pawn", "lance", "knight", "silver", "gold", "bishop", "rook", "king")
NAMES += ("tokin", "promoted lance", "promoted knight", "promoted silver", "horse", "dragon")
LETTERS = ("P", "L", "N", "S", "G", "B", "R", "K", "+P", "+L", "+N", "+S", "+B", "+R")
P, L, N, S, G, B, R, K = range(8)
PROMOTES = {P: 8, L: 9, N: 10, S: 11, B: 12, R: 13}  # kind -> its promoted kind
BASE = {**{v: k for k, v in PROMOTES.items()}, **{k: k for k in range(8)}}  # the kind it goes to hand as
ORTH, DIAG = ((0, 1), (0, -1), (1, 0), (-1, 0)), ((1, 1), (1, -1), (-1, 1), (-1, -1))
GOLD = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1))
STEP_OFFSETS = {P: ((0, 1),), N: ((-1, 2), (1, 2)), S: ((-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)), G: GOLD,
                K: ORTH + DIAG, 12: ORTH, 13: DIAG, **{k: GOLD for k in (8, 9, 10, 11)}}  # fmt: skip
RAY_OFFSETS = {L: ((0, 1),), B: DIAG, R: ORTH, 12: DIAG, 13: ORTH}
#: The board's 81 squares are sites 18-98 of a 13 x 9 grid (files c to k); black's hand is on file m
#: (a pawn on m1 up to a rook on m7), white's on file a (a pawn on a9 down to a rook on a3).
GRID = Grid.from_cells(13, 9, [(f, r) for f in range(2, 11) for r in range(9)]
                       + [(12, k) for k in range(7)] + [(0, 8 - k) for k in range(7)])  # fmt: skip
HAND = (tuple(108 + k for k in range(7)), tuple(8 - k for k in range(7)))
HAND_KIND = {site: (c, k) for c in (0, 1) for k, site in enumerate(HAND[c])}


def code(kind: int, side: int) -> int:
    return kind + 1 + 16 * side  # 0 empty; p >> 4 its side, (p & 15) - 1 its kind


def _walk(i: int, dx: int, dy: int, most: int = 8) -> tuple[int, ...]:
    x, y, out = *divmod(i, 9), []
    for _ in range(most):
        x, y = x + dx, y + dy
        if not (0 <= x < 9 and 0 <= y < 9):
            break
        out.append(x * 9 + y)
    return tuple(out)


def _getter(squares: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    return itemgetter(*squares) if len(squares) > 1 else (lambda board: (board[squares[0]],))


#: MOVES[side][kind][i]: the squares one step away, then the rays, of a piece of ``kind`` on ``i``.
MOVES = [[[(sum((_walk(i, dx, dy * f, 1) for dx, dy in STEP_OFFSETS.get(k, ())), ()),
            tuple(r for dx, dy in RAY_OFFSETS.get(k, ()) if (r := _walk(i, dx, dy * f)))) for i in range(81)]
          for k in range(14)] for f in (1, -1)]  # fmt: skip
NEAR: list[list[dict[int, set[int]]]] = [[{} for _ in range(81)] for _ in (0, 1)]
for _c in (0, 1):
    for _k in range(14):
        for _i in range(81):
            for _t in MOVES[_c][_k][_i][0]:
                NEAR[_c][_t].setdefault(_i, set()).add(code(_k, _c))
#: ATTACKS[by][i]: (square, the pieces of ``by`` that attack ``i`` from it by a step) and (a ray out of
#: ``i`` read in one C call, its squares, the pieces of ``by`` that attack ``i`` along it).
ATTACKS = [[(tuple((j, frozenset(cs)) for j, cs in NEAR[c][i].items()),
             tuple((_getter(ray), ray, frozenset(code(k, c) for k in range(14)
                                                 if (-dx, -dy * (1 - 2 * c)) in RAY_OFFSETS.get(k, ())))
                   for dx, dy in ORTH + DIAG if (ray := _walk(i, dx, dy)))) for i in range(81)] for c in (0, 1)]  # fmt: skip
STEP = [[Move(o + 18, t + 18, ()) for t in range(81)] for o in range(81)]
PROMOTE, STAY = ([[with_choice(m, c) for m in row] for row in STEP] for c in (0, 1))
OWN = (range(1, 15), range(17, 31))  # each side's pieces


def checking(board: tuple[int, ...], king: int, by: int) -> set[int] | None:
    """None where ``by`` does not check the king on ``king``; else the squares where a piece stops the
    check (the checker's, and those between it and a king checked along a line; none for two checkers)."""
    near, lines = ATTACKS[by][king]
    found = [(j,) for j, codes in near if board[j] in codes]
    for _, ray, codes in lines:
        for n, t in enumerate(ray):
            if board[t]:
                if board[t] in codes:
                    found.append(ray[: n + 1])
                break
    return None if not found else set(found[0]) if len(found) == 1 else set()


def attacked(board: tuple[int, ...], i: int, by: int) -> bool:
    near, lines = ATTACKS[by][i]
    for j, codes in near:
        if board[j] in codes:
            return True
    for read, _, codes in lines:
        if next(filter(None, read(board)), 0) in codes:
            return True
    return False


def zone(side: int, i: int) -> bool:
    return i % 9 >= 6 if side == 0 else i % 9 <= 2


def stuck(side: int, kind: int, i: int) -> bool:
    """Whether a piece of ``kind`` on ``i`` could never move again."""
    y = i % 9 if side == 0 else 8 - i % 9
    return (kind in (P, L) and y == 8) or (kind == N and y >= 7)


ZONE = [tuple(zone(c, i) for i in range(81)) for c in (0, 1)]
#: DROP[side][kind][i]: the drop there, None where the piece could never move.
DROP = [[[None if stuck(c, k, i) else Move(HAND[c][k], i + 18, ()) for i in range(81)] for k in range(7)] for c in (0, 1)]


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
    piece_kinds = tuple(PieceKind(n, LETTERS[i], LETTERS[i], shape="pentagon") for i, n in enumerate(NAMES))  # type: ignore[arg-type]
    counted = Counted("piece", "pieces", "hand", owned=True)
    move_choices = Choices("Promote?", ("promote", "stay"), ("+", "="))
    max_length = 17695  # OpenSpiel's
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = GRID

    def initial_state(self) -> ShogiState:
        board = [0] * 81
        for x, k in enumerate((L, N, S, G, K, G, S, N, L)):
            board[x * 9], board[x * 9 + 2], board[x * 9 + 8], board[x * 9 + 6] = code(k, 0), code(P, 0), code(k, 1), code(P, 1)
        board[7 * 9 + 1], board[1 * 9 + 1], board[1 * 9 + 7], board[7 * 9 + 7] = code(R, 0), code(B, 0), code(R, 1), code(B, 1)
        start = tuple(board)
        return ShogiState(game=self, board=start, seen=(hash((start, (0,) * 14, 0)),))

    # -- moves ---------------------------------------------------------------
    def moves(self, board: tuple[int, ...], hands: tuple[int, ...], me: int, drops: bool = True) -> list[Move]:
        """The legal moves of ``me``: each piece's steps and slides, promoting where it may or must, then drops."""
        moves, table, enemy, in_zone, mine = [], MOVES[me], 1 - me, ZONE[me], OWN[me]
        king = board.index(code(K, me))
        stop = checking(board, king, enemy)  # None out of check; else the squares that stop it
        pins = self.pins(board, king, me)
        lifted = (*board[:king], 0, *board[king + 1 :])
        for o, p in enumerate(board):
            if p not in mine:
                continue
            kind = (p & 15) - 1
            steps, rays = table[kind][o]
            targets = [t for t in steps if board[t] not in mine]
            for ray in rays:
                for t in ray:
                    if board[t]:
                        if board[t] not in mine:
                            targets.append(t)
                        break
                    targets.append(t)
            if kind == K:
                targets = [t for t in targets if not attacked(lifted, t, enemy)]
            elif stop is not None:  # in check: a pinned piece cannot stop it
                targets = [] if o in pins else [t for t in targets if t in stop]
            elif o in pins:
                targets = [t for t in targets if t in pins[o]]
            if kind in PROMOTES:
                for t in targets:
                    if in_zone[o] or in_zone[t]:
                        moves.append(PROMOTE[o][t])
                        if not stuck(me, kind, t):
                            moves.append(STAY[o][t])
                    else:
                        moves.append(STEP[o][t])
            else:
                moves += map(STEP[o].__getitem__, targets)
        if drops and any(hands[7 * me : 7 * me + 7]):
            empty = [t for t, p in enumerate(board) if not p and (stop is None or t in stop)]
            for k in range(7):
                if hands[7 * me + k]:
                    at = self.pawn_drops(board, hands, me, empty) if k == P else empty
                    moves += filter(None, map(DROP[me][k].__getitem__, at))
        return moves

    def pawn_drops(self, board, hands, me, empty) -> list[int]:  # type: ignore[no-untyped-def]
        """Where a pawn may be dropped: not in a file with one of its side's, not to mate at once."""
        pawn, f, king = code(P, me), 1 if me == 0 else -1, code(K, 1 - me)
        files = {x for x in range(9) if pawn in board[x * 9 : x * 9 + 9]}
        return [t for t in empty if t // 9 not in files and not (
                0 <= t + f < 81 and board[t + f] == king and not self.moves(*self.dropped(board, hands, me, P, t), 1 - me, False))]  # fmt: skip

    @staticmethod
    def dropped(board, hands, me, k, t):  # type: ignore[no-untyped-def]
        hand = list(hands)
        hand[7 * me + k] -= 1
        return (*board[:t], code(k, me), *board[t + 1 :]), tuple(hand)

    @staticmethod
    def pins(board: tuple[int, ...], king: int, me: int) -> dict[int, tuple[int, ...]]:
        """Each piece of ``me``'s pinned to its king, and the squares of its line it may still go to."""
        pins = {}
        for _, ray, codes in ATTACKS[1 - me][king][1]:
            mine = -1
            for n, t in enumerate(ray):
                if not board[t]:
                    continue
                if mine < 0 and board[t] >> 4 == me:
                    mine = t
                    continue
                if mine >= 0 and board[t] in codes:
                    pins[mine] = ray[: n + 1]
                break
        return pins

    def generate_moves(self, state: ShogiState) -> tuple[Move, ...]:
        return tuple(sorted(self.moves(state.board, state.hands, state.turn)))

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
        checks = tuple((c + 1 if checking else 0) if side == me else c for side, c in enumerate(state.checks))
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
        value = {B: 5, R: 5, 12: 5, 13: 5, K: 0}
        board = sum(value.get((p & 15) - 1, 1) for i, p in enumerate(state.board) if p and p >> 4 == side and zone(side, i))
        return board + sum(n * (5 if k >= 5 else 1) for k, n in enumerate(state.hands[7 * side : 7 * side + 7]))

    # -- the board, the hands and the notation -----------------------------------
    def owners(self, state: ShogiState) -> dict[int, int]:
        return {i + 18: p >> 4 for i, p in enumerate(state.board) if p}

    def kinds(self, state: ShogiState) -> dict[int, int]:
        on_board = {i + 18: (p & 15) - 1 for i, p in enumerate(state.board) if p and p & 15 != 1}
        return on_board | {HAND[k // 7][k % 7]: k % 7 for k, n in enumerate(state.hands) if n and k % 7}

    def counts(self, state: ShogiState) -> dict[int, tuple[int, int | None]]:
        return {HAND[k // 7][k % 7]: (n, k // 7) for k, n in enumerate(state.hands) if n}

    def state_flag(self, state: ShogiState) -> tuple[str, tuple[int, ...]] | None:
        me = state.turn
        king = state.board.index(code(K, me))
        if not attacked(state.board, king, 1 - me):
            return None
        mated = state.outcome is not None and state.outcome.winner_index == 1 - me and not state.legal_moves
        return f"{self.player_names[me]} is {'checkmated' if mated else 'in check'}", (king + 18,)

    def write_notation(self, state: ShogiState, move: Move) -> str:
        return usi.write(move)

    def read_notation(self, state: ShogiState, text: str) -> Move | None:
        return usi.read(self, state, text)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Shogi)
