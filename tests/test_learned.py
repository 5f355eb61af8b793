"""A learnt evaluation for any game (issue 25): ``boardgames learn`` fits a
logistic model over the observation planes on self-play games, measures it
on held-out games, and writes a file a game attaches in its setup."""

from __future__ import annotations

import json

import pytest

import boardgames
from boardgames import BoardgamesError
from boardgames.learned import LearnedEvaluation, attach, feature_names, features


def test_learn_writes_an_evaluation_a_game_attaches(cli, tmp_path):
    done = cli("learn", "donuts", "--games", "6", "--players", "random,greedy", "--out", "donuts-eval.json")
    assert done.code == 0, done.err
    assert "fitted on" in done.out and "a coin: 0.693" in done.out
    data = json.loads((tmp_path / "donuts-eval.json").read_text())
    assert data["game"] == "donuts" and data["size"] == 36 and data["about"]["held_out_games"] == 1
    assert len(data["weights"]) == len(data["planes"]) * 36
    model = LearnedEvaluation.load(tmp_path / "donuts-eval.json")
    game = boardgames.game_class("donuts").configure(seed=3)
    assert model.fits(game) and model.planes == feature_names(game)
    state = game.start().play(game.start().legal_moves[0])
    assert -1 < model.value(state, 0) < 1 and -1 < model.value(state, 1) < 1
    assert all(0 <= i < len(model.weights) for i, _ in features(state, 0))
    again = cli("learn", "donuts", "--games", "6", "--players", "random,greedy", "--out", "again.json")
    assert again.code == 0 and json.loads((tmp_path / "again.json").read_text())["weights"] == data["weights"]


def test_a_game_attaches_it_only_where_it_fits(cli, tmp_path):
    cli("learn", "verso", "-o", "size=7", "--games", "4", "--players", "random,random", "--out", "verso7.json")
    seven = boardgames.game_class("verso").configure({"size": "7"}, seed=1)
    nine = boardgames.game_class("verso").configure({"size": "9"}, seed=1)
    assert attach(seven, tmp_path / "verso7.json") is not None and seven.has_evaluation
    assert attach(nine, tmp_path / "verso7.json") is None and not nine.has_evaluation  # another board
    assert boardgames.game_class("verso").has_evaluation  # the class keeps its own


@pytest.mark.parametrize(
    "text",
    ["{", "[]", '{"game": "donuts"}', '{"game": "donuts", "size": 2, "planes": ["a"], "bias": 0, "weights": [1]}'],
)
def test_a_broken_evaluation_file_is_one_clear_error(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BoardgamesError, match="bad.json"):
        LearnedEvaluation.load(path)


def test_learn_refuses_a_person_and_bad_numbers(cli):
    person = cli("learn", "donuts", "--players", "human,random")
    assert person.code != 0 and "not 'human'" in person.err and "Traceback" not in person.err
    few = cli("learn", "donuts", "--games", "1")
    assert few.code != 0 and "Traceback" not in few.err
