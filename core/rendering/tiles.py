"""Counts drawn as tiles: a counted site of a game that declares
``Counted(tiles=True)`` (2048's tiles) is drawn as a numbered square tile,
warmer as the number doubles, and an empty site (0) as no tile at all, as
sliding-tile games show them, instead of a ring with a number."""

from __future__ import annotations

import math

#: The tiles' colours as the number doubles (2, 4, 8, ... then the last for all larger), pale to gold.
RAMP = (
    "#eee4da", "#ede0c8", "#f2b179", "#f59563", "#f67c5f", "#f65e3b",
    "#edcf72", "#edcc61", "#edc850", "#edc53f", "#edc22e", "#3c3a32",
)  # fmt: skip


def tile_colour(n: int) -> str:
    """The colour of a tile numbered ``n`` (> 0): one step along the ramp each time it doubles."""
    return RAMP[min(max(int(math.log2(n)) - 1, 0), len(RAMP) - 1)]


def tile_svg(cx: float, cy: float, cell: float, n: int, ink: str) -> list[str]:
    """A tile numbered ``n`` centred on (cx, cy), nearly a cell wide; nothing for 0."""
    if n <= 0:
        return []
    side, fill = cell * 0.88, tile_colour(n)
    light = fill in RAMP[:2]  # the palest tiles take dark figures, the others white
    size = (26, 26, 26, 22, 17, 14)[min(len(str(n)), 5)]
    return [
        f'<rect class="tile" x="{cx - side / 2:.2f}" y="{cy - side / 2:.2f}" width="{side:.2f}" height="{side:.2f}" '
        f'rx="{cell * 0.08:.2f}" fill="{fill}"/>',
        f'<text x="{cx:.2f}" y="{cy + size * 0.36:.2f}" text-anchor="middle" font-size="{size}" font-weight="bold" '
        f'fill="{ink if light else "#ffffff"}">{n}</text>',
    ]
