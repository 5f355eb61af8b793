"""Notations a game declares rather than writes: standard algebraic (SAN) and coordinate notation.

Chess players write ``Nf3``, ``exd5``, ``O-O``, ``e8=Q+``; Crazyhouse adds
drops, ``N@f3``; engines speak coordinates, ``e2e4``, ``e7e8q``, and USI's
``7g7f``, ``8h2b+``, ``P*5e``. Every part of these is the game's vocabulary
already: each kind's letter (``PieceKind.letter``), the board's labels
(``Game.board_labels``, else the grid's ``a1``), the choices a move carries
(``Game.move_choices``), which pieces a player holds (``Game.kinds``,
``Game.counts``). So a game declares which notation it writes, in a line:

    move_notation = AlgebraicNotation(unlettered=0, castling=5, gives_check=lambda state, move: ...)
    move_notation = CoordinateNotation(drop="*", hands=HAND, choices=("+", ""))

and its ``write_notation``/``read_notation`` are the core's: every front end
shows the moves so and reads them back, with the same rules. A text that is
not of the notation at all is left to the default one (``e2-e4``); a text of
it that names no legal move says why (the game's :meth:`~boardgames.Game.why_illegal`
for a move it could name, a drop, a coordinate move), or that a choice is
missing (:class:`~boardgames.errors.AmbiguousMoveError`, listing them).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

import attrs

from ..errors import AmbiguousMoveError, IllegalMoveError
from .coordinates import labels
from .moves import Move, with_choice

Hands = tuple[tuple[int, ...], ...]


@functools.lru_cache(maxsize=64)
def square_labels(grid: Any, coordinates: Any) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, int]]:
    """Each site's file label and rank label (the board's, ``Game.board_labels``, else the grid's
    ``a`` and ``1``), and the board's squares by name (``e4``, USI's ``7g``; a site with a blank label,
    a hand's, has none)."""
    files, ranks = labels(grid, coordinates)
    file_of = tuple(files[grid.coords(s)[0]] for s in range(grid.size))
    rank_of = tuple(ranks[grid.coords(s)[1]] for s in range(grid.size))
    named = {f + r: s for s, (f, r) in enumerate(zip(file_of, rank_of, strict=True)) if f and r and grid.full >> s & 1}
    return file_of, rank_of, named


def square_name(game: Any, site: int) -> str:
    """``site``'s name as the board is labelled (a notation's name for it): ``e4``, shogi's ``7g``."""
    files, ranks, _ = square_labels(game.grid, game.board_labels)
    return files[site] + ranks[site]


@functools.lru_cache(maxsize=64)
def _held(hands: Hands) -> dict[int, tuple[int, int]]:
    """Each hand site's player and the kind it holds (-1: a kind never held)."""
    return {site: (player, kind) for player, sites in enumerate(hands) for kind, site in enumerate(sites) if site >= 0}


def _alternatives(texts: Any) -> str:
    """A regular expression matching any of ``texts`` (the longest first: ``10`` before ``1``)."""
    return "(?:" + "|".join(re.escape(t) for t in sorted(set(texts) - {""}, key=len, reverse=True)) + ")"


def _drop(hands: Hands, drop: str, state: Any, text: str) -> Move | None:
    """The drop ``text`` names (``N@f3``, the letter in any case), legal or not; None if it names none."""
    letter, _, square = text.partition(drop)
    game, me = state.game, state.turn
    to = square_labels(game.grid, game.board_labels)[2].get(square)
    kind = next((k for k, p in enumerate(game.piece_kinds) if p.letter.upper() == letter.upper()), -1)
    if to is None or not 0 <= me < len(hands) or not 0 <= kind < len(hands[me]) or hands[me][kind] < 0:
        return None
    return Move(hands[me][kind], to, ())


def _pieces(state: Any) -> tuple[dict[int, int], dict[int, int]]:
    """The owners and the kinds of ``state``'s pieces, asked of its game once a position (a position's
    moves are written together: its legal moves listed, a text read)."""
    known = state.__dict__.get("_notation_pieces")
    if known is None:
        known = state.__dict__["_notation_pieces"] = (state.game.owners(state), state.game.kinds(state))
    return known


def why_not_dropped(game: Any, state: Any, move: Move) -> str | None:
    """Why a drop from a hand its notation declares is refused, where the hand says it: nothing of that
    kind in it (the game's :meth:`~boardgames.Game.counts` of the site), its square taken; else None."""
    hands = getattr(game.move_notation, "hands", ())
    held = _held(hands).get(move.origin)
    if held is None or not 0 <= move.to < game.grid.size:
        return None
    player, kind = held
    if not game.counts(state).get(move.origin, (0, None))[0]:
        return f"{game.player_names[player]} has no {game.piece_kinds[kind].name} in hand"
    if move.to in game.owners(state):
        return f"{square_name(game, move.to)} is taken"
    return None


