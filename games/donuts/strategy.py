"""What agents need from Donuts: a fast playout on bit masks and an evaluation.

Both work on the masks directly instead of building a state per move: this is
the hot path of every agent. The playout applies exactly the rules of
:mod:`.rules` (both use :mod:`.state` and the same tables), which the
tests check by replaying what it played through the public API.
"""

from __future__ import annotations

import math
import random

from boardgames.geometry import bits, random_bit

from .state import DONUTS_EACH, ROW, DonutsRules, DonutsState, insertion_flips


def playout(
    game: DonutsRules, state: DonutsState, rng: random.Random, policy: str, trace: list[int] | None = None
) -> int | None:
    """Play to the end from ``state``; the winner's index or None.

    ``heuristic``: take a square that makes five if the line allows one; else
    avoid handing the opponent a line (D4) that holds a square where it makes
    five; else at random. ``trace`` collects the squares played, for tests.
    """
    grid = game.grid
    full, lines, axis_rays = grid.full, game.line_masks, grid.axis_rays
    through = grid.windows_through(ROW)
    heuristic = policy == "heuristic"
    boards = list(state.boards)
    me, last = state.turn, state.last
    placed = state.placed[0] + state.placed[1]
    while True:
        empty = full & ~(boards[0] | boards[1])
        allowed = empty
        if last >= 0 and lines[last] & empty:
            allowed = lines[last] & empty
        if heuristic:
            allowed = _preferred(game, allowed, empty, boards[me], boards[1 - me])
        sq = random_bit(allowed, rng)
        if trace is not None:
            trace.append(sq)
        bit = 1 << sq
        mine = boards[me] | bit
        flips = insertion_flips(axis_rays[sq], mine, boards[1 - me])
        mine |= flips
        boards[me] = mine
        boards[1 - me] &= ~flips
        for changed in bits(bit | flips):
            for w in through[changed]:
                if mine & w == w:
                    return me
        placed += 1
        if placed == 2 * DONUTS_EACH:
            return game.full_board_outcome((boards[0], boards[1])).winner_index
        last, me = sq, 1 - me


def _preferred(game: DonutsRules, allowed: int, empty: int, mine: int, theirs: int) -> int:
    """The squares of ``allowed`` a sensible player picks from (see :func:`playout`)."""
    grid, lines = game.grid, game.line_masks
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
