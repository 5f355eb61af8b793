"""The Phantom tic-tac-toe example (examples/phantom_ttt, Dark Hex too): the
conformance kit (views leak nothing, samples fit the view), the rule of a
failed try, agreement with OpenSpiel's ``phantom_ttt`` and ``dark_hex`` move
for move and each player's information state, and the command line with the
package installed."""

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
from helpers import ROOT, install_example, load_example, need_pyspiel, run_with, ttt_cell

GAMES = 300


@pytest.fixture(scope="module")
def module() -> Iterator[Any]:
    loaded = load_example("phantom_ttt")
    with plugin(loaded, "phantom-ttt-under-test"):
        yield loaded


def game() -> Any:
    return boardgames.game_class("phantom_ttt").configure()


def test_phantom_ttt_keeps_the_contract(check_game, module):
    check_game("phantom_ttt", games=30)


def test_dark_hex_keeps_the_contract(check_game, module):
    check_game("dark_hex", games=20)
    check_game("dark_hex", games=4, options={"size": 5})


def test_a_failed_try_reveals_the_mark_and_the_player_tries_again(module):
    state = game().replay(["b2", "b2"])  # nought tries cross's b2
    assert state.to_move == "nought" and state.pieces() == {"b2": "cross"}
    mine = state.seen_by(1)
    assert mine.pieces() == {"b2": "cross"} and "b2" not in {state.format_move(m) for m in mine.legal_moves}
    theirs = state.seen_by(0)
    assert theirs.pieces() == {"b2": "cross"} and [state.format_move(m) for m in theirs.history][0] == "b2"
    # Each sees what became of its own tries, and that the other's failed (it moves again), not where.
    assert [state.format_move(m) for m in mine.history] == ["?", "b2*"]
    assert [state.format_move(m) for m in theirs.history] == ["b2", "?"] and theirs.history[1] != mine.history[0]
    after = state.play("a1")
    assert after.seen_by(0).pieces() == {"b2": "cross"} and after.seen_by(1).pieces() == {"b2": "cross", "a1": "nought"}
    assert after.seen_by(None).pieces() == {} and after.to_move == "cross"


def test_a_sample_looks_to_the_player_exactly_like_its_view(module):
    rng = random.Random(5)
    g = game()
    for seed in range(60):
        moves = random.Random(seed)
        state = g.start()
        while not state.is_over and len(state.history) < moves.randrange(1, 12):
            state = state.play(moves.choice(state.legal_moves))
        if state.is_over:
            continue
        me = state.turn
        view = state.seen_by(me)
        drawn = g.sample(view, me, rng)
        assert g.hide(drawn, me) == g.hide(view, me) and drawn.legal_moves == view.legal_moves
        assert bin(drawn.boards[0]).count("1") - bin(drawn.boards[1]).count("1") == (1 if me == 1 else 0)


# -- OpenSpiel's phantom_ttt, move for move ---------------------------------------------


def our_information_state(state: Any, movers: list[int], player: int) -> str:
    """OpenSpiel's information state string (obstype reveal-numturns) made from
    what ``player`` sees of ``state``: its view of the board, the number of
    moves, its own tries and a ``?`` for each of the other's moves."""
    view = state.seen_by(player)
    grid = state.game.grid
    owner = view.owners()
    rows = ["".join(".xo"[owner.get(ttt_cell(grid, r * 3 + c), -1) + 1] for c in range(3)) for r in range(3)]
    action = {ttt_cell(grid, a): a for a in range(9)}
    sequence = "".join(
        f"{mover},{action[move.to]} " if move.origin >= -1 else f"{mover},? "
        for mover, move in zip(movers, view.history, strict=True)
    )
    return "\n".join(rows) + f"\n{len(state.history)}\n" + sequence


def test_phantom_ttt_agrees_with_openspiel_move_for_move(module):
    pyspiel = need_pyspiel()
    ours_game = game()
    grid = ours_game.grid
    spiel = pyspiel.load_game("phantom_ttt", {"obstype": "reveal-numturns"})
    plain = pyspiel.load_game("phantom_ttt")
    results, moves, failed = {1.0: 0, -1.0: 0, 0.0: 0}, 0, 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        ours, theirs, default = ours_game.start(), spiel.new_initial_state(), plain.new_initial_state()
        movers: list[int] = []
        while not ours.is_over:
            where = f"game {seed}, move {len(ours.history)}"
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, where
            legal = sorted(ttt_cell(grid, a) for a in theirs.legal_actions())
            assert legal == [m.to for m in ours.legal_moves], where
            # What the mover may try depends on its view alone: the same in its view.
            assert [m.to for m in ours.seen_by(ours.turn).legal_moves] == legal, where
            for player in (0, 1):
                assert our_information_state(ours, movers, player) == theirs.information_state_string(player), where
                # OpenSpiel's default observation: the cells the player knows, no more.
                board = "\n".join(theirs.information_state_string(player).split("\n")[:3])
                assert default.observation_string(player) == board, where
            move = rng.choice(ours.legal_moves)
            action = next(a for a in range(9) if ttt_cell(grid, a) == move.to)
            failed += bool(ours.boards[1 - ours.turn] >> move.to & 1)
            movers.append(ours.turn)
            theirs.apply_action(action)
            default.apply_action(action)
            ours = ours.play(move)
            moves += 1
        assert theirs.is_terminal() and tuple(theirs.returns()) == ours.returns(), f"game {seed}"
        results[ours.returns()[0]] += 1
    assert all(results.values()) and failed > GAMES and moves > 6 * GAMES


