"""Agents: one interface for every game, seeded, and sound on tactics."""

from __future__ import annotations

import math
import random
import types

import pytest

import boardgames
from boardgames import Budget, InvalidAgentSpecError, Move
from helpers import TICTACTOE, layout

SPECS = [
    "random",
    "greedy",
    "alphabeta:depth=2",
    "mcts:iterations=60",
    "mcts:iterations=60:playout=random",
    "mcts:iterations=60:playout=evaluate",
    "mcts:iterations=60:playout=heuristic",
    "mcts:iterations=60:prior=evaluation",
]
# Vanilla to move on rank 6 with a6-d6: e6 makes five (D7).
FIVE_BOARD = layout(a6="|", b6="|", c6="|", d6="|", e6="|", a5="/", b5="/", c5="/", d5="/")
BEFORE_FIVE = "a6 a5 b6 b5 c6 c5 d6 d5".split()


def tictactoe() -> type[boardgames.Game]:
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    return namespace["TicTacToe"]  # type: ignore[return-value]


def games_to_try():
    yield boardgames.game_class("donuts").configure(seed=1)
    yield boardgames.game_class("verso").configure({"size": 6, "pieces": 4})
    yield tictactoe().configure()  # a game the agents were never told about


@pytest.mark.parametrize("spec", SPECS)
def test_every_agent_plays_whole_legal_games_of_any_game(spec):
    for game in games_to_try():
        player = boardgames.make_player(spec)
        rng = random.Random(3)
        state = game.start()
        while not state.is_over:
            move = player.agent.choose(state, player.budget, rng)
            assert state.is_legal(move), (spec, game.name, state.describe())
            state = state.play(move)


@pytest.mark.parametrize("spec", SPECS)
def test_the_same_seed_gives_the_same_moves(spec):
    state = boardgames.game_class("donuts").configure(seed=4).replay(["c3", "c4"][:1])
    first = [boardgames.make_player(spec) for _ in range(2)]
    moves = [p.agent.choose(state, p.budget, random.Random(9)) for p in first]
    assert moves[0] == moves[1]


@pytest.mark.parametrize("spec", ["greedy", "alphabeta:depth=2", "mcts:iterations=100"])
def test_agents_take_a_win_in_one(spec):
    state = boardgames.game_class("donuts").configure({"board": FIVE_BOARD, "first": "vanilla"}).replay(BEFORE_FIVE)
    player = boardgames.make_player(spec)
    move = player.agent.choose(state, player.budget, random.Random(1))
    assert state.format_move(move) == "e6"


@pytest.mark.parametrize("spec", ["alphabeta:depth=3", "mcts:iterations=400"])
def test_search_agents_stop_a_win_in_one(spec):
    # Verso: light has b4 c4 d4 e4, dark a4. Blocking f4 or g4 alone loses
    # (g4 would flip f4, f4 completes five); dark must arrive on f4 and flip
    # one of the light run it then imprisons against a4 (V4).
    verso = boardgames.game_class("verso").configure({"size": 8})
    state = verso.replay("b4 a4 c4 h8 d4 h7 e4".split())
    assert {state.format_move(m) for m in state.legal_moves if state.format_move(m).startswith("f4")} == {
        "f4xb4",
        "f4xc4",
        "f4xd4",
        "f4xe4",
    }
    player = boardgames.make_player(spec)
    move = player.agent.choose(state, player.budget, random.Random(2))
    after = state.play(move)
    # Whatever dark did, light must not be able to win at once any more.
    assert after.winning_moves() == (), state.format_move(move)


def test_agents_look_for_wins_at_once_only_where_the_game_tests_them_quickly(monkeypatch):
    assert boardgames.game_class("donuts").quick_wins_test and boardgames.game_class("verso").quick_wins_test
    game = tictactoe()
    assert not game.quick_wins_test  # it does not override wins_at_once
    state = game.configure().start()
    # Its heuristic playout is then the random one, draw for draw.
    for seed in range(30):
        assert state.playout(random.Random(seed), "heuristic") == state.playout(random.Random(seed), "random")

    # And the default MCTS never calls the slow test (it would raise here).
    def slow(self, state, move):
        raise AssertionError("wins_at_once called on a game without a quick test")

    monkeypatch.setattr(game, "wins_at_once", slow)
    seat = boardgames.make_seat("mcts:iterations=200")
    assert seat.agent.choose(state, seat.budget, random.Random(1)) in state.legal_moves


def _root_visits(spec: str, state: boardgames.State) -> list[tuple[Move, int]]:
    seat = boardgames.make_seat(spec)
    seat.agent.choose(state, seat.budget, random.Random(7))
    return sorted((child.move, child.visits) for child in seat.agent.root.children)


