"""Playouts cut short and valued by mobility (issue 25): the count of ways to
begin a move, whole moves or parts alike, or of the squares reached; whether
it tells a game's sides apart, and which count suits it; and ``mcts`` using
it by default only where it tells, counted as the game's probe says."""

from __future__ import annotations

import random

from boardgames.agents.base import Budget
from boardgames.agents.cutoff import counts_squares, cut_playout, mobility, reach, tells
from boardgames.agents.mcts import MctsAgent
from boardgames.agents.mcts import settings as mcts_module
from boardgames.rules.parts import random_move
from boardgames.testing import rules_only
from helpers import TICTACTOE, load_example


def tictactoe() -> type:
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    return namespace["TicTacToe"]  # type: ignore[return-value]


def test_mobility_counts_the_ways_to_begin_a_move_whole_moves_or_parts():
    othello = load_example("othello").Othello.configure({}).start()
    assert mobility(othello) == 4  # the four placements of the opening
    go = load_example("go").Go.configure({"size": 5}).start()
    assert mobility(go) == 25  # every point; the pass is not a way to move
    amazons = load_example("amazons").Amazons.configure({}).start()
    rng = random.Random(5)
    for _ in range(12):  # against the whole moves, listed from the parts
        pairs = {(m.origin, m.to) for m in amazons.legal_moves}
        assert mobility(amazons) == len(pairs) > 0
        amazons = amazons.play_unchecked(random_move(amazons.parts, rng))


def test_reach_counts_each_square_a_piece_can_go_to_once():
    amazons = load_example("amazons").Amazons.configure({}).start()
    rng = random.Random(4)
    for _ in range(12):  # against the whole moves' destinations, listed from the parts
        squares = {m.to for m in amazons.legal_moves}
        assert reach(amazons) == len(squares) > 0 and reach(amazons) < mobility(amazons)  # amazons share squares
        amazons = amazons.play_unchecked(random_move(amazons.parts, rng))
    othello = load_example("othello").Othello.configure({}).start()
    assert reach(othello) == mobility(othello) == 4  # placements: the two counts are one


def test_squares_are_counted_where_no_piece_ever_leaves_the_board():
    assert counts_squares(load_example("amazons").Amazons.configure({}))  # amazons stay, arrows are neutral
    assert not counts_squares(load_example("breakthrough").Breakthrough.configure({}))  # pieces are taken
    assert not counts_squares(load_example("othello").Othello.configure({}))  # discs change hands


def test_mcts_counts_squares_at_amazons_and_moves_at_breakthrough(monkeypatch):
    calls = {"squares": 0, "moves": 0}

    def counted(kind, count):
        def wrapper(state):
            calls[kind] += 1
            return count(state)

        return wrapper

    monkeypatch.setattr(mcts_module, "reach", counted("squares", reach))
    monkeypatch.setattr(mcts_module, "mobility", counted("moves", mobility))
    for name, cls, kind in (("amazons", "Amazons", "squares"), ("breakthrough", "Breakthrough", "moves")):
        state = rules_only(getattr(load_example(name), cls)).configure({}).start()
        before = dict(calls)
        MctsAgent().choose(state, Budget(iterations=40), random.Random(1))
        other = "moves" if kind == "squares" else "squares"
        assert calls[kind] > before[kind] and calls[other] == before[other], (name, calls)
    forced = rules_only(load_example("breakthrough").Breakthrough).configure({}).start()
    before = calls["squares"]
    MctsAgent(count="squares").choose(forced, Budget(iterations=40), random.Random(1))
    assert calls["squares"] > before


def test_mobility_tells_apart_the_sides_of_othello_and_amazons_not_go_or_hex():
    assert tells(load_example("othello").Othello.configure({}))
    assert tells(load_example("amazons").Amazons.configure({}))
    assert not tells(load_example("go").Go.configure({}))  # any empty point is a move for either side
    assert not tells(load_example("hex").Hex.configure({}))
    assert not tells(tictactoe().configure())  # nine squares: the square a move takes is a ninth of them


def test_a_cut_playout_is_the_share_of_mobility_of_the_player_who_moved():
    othello = rules_only(load_example("othello").Othello).configure({}).start()
    for seed in range(20):
        value = cut_playout(othello, random.Random(seed), 3)
        assert 0.0 <= value <= 1.0
        # The same three moves by hand: black, white, black; white is to move and black moved last.
        rng, state = random.Random(seed), othello
        for _ in range(3):
            before, state = state, state.play_unchecked(rng.choice(state.legal_moves))
        black, white = mobility(before), mobility(state)
        assert value == black / (black + white)
    assert cut_playout(othello, random.Random(1), 0) == 0.5  # no move played: even
    amazons, rng = load_example("amazons").Amazons.configure({}).start(), random.Random(3)
    while not amazons.is_over:
        amazons = amazons.play_unchecked(random_move(amazons.parts, rng))
    assert cut_playout(amazons, random.Random(1), 4) == float(amazons.outcome.winner_index == 0)


def test_mcts_values_by_mobility_where_it_tells_and_keeps_rave_elsewhere():
    othello = rules_only(load_example("othello").Othello).configure({}).start()
    go = rules_only(load_example("go").Go).configure({"size": 5}).start()
    for state, by_mobility in ((othello, True), (go, False)):
        agent = MctsAgent()
        move = agent.choose(state, Budget(iterations=150), random.Random(2))
        assert state.is_legal(move) and agent.root is not None
        assert bool(agent.root.amaf) is not by_mobility  # RAVE's statistics only where playouts run to the end
        again = MctsAgent()
        assert again.choose(state, Budget(iterations=150), random.Random(2)) == move
    forced = MctsAgent(mobility="on")
    forced.choose(go, Budget(iterations=60), random.Random(2))
    assert forced.root is not None and not forced.root.amaf
