"""States for the many grid games whose pieces are one bit mask per player:
placed from a reserve, flipped or taken. The core draws, lists and keys such a
state without help from the game."""

from __future__ import annotations

from collections.abc import Hashable

import attrs

from ..geometry import bits
from .game import State


@attrs.frozen(kw_only=True, slots=False)
class BitboardState(State):
    """A state whose pieces are one bit mask per player, for the many games
    that place pieces from a reserve and flip or take them. The core draws and
    lists such a state without help from the game."""

    #: Each player's pieces as a bit mask, in the order of ``game.player_names``.
    boards: tuple[int, ...] = (0, 0)
    #: How many pieces each player has placed so far.
    placed: tuple[int, ...] = (0, 0)
    #: The pieces the last move flipped or took: shown, not part of the position's key.
    changed: int = attrs.field(default=0, metadata={"key": False})

    @property
    def occupied(self) -> int:
        boards = self.boards
        if len(boards) == 2:  # the usual case, on every move: no loop
            return boards[0] | boards[1]
        occupied = 0
        for board in boards:
            occupied |= board
        return occupied

    def owners(self) -> dict[int, int]:
        return dict(sorted((sq, p) for p, board in enumerate(self.boards) for sq in bits(board)))

    def in_hand(self) -> tuple[int, ...]:
        each = self.game.pieces_each()
        return () if each is None else tuple(each - n for n in self.placed)

    def changed_by_last_move(self) -> int:
        return self.changed

    def board_key(self) -> Hashable:
        return (self.boards, self.turn)


def transfer(boards: tuple[int, ...], me: int, gain: int, vacate: int = 0) -> tuple[int, ...]:
    """The boards after player ``me`` gains the squares ``gain`` (placed, moved
    to, flipped: taken from whoever had them) and leaves ``vacate`` (but for
    a square it gains again: a piece whose jumps bring it back home)."""
    if vacate & gain:
        vacate &= ~gain
    if len(boards) == 2:  # the usual case, on every move: no generator, no mask to clear for a placement
        first, second = boards
        if me:
            return (first & ~gain, (second | gain) & ~vacate if vacate else second | gain)
        return ((first | gain) & ~vacate if vacate else first | gain, second & ~gain)
    return tuple((board | gain) & ~vacate if player == me else board & ~gain for player, board in enumerate(boards))