def test_mcts_values_new_nodes_by_the_evaluation_where_the_game_has_one():
    assert boardgames.game_class("verso").has_evaluation and boardgames.game_class("donuts").has_evaluation
    game = tictactoe()
    assert not game.has_evaluation  # it does not override evaluate
    verso = boardgames.game_class("verso").configure({"size": 6, "pieces": 4}).replay(["c3", "d4"])
    for state, chosen, other in (
        (verso, "playout=evaluate:c=0.05", "playout=heuristic:c=1.4"),
        # rules only: playouts feeding RAVE, with RAVE's constant
        (game.configure().replay(["b2"]), "playout=heuristic:c=0.3", "playout=evaluate:c=0.05"),
    ):
        default = _root_visits("mcts:iterations=300", state)
        assert default == _root_visits(f"mcts:iterations=300:{chosen}", state), state.game.name
        assert default != _root_visits(f"mcts:iterations=300:{other}", state), state.game.name


def test_progressive_widening_searches_the_best_moves_by_the_evaluation_first():
    # prior=evaluation: the root's first child is the move the evaluation
    # likes best, and a node visited n times searches ceil(2 sqrt(n)) moves.
    state = boardgames.game_class("verso").configure({"size": 6, "pieces": 4}).replay(["c3", "d4"])
    me = state.turn
    best = max(state.play(m).evaluate(me) for m in state.legal_moves)
    for iterations in (10, 60, 300):
        seat = boardgames.make_seat(f"mcts:iterations={iterations}:prior=evaluation")
        seat.agent.choose(state, seat.budget, random.Random(7))
        root = seat.agent.root
        assert root.children[0].state.evaluate(me) == best
        assert len(root.children) == min(len(state.legal_moves), math.ceil(2 * math.sqrt(root.visits - 1)))
        plain = _root_visits(f"mcts:iterations={iterations}", state)
        assert len(plain) == min(len(state.legal_moves), iterations)  # without: every move, one by one


def test_winning_moves_agree_with_playing_them():
    for game in games_to_try():
        rng = random.Random(5)
        for seed in range(30):
            state = game.start()
            rng = random.Random(seed)
            while not state.is_over:
                wins = set(state.winning_moves())
                for move in state.legal_moves:
                    after = state.play(move)
                    assert (move in wins) == (after.winner == state.to_move), (game.name, state.describe())
                state = state.play(rng.choice(state.legal_moves))


def test_mcts_keeps_its_tree_between_moves():
    player = boardgames.make_player("mcts:iterations=300")
    state = boardgames.game_class("donuts").configure(seed=2).start()
    rng = random.Random(1)
    move = player.agent.choose(state, player.budget, rng)
    state = state.play(move)
    state = state.play(state.legal_moves[0])
    player.agent.choose(state, player.budget, rng)
    assert player.agent.stats["reused"] > 0
    player.agent.reset()
    player.agent.choose(state, player.budget, rng)
    assert player.agent.stats["reused"] == 0


def test_alphabeta_reports_its_search():
    player = boardgames.make_player("alphabeta:depth=3")
    state = boardgames.game_class("donuts").configure(seed=2).replay(["c3"])
    player.agent.choose(state, player.budget, random.Random(1))
    assert player.agent.stats["depth"] == 3 and player.agent.stats["nodes"] > 0


def test_time_budget_is_honoured_roughly():
    # Not a speed target: only that a timed agent answers instead of running on.
    import time

    player = boardgames.make_player("mcts:time=0.05")
    state = boardgames.game_class("verso").configure().start()
    start = time.perf_counter()
    player.agent.choose(state, player.budget, random.Random(1))
    assert time.perf_counter() - start < 5


@pytest.mark.parametrize(
    ("spec", "canonical"),
    [
        ("random", "random"),
        ("MCTS", "mcts"),
        ("mcts:time=2", "mcts:time=2"),
        ("mcts:iterations=5000", "mcts:iterations=5000"),
        ("alphabeta:depth=4", "alphabeta:depth=4"),
        ("mcts:playout=random:iterations=10", "mcts:iterations=10:playout=random"),
        ("mcts:playout=auto", "mcts"),
        ("mcts:prior=none", "mcts"),
        ("mcts:prior=evaluation:time=2", "mcts:time=2:prior=evaluation"),
        ("mcts:playout=heuristic:c=1.4", "mcts:playout=heuristic:c=1.4"),
    ],
)
def test_specs_parse_to_a_canonical_form(spec, canonical):
    player = boardgames.make_player(spec)
    assert player.spec == canonical
    assert boardgames.make_player(player.spec).spec == canonical


def test_spec_budgets():
    assert boardgames.make_player("mcts:time=2").budget == Budget(time=2.0)
    assert boardgames.make_player("alphabeta:depth=4").budget == Budget(depth=4)
    assert boardgames.make_player("mcts").budget == Budget(time=1.0)


