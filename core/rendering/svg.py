"""SVG rendering of any game's :class:`~boardgames.rules.view.BoardView`.

Cells are squares carrying their marks (drawn from the glyphs a game
declares: the Donuts lines, dots, crosses), or hexagons on a hexagonal grid
(each rank half a cell right of the one below, a player's sides in its
colour); points are drawn where the lines of the grid cross. Pieces are
discs in the game's colours, or rings where the view asks for them (Donuts'
donuts); a piece too pale for the board (contrast under 3:1) gets a dark
outline and a texture, so that it never reads as an empty square.

The last move is ringed solid blue, what it changed dashed blue, the winning
line boxed in vermillion (Okabe-Ito's pair, told apart by shape as well as
colour under protanopia and deuteranopia). Coordinates run along the left and
bottom edges only, outside every piece and ring: the margins are just wide
enough for them, so the pitch is as large as a given width allows.

Every square or point, when ``interactive``, has a transparent target
(``class="square" data-square="c3" role="button" aria-label="c3, chocolate
donut"``); otherwise the picture is one ``role="img"`` with a description.
The pieces the last move placed and changed are grouped as ``placed`` and
``changed``, animated by the picture's own style unless motion is reduced.

A :class:`~boardgames.Card` is drawn with a band of its colour, its price,
its boxes in a row (each filled with the colour it demands, its demand in it,
or what is written in it bold on a white disc) with the signs between them,
its text wrapped, its ticks as small circles (filled: ticked) and a circle
checked once it is done. A game whose grid is no board (``board_drawn``
False) is drawn as its dice, hands, cards and scores alone; each die, card,
box or place with a site is then, when ``interactive``, a target named by its
site as a square is (``class="square" data-square="d1"``).
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from functools import lru_cache, partial
from xml.sax.saxutils import escape

import attrs

from ..geometry import Grid, bits
from ..rules.colours import contrast, is_colour
from ..rules.coordinates import labels
from ..rules.declarations import Card, Die
from ..rules.hands import held_kind
from ..rules.view import BoardView
from . import sites, stones, tiles
from .faces import face_of, is_turned, svg_faced_disc, turn_round
from .glyphs import CHESS_SET, svg_glyph, svg_pentagon
from .piles import heights_svg
from .text import glyphs
from .window import cropped
from .words import (
    card_runs,
    cards_words,
    colour_names,
    dice_words,
    drawn_sites_words,
    empty_place,
    owned,
    position_words,
    score_text,
    squares_words,
)

CELL = 60
#: A hexagonal cell's height over its width (pointy top), and the distance of its ranks.
HEX_HEIGHT, HEX_RISE = 2 / 3**0.5, 3**0.5 / 2
RADIUS = CELL * 0.36
#: Coordinates: their size, a character's width in ems (DejaVu Sans' digits,
#: the widest usual sans-serif), their distance from the board, the outer pad.
FONT, CHAR, GAP, PAD = 14, 0.64, 2.5, 0.5
#: The rings hug the piece (r + 0.5 to r + 2.5, over a white line on its
#: edge) and the winning box's sides too (r to r + 2.25), so that a points
#: board's margin pays for little more than its edge pieces.
RING, RING_WIDTH, BOX_WIDTH = RADIUS + 1, 2, 2.5
REACH = RING + 0.5 + RING_WIDTH / 2  # how far anything drawn for a piece reaches from its centre
#: Hex cells' sides (a player's band is a hexagon this much larger behind the cell).
BAND = 1.22
#: A hexagonal tile (``PieceKind(shape="hexagon")``) over its cell: this much of the cell's size.
TILE = 0.88
BOARD, CELL_FILL, LINE, OUTLINE = "#e8cfa0", "#f6e7c8", "#5a4630", "#2b1d10"
#: The dark cells of a checkered board (``Game.checkered``).
DARK_CELL = "#a9825a"
#: Okabe-Ito blue and vermillion: apart under every common colour blindness.
LAST, WIN = "#0072B2", "#D55E00"
#: The animation of what the last move did; none where motion is reduced, none
#: where the page marks the picture ``still`` (a redraw of a position already seen).
STYLE = """\
@media (prefers-reduced-motion: no-preference) {
  .boardgames-board:not(.still) .placed, .boardgames-board:not(.still) .changed {
    transform-box: fill-box; transform-origin: center; }
  .boardgames-board:not(.still) .placed { animation: boardgames-placed 200ms ease-out both; }
  .boardgames-board:not(.still) .changed { animation: boardgames-changed 300ms ease-out both; }
  @keyframes boardgames-placed { from { transform: scale(0.5); opacity: 0; } }
  @keyframes boardgames-changed { from { transform: scale(0.8); opacity: 0.4; } }
}"""


#: Characters XML 1.0 allows nowhere, not even escaped (C0 controls but tab and newlines, lone surrogates, U+FFFE/F).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _text(text: str) -> str:
    """A game's declared text (a player's or piece's name, a title) as XML
    text: escaped, and without the characters XML cannot hold."""
    return escape(_NOT_XML.sub("", text))


def _attr(text: str) -> str:
    """The same inside a double-quoted attribute (a class, a colour): a name
    or colour with a quote must not end the attribute and break the picture."""
    return escape(_NOT_XML.sub("", text), {'"': "&quot;"})


def _n(x: float) -> str:
    """A coordinate, short."""
    return f"{round(x, 2):g}"


@attrs.frozen
class Box:
    """A rectangle the picture must hold (a cell, a piece's reach, a label)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def meets(self, other: Box) -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1


def _label(x: float, y: float, text: str, anchor: str) -> tuple[str, Box]:
    """A coordinate label with its baseline at ``y`` and the box it covers."""
    width = CHAR * FONT * len(text)
    left = {"end": x - width, "middle": x - width / 2}.get(anchor, x)
    svg = f'<text class="coord" x="{_n(x)}" y="{_n(y)}" text-anchor="{anchor}">{escape(text)}</text>'
    return svg, Box(left, y - FONT, left + width, y + 0.25 * FONT)  # the font's ascent and descent


def _hexagon(cx: float, cy: float, scale: float = 1.0) -> str:
    """The corners of a pointy-topped hexagonal cell around its centre."""
    w, h = CELL / 2 * scale, CELL * HEX_HEIGHT / 2 * scale
    corners = ((0, -h), (w, -h / 2), (w, h / 2), (0, h), (-w, h / 2), (-w, -h / 2))
    return " ".join(f"{cx + dx:.1f},{cy + dy:.1f}" for dx, dy in corners)


def _piece(shape: str, cx: float, cy: float, colour: str, css: str, name: str, light: bool) -> list[str]:
    """A piece in its declared shape: a disc, a ring (a donut), a square block,
    a cross, a hexagonal tile filling its cell (Hive's). A ``light`` one gets a
    dark outline and a texture: a ring inside a disc or a block, sprinkles on a ring."""
    if shape in CHESS_SET:  # a piece of the chess set: its glyph (boardgames.rendering.glyphs)
        return svg_glyph(shape, cx, cy, _attr(colour), css, _attr(name), light)
    r, colour = RADIUS, _attr(colour)
    where = f'class="{css}" data-square="{_attr(name)}"'
    edge = f'stroke="{OUTLINE}" stroke-width="2.5"' if light else 'stroke="#222" stroke-width="2"'
    texture = f'fill="none" stroke="{OUTLINE}" stroke-width="1.5"'
    at = f'cx="{_n(cx)}" cy="{_n(cy)}"'
    if shape == "ring":  # a thick ring, outlined: the square's mark shows through the hole
        ring = f'r="{_n(r * 0.7)}" fill="none" stroke="{colour}" stroke-width="{_n(r * 0.6)}"'
        out = [f"<circle {where} {at} {ring}/>"]
        width = 2 if light else 1.2
        for radius in (r, r * 0.4):
            out.append(f'<circle {at} r="{_n(radius)}" fill="none" stroke="{OUTLINE}" stroke-width="{width}"/>')
        if light:
            out.append(
                f'<circle class="texture" {at} r="{_n(r * 0.7)}" fill="none" stroke="{OUTLINE}" stroke-width="2.2" '
                f'stroke-dasharray="0.1 6.5" stroke-linecap="round"/>'
            )
        return out
    if shape == "square":
        side = r * 1.6
        out = [
            f'<rect {where} x="{_n(cx - side / 2)}" y="{_n(cy - side / 2)}" width="{_n(side)}" height="{_n(side)}" '
            f'fill="{colour}" {edge}/>'
        ]
        if light:
            inner = side * 0.5
            out.append(
                f'<rect class="texture" x="{_n(cx - inner / 2)}" y="{_n(cy - inner / 2)}" width="{_n(inner)}" '
                f'height="{_n(inner)}" {texture}/>'
            )
        return out
    if shape == "hexagon":  # a tile as large as the cell, less a rim of the cell round it, its edge bevelled
        return [
            f'<polygon {where} points="{_hexagon(cx, cy, TILE)}" fill="{colour}" {edge} stroke-linejoin="round"/>',
            f'<polygon points="{_hexagon(cx, cy, TILE * 0.84)}" {texture} stroke-opacity="0.35"/>',
        ]
    if shape == "cross":
        d = r * 0.8
        a, b, c, e = _n(cx - d), _n(cx + d), _n(cy - d), _n(cy + d)
        path = f'd="M {a} {c} L {b} {e} M {a} {e} L {b} {c}"'
        out = []
        if light:  # a dark cross under it: its outline
            out.append(f'<path {path} stroke="{OUTLINE}" stroke-width="{_n(r * 0.45 + 5)}" stroke-linecap="round"/>')
        out.append(f'<path {where} {path} stroke="{colour}" stroke-width="{_n(r * 0.45)}" stroke-linecap="round"/>')
        return out
    out = [f'<circle {where} {at} r="{_n(r)}" fill="{colour}" {edge}/>']
    if light:
        out.append(f'<circle class="texture" {at} r="{_n(r * 0.55)}" {texture}/>')
    return out


def _glyph(glyph: str, cx: float, cy: float, colour: str, css: str) -> str:
    """A mark's glyph on its square, from the vocabulary of :mod:`boardgames.rules.declarations`."""
    half, colour = CELL * 0.4, _attr(colour)
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
        css = f"overlay {_token('overlay', cover.name)}"
        cx, cy = centre(sq)
        if cover.cover == "fill" and fills:
            if hexagonal:
                out.append(
                    f'<polygon class="{css}" points="{_hexagon(cx, cy)}" fill="{_attr(colour)}" fill-opacity="0.45"/>'
                )
            else:
                out.append(
                    f'<rect class="{css}" x="{cx - CELL / 2}" y="{cy - CELL / 2}" width="{CELL}" height="{CELL}" '
                    f'fill="{_attr(colour)}" fill-opacity="0.45"/>'
                )
        elif cover.cover == "cross" and not fills:
            out.append(_glyph("cross", cx, cy, colour, css))


def _hex_board(view: BoardView, centre: Callable[[int], tuple[float, float]], out: list[str]) -> None:
    """Hexagonal cells, with each player's sides (``view.edges``) drawn
    along the outer cells in the player's colour."""
    grid = view.grid
    for side, who in view.edges:
        colour = _attr(view.colours[who]) if who < len(view.colours) else "#888888"
        try:
            cells = grid.edge(side)
        except ValueError:  # a side this board does not have: nothing to draw
            continue
        for sq in bits(cells):  # a larger hexagon behind each cell of the side: a band of the player's colour
            cx, cy = centre(sq)
            out.append(
                f'<polygon class="edge {side}" points="{_hexagon(cx, cy, BAND)}" fill="{colour}" stroke="none"/>'
            )
    for sq in range(grid.size):
        if grid.on_board[sq]:
            cx, cy = centre(sq)
            shape = f'points="{_hexagon(cx, cy)}" fill="{CELL_FILL}" stroke="{LINE}" stroke-width="1.5"'
            out.append(f'<polygon class="cell" {shape}/>')


def _centres(view: BoardView) -> Callable[[int], tuple[float, float]]:
    """Where each square's centre is, the first file's and the top rank's at 0."""
    grid = view.grid
    hexagonal, row = grid.basis == "hex", stones.row_height(view, CELL)

    def centre(sq: int) -> tuple[float, float]:
        file, rank = grid.coords(sq)
        up = grid.height - 1 - rank
        if hexagonal:  # a rhombus leaning right: each rank half a cell further
            return (file + rank / 2) * CELL, up * HEX_RISE * CELL
        return file * CELL, up * row  # a cell's centre, or a point

    return centre


def _reach(view: BoardView) -> tuple[float, float]:
    """How far a square's drawing reaches from its centre, across and down:
    its cell, or on a points board its piece and rings (they overhang the edge)."""
    grid = view.grid
    if grid.basis == "hex":
        scale = BAND if view.edges else 1.0
        return CELL / 2 * scale, CELL * HEX_HEIGHT / 2 * scale
    if grid.kind == "points":
        return REACH, REACH
    return CELL / 2 + 1, stones.row_height(view, CELL) / 2 + 1


def _coordinates(view: BoardView, centre: Callable[[int], tuple[float, float]], boxes: list[Box]) -> list[str]:
    """The files' letters below the board and the ranks' numbers left of it,
    clear of every cell, piece and ring (``boxes``, which the labels join).
    A hexagonal board labels each file's lowest cell and each rank's first,
    or the other end where that one would touch a cell or another label."""
    grid = view.grid
    file_labels, rank_labels = labels(grid, view.coordinates)  # the game's own (shogi's 9..1, a..i) or the grid's
    across, down = _reach(view)
    cells = list(boxes)
    out: list[str] = []
    if grid.basis != "hex":  # one column of ranks, one row of files, aligned
        left, bottom = min(b.x0 for b in cells), max(b.y1 for b in cells)
        # From the first file and rank with a cell to the last: a board cropped to where the play is
        # (Game.drawn_within) labels its own.
        shown = [grid.coords(sq) for sq in bits(grid.full)]
        for f in range(min(f for f, _ in shown), max(f for f, _ in shown) + 1):
            svg, box = _label(centre(grid.index(f, 0))[0], bottom + GAP + FONT, file_labels[f], "middle")
            out.append(svg)
            boxes.append(box)
        for r in range(min(r for _, r in shown), max(r for _, r in shown) + 1):
            svg, box = _label(left - GAP, centre(grid.index(0, r))[1] + 0.36 * FONT, rank_labels[r], "end")
            out.append(svg)
            boxes.append(box)
        return out

    def place(candidates: list[tuple[float, float, str]], text: str) -> None:
        for x, y, anchor in candidates:
            svg, box = _label(x, y, text, anchor)
            if not any(box.meets(other) for other in boxes):
                out.append(svg)
                boxes.append(box)
                return

    for f in range(grid.width):
        ranks = [r for r in range(grid.height) if grid.on_board[grid.index(f, r)]]
        if ranks:
            (bx, by), (tx, ty) = centre(grid.index(f, ranks[0])), centre(grid.index(f, ranks[-1]))
            low, high = by + down + GAP + FONT, ty - down - GAP - 0.25 * FONT
            place([(bx, low, "middle"), (tx, high, "middle")], file_labels[f])
    for r in range(grid.height):
        files = [f for f in range(grid.width) if grid.on_board[grid.index(f, r)]]
        if files:
            (lx, ly), (rx, ry) = centre(grid.index(files[0], r)), centre(grid.index(files[-1], r))
            place(
                [(lx - across - GAP, ly + 0.36 * FONT, "end"), (rx + across + GAP, ry + 0.36 * FONT, "start")],
                rank_labels[r],
            )
    return out


def _board(view: BoardView, centre: Callable[[int], tuple[float, float]], out: list[str]) -> None:
    """The cells, or the lines a points board's pieces sit on."""
    grid = view.grid
    if grid.basis == "hex":
        _hex_board(view, centre, out)
    elif grid.links:  # the declared links only (rendering.sites)
        out += sites.links_svg(grid, centre, LINE)
    elif grid.kind == "points" and grid.chosen is not None:  # points of a board of any shape: holes, no line
        out += [f'<circle class="point" cx="{_n(x)}" cy="{_n(y)}" r="4" fill="{LINE}"/>'
                for x, y in (centre(sq) for sq in bits(grid.full))]
    elif grid.kind == "points":
        right, bottom = (grid.width - 1) * CELL, (grid.height - 1) * CELL
        line = f'stroke="{LINE}" stroke-width="2"'
        for f in range(grid.width):
            out.append(f'<line x1="{f * CELL}" y1="0" x2="{f * CELL}" y2="{bottom}" {line}/>')
        for r in range(grid.height):
            out.append(f'<line x1="0" y1="{r * CELL}" x2="{right}" y2="{r * CELL}" {line}/>')
    else:
        row = stones.row_height(view, CELL)
        # Only the board proper is checkered: a file or rank the game leaves unlabelled (its hands) is not.
        file_labels, rank_labels = labels(grid, view.coordinates)
        for sq in range(grid.size):
            if grid.on_board[sq]:
                cx, cy = centre(sq)
                f, r = grid.coords(sq)
                dark = view.checkered and (f + r) % 2 == 0 and bool(file_labels[f] and rank_labels[r])  # a1 dark
                css, fill = ("cell dark", DARK_CELL) if dark else ("cell", CELL_FILL)
                out.append(
                    f'<rect class="{css}" x="{_n(cx - CELL / 2)}" y="{_n(cy - row / 2)}" '
                    f'width="{CELL}" height="{_n(row)}" fill="{fill}" stroke="{LINE}" stroke-width="1.5"/>'
                )
        if stones.stacked(view):  # long points under stacked stones (Counted.stacked)
            out += stones.points_svg(view, centre, CELL)
        if view.blocks:  # the blocks' borders over the cells' (Game.blocks)
            out += _block_borders(grid, view.blocks)


def _block_borders(grid: Grid, blocks: tuple[int, int]) -> list[str]:
    """Heavy lines between blocks of ``blocks`` (files, ranks) square cells, counted from a1."""
    left, top = -CELL / 2, -CELL / 2
    right, bottom = left + grid.width * CELL, top + grid.height * CELL
    line = f'class="block" stroke="{LINE}" stroke-width="5"'
    out = [
        f'<line x1="{_n(left + f * CELL)}" y1="{_n(top)}" x2="{_n(left + f * CELL)}" y2="{_n(bottom)}" {line}/>'
        for f in range(blocks[0], grid.width, blocks[0])
    ]
    out += [  # rank r's lower border, counted up from the bottom row
        f'<line x1="{_n(left)}" y1="{_n(bottom - r * CELL)}" x2="{_n(right)}" y2="{_n(bottom - r * CELL)}" {line}/>'
        for r in range(blocks[1], grid.height, blocks[1])
    ]
    return out


#: CSS's colour names a game is likeliest to give its pieces, as ``#rrggbb``.
_NAMED = {"white": "#ffffff", "black": "#000000", "ivory": "#fffff0", "snow": "#fffafa", "beige": "#f5f5dc",
          "cream": "#fffdd0", "silver": "#c0c0c0", "lightgray": "#d3d3d3", "lightgrey": "#d3d3d3",
          "gray": "#808080", "grey": "#808080", "yellow": "#ffff00", "gold": "#ffd700", "wheat": "#f5deb3",
          "red": "#ff0000", "blue": "#0000ff", "green": "#008000", "orange": "#ffa500"}  # fmt: skip


def _hex_colour(colour: str) -> str | None:
    """``colour`` as ``#rrggbb`` where it is written as CSS often writes one
    (``#fff``, ``rgb(255, 255, 255)``, ``white``), else None."""
    text = colour.strip().lower()
    text = _NAMED.get(text, text)
    found = re.fullmatch(r"#([0-9a-f])([0-9a-f])([0-9a-f])", text)
    if found:
        return "#" + "".join(c * 2 for c in found.groups())
    found = re.fullmatch(r"rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)", text)
    if found and all(int(c) <= 255 for c in found.groups()):
        return "#" + "".join(f"{int(c):02x}" for c in found.groups())
    return text if is_colour(text) else None


def _token(prefix: str, name: str) -> str:
    """A CSS class for a name a game gives (a player, a kind, an overlay):
    ``player-won-by-x`` for ``won by x``. One word, prefixed, so that a name
    with spaces or one such as ``square`` or ``board`` cannot pass for the
    picture's own classes, which the page selects by."""
    return f"{prefix}-{re.sub(r'[^a-z0-9_]+', '-', name.lower()).strip('-') or 'unnamed'}"


def _light(colour: str, background: str) -> bool:
    """A piece too pale to tell from its square (under WCAG's 3:1 for graphics);
    a colour written otherwise than above cannot be measured, and is not outlined."""
    measured = _hex_colour(colour)
    return measured is not None and contrast(measured, background) < 3


def _pieces(view: BoardView, centre: Callable[[int], tuple[float, float]], background: str, out: list[str]) -> None:
    """Each piece as a group, ``placed`` where the last move went and ``changed``
    where it changed one (for the animation), a player's in its colour."""
    grid = view.grid
    last, changed = set(view.last), set(view.changed)

    def group(sq: int, parts: list[str]) -> None:
        css = "token" + (" placed" if sq in last else "") + (" changed" if sq in changed else "")
        out.append(f'<g class="{css}">')
        out.extend(parts)
        out.append("</g>")

    for sq, who in view.owners:
        colour = view.colours[who] if who < len(view.colours) else "#888888"
        kind = view.piece_kind(sq)
        player = _token("player", view.players[who]) if who < len(view.players) else f"player-{who + 1}"
        css = f"piece {player} {_token('kind', kind.name)}"
        cx, cy = centre(sq)
        face = face_of(kind, who)  # what is written on it (rendering.faces): 歩, 帥
        if kind.shape == "pentagon":  # a shogi piece, pointing at the opponent, lettered
            up = not is_turned(view.turned, kind, who)  # pointing at the opponent
            group(sq, svg_pentagon(cx, cy, _text(kind.letter.upper()), up, css, _attr(grid.name(sq)), face=face))
            continue
        if face and kind.shape == "disc":  # a xiangqi piece: wood, written in its player's colour
            disc = svg_faced_disc(face, cx, cy, RADIUS, colour, css, _attr(grid.name(sq)))
            group(sq, turn_round(disc, cx, cy) if is_turned(view.turned, kind, who) else disc)
            continue
        parts = _piece(kind.shape, cx, cy, colour, css, grid.name(sq), _light(colour, background))
        if kind.letter and kind.shape not in CHESS_SET:  # a kind that declares a letter (the first kind too): on it
            parts.append(_letter(kind.letter, cx, cy, colour))
        group(sq, parts)
    for sq, index in view.neutral:
        if index < len(view.neutral_kinds):
            neutral = view.neutral_kinds[index]
            css = f"piece neutral {_token('kind', neutral.name)}"
            face = face_of(neutral, None)
            if face and neutral.shape == "disc":  # a piece that belongs to no player written in its colour: Banqi's
                group(sq, svg_faced_disc(face, *centre(sq), RADIUS, neutral.colour, css, _attr(grid.name(sq))))
                continue
            light = _light(neutral.colour, background)
            parts = _piece(neutral.shape, *centre(sq), neutral.colour, css, grid.name(sq), light)
            if neutral.letter and neutral.shape in ("disc", "ring"):  # a token, told apart by its letter (Banqi's)
                parts.append(_letter(neutral.letter, *centre(sq), neutral.colour))
            group(sq, parts)


def _letter(letter: str, cx: float, cy: float, colour: str) -> str:
    """A kind's letter on its piece: dark on a pale piece, white on a dark one, the one that reads better."""
    measured = _hex_colour(colour)
    pale = measured is not None and contrast(measured, "#ffffff") < contrast(measured, "#222222")
    ink, edge = ("#222222", "#ffffff") if pale else ("#ffffff", "#222222")
    return (
        f'<text class="kind" x="{_n(cx)}" y="{_n(cy + 7)}" text-anchor="middle" font-size="20" '
        f'font-weight="bold" fill="{ink}" stroke="{edge}" stroke-width="0.8">{_text(letter.upper())}</text>'
    )


def _counts(view: BoardView, centre: Callable[[int], tuple[float, float]], out: list[str]) -> None:
    """Each counted site (``Game.counts``: a pit, a store) as a hollow ringed
    in its owner's colour (grey: no one's), its number on it in bold."""
    owned = view.counted is not None and view.counted.owned
    for sq, n, who in view.counts:
        cx, cy = centre(sq)
        colour = stroke = view.colour_of(who) if who is not None else "#888888"
        name = _attr(view.grid.name(sq))
        player = f" {_token('player', view.player_name(who))}" if who is not None else ""
        # Pieces that change hands (Backgammon's checkers): a disc in the owner's colour, outlined, as a piece is.
        fill, ink = (stroke, _ink(stroke)) if owned and who is not None and n else ("#e8d9bd", INK)
        stroke = INK if fill == stroke else stroke
        size = (22, 22, 22, 17, 13)[min(len(str(n)), 4)]  # a 2048 tile's four digits inside the ring
        held = held_kind(view, sq)
        if held is not None:  # pieces in hand: the piece, smaller, and how many beside it
            letter = _text(held.letter.upper() or held.name[:1])
            at = (cx - CELL * 0.1, cy)
            face = face_of(held, who)
            up = who is not None and not is_turned(view.turned, held, who)
            drawn = (svg_pentagon(*at, letter, up, "held", name, 0.7, face) if held.shape == "pentagon"
                     else _piece(held.shape, *at, colour, "held", name, _light(colour, CELL_FILL)))  # fmt: skip
            kind = f' data-kind="{_attr(held.name)}"'
            out.append(f'<g class="count{player}" data-square="{name}" data-count="{n}"{kind}>')
            out += drawn
            out.append(
                f'<text x="{_n(cx + CELL * 0.32)}" y="{_n(cy + CELL * 0.3)}" text-anchor="middle" font-size="18" '
                f'font-weight="bold" fill="{INK}">{n}</text></g>'
            )
            continue
        if view.counted is not None and view.counted.tiles:  # a numbered tile, none on an empty site
            out.append(f'<g class="count{player}" data-square="{name}" data-count="{n}">')
            out += tiles.tile_svg(cx, cy, CELL, n, INK)
            out.append("</g>")
            continue
        if stones.stacked(view):  # stones piled from the edge, the number on the last past the stack
            out.append(f'<g class="count{player}" data-square="{name}" data-count="{n}">')
            out += stones.stones_svg(view, centre, CELL, sq, n, _attr(fill if n else stroke), _attr(ink))
            out.append("</g>")
            continue
        out.append(
            f'<g class="count{player}" data-square="{name}" data-count="{n}">'
            f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(RADIUS)}" fill="{_attr(fill)}" stroke="{_attr(stroke)}" '
            f'stroke-width="3"/>'
            f'<text x="{_n(cx)}" y="{_n(cy + 8)}" text-anchor="middle" font-size="{size}" font-weight="bold" '
            f'fill="{_attr(ink)}">{n}</text></g>'
        )


