"""The Go example package (examples/go): the conformance kit, captures, ko,
suicide and scoring on hand-made positions, agreement with OpenSpiel's
``go`` move for move and result for result (its positional superko
included: a repeated position ends the game drawn), and the command line with
the package installed."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames.testing import plugin
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with

#: Sizes, seeded random games compared with OpenSpiel, and the komi (draws possible with a whole one).
AGREEMENT = ((5, 200, 7.5), (3, 400, 7.5), (2, 100, 0.0), (4, 100, 0.0), (9, 20, 7.5))


@pytest.fixture(scope="module")
def go_plugin() -> Iterator[None]:
    with plugin(load_example("go"), "go-under-test"):
        yield


def go(size: int = 5, komi: float = 7.5) -> Any:
    return boardgames.game_class("go").configure({"size": size, "komi": komi})


def test_go_keeps_the_contract(check_game, go_plugin):
    check_game("go", games=6, options={"size": 5})
    check_game("go", games=2, options={"size": 9})


def test_go_names_points_without_i_and_starts_with_black(go_plugin):
    game = boardgames.game_class("go").configure()
    state = game.start()
    assert game.options == {"size": 9, "komi": 7.5} and game.max_length == 162
    names = [state.format_move(m) for m in state.legal_moves]
    assert state.to_move == "black" and "i1" not in names and "j1" in names and names[0] == "pass"


def test_a_capture_takes_the_stones_and_says_so(go_plugin):
    state = go().replay("b1 a1 c2 pass".split())  # white a1 has one liberty left: a2
    taken = state.play("a2")
    assert "a1" not in taken.pieces() and taken.view().changed == (0,)
    assert taken.view().words.changed == "captured"


def test_simple_ko_cannot_be_retaken_at_once_and_suicide_is_refused(go_plugin):
    #   3 . X O        black b3 a2 b1, white c3 d2 c1 b2; black c2 takes b2,
    #   2 X O . O      a lone stone with one liberty, where b2 was: a ko
    #   1 . X O
    ko = go().replay("b3 c3 a2 d2 b1 c1 pass b2 c2".split())
    assert "b2" not in ko.pieces() and ko.pieces()["c2"] == "black"
    legal = {ko.format_move(m) for m in ko.legal_moves}
    assert "b2" not in legal and "e5" in legal  # not retaken at once
    later = ko.play("e5").play("e1")
    assert "b2" in {later.format_move(m) for m in later.legal_moves}  # after a move elsewhere it may be
    # Suicide: black on a1 between white b1 and a2 takes nothing and has no liberty.
    mouth = go().replay("pass b1 pass a2".split())
    assert mouth.to_move == "black" and "a1" not in {mouth.format_move(m) for m in mouth.legal_moves}
    assert "a1" in {mouth.play("pass").format_move(m) for m in mouth.play("pass").legal_moves}  # white may


def test_two_passes_end_the_game_scored_by_area(go_plugin):
    state = go(size=5, komi=7.5).replay("c3 pass pass".split())
    assert state.is_over and state.winner == "black"
    assert state.result_text() == "black wins: 17.5 points ahead (25 to 7.5, komi included)"
    assert {i for _, i in state.view().overlays} == {0}  # the whole board is black's area
    drawn = go(size=2, komi=0.0).replay("pass pass".split())
    assert drawn.is_over and drawn.winner is None


def openspiel_names(theirs: Any) -> dict[str, int]:
    """OpenSpiel's legal actions by our notation (``B c3`` is ``c3``, ``B PASS`` is ``pass``)."""
    return {theirs.action_to_string(a).split()[1].lower(): a for a in theirs.legal_actions()}


def play_both(pyspiel: Any, size: int, games: int, komi: float) -> tuple[int, list[int]]:
    game = go(size, komi)
    spiel = pyspiel.load_game("go", {"board_size": size, "komi": komi})
    moves, results = 0, [0, 0, 0]
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            where = f"size {size}, game {seed}, after {ours.describe()}"
            assert not theirs.is_terminal(), where
            names = openspiel_names(theirs)
            assert sorted(ours.format_move(m) for m in ours.legal_moves) == sorted(names), where
            move = rng.choice(ours.legal_moves)
            theirs.apply_action(names[ours.format_move(move)])
            ours = ours.play(move)
            moves += 1
        winner = ours.outcome.winner_index
        assert theirs.is_terminal(), f"size {size}, game {seed}: {ours.result_text()}"
        assert round(theirs.returns()[0]) == {None: 0, 0: 1, 1: -1}[winner], f"size {size}, game {seed}"
        results[2 if winner is None else winner] += 1
    return moves, results


def test_go_agrees_with_openspiel_move_for_move(go_plugin):
    pyspiel = need_pyspiel()
    total_games = total_moves = 0
    draws = 0
    for size, games, komi in AGREEMENT:
        moves, results = play_both(pyspiel, size, games, komi)
        total_games, total_moves, draws = total_games + games, total_moves + moves, draws + results[2]
        assert results[0] and results[1], (size, results)  # both colours win some
    assert total_games >= 200 and total_moves > 10_000 and draws  # repetitions and even scores too


@pytest.fixture(scope="module")
def go_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("go", tmp_path_factory.mktemp("go-site"))


def test_go_is_shown_through_the_cli(go_site, tmp_path):
    shown = run_with(go_site, "-m", "boardgames", "show", "go", "-o", "size=5", "--moves", "c3 b3 pass", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["pieces"] == {"b3": "white", "c3": "black"} and state["to_move"] == "white"
    text = run_with(go_site, "-m", "boardgames", "show", "go", "-o", "size=5", "--moves", "c3 pass pass")
    assert "black wins: 17.5 points ahead" in text.stdout and "b black area" in text.stdout
    picture = tmp_path / "go.svg"
    drawn = run_with(go_site, "-m", "boardgames", "show", "go", "--moves", "e5", "--svg", str(picture))
    assert drawn.returncode == 0 and picture.read_text().startswith("<svg")


def test_go_uses_only_the_documented_api():
    source = (ROOT / "examples" / "go" / "boardgames_go" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 150
