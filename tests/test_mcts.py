"""MCTS draws its random numbers inline where it can (``random.Random``'s
choice and shuffle written out, a fifth of a simulation's own cost at Hex):
the search must be exactly the one the standard calls make."""

from __future__ import annotations

import random

from boardgames.agents import mcts
from boardgames.agents.base import Budget
from boardgames.agents.mcts import MctsAgent
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
    assert mcts._inlinable(random.Random(1)) and not mcts._inlinable(SpelledOut(1))
    numbers, spelled = list(range(50)), list(range(50))
    mcts._shuffle(numbers, random.Random(4))
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
    choices at every position when mcts.py did not change; a wrong game or
    commit is one line and a non-zero exit."""
    import json
    import subprocess
    import sys

    from helpers import ROOT

    def bench(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, str(ROOT / "benchmarks" / "mcts_speed.py"), *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=ROOT)

    changed = subprocess.run(["git", "diff", "--quiet", "HEAD", "--", "core/agents/mcts.py"], cwd=ROOT).returncode
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
    tables = (mcts._Averages(), mcts._Averages())
    mcts._update_mast(tables, ([go.legal_moves[3], mcts.PASS], [go.legal_moves[5]]), 1.0)
    mcts._update_mast(tables, ([go.legal_moves[3]], [go.legal_moves[5], go.legal_moves[6]]), 0.0)
    assert tables[0][go.legal_moves[3]] == 0.5 and tables[1][go.legal_moves[5]] == 0.5
    assert tables[1][go.legal_moves[6]] == 1.0 and tables[0][mcts.PASS] == -1.0 and tables[0][go.legal_moves[9]] == 0.5
    favourite = go.legal_moves[7]
    tables[0][favourite] = 0.9
    first = [mcts._recorded_playout(go, random.Random(seed), tables)[1][0][0] for seed in range(400)]
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
