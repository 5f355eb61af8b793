"""Chance: positions where a roll, a shuffle or a draw decides, not a player.

A game says a position is chance's by setting its turn to :data:`CHANCE`
and answers :meth:`Game.chance_outcomes` there: each outcome a move made by
:func:`outcome` with its probability, as OpenSpiel's chance nodes do. The
outcome is then a move like any other: it is in the history, records keep it,
``show --moves "roll:3"`` plays it, and a match draws it from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .moves import Move

#: The turn of a position where chance decides (OpenSpiel's kChancePlayerId).
CHANCE = -1
#: The ``origin`` of a chance outcome's move: no square, no player.
CHANCE_ORIGIN = -2
#: The ``origin`` of a move a player may not see (shown as ``?``).
HIDDEN_ORIGIN = -3
#: A move its viewer did not see: what a history shows in its place.
HIDDEN = Move(HIDDEN_ORIGIN, -1)

Outcomes = tuple[tuple[Move, float], ...]


def outcome(k: int) -> Move:
    """The ``k``-th outcome of a chance event (a die showing ``k``, the
    ``k``-th card): the game gives its meaning and its probability."""
    if not isinstance(k, int) or isinstance(k, bool) or k < 0:
        raise ValueError(f"a chance outcome is a whole number from 0, got {k!r}")
    return Move(CHANCE_ORIGIN, k)


def is_outcome(move: Move) -> bool:
    return move.origin == CHANCE_ORIGIN


def uniform(values: Sequence[int]) -> Outcomes:
    """Equally likely outcomes (a fair die: ``uniform(range(1, 7))``)."""
    share = 1.0 / len(values)
    return tuple((outcome(v), share) for v in values)


def draw(outcomes: Outcomes, rng: random.Random) -> Move:
    """One outcome, drawn with its probability by one call of ``rng.random()``."""
    x = rng.random() * sum(p for _, p in outcomes)
    for move, p in outcomes:
        x -= p
        if x < 0:
            return move
    return outcomes[-1][0]


def chance_rng(seed: int | None, ply: int) -> random.Random:
    """Where a match draws the chance event at ``ply`` (the moves before it):
    the same seed gives the same dice at the same point whatever the agents
    or the number of workers do, and a record's outcomes can be checked."""
    return random.Random(f"{seed}/chance/{ply}")


def not_due(shown: str, where: str, to_move: str | None) -> str:
    """The error line for an outcome typed where a player moves."""
    return f"{shown} is a chance outcome, but no chance event is due in {where} ({to_move} to move)"


#: The most outcomes an error line lists (a roll of five dice has 7,776).
LISTED = 12


def not_an_outcome(shown: str, where: str, outcomes: Sequence[str]) -> str:
    """The error line for a move that is not one of the chance event's
    outcomes, naming them (the first :data:`LISTED` where there are more)."""
    named = ", ".join(outcomes[:LISTED])
    if len(outcomes) > LISTED:
        named = f"{len(outcomes):,} outcomes: {named}, …"
    return f"{shown} is not an outcome of the chance event due in {where} (one of {named})"
