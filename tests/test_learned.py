"""A learnt evaluation for any game (issue 25): ``boardgames learn`` fits a
logistic model over the observation planes on self-play games, measures it
on held-out games, and writes a file a game attaches in its setup."""

from __future__ import annotations

import json
import math
import random

import attrs
import pytest

import boardgames
from boardgames import BoardgamesError
from boardgames.learning.learned import (
    Choice,
    LearnedEvaluation,
    attach,
    feature_names,
    features,
    fit,
    learn,
    log_loss,
    self_play,
    valued_by,
)
from boardgames.learning.structure import structure, structure_names
from helpers import ROOT, load_example

LEARNED = ROOT / "docs" / "strength-runs" / "learned"


def _game(example: str, size: str | None) -> boardgames.Game:
    module = load_example(example)
    cls = next(
        c
        for c in vars(module).values()
        if isinstance(c, type) and issubclass(c, boardgames.Game) and getattr(c, "name", "") == example
    )
    return cls.configure({} if size is None else {"size": size}, seed=1)


def _played(game: boardgames.Game, moves: str) -> boardgames.State:
    state = game.start()
    for move in moves.split():
        state = state.play(move)
    return state


def _seen(game: boardgames.Game, state: boardgames.State, player: int) -> dict[str, float]:
    """The structure by name, the shares of the board as counts of squares."""
    counted = ("pieces", "liberties", "atari", "area")
    return {
        name: round(value * game.grid.size, 6) if any(word in name for word in counted) else value
        for name, value in zip(structure_names(game), structure(state, player), strict=True)
    }


def test_learn_writes_an_evaluation_a_game_attaches(cli, tmp_path):
    done = cli("learn", "donuts", "--games", "6", "--players", "random,greedy", "--out", "donuts-eval.json")
    assert done.code == 0, done.err
    assert "fitted on" in done.out and "a coin: 0.693" in done.out and "Kept: " in done.out
    data = json.loads((tmp_path / "donuts-eval.json").read_text())
    assert data["game"] == "donuts" and data["size"] == 36 and data["about"]["held_out_games"] == 1
    assert len(data["weights"]) in (0, len(data["planes"]) * 36) and data["about"]["chosen"] in done.out
    model = LearnedEvaluation.load(tmp_path / "donuts-eval.json")
    game = boardgames.game_class("donuts").configure(seed=3)
    assert model.fits(game) and model.planes == feature_names(game)
    state = game.start().play(game.start().legal_moves[0])
    assert -1 < model.value(state, 0) < 1 and -1 < model.value(state, 1) < 1
    assert all(0 <= i < len(model.weights) for i, _ in features(state, 0))
    again = cli("learn", "donuts", "--games", "6", "--players", "random,greedy", "--out", "again.json")
    assert again.code == 0 and json.loads((tmp_path / "again.json").read_text())["weights"] == data["weights"]


def test_a_game_attaches_it_only_where_it_fits(cli, tmp_path):
    cli("learn", "verso", "-o", "size=7", "--games", "4", "--players", "random,greedy", "--out", "verso7.json")
    seven = boardgames.game_class("verso").configure({"size": "7"}, seed=1)
    nine = boardgames.game_class("verso").configure({"size": "9"}, seed=1)
    assert attach(seven, tmp_path / "verso7.json") is not None and seven.has_evaluation
    assert attach(nine, tmp_path / "verso7.json") is None and not nine.has_evaluation  # another board
    assert boardgames.game_class("verso").has_evaluation  # the class keeps its own


def test_a_constant_chance_is_no_evaluation(tmp_path):
    # Where nothing beats a constant chance the fit keeps it; a search by it would be blind.
    game = boardgames.game_class("verso").configure({"size": "7"}, seed=1)
    constant = LearnedEvaluation("verso", game.grid.size, feature_names(game), (), 0.2)
    (tmp_path / "constant.json").write_text(json.dumps(constant.to_json()))
    assert not constant.predicts and attach(game, tmp_path / "constant.json") is None and not game.has_evaluation
    weighted = attrs.evolve(constant, weights=(0.0,) * (len(constant.planes) * game.grid.size - 1) + (0.5,))
    (tmp_path / "weighted.json").write_text(json.dumps(weighted.to_json()))
    assert weighted.predicts and attach(game, tmp_path / "weighted.json") is not None and game.has_evaluation


def test_hex_structure_counts_the_empty_cells_each_side_needs_to_join_its_sides():
    game = _game("hex", "5")  # red joins south and north, blue west and east
    state = _played(game, "c1 a5 c2 e5 c3")  # red's column of three, blue's two ends of rank 5
    red, blue = _seen(game, state, 0), _seen(game, state, 1)
    assert red["my connection"] == 2 / 5 and red["opponent's connection"] == 3 / 5  # c4 c5; b5 c5 d5
    assert blue["my connection"] == 3 / 5 and blue["opponent's connection"] == 2 / 5
    assert red["my pieces"] == 3 and red["my groups"] == 1 / 5 and red["opponent's groups"] == 2 / 5
    assert red["first player"] == 1 and blue["first player"] == 0
    assert _seen(game, game.start(), 0)["my connection"] == 1  # five cells on an empty board


def test_go_structure_counts_liberties_atari_and_the_area_reached_first():
    game = _game("go", "9")
    black = _seen(game, _played(game, "a1 b1 e5"), 0)
    assert black["my pieces"] == 2 and black["my groups"] == 2 / 9
    assert black["my liberties"] == 5 and black["my pieces in atari"] == 1  # a1's one liberty, a2
    assert black["opponent's liberties"] == 2 and black["opponent's pieces in atari"] == 0  # b2, c1
    corners = _seen(game, _played(game, "a1 j9"), 0)  # opposite corners: the anti-diagonal's 9 points tie
    assert corners["my area"] == corners["opponent's area"] == (81 - 2 - 9) / 2
    assert corners["my area, all directions"] == corners["opponent's area, all directions"]


