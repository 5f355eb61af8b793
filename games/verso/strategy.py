"""What agents need from Verso: a fast playout on bit masks and an evaluation.

The playout applies the rules of :mod:`.rules` on the masks directly (the
same tables, the same :meth:`Verso.prisons`), choosing flips at random where
the mover has a choice. One simplification, as is usual for playouts: it does
not track repeated positions (V7); the moving-phase cap still ends every
playout.
"""

from __future__ import annotations

import math
import random

from boardgames.geometry import bits, random_bit
from boardgames.moves import PASS, Move

from .state import ROW, VersoRules, VersoState


def playout(
    game: VersoRules,
    state: VersoState,
    rng: random.Random,
    policy: str,
    trace: list[Move] | None = None,
) -> int | None:
    """Play to the end from ``state``; the winner's index or None (a draw).

    ``heuristic``: place or step where five is made, else (placing) block the
    opponent's five, else at random. ``trace`` collects the moves played.
    """
    grid = game.grid
    full, neighbours, spread = grid.full, grid.neighbours, grid.spread
    through = grid.windows_through(ROW)
    heuristic = policy == "heuristic"
    total, cap = 2 * game.each, game.options["max_moves"]
    boards = list(state.boards)
    me = state.turn
    placed, turns = sum(state.placed), state.moving_turns
    while True:
        mine, theirs = boards[me], boards[1 - me]
        empty = full & ~(mine | theirs)
        origin = -1
        if placed < total:
            targets = empty
            if heuristic:
                targets = (grid.completing(mine, empty, ROW) or grid.completing(theirs, empty, ROW) or empty) & empty
            to = random_bit(targets, rng)
        else:
            movable = mine & spread(empty)
            if not movable:
                if not theirs & spread(empty):
                    return None  # V7: neither player can move
                turns += 1  # V7: a pass
                if trace is not None:
                    trace.append(PASS)
                if turns >= cap:
                    return None
                me = 1 - me
                continue
            to = -1
            if heuristic:
                for win in bits(grid.completing(mine, empty, ROW)):
                    steppers = [n for n in neighbours[win] if mine >> n & 1]
                    if steppers:
                        origin, to = steppers[rng.randrange(len(steppers))], win
                        break
            if to < 0:
                origin = random_bit(movable, rng)
                steps = [n for n in neighbours[origin] if empty >> n & 1]
                to = steps[rng.randrange(len(steps))]
            mine &= ~(1 << origin)
        mine |= 1 << to
        flips = 0
        for run in game.prisons(mine, theirs, to):
            flips |= 1 << (run[0] if game.adjacent_only else run[rng.randrange(len(run))])
        if trace is not None:
            trace.append(Move(origin, to, tuple(bits(flips))))
        mine |= flips
        boards[me], boards[1 - me] = mine, theirs & ~flips
        for changed in bits(1 << to | flips):
            for w in through[changed]:
                if mine & w == w:
                    return me
        if placed < total:
            placed += 1
        else:
            turns += 1
            if turns >= cap:
                return None
        me = 1 - me


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
    for to in bits(arrivals):
        best = max(best, len(game.prisons(boards[mover] | 1 << to, boards[1 - mover], to)))
    score += (1.0 if mover == player else -1.0) * 30 * best
    return math.tanh(score / 300)
