"""What agents know of Donuts beyond its rules: the heuristic playouts'
policy and an evaluation. Both work on the masks directly: they run at every
step of a playout and every node of a search. The rules themselves, which
the playouts follow, are only in :mod:`.rules`."""

from __future__ import annotations

import math

from boardgames.geometry import bits

from .state import DONUTS_EACH, ROW, DonutsRules, DonutsState, insertion_flips


def preferred(game: DonutsRules, allowed: int, mine: int, theirs: int) -> int:
    """The squares of ``allowed`` a sensible player picks from, the heuristic
    playouts' policy: a square that makes five if the line allows one; else
    those that do not hand the opponent a line (D4) holding a square where it
    makes five; else any."""
    grid = game.grid
    occupied = mine | theirs
    empty = grid.full & ~occupied
    winning = grid.completing(mine, empty, ROW) & allowed
    if winning:
        return winning
    threats = grid.completing(theirs, empty, ROW)
    if not threats:
        return allowed
    safe = 0
    for sq in bits(allowed):
        if not game.allowed(occupied | 1 << sq, sq) & threats:  # the squares handed on (D4, D5)
            safe |= 1 << sq
    return safe or allowed


def features(game: DonutsRules, state: DonutsState) -> list[float]:
    """What the evaluation weighs, for the player to move ("mine") against
    the other (:data:`WEIGHTS` lists them): whether the mover can make five
    on the line it was handed, and the most donuts a move there flips; the
    squares where each side would make five; the share of the mover's
    squares that do not hand the opponent a line holding such a square (D4;
    none left and no five of its own: lost at once); the larger group as the
    board fills (D8); how many squares the mover may choose from, whether it
    was handed no line at all (D5), and the fewest squares it can hand the
    opponent (a short line forces the reply)."""
    grid = game.grid
    me = state.turn
    mine, theirs = state.boards[me], state.boards[1 - me]
    occupied = mine | theirs
    empty = grid.full & ~occupied
    allowed = game.allowed_squares(state)
    my_fives = grid.completing(mine, empty, ROW)
    their_fives = grid.completing(theirs, empty, ROW)
    axis_rays, handed_on = grid.axis_rays, game.allowed
    best_flips = safe = moves = 0
    fewest = grid.size
    for sq in bits(allowed):
        moves += 1
        flips = insertion_flips(axis_rays[sq], mine | 1 << sq, theirs).bit_count()
        if flips > best_flips:
            best_flips = flips
        handed = handed_on(occupied | 1 << sq, sq)  # the squares the reply may take (D4, D5)
        if not handed & their_fives:
            safe += 1
        count = handed.bit_count()
        if count < fewest:
            fewest = count
    if not moves:  # a full board: no move, nothing handed
        return [0.0] * len(WEIGHTS)
    fill = (state.placed[0] + state.placed[1]) / (2 * DONUTS_EACH)
    return [
        float(bool(my_fives & allowed)),
        float(best_flips),
        float(my_fives.bit_count()),
        float(their_fives.bit_count()),
        safe / moves,
        fill * (grid.largest_group(mine) - grid.largest_group(theirs)),
        float(moves),
        float(allowed == empty),
        float(fewest),
    ]


#: The evaluation's weights, one per feature of :func:`features`, and its
#: bias: a logistic model of the mover's chance to win, fitted by
#: ``benchmarks/experiments/fit_evaluation.py`` to positions the prover
#: labelled (docs/strength.md).
WEIGHTS = (
    ("five on my line", 3.8144),
    ("best flips", 0.2606),
    ("my fives", 0.0324),
    ("their fives", -0.1271),
    ("safe share", 0.7898),
    ("groups", 0.3253),
    ("moves", 0.2797),
    ("free", -3.0438),
    ("fewest handed", -0.4061),
)
BIAS = -0.0817


def evaluate(game: DonutsRules, state: DonutsState, player: int) -> float:
    """How good ``state`` is for ``player``, in (-1, 1): the mover's chance
    to win by the fitted model (:data:`WEIGHTS`), as 2p - 1."""
    z = BIAS + sum(w * f for (_, w), f in zip(WEIGHTS, features(game, state), strict=True))
    value = math.tanh(z / 2)  # 2 * sigmoid(z) - 1
    return value if player == state.turn else -value