def hex_cell(grid: Any, action: int, size: int) -> int:
    """Our cell of OpenSpiel's hex cell (row by row, as examples/hex names them)."""
    row, col = divmod(action, size)
    return grid.parse_square(f"{'abcdefghijk'[col]}{row + 1}")


@pytest.mark.parametrize(("size", "games"), [(3, 200), (4, 60)])
def test_dark_hex_agrees_with_openspiel_move_for_move(module, size, games):
    pyspiel = need_pyspiel()
    ours_game = boardgames.game_class("dark_hex").configure({"size": size})
    grid = ours_game.grid
    spiel = pyspiel.load_game("dark_hex", {"num_rows": size, "num_cols": size, "obstype": "reveal-numturns"})
    cells = {hex_cell(grid, a, size): a for a in range(size * size)}
    wins, failed = [0, 0], 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = ours_game.start(), spiel.new_initial_state()
        movers: list[int] = []
        while not ours.is_over:
            where = f"size {size}, game {seed}, move {len(ours.history)}"
            assert not theirs.is_terminal() and theirs.current_player() == ours.turn, where
            legal = sorted(theirs.legal_actions())
            assert sorted(cells[m.to] for m in ours.legal_moves) == legal, where
            assert sorted(cells[m.to] for m in ours.seen_by(ours.turn).legal_moves) == legal, where
            for player in (0, 1):
                view = ours.seen_by(player)
                owner = view.owners()
                board = "".join(".xo"[owner.get(hex_cell(grid, a, size), -1) + 1] for a in range(size * size))
                sequence = "".join(
                    f"{mover},{cells[move.to]} " if move.origin >= -1 else f"{mover},? "
                    for mover, move in zip(movers, view.history, strict=True)
                )
                info = theirs.information_state_string(player).split("\n")
                assert "".join(info[:size]) == board and info[size:] == [str(len(movers)), sequence], where
            move = rng.choice(ours.legal_moves)
            failed += bool(ours.boards[1 - ours.turn] >> move.to & 1)
            movers.append(ours.turn)
            theirs.apply_action(cells[move.to])
            ours = ours.play(move)
        assert theirs.is_terminal() and tuple(theirs.returns()) == ours.returns(), f"game {seed}"
        wins[ours.outcome.winner_index] += 1
    assert all(wins) and failed > games


# -- the command line, the package installed -----------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("phantom_ttt", tmp_path_factory.mktemp("phantom-ttt-site"))


def test_phantom_ttt_is_listed_and_played_through_the_cli(site):
    listed = run_with(site, "-m", "boardgames", "list")
    names = [line.split()[0] for line in listed.stdout.splitlines() if line.strip()]
    assert "phantom_ttt" in names and "dark_hex" in names, listed.stderr
    dark = run_with(site, "-m", "boardgames", "show", "dark_hex", "--moves", "a1 b1 a2 b2 a3", "--json")
    assert dark.returncode == 0 and json.loads(dark.stdout)["winner"] == "red", dark.stderr
    # Nought tries b2, finds cross there and tries again: a1; cross wins a3-b2-c1.
    done = run_with(site, "-m", "boardgames", "show", "phantom_ttt", "--moves", "b2 b2 a1 a3 c3 c1", "--json")
    assert done.returncode == 0, done.stderr
    state = json.loads(done.stdout)  # over: everything is shown
    assert state["winner"] == "cross" and state["pieces"] == {
        "b2": "cross",
        "a1": "nought",
        "a3": "cross",
        "c3": "nought",
        "c1": "cross",
    }
    bad = run_with(site, "-m", "boardgames", "show", "phantom_ttt", "--moves", "b2 b2 b2")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr


def test_phantom_ttt_uses_only_the_documented_api():
    source = (ROOT / "examples" / "phantom_ttt" / "boardgames_phantom_ttt" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
