"""The conformance kit (boardgames.testing and its pytest plugin), the
built-in games and the example Othello package checked by it, and what the
kit and the framework say about broken games."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import boardgames
from boardgames import Move
from boardgames.testing import ContractError, check_game
from helpers import TICTACTOE, install_example, make_distribution, run_with

ROOT = Path(__file__).resolve().parent.parent


def test_donuts_keeps_the_contract(check_game):
    check_game("donuts", games=20)


def test_verso_keeps_the_contract(check_game):
    check_game("verso", games=10, options={"size": 5, "pieces": 3, "max_moves": 20})
    check_game("verso", games=3, options={"size": 6, "flip": "adjacent", "max_moves": 30})


# -- broken games: the kit names the contract, the seeded game and the move -----


def tictactoe() -> type[boardgames.Game]:
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    return namespace["TicTacToe"]  # type: ignore[return-value]


def broken(name: str, **methods: object) -> type[boardgames.Game]:
    return type(name, (tictactoe(),), {"name": name, **methods})


def unsorted(self, state):
    return tuple(reversed(tictactoe().generate_moves(self, state)))


def twice(self, state):
    moves = tictactoe().generate_moves(self, state)
    return moves + moves[:1]


def raises_late(self, state, move):
    if len(state.history) == 4:
        raise ZeroDivisionError("division by zero in apply")
    return tictactoe().apply(self, state, move)


def never_ends(self, state, move):
    after = tictactoe().apply(self, state, move)
    return (
        after
        if after.outcome is None
        else type(after)(game=self, history=after.history, turn=after.turn, boards=after.boards)
    )


def forgetful_key(self, state):
    return (state.boards[0], state.turn)  # the second player's pieces left out


def boastful(self, state, move):
    return True  # every move wins at once, it says


def overconfident(self, state, player):
    return 1.0  # not strictly between -1 and 1


def first_always_wins(self, state, rng, policy):
    return 0


def pays_points(self, state, move):
    after = tictactoe().apply(self, state, move)
    if after.outcome is None:
        return after
    winner = after.outcome.winner_index
    points = tuple(1.5 if winner is None else 3.0 if p == winner else 0.0 for p in range(2))  # a draw shares
    return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=points))


@pytest.mark.parametrize(
    ("game", "contract", "where"),
    [
        (broken("unbounded", apply=pays_points), "result: the returns (", r"declare their bounds, returns_range"),
        (
            broken("overpaid", apply=pays_points, returns_range=(0.0, 1.0)),
            "result: the returns (",
            r"leave the declared returns_range \(0.0, 1.0\)",
        ),
        (broken("forgetful", position_key=forgetful_key), "keys: two different positions share a key", r"move \d"),
        (broken("boastful", wins_at_once=boastful), "wins_at_once: it says", r"move 1 \(after the start\)"),
        (broken("overconfident", evaluate=overconfident), "evaluate: 1.0", r"move 1 \(after the start\)"),
        (broken("lazy", playout=first_always_wins), "playout: ", r"wins 100% of the game's own random playouts"),
        (broken("unsorted", generate_moves=unsorted), "sorted legal moves", r"move 1 \(after the start\)"),
        (broken("twice", generate_moves=twice), "unique legal moves", r"move 1 \(after the start\)"),
        (broken("late", apply=raises_late), "playing", r"move 5 \(after \w\d \w\d \w\d \w\d\)"),
        (broken("endless", apply=never_ends), "", r"seeded game \d"),
    ],
)
def test_broken_games_fail_naming_contract_game_and_move(game, contract, where):
    with pytest.raises(ContractError) as info:
        check_game(game, games=5, seed=7)
    message = str(info.value)
    assert message.startswith(contract)
    assert re.search(where, message), message
    assert f"{game.name}, seeded game 7" in message


def test_the_pytest_plugin_reports_a_broken_contract(pytester):
    pytester.makepyfile(
        test_games=f"""
import boardgames
namespace = {{}}
exec({TICTACTOE!r}, namespace)
Good = namespace["TicTacToe"]

class Bad(Good):
    name = "bad"
    def generate_moves(self, state):
        return tuple(reversed(Good.generate_moves(self, state)))

def test_good(check_game):
    check_game(Good, games=3)

def test_bad(check_game):
    check_game(Bad, games=3)
