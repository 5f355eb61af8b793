"""Donnant Donnant's rules (issue 40), cited by RULINGS ids DD1-DD14."""

from __future__ import annotations

import random

import pytest

from boardgames import Move
from boardgames.games.donnant import Donnant
from boardgames.rules.chance import draw


def random_game(players: int, seed: int, **options: object):
    game = Donnant.configure({"players": players, **options}, seed=seed)
    state, rng = game.start(), random.Random(seed)
    while not state.is_over:
        move: Move = draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves)
        state = state.play_unchecked(move)
        assert len(state.history) <= game.max_length
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end(players: int) -> None:
    """DD12, DD14: seeded random games at 1-4 players run to an end with a result."""
    for seed in range(50):
        state = random_game(players, seed)
        assert len(state.places) == players
        assert len(state.returns()) == players
