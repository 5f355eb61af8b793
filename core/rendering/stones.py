"""Counts drawn as stones: a counted site (``Game.counts``) whose game
declares ``Counted(stacked=N)`` is drawn as a tall cell holding up to N
stones in its owner's colour, stacked from the board's outer edge, the
number written on the last stone when there are more; under the stones a
point (a long triangle from the edge, alternating two colours) unless the
site is one of ``Counted.plain`` (Backgammon's bar and trays). The ranks of
the upper half stack down from the top edge, the others up from the bottom
edge, as checkers lie on a Backgammon board."""

from __future__ import annotations

from collections.abc import Callable

from ..rules.view import BoardView

Centre = Callable[[int], tuple[float, float]]  # a site's centre in the picture

#: A stone's diameter as a share of a cell's width, and the room past the last stone in a tall cell.
STONE, SPARE = 0.7, 0.75
#: The two colours points alternate in (Backgammon's dark and light points).
POINTS = ("#8e3b2e", "#d9c29a")
#: A plain site's shade (the bar, a tray): the board's wood, darker.
PLAIN = "#c9a877"


def stacked(view: BoardView) -> int:
    """How many stones a counted site shows before writing its number; 0: counts are written as numbers."""
    return view.counted.stacked if view.counted is not None else 0


def row_height(view: BoardView, cell: float) -> float:
    """A rank's height: a cell's width, or room for the stacked stones."""
    n = stacked(view)
    return cell if not n else cell * STONE * (n + SPARE)


def _from_top(view: BoardView, sq: int) -> bool:
    """Whether a site's stones hang from the top edge (the upper half's ranks)."""
    return 2 * view.grid.coords(sq)[1] >= view.grid.height


def _n(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def points_svg(view: BoardView, centre: Centre, cell: float) -> list[str]:
    """The points under the stones: a triangle on every cell but the plain ones, shaded instead."""
    grid, plain = view.grid, view.counted.plain if view.counted is not None else frozenset()
    height, out = row_height(view, cell), []
    for sq in range(grid.size):
        if not grid.on_board[sq]:
            continue
        cx, cy = centre(sq)
        if sq in plain:
            out.append(
                f'<rect class="plain-site" x="{_n(cx - cell / 2)}" y="{_n(cy - height / 2)}" width="{_n(cell)}" '
                f'height="{_n(height)}" fill="{PLAIN}" stroke="#5a4630" stroke-width="1.5"/>'
            )
            continue
        sign = 1 if _from_top(view, sq) else -1
        edge, tip = cy - sign * height / 2, cy + sign * height * 0.42
        colour = POINTS[sum(grid.coords(sq)) % 2]  # facing points differ, as on a board
        out.append(
            f'<polygon class="point-site" points="{_n(cx - cell / 2 + 2)},{_n(edge)} {_n(cx + cell / 2 - 2)},'
            f'{_n(edge)} {_n(cx)},{_n(tip)}" fill="{colour}"/>'
        )
    return out


def stones_svg(view: BoardView, centre: Centre, cell: float, sq: int, n: int, fill: str, ink: str) -> list[str]:
    """Site ``sq``'s ``n`` stones in ``fill``, the count in ``ink`` on the last when more than the stack shows."""
    shown, height, out = min(n, stacked(view)), row_height(view, cell), []
    cx, cy = centre(sq)
    sign = 1 if _from_top(view, sq) else -1
    d = cell * STONE
    for k in range(shown):
        y = cy - sign * (height / 2 - d * (k + 0.5) - 2)
        out.append(
            f'<circle class="stone" cx="{_n(cx)}" cy="{_n(y)}" r="{_n(d / 2 - 1)}" fill="{fill}" '
            f'stroke="#222222" stroke-width="1.5"/>'
        )
    if n > shown:
        y = cy - sign * (height / 2 - d * (shown - 0.5) - 2)
        out.append(
            f'<text x="{_n(cx)}" y="{_n(y + 6)}" text-anchor="middle" font-size="17" font-weight="bold" '
            f'fill="{ink}">{n}</text>'
        )
    return out


def inner_end(view: BoardView, centre: Centre, cell: float, sq: int) -> tuple[float, float]:
    """Where a tall cell ends toward the board's middle: the legal-move dot's place, clear of the stones."""
    cx, cy = centre(sq)
    sign = 1 if _from_top(view, sq) else -1
    return cx, cy + sign * (row_height(view, cell) / 2 - cell * 0.15)


def outline(view: BoardView, centre: Centre, cell: float, sq: int, attrs: str) -> str:
    """A tall cell's outline (the last move's, in ``attrs``' colour), just inside its border."""
    cx, cy = centre(sq)
    height = row_height(view, cell)
    return (
        f'<rect {attrs} x="{_n(cx - cell / 2 + 2)}" y="{_n(cy - height / 2 + 2)}" width="{_n(cell - 4)}" '
        f'height="{_n(height - 4)}" fill="none"/>'
    )
