"""SVG rendering of any game's :class:`~boardgames.view.BoardView`.

Cells are squares carrying their marks (drawn from the glyphs a game
declares: the Donuts lines, dots, crosses), or hexagons on a
hexagonal grid (each rank half a cell right of the one below, a player's
sides in its colour); points are drawn where the lines of the grid cross. Pieces are discs in the game's colours, or
rings where the view asks for them (Donuts' donuts). The last move is ringed
in gold, flipped pieces get a dashed ring, the winning line a red ring, and
the coordinates run along the edges.
"""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape

from .view import BoardView

CELL = 60
MARGIN = 36
#: A hexagonal cell's height over its width (pointy top), and the distance of its ranks.
HEX_HEIGHT, HEX_RISE = 2 / 3**0.5, 3**0.5 / 2
SIDES = ("south", "north", "west", "east")


def _hexagon(cx: float, cy: float, scale: float = 1.0) -> str:
    """The corners of a pointy-topped hexagonal cell around its centre."""
    w, h = CELL / 2 * scale, CELL * HEX_HEIGHT / 2 * scale
    corners = ((0, -h), (w, -h / 2), (w, h / 2), (0, h), (-w, h / 2), (-w, -h / 2))
    return " ".join(f"{cx + dx:.1f},{cy + dy:.1f}" for dx, dy in corners)


RADIUS = CELL * 0.36


def _piece(shape: str, cx: float, cy: float, colour: str, css: str, name: str) -> list[str]:
    """A piece in its declared shape: a disc, a ring (a donut), a square block, a cross."""
    r = RADIUS
    where = f'class="{css}" data-square="{name}"'
    if shape == "ring":  # a thick ring, outlined so that a pale one shows on a pale square
        ring = f'r="{r * 0.7}" fill="none" stroke="{colour}" stroke-width="{r * 0.6}"'
        out = [f'<circle {where} cx="{cx}" cy="{cy}" {ring}/>']
        for edge in (r, r * 0.4):
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{edge}" fill="none" stroke="#3a2a1a" stroke-width="1.2"/>')
        return out
    if shape == "square":
        side = r * 1.6
        return [
            f'<rect {where} x="{cx - side / 2}" y="{cy - side / 2}" width="{side}" height="{side}" '
            f'fill="{colour}" stroke="#222" stroke-width="2"/>'
        ]
    if shape == "cross":
        d = r * 0.8
        return [
            f'<path {where} d="M {cx - d} {cy - d} L {cx + d} {cy + d} M {cx - d} {cy + d} L {cx + d} {cy - d}" '
            f'stroke="{colour}" stroke-width="{r * 0.45}" stroke-linecap="round"/>'
        ]
    return [f'<circle {where} cx="{cx}" cy="{cy}" r="{r}" fill="{colour}" stroke="#222" stroke-width="2"/>']


def _glyph(glyph: str, cx: float, cy: float, colour: str, css: str) -> str:
    """A mark's glyph on its square, from the vocabulary of :mod:`boardgames.declarations`."""
    half = CELL * 0.4
    lines = {
        "line-horizontal": (half, 0),
        "line-vertical": (0, half),
        "line-rising": (half, -half),
        "line-falling": (half, half),
    }
    if glyph in lines:
        dx, dy = lines[glyph]
        return (
            f'<line class="{css}" x1="{cx - dx}" y1="{cy - dy}" x2="{cx + dx}" y2="{cy + dy}" '
            f'stroke="{colour}" stroke-width="5" stroke-linecap="round"/>'
        )
    if glyph == "dot":
        return f'<circle class="{css}" cx="{cx}" cy="{cy}" r="{CELL * 0.1}" fill="{colour}"/>'
    if glyph == "ring":
        outline = f'fill="none" stroke="{colour}" stroke-width="3"'
        return f'<circle class="{css}" cx="{cx}" cy="{cy}" r="{CELL * 0.3}" {outline}/>'
    if glyph == "square":
        side = CELL * 0.5
        return (
            f'<rect class="{css}" x="{cx - side / 2}" y="{cy - side / 2}" width="{side}" height="{side}" '
            f'fill="none" stroke="{colour}" stroke-width="3"/>'
        )
    d = CELL * 0.2  # a cross
    return (
        f'<path class="{css}" d="M {cx - d} {cy - d} L {cx + d} {cy + d} M {cx - d} {cy + d} L {cx + d} {cy - d}" '
        f'stroke="{colour}" stroke-width="4" stroke-linecap="round"/>'
    )


