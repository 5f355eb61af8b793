"""Text rendering of any game's :class:`~boardgames.view.BoardView`.

One renderer for every game: cells are drawn as boxes of four characters
(``[C/]``: brackets, piece, the square's mark), points as pieces joined by
lines (``+---L---+``). The last move is bracketed ``[ ]`` (the rulebook's tip:
mark the last donut), what it flipped is in ``( )``, legal targets show ``*``,
and the line that won the game is in ``< >``.
Coordinates run along the edges, ``a1`` bottom-left. A hexagonal grid is
drawn in offset rows, each rank two characters (half a cell) right of the one
below, as its cells touch; a player's sides are named in the legend.

Two styles: plain ASCII (for pipes, files and ``NO_COLOR``), and Unicode with
colour for a terminal (``─ │ ╱ ╲`` lines, ``●``/``○`` pieces in the game's
colours, box-drawing points).
"""

from __future__ import annotations

import os
import string
from typing import IO

from .view import BoardView

ASCII_MARKS = {"-": "-", "|": "|", "/": "/", "\\": "\\"}
UNICODE_MARKS = {"-": "─", "|": "│", "/": "╱", "\\": "╲"}


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


def wants_unicode(stream: IO[str]) -> bool:
    """Unicode and colour on a terminal, unless NO_COLOR is set (no-color.org)."""
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def _ansi(text: str, hex_colour: str | None = None, bold: bool = False, dim: bool = False) -> str:
    codes = []
    if bold:
        codes.append("1")
    if dim:
        codes.append("2")
    if hex_colour:
        r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
        codes.append(f"38;2;{r};{g};{b}")
    return f"\x1b[{';'.join(codes)}m{text}\x1b[0m" if codes else text


def _point(file: int, rank: int, width: int, height: int) -> str:
    """The box-drawing character of an empty point: corners, edges, crossings."""
    top, bottom = rank == height - 1, rank == 0
    left, right = file == 0, file == width - 1
    rows = ("┌┬┐", "├┼┤", "└┴┘")
    row = rows[0] if top else rows[2] if bottom else rows[1]
    return row[0] if left else row[2] if right else row[1]


def render_text(view: BoardView, unicode: bool = False) -> str:
    grid = view.grid
    owner = dict(view.owners)
    mark = dict(view.marks)
    last, changed, targets = set(view.last), set(view.changed), set(view.targets)
    winning = set(view.winning)
    letters = glyphs(view.players)
    points = grid.kind == "points"
    paint = _ansi if unicode else (lambda text, *a, **k: text)
    colours = view.colours if unicode else ()

    def piece(sq: int, file: int, rank: int) -> str:
        if sq in owner:
            who = owner[sq]
            if unicode:
                return paint(view.symbols[who], colours[who] if colours else None, bold=True)
            return letters[who]
        if sq in targets:
            return paint("•", "#3cb371", bold=True) if unicode else "*"
        if points:
            return paint(_point(file, rank, grid.width, grid.height), dim=True) if unicode else "+"
        return paint("·", dim=True) if unicode else "."

    link = paint("─", dim=True) if unicode else "-"
    hexagonal = grid.basis == "hex"
    files = "   ".join(string.ascii_lowercase[f] for f in range(grid.width))
    lines = ["     " + (" " * 2 * (grid.height - 1) if hexagonal else "") + files]
    for rank in reversed(range(grid.height)):
        row = []
        for file in range(grid.width):
            sq = grid.index(file, rank)
            if not grid.on_board[sq]:
                row.append("    ")
                continue
            left, right = (
                ("<", ">") if sq in winning else ("[", "]") if sq in last else ("(", ")") if sq in changed else ("", "")
            )
            if unicode and left:
                left, right = paint(left, "#ffd700", bold=True), paint(right, "#ffd700", bold=True)
            if points:  # the brackets sit on the lines that join the points
                inner = file < grid.width - 1
                before = left or (link if file > 0 else " ")
                after = right or (link if inner else " ")
                row.append(f"{before}{piece(sq, file, rank)}{after}{link if inner else ' '}")
            else:
                left, right = left or " ", right or " "
                sign = mark.get(sq, " ")
                sign = paint(UNICODE_MARKS.get(sign, sign), "#e75480") if unicode else ASCII_MARKS.get(sign, sign)
                row.append(f"{left}{piece(sq, file, rank)}{sign}{right}")
        indent = " " * 2 * rank if hexagonal else ""
        lines.append(f"{rank + 1:>3} {indent}{''.join(row)}  {rank + 1}")
        if points and rank > 0:
            bar = paint("│", dim=True) if unicode else "|"
            lines.append("     " + "   ".join(bar for _ in range(grid.width)))
    lines.append("     " + files)
    if unicode:
        legend = "  ".join(
            f"{paint(view.symbols[i], colours[i] if colours else None, bold=True)} {name}"
            for i, name in enumerate(view.players)
        )
    else:
        legend = "  ".join(f"{g} {name}" for g, name in zip(letters, view.players, strict=True))
    target = paint("•", "#3cb371", bold=True) if unicode else "*"
    won = "  < > winning line" if winning else ""
    lines.append(f"     {legend}   [ ] last move  ( ) flipped  {target} legal{won}")
    sides = _sides(view, grid.width, grid.height)
    if sides:
        lines.append(f"     {sides}")
    return "\n".join(text.rstrip() for text in lines)


def _sides(view: BoardView, width: int, height: int) -> str:
    """``red joins ranks 1 and 11; blue joins files a and k``: the sides of ``view.edges``."""
    names = {
        "south": "rank 1",
        "north": f"rank {height}",
        "west": "file a",
        "east": f"file {string.ascii_lowercase[width - 1]}",
    }
    owned: dict[int, list[str]] = {}
    for side, who in sorted(view.edges, key=lambda edge: list(names).index(edge[0]) if edge[0] in names else 4):
        if side in names and who < len(view.players):
            owned.setdefault(who, []).append(names[side])
    return "; ".join(f"{view.players[who]} joins {' and '.join(sides)}" for who, sides in sorted(owned.items()))
