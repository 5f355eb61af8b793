"""Chess' own notation, SAN, written and read as OpenSpiel writes it."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames import Move
from boardgames.errors import AmbiguousMoveError, IllegalMoveError

if TYPE_CHECKING:
    from . import Chess, ChessState

PAWN, KING, LETTER, FILES = 1, 6, " PNBRQK", "abcdefgh"
SAN = re.compile(r"([NBRQK])?([a-h])?([1-8])?x?([a-h][1-8])(=[NBRQK])?|O-O(-O)?")


def write(self: Chess, state: ChessState, move: Move) -> str:
    """``move`` in SAN, as OpenSpiel writes it: ``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``, ``#``."""
    board, (o, t), kind = state.board, (move.origin, move.to), state.board[move.origin] & 7
    name = self.grid.names[t]
    if kind == KING and abs(t - o) == 16:
        text = "O-O" if t > o else "O-O-O"
    elif kind == PAWN:
        text = (FILES[o // 8] + "x" if o // 8 != t // 8 else "") + name + self.move_choices.write(move.choice)  # type: ignore[union-attr]
    else:
        rivals = {m.origin for m in state.legal_moves if m.to == t and m.origin != o and board[m.origin] == board[o]}
        where = ""
        if rivals:
            f, r = divmod(o, 8)
            same_file, same_rank = any(x // 8 == f for x in rivals), any(x % 8 == r for x in rivals)
            where = FILES[f] if not same_file else str(r + 1) if not same_rank else self.grid.names[o]
        text = LETTER[kind] + where + ("x" if board[t] else "") + name
    from . import in_check  # the rules' (they import this module first)

    after, _ = self.made(state, move)
    if not self.anti and in_check(after, 1 - state.turn):  # OpenSpiel writes no check in antichess
        mated = not self.generate_moves(self.successor(state, move))
        text += "#" if mated else "+"
    return text


def read(self: Chess, state: ChessState, text: str) -> Move | None:
    """The legal move ``text`` names in SAN; None for text that is no SAN (the default notation reads it)."""
    clean = text.replace("0", "O").rstrip("+#!?")
    found = SAN.fullmatch(clean)
    if not found:
        return None
    castle = clean.startswith("O")
    to = -1 if castle else self.grid.parse_square(found.group(4))
    kind = KING if castle else LETTER.index(found.group(1)) if found.group(1) else PAWN
    written = {  # the SAN of each legal move that could be it: its piece, to its square
        write(self, state, m).rstrip("+#"): m
        for m in state.legal_moves
        if (castle or m.to == to) and state.board[m.origin] & 7 == kind
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
    raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: no legal move is written so")
