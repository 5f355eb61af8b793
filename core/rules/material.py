"""The evaluation of a game won by having more than the other: men left in
Nine men's morris, seeds in Oware or Kalah, worked out from one declaration
(:attr:`Game.material`), as a line game's comes from its ``in_a_row``.

Each player's material is what the game already says is theirs: their
running score where the game keeps one (``Game.scores``: Oware's seeds
captured), else the pieces they own on the board (``owners``), those still
in their hand (``state.in_hand()``), and the counts on sites they own
(``counts``: a store, a row of pits). The value is the player's share less the opponent's,
on a tanh scale: the classic material balance of game programs.
"""

from __future__ import annotations

import math
from typing import Any

from .counts import checked_counts

#: How steeply the value follows the balance: a lead of a tenth of all the material is worth about 0.3.
STEEPNESS = 3.0


def amounts(state: Any) -> list[float]:
    """Each player's material in ``state`` (player index order): their running score where the game
    keeps one (``Game.scores``: Oware's seeds captured), else what they own."""
    game = state.game
    kept = tuple(game.scores(state))
    if len(kept) == len(game.player_names):  # won on the score: what is on the board is not yet anyone's
        return [float(s) for s in kept]
    out = [0.0] * len(game.player_names)
    for owner in state.owners().values():
        if 0 <= owner < len(out):
            out[owner] += 1
    for p, n in enumerate(state.in_hand()[: len(out)]):
        out[p] += n
    if game.counted is not None:
        for _, n, owner in checked_counts(game, state):
            if owner is not None:
                out[owner] += n
    return out


def evaluation(state: Any, player: int) -> float:
    """How good ``state`` is for ``player`` (of two), -1 to 1, by each side's material."""
    mine, theirs = (amounts(state)[p] for p in (player, 1 - player))
    if mine + theirs == 0:
        return 0.0
    return max(-0.99, min(0.99, math.tanh(STEEPNESS * (mine - theirs) / (mine + theirs))))
