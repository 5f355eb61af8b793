"""The Donuts state, and what the rules (:mod:`.rules`) and the agents'
helpers (:mod:`.strategy`) share: the constants, the insertion (D6), and the
part of the rules the helpers call, as a protocol (so neither module imports
the other)."""

from __future__ import annotations

from typing import Protocol

import attrs

from boardgames import BitboardState, Grid

DONUTS_EACH = 15  # D3
ROW = 5  # D7


def insertion_flips(axis_rays: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], mine: int, theirs: int) -> int:
    """D6: the opponent's donuts that flip when the mover's run along an axis
    (``mine`` already holds the placed donut) is bookended by two of them."""
    flips = 0
    for ray_a, ray_b in axis_rays:
        # The first square beyond the run each way (inlined: this is the hot path).
        for end_a in ray_a:
            if not mine >> end_a & 1:
                break
        else:
            continue
        if not theirs >> end_a & 1:
            continue
        for end_b in ray_b:
            if not mine >> end_b & 1:
                break
        else:
            continue
        if theirs >> end_b & 1:
            flips |= (1 << end_a) | (1 << end_b)
    return flips


@attrs.frozen(kw_only=True, slots=False)
class DonutsState(BitboardState):
    #: The square just played, which sets the next line (D4); -1 at the start.
    last: int = -1


class DonutsRules(Protocol):
    """What :mod:`.strategy` uses of :class:`~.rules.Donuts`."""

    grid: Grid

    def allowed(self, occupied: int, last: int) -> int: ...

    def allowed_squares(self, state: DonutsState) -> int: ...
