"""The Kalah example package (examples/kalah): seeds counted in pits and in
the two stores at the board's ends (``Game.counts``), sowing as a move of
its own (``sowing``), rules only. The conformance kit; agreement with
OpenSpiel's ``mancala`` move for move (legal moves by label at every step,
the player to move through the extra turns, the returns); the extra turn and
the capture as the rulebook gives them; the text, ``show --json``, the
observation and the terminal reading the counts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.learning.observation import plane_names, planes
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel.
AGREEMENT_GAMES = 200


@pytest.fixture(scope="module")
def kalah_module() -> Iterator[Any]:
    module = load_example("kalah")
    with plugin(module, "kalah-under-test"):
        yield module


def test_kalah_keeps_the_contract(check_game, kalah_module):
    check_game("kalah", games=5)


def test_kalah_plays_as_openspiels_mancala_move_for_move(kalah_module):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("mancala"), kalah_module.Kalah.configure()
    label = kalah_module.openspiel_label
    assert lockstep(game, spiel, lambda _, m: label(m), AGREEMENT_GAMES) > 10 * AGREEMENT_GAMES


def test_the_last_seed_in_your_store_moves_again(kalah_module):
    state = kalah_module.Kalah.configure().replay(["c1"])  # 4 seeds: d1, e1, f1 and the store s1
    assert state.turn == 0 and state.board[7] == 1 and state.board[3] == 0
    assert [state.format_move(m) for m in state.legal_moves] == ["a1", "b1", "d1", "e1", "f1"]


def test_a_last_seed_in_your_empty_pit_captures_across(kalah_module):
    m = kalah_module
    game = m.Kalah.configure()
    # South's b1 holds 1 seed and c1 is empty; across c1 (OpenSpiel's 3) lies north's d2 (its 11) with 5.
    board = (0, 0, 1, 0, 4, 4, 4, 0, 4, 4, 4, 5, 4, 4)
    state = m.KalahState(game=game, board=board).play("b1")
    assert state.board[3] == state.board[11] == 0 and state.board[7] == 6 and state.turn == 1
    # Across an empty pit, the lone seed stays where it fell (as OpenSpiel has it).
    board = (0, 0, 1, 0, 4, 4, 4, 0, 4, 4, 4, 0, 4, 4)
    state = m.KalahState(game=game, board=board).play("b1")
    assert state.board[3] == 1 and state.board[7] == 0


def test_the_board_has_its_stores_at_the_ends_and_counts_in_text_and_json(kalah_module, cli):
    state, rng = kalah_module.Kalah.configure().start(), random.Random(2)
    while max(state.board) < 10:  # on to a store or a pit past ten seeds
        state = state.play(rng.choice(state.legal_moves))
    moves = " ".join(state.format_move(m) for m in state.history)
    run = cli("show", "kalah", "--moves", moves)
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    north, south = (next(line for line in lines if line.startswith(f"  {r} ")) for r in (2, 1))
    shown = cli("show", "kalah", "--moves", moves, "--json").json()
    counts = {site: v["count"] for site, v in shown["counts"].items()}
    assert sum(counts.values()) == 48 and max(counts.values()) >= 10
    assert shown["contents"] == {} and "n seeds" in run.out and "kind" not in run.out
    assert shown["counts"]["s1"]["owner"] == "south" and shown["counts"]["n2"]["owner"] == "north"
    for site, n in counts.items():  # every pit and store in its column of four, whatever its width
        file = "nabcdefs".index(site[0])
        row = north if site[1] == "2" else south
        assert row[4 + 4 * file : 8 + 4 * file].strip(" *[]") == str(n), (site, n, run.out)
    assert south.rstrip().endswith(f"{counts['s1']}   1") and north.startswith(f"  2 {counts['n2']:>3}")


def test_the_observation_has_a_handful_of_planes_holding_the_counts(kalah_module):
    game = kalah_module.Kalah.configure()
    names = plane_names(game)
    assert len(names) <= 10
    state = game.replay(["c1"])  # south again, its store 1
    seen = planes(state, 0)
    mine, theirs = seen[names.index("my count")], seen[names.index("opponent's count")]
    site = game.grid.parse_square
    assert mine[site("s1")] == 1.0 and mine[site("d1")] == 5.0 and theirs[site("n2")] == 0.0
    assert sum(mine) + sum(theirs) == 48.0


def test_a_pit_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(kalah_module, cli):
    run = cli("play", "kalah", "--players", "human,human", input="c1\ns1\nf1\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said and "taken" not in said
    assert [line for line in said.splitlines() if "s1 is south's store: sow from a pit" in line], said
    assert "moves: c1 f1" in said or "c1 f1" in said
    run = cli("show", "kalah", "--moves", "c1 c1")
    assert run.code == 1 and run.err.strip() == "Error: move 2: illegal move 'c1' in kalah after c1: c1 is empty"
    run = cli("show", "kalah", "--moves", "a2")
    assert run.code == 1 and run.err.strip().endswith("a2 is not south's pit")
    assert boardgames.game_class("kalah").configure().replay(["c1", "f1"]).turn == 1
