"""The Einstein würfelt nicht example package (examples/einstein_wurfelt_nicht):
the conformance kit, the rules on hand-made positions, agreement with
OpenSpiel's ``einstein_wurfelt_nicht`` move for move and chance outcome for
chance outcome, and the command line with the package installed."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

NAME = "einstein_wurfelt_nicht"
#: Seeded random games compared with OpenSpiel.
AGREEMENT = 300


@pytest.fixture(scope="module")
def module() -> Any:
    return load_example(NAME)


@pytest.fixture(scope="module")
def einstein(module: Any) -> Iterator[Any]:
    with plugin(module, "einstein-under-test"):
        yield boardgames.game_class(NAME).configure()


# -- the mapping between OpenSpiel's actions and our moves -----------------------


def openspiel_board(theirs: Any) -> list[str]:
    """OpenSpiel's cells row by row: ``b3``, ``w5`` or ``__``."""
    return re.findall(r"\|(..)\|", str(theirs))


def our_board(module: Any, state: Any) -> list[str]:
    out = []
    for row in range(5):
        for col in range(5):
            v = state.cells[module.square(row, col)]
            out.append(f"b{v}" if v > 0 else f"w{-v}" if v < 0 else "__")
    return out


def at(seed: int, state: Any) -> str:
    """Where a comparison failed (made only then: an assertion's message)."""
    return f"game {seed}, after {state.describe()}: {state.result_text()}"


def play_both(module: Any, pyspiel: Any, games: int) -> tuple[int, list[int], int]:
    """Seeded random games of both, in step: at every position the same player
    to move (chance: OpenSpiel's -1, our CHANCE), the same legal moves or the
    same chance outcomes with the same probabilities, the same board; at the
    end the same returns. Returns the moves, each player's wins and the chance events."""
    game = boardgames.game_class(NAME).configure()
    spiel = pyspiel.load_game(NAME)
    moves, wins, events = 0, [0, 0], 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            assert not theirs.is_terminal(), at(seed, ours)
            assert theirs.current_player() == ours.turn, at(seed, ours)
            assert openspiel_board(theirs) == our_board(module, ours), at(seed, ours)
            if theirs.is_chance_node():
                mapped = {module.from_openspiel(ours, a): (a, p) for a, p in theirs.chance_outcomes()}
                outcomes = dict(ours.chance_outcomes())
                assert set(mapped) == set(outcomes) == set(ours.legal_moves), at(seed, ours)
                assert all(abs(outcomes[m] - p) < 1e-12 for m, (_, p) in mapped.items()), at(seed, ours)
                move = ours.draw_chance(rng)
                events += 1
            else:
                mapped = {module.from_openspiel(ours, a): (a, 0) for a in theirs.legal_actions()}
                assert len(mapped) == len(theirs.legal_actions()), at(seed, ours)
                assert sorted(mapped) == list(ours.legal_moves), at(seed, ours)
                move = rng.choice(ours.legal_moves)
            theirs.apply_action(mapped[move][0])
            ours = ours.play(move)
            moves += 1
        assert theirs.is_terminal(), at(seed, ours)
        assert list(theirs.returns()) == list(ours.returns()), at(seed, ours)
        assert openspiel_board(theirs) == our_board(module, ours), at(seed, ours)
        wins[ours.outcome.winner_index] += 1
    return moves, wins, events


def test_einstein_agrees_with_openspiel_move_for_move(einstein, module):
    pyspiel = need_pyspiel()
    moves, wins, events = play_both(module, pyspiel, AGREEMENT)
    assert all(w > 30 for w in wins), wins  # both players win some
    assert moves > 20 * AGREEMENT and events > 10 * AGREEMENT


# -- the kit and the rules -------------------------------------------------------


def test_einstein_keeps_the_contract(check_game, einstein):
    check_game(NAME, games=6)  # few: the notation of each of a setup's 720 outcomes is read back


