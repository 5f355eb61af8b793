"""The interpreter of typed moves: what a person or a program means by a
move's text (the game's shorthand, the notation, a capture as chess writes
it, marks left out that are forced, the first parts of a move made in
parts), and the one clear error when it means nothing legal. Mixed into
:class:`~boardgames.rules.game.State`, whose methods these are."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..errors import AmbiguousMoveError, IllegalMoveError, IncompleteMoveError, NotationError, quoted
from .chance import CHANCE, not_an_outcome, not_due
from .moves import Move
from .parts import MARK, NOTHING_YET, ORIGIN, Parts, at_most, extend, first_moves, parts_of, started


class TypedMoves:
    """A state's reading of typed moves (see the module)."""

    if TYPE_CHECKING:  # what it reads of the state it is mixed into
        game: Any
        outcome: Any
        turn: int
        legal_moves: tuple[Move, ...]

        @property
        def to_move(self) -> str | None: ...
        def is_legal(self, move: Move) -> bool: ...
        def parts(self, partial: Move = NOTHING_YET) -> Parts: ...
        def format_move(self, move: Move) -> str: ...
        def describe(self) -> str: ...
        def result_text(self) -> str: ...

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names.

        Raises InvalidMoveError for malformed text, IllegalMoveError for a move
        that is not legal here, AmbiguousMoveError where the text leaves out a
        choice (such as which piece flips) that the position needs.
        """
        chance = self._chance_outcome(text)
        if chance is not None:
            return chance
        short = self.game.shorthand(self, text)
        if short is not None and self.is_legal(short):
            return short
        if self.game.own_notation and isinstance(text, str):  # the game's own notation (chess' SAN), then the default
            own = self.game.read_notation(self, text.strip())
            if own is not None and self.is_legal(own):
                return own
            if own is not None and own.to in range(self.game.grid.size):  # read, but not legal here: say why
                raise IllegalMoveError(self._illegal_message(text.strip(), own))
        typed = self._typed(text)
        if self.is_legal(typed):
            return typed
        if self.game.moves_in_parts:
            partial = self._started_by(typed)
            if partial is None:
                raise IllegalMoveError(self._illegal_message(text.strip(), typed))
            partial = self.forced(partial)  # the parts left out that have no alternative
            if self.parts(partial).complete:
                return partial
            raise IncompleteMoveError(f"{text.strip()!r} is only the start of a move in {self.describe()}", partial)
        # A capture as chess writes it, "c1xa3": the piece on c1 steps onto a3 (no mark of its own).
        if typed.origin < 0 and len(typed.marks) == 1:
            onto = [m for m in self.legal_moves if m.origin == typed.to and m.to == typed.marks[0] and not m.marks]
            if len(onto) == 1:
                return onto[0]
        # The text may leave out marks (flips) that are forced: accept it when
        # exactly one legal move goes the same way and includes every typed mark.
        wanted = set(typed.marks)
        matches = [
            m
            for m in self.legal_moves
            if m.origin == typed.origin
            and m.to == typed.to
            and wanted <= set(m.marks)
            and (len(typed) == 3 or m[3:] == typed[3:])  # a choice typed is that choice
        ]
        if len(matches) == 1:
            return matches[0]
        if matches:
            choices = ", ".join(self.format_move(m) for m in matches)
            raise AmbiguousMoveError(
                f"{text.strip()!r} needs a choice in {self.describe()}: one of {choices}",
                tuple(matches),
            )
        raise IllegalMoveError(self._illegal_message(text.strip(), typed))

    def _chance_outcome(self, text: str) -> Move | None:
        """The chance outcome ``text`` names (``roll:3``) where chance decides;
        text written as an outcome where a player moves is refused, saying so."""
        if not isinstance(text, str):
            return None
        clean = text.strip().lower()
        if self.turn == CHANCE:
            # The outcomes by their text, made once a state: a roll of five dice has 7,776 of them.
            # Read in any case where that names one outcome; as written where case tells two apart
            # (Banqi's reveal:G, red's general, and reveal:g, black's).
            named = self.__dict__.get("_outcomes_named")
            if named is None:
                written = {self.format_move(move): move for move in self.legal_moves}
                folded = Counter(text.lower() for text in written)
                named = {**{t.lower(): m for t, m in written.items() if folded[t.lower()] == 1}, **written}
                self.__dict__["_outcomes_named"] = named
            for key in (text.strip(), clean):
                if key in named:
                    return named[key]
            outcomes = [self.format_move(m) for m in self.legal_moves]
            raise IllegalMoveError(not_an_outcome(quoted(text.strip()), self.describe(), outcomes))
        words = (self.game.chance_word, *self.game.chance_words)
        if self.game.has_chance and any(clean.startswith(f"{word}:".lower()) for word in words):
            raise IllegalMoveError(not_due(quoted(text.strip()), self.describe(), self.to_move))
        return None

    def parse_partial(self, text: str) -> Move:
        """The move being made that ``text`` names: its first parts (``d1``,
        the piece to move where one may move from there, else a placement;
        ``d1-d7``), a whole move, or nothing yet (empty text). Raises
        InvalidMoveError for text that is no move and IllegalMoveError,
        saying why, where no legal move starts so."""
        clean = text.strip()
        if not clean:
            return NOTHING_YET
        short = self.game.shorthand(self, clean)  # a whole move the game reads its own way ("swap")
        if short is not None and self.is_legal(short):
            return short
        return self._partial_of(self._typed(clean), clean)

    def _typed(self, text: str) -> Move:
        """``text`` in the game's notation; text that is no move at all is
        refused with what moves look like here."""
        try:
            return self.game.parse_move(text)
        except NotationError:
            head, chose, _ = text.partition("=")
            if chose and self.game.move_choices is not None and self._parses(head):
                raise  # the squares are a move's, the choice is none: say the choices (Choices.index)
            examples = ", ".join(self.format_move(move) for move in self.move_examples())
            if not examples:
                raise
            raise NotationError(f"{quoted(text)} is not a move (moves here look like {examples})") from None

    def _parses(self, text: str) -> bool:
        try:
            self.game.parse_move(text)
        except NotationError:
            return False
        return True

    def move_examples(self, most: int = 3) -> list[Move]:
        """A few legal moves, one of each form the position has (a placement,
        a step, one that also takes squares, a pass; a pass last): what a move
        here looks like, for messages and help."""
        if self.outcome is not None:
            return []
        moves = first_moves(self.parts, 200) if self.game.moves_in_parts else self.legal_moves
        forms: dict[tuple[bool, bool, bool], Move] = {}
        for move in moves:
            forms.setdefault((move.is_pass, move.origin >= 0, bool(move.marks)), move)
        return [forms[form] for form in sorted(forms)][:most]

    def format_partial(self, partial: Move) -> str:
        """A move being made in the notation: ``""`` before anything, the
        piece's square once it is picked (``d1``), then as a move (``d1-d7``)."""
        if not started(partial):
            return ""
        if partial.to < 0:
            return self.game.site_names()[partial.origin]  # a table's sites by the game's names
        return self.format_move(partial)

    def _partial_of(self, typed: Move, text: str) -> Move:
        parts = self.parts()
        if typed.to < 0:  # pass: a whole move, or none
            if parts.can_pass:
                return typed
            raise IllegalMoveError(f"{quoted(text)} is not a legal move in {self.describe()}: {self._no_start()}")
        steps = parts_of(Move(typed.origin, typed.to, ()))
        if typed.origin < 0 and not typed.marks and parts.origins >> typed.to & 1:
            steps = [(typed.to, ORIGIN)]  # the piece to move, not a placement there
        partial, marks = NOTHING_YET, list(typed.marks)
        while steps or marks:
            if steps:
                square, role = steps.pop(0)
            else:  # marks in an order the game offers them (a capture's jumps), else the first refused
                square, role = next((m for m in marks if parts.marks >> m & 1), -1), MARK
                if square < 0 and not parts.complete and parts.squares.bit_count() == 1:
                    square = parts.squares.bit_length() - 1  # a jump left out that has no alternative
                    role = parts.role(square) or MARK
                else:
                    square = marks[0] if square < 0 else square
                    marks.remove(square)
            if not parts.has(square, role):
                if not started(partial) and self.outcome is None and self.game.explains_illegal:
                    # Nothing starts there: the game's own reason ("c5 is not on the line of c3"), as for a typed move.
                    raise IllegalMoveError(self._illegal_message(text, typed))
                why = self._no_start(self.format_partial(partial), self.game.site_names()[square])
                raise IllegalMoveError(f"{quoted(text)} is not the start of a legal move in {self.describe()}: {why}")
            partial = extend(partial, square, role)
            parts = self.parts(partial)
        return partial

    def _no_start(self, before: str = "", square: str = "") -> str:
        if self.outcome is not None:
            return f"the game is over ({self.result_text()})"
        if not square:
            return "no one may pass here"
        return f"{square} does not follow {before!r}" if before else f"no move starts on {square}"

    def forced(self, partial: Move) -> Move:
        """``partial``, a move being made, with the parts that have no
        alternative added: where it may not end yet and only one whole move
        continues it, that move (a draughts capture whose jumps have no
        choice, whatever order they may be taken in)."""
        if self.parts(partial).complete:
            return partial
        only = at_most(self.parts, 1, partial)
        return only[0] if only else partial

    def _started_by(self, typed: Move) -> Move | None:
        """The move being made that ``typed`` names the first parts of, where
        more must follow (a square alone may be the piece to move), or None."""
        try:
            partial = self._partial_of(typed, "")
        except IllegalMoveError:
            return None
        return partial if started(partial) and self.parts(partial).squares else None

    def moves_from(self, square: int) -> tuple[Move, ...]:
        """The legal moves that move the piece on ``square``."""
        return tuple(m for m in self.legal_moves if m.origin == square)

    def _illegal_message(self, text: str, move: Move) -> str:
        if self.outcome is not None:
            why = f"the game is over ({self.result_text()})"
        else:
            why = self.game.why_illegal(self, move)
        return f"illegal move {text!r} in {self.describe()}: {why}"
