"""Honest levels (issue 25): a game written with rules only gets a ladder
of Monte Carlo tree search, not a blind alpha-beta; its levels are shown as
not measured on it; hints are its strongest level (play's opponent is level 4,
issue 43); and
``boardgames ladder`` measures a ladder and writes it where a game can ship it."""

from __future__ import annotations

import json

import boardgames
from boardgames.play.levels import DEFAULT_LEVELS, RULES_ONLY_LEVELS, level_spec, levels, measured, strongest
from boardgames.testing import plugin
from helpers import load_example


def test_a_rules_only_game_gets_a_search_ladder_shown_as_not_measured(cli):
    with plugin(load_example("go"), "go"), plugin(load_example("hex"), "hex"):
        go = boardgames.game_class("go")
        assert not go.has_evaluation and levels(go) == RULES_ONLY_LEVELS
        assert not measured(go) and strongest(go).startswith("mcts")
        # A connection game (its edges give each player two sides to join) has an evaluation from that alone.
        hex_game = boardgames.game_class("hex")
        assert hex_game.connects and hex_game.has_evaluation and not go.connects
        assert levels(hex_game) == DEFAULT_LEVELS and not measured(hex_game)
        listed = cli("agents")
    donuts = boardgames.game_class("donuts")
    assert measured(donuts) and levels(donuts) == donuts.levels
    assert "donuts (measured on them):" in listed.out
    assert "go (generic, not measured on them):" in listed.out
    assert "hex (generic, not measured on them):" in listed.out
    assert all(not spec.startswith("alphabeta") for spec in RULES_ONLY_LEVELS) and DEFAULT_LEVELS[-1] != ""


def test_agents_lists_one_games_levels_when_asked(cli):
    verso = cli("agents", "verso")
    assert verso.code == 0 and "verso (measured on them):" in verso.out and "donuts" not in verso.out
    for spec in levels(boardgames.game_class("verso")):
        assert spec in verso.out
    unknown = cli("agents", "nope")
    assert unknown.code != 0 and unknown.out == "" and "unknown game 'nope'" in unknown.err


def test_play_faces_the_games_level_4_as_the_page_offers_first(cli, tmp_path):
    # Issue 43: the terminal's computer was the strongest level (2 s a move), the page's level 4.
    stopped = cli("play", "verso", "-o", "size=7", input="d4\nquit\n")  # saved with its seats
    assert stopped.code == 0, stopped.out
    (saved,) = tmp_path.glob("verso-*.json")
    seats = json.loads(saved.read_text())["seats"]
    assert list(seats.values()) == ["human", level_spec(boardgames.game_class("verso"), 4)], seats


def test_ladder_measures_each_step_and_resumes(cli, tmp_path):
    specs = "random,random,greedy,greedy,random,greedy"
    first = cli("ladder", "donuts", "--levels", specs, "--games", "4", "--jobs", "1", "--out", "ladder.json")
    assert first.code == 0, first.err
    data = json.loads((tmp_path / "ladder.json").read_text())
    assert data["game"] == "donuts" and data["levels"] == specs.split(",") and len(data["steps"]) == 5
    step = data["steps"][1]  # greedy over random
    assert step["levels"] == [3, 2] and step["wins"] + step["draws"] + step["losses"] == 4
    assert "level 3 (casual, greedy) over 2 (random)" in first.out
    again = cli("ladder", "donuts", "--levels", specs, "--games", "4", "--out", "ladder.json")
    assert again.code == 0 and again.out.splitlines()[1:6] == first.out.splitlines()[1:6]  # read back, not replayed
    (tmp_path / "broken.json").write_text("{")
    broken = cli("ladder", "donuts", "--out", "broken.json")
    assert broken.code != 0 and "is not a ladder this command wrote" in broken.err
    assert "Traceback" not in broken.err
    wrong = cli("ladder", "donuts", "--levels", "random,human,a,b,c,d")
    assert wrong.code != 0 and "Traceback" not in wrong.err


def test_rave_learns_each_move_from_the_simulations_that_played_it_later():
    """RAVE's all-moves-as-first statistics: after a search of a rules-only
    game, the root holds them for the moves the simulations played, each
    counted at most once a simulation, and the search is as reproducible as
    without them."""
    import random

    from boardgames.agents.base import Budget
    from boardgames.agents.mcts import MctsAgent

    class PlayedOut(load_example("hex").Hex):  # type: ignore[misc, name-defined]
        has_evaluation = False  # without the evaluation its edges give it: random playouts

    with plugin(load_example("hex"), "hex"):
        start = PlayedOut.configure({"size": 5}).start()
        agent = MctsAgent(rave="on")
        move = agent.choose(start, Budget(iterations=200), random.Random(3))
        root = agent.root
        assert start.is_legal(move) and root is not None
        assert set(root.amaf) <= set(start.legal_moves) and len(root.amaf) == 25
        assert all(0 <= wins <= plays <= 200 for wins, plays in root.amaf.values())
        assert max(plays for _, plays in root.amaf.values()) > root.visits / 4  # learnt from playouts, not visits alone
        again = MctsAgent(rave="on").choose(start, Budget(iterations=200), random.Random(3))
        assert again == move


def test_the_engine_plays_each_games_strongest_level_unless_told():
    from boardgames.protocol.server import EngineSession

    session = EngineSession()
    assert session.handle("hello").endswith("agent auto")
    assert session.handle("game donuts") == "ok"
    assert session.handle("hello").endswith(f"agent {strongest(boardgames.game_class('donuts'))}")
    assert session.handle("go depth=1").startswith("move ")
    told = EngineSession("random")
    told.handle("game donuts")
    assert told.handle("hello").endswith("agent random")
