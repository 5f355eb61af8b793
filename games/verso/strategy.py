"""What agents know of Verso beyond its rules: the heuristic playouts'
policy and an evaluation, on the masks directly. The rules themselves, which
the playouts follow, are only in :mod:`.rules`."""

from __future__ import annotations

import math
import random

from boardgames.geometry import bits

from .state import ROW, VersoRules, VersoState


def preferred_points(game: VersoRules, empty: int, mine: int, theirs: int) -> int:
    """Where a heuristic playout places: a point that makes five, else one
    that blocks the opponent's five, else any empty point."""
    grid = game.grid
    return (grid.completing(mine, empty, ROW) or grid.completing(theirs, empty, ROW) or empty) & empty


def winning_step(game: VersoRules, empty: int, mine: int, rng: random.Random) -> tuple[int, int] | None:
    """A step (origin, to) onto a point that makes five, if a piece stands
    next to one; a heuristic playout takes it."""
    grid = game.grid
    for win in bits(grid.completing(mine, empty, ROW)):
        steppers = bits(grid.beside[win] & mine)
        if steppers:
            return steppers[rng.randrange(len(steppers))], win
    return None


LINE_WEIGHTS = (0, 1, 4, 16, 64, 0)


def evaluate(game: VersoRules, state: VersoState, player: int) -> float:
    """How good ``state`` is for ``player``, in (-1, 1).

    Material (flips change it for good), open lines (windows of five with k of
    a player's pieces and none of the other's), the prisoners the player to
    move can take next (and so the other's pieces at risk) and, in the moving
    phase, mobility.
    """
    grid = game.grid
    boards = state.boards
    other = 1 - player
    empty = grid.full & ~(boards[0] | boards[1])
    moving = game.is_moving_phase(state)
    score = 40.0 * (boards[player].bit_count() - boards[other].bit_count())
    for who, sign in ((player, 1.0), (other, -1.0)):
        counts = grid.open_windows(boards[who], boards[1 - who], ROW)
        score += sign * sum(w * c for w, c in zip(LINE_WEIGHTS, counts, strict=True))
        if moving:
            score += sign * 3 * (boards[who] & grid.spread(empty)).bit_count()
    # Prisoners at risk: the most the player to move can flip with one arrival.
    mover = state.turn
    arrivals = grid.spread(boards[mover]) & empty if moving else empty
    best = 0
    for to in bits(arrivals & grid.bracketing(boards[mover], boards[1 - mover])):
        best = max(best, len(game.prisons(boards[mover], boards[1 - mover], to)))
    score += (1.0 if mover == player else -1.0) * 30 * best
    return math.tanh(score / 300)