def _overlays(
    view: BoardView, centre: Callable[[int], tuple[float, float]], hexagonal: bool, out: list[str], fills: bool
) -> None:
    """The overlays: washes of colour under the pieces (``fills``), crosses over them."""
    for sq, index in view.overlays:
        if index >= len(view.overlay_kinds):
            continue
        cover = view.overlay_kinds[index]
        player = cover.player
        colour = view.colours[player] if player is not None and player < len(view.colours) else cover.colour
        css = f"overlay {escape(cover.name)}"
        cx, cy = centre(sq)
        if cover.cover == "fill" and fills:
            if hexagonal:
                out.append(f'<polygon class="{css}" points="{_hexagon(cx, cy)}" fill="{colour}" fill-opacity="0.45"/>')
            else:
                out.append(
                    f'<rect class="{css}" x="{cx - CELL / 2}" y="{cy - CELL / 2}" width="{CELL}" height="{CELL}" '
                    f'fill="{colour}" fill-opacity="0.45"/>'
                )
        elif cover.cover == "cross" and not fills:
            out.append(_glyph("cross", cx, cy, colour, css))


def _hex_board(view: BoardView, centre: Callable[[int], tuple[float, float]], out: list[str]) -> None:
    """Hexagonal cells, with each player's sides (``view.edges``) drawn
    along the outer cells in the player's colour."""
    grid = view.grid
    for side, who in view.edges:
        colour = view.colours[who] if who < len(view.colours) else "#888888"
        if side not in SIDES:
            continue
        if side in ("south", "north"):
            rank = 0 if side == "south" else grid.height - 1
            cells = [grid.index(f, rank) for f in range(grid.width)]
        else:
            file = 0 if side == "west" else grid.width - 1
            cells = [grid.index(file, r) for r in range(grid.height)]
        for sq in cells:  # a larger hexagon behind each cell of the side: a band of the player's colour
            if grid.on_board[sq]:
                cx, cy = centre(sq)
                out.append(
                    f'<polygon class="edge {side}" points="{_hexagon(cx, cy, 1.22)}" fill="{colour}" stroke="none"/>'
                )
    for sq in range(grid.size):
        if grid.on_board[sq]:
            cx, cy = centre(sq)
            shape = f'points="{_hexagon(cx, cy)}" fill="#f6e7c8" stroke="#5a4630" stroke-width="1.5"'
            out.append(f'<polygon class="cell" {shape}/>')