"""
    )
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*sorted legal moves: they are not in order: bad, seeded game 0, move 1*"])


# -- a game that raises inside a move, through the CLI ---------------------------

RAISING_GAME = TICTACTOE.replace('name = "tictactoe"', 'name = "crashy"').replace(
    "        me = state.turn\n", "        me = state.turn\n        if len(state.history) == 2:\n            1 / 0\n"
)


def test_a_game_raising_inside_a_move_is_named_and_the_others_work(tmp_path: Path):
    make_distribution(tmp_path, "crashy_dist", {"crashy_plugin": RAISING_GAME}, {"crashy": "crashy_plugin"})
    env = {k: v for k, v in os.environ.items() if k != "BOARDGAMES_PLUGINS"} | {"PYTHONPATH": str(tmp_path)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "boardgames", *args], capture_output=True, text=True, env=env, timeout=60
        )

    bad = run("show", "crashy", "--moves", "a1 b1 c1")
    assert bad.returncode != 0 and bad.stdout == ""
    assert bad.stderr.strip() == (
        "Error: plugin 'crashy' failed: ZeroDivisionError: division by zero (BOARDGAMES_DEBUG=1 shows the traceback)"
    )
    assert run("show", "crashy", "--moves", "a1 b1").returncode == 0
    assert run("show", "donuts", "--seed", "1", "--moves", "c3", "--json").returncode == 0


# -- the example package ---------------------------------------------------------


@pytest.fixture(scope="module")
def othello_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("othello", tmp_path_factory.mktemp("othello-site"))


def test_othello_is_listed_and_opens_with_four_moves(othello_site):
    listed = run_with(othello_site, "-m", "boardgames", "list")
    assert [line.split()[0] for line in listed.stdout.splitlines()] == ["donnant", "donuts", "othello", "verso"]
    shown = run_with(othello_site, "-m", "boardgames", "show", "othello", "--json")
    state = json.loads(shown.stdout)
    assert state["players"] == ["black", "white"] and state["to_move"] == "black"
    assert state["pieces"] == {"d4": "white", "d5": "black", "e4": "black", "e5": "white"}
    assert state["legal_moves"] == ["c4", "d3", "e6", "f5"]


def test_othello_is_played_by_the_agents_and_passes_the_kit(othello_site):
    played = run_with(
        othello_site,
        "-m",
        "boardgames",
        "arena",
        "othello",
        "--players",
        "mcts:iterations=20,alphabeta:depth=1",
        "--games",
        "2",
        "--jobs",
        "1",
        "--json",
    )
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 2
    kit = run_with(
        othello_site, "-c", "from boardgames.testing import check_game; print(check_game('othello', games=4))"
    )
    assert kit.returncode == 0, kit.stderr
    assert int(kit.stdout) > 4 * 50


def test_othello_passes_when_it_must(othello_site):
    # Random games until a player has no disc to place: its only move is "pass",
    # typed as such, and the other player moves next.
    code = """
import random, boardgames
game = boardgames.game_class("othello").configure()
for seed in range(500):
    rng, state = random.Random(seed), game.start()
    while not state.is_over and state.legal_moves != (boardgames.PASS,):
        state = state.play(rng.choice(state.legal_moves))
    if not state.is_over:
        after = state.play("pass")
        print(state.to_move, after.to_move, after.history[-1].is_pass, after.is_over)
        break
"""
    out = run_with(othello_site, "-c", code)
    assert out.returncode == 0, out.stderr
    mover, next_mover, passed, over = out.stdout.split()
    assert mover != next_mover and passed == "True" and over == "False"


def test_othello_uses_only_the_documented_api():
    source = (ROOT / "examples" / "othello" / "boardgames_othello" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}


def test_moves_are_compared_by_value():
    assert Move(-1, 3) == boardgames.place(3) and boardgames.PASS.is_pass


@pytest.mark.parametrize(
    ("levels", "message"),
    [
        (("random", "greedy"), "declares 2 levels, not 6"),
        (("random",) * 5 + ("wizard",), "unknown agent 'wizard'"),
        (("random",) * 5 + ("human",), "a level is an agent"),
    ],
)
def test_declared_levels_must_be_six_agent_specs(levels, message):
    game = type("Levelled", (tictactoe(),), {"name": "levelled", "levels": levels})
    with pytest.raises(ContractError, match=message):
        check_game(game, games=1)


def test_the_default_key_holds_every_field_of_the_state_but_what_is_only_shown():
    import attrs

    from boardgames.rules.bitboard import BitboardState

    @attrs.frozen(kw_only=True, slots=False)
    class ArrowState(BitboardState):
        arrows: int = 0  # a neutral piece the owners do not show: Amazons' arrows

    game = tictactoe().configure(seed=1)
    plain = ArrowState(game=game, boards=(1, 2))
    assert plain.key != attrs.evolve(plain, arrows=4).key  # was equal: the key ignored the new field
    assert plain.key == attrs.evolve(plain, changed=2).key  # what the last move flipped is only shown
    assert plain.key != attrs.evolve(plain, turn=1).key
    moved = game.start().play("a1")
    assert moved.key == attrs.evolve(moved, history=()).key  # the history is not the position...
    remembering = type("Remembering", (tictactoe(),), {"name": "remembering", "history_in_key": True})
    again = remembering.configure(seed=1).start().play("a1")
    assert again.key != attrs.evolve(again, history=()).key  # ...unless the game says its future depends on it
