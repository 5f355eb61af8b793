"""One action encoding for every game's moves, for learning agents and OpenSpiel.

A move here is squares: an optional origin, a destination and marks (flips).
Encoded, it is the sequence of those squares, each square one action, from
one fixed space of the board's squares plus two:

* square ``s`` is action ``s`` (the game's square numbers, a1 = 0);
* ``pass_action`` (the board size) is the pass;
* ``end_action`` (the board size + 1) closes a move whose squares are also
  the start of a longer legal move (a Verso placement that may flip, or not);
* in a game that declares choices (``Game.move_choices``: a promotion's piece),
  choice ``k`` is action ``end_action + 1 + k``, after the move's squares.

A placement is its destination then each mark; a step its origin, its
destination, then each mark (marks in square order, as in the notation). At
each point the legal actions are the next squares of the legal moves that
match what was chosen so far, so the space stays the board size plus two,
whatever a game's choices. :class:`MoveBuilder` walks that choice; a game
whose moves two different legal moves would encode alike (a placement with a
mark and a step between the same squares, in one position) cannot be encoded,
and :class:`UnencodableError` says so.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any

from ..errors import BoardgamesError, IllegalMoveError, WrongTypeError
from ..geometry import Grid, bits
from ..rules.choices import Choices
from ..rules.game import State
from ..rules.moves import PASS, Move, with_choice
from ..rules.parts import NOTHING_YET, Parts, path

#: Makes a Move from a tuple without the named tuple's Python-level constructor.
_tuple = tuple.__new__
_new = object.__new__
#: What may follow in a finished game: nothing.
_NOTHING = Parts()


class UnencodableError(BoardgamesError):
    """Two legal moves of one position have the same action sequence."""


def action_count(grid: Grid, choices: int = 0) -> int:
    """The size of the action space: every square, ``pass`` and ``end``, then
    the game's ``choices`` (how many it declares: see :func:`choice_count`)."""
    return grid.size + 2 + choices


def choice_count(game: Any) -> int:
    """How many choices ``game`` declares (``Game.move_choices``), each an action."""
    return len(game.move_choices.names) if game.move_choices is not None else 0


def pass_action(grid: Grid) -> int:
    return grid.size


def end_action(grid: Grid) -> int:
    return grid.size + 1


def squares_of(move: Move, grid: Grid) -> tuple[int, ...]:
    """The move's squares in action order (``end`` not included)."""
    if move.is_pass:
        return (pass_action(grid),)
    if move.origin < 0:
        return (move.to, *move.marks)
    return (move.origin, move.to, *move.marks)


def action_text(grid: Grid, action: int, choices: Choices | None = None) -> str:
    """``c3``, ``pass``, ``end`` or a choice's name (``knight``): what an
    action means, in the project's words."""
    if choices is not None and 0 <= action - grid.size - 2 < len(choices.names):
        return choices.names[action - grid.size - 2]
    if 0 <= action < grid.size:
        return grid.names[action]
    if action == grid.size:
        return "pass"
    if action == grid.size + 1:
        return "end"
    raise IllegalMoveError(f"{action!r} is not an action on a {grid.width}×{grid.height} board")


