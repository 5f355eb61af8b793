"""The Breakthrough example package (examples/breakthrough), written from the
tutorial by an engineer new to it, with rules only: the conformance kit,
agreement with OpenSpiel's ``breakthrough`` move for move (legal moves,
captures, winner), and the search the framework picks for it on rules alone
(mobility tells its sides apart)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.agents.cutoff import tells
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel

#: Seeded random games compared with OpenSpiel.
AGREEMENT_GAMES = 100


@pytest.fixture(scope="module")
def breakthrough_plugin() -> Iterator[None]:
    with plugin(load_example("breakthrough"), "breakthrough-under-test"):
        yield


def breakthrough() -> Any:
    return boardgames.game_class("breakthrough").configure()


def openspiel_label(game: Any, move: boardgames.Move) -> str:
    """OpenSpiel's label of our move: its player 0 starts on its ranks 7 and 8
    and moves down, so our rank r is its 9 - r (our ``a2-a3`` is its ``a7a6``)."""
    (f0, r0), (f1, r1) = game.grid.coords(move.origin), game.grid.coords(move.to)
    return f"{'abcdefgh'[f0]}{8 - r0}{'abcdefgh'[f1]}{8 - r1}"


def test_breakthrough_keeps_the_contract(check_game, breakthrough_plugin):
    check_game("breakthrough", games=5)


def test_breakthrough_plays_as_openspiels_move_for_move(breakthrough_plugin):
    pyspiel = need_pyspiel()
    spiel = pyspiel.load_game("breakthrough")
    game = breakthrough()
    longest = 0
    for seed in range(AGREEMENT_GAMES):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            mine = {openspiel_label(game, m): m for m in ours.legal_moves}
            assert set(mine) == {label.rstrip("*") for label in labels}, (seed, ours.describe())
            assert theirs.current_player() == ours.turn
            label = rng.choice(sorted(labels))
            move = mine[label.rstrip("*")]
            assert label.endswith("*") == bool(ours.boards[1 - ours.turn] >> move.to & 1)  # a capture
            ours, _ = ours.play(move), theirs.apply_action(labels[label])
        assert theirs.is_terminal() and theirs.returns()[ours.outcome.winner_index] == 1.0, seed
        longest = max(longest, len(ours.history))
    assert longest <= game.max_length


def test_on_rules_alone_mcts_values_breakthrough_by_mobility(breakthrough_plugin):
    from boardgames.agents.base import Budget
    from boardgames.agents.mcts import MctsAgent

    game = breakthrough()
    assert not game.has_evaluation and tells(game)  # each side's steps differ: mobility tells them apart
    agent = MctsAgent()
    move = agent.choose(game.start(), Budget(iterations=200), random.Random(1))
    assert game.start().is_legal(move) and agent.root is not None and not agent.root.amaf  # no RAVE: mobility


def test_a_capture_may_be_typed_as_chess_writes_it_and_a_wrong_one_is_refused(breakthrough_plugin):
    from boardgames.cli.terminal import read_move
    from boardgames.errors import IllegalMoveError

    game, rng = breakthrough(), random.Random(3)
    state = game.start()
    while not (captures := [m for m in state.legal_moves if state.boards[1 - state.turn] >> m.to & 1]):
        state = state.play_unchecked(rng.choice(state.legal_moves))
    move = captures[0]
    origin, to = game.grid.name(move.origin), game.grid.name(move.to)
    assert state.parse_move(f"{origin}x{to}") == move == state.parse_move(f"{origin}-{to}")
    asked: list[str] = []
    assert read_move(state, f"{origin}x{to}", asked.append) == move and not asked
    reached = {game.grid.name(m.to) for m in state.moves_from(move.origin)}
    elsewhere = next(name for name in game.grid.names if name not in reached and name != origin)
    with pytest.raises(IllegalMoveError):  # not "Move c1 where?" with the typed square dropped
        read_move(state, f"{origin}x{elsewhere}", asked.append)
    assert not asked


def test_a_move_refused_says_why_from_the_board_the_game_wrote_no_reason(breakthrough_plugin, cli):
    # Breakthrough's rules give no why_illegal: the default reads the board and the legal moves.
    game = breakthrough()
    for typed, why in (
        ("a2", "the piece on a2 moves: say where it goes, as a2-a3"),  # a piece named alone
        ("a7", "a move here takes a piece from one square to another, as a2-a3"),  # not "a7 is taken"
        ("a3-a4", "white has no piece on a3"),
    ):
        with pytest.raises(boardgames.IllegalMoveError, match=f"^move 1: illegal move '{typed}' .*: {why}$"):
            game.replay([typed])
    run = cli("show", "breakthrough", "--moves", "a2")
    assert run.code == 1 and "say where it goes" in run.err and "Traceback" not in run.err
