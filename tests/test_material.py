"""A game won by having more declares ``material = True`` and its agents
search by each side's material (boardgames.rules.material): the men on the
board and in hand of Nine men's morris, the seeds each owns in Oware. No
evaluation of the game's own: it stays in the rules-only game (issue 41)."""

from __future__ import annotations

import math
import random

import pytest

import boardgames
from boardgames import Grid
from boardgames.agents.alphabeta import AlphaBetaAgent
from boardgames.agents.base import Budget
from boardgames.play.levels import levels
from boardgames.rules.material import STEEPNESS, amounts
from boardgames.testing.kit import rules_only
from helpers import example_plugin

morris_plugin = example_plugin("nine_mens_morris")
oware_plugin = example_plugin("oware")


def morris_position(game, white: str, black: str, placed=(9, 9), turn: int = 0):
    sq, mask = game.grid.parse_square, Grid.mask
    boards = (mask(sq(n) for n in white.split()), mask(sq(n) for n in black.split()))
    return type(game.start())(game=game, boards=boards, placed=placed, turn=turn)


@pytest.mark.parametrize("name", ["nine_mens_morris", "oware"])
def test_the_declaration_gives_an_evaluation_and_the_alpha_beta_ladder(name, morris_plugin, oware_plugin):
    bare = rules_only(boardgames.game_class(name))
    assert bare.material and bare.has_evaluation
    assert levels(bare)[-1].startswith("alphabeta")  # the default agent at the top level searches by it
    game = bare.configure()
    assert game.evaluate(game.start(), 0) == 0.0  # even material at the start


def test_morris_counts_the_men_on_the_board_and_in_hand(morris_plugin):
    game = rules_only(boardgames.game_class("nine_mens_morris")).configure()
    ahead = morris_position(game, "a7 d7 g7 a1 d1", "b6 d6 f6")  # moving: white 5 men, black 3
    assert amounts(ahead) == [5, 3]
    assert game.evaluate(ahead, 0) == pytest.approx(math.tanh(STEEPNESS * 2 / 8))
    assert game.evaluate(ahead, 1) == pytest.approx(-game.evaluate(ahead, 0))
    placing = morris_position(game, "a7 d7", "b6", placed=(2, 1))  # 7 and 8 still to place: 9 men each
    assert amounts(placing) == [9, 9] and game.evaluate(placing, 0) == 0.0
    taken = morris_position(game, "a7 d7 g7", "b6 d6", placed=(3, 3), turn=1)  # black lost a man to a mill
    assert amounts(taken) == [9, 8] and 0 < game.evaluate(taken, 0) < 0.99


def oware_board(module, pits, turn, stores=(0, 0)):
    seen = (bytes((*pits, *stores, turn)),)
    return module.OwareState(game=rules_only(module.Oware).configure(), turn=turn, pits=tuple(pits), stores=stores,
                             seen=seen)  # fmt: skip


def test_oware_counts_the_seeds_each_has_taken(oware_plugin):
    """A game that keeps score (Oware's scores: its stores) is valued by the score, not by the seeds
    on each row: sowing into the other row is no loss."""
    state = oware_board(oware_plugin, [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0], 1, stores=(6, 2))  # rows 24 and 16
    assert amounts(state) == [6, 2]
    assert state.game.evaluate(state, 0) == pytest.approx(math.tanh(STEEPNESS * 4 / 8))
    assert state.game.evaluate(state, 1) == pytest.approx(-state.game.evaluate(state, 0))


def test_alpha_beta_on_rules_alone_takes_the_capture(oware_plugin):
    m = oware_plugin
    # South: e1's one seed captures nothing; f1's three make twos and threes of north's first pits: 7 seeds.
    state = oware_board(m, [0, 0, 0, 0, 1, 3, 1, 2, 1, 4, 4, 4], 0)
    assert [state.format_move(x) for x in state.legal_moves] == ["e1", "f1"]
    for seed in range(3):
        move = AlphaBetaAgent().choose(state, Budget(depth=1), random.Random(seed))
        assert state.format_move(move) == "f1"
