"""The Clobber example package (examples/clobber): the kit, agreement with
OpenSpiel's ``clobber`` move for move, and the last player to move winning."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

clobber_plugin = example_plugin("clobber")


def clobber(**options: Any) -> Any:
    return boardgames.game_class("clobber").configure(options)


def test_clobber_keeps_the_contract(check_game, clobber_plugin):
    check_game("clobber", games=5)
    check_game("clobber", games=5, options={"files": 4, "ranks": 3})


@pytest.mark.parametrize(("files", "ranks", "games"), [(6, 5, 300), (4, 3, 100), (8, 8, 50)])
def test_clobber_plays_as_openspiels_move_for_move(clobber_plugin, files, ranks, games):
    game = clobber(files=files, ranks=ranks)
    spiel = need_pyspiel().load_game("clobber", {"columns": files, "rows": ranks})

    def label(state: boardgames.State, move: boardgames.Move) -> str:
        return state.format_move(move).replace("-", "")  # OpenSpiel writes a5b5 for our a5-b5

    assert lockstep(game, spiel, label, games) > games * 5


def test_a_stone_clobbers_only_an_adjacent_enemy_and_the_last_mover_wins(clobber_plugin):
    game = clobber(files=3, ranks=1)  # a1 and c1 white, b1 black: white clobbers and black has nothing left
    state = game.start()
    assert [state.format_move(m) for m in state.legal_moves] == ["a1-b1", "c1-b1"]
    with pytest.raises(boardgames.IllegalMoveError):
        game.start().play("a1-c1")  # not beside it, and its own stone
    end = state.play("a1-b1")
    assert end.winner == "white" and "black has no move left" in end.result_text()