def _ink(colour: str) -> str:
    """Ink that reads on ``colour``: the usual dark one, or white on a dark colour."""
    measured = _hex_colour(colour)
    return "#ffffff" if measured is not None and contrast(measured, INK) < 4.5 else INK


def _rings(view: BoardView, centre: Callable[[int], tuple[float, float]], out: list[str]) -> None:
    """The last move ringed solid, what it changed ringed dashed (both blue),
    the winning line boxed in vermillion: three shapes, not two hues."""
    for squares, css, width, dashes in (
        (view.changed, "ring-changed", 2, ' stroke-dasharray="4 3"'),
        (view.last, "last", RING_WIDTH, ""),
    ):
        for sq in squares:
            if stones.stacked(view):  # a tall cell: outlined whole, not ringed in its middle
                paint = f'class="{css}" stroke="{LAST}" stroke-width="{width}"{dashes}'
                out.append(stones.outline(view, centre, CELL, sq, paint))
                continue
            at = 'cx="{}" cy="{}"'.format(*map(_n, centre(sq)))
            # A white line between piece and ring: a blue ring shows on a blue piece too.
            out.append(
                f'<circle class="halo" {at} r="{_n(RADIUS - 0.25)}" fill="none" stroke="#ffffff" stroke-width="1.5"/>'
            )
            out.append(
                f'<circle class="{css}" {at} r="{_n(RING + 0.5)}" fill="none" stroke="{LAST}" '
                f'stroke-width="{width}"{dashes}/>'
            )
    for sq in view.flagged:  # what the game flags (a king in check): a red square around it, its words as title
        cx, cy = centre(sq)
        out.append(
            f'<rect class="flagged" x="{_n(cx - RING)}" y="{_n(cy - RING)}" width="{_n(2 * RING)}" '
            f'height="{_n(2 * RING)}" fill="#d55e00" fill-opacity="0.25" stroke="#d55e00" stroke-width="3">'
            f"<title>{_text(view.flag)}</title></rect>"
        )
    for sq in view.winning:
        cx, cy = centre(sq)
        out.append(
            f'<rect class="winning" x="{_n(cx - RING)}" y="{_n(cy - RING)}" '
            f'width="{_n(2 * RING)}" height="{_n(2 * RING)}" rx="{_n(RING * 0.3)}" '
            f'fill="none" stroke="{WIN}" stroke-width="{BOX_WIDTH}"/>'
        )


