"""The 2048 example package (examples/game_2048): one player, tiles counted
on the sixteen cells (``Game.counts``: the number shown), a new tile placed by
chance after each move, moves named as OpenSpiel names them (Up, Right, Down,
Left), rules only. The conformance kit; agreement with OpenSpiel's ``2048``
move for move (the same chance outcomes on both sides with the same
probabilities, legal moves by label, the player to move, the returns); the
text drawing and the terminal."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames import CHANCE
from boardgames.rendering.svg import render_svg
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel

#: Seeded random games compared with OpenSpiel (each some 100 to 300 steps).
AGREEMENT_GAMES = 200


@pytest.fixture(scope="module")
def g2048() -> Iterator[Any]:
    module = load_example("game_2048")
    with plugin(module, "game_2048-under-test"):
        yield module


def test_2048_keeps_the_contract(check_game, g2048):
    check_game("game_2048", games=3)


def lockstep_2048(g2048: Any, options: str, games: int) -> tuple[int, int]:
    """``games`` seeded random games of ours and OpenSpiel's together; the steps and chance steps compared."""
    pyspiel = need_pyspiel()
    spiel = pyspiel.load_game(f"2048({options})" if options else "2048")
    game = g2048.Game2048.configure({"max_tile": int(options.split("=")[1])} if options else None)
    steps = chances = 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not theirs.is_terminal():
            assert not ours.is_over and theirs.current_player() == ours.turn, (seed, ours.describe())
            if theirs.is_chance_node():  # OpenSpiel's outcome k is ours k, with its probability
                offered = dict(theirs.chance_outcomes())
                mine = {m.to: p for m, p in ours.chance_outcomes()}
                assert mine.keys() == offered.keys(), (seed, ours.describe())
                assert all(mine[k] == pytest.approx(offered[k], abs=1e-12) for k in mine), (seed, ours.describe())
                k = rng.choices(list(offered), weights=list(offered.values()))[0]
                cell, four = divmod(k, 2)
                said = theirs.action_to_string(CHANCE, k)  # "4 added to row 2, column 1"
                row, col = map(int, re.findall(r"\d+", said)[1:])
                assert said.startswith(f"{4 if four else 2} added") and (row - 1) * 4 + col - 1 == cell
                ours = ours.play(g2048.outcome(k))
                theirs.apply_action(k)
                chances += 1
                continue
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            mine_moves = {ours.format_move(m): m for m in ours.legal_moves}
            assert set(mine_moves) == set(labels), (seed, ours.describe())
            chosen = rng.choice(sorted(labels))
            ours = ours.play(mine_moves[chosen])
            theirs.apply_action(labels[chosen])
            steps += 1
            assert ours.score == theirs.returns()[0], (seed, ours.describe())
        assert ours.is_over, (seed, ours.describe())
        assert tuple(theirs.returns()) == tuple(ours.returns()) == (float(ours.score),), seed
        assert [v for v in theirs.observation_tensor(0)] == [float(v) for v in ours.cells], seed
    return steps, chances


def test_2048_plays_as_openspiels_2048_move_for_move(g2048):
    steps, chances = lockstep_2048(g2048, "", AGREEMENT_GAMES)
    assert steps > 100 * AGREEMENT_GAMES and chances > steps  # two starting tiles, then one after each move


def test_2048_ends_when_max_tile_is_made_as_openspiels(g2048):
    """With max_tile=32 random games end on the tile, no chance after it (or at OpenSpiel's longest
    game, 128 steps), as OpenSpiel's do."""
    steps, _ = lockstep_2048(g2048, "max_tile=32", 200)
    game = g2048.Game2048.configure({"max_tile": 32})
    reached = 0
    for seed in range(50):
        state = game.start()
        rng = random.Random(seed)
        while not state.is_over:
            state = state.play(state.draw_chance(rng) if state.is_chance else rng.choice(state.legal_moves))
        reached += max(state.cells) == 32
        assert state.outcome.reason.startswith("a 32 tile is made" if max(state.cells) == 32 else "no move")
    assert reached > 10 and steps > 0


def test_the_tiles_are_drawn_as_numbered_tiles_2048_included(g2048, cli):
    game = g2048.Game2048.configure()
    cells = (2048, 128, 0, 4, 0, 0, 16, 0, 1024, 0, 0, 0, 2, 0, 0, 8)  # OpenSpiel's rows, the top one first
    state = g2048.TilesState(game=game, turn=0, cells=cells)
    drawn = boardgames.render_text(state.view()).splitlines()
    assert drawn[1].startswith("  4 2048*128 .    4") and drawn[3].startswith("  2 1024 .")  # b4: Up's square
    assert " 16 " in drawn[2] and drawn[4].startswith("  1   2  .   *    8")
    svg = render_svg(state.view())
    # Counted(tiles=True): a tile, gold at 2048, the four digits inside it; an empty square has none.
    assert re.search(
        r'data-square="a4" data-count="2048">\s*<rect class="tile"[^>]*fill="#edc22e"/>\s*<text[^>]*>2048<', svg
    )
    assert 'data-square="c4" data-count' not in svg  # an empty square: no tile, no number
    shown = cli("show", "game_2048", "--moves", "tile:2@a4, tile:2@b4, Left, tile:4@d1", "--json").json()
    assert shown["counts"] == {"a4": {"count": 4, "owner": None}, "d1": {"count": 4, "owner": None}}
    assert sorted(shown["legal_moves"]) == ["Down", "Left", "Right", "Up"] and shown["scores"] == {"player": 4}


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(g2048, cli):
    run = cli("play", "game_2048", "--seed", "1", input="left\nsideways\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "sideways" in line]
    assert len(refused) == 1 and "'sideways' is not a move (moves here look like Left)" in refused[0], said
    # Two tiles drawn from the seed, the move typed, a third tile: chance's as the seed gives them.
    assert re.search(r"moves: tile:[24]@[a-d][1-4] tile:[24]@[a-d][1-4] Left tile:[24]@[a-d][1-4]\n", said), said
    run = cli("show", "game_2048", "--moves", "tile:2@a4, tile:2@b4, Up")
    assert run.code == 1 and run.err.strip() == (
        "Error: move 3: illegal move 'Up' in game_2048 after tile:2@a4 tile:2@b4: Up moves no tile"
    )
    run = cli("show", "game_2048", "--moves", "tile:2@a4, Up")
    assert run.code == 1 and len(run.err.strip().splitlines()) == 1, run.err


def test_play_against_nothing_runs_from_a_seed_to_its_end(g2048, cli):
    runs = [cli("play", "game_2048", "--seed", "3", "--players", "random") for _ in range(2)]
    assert runs[0].code == 0 and re.search(r"\nplayer scores \d+: no move is left\n", runs[0].out), runs[0].out
    assert runs[0].out.split("Recorded")[0] == runs[1].out.split("Recorded")[0]  # the same seed, the same game
