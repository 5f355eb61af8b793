"""Moves on a grid and their one canonical text notation.

Every grid game here speaks the same notation, so that parsing, formatting and
error messages are written once:

* a placement is its square: ``d4``;
* a step or jump is ``from-to``: ``c3-c4``;
* each piece the mover chose to flip or take is added as ``x`` and its square,
  in file-then-rank order: ``d4xe5xf6``, ``c3-c4xb2``;
* ``pass``;
* a choice the game declares (:class:`~boardgames.rules.choices.Choices`,
  a promotion's piece) after ``=``: ``e7-e8=N``.

Only choices belong in a move: a game whose flips follow from the placement
(Donuts, Othello) never lists them.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..errors import InvalidMoveError, NotationError, WrongTypeError, quoted
from ..geometry import Grid

_MOVE = re.compile(r"([a-z][0-9]+)(?:-([a-z][0-9]+))?((?:x[a-z][0-9]+)*)")


class Move(NamedTuple):
    """A move: a piece arrives on ``to`` (from ``origin`` if it moved), and the
    mover chose ``marks`` (flips, captures). ``to == -1`` is a pass.

    Moves order as squares do, file-then-rank, placements before steps. A
    named tuple rather than an attrs class: moves are made, hashed and sorted
    in every agent's inner loop, and tuples do all three in C.
    """

    origin: int = -1
    to: int = -1
    marks: tuple[int, ...] = ()

    @property
    def is_pass(self) -> bool:
        return self.to < 0

    @property
    def choice(self) -> int:
        """The mover's choice among the names the game declares (a promotion's
        piece: ``Game.move_choices``), -1 for none. A move with a choice is the
        same tuple with one more item (see :func:`with_choice`): a move
        without one is the three items it always was, made, hashed and
        sorted as fast."""
        return self[3] if len(self) > 3 else -1

    def __repr__(self) -> str:
        chose = f", choice={self[3]!r}" if len(self) > 3 else ""
        return f"Move(origin={self[0]!r}, to={self[1]!r}, marks={self[2]!r}{chose})"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # Pickled and copied as its items (a choice too): the named tuple's own way passes three.
        return (_remade, (tuple(self),))

    @property
    def is_placement(self) -> bool:
        return self.origin < 0 and self.to >= 0


PASS = Move()


def with_choice(move: Move, choice: int) -> Move:
    """``move`` with the mover's ``choice`` (an index into the game's
    :class:`~boardgames.rules.choices.Choices`); -1: ``move`` without one."""
    head = (move[0], move[1], move[2])
    return tuple.__new__(Move, head if choice < 0 else (*head, choice))


@functools.cache
def placements_with_choices(sites: int, choices: int) -> tuple[tuple[Move, ...], ...]:
    """Each site's placements with each choice, ``[site][choice]``: made once for a board's ``sites``
    (Hive's tiles, placed on any of some 400 cells, each a player's choice of 14)."""
    return tuple(tuple(with_choice(Move(-1, site), k) for k in range(choices)) for site in range(sites))


def _remade(items: tuple[object, ...]) -> Move:
    return tuple.__new__(Move, items)


_PASSING = (PASS,)


def place(square: int, marks: tuple[int, ...] = ()) -> Move:
    return Move(-1, square, marks)


_ONE_PLACEMENT: list[Move] = []
#: The mask asked for last and the one before (a game asks for each player's in turn), and their moves.
_last: tuple[int, tuple[Move, ...]] = (0, ())
_older: tuple[int, tuple[Move, ...]] = (0, ())
_PLACEMENTS: dict[int, tuple[Move, ...]] = {}
# Forget them all past 65,536 masks or a million moves held: at most about 20 MB.
_MASKS_HELD, _MOVES_HELD = 1 << 16, 1 << 20
_held = 0
#: At most this many squares in or out against a recent mask: not kept (a game on its way, Go).
_NEAR = 4
#: For each byte of a mask (the k-th) and each value of it, the placements on its set bits.
_BYTE_MOVES: list[tuple[tuple[Move, ...], ...]] = []
_GROWING = threading.Lock()
#: A mask's bytes, the moves to put first and the byte tables -> the moves in one tuple.
Joiner = Callable[[bytes, tuple[Move, ...], Sequence[tuple[tuple[Move, ...], ...]]], tuple[Move, ...]]


def _joiner(size: int) -> Joiner:
    """The joiner of a mask of ``size`` bytes, compiled for that size: one
    tuple display ``(*first, *tables[0][b[0]], *tables[1][b[1]], ...)``, each
    move copied once. ``sum`` of the bytes' tuples (a new tuple each byte, a
    copy of the last) took 1.5 times as long on Go's 81 points, and a chain
    of them twice as long on 361."""
    namespace: dict[str, Any] = {}
    items = "".join(f"*tables[{k}][b[{k}]], " for k in range(size))
    exec(f"def join(b, first, tables):\n    return (*first, {items})\n", namespace)
    join: Joiner = namespace["join"]
    return join


#: For each mask size in bytes, its joiner: grown with the byte tables (before them: a size with tables has one).
_JOINERS: list[Joiner] = [_joiner(0)]


def _grow_byte_moves(size: int) -> None:
    """Make the tables of :data:`_BYTE_MOVES` up to byte ``size``, under the
    lock: two threads growing them at once (a server's first uploads of a
    larger board) made the same byte's table twice, every later table then a
    byte off, and placements were wrong for the rest of the process. Grown at
    the end only, so they are read without the lock."""
    with _GROWING:
        while len(_JOINERS) <= size:
            _JOINERS.append(_joiner(len(_JOINERS)))
        while len(_BYTE_MOVES) < size:
            at = 8 * len(_BYTE_MOVES)
            _ONE_PLACEMENT.extend(Move(-1, sq) for sq in range(len(_ONE_PLACEMENT), at + 8))
            one = _ONE_PLACEMENT[at : at + 8]
            _BYTE_MOVES.append(tuple(tuple(one[i] for i in range(8) if b >> i & 1) for b in range(256)))


def _placements_of(mask: int, first: tuple[Move, ...] = ()) -> tuple[Move, ...]:
    """``first``, then the placements on ``mask``, joined a byte at a time from
    tables: the bytes read by ``int.to_bytes`` and their tuples joined by the
    size's joiner (:func:`_joiner`), no Python loop per square or per byte
    (less than half the cost of listing the squares and looking each one up,
    on Go's 81 points)."""
    size = (mask.bit_length() + 7) >> 3
    if len(_BYTE_MOVES) < size:
        _grow_byte_moves(size)
    return _JOINERS[size](mask.to_bytes(size, "little"), first, _BYTE_MOVES)


def placements(mask: int, *, passing: bool = False) -> tuple[Move, ...]:
    """The placements on the squares of ``mask``, in square order (sorted, as
    legal moves are): ``placements(0b101) == (place(0), place(2))``. With
    ``passing``, :data:`PASS` comes first (it sorts first), in the same tuple:
    a game where a player may always pass (Go) copies no tuple to add it.

    Remembered per mask (up to 65,536 masks and a million moves in all):
    in most placement games the same few sets of squares come back
    again and again (docs/performance.md), and a lookup
    costs far less than a tuple of moves. A mask one square short of the
    last one asked for (a game that fills a square a move, Hex) is a slice of
    that one's moves; one a few squares away from either of the last two (a
    player's next mask in Go) is made afresh and not kept; so are those with
    ``passing``, which change every move where a player may always pass."""
    global _held, _last, _older
    if passing:
        return _placements_of(mask, _PASSING)
    moves = _PLACEMENTS.get(mask)
    if moves is not None:
        return moves
    last_mask, last_moves = _last
    gone = last_mask ^ mask
    if not gone:
        return last_moves
    if gone & last_mask == gone and not gone & (gone - 1):
        # One square fewer (random Hex games ask for a new mask every move): a slice.
        at = (last_mask & (gone - 1)).bit_count()  # the squares before it: its place in the tuple
        moves = last_moves[:at] + last_moves[at + 1 :]
        _older, _last = _last, (mask, moves)
        return moves
    if (_older[0] ^ mask).bit_count() < gone.bit_count():  # the same player's last mask, in Go
        last_mask, last_moves = _older
        gone = last_mask ^ mask
    moves = _placements_of(mask)
    if gone.bit_count() > _NEAR:  # not a neighbour of a recent mask: likely to come back (Donuts)
        if len(_PLACEMENTS) >= _MASKS_HELD or _held + len(moves) > _MOVES_HELD:
            _PLACEMENTS.clear()
            _held = 0
        _PLACEMENTS[mask] = moves
        _held += len(moves)
    _older, _last = _last, (mask, moves)
    return moves


def step(origin: int, to: int, marks: tuple[int, ...] = ()) -> Move:
    return Move(origin, to, marks)


def check_move(move: object, accepted: str = "a boardgames.Move of square numbers") -> None:
    """Raise WrongTypeError (saying what is ``accepted``) unless ``move`` is a
    :class:`Move` of whole numbers."""
    if not (
        isinstance(move, Move)
        and type(move.origin) is type(move.to) is int
        and isinstance(move.marks, tuple)
        and all(type(sq) is int for sq in move.marks)
        and (len(move) == 3 or (len(move) == 4 and type(move[3]) is int and move[3] >= 0))
    ):
        raise WrongTypeError(f"a move is {accepted}, got {move!r}")


def format_move(grid: Grid, move: Move) -> str:
    return _written(grid, move, grid.names, f"is not a move on a {grid.width}×{grid.height} board")


def format_sites(grid: Grid, move: Move, names: tuple[str, ...]) -> str:
    """``move`` as :func:`format_move` writes it, each site by ``names`` (a
    game whose grid is no board: its sites in its words, ``Game.site_name``)."""
    return _written(grid, move, names, "names no site of this game")


def _written(grid: Grid, move: Move, names: Sequence[str], refused: str) -> str:
    """``a1``, ``a1-b2``, ``a1-b2xc3``: each site by ``names``; a move off
    the grid is refused, ``refused`` saying how."""
    check_move(move)
    if move == PASS:
        return "pass"
    size = grid.size
    if not (-1 <= move.origin < size and 0 <= move.to < size and all(0 <= m < size for m in move.marks)):
        raise InvalidMoveError(f"{move!r} {refused}")
    text = names[move.to] if move.origin < 0 else f"{names[move.origin]}-{names[move.to]}"
    return text + "".join("x" + names[m] for m in move.marks)


@functools.lru_cache(maxsize=64)
def _sites_pattern(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, int]]:
    """The patterns of a move and of its next mark written with ``names``, and each name's site."""
    index: dict[str, int] = {}
    for site, name in enumerate(names):
        index.setdefault(name.lower(), site)
    one = "|".join(re.escape(n) for n in sorted(index, key=len, reverse=True) if n) or "(?!)"
    whole = re.compile(f"({one})(?:-({one}))?((?:x(?:{one}))*)")
    mark = re.compile(f"x({one})(?=(?:x(?:{one}))*$)")  # a mark, the rest still marks
    return whole, mark, index


