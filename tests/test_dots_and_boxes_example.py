"""The Dots and boxes example package (examples/dots_and_boxes): lines as edge
sites of a lattice (``Grid.lattice``, issue 41). The conformance kit,
agreement with OpenSpiel's ``dots_and_boxes`` move for move, a box closed
giving another turn, the lines drawn as bars and the boxes in their owner's
colour, the JSON, the OpenSpiel adapter and the real command line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel.
AGREEMENT_GAMES = 1000


@pytest.fixture(scope="module")
def boxes() -> Iterator[Any]:
    with plugin(load_example("dots_and_boxes"), "dots-and-boxes-under-test"):
        yield boardgames.game_class("dots_and_boxes").configure()


def spiel_label(game: Any, move: boardgames.Move, player: int) -> str:
    """OpenSpiel's label of a line: ``P1(h,row,col)`` counts dot rows from the
    top (our top rank), ``v`` lines by the upper dot's row."""
    f, r = game.grid.coords(move.to)
    top = (game.grid.height - 1) // 2
    if f % 2:  # along a rank
        return f"P{player + 1}(h,{top - r // 2},{f // 2})"
    return f"P{player + 1}(v,{top - (r + 1) // 2},{f // 2})"


def test_dots_and_boxes_keeps_the_contract(check_game, boxes):
    check_game("dots_and_boxes", games=10)


def test_dots_and_boxes_plays_as_openspiels_move_for_move(boxes):
    pyspiel = need_pyspiel()
    spiel, game = pyspiel.load_game("dots_and_boxes"), boxes
    label = lambda state, move: spiel_label(game, move, state.turn)  # noqa: E731
    assert lockstep(game, spiel, label, AGREEMENT_GAMES) > 10 * AGREEMENT_GAMES


def test_a_box_closed_gives_another_turn(boxes):
    state = boxes.replay("a1b1 a1a2 b1b2".split())
    assert state.turn == 1
    closed = state.play("a2b2")  # blue draws the fourth side of a1b2
    assert closed.turn == 1 and not closed.is_over
    assert closed.owners() == {boxes.grid.parse_square("a1b2"): 1}
    assert closed.play("c1c2").turn == 0  # no box: the turn passes


def test_lines_are_bars_and_boxes_are_filled_in_their_owners_colour(boxes):
    state = boxes.replay("a1b1 a1a2 b1b2 a2b2".split())
    text = render_text(state.view())
    assert "  1 +---+" in text and " B " in text  # a line between a1 and b1, blue's box
    svg = render_svg(state.view(), interactive=True)
    assert len(re.findall(r'class="edge-site drawn', svg)) == 4 and len(re.findall(r'class="edge-site"', svg)) == 8
    assert 'class="box player-blue"' in svg and "#2e86c1" in svg
    targets = re.findall(r'class="square edge-site" data-square="([a-z0-9]+)"', svg)
    assert len(targets) == 12 and "a2b2" in targets and "c2c3" in targets


def test_the_openspiel_adapter_and_the_json_name_lines_by_their_dots(boxes, cli):
    pytest.importorskip("pyspiel")
    from boardgames.interop.openspiel import load

    adapted = load("dots_and_boxes").new_initial_state()
    assert len(adapted.legal_actions()) == 12 and adapted.action_to_string(adapted.legal_actions()[0]) == "a1a2"
    run = cli("show", "dots_and_boxes", "--moves", "a1b1 a1a2 b1b2 a2b2", "--json")
    shown = json.loads(run.out)
    assert run.code == 0 and shown["to_move"] == "blue"  # blue closed a box: blue again
    assert "a2a3" in shown["legal_moves"] and "a2b3" not in shown["legal_moves"]  # a line, never a box
    assert shown["contents"]["a1b2"]["owner"] == "blue" and shown["contents"]["a1b1"]["kind"] == "line"


def test_a_line_typed_through_the_cli_and_a_bad_one_refused_in_one_line(boxes, cli):
    run = cli("show", "dots_and_boxes", "--moves", "b2c2")
    assert run.code == 0 and "  2 + * +===+  2" in run.out  # the line drawn, the last move doubled
    for bad in ("a1c1", "a1b2", "b2c2 b2c2"):  # no line between a1 and c1; a box; a line drawn twice
        refused = cli("show", "dots_and_boxes", "--moves", bad)
        assert refused.code != 0 and len(refused.err.strip().splitlines()) == 1, (bad, refused.err)
        assert "Traceback" not in refused.err
    assert "a1b2 is a box, not a line" in cli("show", "dots_and_boxes", "--moves", "a1b2").err
