"""The Latent tic-tac-toe example (examples/latent_ttt): each move seen by the
other player a turn late. The conformance kit (views leak nothing, samples
fit the view), the rule of a lost move, and agreement with OpenSpiel's
``latent_ttt`` move for move: the moves each may make, each player's view
of the board at every step, the returns."""

from __future__ import annotations

import random
from typing import Any

import boardgames
from helpers import example_plugin, need_pyspiel, ttt_cell

GAMES = 300


module = example_plugin("latent_ttt")


def game() -> Any:
    return boardgames.game_class("latent_ttt").configure()


def test_latent_ttt_keeps_the_contract(check_game, module):
    check_game("latent_ttt", games=30)


def test_a_mark_is_seen_a_turn_late_and_a_move_on_it_is_lost(module):
    state = game().replay(["b2"])  # cross's b2: nought does not see it yet
    assert state.seen_by(1).pieces() == {} and "b2" in [state.format_move(m) for m in state.legal_moves]
    assert [state.format_move(m) for m in state.seen_by(1).history] == ["?"]
    lost = state.play("b2")  # nought plays onto it: the move is lost, the mark seen, cross to move
    assert lost.to_move == "cross" and lost.pieces() == {"b2": "cross"}
    assert lost.seen_by(1).pieces() == {"b2": "cross"} and [lost.format_move(m) for m in lost.seen_by(1).history] == [
        "?",
        "b2*",
    ]
    placed = state.play("a1")  # nought's a1: nought now sees b2; cross sees a1 only after its next move
    assert placed.seen_by(1).pieces() == {"b2": "cross", "a1": "nought"}
    assert placed.seen_by(0).pieces() == {"b2": "cross"}
    assert placed.play("c3").seen_by(0).pieces() == {"b2": "cross", "a1": "nought", "c3": "cross"}
    assert placed.seen_by(None).pieces() == {}


def test_a_sample_looks_to_the_player_exactly_like_its_view(module):
    rng = random.Random(5)
    g = game()
    lost = placed = 0
    for seed in range(200):
        moves = random.Random(seed)
        state = g.start()
        while not state.is_over and len(state.history) < moves.randrange(1, 12):
            state = state.play(moves.choice(state.legal_moves))
        if state.is_over:
            continue
        me = state.turn
        view = state.seen_by(me)
        drawn = g.sample(view, me, rng)
        assert g.hide(drawn, me) == g.hide(view, me) and drawn.legal_moves == view.legal_moves, seed
        assert not drawn.is_over
        if len(state.history) >= 2:
            lost, placed = lost + (drawn.newest < 0), placed + (drawn.newest >= 0)
    assert lost and placed  # both stories the view allows are drawn


def board_seen(state: Any, player: int) -> str:
    """OpenSpiel's observation string made from what ``player`` sees: its view of the board."""
    owner = state.seen_by(player).owners()
    grid = state.game.grid
    return "".join(
        "".join(".xo"[owner.get(ttt_cell(grid, r * 3 + c), -1) + 1] for c in range(3)) + "\n" for r in range(3)
    )


def test_latent_ttt_agrees_with_openspiel_move_for_move(module):
    pyspiel = need_pyspiel()
    ours_game = game()
    grid = ours_game.grid
    spiel = pyspiel.load_game("latent_ttt")
    results, moves, lost = {1.0: 0, -1.0: 0, 0.0: 0}, 0, 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        ours, theirs = ours_game.start(), spiel.new_initial_state()
        while not ours.is_over:
            where = f"game {seed}, move {len(ours.history)}"
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, where
            legal = sorted(ttt_cell(grid, a) for a in theirs.legal_actions())
            assert legal == [m.to for m in ours.legal_moves], where
            assert [m.to for m in ours.seen_by(ours.turn).legal_moves] == legal, where  # from the view alone
            for player in (0, 1):
                assert board_seen(ours, player) == theirs.observation_string(player), where
            move = rng.choice(ours.legal_moves)
            action = next(a for a in range(9) if ttt_cell(grid, a) == move.to)
            lost += bool(ours.boards[1 - ours.turn] >> move.to & 1)
            theirs.apply_action(action)
            ours = ours.play(move)
            moves += 1
        assert theirs.is_terminal() and tuple(theirs.returns()) == ours.returns(), f"game {seed}"
        results[ours.returns()[0]] += 1
    assert all(results.values()) and lost > GAMES / 10 and moves > 6 * GAMES