def _targets(view: BoardView, centre: Callable[[int], tuple[float, float]]) -> list[str]:
    """A page's targets over every square: ``class="square" data-square`` with
    the square's accessible name (what is on it) and the role of a button."""
    grid = view.grid
    out = []
    for sq, words in squares_words(view).items():
        cx, cy = centre(sq)
        if grid.basis == "hex":
            tag, shape = "polygon", f'points="{_hexagon(cx, cy)}"'
        elif grid.kind == "points":
            tag, shape = "circle", f'cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(CELL * 0.45)}"'
        else:
            row = stones.row_height(view, CELL)
            tag, shape = "rect", f'x="{_n(cx - CELL / 2)}" y="{_n(cy - row / 2)}" width="{CELL}" height="{_n(row)}"'
        out.append(
            f'<{tag} class="square" data-square="{_attr(grid.name(sq))}" role="button" aria-label="{_attr(words)}" '
            f'{shape} fill="#ffffff" fill-opacity="0"><title>{_text(words)}</title></{tag}>'
        )
    return out


#: Beside the board: a die's side, a card's height and least width, the gap between them,
#: the room a section's heading takes, and the least width of what is drawn beside.
DIE, CARD_HEIGHT, CARD_WIDTH, ITEM_GAP, HEADING, TRAY_WIDTH = 34, 52, 40, 8, 20, 420
CARD_FONT, CARD_CHARS = 12, 22
#: A card's back, and where each pip of a die's face 1 to 6 lies (thirds of its side, from its centre).
CARD_BACK, INK = "#2c3e50", "#222222"
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _ink_on(fill: str) -> str:
    """Dark ink on a pale fill, white on a dark one: whichever reads better."""
    measured = _hex_colour(fill)
    if measured is None:
        return INK
    return INK if contrast(measured, INK) >= contrast(measured, "#ffffff") else "#ffffff"


