"""The TwixT example package (examples/twixt): lines drawn between points
that are not neighbours (``Game.segment``/``segments``, issue 41). The
conformance kit, agreement with OpenSpiel's ``twixt`` move for move (its
swap too), links that may not cross, the links in the SVG in their owner's
colour and listed under the text board, ``show --json``'s segments, the
observation planes, and a move typed in the terminal."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import boardgames
from boardgames.learning.observation import plane_names, planes
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from helpers import example_plugin, need_pyspiel
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel, on its default board, and on two smaller ones.
AGREEMENT_GAMES = 200
SMALL_GAMES = 60

twixt_plugin = example_plugin("twixt")


def twixt(**options: Any) -> Any:
    return boardgames.game_class("twixt").configure(options)


def label(state: boardgames.State, move: boardgames.Move) -> str:
    return state.format_move(move)  # written as OpenSpiel writes it: xd4, od5


def test_twixt_keeps_the_contract(check_game, twixt_plugin):
    check_game("twixt", games=6)
    check_game("twixt", games=4, options={"size": 5})


def test_twixt_plays_as_openspiels_move_for_move(twixt_plugin):
    pyspiel = need_pyspiel()
    assert lockstep(twixt(), pyspiel.load_game("twixt"), label, AGREEMENT_GAMES) > 6000
    for size in (5, 6):  # OpenSpiel keeps one table of crossings: each board size in turn
        spiel = pyspiel.load_game("twixt", {"board_size": size})
        assert lockstep(twixt(size=size), spiel, label, SMALL_GAMES) > 500


def test_the_swap_is_played_as_openspiels(twixt_plugin):
    pyspiel = need_pyspiel()
    game, spiel = twixt(), pyspiel.load_game("twixt", {"ansi_color_output": False})
    ours, theirs = game.start().play("xc3"), spiel.new_initial_state()
    theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == "xc3"))
    assert "oc3" in {ours.format_move(m) for m in ours.legal_moves}
    swapped = ours.play("swap")  # the word, read by the game's shorthand
    theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == "oc3"))
    assert "[swapped]" in str(theirs) and swapped.written_history() == ("xc3", "oc3")
    assert swapped.owners() == {game.grid.parse_square("f3"): 1}  # c3 turned a quarter turn: f3, blue's
    assert {swapped.format_move(m) for m in swapped.legal_moves} == {
        theirs.action_to_string(a) for a in theirs.legal_actions()
    }
    edge = game.start().play("xc1")  # a peg on red's border row cannot be swapped
    assert all(m.origin < 0 for m in edge.legal_moves)


def test_pegs_a_knights_move_apart_are_linked_unless_a_link_crosses(twixt_plugin):
    game = twixt()
    state = game.replay("xc3 od3 xd5".split())  # c3 and d5 a knight's move apart: linked at once
    assert state.to_json()["segments"] == [{"from": "c3", "to": "d5", "owner": "red"}]
    beside = state.play("oe5")  # blue's d3-e5 runs beside red's link: made
    assert {(s["from"], s["to"], s["owner"]) for s in beside.to_json()["segments"]} == {
        ("c3", "d5", "red"),
        ("d3", "e5", "blue"),
    }
    across = state.play("oc5")  # blue's d3-c5 would cross red's c3-d5: not made
    assert across.to_json()["segments"] == [{"from": "c3", "to": "d5", "owner": "red"}]


def test_the_svg_draws_each_link_in_its_owners_colour_and_the_borders(twixt_plugin):
    game = twixt()
    state = game.replay("xc3 od3 xd5 oe5 xb6 of7".split())  # red c3-d5 and b6-d5, blue d3-e5 and e5-f7
    svg = render_svg(state.view())
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    lines = [e for e in root.iter(f"{ns}line") if e.get("class") == "segment"]
    drawn = {(e.get("data-segment"), e.get("stroke")) for e in lines}
    expected = {(f"{game.grid.name(a)}-{game.grid.name(b)}", game.colours[who]) for a, b, who in game.segments(state)}
    assert drawn == expected and len(lines) == 4
    assert {e.get("data-owner") for e in lines} == {"red", "blue"}
    sides = {e.get("class"): e.get("fill") for e in root.iter(f"{ns}rect") if "edge" in (e.get("class") or "")}
    assert sides == {"edge south": "#c62828", "edge north": "#c62828", "edge west": "#1565c0", "edge east": "#1565c0"}
    assert 'data-square="a1"' not in render_svg(state.view(), interactive=True)  # the corners are no holes
    text = render_text(state.view())
    assert "links: red b6-d5 c3-d5; blue d3-e5 e5-f7" in text  # listed under the board, by owner
    assert "a joins" not in text and "red joins rank 1 and rank 8; blue joins file a and file h" in text
    assert "links: red" in boardgames.rendering.words.position_words(state.view())


def test_the_observation_has_a_plane_per_knights_step_and_owner(twixt_plugin):
    game = twixt()
    names = plane_names(game)
    assert "my link (1, 2)" in names and "opponent's link (2, -1)" in names
    state = game.replay("xc3 od3 xd5".split())  # red's c3-d5: a step of (1, 2)
    seen = planes(state, 1)  # blue looks: red's link is the opponent's
    plane = seen[names.index("opponent's link (1, 2)")]
    sq = game.grid.parse_square
    assert plane[sq("c3")] == plane[sq("d5")] == 1.0 and sum(plane) == 2
    assert sum(seen[names.index("my link (1, 2)")]) == 0


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(twixt_plugin, cli):
    run = cli("play", "twixt", "--players", "human,human", input="xc3\nxa1\nod4\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "a1" in line and "xa1" in line]
    assert len(refused) == 1, said
    record = json.loads(next(Path().glob("twixt-*.json")).read_text())
    assert record["history"] == ["xc3", "od4"]
    shown = cli("show", "twixt", "--moves", "xc3 od3 xd5", "--json").json()
    assert shown["segments"] == [{"from": "c3", "to": "d5", "owner": "red"}] and shown["to_move"] == "blue"
    bad = cli("show", "twixt", "--moves", "xc3 oc1")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "oc1" in bad.err
