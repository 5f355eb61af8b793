"""The mechanics of Donuts that the rules and the fast playout share."""

from __future__ import annotations

DONUTS_EACH = 15  # D3
ROW = 5  # D7


def insertion_flips(axis_rays: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], mine: int, theirs: int) -> int:
    """D6: the opponent's donuts that flip when the mover's run along an axis
    (``mine`` already holds the placed donut) is bookended by two of them."""
    flips = 0
    for ray_a, ray_b in axis_rays:
        end_a = _beyond_run(ray_a, mine)
        if end_a < 0 or not theirs >> end_a & 1:
            continue
        end_b = _beyond_run(ray_b, mine)
        if end_b >= 0 and theirs >> end_b & 1:
            flips |= (1 << end_a) | (1 << end_b)
    return flips


def _beyond_run(ray: tuple[int, ...], mine: int) -> int:
    """The first square along ``ray`` that is not the mover's, -1 past the edge."""
    for sq in ray:
        if not mine >> sq & 1:
            return sq
    return -1
