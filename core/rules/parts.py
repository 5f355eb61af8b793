"""Moves made in parts: which piece, where it goes, then what it marks.

A move is at most three kinds of part, in this order: its ``origin`` (the
piece that moves; none for a placement), its destination (``to``) and its
``marks`` (squares it flips, captures or shoots: Verso's prisoner, an
Amazons arrow). A move's marks are a set: a move being made holds those
chosen so far in square order, whatever order they were chosen in, and a
game may offer them in any order (draughts' captures, jump by jump), as
long as it answers for the set. A move being made is a :class:`Move` whose ``to`` is still
-1 until its destination is chosen: ``Move()`` before anything (which is
also how a pass is written), ``Move(d1)`` once the piece on d1 is picked,
``Move(d1, d7)`` once it has landed, ``Move(d1, d7, (g7,))`` once it has shot.

:meth:`Game.next_parts` says what may follow a move being made, as
:class:`Parts`: the squares of each kind, whether the move may end there,
whether one may pass. Every game answers it: by default from its whole list
of legal moves; a game whose whole moves are too many to list (Amazons: 2,176
in the first position) writes ``next_parts`` instead of ``generate_moves``,
and then the terminal, the page, the action encoding, the adapters and the
agents go part by part without ever listing whole moves.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from ..geometry import bits
from .moves import PASS, Move, with_choice

#: A move before any part of it is chosen.
NOTHING_YET = Move()

ORIGIN, TO, MARK = "origin", "to", "mark"


class Parts(NamedTuple):
    """What may follow a move being made: squares (masks) for each kind of
    part, whether the move is already whole (``complete``: it may end here),
    and, before anything is chosen, whether the mover may pass.

    A named tuple, as :class:`~boardgames.Move` is, rather than an attrs
    class: a game makes one at every part of every move (Amazons through
    OpenSpiel: three a move), and a named tuple is made in about half the
    time and unpacked in one step (docs/performance.md)."""

    origins: int = 0
    targets: int = 0
    marks: int = 0
    complete: bool = False
    can_pass: bool = False

    @property
    def squares(self) -> int:
        """Every square that continues the move."""
        return self.origins | self.targets | self.marks

    def to_json(self, names: tuple[str, ...]) -> dict[str, object]:
        """The JSON form, squares by name (``names``: the grid's)."""
        return {
            "origins": [names[sq] for sq in bits(self.origins)],
            "targets": [names[sq] for sq in bits(self.targets)],
            "marks": [names[sq] for sq in bits(self.marks)],
            "complete": self.complete,
            "can_pass": self.can_pass,
        }

    def has(self, square: int, role: str) -> bool:
        """Whether ``square`` may come next as a part of kind ``role``."""
        mask = self.origins if role == ORIGIN else self.targets if role == TO else self.marks
        return bool(mask >> square & 1)

    def role(self, square: int) -> str | None:
        """``origin``, ``to`` or ``mark``: what ``square`` would be; None if it
        continues nothing. Raises ValueError where it could be two of them
        (a game whose parts cannot be told apart by the square alone)."""
        # Asked at every part of a random move (random_move): the usual answer first, without a list.
        bit = 1 << square
        origin, to, mark = self.origins & bit, self.targets & bit, self.marks & bit
        if not (to or mark):
            return ORIGIN if origin else None
        if not (origin or mark):
            return TO
        if not (origin or to):
            return MARK
        roles = [role for role, found in ((ORIGIN, origin), (TO, to), (MARK, mark)) if found]
        raise ValueError(f"square {square} is both {roles[0]} and {roles[1]}")


def describe(parts: Parts, names: tuple[str, ...]) -> list[str]:
    """``origins d1 g1``, ``targets ...``, ``marks ...``, then ``end`` (the
    move is whole: it may stop here) and ``pass`` where allowed: what may follow, in words (the engine protocol's
    ``legal`` for a move being made, the terminal's ``moves``)."""
    words: list[str] = []
    for label, mask in (("origins", parts.origins), ("targets", parts.targets), ("marks", parts.marks)):
        if mask:
            words += [label, *(names[sq] for sq in bits(mask))]
    if parts.complete:  # the move may stop here (it is whole)
        words.append("end")
    if parts.can_pass:
        words.append("pass")
    return words


def extend(partial: Move, square: int, role: str) -> Move:
    """``partial`` with one more part: ``square`` as ``role``."""
    if role == ORIGIN:
        return Move(square, -1, ())
    if role == TO:
        return Move(partial.origin, square, ())
    return Move(partial.origin, partial.to, tuple(sorted((*partial.marks, square))))


def started(partial: Move) -> bool:
    """Whether any part of ``partial`` is chosen (a move being made, not the start)."""
    return partial.origin >= 0 or partial.to >= 0


def parts_of(move: Move) -> list[tuple[int, str]]:
    """The parts of a whole move, marks in square order (the order a game that
    lists its moves offers them; :func:`path` finds a game's own order)."""
    out = [(move.origin, ORIGIN)] if move.origin >= 0 else []
    if move.to >= 0:
        out.append((move.to, TO))
    out.extend((mark, MARK) for mark in move.marks)
    return out


def from_moves(moves: Iterable[Move], partial: Move) -> Parts:
    """What may follow ``partial`` among whole ``moves``: every game's
    :meth:`~boardgames.Game.next_parts` unless it writes its own. Marks come
    in square order, so each move is one path of parts."""
    origins = targets = marks = 0
    complete = can_pass = False
    if not started(partial):
        for move in moves:
            if move.to < 0:
                can_pass = True
            elif move.origin >= 0:
                origins |= 1 << move.origin
            else:
                targets |= 1 << move.to
        return Parts(origins, targets, 0, False, can_pass)
    if partial.to < 0:  # a piece picked: where it may go
        for move in moves:
            if move.origin == partial.origin and move.to >= 0:
                targets |= 1 << move.to
        return Parts(0, targets, 0, False, False)
    chosen, n = partial.marks, len(partial.marks)
    for move in moves:
        if move.origin == partial.origin and move.to == partial.to and move.marks[:n] == chosen:
            if len(move.marks) == n:
                complete = complete or len(move) == 3  # whole, unless a choice is still to make
            else:
                marks |= 1 << move.marks[n]
    return Parts(0, 0, marks, complete, False)


def whole_moves(next_parts: Callable[[Move], Parts]) -> tuple[Move, ...]:
    """Every whole move, found by walking the parts (sorted): the legal
    moves of a game that writes only ``next_parts``."""
    return tuple(sorted(set(_walk(next_parts))))


def at_most(next_parts: Callable[[Move], Parts], most: int, partial: Move = NOTHING_YET) -> tuple[Move, ...] | None:
    """The whole moves (sorted) that continue ``partial`` where there are at
    most ``most``; else None, found without walking them all (Amazons'
    2,176: a hundred is enough to know)."""
    found: set[Move] = set()
    for move in _walk(next_parts, partial):
        found.add(move)
        if len(found) > most:
            return None
    return tuple(sorted(found))


def first_moves(next_parts: Callable[[Move], Parts], most: int) -> tuple[Move, ...]:
    """The first ``most`` whole moves the walk of the parts finds (not sorted)."""
    return tuple(itertools.islice(_walk(next_parts), most))


def _walk(next_parts: Callable[[Move], Parts], partial: Move = NOTHING_YET) -> Iterator[Move]:
    """The whole moves that continue ``partial``, as the walk of the parts finds them."""
    first = next_parts(partial)
    if first.can_pass and not started(partial):
        yield PASS
    pending = [(partial, first)]
    seen = {partial}  # marks chosen in another order make the same move being made: each once
    while pending:
        partial, parts = pending.pop()
        if parts.complete and started(partial):
            yield partial
        for role, mask in ((ORIGIN, parts.origins), (TO, parts.targets), (MARK, parts.marks)):
            for square in bits(mask):
                longer = extend(partial, square, role)
                if longer not in seen:
                    seen.add(longer)
                    pending.append((longer, next_parts(longer)))


def path(next_parts: Callable[[Move], Parts], move: Move) -> tuple[list[tuple[int, str]], Parts] | None:
    """The parts of ``move`` (whole or begun) in an order the game offers
    them, and what may follow them; None if it offers none. Its origin, its
    destination, then its marks, each the first in square order of those
    left that may come next (a draughts capture's jumps need not run in
    square order)."""
    parts, partial, steps = next_parts(NOTHING_YET), NOTHING_YET, []
    head = [(move.origin, ORIGIN)] if move.origin >= 0 else []
    if move.to >= 0:
        head.append((move.to, TO))
    left = list(move.marks)
    while head or left:
        if head:
            square, role = head.pop(0)
        else:
            square, role = next((m for m in left if 0 <= m and parts.marks >> m & 1), -1), MARK
            if square < 0:
                return None
            left.remove(square)
        if not parts.has(square, role):
            return None
        steps.append((square, role))
        partial = extend(partial, square, role)
        parts = next_parts(partial)
    return steps, parts


def walks(next_parts: Callable[[Move], Parts], move: Move) -> bool:
    """Whether ``move`` is whole and legal, found by walking its parts
    (no list of every move)."""
    if move.to < 0:
        return move.origin < 0 and not move.marks and next_parts(NOTHING_YET).can_pass
    found = path(next_parts, move)
    return found is not None and found[1].complete


def leads_to(partial: Move, move: Move) -> bool:
    """Whether every part of ``partial``, a move being made, is a part of ``move``."""
    if partial.origin >= 0 and partial.origin != move.origin:
        return False
    if partial.to >= 0 and (partial.to != move.to or partial.origin != move.origin):
        return False
    return set(partial.marks) <= set(move.marks)


#: The piece on each square picked (``Move(square)``: a move's first part), made once: a random move's
#: first part is one of these, not a new tuple each time (see random_move).
_PICKED: tuple[Move, ...] = ()
_new_move = tuple.__new__
#: How a ``random.Random`` draws an integer below n (``randrange(n)``, ``choice``), when its class keeps it.
_WITH_BITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


def _picked(square: int) -> Move:
    """``Move(square)``, from the table (grown to cover ``square``)."""
    global _PICKED
    if square >= len(_PICKED):
        _PICKED = tuple(Move(sq, -1, ()) for sq in range(max(square + 1, 2 * len(_PICKED), 64)))
    return _PICKED[square]


def random_move(
    next_parts: Callable[[Move], Parts], rng: random.Random, partial: Move = NOTHING_YET, most: int | None = None
) -> Move:
    """A move drawn part by part (from ``partial`` on), each part uniformly
    among those that may follow, as OpenSpiel's random rollouts draw an
    action at a time; ending the move where it may end, or passing, counts
    as one more choice. ``most``: the game's ``parts_per_move``, where it
    declares one: a move of that many parts is whole, and nothing more is
    asked (the same move and the same draws: the kit checks the bound)."""
    # The squares are counted and the k-th lowest drawn from the mask itself, with no tuple of them made
    # (Chinese checkers' 289-square masks: a fifth of a random game); the same k, so the same move, as
    # rng.choice(bits(mask)) draws.
    # Each k is drawn as random.Random.randrange(n) draws it (getrandbits(n.bit_length()) until below n,
    # the same in Python 3.8 to 3.13), written out: two calls in Python fewer a draw, a tenth of a
    # Chinese checkers move. A generator of another kind (its own random(), a stand-in) is asked randrange.
    # A square of one kind only (the usual case) makes its part here, as extend() would: a piece picked
    # from the table of them, a destination as a plain tuple (Move's own __new__ is a call in Python).
    bits_of = rng.getrandbits if getattr(type(rng), "_randbelow", None) is _WITH_BITS else None
    origins, targets, marks, complete, can_pass = next_parts(partial)
    squares = origins | targets | marks
    count = squares.bit_count()
    if partial.origin < 0 and partial.to < 0 and can_pass and rng.randrange(count + 1) == count:
        return PASS
    made = (partial.origin >= 0) + (partial.to >= 0) + len(partial.marks)
    picked = _PICKED
    while count:
        if bits_of is None:
            k = rng.randrange(count)
        else:
            width = count.bit_length()
            k = bits_of(width)
            while k >= count:
                k = bits_of(width)
        while k:
            squares &= squares - 1
            k -= 1
        bit = squares & -squares
        square = bit.bit_length() - 1
        if not (targets | marks) & bit:
            partial = picked[square] if square < len(picked) else _picked(square)
        elif not (origins | marks) & bit:
            partial = _new_move(Move, (partial.origin, square, ()))
        else:
            partial = extend(partial, square, Parts(origins, targets, marks).role(square) or MARK)
        made += 1
        if made == most:  # whole: nothing may follow
            break
        origins, targets, marks, complete, can_pass = next_parts(partial)
        squares = origins | targets | marks
        count = squares.bit_count()
        if complete and count and rng.randrange(count + 1) == count:
            break
    return partial


def random_whole_move(state: Any, rng: random.Random, partial: Move = NOTHING_YET, most: int | None = None) -> Move:
    """:func:`random_move` from ``state``, with the choice its squares leave drawn as one more part where
    the game's moves carry one (``Game.move_choices``: a promotion's piece, a wall's way, the kind of a
    tile placed): the parts are squares, so a move drawn by them alone would lack it."""
    move = random_move(state.parts, rng, partial, most)
    choices = state.game.move_choices
    if choices is not None and len(move) == 3 and not move.is_pass and move not in state.legal_moves:
        left = choices.of(state.legal_moves, move)  # looked for only where the move is not whole without one
        if left:
            move = with_choice(move, left[rng.randrange(len(left))])
    return move


def next_steps(next_parts: Callable[[Move], Parts], partial: Move) -> list[Move]:
    """The moves being made one part after ``partial`` (some whole); and
    ``partial`` itself where it may stop there (a pass, or ``end``): the
    children of a search tree that goes part by part."""
    parts = next_parts(partial)
    steps = [
        extend(partial, square, role)
        for role, mask in ((ORIGIN, parts.origins), (TO, parts.targets), (MARK, parts.marks))
        for square in bits(mask)
    ]
    if (parts.complete and started(partial)) or (parts.can_pass and not started(partial)):
        steps.append(partial)
    return steps
