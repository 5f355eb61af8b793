"""Crazyhouse's SAN, as OpenSpiel writes it: chess' (``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``), drops
(``N@f3``, never a check sign) and a promoted piece under its own letter (``H`` ``A`` ``C`` ``E`` for
knight, bishop, rook, queen), told from the unpromoted ones of its kind."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames import Move
from boardgames.errors import AmbiguousMoveError, IllegalMoveError

if TYPE_CHECKING:
    from . import Crazyhouse, CrazyhouseState

PAWN, KING, FILES = 1, 6, "abcdefgh"
LETTER, PROMOTED = " PNBRQK", "  HACE"
KINDS = ("pawn", "knight", "bishop", "rook", "queen")
SAN = re.compile(r"[PNBRQ]@[a-h][1-8]|([NBRQKHACE])?([a-h])?([1-8])?x?([a-h][1-8])(=[NBRQ])?|O-O(-O)?")


def write(self: Crazyhouse, state: CrazyhouseState, move: Move, check: bool = True) -> str:
    """``move`` in SAN; without its check sign where ``check`` is false (to read a move by)."""
    from . import HELD, in_check  # the rules' (they import this module first)

    board, (o, t) = state.board, (move.origin, move.to)
    name = self.grid.names[t]
    if o >= 64:
        return LETTER[HELD[o][1] + 1] + "@" + name
    kind, promoted = board[o] & 7, state.promoted >> o & 1
    if kind == KING and abs(t - o) == 16:
        text = "O-O" if t > o else "O-O-O"
    elif kind == PAWN:
        text = (FILES[o // 8] + "x" if o // 8 != t // 8 else "") + name + self.move_choices.write(move.choice)  # type: ignore[union-attr]
    else:  # another piece of the same kind, promoted or not as this one, may go there too: say which
        rivals = {
            m.origin
            for m in state.legal_moves
            if m.to == t and m.origin != o and m.origin < 64 and board[m.origin] == board[o]
            and state.promoted >> m.origin & 1 == promoted
        }  # fmt: skip
        where = ""
        if rivals:
            f, r = divmod(o, 8)
            same_file, same_rank = any(x // 8 == f for x in rivals), any(x % 8 == r for x in rivals)
            where = FILES[f] if not same_file else str(r + 1) if not same_rank else self.grid.names[o]
        text = (PROMOTED if promoted else LETTER)[kind] + where + ("x" if board[t] else "") + name
    if check:
        after = self.successor(state, move)
        if in_check(after.board, after.turn):
            text += "+" if self.generate_moves(after) else "#"
    return text


def read(self: Crazyhouse, state: CrazyhouseState, text: str) -> Move | None:
    """The legal move ``text`` names in SAN; None for text that is no SAN (the default notation reads it)."""
    clean = text.strip().replace("0", "O").rstrip("+#!?")
    clean = clean[:1].upper() + clean[1:] if clean[1:2] == "@" else clean
    found = SAN.fullmatch(clean)
    if not found:
        return None
    to = self.grid.parse_square(found.group(4) or clean[-2:]) if clean[0] != "O" else -1
    written = {  # the SAN of each legal move that could be it: to its square, or a castling
        write(self, state, m, check=False): m
        for m in state.legal_moves
        if m.to == to or to < 0 and m.origin < 64 and state.board[m.origin] & 7 == KING and abs(m.to - m.origin) == 16
    }
    if clean in written:
        return written[clean]
    unpromoted = [m for san, m in written.items() if m.choice >= 0 and san.split("=")[0] == clean]
    if unpromoted:
        raise AmbiguousMoveError(
            f"{text!r} needs a choice in {state.describe()}: one of "
            + ", ".join(write(self, state, m) for m in unpromoted),
            tuple(unpromoted),
        )
    if state.outcome is not None:
        return None
    if "@" in clean:  # say why: nothing of that kind in hand, a square taken, a pawn's rank, the check
        whose, kind, square = self.player_names[state.turn], "PNBRQ".index(clean[0]), clean[2:]
        why = (
            f"{whose} has no {KINDS[kind]} in hand" if not state.hands[5 * state.turn + kind]
            else f"{square} is taken" if state.board[self.grid.parse_square(square)]
            else "a pawn is never dropped on the first or the last rank" if square[1] in "18" and kind == 0
            else f"{whose}'s king would still be in check"
        )  # fmt: skip
        raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: {why}")
    raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: no legal move is written so")