def _die_svg(view: BoardView, die: Die, x: float, y: float) -> list[str]:
    """A die with its top-left corner at (x, y): its face's pips (its number
    past six faces, blank if not rolled), in its colour, ``kept`` under it."""
    fill = (
        _hex_colour(die.colour)
        or (_hex_colour(view.colour_of(die.owner)) if die.owner is not None else None)
        or "#ffffff"
    )
    ink = _ink_on(fill)
    cx, cy, third = x + DIE / 2, y + DIE / 2, DIE * 0.27
    out = [
        f'<rect class="face" x="{_n(x)}" y="{_n(y)}" width="{DIE}" height="{DIE}" rx="6" fill="{_attr(fill)}" '
        f'stroke="{INK}" stroke-width="{3 if die.kept else 1.5}"/>'
    ]
    if 1 <= die.value <= 6 and die.faces <= 6:
        for dx, dy in PIPS[die.value]:
            out.append(
                f'<circle class="pip" cx="{_n(cx + dx * third)}" cy="{_n(cy + dy * third)}" r="3.4" fill="{ink}"/>'
            )
    elif die.value:  # past six faces its number; hidden from this viewer a question mark
        out.append(
            f'<text x="{_n(cx)}" y="{_n(cy + 6)}" text-anchor="middle" font-size="17" font-weight="bold" '
            f'fill="{ink}">{"?" if die.value < 0 else die.value}</text>'
        )
    if die.kept:
        out.append(
            f'<text class="caption" x="{_n(cx)}" y="{_n(y + DIE + 12)}" text-anchor="middle" font-size="11">kept</text>'
        )
    return out


