"""The endgame solver and the prover against exhaustive search (every line
played to its end, no pruning, no table) on seeded random positions of
Donuts, Othello and tic-tac-toe, and the agents handing the end of a game to
the solver."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames.agents.solver import WIN, Prover, Unsolved, endgame_move, solve
from boardgames.testing import plugin
from helpers import FIVE_BOARD, TICTACTOE, load_othello


def exhaustive(state: boardgames.State, ply: int = 0) -> int:
    """The negamax score with the solver's convention: WIN minus the plies to a
    win, the plies to a loss minus WIN, 0 for a draw; best play throughout."""
    outcome = state.outcome
    if outcome is not None:
        if outcome.winner_index is None:
            return 0
        return WIN - ply if outcome.winner_index == state.turn else ply - WIN
    return max(-exhaustive(state.play(move), ply + 1) for move in state.legal_moves)


def endgames(game: boardgames.Game, empties: range, count: int, seed: int):
    """``count`` ongoing positions of seeded random games with a number of empty squares in ``empties``."""
    rng = random.Random(seed)
    found = 0
    while found < count:
        target = rng.choice(empties)
        state = game.start()
        while not state.is_over and game.grid.size - len(state.owners()) > target:
            state = state.play(rng.choice(state.legal_moves))
        if not state.is_over:
            found += 1
            yield state


def check_against_exhaustive(states) -> int:
    checked = 0
    for state in states:
        best = exhaustive(state)
        solution = solve(state)
        assert solution.value == (best > 0) - (best < 0), state.describe()
        assert solution.plies == (WIN - abs(best) if best else 0), state.describe()
        # The move gets the best result: its reply scores the opposite, one ply on.
        assert -exhaustive(state.play(solution.move), 1) == best, state.describe()
        checked += 1
    return checked


def test_donuts_solutions_agree_with_exhaustive_search():
    checked = 0
    for seed in range(12):  # a different random board each time (D2)
        game = boardgames.game_class("donuts").configure(seed=seed)
        checked += check_against_exhaustive(endgames(game, range(7, 14), 5, seed))
    assert checked == 60


def test_othello_solutions_agree_with_exhaustive_search():
    othello = load_othello()
    with plugin(othello, "othello-under-test"):
        game = boardgames.game_class("othello").configure()
        assert check_against_exhaustive(endgames(game, range(1, 8), 40, seed=5)) == 40


def test_solutions_of_a_game_the_solver_was_never_told_about():
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    game = namespace["TicTacToe"].configure()  # type: ignore[attr-defined]
    assert check_against_exhaustive(endgames(game, range(2, 8), 40, seed=9)) == 40
    assert solve(game.start()).value == 0  # tic-tac-toe is a draw


def test_a_win_now_is_the_solution():
    # Vanilla to move with a6-d6: e6 wins now; solve finds the one-ply win.
    game = boardgames.game_class("donuts").configure({"board": FIVE_BOARD, "first": "vanilla"})
    state = game.replay("a6 a5 b6 b5 c6 c5 d6 d5".split())
    solution = solve(state)
    assert (solution.value, solution.plies, state.format_move(solution.move)) == (1, 1, "e6")


def test_the_agents_hand_the_end_to_the_solver_where_the_game_allows():
    game = boardgames.game_class("donuts").configure(seed=3)
    near_end = next(endgames(game, range(game.solve_at - 4, game.solve_at + 1), 1, seed=3))
    for spec in ("alphabeta:depth=1", "mcts:iterations=5"):
        seat = boardgames.make_seat(spec)
        move = seat.agent.choose(near_end, seat.budget, random.Random(0))
        assert "solved" in seat.agent.stats and move == solve(near_end).move, spec
    plain = boardgames.make_seat("mcts:iterations=5:playout=random")  # plain UCT stays plain
    plain.agent.choose(near_end, plain.budget, random.Random(0))
    assert "solved" not in plain.agent.stats
    far = next(endgames(game, range(game.solve_at + 6, game.solve_at + 8), 1, seed=4))
    assert endgame_move(far, deadline=None) is None
    verso = boardgames.game_class("verso").configure({"size": 5, "pieces": 3})
    assert verso.endgame_size(verso.start()) is None and endgame_move(verso.start(), None) is None


def test_a_search_that_runs_out_says_so():
    game = boardgames.game_class("donuts").configure(seed=1)
    state = next(endgames(game, range(24, 27), 1, seed=1))
    with pytest.raises(Unsolved):
        solve(state, node_limit=50)
    with pytest.raises(ValueError, match="is over"):
        solve(_finished(game))


def _finished(game: boardgames.Game) -> boardgames.State:
    state, rng = game.start(), random.Random(0)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves))
    return state


def test_mcts_proves_forced_wins_and_plays_them():
    # Tic-tac-toe positions the solver says are won for the player to move,
    # not won at once: MCTS-Solver must prove each and play a winning move.
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    game = namespace["TicTacToe"].configure()  # type: ignore[attr-defined]
    checked = 0
    for state in endgames(game, range(3, 8), 200, seed=11):
        solution = solve(state)
        if solution.value != 1 or solution.plies < 3:
            continue
        seat = boardgames.make_seat("mcts:iterations=3000")
        move = seat.agent.choose(state, seat.budget, random.Random(checked))
        assert seat.agent.stats["proven"] == 1, state.describe()
        assert seat.agent.stats["iterations"] < 3000  # it stopped once the root was proven
        assert solve(state.play(move)).value == -1, state.describe()  # the reply loses
        checked += 1
    assert checked >= 10
    plain = boardgames.make_seat("mcts:iterations=50:playout=random")  # plain UCT proves nothing
    plain.agent.choose(game.start(), plain.budget, random.Random(0))
    assert plain.agent.stats["proven"] == 0


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def test_proofs_agree_with_exhaustive_search_with_the_table_kept_between_them():
    # One prover per game, as an agent keeps it through a game: what an
    # earlier proof left in its table must hold for every later position.
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    tictactoe = namespace["TicTacToe"].configure()  # type: ignore[attr-defined]
    othello = load_othello()
    with plugin(othello, "othello-under-test"):
        cases = [(boardgames.game_class("donuts").configure(seed=seed), range(7, 14), 8, seed) for seed in range(6)]
        cases += [(boardgames.game_class("othello").configure(), range(1, 8), 30, 5), (tictactoe, range(2, 8), 30, 9)]
        checked = 0
        for game, empties, count, seed in cases:
            prover = Prover()
            for state in endgames(game, empties, count, seed):
                best = _sign(exhaustive(state))
                value, move = prover.prove(state)
                assert value == best, state.describe()
                assert _sign(-exhaustive(state.play(move), 1)) == best, state.describe()  # the move gets it
                assert prover.known(state) == best
                checked += 1
    assert checked == 6 * 8 + 30 + 30


def test_a_proof_that_runs_out_says_so_and_keeps_what_it_proved():
    game = boardgames.game_class("donuts").configure(seed=1)
    state = next(endgames(game, range(24, 27), 1, seed=1))
    prover = Prover()
    with pytest.raises(Unsolved):
        prover.prove(state, node_limit=50)
    assert prover.known(state) is None and prover.table  # positions below the root were settled
    with pytest.raises(ValueError, match="is over"):
        prover.prove(_finished(game))


# A position from a game `mcts` lost to plain UCT (docs/strength.md, arena
# seed 20): chocolate to move, 26 empty squares, won by force; `mcts` then
# played d2, which loses by force.
LOST_GAME_BOARD = r"-\//|- |-\\/| /|--\/ \/-|-\ |\|/|- --/\/|"
LOST_GAME_MOVES = "e4 f3 d5 c6 a4 b5 e5 b2 a3 c1".split()


def test_the_prover_needs_fewer_positions_than_the_solver_far_from_the_end():
    game = boardgames.game_class("donuts").configure({"board": LOST_GAME_BOARD})
    state = game.replay(LOST_GAME_MOVES)
    prover = Prover()
    value, move = prover.prove(state)
    solution = solve(state)
    assert value == solution.value == 1 and prover.nodes * 2 < solution.nodes
    assert prover.prove(state.play(move))[0] == -1  # the reply is lost
    assert prover.prove(state.play(game.parse_move("d2")))[0] == 1  # what mcts played: won for vanilla
