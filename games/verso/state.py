"""The Verso state, and what the rules (:mod:`.rules`) and the agents'
helpers (:mod:`.strategy`) share: the constants and the part of the rules the
helpers call, as a protocol (so neither module imports the other)."""

from __future__ import annotations

from typing import Protocol

import attrs

from boardgames import BitboardState, Grid

ROW = 5  # V5


@attrs.frozen(kw_only=True, slots=False)
class VersoState(BitboardState):
    #: Moving-phase turns played so far, passes included (V7's cap).
    moving_turns: int = 0
    #: Every moving-phase position so far, each as one number that packs the
    #: boards and the player to move (V7's repetition).
    seen: tuple[int, ...] = ()


class VersoRules(Protocol):
    """What :mod:`.strategy` uses of :class:`~.rules.Verso`."""

    grid: Grid

    def is_moving_phase(self, state: VersoState) -> bool: ...

    def prisons(self, mine: int, theirs: int, to: int) -> tuple[int, ...]: ...