class MoveBuilder:
    """A move being chosen action by action in ``state``, straight from the
    game's parts (:meth:`State.parts`): no list of whole moves is made
    where a game answers its parts itself.

    ``legal_actions()`` are the actions that continue some legal move;
    ``push(action)`` takes one and returns the finished move once the
    actions name exactly one, else None."""

    # Made at every move and asked at every action of OpenSpiel's loops: slots.
    __slots__ = ("state", "grid", "chosen", "partial", "_parts", "_next_parts", "_actions", "_end", "_most")

    def __init__(self, state: State) -> None:
        game = state.game
        self.grid = game.grid
        self._end = game.grid.size + 1  # end_action
        # The game's own answer, as State.parts gives it (a frame less at every part).
        self._next_parts = game.next_parts
        #: The most actions a move takes, where the game says (then no parts are asked after the last).
        self._most = game.parts_per_move or -1
        self.restart(state)

    def restart(self, state: State) -> None:
        """Start over, for a move in ``state`` (a position of the same game):
        what an adapter does after every move, without a new builder."""
        self.state = state
        #: The actions chosen so far.
        self.chosen: tuple[int, ...] = ()
        #: The move being made (see :mod:`boardgames.rules.parts`).
        self.partial = NOTHING_YET
        # Nothing once the game is over, so no action is taken then.
        self._parts = _NOTHING if state.outcome is not None else self._next_parts(state, NOTHING_YET)
        #: ``legal_actions()`` of the parts, made on first request (OpenSpiel asks several times a step).
        self._actions: tuple[int, ...] | None = None

    def __copy__(self) -> MoveBuilder:
        # Every slot, written out: copy.copy of a slotted object is slow, and
        # OpenSpiel copies a builder at every clone (and every new state).
        twin = _new(type(self))
        twin.state, twin.grid, twin.chosen, twin.partial = self.state, self.grid, self.chosen, self.partial
        twin._parts, twin._next_parts, twin._actions = self._parts, self._next_parts, self._actions
        twin._end, twin._most = self._end, self._most
        return twin

    def __deepcopy__(self, memo: dict[int, object]) -> MoveBuilder:
        # Everything it holds is immutable: a copy may share it.
        return self.__copy__()

    def legal_actions(self) -> tuple[int, ...]:
        """The actions that continue a legal move, in increasing order."""
        actions = self._actions
        if actions is None:
            parts = self._parts
            squares = parts.origins | parts.targets | parts.marks
            actions = bits(squares)
            if parts.can_pass and not self.chosen:
                actions += (self._end - 1,)
            if parts.complete and squares and self.chosen:
                actions += (self._end,)
            if not squares and not parts.complete and self.chosen and self.state.game.move_choices is not None:
                actions = tuple(self._end + 1 + k for k in self._choices())  # the squares are chosen: a choice
            self._actions = actions
        return actions

    def push(self, action: int) -> Move | None:
        """Take ``action``; the move it completes, or None if more must follow.
        Raises IllegalMoveError (state and actions in the message) if no legal
        move continues this way."""
        if type(action) is not int:
            try:
                action = operator.index(action)  # numpy's integers too
            except TypeError:
                raise WrongTypeError(f"an action is a whole number, got {action!r}") from None
        # Taken at every action of OpenSpiel's and PettingZoo's loops: written
        # for speed (parts.extend inline, moves made as the tuples they are).
        origins, targets, marks, complete, can_pass = self._parts
        if 0 <= action < self._end - 1:  # a square: what kind of part it is here
            bit = 1 << action
            if origins & bit:
                if (targets | marks) & bit:
                    raise self._unencodable(action)
                partial = _tuple(Move, (action, -1, ()))
            elif targets & bit:
                if marks & bit:
                    raise self._unencodable(action)
                partial = _tuple(Move, (self.partial.origin, action, ()))
            elif marks & bit:
                partial = self.partial
                before = partial.marks
                marked = tuple(sorted((*before, action))) if before else (action,)
                partial = _tuple(Move, (partial.origin, partial.to, marked))
            else:
                raise IllegalMoveError(f"action {self._describe(action)} continues no legal move {self._where()}")
            self.partial = partial
            self._actions = None
            chosen = self.chosen = self.chosen + (action,)
            if len(chosen) == self._most:  # as many parts as a move has: it is whole
                return partial
            origins, targets, marks, complete, _ = self._parts = self._next_parts(self.state, partial)
            return partial if complete and not (origins | targets | marks) else None
        if action == self._end - 1 and can_pass and not self.chosen:
            self.chosen += (action,)
            self._actions = None
            return PASS
        if action == self._end and complete and self.chosen:
            self.chosen += (action,)
            self._actions = None
            return self.partial
        if (
            action > self._end
            and self.state.game.move_choices is not None
            and action - self._end - 1 in self._choices()
        ):
            self.chosen += (action,)
            self._actions = None
            return with_choice(self.partial, action - self._end - 1)
        raise IllegalMoveError(f"action {self._describe(action)} continues no legal move {self._where()}")

    def _choices(self) -> tuple[int, ...]:
        """The choices that finish the move being made, its squares all chosen (none before)."""
        choices = self.state.game.move_choices
        if choices is None or not self.chosen or self.state.outcome is not None:
            return ()
        return choices.of(self.state.legal_moves, self.partial)

    def _unencodable(self, action: int) -> UnencodableError:
        return UnencodableError(f"action {self._describe(action)} starts two kinds of move {self._where()}")

    def _describe(self, action: int) -> str:
        try:
            return f"{action} ({action_text(self.grid, action, self.state.game.move_choices)})"
        except IllegalMoveError:
            return str(action)

    def _where(self) -> str:
        chosen = " ".join(action_text(self.grid, a, self.state.game.move_choices) for a in self.chosen)
        return f"in {self.state.describe()}" + (f" after actions {chosen}" if chosen else "")


def encode(state: State, move: Move) -> tuple[int, ...]:
    """The actions of legal ``move`` in ``state`` (``end`` added where needed)."""
    if not state.is_legal(move):
        raise IllegalMoveError(f"illegal move {move!r} in {state.describe()}")
    grid = state.game.grid
    walked = None if move.is_pass else path(state.parts, move)
    if walked is None:  # a pass
        return squares_of(move, grid)
    steps, after = walked  # marks in an order the game offers them
    squares = tuple(square for square, _ in steps)
    if len(move) > 3:  # its choice last
        return (*squares, end_action(grid) + 1 + move[3])
    return (*squares, end_action(grid)) if after.squares else squares


def decode(state: State, actions: Sequence[int]) -> Move:
    """The legal move that ``actions`` spell in ``state``; IllegalMoveError if
    they spell none, or only the start of one."""
    builder = MoveBuilder(state)
    for k, action in enumerate(actions):
        move = builder.push(action)
        if move is not None:
            if k != len(actions) - 1:
                spelled = f"actions {list(actions)!r} go on past the move they spell"
                raise IllegalMoveError(f"{spelled} in {state.describe()}")
            return move
    raise IllegalMoveError(f"actions {list(actions)!r} are only the start of a move in {state.describe()}")
