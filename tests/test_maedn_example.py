"""The Mensch ärgere dich nicht example (examples/maedn): a die and 2 to 4
players. The conformance kit, the rules on hand-made positions, agreement
with OpenSpiel's ``maedn`` move for move (chance outcomes applied alike on
both sides) over more than 200 seeded games, and the command line with the
package installed."""

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

#: (players, seating, seeded random games) compared with OpenSpiel: 220 in all.
AGREEMENT = ((2, "opposite", 60), (2, "side", 20), (3, "opposite", 60), (4, "opposite", 80))


@pytest.fixture(scope="module")
def maedn() -> Iterator[Any]:
    module = load_example("maedn")
    with plugin(module, "maedn-under-test"):
        yield module


def game(players: int = 2, seating: str = "opposite") -> Any:
    return boardgames.game_class("maedn").configure({"players": players, "seating": seating})


@pytest.mark.parametrize(("players", "games"), [(2, 2), (3, 1), (4, 1)])
def test_maedn_keeps_the_contract(check_game, maedn, players, games):
    check_game("maedn", games=games, options={"players": players})


def test_a_six_brings_a_piece_in_and_rolls_again(maedn):
    state = game().replay(["roll:6"])
    assert state.to_move == "red" and [state.format_move(m) for m in state.legal_moves] == ["a10-a7"]
    state = state.play("a10-a7")
    assert state.is_chance and state.out == (3, 4)
    state = state.play("roll:2")
    assert state.to_move == "red"  # the six gave red another roll
    assert [state.format_move(m) for m in state.legal_moves] == ["a7-c7"]  # the start field is cleared first
    state = state.play("a7-c7").play("roll:5")
    assert state.to_move == "blue" and state.legal_moves == (boardgames.PASS,)  # no six, no piece out: pass


def test_landing_on_another_players_piece_sends_it_home(maedn):
    g = game(players=4)
    start = g.start()
    # red on its fourth field, blue on the field red's roll of 2 reaches
    board = [0] * 56
    board[4], board[6] = 1, 2
    state = type(start)(game=g, turn=0, board=tuple(board), out=(3, 3, 4, 4), dice=2, prev_player=3)
    (move,) = [m for m in state.legal_moves if m.origin == g.square[4]]
    after = state.play(move)
    assert after.board[6] == 1 and after.out == (3, 4, 4, 4)


def test_a_roll_where_none_is_due_is_one_clear_line(maedn):
    with pytest.raises(boardgames.IllegalMoveError, match="no chance event is due") as info:
        game().replay(["roll:6", "roll:6"])
    assert "\n" not in str(info.value) and str(info.value).startswith("move 2:")


def test_maedn_agrees_with_openspiel_move_for_move(maedn):
    pyspiel = need_pyspiel()
    compared = 0
    for players, seating, count in AGREEMENT:
        for seed in range(count):
            ours = game(players, seating)
            state = ours.start()
            theirs = pyspiel.load_game(
                "maedn", {"players": players, "twoPlayersOpposite": seating == "opposite"}
            ).new_initial_state()
            rng = random.Random(seed)
            while not theirs.is_terminal():
                where = f"{players} players ({seating}), seed {seed}, after {len(state.history)} moves"
                if theirs.is_chance_node():
                    assert state.is_chance, where
                    outcomes = theirs.chance_outcomes()
                    assert [(ours.move_of_action(state, a), p) for a, p in outcomes] == list(state.chance_outcomes()), (
                        where
                    )
                    action = rng.choice([a for a, _ in outcomes])
                else:
                    assert state.turn == theirs.current_player(), where
                    actions = theirs.legal_actions()
                    assert sorted(ours.move_of_action(state, a) for a in actions) == list(state.legal_moves), where
                    action = rng.choice(actions)
                state = state.play(ours.move_of_action(state, action))
                theirs.apply_action(action)
            assert state.is_over and list(state.returns()) == theirs.returns(), where
            assert state.winner == ours.player_names[max(range(players), key=lambda p: theirs.returns()[p])]
            compared += 1
    assert compared == sum(count for _, _, count in AGREEMENT) >= 200


def test_a_match_rolls_the_same_dice_for_the_same_seed(maedn):
    def played(seats: list[str]) -> boardgames.Match:
        match = boardgames.Match(boardgames.game_class("maedn").configure({"players": 3}, seed=11), seats)
        match.run()
        return match

    a, b = played(["random"] * 3), played(["random"] * 3)
    assert a.state.history == b.state.history and a.is_over
    assert a.places[a.winner] == 1 and sorted(a.places.values()) == [1, 2, 2]
    assert f"{a.winner} wins" in a.result_text()


# -- the command line, the package installed -------------------------------------


@pytest.fixture(scope="module")
def maedn_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return install_example("maedn", tmp_path_factory.mktemp("maedn-site"))


def cli_with(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_with(site, "-m", "boardgames", *args)


def test_maedn_is_listed_and_shown_through_the_cli(maedn_site):
    listed = cli_with(maedn_site, "list")
    assert "maedn" in [line.split()[0] for line in listed.stdout.splitlines()], listed.stderr
    shown = cli_with(maedn_site, "show", "maedn", "-o", "players=3", "--moves", "roll:6 a10-a7 roll:4", "--json")
    assert shown.returncode == 0, shown.stderr
    state = json.loads(shown.stdout)
    assert state["players"] == ["red", "blue", "green"] and state["to_move"] == "red"
    assert state["history"] == ["roll:6", "a10-a7", "roll:4"] and state["legal_moves"] == ["a7-e7"]
    bad = cli_with(maedn_site, "show", "maedn", "-o", "players=5")
    assert bad.returncode != 0 and "Traceback" not in bad.stderr and "players" in bad.stderr


def test_maedn_uses_only_the_documented_api():
    source = (ROOT / "examples" / "maedn" / "boardgames_maedn" / "__init__.py").read_text()
    imports = re.findall(r"^(?:from|import) (boardgames\S*)", source, re.M)
    assert imports and set(imports) == {"boardgames"}
    assert len(source.splitlines()) < 250