@pytest.mark.parametrize("name", ["othello", "go", "hex"])
def test_an_evaluation_from_before_the_structure_loads_and_values_as_it_did(name):
    path = LEARNED / f"{name}-evaluation.json"
    data = json.loads(path.read_text())
    model = LearnedEvaluation.load(path)
    assert model.structure == () and "structure" not in model.to_json()
    size = data["about"]["options"].get("size")
    game = _game(name, None if size is None else str(size))
    assert model.fits(game)
    state, rng = game.start(), random.Random(5)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_moves))
        # What the file says, summed by hand: the bias and a weight per plane feature.
        z = data["bias"] + sum(data["weights"][i] * v for i, v in features(state, state.turn))
        assert math.isclose(model.value(state, state.turn), 2 / (1 + math.exp(-z)) - 1, rel_tol=1e-12)


def test_an_evaluation_with_structure_goes_to_json_and_back():
    game = _game("hex", "5")
    names = structure_names(game)
    model = LearnedEvaluation(
        "hex", 25, feature_names(game), (), 0.1, {"x": 1}, names, tuple(0.1 * k for k in range(len(names)))
    )
    again = LearnedEvaluation.from_json(json.loads(json.dumps(model.to_json())))
    assert again == model and again.fits(game) and not again.fits(_game("hex", "6"))
    state = _played(game, "c1 a5 c2")
    z = 0.1 + sum(w * v for w, v in zip(model.structure_weights, structure(state, 1), strict=True))
    assert math.isclose(again.value(state, 1), 2 / (1 + math.exp(-z)) - 1)


def test_the_fit_chooses_by_games_set_apart_and_is_never_much_worse_than_a_coin():
    game = _game("hex", "4")
    played = self_play(game, ["random", "random"], 120, seed=3)  # random play: little to learn, much to overfit
    model = learn(game, ["random", "random"], 120, seed=3, played=played)
    about = model.about
    assert about["held_out_log_loss"] <= about["held_out_log_loss_of_a_coin"] + 0.03
    assert about["tried"][0]["choice"] == "a constant chance" and len(about["tried"]) == 13
    # Unchosen (the planes, no L2, a large step for 8 epochs), the same games overshoot.
    train, test = [s for g in played[:96] for s in g], [s for g in played[96:] for s in g]
    count = len(feature_names(game)) * 16
    weights, _, bias, _ = fit(train, count, random.Random(3), Choice(True, False, 0.0, 8), rate=1.0)
    plain = LearnedEvaluation("hex", 16, feature_names(game), tuple(weights), bias)
    assert log_loss(plain, test) > about["held_out_log_loss"] + 0.03


def test_the_fit_keeps_the_structure_where_it_predicts():
    game = _game("hex", "5")
    game.has_evaluation = False  # self-play by random playouts, not by the evaluation Hex's edges give it
    players = ["mcts:iterations=30", "mcts:iterations=30"]
    model = learn(game, players, 40, seed=2)
    assert model.structure == structure_names(game) and model.about["chosen"].startswith("structure")
    assert model.about["held_out_log_loss"] < model.about["held_out_log_loss_of_a_coin"] - 0.05
    weight = dict(zip(model.structure, model.structure_weights, strict=True))
    assert weight["my connection"] < 0 < weight["opponent's connection"]  # fewer cells to fill: nearer a win


@pytest.mark.parametrize(
    "text",
    [
        "{",
        "[]",
        '{"game": "donuts"}',
        '{"game": "donuts", "size": 2, "planes": ["a"], "bias": 0, "weights": [1]}',
        '{"game": "donuts", "size": 1, "planes": ["a"], "bias": 0, "weights": [1], "structure": ["b"]}',
    ],
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


def test_learn_in_rounds_plays_by_the_last_rounds_evaluation(cli, tmp_path):
    first = cli("learn", "verso", "-o", "size=7", "--games", "8", "--players", "random,greedy", "--out", "one.json")
    assert first.code == 0, first.err
    args = ("learn", "verso", "-o", "size=7", "--games", "8", "--players", "greedy,greedy")
    plain = cli(*args, "--out", "plain.json")
    valued = cli(*args, "--evaluation", "one.json", "--out", "two.json")
    assert plain.code == valued.code == 0, valued.err
    two = json.loads((tmp_path / "two.json").read_text())
    assert two["about"]["players_valued_by"] == "one.json"
    assert "players_valued_by" not in json.loads((tmp_path / "plain.json").read_text())["about"]
    # The agents' evaluation is the model's: greedy and mcts pick by it.
    model = LearnedEvaluation.load(tmp_path / "one.json")
    game = valued_by(boardgames.game_class("verso").configure({"size": "7"}, seed=1), model)
    state = game.start().play(game.start().legal_moves[3])
    assert game.has_evaluation == model.predicts and state.evaluate(0) == model.value(state, 0)
    assert boardgames.game_class("verso").configure({"size": "7"}, seed=1).start().play(
        game.start().legal_moves[3]
    ).evaluate(0) != model.value(state, 0)  # another instance keeps the game's own
    other_board = cli("learn", "verso", "-o", "size=9", "--games", "4", "--evaluation", "one.json")
    assert other_board.code != 0 and "fitted on verso with 49 squares" in other_board.err
    assert "Traceback" not in other_board.err and len(other_board.err.strip().splitlines()) == 1
