"""Playouts cut short and valued by mobility (issue 25): the count of ways to
begin a move, whole moves or parts alike; whether it tells a game's sides
apart; and ``mcts`` using it by default only where it does."""

from __future__ import annotations

import random

from boardgames.agents.base import Budget
from boardgames.agents.cutoff import cut_playout, mobility, tells
from boardgames.agents.mcts import MctsAgent
from boardgames.parts import random_move
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
