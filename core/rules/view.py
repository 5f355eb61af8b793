"""The neutral description of a position that every renderer draws.

A game never draws its own board: it says what is where (geometry, pieces,
their owners and kinds, neutral pieces, marks and overlays on squares, the
last move, the legal targets) with the kinds it declares
(:mod:`boardgames.rules.declarations`), and the renderers in :mod:`boardgames.rendering.text`
and :mod:`boardgames.rendering.svg` do the drawing.
"""

from __future__ import annotations

from typing import Literal

import attrs

from ..geometry import Grid
from .declarations import GLYPHS, PIECE, MarkKind, Overlay, PieceKind, Words

PieceShape = Literal["disc", "ring", "square", "cross"]
#: The colours and symbols of players whose game names none (``Game`` uses these too).
DEFAULT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad")
DEFAULT_SYMBOLS = ("●", "○", "▲", "■")
#: How a mark named ``-``, ``|``, ``/`` or ``\\`` is drawn when the game
#: declares no kind of that name: the four lines, as every mark was drawn
#: before games declared their marks (plugins written then keep working).
LEGACY_LINES = tuple(
    MarkKind(text, text, glyph, unicode)  # type: ignore[arg-type]
    for text, glyph, unicode in zip("-|/\\", GLYPHS[:4], "─│╱╲", strict=True)
)


@attrs.frozen
class BoardView:
    grid: Grid
    #: All the game's players, in the game's fixed order (colours and glyphs follow it).
    players: tuple[str, ...]
    #: (square, player index) for each square holding a player's piece.
    owners: tuple[tuple[int, int], ...] = ()
    #: (square, mark name) for squares that carry a mark (one of ``mark_kinds``).
    marks: tuple[tuple[int, str], ...] = ()
    #: Squares of the last move (where it came from and where it went).
    last: tuple[int, ...] = ()
    #: Squares the last move flipped or took (``words.changed`` says which).
    changed: tuple[int, ...] = ()
    #: Squares of the line that won the game (five in a row), once it is won.
    winning: tuple[int, ...] = ()
    #: Squares a legal move goes to.
    targets: tuple[int, ...] = ()
    #: Pieces each player (``players`` order) still has to place; empty if the game has no reserve.
    in_hand: tuple[int, ...] = ()
    #: Each player's colour, ``#rrggbb`` (terminal and SVG); a game's own come from ``Game.colours``.
    colours: tuple[str, ...] = DEFAULT_COLOURS
    #: Each player's Unicode piece symbol (``Game.symbols``).
    symbols: tuple[str, ...] = DEFAULT_SYMBOLS
    #: Deprecated: ``piece_kinds`` say each kind's shape. ``ring`` still draws the first kind as a ring.
    piece_shape: PieceShape = "disc"
    #: (side, player index) for the sides a player joins or owns: ``south``
    #: (rank 1), ``north``, ``west`` (file a), ``east`` (``Game.edges``).
    edges: tuple[tuple[str, int], ...] = ()
    #: Whether the cells alternate dark and light, a1 dark (``Game.checkered``: draughts, chess).
    checkered: bool = False
    #: (square, kind index) for players' pieces of another kind than the first.
    kinds: tuple[tuple[int, int], ...] = ()
    #: (square, neutral kind index) for pieces that belong to no player.
    neutral: tuple[tuple[int, int], ...] = ()
    #: (square, overlay index) for the overlays shown over squares.
    overlays: tuple[tuple[int, int], ...] = ()
    #: What the game declares (:mod:`boardgames.rules.declarations`).
    piece_kinds: tuple[PieceKind, ...] = (PIECE,)
    neutral_kinds: tuple[PieceKind, ...] = ()
    mark_kinds: tuple[MarkKind, ...] = ()
    overlay_kinds: tuple[Overlay, ...] = ()
    words: Words = Words()

    def mark_kind(self, name: str) -> MarkKind | None:
        """The declared kind of a mark, by its name (a legacy line if undeclared)."""
        for kind in (*self.mark_kinds, *LEGACY_LINES):
            if kind.name == name:
                return kind
        return None

    def piece_kind(self, square: int) -> PieceKind:
        """The kind of the player's piece on ``square``."""
        kind = dict(self.kinds).get(square, 0)
        found = self.piece_kinds[kind] if kind < len(self.piece_kinds) else PIECE
        if kind == 0 and self.piece_shape != "disc" and found.shape == "disc":
            return attrs.evolve(found, shape=self.piece_shape)
        return found