def why_drop_refused(game: Any, state: Any, move: Move) -> str | None:
    """:func:`why_not_dropped`, else, for an illegal drop from a declared hand, that the rules refuse it
    there (their own reason: a file holding one, a drop that mates), never a step's "no piece on"."""
    said = why_not_dropped(game, state, move)
    held = _held(getattr(game.move_notation, "hands", ())).get(move.origin)
    if said is None and held is not None and 0 <= move.to < game.grid.size and move not in state.legal_moves:
        said = f"the rules allow no {game.piece_kinds[held[1]].name} dropped on {square_name(game, move.to)} here"
    return said


@attrs.frozen
class AlgebraicNotation:
    """Standard algebraic notation: a piece's letter (none for the ``unlettered`` kind, chess' pawn),
    where it comes from as little as tells it from another of its kind going to the same square (its
    file, else its rank, else both), ``x`` for a capture (an unlettered piece's file before it), the
    square it goes to, ``=Q`` for the choice it carries; a drop from a hand ``N@f3``. A capture is a
    move onto another's piece, or an unlettered piece's off its file that leaves one fewer on the
    board (en passant).

    ``castling``: the kind (chess' king, 5) whose move of two files or more along a rank is castling,
    written ``O-O`` toward the last file and ``O-O-O`` toward the first. ``gives_check(state, move)``:
    whether ``move`` gives check (None: the game has no check; ``in_check(state.game.apply(state,
    move))`` will do, a test on the board alone is faster); a move that gives check ends with ``+``,
    one that leaves no move with it ``#``, a drop too unless ``checks_on_drops`` is false.
    ``hands``: each player's hand sites, by kind (the site a kind is dropped from; -1 for a kind
    never held), if any; ``drop`` is written between a dropped kind's letter and its square."""

    unlettered: int = 0
    castling: int | None = None
    gives_check: Callable[[Any, Move], bool] | None = None
    hands: Hands = ()
    drop: str = "@"
    checks_on_drops: bool = True

    def write(self, state: Any, move: Move, signs: bool = True) -> str:
        """``move`` (legal in ``state``) in SAN; without its ``+`` or ``#`` where ``signs`` is false."""
        game, (o, t) = state.game, (move.origin, move.to)
        files, ranks, _ = square_labels(game.grid, game.board_labels)
        held = _held(self.hands)
        if o in held:
            text = game.piece_kinds[held[o][1]].letter + self.drop + files[t] + ranks[t]
            return text + self.sign(state, move) if signs and self.checks_on_drops else text
        owners, kinds = _pieces(state)
        kind, (fo, _), (ft, _) = kinds.get(o, 0), game.grid.coords(o), game.grid.coords(t)
        if self.castles(state, move, kind):
            text = "O-O" if ft > fo else "O-O-O"
        else:
            # A capture: a piece where it lands; an unlettered piece off its file, one fewer after (en passant).
            off_file = kind == self.unlettered and fo != ft
            taken = t in owners or off_file and len(_pieces(game.apply(state, move))[0]) < len(owners)
            if kind == self.unlettered:
                text = (files[o] + "x" if taken else "") + files[t] + ranks[t]
            else:
                where = self._where(state, kinds, o, t)
                text = game.piece_kinds[kind].letter + where + ("x" if taken else "") + files[t] + ranks[t]
            if move.choice >= 0:
                text += game.move_choices.write(move.choice)
        return text + self.sign(state, move) if signs else text

    def castles(self, state: Any, move: Move, kind: int) -> bool:
        """Whether ``move`` of a piece of ``kind`` is castling: the castling kind, two files or more along its rank."""
        if kind != self.castling or move.origin < 0:
            return False
        (fo, ro), (ft, rt) = state.game.grid.coords(move.origin), state.game.grid.coords(move.to)
        return ro == rt and abs(ft - fo) >= 2

    def _where(self, state: Any, kinds: dict[int, int], o: int, t: int) -> str:
        """What tells the piece on ``o`` from the others of its kind going to ``t``: the least."""
        game, held, kind = state.game, _held(self.hands), kinds.get(o, 0)
        files, ranks, _ = square_labels(game.grid, game.board_labels)
        # The legal moves are all the mover's: a piece of the same kind is one of its own.
        rivals = [m.origin for m in state.legal_moves if m.to == t and m.origin != o and m.origin not in held
                  and kinds.get(m.origin, 0) == kind]  # fmt: skip
        if not rivals:
            return ""
        if all(files[r] != files[o] for r in rivals):
            return files[o]
        return ranks[o] if all(ranks[r] != ranks[o] for r in rivals) else files[o] + ranks[o]

    def sign(self, state: Any, move: Move) -> str:
        """``+`` where ``move`` gives check, ``#`` where it leaves no move besides; else nothing."""
        if self.gives_check is None or not self.gives_check(state, move):
            return ""
        after = state.game.apply(state, move)
        # An ended game has no legal moves; a check that ends it otherwise (a draw) is no mate.
        return "+" if (after.legal_moves if after.outcome is None else after.game.generate_moves(after)) else "#"

    def read(self, state: Any, text: str) -> Move | None:
        """The legal move ``text`` names in SAN (``0-0`` for ``O-O``, with or without ``+``, ``#``, ``!``,
        ``?``); a drop it names, legal or not (the game says why not); None for text that is no SAN."""
        if state.outcome is not None:
            return None
        game, clean = state.game, text.strip().replace("0", "O").rstrip("+#!?")
        if self.hands and self.drop in clean:
            return _drop(self.hands, self.drop, state, clean)
        pattern = _san_pattern(self.unlettered, game.piece_kinds, game.grid, game.board_labels, game.move_choices)
        found = pattern.fullmatch(clean)
        if not found:
            return None
        held, to = _held(self.hands), square_labels(game.grid, game.board_labels)[2].get(found.group("to") or "", -1)
        kinds = _pieces(state)[1]
        written = {  # the SAN of each legal move that could be it: to its square, or a castling
            self.write(state, m, signs=False): m
            for m in state.legal_moves
            if m.origin not in held and (m.to == to if to >= 0 else self.castles(state, m, kinds.get(m.origin, 0)))
        }
        if clean in written:
            return written[clean]
        choices = game.move_choices  # declared wherever a move carries a choice
        unchosen = [m for san, m in written.items()
                    if m.choice >= 0 and san.removesuffix(choices.write(m.choice)) == clean]  # fmt: skip
        if unchosen:
            raise AmbiguousMoveError(
                f"{text!r} needs a choice in {state.describe()}: one of "
                + ", ".join(self.write(state, m) for m in unchosen),
                tuple(unchosen),
            )
        raise IllegalMoveError(f"illegal move {text!r} in {state.describe()}: no legal move is written so")