#: A box on a card: its side, the room of the sign between two, a tick's radius and
#: pitch, a line of a card's text, the width of the picture of a game with no board.
CARD_BOX, SIGN, TICK, TICK_PITCH, CARD_LINE, TABLE_WIDTH = 24, 12, 5, 13, 14, 340
DONE = "#1b7a3d"


#: What each drawing of a site holds, by the site and its owner (:func:`~boardgames.rendering.words.drawn_sites_words`).
Words = dict[tuple[int, int | None], str]


def _site_target(
    view: BoardView, words: Words | None, site: int, x: float, y: float, w: float, h: float, owner: int | None = None
) -> str:
    """A page's target over what a site names (a die, a card, a box): as a
    square's, ``class="square" data-square``, a button named by what it holds;
    drawn among what a player owns (a tableau), ``data-owner`` names the
    player: where a game draws one site in several places (each player's
    tableau numbering its places alike), the page takes a click only on the
    drawing of the seat asked, or on one that is no one's."""
    if words is None or (site, owner) not in words:
        return ""
    said = words[(site, owner)]
    mine = "" if owner is None else f' data-owner="{_attr(view.player_name(owner))}"'
    return (
        f'<rect class="square" data-square="{_attr(view.grid.name(site))}"{mine} role="button" '
        f'aria-label="{_attr(said)}" '
        f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="3" fill="#ffffff" fill-opacity="0">'
        f"<title>{_text(said)}</title></rect>"
    )


def _is_empty(card: Card) -> bool:
    return empty_place(card)


def _rich_lines(card: Card) -> list[str]:
    return list(_wrapped(card.text)) if card.text else []


@lru_cache(maxsize=4096)
def _wrapped(text: str) -> tuple[str, ...]:
    """A card's text in lines (a page's picture draws the same cards again at every move)."""
    return tuple(textwrap.wrap(text, CARD_CHARS))


def _rich_size(card: Card) -> tuple[float, float]:
    """A :class:`Card`'s width and height: a band, its price, boxes, text lines and ticks."""
    if _is_empty(card):
        return CARD_WIDTH, CARD_HEIGHT
    n = len(card.boxes)
    widths = [
        CARD_WIDTH,
        n * CARD_BOX + max(n - 1, 0) * SIGN + 12,
        len(card.ticks) * TICK_PITCH + 12,
        CHAR * 11 * len(card.price) + 34,
        *(CHAR * CARD_FONT * len(line) + 12 for line in _rich_lines(card)),
    ]
    height = 30 + (CARD_BOX + 6 if n else 0) + CARD_LINE * len(_rich_lines(card)) + (TICK_PITCH if card.ticks else 0)
    return max(widths), max(height + 4, CARD_HEIGHT)


def _rich_card_svg(
    view: BoardView,
    card: Card,
    x: float,
    y: float,
    width: float,
    height: float,
    stripe: str | None,
    names: dict[str, str],
    words: Words | None,
    owner: int | None = None,
) -> list[str]:
    """A :class:`Card` at (x, y): a band of its colour (else of its owner's),
    its price, a circle checked once it is done, its boxes, its text, its
    ticks; over it, in a page, the targets of its site and of its boxes'."""
    box = f'x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{_n(height)}" rx="4"'
    if _is_empty(card):  # an empty place
        out = [
            f'<rect class="empty-place" {box} fill="none" stroke="{LINE}" stroke-width="1.5" stroke-dasharray="5 4"/>'
        ]
        target = _site_target(view, words, card.site, x, y, width, height, owner)
        return [*out, target] if target else out
    band = _hex_colour(card.colour) or stripe
    out = ['<g class="card">', f'<rect class="card-face" {box} fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>']
    if card.face_down:  # a back: only its boxes' written values are in the view (beyond_the_board)
        back = f'<rect class="back" {box} fill="{CARD_BACK}" stroke="{INK}" stroke-width="1.5"/>'
        out = ['<g class="card face-down">', back]
    if band is not None:
        out.append(
            f'<rect class="card-colour" x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(width - 2)}" height="8" rx="3" '
            f'fill="{_attr(band)}"/>'
        )
    cx, cy = x + width - 11, y + 20  # the circle a completed card has ticked
    if card.face_down:
        pass
    elif card.done:
        out.append(
            f'<circle class="done" cx="{_n(cx)}" cy="{_n(cy)}" r="7" fill="{DONE}" stroke="{INK}" stroke-width="1"/>'
        )
        out.append(
            f'<path d="M {_n(cx - 3.5)} {_n(cy)} L {_n(cx - 1)} {_n(cy + 3)} L {_n(cx + 4)} {_n(cy - 3)}" '
            f'fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round"/>'
        )
    else:
        out.append(
            f'<circle class="not-done" cx="{_n(cx)}" cy="{_n(cy)}" r="7" fill="#ffffff" stroke="{INK}" '
            'stroke-width="1.2"/>'
        )
    if card.price:
        out.append(
            f'<text class="price" x="{_n(x + 6)}" y="{_n(y + 24)}" font-size="11" fill="{INK}">'
            f"{_text(card.price)}</text>"
        )
    top, targets = y + 30, []
    if card.boxes:
        bx = x + (width - len(card.boxes) * CARD_BOX - (len(card.boxes) - 1) * SIGN) / 2
        for k, cell in enumerate(card.boxes):
            if k:
                sign = card.between[k - 1] if k <= len(card.between) else ""
                out.append(
                    f'<text class="between" x="{_n(bx - SIGN / 2)}" y="{_n(top + CARD_BOX / 2 + 5)}" '
                    'text-anchor="middle" '
                    f'font-size="14" font-weight="bold" fill="{INK}">{_text(sign.strip())}</text>'
                )
            fill = _hex_colour(cell.colour) or "#ffffff"
            at = f'x="{_n(bx)}" y="{_n(top)}" width="{CARD_BOX}" height="{CARD_BOX}" rx="3"'
            middle = bx + CARD_BOX / 2
            if cell.written:  # what is written: bold on a white disc, the box's edge heavy
                out.append(f'<rect class="box written" {at} fill="{_attr(fill)}" stroke="{INK}" stroke-width="2.5"/>')
                out.append(
                    f'<circle cx="{_n(middle)}" cy="{_n(top + CARD_BOX / 2)}" r="9" fill="#ffffff" stroke="{INK}" '
                    f'stroke-width="1"/>'
                )
                out.append(
                    f'<text class="written" x="{_n(middle)}" y="{_n(top + CARD_BOX / 2 + 5)}" text-anchor="middle" '
                    f'font-size="14" font-weight="bold" fill="{INK}">{_text(cell.written)}</text>'
                )
            else:  # what it demands, in the colour it demands
                out.append(f'<rect class="box" {at} fill="{_attr(fill)}" stroke="{INK}" stroke-width="1.2"/>')
                if cell.demand:
                    out.append(
                        f'<text class="demand" x="{_n(middle)}" y="{_n(top + CARD_BOX / 2 + 4)}" text-anchor="middle" '
                        f'font-size="{CARD_FONT}" fill="{_ink_on(fill)}">{_text(cell.demand)}</text>'
                    )
            target = _site_target(view, words, cell.site, bx, top, CARD_BOX, CARD_BOX, owner)
            if target:
                targets.append(target)
            bx += CARD_BOX + SIGN
        top += CARD_BOX + 6
    for line in _rich_lines(card):
        out.append(
            f'<text x="{_n(x + width / 2)}" y="{_n(top + 11)}" text-anchor="middle" font-size="{CARD_FONT}" '
            f'fill="{INK}">{_text(line)}</text>'
        )
        top += CARD_LINE
    for k, ticked in enumerate(card.ticks):
        out.append(
            f'<circle class="tick{" ticked" if ticked else ""}" cx="{_n(x + 6 + TICK + k * TICK_PITCH)}" '
            f'cy="{_n(top + TICK_PITCH / 2)}" r="{TICK}" fill="{INK if ticked else "#ffffff"}" stroke="{INK}" '
            f'stroke-width="1.2"/>'
        )
    out.append("</g>")
    card_target = _site_target(view, words, card.site, x, y, width, height, owner)
    return [*out, *([card_target] if card_target else []), *targets]


