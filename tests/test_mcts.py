"""MCTS draws its random numbers inline where it can (``random.Random``'s
choice and shuffle written out, a fifth of a simulation's own cost at Hex):
the search must be exactly the one the standard calls make."""

from __future__ import annotations

import random

from boardgames.agents import mcts
from boardgames.agents.base import Budget
from boardgames.agents.mcts import MctsAgent, playouts
from helpers import load_example


class SpelledOut(random.Random):
    """The same numbers as random.Random, drawn through its own choice and
    shuffle: a search cannot inline them and calls them."""

    def choice(self, seq):  # type: ignore[no-untyped-def]
        return super().choice(seq)

    def shuffle(self, x):  # type: ignore[no-untyped-def]
        super().shuffle(x)


def tree(node: mcts.Node) -> list[object]:
    """Everything a search learnt at ``node`` and below it."""
    return [
        (child.move, child.partial, child.visits, child.wins, child.proven, sorted(child.amaf.items()), tree(child))
        for child in node.children
    ]


def test_the_search_draws_what_random_random_would_draw():
    assert playouts._inlinable(random.Random(1)) and not playouts._inlinable(SpelledOut(1))
    numbers, spelled = list(range(50)), list(range(50))
    playouts.shuffle(numbers, random.Random(4))
    SpelledOut(4).shuffle(spelled)
    assert numbers == spelled != list(range(50))
    # RAVE (random playouts), with and without passes: Hex without the evaluation its edges give it.
    played_out = type("PlayedOutHex", (load_example("hex").Hex,), {"has_evaluation": False})
    for cls, options in ((played_out, {"size": 7}), (load_example("go").Go, {"size": 5})):
        state = cls.configure(options).start()
        line = random.Random(2)
        for seed in range(3):
            inline, called = MctsAgent(), MctsAgent()
            move = inline.choose(state, Budget(iterations=120), random.Random(seed))
            assert called.choose(state, Budget(iterations=120), SpelledOut(seed)) == move
            assert inline.root is not None and called.root is not None
            assert tree(inline.root) == tree(called.root) and inline.root.amaf  # RAVE learnt, the same way
            state = state.play_unchecked(line.choice(state.legal_moves))


def test_the_speed_benchmark_compares_a_commits_search_with_the_working_trees(tmp_path):
    """benchmarks/mcts_speed.py: simulations a second of both, and the same
    choices at every position when MCTS did not change; a wrong game or
    commit is one line and a non-zero exit."""
    import json
    import subprocess
    import sys

    from helpers import ROOT

    def bench(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, str(ROOT / "benchmarks" / "mcts_speed.py"), *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)

    changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "core/agents/mcts/"], cwd=ROOT).returncode
    out = tmp_path / "speed.json"
    done = bench("HEAD", "--games", "hex", "--rounds", "1", "--positions", "2", "--json", str(out))
    assert done.returncode in ((0,) if not changed else (0, 1)), done.stderr
    saved = json.loads(out.read_text())
    assert [row["position"] for row in saved["speed"]] == ["start", "mid"]
    assert all(row["before_per_s"] > 0 and row["now_per_s"] > 0 for row in saved["speed"])
    if not changed:
        assert saved["different"] == 0 and "at 2 of 2 positions" in done.stdout
    for wrong in (("HEAD", "--games", "chess"), ("no-such-commit",)):
        refused = bench(*wrong)
        assert refused.returncode == 2 and refused.stderr.startswith("error: ") and "Traceback" not in refused.stderr


def test_mast_playouts_play_the_move_that_did_best_most_of_the_time():
    """MAST (``mast=on``): a playout draws a move, then 60% of the time plays
    instead the one with the best average over the search's playouts; a pass
    is never that choice (Go's playouts would stop at once), and the averages
    are each move's own, per player."""
    go = load_example("go").Go.configure({"size": 5}).start()
    tables = (playouts.Averages(), playouts.Averages())
    playouts.update_mast(tables, ([go.legal_moves[3], playouts.PASS], [go.legal_moves[5]]), 1.0)
    playouts.update_mast(tables, ([go.legal_moves[3]], [go.legal_moves[5], go.legal_moves[6]]), 0.0)
    assert tables[0][go.legal_moves[3]] == 0.5 and tables[1][go.legal_moves[5]] == 0.5
    assert tables[1][go.legal_moves[6]] == 1.0 and tables[0][playouts.PASS] == -1.0
    assert tables[0][go.legal_moves[9]] == 0.5
    favourite = go.legal_moves[7]
    tables[0][favourite] = 0.9
    first = [playouts.recorded_playout(go, random.Random(seed), tables)[1][0][0] for seed in range(400)]
    share = first.count(favourite) / len(first)
    assert 0.55 < share < 0.72, share  # 0.6 + 0.4 / 26 expected; a uniform draw gives 1 / 26


