"""Every game as a PettingZoo AEC environment: PettingZoo's own api_test and
seed_test on Donuts, Verso (both flip options, a small board) and Othello,
and random agents that play each game to its end."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the extra 'rl' (pip install -e '.[rl]') is not installed")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import boardgames  # noqa: E402
from boardgames.interop.pettingzoo import env  # noqa: E402
from boardgames.learning.observation import plane_names  # noqa: E402
from boardgames.testing import plugin  # noqa: E402
from helpers import load_othello  # noqa: E402

SETTINGS = [
    ("donuts", {}),
    ("verso", {"size": 6, "pieces": 5, "max_moves": 40}),
    ("verso", {"size": 6, "pieces": 5, "max_moves": 40, "flip": "adjacent"}),
]


@pytest.fixture(scope="module")
def othello():
    with plugin(load_othello(), "othello-under-test"):
        yield "othello"


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's advice on names and spaces, as for its own games
@pytest.mark.parametrize(("name", "options"), SETTINGS)
def test_pettingzoo_api_and_seed_tests_pass(name, options):
    api_test(env(name, **options), num_cycles=300)
    seed_test(lambda: env(name, **options), num_cycles=100)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_tests_pass_on_a_plugin_game(othello):
    api_test(env(othello), num_cycles=300)
    seed_test(lambda: env(othello), num_cycles=100)


def play_randomly(e, seed: int) -> tuple[dict[str, float], int]:
    """A whole game of random legal actions; the final rewards and the actions taken."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    actions = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = [a for a, ok in enumerate(observation["action_mask"]) if ok]
        assert legal, f"{agent} has no legal action"
        e.step(rng.choice(legal))
        actions += 1
    return totals, actions


@pytest.mark.parametrize(("name", "options"), SETTINGS)
def test_random_agents_reach_the_end_with_zero_sum_rewards(name, options):
    for seed in range(5):
        e = env(name, **options)
        totals, actions = play_randomly(e, seed)
        assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
        state = e.unwrapped.match.state
        assert state.is_over
        winner = state.winner
        assert all(totals[a] == (0.0 if winner is None else 1.0 if a == winner else -1.0) for a in totals)
        assert actions >= len(state.history)  # a move of several squares takes several actions


def test_random_agents_finish_othello(othello):
    totals, _ = play_randomly(env(othello), 3)
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_one_agent_acts_several_times_while_it_builds_a_step():
    e = env("verso", size=5, pieces=2, max_moves=60)
    e.reset(seed=0)
    rng = random.Random(0)
    for agent in e.agent_iter():
        observation, _, termination, truncation, _ = e.last()
        if termination or truncation:
            pytest.fail("no step in the game")
        legal = [a for a, ok in enumerate(observation["action_mask"]) if ok]
        state = e.unwrapped.match.state
        if any(m.origin >= 0 for m in state.legal_moves):
            origin = next(m.origin for m in state.legal_moves if m.origin >= 0)
            e.step(origin)
            assert e.agent_selection == agent  # the same player chooses where it goes
            observation = e.observe(agent)
            chosen = plane_names(e.unwrapped.game).index("first square chosen")
            assert observation["observation"][:, :, chosen].sum() == 1  # (rows, files, planes)
            destinations = {m.to for m in state.legal_moves if m.origin == origin}
            allowed = {a for a, ok in enumerate(observation["action_mask"]) if ok}
            assert allowed and allowed <= destinations | {e.unwrapped.game.grid.size + 1}
            return
        e.step(rng.choice(legal))


def test_observations_show_the_board_from_the_observers_side():
    e = env("donuts", board="-" * 36)
    e.reset(seed=1)
    first = e.agent_selection
    e.step(14)  # c3
    other = e.agent_selection
    mine = e.observe(first)["observation"]
    theirs = e.observe(other)["observation"]
    # Shaped (rows, files, planes) as PettingZoo's classic games; c3 is rank 3, file c: row 2, column 2.
    PLANES = plane_names(e.unwrapped.game)  # noqa: N806 - as the module constant was
    assert mine.shape == (6, 6, len(PLANES))
    assert mine[2, 2, PLANES.index("my pieces")] == 1 and theirs[2, 2, PLANES.index("opponent's pieces")] == 1
    assert mine[:, :, PLANES.index("mark -")].sum() == 36  # every square shows its line, under a donut too
    assert e.observe(first)["action_mask"].sum() == 0  # not its turn
    each = boardgames.game_class("donuts").configure({"board": "-" * 36}).pieces_each()
    assert theirs[0, 0, PLANES.index("my pieces in hand")] == 1.0
    assert mine[5, 5, PLANES.index("my pieces in hand")] == pytest.approx((each - 1) / each)


def test_bad_options_and_render_modes_are_refused_at_once():
    with pytest.raises(boardgames.InvalidOptionError):
        env("verso", size=99)
    with pytest.raises(boardgames.UnknownGameError):
        env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        env("donuts", render_mode="human")
    e = env("donuts", render_mode="ansi")
    e.reset(seed=2)
    assert "a" in e.render() and "6" in e.render()
