"""Shogi's own notation, USI, as OpenSpiel writes it: ``7g7f``, ``8h2b+``, ``P*5e``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from boardgames import Move
from boardgames.errors import IllegalMoveError

if TYPE_CHECKING:
    from . import Shogi, ShogiState

USI = re.compile(r"([PLNSGBR])\*([1-9][a-i])|([1-9][a-i])([1-9][a-i])(\+?)")
DROPPED = "PLNSGBR"


def square(site: int) -> str:
    """A board site's USI name: files 9 to 1 from black's left, ranks a to i from the top."""
    x, y = divmod(site - 18, 9)
    return chr(ord("9") - x) + chr(ord("i") - y)


def site(name: str) -> int:
    return (ord("9") - ord(name[0])) * 9 + ord("i") - ord(name[1]) + 18


def write(move: Move) -> str:
    from .tables import HAND_KIND

    if move.origin in HAND_KIND:
        return f"{DROPPED[HAND_KIND[move.origin][1]]}*{square(move.to)}"
    return square(move.origin) + square(move.to) + ("+" if move.choice == 0 else "")


def read(game: Shogi, state: ShogiState, text: str) -> Move | None:
    """The legal move ``text`` names in USI; None for text that is no USI (the default notation reads it)."""
    found = USI.fullmatch(text.strip())
    if not found:
        return None
    clean = found.group(0)
    for move in state.legal_moves:
        if write(move) == clean:
            return move
    if state.outcome is not None:
        return None
    raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: {why(game, state, found)}")


def why(game: Shogi, state: ShogiState, found: re.Match[str]) -> str:
    """Why the USI move ``found`` is refused, in a few words."""
    from .tables import HAND, P, code, stuck

    me, board = state.turn, state.board
    if found.group(1):
        kind, to = DROPPED.index(found.group(1)), site(found.group(2))
        name = game.piece_kinds[kind].name
        if not state.hands[7 * me + kind]:
            return f"{game.player_names[me]} has no {name} in hand"
        if board[to - 18]:
            return f"{found.group(2)} is taken"
        if stuck(me, kind, to - 18):
            return f"a {name} dropped on {found.group(2)} could never move"
        column = board[(to - 18) // 9 * 9 : (to - 18) // 9 * 9 + 9]
        if kind == P and code(P, me) in column:
            return f"file {found.group(2)[0]} already holds a pawn of {game.player_names[me]}'s"
        if kind == P and Move(HAND[me][P], to, ()) not in state.legal_moves:
            return "a pawn dropped there would mate at once, or leave the king in check"
        return "the king would be left in check"
    origin, to = site(found.group(3)), site(found.group(4))
    if not board[origin - 18] or board[origin - 18] >> 4 != me:
        return f"{game.player_names[me]} has no piece on {found.group(3)}"
    same = [m for m in state.legal_moves if m.origin == origin and m.to == to]
    if same:
        return f"the piece must promote there: {write(same[0])}" if found.group(5) == "" else "it cannot promote"
    return "that piece cannot go there, or the king would be left in check"
