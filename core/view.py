"""The neutral description of a position that every renderer draws.

A game never draws its own board: it says what is where (geometry, pieces and
owners, marks on squares such as the Donuts lines, the last move, the legal
targets) and the renderers in :mod:`boardgames.render` do the drawing.
"""

from __future__ import annotations

import attrs

from .geometry import Grid


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
    #: Each player's colour, ``#rrggbb`` (terminal and SVG).
    colours: tuple[str, ...] = ("#6b3e26", "#f3e5ab")
    #: Each player's Unicode piece symbol.
    symbols: tuple[str, ...] = ("●", "○")
