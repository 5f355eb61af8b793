"""Drops from a hand onto the board, as shogi's and crazyhouse's pieces in hand are played: each kind a
player holds goes from its hand's site (see :mod:`boardgames.rules.hands`) to an empty square where that
kind may stand, and not to a file holding one of its side's where the kind says so (shogi's nifu: never
two of a side's unpromoted pawns on a file). The moves come listed by site, then square, as a move list
is ordered; a piece taken goes to its taker's hand as its kind; a drop refused says why in one line."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

import attrs

from ..geometry import Grid, bits
from .moves import Move
from .notation import square_labels, square_name, why_not_dropped
from .piece_moves import MoveTables


@attrs.frozen
class DropKind:
    """How one kind of piece in hand is dropped, and shown: its code on the board for each side; ``where``
    each side may drop it (a bitboard: not where it could never move, a shogi pawn's last rank);
    ``one_a_file``: never on a file (of the grid) holding one of its side's pieces of this code."""

    codes: tuple[int, int]
    where: tuple[int, int]
    one_a_file: bool = False
    #: Other pieces' codes that go to the hand as this kind when taken: its promoted forms.
    also: tuple[int, ...] = ()
    #: The game's piece kind (its index in ``Game.piece_kinds``) that the hand shows.
    kind: int = 0


class Drops:
    """The drops of a game's hands: ``hands[side][k]`` is the site of ``side``'s hand holding ``kinds[k]``;
    the moves are ``tables``' steps from that site, so a drop is a Move(site, square) as any step."""

    def __init__(self, tables: MoveTables, hands: Sequence[Sequence[int]], kinds: Sequence[DropKind]) -> None:
        self.tables, self.kinds, grid = tables, tuple(kinds), tables.grid
        #: Each file of the grid as a bitboard of its squares; each square's file, so.
        self.files = [m for f in range(grid.width) if (m := tables.everywhere & Grid.mask(grid.index(f, r)
                      for r in range(grid.height)))]  # fmt: skip
        self.file_of = {s: m for m in self.files for s in bits(m)}
        #: Each side's kinds in the order of their sites, and the sites.
        self.order = [sorted(range(len(kinds)), key=side_hand.__getitem__) for side_hand in hands]
        self.sites = [tuple(side_hand) for side_hand in hands]
        #: alone[side][k]: a board's bytes translated so, 1 where the side's piece of kind k stands (for compress).
        self.alone = [[bytes(c == kind.codes[side] for c in range(256)) for kind in kinds] for side in (0, 1)]
        self.kind_of = {site: k for side_hand in hands for k, site in enumerate(side_hand)}  # a hand's site's kind
        self.side_of = {site: side for side, side_hand in enumerate(hands) for site in side_hand}
        #: The kind a piece taken goes to its taker's hand as, by its code.
        self.captured = {c: k for k, kind in enumerate(kinds) for c in kind.codes + kind.also}

    def targets(self, board: bytes, side: int, k: int, empty: int) -> int:
        """Where ``side`` may drop kind ``k`` among the ``empty`` squares (a bitboard)."""
        kind = self.kinds[k]
        found = kind.where[side] & empty
        if kind.one_a_file and found:
            own = sum(compress(self.tables.bits, board.translate(self.alone[side][k])))
            for line in self.files if own else ():
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

    def made(
        self, board: bytes, hands: tuple[int, ...], side: int, move: Move, occupied: tuple[int, int]
    ) -> tuple[bytes, tuple[int, ...], tuple[int, int]]:
        """The board, the hands and each side's squares (``occupied``, the tables' occupancy) after ``side``'s
        ``move``: a drop from one of its hand's sites, or a step of a piece (promoted where the move's choice
        is 0, as the tables' promotions say), a piece it takes going to its hand as its kind (``captured``)."""
        after, held, (o, t), n, bit = bytearray(board), list(hands), move[:2], len(self.kinds), self.tables.bits
        if o in self.kind_of:
            k = self.kind_of[o]
            held[side * n + k] -= 1
            after[t], moved, lost = self.kinds[k].codes[side], bit[t], 0
        else:
            if board[t]:
                held[side * n + self.captured[board[t]]] += 1
            after[o], after[t] = 0, self.tables.promoted[board[o]] if move.choice == 0 else board[o]
            moved, lost = bit[o] | bit[t], bit[t] if board[t] else 0
        first, second = occupied
        sides = (first ^ moved, second & ~lost) if side == 0 else (first & ~lost, second ^ moved)
        return bytes(after), tuple(held), sides

    def why_not(self, game: Any, state: Any, move: Move) -> str | None:
        """Why the drop ``move`` is refused, in one line, where these rules say it (none of that kind in hand,
        its square taken, where the kind is never dropped, its file holding one); else None, the game to say."""
        said = why_not_dropped(game, state, move)
        if said is not None or move.origin not in self.kind_of:
            return said
        side, k, to = self.side_of[move.origin], self.kind_of[move.origin], move.to
        kind, name, whose = self.kinds[k], game.piece_kinds[self.kinds[k].kind].name, game.player_names[side]
        if not kind.where[side] >> to & 1:
            return f"a {name} is never dropped on {square_name(game, to)}"
        if kind.one_a_file and kind.codes[side] in map(state.board.__getitem__, bits(self.file_of.get(to, 0))):
            return f"file {square_labels(game.grid, game.board_labels)[0][to]} already holds a {name} of {whose}'s"
        return None

    def held(self, hands: Sequence[int]) -> dict[int, int]:
        """Each hand's site holding some, by the kind it holds (its ``kind``: ``Game.kinds``); ``hands`` the
        counts, the first side's kinds in order, then the second's."""
        n = len(self.kinds)
        return {self.sites[i // n][i % n]: self.kinds[i % n].kind for i, count in enumerate(hands) if count}

    def counts(self, hands: Sequence[int]) -> dict[int, tuple[int, int | None]]:
        """Each hand's site holding some, its number and its owner, as ``Game.counts`` gives them."""
        n = len(self.kinds)
        return {self.sites[i // n][i % n]: (count, i // n) for i, count in enumerate(hands) if count}
