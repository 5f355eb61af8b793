"""Drawing boards that are graphs of sites (``boardgames.geometry.sites``):
the declared links of a points board (a morris board: a line for each link,
nothing where there is no point or no link), and a lattice's points, edges and
cells (dots and boxes: dots, a bar for each drawn edge, a box filled and
lettered in its owner's colour). :mod:`.text` and :mod:`.svg` call these
for such a grid and draw every other board as before."""

from __future__ import annotations

import functools
from typing import Any
from xml.sax.saxutils import quoteattr

from ..geometry import Grid
from ..geometry.grooves import Bars, bars, held_names
from ..rules.view import BoardView

#: Box-drawing characters by the links leaving a point: (up, down, left, right).
_BOX = {
    (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘",
    (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴", (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤",
    (1, 1, 1, 1): "┼", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}  # fmt: skip


@functools.lru_cache(maxsize=64)
def segments(grid: Grid) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """Where a declared link runs, as unit segments: ``(f, r)`` in the first
    set when a link runs from file f to f + 1 along rank r, in the second when
    one runs from rank r to r + 1 along file f (diagonal links are drawn in
    SVG only)."""
    across: set[tuple[int, int]] = set()
    up: set[tuple[int, int]] = set()
    for a, b in grid.links:
        (fa, ra), (fb, rb) = grid.coords(a), grid.coords(b)
        if ra == rb:
            across.update((f, ra) for f in range(min(fa, fb), max(fa, fb)))
        elif fa == fb:
            up.update((fa, r) for r in range(min(ra, rb), max(ra, rb)))
    return frozenset(across), frozenset(up)


@functools.lru_cache(maxsize=64)
def diagonals(grid: Grid) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """Where a declared link runs diagonally across one square: ``(f, r)`` in
    the first set when it joins (f, r) to (f + 1, r + 1), in the second when
    it joins (f, r + 1) to (f + 1, r) (a xiangqi palace's, an alquerque's)."""
    rising: set[tuple[int, int]] = set()
    falling: set[tuple[int, int]] = set()
    for a, b in grid.links:
        (fa, ra), (fb, rb) = sorted((grid.coords(a), grid.coords(b)))
        if fb == fa + 1 and abs(rb - ra) == 1:
            (rising if rb > ra else falling).add((fa, min(ra, rb)))
    return frozenset(rising), frozenset(falling)


def crossing(grid: Grid, file: int, rank: int, unicode: bool) -> str:
    """The one character between two points in the text's row between ranks
    ``rank`` and ``rank + 1``: a diagonal link across that square, or blank."""
    rising, falling = diagonals(grid)
    shape = ((file, rank) in rising, (file, rank) in falling)
    return {(True, False): "╱/", (False, True): "╲\\", (True, True): "╳X"}.get(shape, "  ")[0 if unicode else 1]


def point_char(grid: Grid, file: int, rank: int) -> str:
    """The box-drawing character of an empty point with declared links."""
    across, up = segments(grid)
    key = (int((file, rank) in up), int((file, rank - 1) in up), int((file - 1, rank) in across))
    return _BOX.get((*key, int((file, rank) in across)), "·")


def passing(grid: Grid, file: int, rank: int, link: str, bar: str) -> str:
    """The four characters of a place with no point: a line passing through, or blank."""
    across, up = segments(grid)
    left, right = (file - 1, rank) in across, (file, rank) in across
    middle = link if left and right else bar if (file, rank) in up and (file, rank - 1) in up else " "
    return f"{link if left else ' '}{middle}{link if right else ' '}{link if right else ' '}"


def lattice_rows(view: BoardView, unicode: bool, paint: Any, letters: tuple[str, ...], marker: str) -> list[str]:
    """A lattice drawn in text: ``+`` for a point, ``---`` and ``|`` for a
    drawn edge (``===`` and ``!`` the last move's), a legal edge ``*``, a
    cell by its owner's letter."""
    grid = view.grid
    kinds = grid.site_kinds or ()
    owner, neutral, targets, last = dict(view.owners), dict(view.neutral), set(view.targets), set(view.last)
    points = (grid.width + 1) // 2
    lines = ["    " + "   ".join(grid.names[grid.index(2 * f, 0)][0] for f in range(points))]
    for rank in reversed(range(grid.height)):
        row = []
        for file in range(grid.width):
            sq = grid.index(file, rank)
            kind, across = kinds[sq], file % 2 == 1
            if kind == "point":
                row.append(paint("+", None, bold=True) if unicode else "+")  # a legal line is the • on green
            elif kind == "edge":
                if sq in owner or sq in neutral:
                    colour = view.colour_of(owner[sq]) if sq in owner else None
                    if sq in last:
                        text = ("━━━" if across else "┃") if unicode else ("===" if across else "!")
                    else:
                        text = ("───" if across else "│") if unicode else ("---" if across else "|")
                    row.append(paint(text, colour, bold=True) if unicode else text)
                elif sq in targets:
                    row.append(f" {marker} " if across else marker)
                else:
                    row.append("   " if across else " ")
            else:  # a cell: its owner's letter
                who = owner.get(sq)
                text = letters[who] if who is not None and who < len(letters) else " "
                row.append(f" {paint(text, view.colour_of(who), bold=True) if unicode and who is not None else text} ")
        label = f"{rank // 2 + 1:>3}" if rank % 2 == 0 else "   "
        lines.append(f"{label} {''.join(row)}" + (f"  {rank // 2 + 1}" if rank % 2 == 0 else ""))
    lines.append(lines[0])
    return lines


def held_grooves(view: BoardView) -> dict[int, int | None]:
    """The groove sites a position holds (walls, fences): each with its owner, None for no one's."""
    held: dict[int, int | None] = {sq: None for sq, _ in view.neutral}
    held.update(view.owners)
    kinds = view.grid.site_kinds or ()
    return {sq: who for sq, who in held.items() if kinds[sq] != "cell"}


def groove_ways(found: Bars, walled: dict[int, int | None]) -> dict[int, str]:
    """How each held crossing lies: ``-`` along its rank, ``|`` along its file (the bar through it,
    ``found`` by :func:`..geometry.grooves.bars`), ``+`` where no bar reads through it."""
    return {sq: "-" if sq in found and found[sq][0][-1] == "h" else "|" if sq in found else "+" for sq in walled}


def laid_last(found: Bars, walled: dict[int, int | None], last: set[int]) -> set[int]:
    """The held groove sites the last move laid: those in it, and the bar (of those ``found``)
    through a crossing in it."""
    laid = {sq for sq in walled if sq in last}
    for sq, (_, ends) in found.items():
        if sq in laid:
            laid.update(ends)
    return laid


def groove_names(grid: Grid, held: list[int]) -> list[str]:
    """The names of ``held`` sites of a grooved board in words: a bar through a crossing by the
    crossing's cell and its way (``c3h``, as Quoridor's notation names a wall: :mod:`..geometry.grooves`),
    every other site by its name."""
    return [name for name, _ in held_names(grid, held).values()]


def cell_labels(grid: Grid) -> tuple[list[str], list[str]]:
    """A grooved board's file and rank labels, from its cells' names (``a``, ``1``)."""
    names = [grid.names[grid.index(2 * i + 1, 1)] for i in range(grid.width // 2)]
    files = [name.rstrip("0123456789") for name in names]
    ranks = [grid.names[grid.index(1, 2 * j + 1)][len(files[0]) :] for j in range(grid.height // 2)]
    return files, ranks


def grooves_rows(view: BoardView, unicode: bool, paint: Any, piece: Any, marker: str) -> list[str]:
    """A grooved board (``Grid.grooved``) drawn in text by its cells: each cell's piece (``piece`` of
    site, file and rank), ``[ ]`` round the last move's; walls in the grooves between, ``---`` and
    ``|`` (``===`` and ``!`` the last move's, ``+`` where held grooves cross both ways); an empty cell
    ``.``, a crossing where a wall may go a plain ``+``, a legal cell or edge ``*``; the files and
    ranks labelled as the cells are named. A rim groove with nothing in it is left out."""
    grid = view.grid
    walled, targets, last = held_grooves(view), set(view.targets), set(view.last)
    found = bars(grid, walled)  # read once for the walls' ways and the last move's
    owners, neutral, laid = dict(view.owners), dict(view.neutral), laid_last(found, walled, last)
    ways = groove_ways(found, walled)
    empty = paint("·", dim=True) if unicode else "."
    files, ranks = cell_labels(grid)
    top = "     " + "".join(f" {f:<3}" for f in files)
    lines = [top]
    for rank in reversed(range(grid.height)):
        if rank in (0, grid.height - 1) and not any(grid.index(f, rank) in walled for f in range(grid.width)):
            continue
        row = []
        for file in range(grid.width):
            sq, wide = grid.index(file, rank), file % 2 == 1
            if file % 2 and rank % 2:  # a cell
                left, right = ("[", "]") if sq in last else (" ", " ")
                held = sq in targets or sq in owners or sq in neutral
                row.append(f"{left}{piece(sq, file, rank) if held else empty}{right}")
            elif sq in walled:
                crossing = not (file % 2 or rank % 2)
                text = ways[sq] if crossing else "-" if wide else "|"
                text = {"-": "=", "|": "!"}.get(text, text) if sq in laid else text
                text = {"=": "━", "!": "┃", "-": "─", "|": "│", "+": "┼"}[text] if unicode else text
                text = text * 3 if wide else text
                if unicode:  # in its owner's colour, no one's plain
                    who = walled[sq]
                    text = paint(text, view.colour_of(who) if who is not None else None, bold=True)
                row.append(text)
            elif sq in targets:
                crossing = not (file % 2 or rank % 2)  # a wall's place: a plain +, not a legal mark
                dot = (paint("+", dim=True) if unicode else "+") if crossing else marker
                row.append(f" {dot} " if wide else dot)
            else:
                row.append("   " if wide else " ")
        label = ranks[rank // 2] if rank % 2 else ""
        lines.append(f"{label:>3} {''.join(row)}" + (f"  {label}" if label else ""))
    lines.append(top)
    return lines


# -- SVG ---------------------------------------------------------------------
def links_svg(grid: Grid, centre: Any, colour: str) -> list[str]:
    """One line for each declared link, and none else."""
    out = []
    for a, b in grid.links:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        out.append(
            f'<line class="link" data-link="{grid.name(a)}-{grid.name(b)}" x1="{x1:g}" y1="{y1:g}" '
            f'x2="{x2:g}" y2="{y2:g}" stroke="{colour}" stroke-width="2"/>'
        )
    return out


def sides_svg(view: BoardView, centre: Any, cell: float) -> list[str]:
    """A square board's sides that belong to a player (``Game.edges``): a band
    of the player's colour behind the side's outer row of points or cells
    (TwixT's border rows), under everything else."""
    grid, out = view.grid, []
    for side, who in view.edges:
        across = {"south": (1, 0), "north": (1, grid.height - 1), "west": (0, 0), "east": (0, grid.width - 1)}
        if side not in across:
            continue
        along, at = across[side]  # the coordinate (0: file, 1: rank) that is the same along the side
        row = [sq for sq in range(grid.size) if grid.on_board[sq] and grid.coords(sq)[along] == at]
        if not row:
            continue
        xs, ys = zip(*(centre(sq) for sq in row), strict=True)
        half = cell * 0.45
        x0, y0, x1, y1 = min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
        out.append(
            f'<rect class="edge {side}" x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" '
            f"fill={quoteattr(view.colour_of(who))} fill-opacity=\"0.35\" stroke-width=\"0\"/>"
        )
    return out


def segments_svg(view: BoardView, centre: Any) -> list[str]:
    """Each line a position holds between two points (``Game.segments``), in
    its owner's colour (no one's: dark), under the pieces; the last move's are
    drawn as the others, the pieces it placed ringed."""
    out = []
    grid = view.grid
    for a, b, who in view.segments:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        colour = view.colour_of(who) if who is not None else "#2b1d10"
        owner = "" if who is None else f" data-owner={quoteattr(view.player_name(who))}"
        out.append(
            f'<line class="segment" data-segment="{grid.name(a)}-{grid.name(b)}"{owner} x1="{x1:g}" y1="{y1:g}" '
            f'x2="{x2:g}" y2="{y2:g}" stroke={quoteattr(colour)} stroke-width="6" stroke-linecap="round"/>'
        )
    return out