def _card_width(card: str | None, count: int = 1) -> float:
    if not card:
        return CARD_WIDTH if card is not None else max(CARD_WIDTH, CHAR * CARD_FONT * len(f"×{count}") + 16)
    return max(CARD_WIDTH, CHAR * CARD_FONT * min(len(card), CARD_CHARS) + 12)


def _card_svg(card: str | None, count: int, x: float, y: float, width: float, stripe: str | None) -> list[str]:
    """A card at (x, y): face up with its text (shortened past :data:`CARD_CHARS`
    characters, the whole text in the section's words), an empty place as a
    dashed outline, cards face down as a back (a stack, with their count)."""
    box = f'x="{_n(x)}" y="{_n(y)}" width="{_n(width)}" height="{CARD_HEIGHT}" rx="4"'
    if card is None:
        out = []
        if count > 1:  # a stack: a second back behind
            out.append(
                f'<rect class="back" x="{_n(x + 3)}" y="{_n(y - 3)}" width="{_n(width)}" height="{CARD_HEIGHT}" '
                f'rx="4" fill="{CARD_BACK}" stroke="#ffffff" stroke-width="1"/>'
            )
        out.append(f'<rect class="back" {box} fill="{CARD_BACK}" stroke="#ffffff" stroke-width="1.5"/>')
        out.append(
            f'<rect x="{_n(x + 4)}" y="{_n(y + 4)}" width="{_n(width - 8)}" height="{CARD_HEIGHT - 8}" rx="2" '
            f'fill="none" stroke="#95a5a6" stroke-width="1" stroke-dasharray="2 2"/>'
        )
        if count > 1:
            out.append(
                f'<text class="count" x="{_n(x + width / 2)}" y="{_n(y + CARD_HEIGHT / 2 + 5)}" text-anchor="middle" '
                f'font-size="{CARD_FONT + 1}" font-weight="bold" fill="#ffffff">×{count}</text>'
            )
        return out
    if card == "":
        return [
            f'<rect class="empty-place" {box} fill="none" stroke="{LINE}" stroke-width="1.5" stroke-dasharray="5 4"/>'
        ]
    shown = card if len(card) <= CARD_CHARS else card[: CARD_CHARS - 1] + "…"
    out = [f'<rect class="card-face" {box} fill="#ffffff" stroke="{INK}" stroke-width="1.5"/>']
    if stripe is not None:  # a player's card: a band of the player's colour along its top
        out.append(
            f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{_n(width - 2)}" height="6" rx="3" fill="{_attr(stripe)}"/>'
        )
    out.append(
        f'<text x="{_n(x + width / 2)}" y="{_n(y + CARD_HEIGHT / 2 + 4)}" text-anchor="middle" '
        f'font-size="{CARD_FONT}" fill="{INK}">{_text(shown)}</text>'
    )
    return out


#: Something drawn beside the board: its width, its height, and how to draw it at (x, y).
Item = tuple[float, float, Callable[[float, float], list[str]]]


def _beside(
    view: BoardView, left: float, top: float, width: float, words: Words | None = None
) -> tuple[list[str], float, float]:
    """What the view shows beside the board, drawn from (left, top) in rows
    no wider than ``width``: the dice, each hand, the cards on the table (a
    tableau in its rows), the scores. Each is a section (a heading, in its
    owner's colour, over its items), one image named by its words
    (:func:`~boardgames.rendering.words.beside_words`); sections sit side by
    side while the row holds them (ten players' hands in a few rows).
    With ``words`` (a page's picture: what each site holds), each die, card
    and box with a site is a target, and a section holding one a group.
    Returns the drawing, its right edge and its bottom."""
    sections: list[Callable[[float, float], tuple[list[str], float, float]]] = []
    names = colour_names(view)

    def section(
        css: str, said: str, owner: int | None, heading: str, items: list[Item | None], clickable: bool = False
    ) -> None:
        """A heading (with the owner's colour), then ``items`` (width, height, draw(x, y)) flowed in rows."""

        def draw(left: float, top: float) -> tuple[list[str], float, float]:
            role = "group" if clickable else "img"  # an image's parts are no buttons
            out = [f'<g class="beside {css}" role="{role}" aria-label="{_attr(said)}"><title>{_text(said)}</title>']
            x, y = left, top
            if owner is not None:
                out.append(
                    f'<circle class="{_token("player", view.player_name(owner))}" cx="{_n(left + 7)}" '
                    f'cy="{_n(y + 9)}" r="7" fill="{_attr(view.colour_of(owner))}" '
                    f'stroke="{OUTLINE}" stroke-width="1.5"/>'
                )
                x += 20
            out.append(f'<text class="heading" x="{_n(x)}" y="{_n(y + 14)}" fill="{INK}">{_text(heading)}</text>')
            right = x + CHAR * FONT * len(heading)
            y += HEADING
            x, tallest = left, 0.0
            for item in items:
                if item is None and x > left:  # a row of a tableau ends
                    x, y, tallest = left, y + tallest + ITEM_GAP, 0.0
                if item is None:
                    continue
                w, h, paint = item
                if x > left and x + w > left + width:
                    x, y, tallest = left, y + tallest + ITEM_GAP, 0.0
                out.extend(paint(x, y))
                right, tallest, x = max(right, x + w), max(tallest, h), x + w + ITEM_GAP
            out.append("</g>")
            return out, right - left, y + tallest - top

        sections.append(draw)

    def die(d: Die, x: float, y: float) -> list[str]:
        target = _site_target(view, words, d.site, x, y, DIE, DIE, d.owner)
        return [*_die_svg(view, d, x, y), target] if target else _die_svg(view, d, x, y)

    for owner, said in dice_words(view):
        mine = [d for d in view.dice if d.owner == owner]
        ordered = [d for d in mine if not d.kept] + [d for d in mine if d.kept]  # as the words say them
        items: list[Item | None] = [(DIE, DIE + (14 if d.kept else 0), partial(die, d)) for d in ordered]
        clickable = words is not None and any((d.site, d.owner) in words for d in mine)
        section("dice", said, owner, owned(view, owner, "dice"), items, clickable)

    def size(card: str | Card | None, count: int = 1) -> tuple[float, float]:
        return _rich_size(card) if isinstance(card, Card) else (_card_width(card, count), CARD_HEIGHT)

    def cards(group: tuple[str | Card | None, ...], owner: int | None, columns: int) -> list[Item | None]:
        stripe = view.colour_of(owner) if owner is not None else None
        if columns > 0:  # a tableau: every place as wide as the widest, in rows of ``columns``
            wide = max((size(c)[0] for c in group), default=CARD_WIDTH)
            places = [(c, 1) for c in group]
        else:
            places = card_runs(group)
        items: list[Item | None] = []
        for k, (card, count) in enumerate(places):
            if columns > 0 and k and k % columns == 0:
                items.append(None)
            w, h = size(card, count)
            w = wide if columns > 0 else w
            if isinstance(card, Card):
                draw = partial(
                    _rich_card_svg, view, card, width=w, height=h, stripe=stripe, names=names, words=words, owner=owner
                )
                items.append((w, h, draw))
            else:
                items.append((w, CARD_HEIGHT, partial(_card_svg, card, count, width=w, stripe=stripe)))
        return items

    def sites(group: tuple[str | Card | None, ...], owner: int | None) -> bool:
        """Whether a page's picture has a target among these cards."""
        return words is not None and any(
            isinstance(c, Card) and any((s, owner) in words for s in (c.site, *(b.site for b in c.boxes)))
            for c in group
        )

    for player, hand in enumerate(view.hands):
        section(
            f"hand {_token('player', view.player_name(player))}",
            f"{owned(view, player, 'hand')}: {cards_words(hand, names)}",
            player,
            owned(view, player, "hand"),
            cards(hand, player, 0),
            sites(hand, player),
        )
    for row in view.market:
        section(
            f"cards {_token('cards', row.name)}",
            f"{owned(view, row.owner, row.name)}: {cards_words(row.cards, names)}",
            row.owner,
            owned(view, row.owner, row.name),
            cards(row.cards, row.owner, row.columns),
            sites(row.cards, row.owner),
        )
    if view.scores:
        items = []
        for player, score in enumerate(view.scores):
            label = f"{view.player_name(player)} {score_text(score)}"

            def draw(x: float, y: float, p: int = player, label: str = label) -> list[str]:
                return [
                    f'<circle class="{_token("player", view.player_name(p))}" cx="{_n(x + 8)}" cy="{_n(y + 9)}" r="7" '
                    f'fill="{_attr(view.colour_of(p))}" stroke="{OUTLINE}" stroke-width="1.5"/>',
                    f'<text class="score" x="{_n(x + 20)}" y="{_n(y + 14)}" fill="{INK}">{_text(label)}</text>',
                ]

            items.append((20 + CHAR * FONT * len(label), 18.0, draw))
        section(
            "scores",
            f"scores: {', '.join(view.player_name(p) + ' ' + score_text(s) for p, s in enumerate(view.scores))}",
            None,
            "scores",
            items,
        )
    # Sections side by side while a row holds them, each measured where it would stand alone.
    out: list[str] = []
    x, y, tallest, right = left, top, 0.0, left
    for drawn in sections:
        _, w, h = drawn(0, 0)
        if x > left and x + w > left + width:
            x, y, tallest = left, y + tallest + 2 * ITEM_GAP, 0.0
        out.extend(drawn(x, y)[0])
        right, tallest, x = max(right, x + w), max(tallest, h), x + w + 3 * ITEM_GAP
    return out, right, y + tallest


