"""The Lines of Action example package (examples/loa), written from the
tutorial by an engineer new to it, with rules only: the conformance kit,
agreement with OpenSpiel's ``lines_of_action`` move for move (legal moves,
captures, repetition draws, the winner), its groups joined through corners
(``Grid.group(..., diagonal=True)``) and the search the framework picks for
it on rules alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.agents.cutoff import probe
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel

#: Seeded random games compared with OpenSpiel (random play: about 200 moves each).
AGREEMENT_GAMES = 40


@pytest.fixture(scope="module")
def loa_plugin() -> Iterator[None]:
    with plugin(load_example("loa"), "loa-under-test"):
        yield


def loa() -> Any:
    return boardgames.game_class("loa").configure()


def test_loa_keeps_the_contract(check_game, loa_plugin):
    check_game("loa", games=4)


def test_loa_plays_as_openspiels_move_for_move(loa_plugin):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("lines_of_action"), loa()
    endings: dict[str, int] = {}
    for seed in range(AGREEMENT_GAMES):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, (seed, ours.describe())
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}  # c1xa3: a capture
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            assert set(mine) == {label.replace("x", "-") for label in labels}, (seed, ours.describe())
            label = rng.choice(sorted(labels))
            move = mine[label.replace("x", "-")]
            assert ("x" in label) == bool(ours.boards[1 - ours.turn] >> move.to & 1)
            ours, _ = ours.play(move), theirs.apply_action(labels[label])
        assert theirs.is_terminal(), seed
        winner = ours.outcome.winner_index
        assert theirs.returns() == ([0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)])
        ending = "draw" if winner is None else "win"
        endings[ending] = endings.get(ending, 0) + 1
    assert endings.get("win") and endings.get("draw"), endings  # random play ends both ways (draws by repetition)


def test_a_diagonal_chain_joins_and_mcts_counts_mobility_in_moves(loa_plugin):
    game = loa()
    sq = game.grid.parse_square
    assert game.joined(game.grid.mask([sq("a6"), sq("b5"), sq("c4")]))  # corners join, as OpenSpiel's groups do
    assert not game.joined(game.grid.mask([sq("a6"), sq("c4")]))
    assert probe(game) == (True, False)  # mobility tells the sides apart; pieces are taken: counted in moves