@pytest.mark.parametrize(
    ("spec", "reason"),
    [
        ("mtcs", "unknown agent 'mtcs'"),
        ("mcts:depth=3", "mcts takes no parameter 'depth'"),
        ("mcts:time=-1", "time"),
        ("mcts:iterations", "is not NAME=VALUE"),
        ("alphabeta:depth=x", "expected a whole number"),
        ("mcts:playout=smart", "playout"),
    ],
)
def test_bad_specs_say_why_and_list_the_agents(spec, reason):
    with pytest.raises(InvalidAgentSpecError) as info:
        boardgames.make_player(spec)
    message = str(info.value)
    assert reason in message
    if "unknown agent" in message:
        assert "agents: alphabeta (depth=N, time=X, blunder=X), engine (" in message and message.endswith("human")
        assert "cmd=TEXT, margin=X), greedy (blunder=X), mcts (" in message
    else:  # the agent's parameters with the values each accepts
        assert "from 1 to" in message and (
            "mcts (time=a number from 0.001 to 3600" in message or "alphabeta" in message
        )
    assert "\n" not in message


def test_a_plugin_can_add_an_agent():
    from boardgames.testing import plugin

    class FirstMove(boardgames.Agent):
        name = "first"
        summary = "always the first legal move"

        def choose(self, state, budget, rng):
            return state.legal_moves[0]

    module = types.ModuleType("first_agent_plugin")
    module.register_agents = boardgames.hookimpl(lambda register: register(FirstMove))  # type: ignore[attr-defined]
    with plugin(module, "first-agent"):
        seat = boardgames.make_seat("first")
        state = boardgames.game_class("donuts").configure(seed=1).start()
        assert seat.agent.choose(state, seat.budget, random.Random()) == state.legal_moves[0]
        assert "first" in boardgames.registered_agents()
    assert "first" not in boardgames.registered_agents()


# -- the fast playout paths follow the rules -------------------------------------


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_donuts_fast_playouts_replay_through_the_public_api(policy):
    game = boardgames.game_class("donuts")
    for seed in range(300):
        config = game.configure(seed=seed)
        start = config.replay([]) if seed % 3 else config.replay(["c3"])
        trace: list[int] = []
        winner = config.playout(start, random.Random(seed), policy, trace)
        state = config.replay([Move(-1, sq) for sq in trace], start)
        assert state.is_over and state.outcome.winner_index == winner, seed


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_verso_fast_playouts_replay_through_the_public_api(policy):
    verso = boardgames.game_class("verso")
    for seed in range(150):
        config = verso.configure(
            {
                "size": 5 + seed % 4,
                "pieces": 3 + seed % 5,
                "max_moves": 30,
                "flip": "adjacent" if seed % 2 else "choice",
            }
        )
        trace: list = []
        winner = config.playout(config.start(), random.Random(seed), policy, trace)
        state = config.start()
        for move in trace:
            if state.is_over:  # the playout does not count repetitions (V7); nothing else may differ
                assert "third time" in state.outcome.reason
                break
            state = state.play(move)
        else:
            assert state.is_over and state.outcome.winner_index == winner, seed


def test_evaluations_are_bounded_and_antisymmetric():
    for game in list(games_to_try())[:2]:
        rng = random.Random(7)
        for _ in range(20):
            state = game.start()
            while not state.is_over:
                for player in (0, 1):
                    assert -1 <= state.evaluate(player) <= 1
                assert abs(state.evaluate(0) + state.evaluate(1)) < 1e-9
                state = state.play(rng.choice(state.legal_moves))
            assert state.evaluate(0) in (-1.0, 0.0, 1.0)


@pytest.mark.parametrize("agent", ["greedy", "mcts:iterations=30"])
def test_blunder_plays_random_moves_at_its_rate(agent):
    # Vanilla to move, and e6 makes five (D7): greedy and mcts always see it. mcts takes
    # blunder too, so that a ladder can have levels between greedy and full search.
    game = boardgames.game_class("donuts").configure({"board": FIVE_BOARD, "first": "vanilla"})
    state = game.replay(BEFORE_FIVE)
    win = state.parse_move("e6")
    chance = 1 / len(state.legal_moves)  # a random move finds it too, now and then
    for rate in (0.0, 0.5, 1.0):
        seat = boardgames.make_seat(f"{agent}:blunder={rate}")
        found = sum(seat.agent.choose(state, seat.budget, random.Random(k)) == win for k in range(400)) / 400
        expected = (1 - rate) + rate * chance
        assert abs(found - expected) < 0.08, (rate, found, expected)
    with pytest.raises(boardgames.InvalidAgentSpecError, match="blunder"):
        boardgames.make_seat("alphabeta:blunder=1.5")
