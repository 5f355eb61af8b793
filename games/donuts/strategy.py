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
    grid, lines = game.grid, game.line_masks
    empty = grid.full & ~(mine | theirs)
    winning = grid.completing(mine, empty, ROW) & allowed
    if winning:
        return winning
    threats = grid.completing(theirs, empty, ROW)
    if not threats:
        return allowed
    safe = 0
    for sq in bits(allowed):
        left = empty & ~(1 << sq)
        handed = lines[sq] & left or left  # D5: a full line hands over every square
        if not handed & threats:
            safe |= 1 << sq
    return safe or allowed


# Weights of a window of five holding k of a player's donuts and none of the other's.
LINE_WEIGHTS = (0, 1, 4, 16, 64, 0)


def evaluate(game: DonutsRules, state: DonutsState, player: int) -> float:
    """How good ``state`` is for ``player``, in (-1, 1).

    Open lines (windows of five with k of a player's donuts and none of the
    other's), the line handed to the player to move (a square there that makes
    five or flips donuts), and the groups that decide a full board (D8),
    weighted by how full the board is.
    """
    grid = game.grid
    boards = state.boards
    other = 1 - player
    empty = grid.full & ~(boards[0] | boards[1])
    score = 0.0
    for who, sign in ((player, 1.0), (other, -1.0)):
        counts = grid.open_windows(boards[who], boards[1 - who], ROW)
        score += sign * sum(w * c for w, c in zip(LINE_WEIGHTS, counts, strict=True))
    # The player to move chooses among the squares of the line it was handed.
    mover = state.turn
    allowed = game.allowed_squares(state)
    sign = 1.0 if mover == player else -1.0
    if grid.completing(boards[mover], empty, ROW) & allowed:
        score += sign * 400
    best_flips = 0
    for sq in bits(allowed):
        flips = insertion_flips(grid.axis_rays[sq], boards[mover] | 1 << sq, boards[1 - mover])
        best_flips = max(best_flips, flips.bit_count())
    score += sign * 12 * best_flips
    # D8: the larger group matters more as the board fills.
    fill = (state.placed[0] + state.placed[1]) / (2 * DONUTS_EACH)
    score += 20 * fill * (grid.largest_group(boards[player]) - grid.largest_group(boards[other]))
    return math.tanh(score / 300)