def render_svg(view: BoardView, title: str = "", interactive: bool = False) -> str:
    """The picture of ``view``. With ``interactive``, every square also gets a
    transparent target on top, ``class="square" data-square="c3"``, for a page
    to click and to highlight with CSS (``boardgames serve``)."""
    grid = view.grid
    points = grid.kind == "points"
    hexagonal = grid.basis == "hex"
    if hexagonal:  # a rhombus leaning right: each rank half a cell further
        span_w = (grid.width + (grid.height - 1) / 2) * CELL
        span_h = ((grid.height - 1) * HEX_RISE + HEX_HEIGHT) * CELL
    else:  # points sit on the crossings, so a points board spans one cell less
        span_w = (grid.width - 1 if points else grid.width) * CELL
        span_h = (grid.height - 1 if points else grid.height) * CELL
    width, height = round(span_w + 2 * MARGIN), round(span_h + 2 * MARGIN)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">',
        f"<title>{escape(title)}</title>",
        f'<rect class="board" x="0" y="0" width="{width}" height="{height}" fill="#e8cfa0"/>',
    ]

    def centre(sq: int) -> tuple[float, float]:
        file, rank = grid.coords(sq)
        if hexagonal:
            top = MARGIN + CELL * HEX_HEIGHT / 2
            return MARGIN + (file + rank / 2 + 0.5) * CELL, top + (grid.height - 1 - rank) * HEX_RISE * CELL
        if points:
            return MARGIN + file * CELL, MARGIN + (grid.height - 1 - rank) * CELL
        return MARGIN + (file + 0.5) * CELL, MARGIN + (grid.height - 1 - rank + 0.5) * CELL

    if hexagonal:
        _hex_board(view, centre, out)
    elif points:
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
        for sq in range(grid.size):
            cx, cy = centre(sq)
            out.append(
                f'<rect class="cell" x="{cx - CELL / 2}" y="{cy - CELL / 2}" width="{CELL}" height="{CELL}" '
                f'fill="#f6e7c8" stroke="#5a4630" stroke-width="1.5"/>'
            )
    _overlays(view, centre, hexagonal, out, fills=True)
    for sq, name in view.marks:
        mark = view.mark_kind(name)
        if mark is not None:
            out.append(_glyph(mark.glyph, *centre(sq), mark.colour, "mark"))
    if hexagonal:  # below and above each file's end cells, beside each rank's
        placed: list[tuple[float, float]] = []

        def label(sq: int, dx: float, dy: float, text: str) -> None:
            cx, cy = centre(sq)
            x, y = cx + dx, cy + dy
            if all(abs(x - px) + abs(y - py) > 24 for px, py in placed):  # a hexagon's corners end both
                placed.append((x, y))
                out.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle">{text}</text>')

        reach = CELL * HEX_HEIGHT / 2 + 12
        for f in range(grid.width):
            ranks = [r for r in range(grid.height) if grid.on_board[grid.index(f, r)]]
            label(grid.index(f, ranks[0]), 0, reach, grid.files[f])
            label(grid.index(f, ranks[-1]), 0, -reach, grid.files[f])
        for r in range(grid.height):
            files = [f for f in range(grid.width) if grid.on_board[grid.index(f, r)]]
            label(grid.index(files[-1], r), CELL / 2 + 14, 0, str(r + 1))
            label(grid.index(files[0], r), -CELL / 2 - 14, 0, str(r + 1))
    else:
        for f in range(grid.width):
            fx = centre(grid.index(f, 0))[0]
            letter = grid.files[f]
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
    radius = RADIUS
    kinds = dict(view.kinds)
    for sq, who in view.owners:
        colour = view.colours[who] if who < len(view.colours) else "#888888"
        kind = view.piece_kind(sq)
        css = f"piece {escape(view.players[who])} {escape(kind.name)}"
        out.extend(_piece(kind.shape, *centre(sq), colour, css, grid.name(sq)))
        if sq in kinds and kind.letter:  # another kind than the usual: its letter on it
            cx, cy = centre(sq)
            out.append(
                f'<text class="kind" x="{cx}" y="{cy + 7}" text-anchor="middle" font-size="20" font-weight="bold" '
                f'fill="#ffffff" stroke="#222222" stroke-width="0.8">{escape(kind.letter.upper())}</text>'
            )
    for sq, index in view.neutral:
        if index < len(view.neutral_kinds):
            neutral = view.neutral_kinds[index]
            css = f"piece neutral {escape(neutral.name)}"
            out.extend(_piece(neutral.shape, *centre(sq), neutral.colour, css, grid.name(sq)))
    _overlays(view, centre, hexagonal, out, fills=False)

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
            if not grid.on_board[sq]:
                continue
            cx, cy = centre(sq)
            if hexagonal:
                tag, shape = "polygon", f'points="{_hexagon(cx, cy)}"'
            elif points:
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
