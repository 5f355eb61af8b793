"""Our game and OpenSpiel's played side by side, move for move: the tool of
every example's agreement test. At each step both must offer the same moves
(by OpenSpiel's labels), name the same player to move, and at the end give the
same returns."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import boardgames


def single_actions(theirs: Any) -> dict[str, tuple[int, ...]]:
    """OpenSpiel's moves where each is one action: its label and the action."""
    return {theirs.action_to_string(a): (a,) for a in theirs.legal_actions()}


def lockstep(
    game: boardgames.Game,
    spiel: Any,
    label: Callable[[boardgames.State, boardgames.Move], str],
    games: int,
    *,
    their_moves: Callable[[Any], dict[str, tuple[int, ...]]] = single_actions,
    stop: Callable[[boardgames.State], bool] | None = None,
    plies: int | None = None,
) -> int:
    """Play ``games`` seeded random games of ``game`` and the pyspiel game
    ``spiel`` together, our move ``m`` in state ``s`` being OpenSpiel's
    ``label(s, m)`` (a move of several of its actions where ``their_moves``
    says so), each to its end or to ``plies`` moves. Fails at the first
    difference, naming the seed and our position; returns the number of steps
    compared. A game is left where ``stop`` says (a position OpenSpiel cannot
    play on: Quoridor's forced pass), uncompared."""
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over and (plies is None or len(ours.history) < plies):
            if stop is not None and stop(ours):
                break
            mine = {label(ours, m): m for m in ours.legal_moves}
            offered = their_moves(theirs)
            assert set(mine) == set(offered), (seed, sorted(set(mine) ^ set(offered)), ours.describe())
            assert theirs.current_player() == ours.turn, (seed, ours.describe())
            chosen = rng.choice(sorted(mine))
            ours = ours.play(mine[chosen])
            for action in offered[chosen]:
                theirs.apply_action(action)
            steps += 1
        if not ours.is_over:  # left at plies moves (OpenSpiel's not over either), or where stop says
            assert (stop is not None and stop(ours)) or not theirs.is_terminal(), (seed, ours.describe())
            continue
        assert theirs.is_terminal(), (seed, ours.describe())
        assert tuple(theirs.returns()) == tuple(ours.returns()), (seed, theirs.returns(), ours.returns())
    return steps