def render_svg(view: BoardView, title: str = "", interactive: bool = False, width: float | None = None) -> str:
    """The picture of ``view``. With ``interactive``, every square also gets a
    transparent target on top, ``class="square" data-square="c3"``, named by
    what is on it (``aria-label``) and a button, for a page to click and to
    highlight with CSS (``boardgames serve``); without, the picture is one
    image (``role="img"``) whose description lists the pieces. A grid that is
    no board (``board_drawn`` False) is not drawn: :func:`_table_svg`, as
    wide as ``width`` allows (a page's room; a board's size is its own).
    A game that draws only where the play is (``Game.drawn_within``) is drawn cropped to its window, and
    marked ``windowed``: a page shows it at its own size (no wider than its room), so that a cell keeps its
    size while the play spreads, rather than scaled up to fill the page while there is little of it."""
    whole, view = view, cropped(view)
    if not view.board_drawn:
        return _table_svg(view, title, interactive, width)
    if view.grid.grooves:  # cells with grooves between them (Grid.grooved)
        return grooved_svg(view, title, interactive)
    if view.grid.site_kinds is not None:  # points, edges and cells: rendering.sites
        return lattice_svg(view, title, interactive)
    grid = view.grid
    centre = _centres(view)
    across, down = _reach(view)
    boxes = [Box(x - across, y - down, x + across, y + down) for x, y in map(centre, range(grid.size))]
    boxes = [box for sq, box in enumerate(boxes) if grid.on_board[sq]]
    labels = _coordinates(view, centre, boxes)
    left, right, bottom = min(b.x0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes)
    beside: list[str] = []
    if view.dice or view.hands or view.market or view.scores:  # below the board, as wide as it or wider
        words = drawn_sites_words(view) if interactive else None
        beside, tray_right, tray_bottom = _beside(view, left, bottom + 2 * GAP, max(right - left, TRAY_WIDTH), words)
        right, bottom = max(right, tray_right), tray_bottom
    x0, y0 = left - PAD, min(b.y0 for b in boxes) - PAD
    wide = _n(right + PAD - x0)  # not rounded up: a unit is 1/60 of the pitch
    high = _n(bottom + PAD - y0)
    classes = "boardgames-board" if view is whole else "boardgames-board windowed"
    out = _opening(view, classes, (_n(x0), _n(y0), wide, high), title or "board", title, interactive)
    if grid.basis != "hex":
        out += sites.sides_svg(view, centre, CELL)
    _board(view, centre, out)
    _overlays(view, centre, grid.basis == "hex", out, fills=True)
    for sq, mark_name in view.marks:
        mark = view.mark_kind(mark_name)
        if mark is not None:
            out.append(_glyph(mark.glyph, *centre(sq), mark.colour, "mark"))
    out += labels
    out += sites.segments_svg(view, centre)
    owner, counted = dict(view.owners), {sq for sq, _, _ in view.counts}
    _counts(view, centre, out)
    for sq in sorted(set(view.targets) - set(owner)):
        cx, cy = centre(sq)
        if stones.stacked(view):  # past the stones, toward the board's middle
            cx, cy = stones.inner_end(view, centre, CELL, sq)
        elif sq in counted:  # beside the number, in the pit's corner
            cx, cy = cx + CELL * 0.36, cy - CELL * 0.36
        out.append(f'<circle class="target" cx="{_n(cx)}" cy="{_n(cy)}" r="5" fill="#3cb371"/>')
    _pieces(view, centre, BOARD if grid.kind == "points" else CELL_FILL, out)
    out += heights_svg(view, centre, CELL)  # each pile's height on its top piece (rules.stacks)
    _overlays(view, centre, grid.basis == "hex", out, fills=False)
    _rings(view, centre, out)
    out += beside
    if interactive:
        out += _targets(view, centre)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _table_svg(view: BoardView, title: str, interactive: bool, width: float | None = None) -> str:
    """The picture of a game whose grid only numbers sites: its dice, hands,
    cards and scores alone, in rows no wider than ``width`` (a page's room:
    dice, market and tableaux side by side, a tableau's columns side by side;
    its margins included), by default :data:`TABLE_WIDTH` (a phone's width,
    and the least), each
    site a target when ``interactive``."""
    margin = 8
    room = max(TABLE_WIDTH, width - 2 * margin) if width else TABLE_WIDTH
    beside, right, bottom = _beside(view, 0, 0, room, drawn_sites_words(view) if interactive else None)
    if not beside:
        beside = [f'<text class="heading" x="0" y="14" fill="{INK}">nothing on the table</text>']
        right, bottom = CHAR * FONT * 20, HEADING
    wide, high = _n(max(right, 0) + 2 * margin), _n(bottom + 2 * margin)
    box = (-margin, -margin, wide, high)
    out = _opening(view, "boardgames-board no-board", box, title or "table", title, interactive)
    return "\n".join([*out, *beside, "</svg>"]) + "\n"


def _opening(
    view: BoardView, classes: str, box: tuple[object, ...], name: str, title: str, interactive: bool
) -> list[str]:
    """A picture's first lines: the svg element over ``box`` (x, y, width,
    height), its title, its description where it is one image, its style and
    its background."""
    x, y, width, height = box
    role = 'role="group"' if interactive else 'role="img"'
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{classes}" width="{width}" height="{height}" '
        f'viewBox="{x} {y} {width} {height}" font-family="sans-serif" font-size="{FONT}" '
        f'{role} aria-label="{_attr(name)}">',
        f"<title>{_text(title)}</title>",
    ]
    if not interactive:
        out.append(f"<desc>{_text(position_words(view))}</desc>")
    out += [
        f"<style>{STYLE}</style>",
        f'<rect class="board" x="{x}" y="{y}" width="{width}" height="{height}" fill="{BOARD}"/>',
    ]
    return out


