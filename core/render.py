"""Text rendering of any game's :class:`~boardgames.view.BoardView`.

Cells are drawn as boxes of four characters (``[C/]``: brackets, piece, the
square's mark); points as glyphs joined by lines (``+---L---+``). The last
move is bracketed ``[ ]``, what it flipped is in ``( )``, legal targets show
``*``. Coordinates run along every edge, ``a1`` bottom-left.
"""

from __future__ import annotations

import string

from .view import BoardView

EMPTY = {"cells": ".", "points": "+"}
TARGET = "*"


def glyphs(players: tuple[str, ...]) -> tuple[str, ...]:
    """One capital letter per player: its initial, or the next free letter."""
    out: list[str] = []
    for name in players:
        letter = next(
            (c.upper() for c in name + string.ascii_lowercase if c.isalpha() and c.upper() not in out),
            "?",
        )
        out.append(letter)
    return tuple(out)


def render_text(view: BoardView) -> str:
    grid = view.grid
    owner = dict(view.owners)
    mark = dict(view.marks)
    last, changed, targets = set(view.last), set(view.changed), set(view.targets)
    glyph = glyphs(view.players)
    points = grid.kind == "points"
    pad = "     "  # the rank column and the first cell's left edge
    files = pad + "   ".join(string.ascii_lowercase[f] for f in range(grid.width))
    lines = [files]
    for rank in reversed(range(grid.height)):
        row = []
        for file in range(grid.width):
            sq = grid.index(file, rank)
            if sq in owner:
                piece = glyph[owner[sq]]
            else:
                piece = TARGET if sq in targets else EMPTY[grid.kind]
            left, right = ("[", "]") if sq in last else ("(", ")") if sq in changed else (None, None)
            if points:  # points joined by lines: the brackets sit on the lines
                inner = file < grid.width - 1
                before = left or ("-" if file > 0 else " ")
                row.append(f"{before}{piece}{right or ('-' if inner else ' ')}{'-' if inner else ' '}")
            else:
                row.append(f"{left or ' '}{piece}{mark.get(sq, ' ')}{right or ' '}")
        lines.append(f"{rank + 1:>3} {''.join(row)} {rank + 1}")
        if points and rank > 0:
            lines.append("    " + " |  " * grid.width)
    lines.append(files)
    legend = "  ".join(f"{g} {name}" for g, name in zip(glyph, view.players, strict=True))
    lines.append(f"{pad}{legend}   [ ] last move  ( ) flipped  {TARGET} legal")
    return "\n".join(line.rstrip() for line in lines)
