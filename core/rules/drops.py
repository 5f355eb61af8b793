"""Drops from a hand onto the board, as shogi's and crazyhouse's pieces in hand are played: each kind a
player holds goes from its hand's site (see :mod:`boardgames.rules.hands`) to an empty square where that
kind may stand, and no more than one on a line where the kind says so (shogi's nifu: never two of a side's
unpromoted pawns on a file). The moves come listed by site, then square, as a move list is ordered."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import compress

import attrs

from ..geometry import Grid
from .moves import Move
from .piece_moves import MoveTables


@attrs.frozen
class DropKind:
    """How one kind of piece in hand is dropped, and shown: its code on the board for each side; ``where`` each side
    may drop it (a bitboard: not where it could never move, a shogi pawn's last rank); ``lines``: lines
    (bitboards: a board's files) that may hold only one of a side's pieces of this code, () for none."""

    codes: tuple[int, int]
    where: tuple[int, int]
    lines: tuple[int, ...] = ()
    #: The game's piece kind (its index in ``Game.piece_kinds``) that the hand shows.
    kind: int = 0


class Drops:
    """The drops of a game's hands: ``hands[side][k]`` is the site of ``side``'s hand holding ``kinds[k]``;
    the moves are ``tables``' steps from that site, so a drop is a Move(site, square) as any step."""

    def __init__(self, tables: MoveTables, hands: Sequence[Sequence[int]], kinds: Sequence[DropKind]) -> None:
        self.tables, self.kinds = tables, tuple(kinds)
        #: Each side's kinds in the order of their sites; each kind's code as compress() reads a board.
        self.order = [sorted(range(len(kinds)), key=side_hand.__getitem__) for side_hand in hands]
        self.sites = [tuple(side_hand) for side_hand in hands]
        self.alone = [[bytes(c == kind.codes[side] for c in range(256)) for kind in kinds] for side in (0, 1)]

    def targets(self, board: bytes, side: int, k: int, empty: int) -> int:
        """Where ``side`` may drop kind ``k`` among the ``empty`` squares (a bitboard)."""
        kind = self.kinds[k]
        found = kind.where[side] & empty
        if kind.lines and found:
            own = sum(compress(self.tables.bits, board.translate(self.alone[side][k])))
            for line in kind.lines if own else ():
                if own & line:
                    found &= ~line
        return found

    def moves(self, board: bytes, side: int, held: Sequence[int], empty: int, barred: Sequence[int] = ()) -> list[Move]:
        """The drops of ``side``, holding ``held[k]`` pieces of each kind, onto ``empty`` squares; ``barred``:
        squares the game refuses besides, a bitboard a kind from the first (shogi's pawn that would mate)."""
        routes, sites, moves = self.tables.routes, self.sites[side], list[Move]()
        refused = (*barred, *(0,) * len(self.kinds))
        for k in self.order[side]:
            if held[k] and (found := self.targets(board, side, k, empty) & ~refused[k]):
                moves += routes[sites[k]][found]
        return moves


    def held(self, hands: Sequence[int]) -> dict[int, int]:
        """Each hand's site holding some, by the kind it holds (its ``kind``: ``Game.kinds``); ``hands`` the
        counts, the first side's kinds in order, then the second's."""
        n = len(self.kinds)
        return {self.sites[i // n][i % n]: self.kinds[i % n].kind for i, count in enumerate(hands) if count}

    def counts(self, hands: Sequence[int]) -> dict[int, tuple[int, int | None]]:
        """Each hand's site holding some, its number and its owner, as ``Game.counts`` gives them."""
        n = len(self.kinds)
        return {self.sites[i // n][i % n]: (count, i // n) for i, count in enumerate(hands) if count}


def lines_of(grid: Grid, squares: Iterable[int]) -> tuple[int, ...]:
    """The grid's files, each as the bitboard of its squares among ``squares``: the lines of shogi's nifu."""
    on = set(squares)
    return tuple(m for f in range(grid.width) if (m := Grid.mask(s for s in on if grid.coords(s)[0] == f)))