def test_einstein_starts_with_chance_and_white_moves_first(einstein):
    start = einstein.start()
    assert start.is_chance and start.to_move == "chance" and len(start.legal_moves) == 720
    assert start.format_move(start.legal_moves[0]) == "setup:123456"
    state = einstein.replay(["setup:213456", "setup:123456", "roll:3"])
    assert state.to_move == "white" and state.pieces()["a5"] == "black" and state.contents()["a5"]["kind"] == "cube 2"
    # white's 3 is on e2: it steps left (taking its own 2 on d2), up (taking its own 1 on e3) or diagonally
    assert [state.format_move(m) for m in state.legal_moves] == ["e2-d2", "e2-d3", "e2-e3"]
    after = state.play("e2-d3")
    assert after.is_chance and after.play("roll:1").to_move == "black"


def test_einstein_moves_the_next_lower_or_higher_cube_when_the_roll_names_a_taken_one(einstein):
    # white's 3 takes white's own 1 on e3; then a roll of 1 lets white move only the next higher cube, 2 on d2
    state = einstein.replay(["setup:123456", "setup:123456", "roll:3", "e2-e3", "roll:6", "a3-b2", "roll:1"])
    assert state.to_move == "white" and {state.format_move(m)[:3] for m in state.legal_moves} == {"d2-"}
    # white's 2 takes black's 5 on c3; then a black roll of 5 offers the next lower (4 on a4) and higher (6 on a3)
    state = einstein.replay(
        ["setup:123456", "setup:123456", "roll:3", "e2-e3", "roll:5", "b4-c3", "roll:2", "d2-c3", "roll:5"]
    )
    assert {state.format_move(m)[:3] for m in state.legal_moves} == {"a4-", "a3-"}


def test_einstein_ends_in_the_far_corner_or_when_a_side_has_no_cube(einstein):
    reasons = set()
    for seed in range(60):
        rng, state = random.Random(seed), einstein.start()
        while not state.is_over:
            state = state.play(state.draw_chance(rng) if state.is_chance else rng.choice(state.legal_moves))
        winner = state.outcome.winner_index
        if "corner" in state.outcome.reason:
            assert state.pieces()[("e1", "a5")[winner]] == state.winner
        else:
            assert set(state.pieces().values()) == {state.winner}
        reasons.add(state.outcome.reason.split()[1])
    assert reasons == {"reaches", "takes"}


def test_einstein_refuses_a_roll_that_is_not_due_in_one_line(einstein):
    with pytest.raises(boardgames.IllegalMoveError, match="no chance event is due") as info:
        einstein.replay(["setup:123456", "setup:123456", "roll:3", "roll:4"])
    assert "\n" not in str(info.value)
    with pytest.raises(boardgames.IllegalMoveError, match="not an outcome"):
        einstein.replay(["setup:123456", "setup:123456", "roll:7"])


# -- the command line, the package installed -------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example(NAME, tmp_path_factory.mktemp("einstein-site"))


def cli_with(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args, cwd=cwd)


def test_einstein_is_listed_shown_and_played_through_the_cli(site, tmp_path):
    listed = cli_with(site, "list")
    assert NAME in [line.split()[0] for line in listed.stdout.splitlines() if line.strip()], listed.stderr
    shown = cli_with(site, "show", NAME, "--moves", "setup:213456 setup:123456 roll:3 e2-d3", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["to_move"] == "chance" and state["asked"] == ["chance"]
    assert state["history"][-2:] == ["roll:3", "e2-d3"]
    assert state["contents"]["d3"] == {"owner": "white", "kind": "cube 3"}
    assert state["legal_moves"] == [f"roll:{k}" for k in range(1, 7)]
    bad = cli_with(site, "show", NAME, "--moves", "setup:213456 setup:123456 roll:3 roll:4")
    assert bad.returncode != 0 and "no chance event is due" in bad.stderr and "Traceback" not in bad.stderr
    rules = cli_with(site, "rules", NAME)
    assert rules.returncode == 0 and "next lower or the next higher" in rules.stdout
    played = cli_with(site, "play", NAME, "--players", "random,random", "--seed", "3", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "black wins" in played.stdout or "white wins" in played.stdout


def test_einstein_uses_only_the_documented_api():
    source = (ROOT / "examples" / NAME / f"boardgames_{NAME}" / "__init__.py").read_text()
    imports = set(re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M))
    assert imports == {"boardgames"}