@functools.lru_cache(maxsize=64)
def _san_pattern(unlettered: int, kinds: Any, grid: Any, coordinates: Any, choices: Any) -> re.Pattern[str]:
    """SAN's shape in a game's letters (all but the ``unlettered`` kind's), squares and choices:
    ``O-O``, ``O-O-O``, ``Nbd7``, ``exd5``, ``e8=Q``; made once a game."""
    files, ranks, _ = square_labels(grid, coordinates)
    piece = _alternatives(p.letter for k, p in enumerate(kinds) if k != unlettered)
    file, rank = _alternatives(files), _alternatives(ranks)
    chosen = f"(?:={_alternatives(choices.written)})?" if choices is not None else ""
    return re.compile(f"O-O(?:-O)?|{piece}?{file}?{rank}?x?(?P<to>{file}{rank}){chosen}")


@attrs.frozen
class CoordinateNotation:
    """Coordinate notation: the square a piece leaves and the one it reaches (``e2e4``, USI's
    ``7g7f``), then how the choice it carries is written (``choices``, one text a choice: USI's
    ``("+", "")`` for promote and stay; by default the game's ``move_choices`` written, in lower
    case: ``e7e8q``); a drop is the kind's letter, ``drop`` and the square (``P*5e``), from the
    player's site of that kind in ``hands`` (each player's hand sites, by kind)."""

    choices: tuple[str, ...] | None = None
    hands: Hands = ()
    drop: str = "@"

    def write(self, state: Any, move: Move) -> str:
        game, (o, t) = state.game, (move.origin, move.to)
        files, ranks, _ = square_labels(game.grid, game.board_labels)
        held = _held(self.hands).get(o)
        if held is not None:
            return game.piece_kinds[held[1]].letter + self.drop + files[t] + ranks[t]
        text = files[o] + ranks[o] + files[t] + ranks[t]
        return text + self._written(game)[move.choice] if move.choice >= 0 else text

    def _written(self, game: Any) -> tuple[str, ...]:
        return self.choices if self.choices is not None else tuple(w.lower() for w in game.move_choices.written)

    def read(self, state: Any, text: str) -> Move | None:
        """The legal move ``text`` names; the move it names, legal or not (the game says why not: a
        choice missing or not open, a drop refused); None for text that is no coordinate move."""
        game, clean = state.game, text.strip()
        if state.outcome is not None:
            return None
        if self.hands and self.drop in clean:
            return _drop(self.hands, self.drop, state, clean)
        named = square_labels(game.grid, game.board_labels)[2]
        written = self._written(game) if game.move_choices is not None else ()
        found = _coordinate_pattern(game.grid, game.board_labels, written).fullmatch(clean)
        if not found:
            return None
        o, t = named[found.group(1)], named[found.group(2)]
        for move in state.legal_moves:
            if move.origin == o and move.to == t and self.write(state, move) == clean:
                return move
        typed = found.group(3) if written else None
        return with_choice(Move(o, t, ()), written.index(typed)) if typed else Move(o, t, ())


@functools.lru_cache(maxsize=64)
def _coordinate_pattern(grid: Any, coordinates: Any, written: tuple[str, ...]) -> re.Pattern[str]:
    """A coordinate move's shape on a board so labelled: two squares, then a choice as ``written``."""
    files, ranks, _ = square_labels(grid, coordinates)
    square = f"({_alternatives(files)}{_alternatives(ranks)})"
    return re.compile(f"{square}{square}({_alternatives(written)})?" if written else square * 2)
