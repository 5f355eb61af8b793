"""A state's history: the moves so far, as a tuple that grows in one step.

Every state holds the moves that led to it. Were each state's history a
tuple of its own, ``state.history + (move,)`` would copy the whole of it at
every move, and a long game (Mensch ärgere dich nicht: about 900 plies in a
random game) would spend more time copying moves than playing them.
:class:`History` is the moves shared: each history is its parent and one
more move, made in one step (``history + (move,)``), and is read as the
tuple it stands for. It has a tuple's ``len``, indexing, slices (tuples),
iteration, ``in``, ``index``, ``count``, comparisons and equality with
tuples, and the hash of the equal tuple; the tuple itself (``tuple(h)``, or
:meth:`History.as_tuple`) is made the first time anything but its length or
last move is asked, then kept. It pickles as a tuple of its moves; JSON
takes ``list(history)`` (records write each move's text).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .moves import Move


class History(Sequence[Move]):
    """The moves of a game so far: a tuple for every reader, extended in one
    step by ``history + (move,)`` (a tuple of more moves: one step each)."""

    __slots__ = ("_parent", "_last", "_length", "_tuple", "_hash")

    _parent: History | None
    _last: Move | None
    _length: int
    _tuple: tuple[Move, ...] | None
    _hash: int | None

    def __init__(self, moves: Iterable[Move] = ()) -> None:
        moves = tuple(moves)
        self._parent, self._tuple, self._length, self._hash = None, moves, len(moves), None
        self._last = moves[-1] if moves else None

    @classmethod
    def of(cls, moves: Iterable[Move]) -> History:
        """``moves`` as a History (itself if it is one)."""
        return moves if type(moves) is History else cls(moves)

    def _then(self, move: Move) -> History:
        made = History.__new__(History)
        made._parent, made._last, made._length, made._tuple, made._hash = self, move, self._length + 1, None, None
        return made

    def as_tuple(self) -> tuple[Move, ...]:
        """The moves as a tuple (made once, from the nearest history that has one)."""
        found = self._tuple
        if found is not None:
            return found
        later: list[Move] = []
        node: History = self
        while node._tuple is None:
            later.append(node._last)  # type: ignore[arg-type]
            node = node._parent  # type: ignore[assignment]
        later.reverse()
        found = self._tuple = node._tuple + tuple(later)
        self._parent = None  # the moves are all here now: the earlier histories may go
        return found

    # -- growing ---------------------------------------------------------------
    def __add__(self, other: object) -> History:
        if type(other) is tuple and len(other) == 1:  # the usual case, one move: _then, written out
            made = History.__new__(History)
            made._parent, made._last, made._length = self, other[0], self._length + 1
            made._tuple = made._hash = None
            return made
        if not isinstance(other, tuple | History):
            return NotImplemented
        made = self
        for move in other:
            made = made._then(move)
        return made

    def __radd__(self, other: object) -> tuple[Move, ...]:
        if not isinstance(other, tuple):
            return NotImplemented
        return other + self.as_tuple()

    # -- reading, as a tuple -----------------------------------------------------
    def __len__(self) -> int:
        return self._length

    def __bool__(self) -> bool:
        return self._length > 0

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Move, ...]: ...

    def __getitem__(self, index: Any) -> Any:
        if type(index) is int and (index == -1 or index == self._length - 1) and self._length:
            last = self._last
            if last is not None:
                return last
        return self.as_tuple()[index]

    def __iter__(self) -> Iterator[Move]:
        return iter(self.as_tuple())

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self.as_tuple())

    def __contains__(self, move: object) -> bool:
        return move in self.as_tuple()

    def index(self, move: Any, start: int = 0, stop: int = 9223372036854775807) -> int:
        return self.as_tuple().index(move, start, stop)

    def count(self, move: Any) -> int:
        return self.as_tuple().count(move)

    @staticmethod
    def _tuple_of(other: object) -> tuple[Move, ...] | None:
        if type(other) is History:
            return other.as_tuple()
        return other if isinstance(other, tuple) else None

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) is History and other._length != self._length:
            return False
        theirs = self._tuple_of(other)
        return NotImplemented if theirs is None else self.as_tuple() == theirs

    def __ne__(self, other: object) -> bool:
        same = self.__eq__(other)
        return same if same is NotImplemented else not same

    def __lt__(self, other: object) -> bool:
        theirs = self._tuple_of(other)
        return NotImplemented if theirs is None else self.as_tuple() < theirs

    def __le__(self, other: object) -> bool:
        theirs = self._tuple_of(other)
        return NotImplemented if theirs is None else self.as_tuple() <= theirs

    def __gt__(self, other: object) -> bool:
        theirs = self._tuple_of(other)
        return NotImplemented if theirs is None else self.as_tuple() > theirs

    def __ge__(self, other: object) -> bool:
        theirs = self._tuple_of(other)
        return NotImplemented if theirs is None else self.as_tuple() >= theirs

    def __hash__(self) -> int:
        found = self._hash
        if found is None:
            found = self._hash = hash(self.as_tuple())
        return found

    def __repr__(self) -> str:
        return repr(self.as_tuple())

    def __reduce__(self) -> tuple[Any, ...]:
        return (History, (self.as_tuple(),))

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self


#: No move yet: every state's history starts here.
EMPTY = History()


def as_history(moves: Sequence[Move]) -> History:
    """``moves`` (a tuple, a list, a History) as a History: a state's ``history`` field takes any of them."""
    return moves if type(moves) is History else History(moves)
