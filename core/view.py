"""The neutral description of a position that every renderer draws.

A game never draws its own board: it says what is where (geometry, pieces and
owners, marks on squares such as the Donuts lines, the last move, the legal
targets) and the renderers in :mod:`boardgames.text` do the drawing.
"""

from __future__ import annotations

from typing import Literal

import attrs

from .geometry import Grid

PieceShape = Literal["disc", "ring"]
#: The colours and symbols of players whose game names none (``Game`` uses these too).
DEFAULT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad")
DEFAULT_SYMBOLS = ("●", "○", "▲", "■")


@attrs.frozen
class BoardView:
    grid: Grid
    #: All the game's players, in the game's fixed order (colours and glyphs follow it).
    players: tuple[str, ...]
    #: (square, player index) for each occupied square.
    owners: tuple[tuple[int, int], ...] = ()
    #: (square, mark) for squares that carry a mark: one of ``- | / \``.
    marks: tuple[tuple[int, str], ...] = ()
    #: Squares of the last move (where it came from and where it went).
    last: tuple[int, ...] = ()
    #: Squares the last move flipped or took.
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
    #: How the SVG draws a piece: a ``disc``, or a ``ring`` (a donut).
    piece_shape: PieceShape = "disc"
    #: (side, player index) for the sides a player joins or owns: ``south``
    #: (rank 1), ``north``, ``west`` (file a), ``east`` (``Game.edges``).
    edges: tuple[tuple[str, int], ...] = ()
