"""A game won by n in a row declares ``in_a_row`` and its agents search by
each side's open lines (boardgames.rules.lines), as a connection game's by
its sides: no evaluation of the game's own, none in the rules-only game."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames.play.levels import levels
from boardgames.testing.kit import rules_only
from helpers import example_plugin

connect_four_plugin = example_plugin("connect_four")


def test_a_declared_line_length_gives_an_evaluation_and_the_alpha_beta_ladder(connect_four_plugin):
    cls = boardgames.game_class("connect_four")
    bare = rules_only(cls)
    assert bare.has_evaluation and levels(bare)[-1].startswith("alphabeta")
    game = bare.configure()
    state = game.replay("d1 a1 d2 a2".split())  # yellow: two in file d, open above; red: two in file a
    assert game.evaluate(state, 0) == pytest.approx(-game.evaluate(state, 1))
    better = game.replay("d1 a1 d2 a2 d3".split())  # yellow's three in a row, open
    assert game.evaluate(better, 0) > game.evaluate(state.play("c1"), 0) > 0
    blocked = game.replay("d1 d2 c1 c2 e1".split())  # red to move: yellow's open three c1-d1-e1 outweighs red's two
    assert -0.99 <= game.evaluate(blocked, 1) < 0


def test_alpha_beta_on_rules_alone_blocks_an_open_three(connect_four_plugin):
    from boardgames.agents.alphabeta import AlphaBetaAgent
    from boardgames.agents.base import Budget

    game = rules_only(boardgames.game_class("connect_four")).configure()
    state = game.replay("c1 c2 d1 d2".split())  # yellow threatens b1 and e1 at once after either
    move = AlphaBetaAgent().choose(state, Budget(iterations=2000), random.Random(1))
    assert state.format_move(move) in ("b1", "e1")  # yellow makes the open three and wins next
