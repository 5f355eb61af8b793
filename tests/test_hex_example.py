"""The Hex example package (examples/hex): the conformance kit, the rules on a
few hand-made positions, agreement with OpenSpiel's ``hex`` move for move and
result for result, and the command line with the package installed."""

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
from helpers import ROOT, install_example, load_hex, need_pyspiel, run_with

#: Sizes and seeded random games compared with OpenSpiel (more than 200 in all).
AGREEMENT = ((5, 300), (11, 50), (2, 20), (3, 30), (8, 20))


@pytest.fixture(scope="module")
def hex_plugin() -> Iterator[None]:
    with plugin(load_hex(), "hex-under-test"):
        yield


def hex_game(size: int) -> Any:
    return boardgames.game_class("hex").configure({"size": size})


# -- the kit and the rules -------------------------------------------------------


def test_hex_keeps_the_contract(check_game, hex_plugin):
    check_game("hex", games=8, options={"size": 5})
    check_game("hex", games=3, options={"size": 11})
    check_game("hex", games=2, options={"size": 1})


def test_hex_defaults_to_11_and_names_cells_as_openspiel(hex_plugin):
    game = boardgames.game_class("hex").configure()
    assert game.options["size"] == 11 and game.max_length == 121
    state = game.start()
    assert state.to_move == "red" and len(state.legal_moves) == 121
    assert state.format_move(state.legal_moves[0]) == "a1" and state.format_move(state.legal_moves[-1]) == "k11"
    with pytest.raises(boardgames.InvalidOptionError):
        boardgames.game_class("hex").configure({"size": 27})


@pytest.mark.parametrize(
    ("size", "moves", "winner"),
    [
        (1, "a1", "red"),  # one cell joins rank 1 to rank 1
        (2, "a1 b1 b2", None),  # a1 and b2 do not touch
        (2, "a1 b1 b2 a2", "blue"),  # b1 and a2 do: blue joins file a to file b
        (3, "b1 a1 a2 c1 a3", "red"),  # b1-a2-a3 joins rank 1 to rank 3
        (3, "a1 a2 b1 b2 c1", None),  # rank 1 alone is not red's goal
        (3, "a1 a2 b1 b2 c1 c2", "blue"),  # rank 2, file a to file c
    ],
)
def test_hex_wins_by_joining_the_players_own_sides(hex_plugin, size, moves, winner):
    state = hex_game(size).replay(moves.split())
    assert state.winner == winner and state.is_over == (winner is not None)
    if winner is not None:
        assert not state.legal_moves and winner in state.result_text()


# -- OpenSpiel's hex, move for move ----------------------------------------------


def openspiel_board(theirs: Any) -> list[str]:
    """OpenSpiel's cells, ``x``, ``o`` or ``.``, in action order (row by row)."""
    return str(theirs).split()


def our_board(state: Any, size: int) -> list[str]:
    owner = state.pieces()  # {"a1": "red", ...}
    mark = {"red": "x", "blue": "o"}
    names = [f"{chr(ord('a') + c)}{r + 1}" for r in range(size) for c in range(size)]  # action order
    return [mark.get(owner.get(name, ""), ".") for name in names]


def play_both(pyspiel: Any, size: int, games: int) -> tuple[int, int, list[int]]:
    """Seeded random games of both, in step; returns the games, the moves and
    each player's wins. Fails on the first legal move list, board, player to
    move or result that differs."""
    game = hex_game(size)
    spiel = pyspiel.load_game("hex", {"num_rows": size, "num_cols": size})
    moves, wins = 0, [0, 0]
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over:
            where = f"size {size}, game {seed}, after {ours.describe()}"
            assert not theirs.is_terminal(), where
            assert theirs.current_player() == ours.turn, where
            names = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            legal = [ours.format_move(m) for m in ours.legal_moves]
            assert len(set(legal)) == len(legal) and sorted(legal) == sorted(names), where
            move = rng.choice(ours.legal_moves)
            theirs.apply_action(names[ours.format_move(move)])
            ours = ours.play(move)
            moves += 1
        where = f"size {size}, game {seed}: {ours.result_text()}"
        assert theirs.is_terminal() and theirs.returns()[ours.outcome.winner_index] == 1, where
        assert openspiel_board(theirs) == our_board(ours, size), where
        wins[ours.outcome.winner_index] += 1
    return games, moves, wins


def test_hex_agrees_with_openspiel_move_for_move(hex_plugin):
    pyspiel = need_pyspiel()
    total_games = total_moves = 0
    for size, games in AGREEMENT:
        played, moves, wins = play_both(pyspiel, size, games)
        assert moves >= games and all(wins), (size, wins)  # both players win some
        total_games, total_moves = total_games + played, total_moves + moves
    assert total_games >= 200 and total_moves > 5000


# -- the command line, the package installed -------------------------------------


@pytest.fixture(scope="module")
def hex_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("hex", tmp_path_factory.mktemp("hex-site"))


def cli_with(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args)


def test_hex_is_listed_and_shown_through_the_cli(hex_site, tmp_path):
    listed = cli_with(hex_site, "list")
    assert "hex" in [line.split()[0] for line in listed.stdout.splitlines()], listed.stderr
    shown = cli_with(hex_site, "show", "hex", "-o", "size=5", "--moves", "a1 b2 c3", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["game"] == "hex" and state["options"] == {"size": 5}
    assert state["players"] == ["red", "blue"] and state["to_move"] == "blue" and state["status"] == "ongoing"
    assert state["pieces"] == {"a1": "red", "b2": "blue", "c3": "red"}
    assert len(state["legal_moves"]) == 22 and "e5" in state["legal_moves"] and "a1" not in state["legal_moves"]
    won = json.loads(cli_with(hex_site, "show", "hex", "-o", "size=2", "--moves", "a1 b1 b2 a2", "--json").stdout)
    assert won["winner"] == "blue" and won["legal_moves"] == []
    picture = tmp_path / "hex.svg"
    drawn = cli_with(hex_site, "show", "hex", "-o", "size=5", "--moves", "a1 b2 c3", "--svg", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    svg = picture.read_text()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "#c62828" in svg and "#1565c0" in svg
    text = cli_with(hex_site, "show", "hex", "-o", "size=5", "--moves", "a1 b2 c3")
    assert text.returncode == 0 and "blue to move" in text.stdout


def test_hex_uses_only_the_documented_api():
    source = (ROOT / "examples" / "hex" / "boardgames_hex" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 150