def parse_sites(text: str, names: tuple[str, ...]) -> Move:
    """The move :func:`format_sites` wrote as ``text``; InvalidMoveError for
    text that names no sites (whether it is legal is the state's question)."""
    if not isinstance(text, str):
        raise WrongTypeError(f"a move's text is a str, got {text!r}")
    clean = text.strip().lower()
    if clean == "pass":
        return PASS
    whole, mark, index = _sites_pattern(names)
    found = whole.fullmatch(clean)
    if not found:
        raise NotationError(
            f"{quoted(text)} is not a move (write a site's name, as {names[0]}; a step between two, as"
            f" {names[0]}-{names[-1]}; then any site it also takes, as x{names[-1]}; or pass)"
        )
    first, second, marks_text = found.groups()
    marks, at = set(), 0
    while at < len(marks_text):
        taken = mark.match(marks_text, at)
        assert taken is not None  # the whole text matched
        marks.add(index[taken.group(1)])
        at = taken.end()
    origin, to = (index[first], index[second]) if second is not None else (-1, index[first])
    return Move(origin, to, tuple(sorted(marks)))


def parse_move(grid: Grid, text: str) -> Move:
    """Parse the notation; raises InvalidMoveError for malformed text or squares off the board.

    Whether the move is legal is the state's question, not this function's.
    """
    if not isinstance(text, str):
        raise WrongTypeError(f"a move's text is a str, got {text!r}")
    if grid.site_kinds is not None:  # a lattice's sites are named by their points (a1b1): read by those names
        return parse_sites(text, grid.names)
    clean = text.strip().lower()
    if clean == "pass":
        return PASS
    found = _MOVE.fullmatch(clean)
    if not found:
        raise NotationError(
            f"{quoted(text)} is not a move (write a square like c3, a step like c3-c4, then any square"
            " it also takes as xd4, or pass)"
        )
    to_text, origin_text, marks_text = found.groups()
    if origin_text is not None:  # "a-b": the first square is the origin
        origin, to = grid.parse_square(to_text), grid.parse_square(origin_text)
    else:
        origin, to = -1, grid.parse_square(to_text)
    marks = tuple(sorted({grid.parse_square(m) for m in marks_text.split("x")[1:]}))
    return Move(origin, to, marks)
