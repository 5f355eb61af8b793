"""Thousands of seeded random Donnant Donnant games (issue 40) at 1-4 players, solo at every level,
each run to its end, its scores recounted here from the final tableaux alone (DD11) and its places
checked against the tie-break (DD13) and solo's target (DD14).

The recount is this file's own, written from the rulings' words over the raw tableau (25 places,
column * 5 + row): it shares no code with games/donnant/scoring.py, which the game scores with.
"""

from __future__ import annotations

import itertools
import random

import pytest

from boardgames.games.donnant import Donnant
from boardgames.games.donnant.cards import COLOURS
from boardgames.games.donnant.state import LEVELS
from boardgames.rules.chance import draw

#: Games a player count: 1,000 each (solo's spread over its seven levels), in chunks the workers share.
GAMES, CHUNKS = 1000, 4
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))


def recount(game: Donnant, tableau: tuple) -> tuple[int, int]:
    """The tableau's points (DD11, the best colours for completed paint cards, DD10) and empty boxes (DD13)."""
    cards = {divmod(i, 5): slot for i, slot in enumerate(tableau) if slot is not None}
    data = {place: game.card_of[slot[0]] for place, slot in cards.items()}
    done = {place: None not in slot[1] for place, slot in cards.items()}
    is_paint = {place: not card.scoring and card.effect.kind == "paint" for place, card in data.items()}
    painted = [place for place in cards if is_paint[place] and done[place]]
    lines = [
        line
        for x, y in cards
        for line in (((x, y), (x + 1, y), (x + 2, y)), ((x, y), (x, y + 1), (x, y + 2)))
        if all(place in cards for place in line)
    ]
    bonus_kinds = len({card.effect.kind for place, card in data.items() if not card.scoring and done[place]})
    best = 0
    for choice in itertools.product(COLOURS, repeat=len(painted)):
        colour = {place: None if is_paint[place] else card.colour for place, card in data.items()}
        colour.update(zip(painted, choice, strict=True))
        total = 0
        for (x, y), card in data.items():
            if not card.scoring or not done[(x, y)]:
                continue
            kind, named = card.effect.kind, card.effect.colour
            around = [(x + dx, y + dy) for dx, dy in ORTHOGONAL if (x + dx, y + dy) in cards]
            count = {
                "neighbours": sum(done[p] for p in around),
                "colour": sum(c == named for c in colour.values()),
                "neighbour_colour": sum(colour[p] == named for p in around),
                "lines": sum(all(done[p] for p in line) for line in lines),
                "set": int(all(c in colour.values() for c in COLOURS)),
                "mono_lines": sum(colour[a] is not None and colour[a] == colour[b] == colour[c] for a, b, c in lines),
                "bonuses": bonus_kinds,
            }[kind]
            total += card.effect.points * count
        best = max(best, total)
    empty = sum(value is None for slot in cards.values() for value in slot[1])
    return best, empty


def play_out(players: int, seed: int):
    options = {"players": players} | ({"level": 1 + seed % 7} if players == 1 else {})
    game = Donnant.configure(options, seed=seed)
    state, rng = game.start(), random.Random(seed)
    while not state.is_over:
        state = state.play_unchecked(
            draw(state.chance_outcomes(), rng) if state.is_chance else rng.choice(state.legal_moves)
        )
        assert len(state.history) <= game.max_length
    return state


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_games_end_with_scores_the_tableaux_make(players: int, chunk: int) -> None:
    """DD11-DD14: every game ends; its scores are the recount's; places follow the totals, then fewer
    empty boxes, ties shared; solo is won exactly when the level's target is reached within its turns."""
    for seed in range(chunk, GAMES, CHUNKS):
        state = play_out(players, seed)
        game, outcome = state.game, state.outcome
        counted = [recount(game, tableau) for tableau in state.tableaux]
        assert outcome.scores == tuple(float(points) for points, _ in counted), f"seed {seed}"
        if players == 1:
            turns, target = LEVELS[game.options["level"]]
            assert state.removed <= turns and (outcome.winner == 0) == (counted[0][0] >= target), f"seed {seed}"
            assert state.returns() == ((1.0,) if outcome.winner == 0 else (-1.0,))
            continue
        keys = [(points, -empty) for points, empty in counted]
        assert state.places == tuple(1 + sum(other > key for other in keys) for key in keys), f"seed {seed}"
        firsts = [p for p, place in enumerate(state.places) if place == 1]
        assert outcome.winner == (firsts[0] if len(firsts) == 1 else None), f"seed {seed}"