def lattice_svg(view: BoardView, title: str, interactive: bool) -> str:
    """A lattice's picture: its points as dots, each edge a bar (drawn dark,
    the last move's blue; one not drawn yet faint, a legal one with a green
    dot), each owned cell filled and lettered in its owner's colour, the
    points' coordinates; with ``interactive`` a target over every edge and
    cell (``class="square" data-square="a1b1"``) shaped as what it is."""
    grid, step = view.grid, CELL / 2
    kinds = grid.site_kinds or ()
    owner, neutral, targets, last = dict(view.owners), dict(view.neutral), set(view.targets), set(view.last)
    letters = glyphs(view.players)

    def at(sq: int) -> tuple[float, float]:
        f, r = grid.coords(sq)
        return f * step, (grid.height - 1 - r) * step

    right, bottom = (grid.width - 1) * step, (grid.height - 1) * step
    margin = FONT * 2 + GAP
    box = (_n(-margin), _n(-20), _n(right + 2 * margin), _n(bottom + 20 + margin))
    out = _opening(view, "boardgames-board lattice", box, title or "board", title, interactive)
    for sq, kind in enumerate(kinds):  # the cells first, under the edges
        if kind == "cell" and sq in owner:
            who = owner[sq]
            colour = view.colours[who] if who < len(view.colours) else "#888888"
            x, y = at(sq)
            out.append(
                f'<rect class="box {_token("player", view.players[who])}" x="{_n(x - step)}" '
                f'y="{_n(y - step)}" width="{CELL}" height="{CELL}" fill="{_attr(colour)}" '
                f'fill-opacity="0.55"/>'
            )
            out.append(
                f'<text class="kind" x="{_n(x)}" y="{_n(y + 8)}" text-anchor="middle" font-size="22" '
                f'font-weight="bold" fill="{INK}">{letters[who]}</text>'
            )
    for sq, kind in enumerate(kinds):
        if kind != "edge":
            continue
        ends = [e for e in range(grid.size) if grid.incident[sq] >> e & 1 and kinds[e] == "point"]
        (x1, y1), (x2, y2) = at(ends[0]), at(ends[1])
        line = f'x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}"'
        if sq in owner or sq in neutral:
            colour = LAST if sq in last else OUTLINE
            css = "edge-site drawn" + (" last" if sq in last else "")
            out.append(f'<line class="{css}" {line} stroke="{colour}" stroke-width="6" stroke-linecap="round"/>')
        else:
            out.append(f'<line class="edge-site" {line} stroke="{LINE}" stroke-width="1" stroke-dasharray="3 5"/>')
            if sq in targets:
                cx, cy = at(sq)
                out.append(f'<circle class="target" cx="{_n(cx)}" cy="{_n(cy)}" r="4" fill="#3cb371"/>')
    for sq, kind in enumerate(kinds):
        if kind == "point":
            cx, cy = at(sq)
            out.append(f'<circle class="point" cx="{_n(cx)}" cy="{_n(cy)}" r="5" fill="{OUTLINE}"/>')
    for f in range(0, grid.width, 2):
        name = grid.names[grid.index(f, 0)]
        out.append(_label(f * step, bottom + GAP + FONT + 6, name[0], "middle")[0])
    for r in range(0, grid.height, 2):
        name = grid.names[grid.index(0, r)]
        out.append(_label(-GAP - 6, at(grid.index(0, r))[1] + 0.36 * FONT, name[1:], "end")[0])
    if interactive:
        words = squares_words(view)
        for kind in ("cell", "edge"):  # the edges on top: each is clicked where it is drawn
            for sq in range(grid.size):
                if kinds[sq] != kind:
                    continue
                cx, cy = at(sq)
                across = grid.coords(sq)[0] % 2 == 1
                w, h = (step * 1.6, step * 0.5) if kind == "edge" and across else (step * 0.5, step * 1.6)
                if kind == "cell":
                    w = h = step * 1.1
                out.append(_kind_target(grid, words, sq, cx, cy, w, h))
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: A grooved board's groove, a fraction of its pitch, and its colour: narrow and darker than the cells.
GROOVE, GROOVE_FILL = 0.18, DARK_CELL


def grooved_svg(view: BoardView, title: str, interactive: bool) -> str:
    """A board of cells with grooves between them (``Grid.grooved``, Quoridor's): each cell a square,
    the grooves narrow between them, what lies in a groove (a wall, a fence) a bar along it in its
    owner's colour or its kind's, the last move's blue; the pieces on the cells as on
    any board, a legal cell's green dot; a crossing where something may be laid a small quiet dot;
    the files and ranks labelled as the cells are named. With ``interactive``, a target over every
    cell, groove edge and crossing (``data-square="c3"``, ``"c3n"``, ``"c3ne"``), crossings on top."""
    grid, step = view.grid, CELL / 2
    kinds, groove, side = grid.site_kinds or (), CELL * GROOVE, CELL * (1 - GROOVE)
    walled, targets, last = sites.held_grooves(view), set(view.targets), set(view.last)

    def at(sq: int) -> tuple[float, float]:
        f, r = grid.coords(sq)
        return f * step, (grid.height - 1 - r) * step

    right, bottom = (grid.width - 1) * step, (grid.height - 1) * step
    margin = FONT * 2 + GAP
    box = (_n(-margin), _n(-margin / 2), _n(right + 1.5 * margin), _n(bottom + 1.5 * margin))
    out = _opening(view, "boardgames-board grooved", box, title or "board", title, interactive)
    out.append(
        f'<rect class="grooves" x="{_n(-groove / 2)}" y="{_n(-groove / 2)}" width="{_n(right + groove)}" '
        f'height="{_n(bottom + groove)}" fill="{GROOVE_FILL}"/>'
    )
    cells = [sq for sq, kind in enumerate(kinds) if kind == "cell"]
    for sq in cells:
        x, y = at(sq)
        out.append(
            f'<rect class="cell" x="{_n(x - side / 2)}" y="{_n(y - side / 2)}" width="{_n(side)}" '
            f'height="{_n(side)}" fill="{CELL_FILL}"/>'
        )
    wall_colour, bar = view.neutral_kinds[0].colour if view.neutral_kinds else OUTLINE, groove * 1.3
    laid = sites.laid_last(sites.bars(grid, walled), walled, last)
    for sq, who in walled.items():  # an edge the length of a cell's side, a crossing the groove's square
        x, y = at(sq)
        f, r = grid.coords(sq)
        w, h = (side if f % 2 else bar, side if r % 2 else bar)
        colour = LAST if sq in laid else view.colour_of(who) if who is not None else wall_colour
        out.append(
            f'<rect class="wall" data-square="{_attr(grid.name(sq))}" x="{_n(x - w / 2)}" y="{_n(y - h / 2)}" '
            f'width="{_n(w)}" height="{_n(h)}" fill="{_attr(colour)}"/>'
        )
    for sq in sorted(targets - set(walled) - set(cells)):  # a place to lay one: quiet, in the groove
        cx, cy = at(sq)
        out.append(f'<circle class="groove-target" cx="{_n(cx)}" cy="{_n(cy)}" r="2.5" fill="{OUTLINE}" '
                   f'fill-opacity="0.45"/>')  # fmt: skip
    files, ranks = sites.cell_labels(grid)
    for i, name in enumerate(files):
        out.append(_label((2 * i + 1) * step, bottom + GAP + FONT + 4, name, "middle")[0])
    for j, name in enumerate(ranks):
        out.append(_label(-GAP - 6, (grid.height - 2 - 2 * j) * step + 0.36 * FONT, name, "end")[0])
    owned = {sq for sq, _ in view.owners} | {sq for sq, _ in view.neutral}
    for sq in sorted(targets & set(cells) - owned):
        cx, cy = at(sq)
        out.append(f'<circle class="target" cx="{_n(cx)}" cy="{_n(cy)}" r="5" fill="#3cb371"/>')
    on_cells = attrs.evolve(
        view,
        owners=tuple((sq, p) for sq, p in view.owners if sq not in walled),
        neutral=tuple((sq, k) for sq, k in view.neutral if sq not in walled),
        last=tuple(sq for sq in view.last if kinds[sq] == "cell"),
        changed=tuple(sq for sq in view.changed if kinds[sq] == "cell"),
    )
    _pieces(on_cells, at, CELL_FILL, out)
    _rings(on_cells, at, out)
    if interactive:
        words = squares_words(view)
        for kind in ("cell", "edge", "point"):  # the grooves over the cells, the crossings on top
            for sq in (s for s in range(grid.size) if kinds[s] == kind):
                cx, cy = at(sq)
                f, r = grid.coords(sq)
                w = side if kind == "cell" else side * 0.8 if f % 2 else groove * 1.6
                h = side if kind == "cell" else side * 0.8 if r % 2 else groove * 1.6
                if kind == "point":  # a little larger than the groove's square, to be clicked
                    w = h = groove * 2
                out.append(_kind_target(grid, words, sq, cx, cy, w, h))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _kind_target(grid: Grid, words: dict[int, str], sq: int, cx: float, cy: float, w: float, h: float) -> str:
    """A page's target over a lattice's site, centred on it and as large as given, classed by its
    kind (``cell-site``, ``edge-site``, ``point-site``) and named by what is on it."""
    said, kind = words.get(sq, grid.name(sq)), (grid.site_kinds or ())[sq]
    return (
        f'<rect class="square {kind}-site" data-square="{_attr(grid.name(sq))}" role="button" '
        f'aria-label="{_attr(said)}" x="{_n(cx - w / 2)}" y="{_n(cy - h / 2)}" width="{_n(w)}" '
        f'height="{_n(h)}" fill="#ffffff" fill-opacity="0"><title>{_text(said)}</title></rect>'
    )