def test_mast_searches_as_reproducibly_inline_as_through_the_calls():
    hex_game = type("PlayedOutHex", (load_example("hex").Hex,), {"has_evaluation": False})
    state = hex_game.configure({"size": 5}).start()
    for seed in range(3):
        inline, called = MctsAgent(mast="on"), MctsAgent(mast="on")
        move = inline.choose(state, Budget(iterations=150), random.Random(seed))
        assert called.choose(state, Budget(iterations=150), SpelledOut(seed)) == move
        assert inline.root is not None and called.root is not None and tree(inline.root) == tree(called.root)
    without = MctsAgent()
    without.choose(state, Budget(iterations=150), random.Random(2))
    assert without.root is not None and tree(without.root) != tree(inline.root)  # MAST changed the playouts


def own_eyes_filled(state: object, played: tuple[list[playouts.Move], list[playouts.Move]]) -> int:
    """How many moves of a playout from ``state`` (players in turn, as in Go)
    put a stone on a point whose neighbours were all the mover's stones."""
    order = [iter(played[0]), iter(played[1])]
    filled = 0
    while state.outcome is None:  # type: ignore[attr-defined]
        move = next(order[state.turn])  # type: ignore[attr-defined]
        mine = state.boards[state.turn]  # type: ignore[attr-defined]
        filled += move.is_placement and not state.game.grid.beside[move.to] & ~mine  # type: ignore[attr-defined]
        state = state.play_unchecked(move)  # type: ignore[attr-defined]
    return filled


def test_playouts_do_not_fill_their_own_eyes_while_another_move_remains():
    """The eye rule (``eyes=on``, the default): a random playout feeding RAVE
    never puts a stone where every neighbour is already the mover's (Go can
    always pass instead), where without it random Go fills its own eyes; the
    default search at Go plays such playouts."""
    go = load_example("go").Go.configure({"size": 5}).start()
    eyes = playouts.eyes_of(go)
    assert eyes == go.game.grid.beside
    with_rule = [playouts.recorded_playout(go, random.Random(seed), None, eyes) for seed in range(60)]
    without = [playouts.recorded_playout(go, random.Random(seed)) for seed in range(60)]
    assert sum(own_eyes_filled(go, played) for _, played in with_rule) == 0
    assert sum(own_eyes_filled(go, played) for _, played in without) > 20
    assert sum(len(a) + len(b) for _, (a, b) in with_rule) < sum(len(a) + len(b) for _, (a, b) in without)
    trees = []
    for setting in ({}, {"eyes": "off"}):
        agent = MctsAgent(**setting)
        agent.choose(go, Budget(iterations=200), random.Random(3))
        assert agent.root is not None
        trees.append(tree(agent.root))
    assert trees[0] != trees[1]


def test_mix_blends_the_evaluation_into_playout_values():
    """``mix=λ``: where the game has an evaluation, new nodes are still played
    out (RAVE learns, as with rules only), and each value is (1 - λ) of the
    playout's and λ of the evaluation's; λ = 1 leaves the evaluation alone
    in every node's mean, whatever the playouts gave."""
    base = load_example("go").Go

    class Valued(base):  # type: ignore[misc, valid-type]
        def evaluate(self, state, player):  # type: ignore[no-untyped-def]
            return 0.5 if player == 0 else -0.5  # black is always 0.75 of a win

    start = Valued.configure({"size": 5}).start()
    assert Valued.has_evaluation
    for mix, amaf in ((0.0, False), (0.5, True), (1.0, True)):
        agent = MctsAgent(mix=mix)
        agent.choose(start, Budget(iterations=150), random.Random(5))
        assert agent.root is not None and bool(agent.root.amaf) is amaf  # evaluation alone: no playouts
        child = max(agent.root.children, key=lambda c: c.visits)
        # Black moved into it: 0.75 each time by the evaluation alone, some other mean with playouts in.
        assert (abs(child.wins / child.visits - 0.75) < 1e-9) is (mix != 0.5)


def test_a_search_whose_time_runs_out_before_a_first_simulation_still_moves():
    # With rules only, the first search of a game also probes it (a few random games); where that took the
    # whole budget (Chinese checkers' 1,000-move games), best_child found no child: max() of nothing.
    import boardgames

    state = boardgames.game_class("verso").configure().start()
    for seed in range(5):
        move = MctsAgent().choose(state, Budget(time=1e-9), random.Random(seed))
        assert state.is_legal(move)
