"""The evaluation of a game won by an unbroken line of n pieces (Gomoku,
Connect Four, Pentago, tic-tac-toe), worked out from the declared n alone
(:attr:`Game.in_a_row`), as a connection game's comes from its sides.

Each window of n squares in a row (along a rank, a file or a diagonal) that
holds no piece of the opponent's and none neutral is a line the player may
still complete; the fuller it is, the more it counts, four times as much for
each piece more. The value is the player's count less the opponent's, on a
tanh scale: the classic open-lines heuristic of n-in-a-row programs.
"""

from __future__ import annotations

import math
from typing import Any

from .connection import masks


def evaluation(state: Any, player: int) -> float:
    """How good ``state`` is for ``player`` (of two), -1 to 1, by the open lines of each."""
    game = state.game
    n, grid = game.in_a_row, game.grid
    boards, walls = masks(state)
    mine, theirs = boards[player], boards[1 - player]
    ours, others = grid.open_windows(mine, theirs | walls, n), grid.open_windows(theirs, mine | walls, n)
    score = sum(4 ** (k - 1) * (ours[k] - others[k]) for k in range(1, n))
    return max(-0.99, min(0.99, math.tanh(score / (7 * 4 ** max(n - 2, 0)))))
