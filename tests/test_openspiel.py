"""Every game as an OpenSpiel game: OpenSpiel's random simulation checks (as
its own Python games are tested), its MCTSBot playing whole games of Donuts
and Verso through the adapter, and the project's notation for actions."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the extra 'openspiel' (pip install -e '.[openspiel]') is missing")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402

import boardgames  # noqa: E402
from boardgames.interop.openspiel import load  # noqa: E402
from boardgames.learning.observation import plane_names  # noqa: E402
from boardgames.testing import plugin  # noqa: E402
from helpers import load_othello  # noqa: E402

SMALL_VERSO = {"size": 5, "pieces": 4, "max_moves": 30}


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("donuts", {"seed": 3}),
        ("verso", SMALL_VERSO),
        ("verso", {**SMALL_VERSO, "flip": "adjacent"}),
    ],
)
def test_openspiel_random_simulation_checks_pass(name, options):
    pyspiel.random_sim_test(load(name, **options), num_sims=4, serialize=True, verbose=False)


def test_openspiel_random_simulation_checks_pass_on_a_plugin_game():
    # Not serialized: the example is loaded from its file under a made-up module name, which pickle
    # cannot import again (an installed plugin can; the games above are pickled and read back).
    with plugin(load_othello(), "othello-under-test"):
        pyspiel.random_sim_test(load("othello"), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "options"), [("donuts", {"seed": 5}), ("verso", SMALL_VERSO)])
def test_openspiel_mcts_bot_plays_whole_games(name, options):
    game = load(name, **options)
    rng = np.random.RandomState(7)
    bots = [mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
        moves += 1
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.position.is_over and len(state.position.history) <= moves


def test_actions_speak_the_projects_notation_and_options_reach_the_game():
    game = load("verso", size=7, flip="adjacent")
    assert game.num_distinct_actions() == 7 * 7 + 2
    assert game.get_type().short_name == "boardgames_verso"
    # Verso declares no marks: no planes of them (Donuts' four lines were on every game's planes).
    assert plane_names(boardgames.game_class("verso")) == (
        "my pieces",
        "opponent's pieces",
        "my pieces in hand",
        "opponent's pieces in hand",
        "first square chosen",
        "later squares chosen",
    )
    assert game.observation_tensor_shape() == [6, 7, 7]
    state = game.new_initial_state()
    action = state.string_to_action("d4")
    assert state.action_to_string(action) == "d4"
    state.apply_action(action)
    assert state.current_player() == 1
    assert state.position.history == (boardgames.place(action),)
    assert (
        state.observation_tensor(1)[
            plane_names(boardgames.game_class("verso")).index("opponent's pieces") * 49 + action
        ]
        == 1.0
    )
    assert state.position.game.options["flip"] == "adjacent"
    clone = state.clone()
    clone.apply_action(clone.string_to_action("e5"))
    assert len(state.position.history) == 1  # a clone moves on its own


def test_the_seed_parameter_draws_the_same_donuts_board_as_the_command_line():
    board = boardgames.game_class("donuts").configure(seed=11).options["board"]
    assert load("donuts", seed=11).new_initial_state().position.game.options["board"] == board
    assert load("donuts", seed=12).new_initial_state().position.game.options["board"] != board


def test_a_bad_option_is_refused():
    with pytest.raises(boardgames.InvalidOptionError, match="size"):
        load("verso", size=99)
