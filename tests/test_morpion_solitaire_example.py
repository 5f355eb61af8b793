"""The Morpion solitaire example package (examples/morpion_solitaire): one
player drawing lines between points (``Game.segment``/``segments``, issue
41). The conformance kit, agreement with OpenSpiel's ``morpion_solitaire``
(4D on 13 × 13) move for move and score for score, the rule that lines of
one direction share no point, the lines in the SVG and under the text
board, OpenSpiel's names of moves read, and a move typed in the terminal."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import boardgames
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

AGREEMENT_GAMES = 300

morpion_plugin = example_plugin("morpion_solitaire")


def morpion() -> Any:
    return boardgames.game_class("morpion_solitaire").configure()


def test_morpion_keeps_the_contract(check_game, morpion_plugin):
    check_game("morpion_solitaire", games=8)


def test_morpion_plays_as_openspiels_move_for_move(morpion_plugin):
    spiel = need_pyspiel().load_game("morpion_solitaire")

    def label(_: Any, move: boardgames.Move) -> str:
        return morpion_plugin.spiel_name(move)  # its four points, [row,column] from the top left

    assert lockstep(morpion(), spiel, label, AGREEMENT_GAMES) > 5000


def test_the_start_and_a_line_of_four_drawn(morpion_plugin):
    game = morpion()
    state = game.start()
    assert len(state.owners()) == 24 and len(state.legal_moves) == 40  # the cross; OpenSpiel's 40 lines
    after = state.play("[3,4] [3,5] [3,6] [3,7]")  # OpenSpiel's name, typed alone
    assert after.written_history() == ("h10-e10",) and after.to_json()["segments"] == [
        {"from": "e10", "to": "h10", "owner": "player"}
    ]
    assert game.grid.parse_square("e10") in after.owners() and after.to_json()["scores"] == {"player": 1.0}
    # 4D: no other line across may share a point with it; a line of another direction may
    table, line_of = morpion_plugin.TABLE, morpion_plugin.LINE_OF
    drawn = table[line_of[after.history[0]]][0]
    across = [m for m in after.legal_moves if table[line_of[m]][1] == 0]
    assert across and not any(table[line_of[m]][0] & drawn for m in across)
    assert any(table[line_of[m]][0] & drawn for m in after.legal_moves)


def test_the_svg_draws_each_line_and_the_text_lists_them(morpion_plugin):
    game = morpion()
    state = game.replay(["h10-e10", "d6-g6"])
    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(render_svg(state.view()))
    lines = [e for e in root.iter(f"{ns}line") if e.get("class") == "segment"]
    assert sorted(e.get("data-segment") for e in lines) == ["d6-g6", "e10-h10"]
    assert {e.get("stroke") for e in lines} == {game.colours[0]}
    assert "lines: player d6-g6 e10-h10" in render_text(state.view())


def test_the_game_ends_with_no_line_left_and_scores_its_lines(morpion_plugin):
    import random

    game, rng = morpion(), random.Random(3)
    state = game.start()
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves))
    n = len(state.history)
    assert state.returns() == (float(n),) and f"{n} lines" in state.result_text() and n <= game.max_length
    assert len(state.to_json()["segments"]) == n


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(morpion_plugin, cli):
    run = cli("play", "morpion_solitaire", "--players", "human", input="h10-e10\na1-a4\nd6-g6\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "a1-a4" in line]
    assert len(refused) == 1, said
    record = json.loads(next(Path().glob("morpion_solitaire-*.json")).read_text())
    assert record["history"] == ["h10-e10", "d6-g6"]
    bad = cli("show", "morpion_solitaire", "--moves", "h10-e10 h10-e10")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "h10-e10" in bad.err
