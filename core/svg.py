"""SVG rendering of any game's :class:`~boardgames.view.BoardView`.

Cells are squares carrying their mark (the Donuts lines); points are drawn
where the lines of the grid cross. Pieces are discs in the game's colours, or
rings where the view asks for them (Donuts' donuts). The last move is ringed
in gold, flipped pieces get a dashed ring, the winning line a red ring, and
the coordinates run along the edges.
"""

from __future__ import annotations

import string
from xml.sax.saxutils import escape

from .view import BoardView

CELL = 60
MARGIN = 36


def render_svg(view: BoardView, title: str = "", interactive: bool = False) -> str:
    """The picture of ``view``. With ``interactive``, every square also gets a
    transparent target on top, ``class="square" data-square="c3"``, for a page
    to click and to highlight with CSS (``boardgames serve``)."""
    grid = view.grid
    points = grid.kind == "points"
    # Points sit on the crossings, so a points board spans one cell less.
    span_w = (grid.width - 1 if points else grid.width) * CELL
    span_h = (grid.height - 1 if points else grid.height) * CELL
    width, height = span_w + 2 * MARGIN, span_h + 2 * MARGIN
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">',
        f"<title>{escape(title)}</title>",
        f'<rect class="board" x="0" y="0" width="{width}" height="{height}" fill="#e8cfa0"/>',
    ]

    def centre(sq: int) -> tuple[float, float]:
        file, rank = grid.coords(sq)
        if points:
            return MARGIN + file * CELL, MARGIN + (grid.height - 1 - rank) * CELL
        return MARGIN + (file + 0.5) * CELL, MARGIN + (grid.height - 1 - rank + 0.5) * CELL

    if points:
        for f in range(grid.width):
            x = MARGIN + f * CELL
            out.append(
                f'<line x1="{x}" y1="{MARGIN}" x2="{x}" y2="{MARGIN + span_h}" stroke="#5a4630" stroke-width="2"/>'
            )
        for r in range(grid.height):
            y = MARGIN + r * CELL
            out.append(
                f'<line x1="{MARGIN}" y1="{y}" x2="{MARGIN + span_w}" y2="{y}" stroke="#5a4630" stroke-width="2"/>'
            )
    else:
        marks = dict(view.marks)
        half = CELL * 0.4
        offsets = {"-": (half, 0), "|": (0, half), "/": (half, -half), "\\": (half, half)}
        for sq in range(grid.size):
            cx, cy = centre(sq)
            out.append(
                f'<rect class="cell" x="{cx - CELL / 2}" y="{cy - CELL / 2}" width="{CELL}" height="{CELL}" '
                f'fill="#f6e7c8" stroke="#5a4630" stroke-width="1.5"/>'
            )
            if sq in marks and marks[sq] in offsets:
                dx, dy = offsets[marks[sq]]
                out.append(
                    f'<line class="mark" x1="{cx - dx}" y1="{cy - dy}" x2="{cx + dx}" y2="{cy + dy}" '
                    f'stroke="#e75480" stroke-width="5" stroke-linecap="round"/>'
                )
    for f in range(grid.width):
        fx = centre(grid.index(f, 0))[0]
        letter = string.ascii_lowercase[f]
        out.append(f'<text x="{fx}" y="{MARGIN / 2 + 5}" text-anchor="middle">{letter}</text>')
        out.append(f'<text x="{fx}" y="{height - MARGIN / 2 + 5}" text-anchor="middle">{letter}</text>')
    for r in range(grid.height):
        ry = centre(grid.index(0, r))[1] + 5
        out.append(f'<text x="{MARGIN / 2}" y="{ry}" text-anchor="middle">{r + 1}</text>')
        out.append(f'<text x="{width - MARGIN / 2}" y="{ry}" text-anchor="middle">{r + 1}</text>')
    targets = set(view.targets)
    owner = dict(view.owners)
    for sq in sorted(targets - set(owner)):
        cx, cy = centre(sq)
        out.append(f'<circle class="target" cx="{cx}" cy="{cy}" r="5" fill="#3cb371"/>')
    radius = CELL * 0.36
    for sq, who in view.owners:
        cx, cy = centre(sq)
        colour = view.colours[who] if who < len(view.colours) else "#888888"
        name = escape(view.players[who])
        ring = view.piece_shape == "ring"
        if ring:  # a thick ring, like a donut
            shape = f'r="{radius * 0.7}" fill="none" stroke="{colour}" stroke-width="{radius * 0.6}"'
        else:
            shape = f'r="{radius}" fill="{colour}" stroke="#222" stroke-width="2"'
        out.append(f'<circle class="piece {name}" data-square="{grid.name(sq)}" cx="{cx}" cy="{cy}" {shape}/>')
        if ring:  # outline the ring, so a pale one shows on a pale square
            for edge in (radius, radius * 0.4):
                out.append(f'<circle cx="{cx}" cy="{cy}" r="{edge}" fill="none" stroke="#3a2a1a" stroke-width="1.2"/>')

    def rings(squares: tuple[int, ...], css: str, gap: float, colour: str, width: float, dashes: str = "") -> None:
        dash = f' stroke-dasharray="{dashes}"' if dashes else ""
        for sq in squares:
            cx, cy = centre(sq)
            out.append(
                f'<circle class="{css}" cx="{cx}" cy="{cy}" r="{radius + gap}" fill="none" stroke="{colour}" '
                f'stroke-width="{width}"{dash}/>'
            )

    rings(view.last, "last", 6, "#d4a017", 4)
    rings(view.changed, "flipped", 6, "#d4a017", 2, dashes="4 3")
    rings(view.winning, "winning", 9, "#c0392b", 5)
    if interactive:
        for sq in range(grid.size):
            cx, cy = centre(sq)
            if points:
                tag, shape = "circle", f'cx="{cx}" cy="{cy}" r="{CELL * 0.45}"'
            else:
                tag, shape = "rect", f'x="{cx - CELL / 2}" y="{cy - CELL / 2}" width="{CELL}" height="{CELL}"'
            name = grid.name(sq)
            out.append(
                f'<{tag} class="square" data-square="{name}" {shape} fill="#ffffff" fill-opacity="0">'
                f"<title>{name}</title></{tag}>"
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
