"""The Quoridor example package (examples/quoridor): the kit, agreement with
OpenSpiel's ``quoridor`` move for move at 2 and 4 players, walls as sites on
the lattice's edges, the drawing, and moves typed in the terminal."""

from __future__ import annotations

from typing import Any

import pytest

import boardgames
from helpers import example_plugin, example_served, need_pyspiel, needs_chromium
from lockstep import lockstep

quoridor_plugin = example_plugin("quoridor")

#: OpenSpiel's turn order at 4 players: player ids 0, 2, 1, 3 (its players_ vector).
SLOTS = (0, 2, 1, 3)


def quoridor(**options: Any) -> Any:
    return boardgames.game_class("quoridor").configure(options)


class BySlot:
    """OpenSpiel's quoridor, its returns put back in player-id order: at 4 players its
    ``returns()`` are indexed by turn-order slot (0, 2, 1, 3), not by player id (2.0.2).
    Its forced pass (a player with no move) is broken: the test fails loudly if one comes."""

    def __init__(self, spiel: Any) -> None:
        self.spiel = spiel

    def new_initial_state(self) -> Any:
        return _SlotState(self.spiel.new_initial_state(), self.spiel.num_players())


class _SlotState:
    def __init__(self, state: Any, players: int) -> None:
        self.state, self.players = state, players

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def returns(self) -> list[float]:
        theirs = self.state.returns()
        if self.players == 2:
            return theirs
        ours = [0.0] * 4
        for slot, player in enumerate(SLOTS):
            ours[player] = theirs[slot]
        return ours


def agree(size: int, players: int, games: int) -> int:
    spiel = need_pyspiel().load_game("quoridor", {"board_size": size, "players": players})
    game = quoridor(size=size, players=players)
    assert game.max_length == spiel.max_game_length() == 4 * size * size
    passes = []

    def forced_pass(state: boardgames.State) -> bool:  # OpenSpiel's own is broken: left there, counted
        if state.legal_moves[0].to >= 0:
            return False
        passes.append(state)
        return True

    steps = lockstep(game, BySlot(spiel), lambda s, m: s.format_move(m), games, stop=forced_pass)
    assert len(passes) < games // 10
    return steps


def test_quoridor_keeps_the_contract(check_game, quoridor_plugin):
    check_game("quoridor", games=3, options={"size": 5})
    check_game("quoridor", games=2, options={"size": 5, "players": 4})


@pytest.mark.parametrize(("size", "games", "steps"), [(5, 150, 8000), (7, 60, 4500), (9, 10, 900)])
def test_two_players_play_as_openspiels_move_for_move(quoridor_plugin, size, games, steps):
    assert agree(size, 2, games) > steps


@pytest.mark.parametrize(("size", "games", "steps"), [(5, 150, 8000), (7, 60, 8000)])
def test_four_players_play_as_openspiels_move_for_move(quoridor_plugin, size, games, steps):
    assert agree(size, 4, games) > steps


def test_four_players_returns_are_by_player_not_by_openspiels_slot(quoridor_plugin):
    """Red (player 2, OpenSpiel's second slot) wins: OpenSpiel says so at index 1."""
    game = quoridor(size=3, players=4)  # red starts on a2 and races to file c
    won = "a2v a1 a1h c3 c2 c1".split()
    state = game.replay(won)
    assert state.is_over and state.winner == "red"
    assert state.returns() == (-1 / 3, -1 / 3, 1.0, -1 / 3)
    theirs = need_pyspiel().load_game("quoridor", {"board_size": 3, "players": 4}).new_initial_state()
    for text in won:
        theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == text))
    assert theirs.returns() == [-1 / 3, 1.0, -1 / 3, -1 / 3]


def test_walls_are_edges_of_the_lattice_and_block_the_way(quoridor_plugin):
    game = quoridor(size=5)
    grid = game.grid
    state = game.replay(["c3h"])  # a wall above c3 and d3, its middle on the crossing north-east of c3
    walled = {grid.name(sq) for sq in game.neutral(state)}
    assert walled == {"c3n", "c3ne", "d3n"}
    assert {grid.site_kinds[grid.parse_square(n)] for n in walled} == {"edge", "point"}
    assert "c3v" not in {state.format_move(m) for m in state.legal_moves}  # crosses it
    assert "b3h" not in {state.format_move(m) for m in state.legal_moves}  # overlaps it
    assert "a3h" in {state.format_move(m) for m in state.legal_moves}
    # A wall that would shut a pawn from its goal is not offered, nor typed.
    small = quoridor(size=3).replay(["b2h"])  # black on b1 has its way to rank 3 through file a alone
    assert "a1v" not in {small.format_move(m) for m in small.legal_moves} and "a1h" in {
        small.format_move(m) for m in small.legal_moves
    }
    with pytest.raises(boardgames.IllegalMoveError):
        small.play("a1v")


def _reaches(game: Any, cell: int, goal: frozenset[int], walls: int) -> bool:
    """Whether a pawn on ``cell`` reaches ``goal`` past ``walls``: a plain search, step by step."""
    seen, todo = {cell}, [cell]
    while todo:
        here = todo.pop()
        if here in goal:
            return True
        for d in range(4):
            there = game.open(here, d, walls)
            if there >= 0 and there not in seen:
                seen.add(there)
                todo.append(there)
    return False


@pytest.mark.parametrize(("size", "players"), [(5, 2), (9, 2), (5, 4), (7, 4)])
def test_the_walls_offered_are_those_no_search_finds_shutting_a_pawn_in(quoridor_plugin, size, players):
    """The core's fences (boardgames.Fences) search only walls that close a ring of walls, each by its
    cut, and work out what may be laid from what might be laid a wall before: at every step of seeded
    random games, the walls offered are exactly the free ones after which a whole search finds every
    pawn's goal, and the same worked out afresh."""
    import random

    game = quoridor(size=size, players=players)
    checked = shut = 0
    for seed in range(40):
        rng, state = random.Random(seed), game.start()
        while not state.is_over and state.left[state.turn]:
            offered = {m for m in state.legal_moves if m.origin < 0 and m.to >= 0}
            found = set()
            for move, sites in game.fences.sites.items():
                if not sites & state.walls:
                    after = state.walls | sites
                    if all(_reaches(game, pawn, game.goal_cells[p], after) for p, pawn in enumerate(state.pawns)):
                        found.add(move)
                    else:
                        shut += 1
            assert offered == found, (seed, state.describe())
            afresh, known = game.fences.free_bars(state.walls), game.fences.known[state.walls]  # as worked out
            same = ("moves", "once", "twice", "whole", "rings", "east", "north")
            assert [getattr(afresh, name) for name in same] == [getattr(known, name) for name in same]
            state = state.play(rng.choice(state.legal_moves))
            checked += 1
    assert checked > 200 and shut > 10


def test_a_pawn_jumps_straight_or_beside_another(quoridor_plugin):
    game = quoridor(size=5)
    state = game.replay("c4 c2 c3".split())  # white on c3, black on c2 to move
    moves = {state.format_move(m) for m in state.legal_moves if m.origin >= 0}  # the pawn's
    assert moves == {"b2", "d2", "c1", "c4"}  # over white to c4
    walled = game.replay("c4 c2 c3 b1h".split())  # white on c3 to move; a wall behind black on c2
    moves = {walled.format_move(m) for m in walled.legal_moves if m.origin >= 0}
    assert moves == {"b3", "d3", "c4", "b2", "d2"}  # beside black, not over


#: A 5 × 5 position: white on d4, black on c1, a wall above c3 and d3 (c3h) and one right of a1 and
#: a2 (a1v), the last move.
WALLED = "c4 c3h d4 a1v"


def test_the_text_drawing_is_the_board_by_its_cells_with_walls_in_the_grooves(quoridor_plugin, cli):
    run = cli("show", "quoridor", "-o", "size=5", "--moves", WALLED)
    assert "walls left: white 3, black 1" in run.out
    board = run.out.splitlines()[:11]
    assert board == [
        "      a   b   c   d   e",
        "  5   .   .   .   *   .    5",
        "        +   +   +   +",
        "  4   .   .   *   W   *    4",  # white's pawn on d4, its steps marked
        "        +   +-------+",  # c3h: along the groove above c3 and d3, through its crossing
        "  3   .   .   .   .   .    3",
        "        +   +   +   +",
        "  2   . ! .   .   .   .    2",  # a1v, the last move: right of a1 and a2
        "        !   +   +   +",
        "  1   . ! .   B   .   .    1",
        "      a   b   c   d   e",
    ], run.out


def _rects(svg: str, css: str) -> dict[str, tuple[float, float, float, float]]:
    import re

    found = re.finditer(
        rf'<rect class="{css}" data-square="(\w+)" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)"', svg
    )
    return {m[1]: tuple(float(v) for v in m.groups()[1:]) for m in found}  # type: ignore[misc]


def test_the_svg_draws_cells_with_grooves_walls_as_bars_and_round_pawns(quoridor_plugin):
    import re

    state = quoridor(size=5).replay(WALLED.split())
    svg = boardgames.render_svg(state.view())
    assert svg.count('class="cell"') == 25 and 'class="point"' not in svg and "stroke-dasharray" not in svg
    walls = _rects(svg, "wall")
    assert set(walls) == {"c3n", "c3ne", "d3n", "a1e", "a1ne", "a2e"}
    (x1, y1, w1, h1), (x2, y2, _, _) = walls["c3n"], walls["d3n"]
    assert w1 > 3 * h1 and y1 == y2 and x2 > x1  # lying, side by side in one groove
    assert walls["a1e"][3] > 3 * walls["a1e"][2] and walls["a1e"][1] > walls["a2e"][1]  # standing, a2's above a1's
    cells = {m[1]: (float(m[2]), float(m[3])) for m in re.finditer(r'<circle class="piece [^"]*" data-square="(\w+)" '
                                                                  r'cx="([-\d.]+)" cy="([-\d.]+)"', svg)}  # fmt: skip
    assert set(cells) == {"d4", "c1"}  # round pawns on their cells
    c3_top = cells["c1"][1] - 2 * 60 - 30  # two cells up from c1's centre, and half a cell
    assert abs(y1 + h1 / 2 - c3_top) < 1  # the wall lies in the groove between ranks 3 and 4
    labels = re.findall(r'<text class="coord"[^>]*>(\w+)</text>', svg)
    assert sorted(labels) == sorted("abcde12345") and "f" not in labels and "6" not in labels
    dots = re.findall(r'<circle class="target" cx="([-\d.]+)" cy="([-\d.]+)"', svg)
    targets = {(float(a), float(b)) for a, b in dots}
    d4 = cells["d4"]
    assert targets == {(d4[0] - 60, d4[1]), (d4[0] + 60, d4[1]), (d4[0], d4[1] - 60)}  # c4, e4, d5: white's steps
    crossings = {m.to for m in state.legal_moves if m.origin < 0}  # where a wall may be laid, either way
    assert svg.count('class="groove-target"') == len(crossings) > 0
    blue = set(re.findall(r'<rect class="wall" data-square="(\w+)"[^>]*fill="#0072B2"', svg))
    assert blue == {"a1e", "a1ne", "a2e"}  # the last move's wall, whole


def test_show_json_words_and_actions_name_cells_and_walls_as_the_notation_does(quoridor_plugin, cli):
    import json

    from boardgames.learning import actions
    from boardgames.rendering.words import position_words

    run = cli("show", "quoridor", "-o", "size=5", "--moves", WALLED, "--json")
    shown = json.loads(run.out)
    assert shown["pieces"] == {"c1": "black", "d4": "white"}
    walls = {name: held for name, held in shown["contents"].items() if held["kind"] == "wall"}
    assert walls == {  # a wall named as the moves name it, once, with the groove sites it lies on
        "a1v": {"owner": None, "kind": "wall", "sites": ["a1e", "a1ne", "a2e"]},
        "c3h": {"owner": None, "kind": "wall", "sites": ["c3n", "c3ne", "d3n"]},
    }
    assert list(shown["contents"]) == ["a1v", "c1", "c3h", "d4"]  # in site order, the pawns as sites
    state = quoridor(size=5).replay(WALLED.split())
    assert position_words(state.view()) == "white: d4; black: c1; wall: a1v c3h"
    game = state.game
    step, wall = actions.encode(state, state.parse_move("e4")), actions.encode(state, state.parse_move("a4h"))
    assert [actions.action_text(game.grid, a, game.move_choices) for a in (*step, *wall)] == [
        "d4", "e4", "a4ne", "horizontal"]  # fmt: skip


#: A 5 × 5 position where the wall b2v crosses the grooves of a2h and c2h, ending either side of
#: its middle: the crossing b2ne has walls all round it, and only the walls around say which is its.
CROSSED = "c4 c2 a2h c2h b2v"


def test_a_wall_through_a_crossing_walled_all_round_is_named_drawn_and_said_as_laid(quoridor_plugin):
    from boardgames.rendering.text import render_text
    from boardgames.rendering.words import position_words

    state = quoridor(size=5).replay(CROSSED.split())
    walls = {name: held["sites"] for name, held in state.contents().items() if held["kind"] == "wall"}
    assert walls == {"a2h": ["a2n", "a2ne", "b2n"], "b2v": ["b2e", "b2ne", "b3e"], "c2h": ["c2n", "c2ne", "d2n"]}
    assert position_words(state.view()) == "white: c4; black: c2; wall: a2h b2v c2h"
    assert "     -------!-------+" in render_text(state.view()).splitlines()  # b2v, the last move, through b2ne


def test_the_page_names_a_groove_by_the_wall_on_it_and_an_empty_one_as_a_groove(quoridor_plugin):
    import re

    state = quoridor(size=5).replay(WALLED.split())
    svg = boardgames.render_svg(state.view(), interactive=True)
    said = dict(re.findall(r'data-square="(\w+)" role="button" aria-label="[^"]*"[^>]*><title>([^<]*)</title>', svg))
    assert said["c3ne"] == said["c3n"].replace("c3n,", "c3ne,") == "c3ne, wall c3h"  # each of its sites names it
    assert said["a1ne"] == "a1ne, wall a1v, last move" and said["a2e"] == "a2e, wall a1v"
    assert said["b2ne"] == "b2ne, crossing of grooves" and said["b2n"] == "b2n, groove"  # no place for a piece
    assert said["a3w"] == "a3w, groove" and said["b2"] == "b2, empty" and said["d4"] == "d4, white pawn"


def test_a_move_typed_in_the_terminal_and_a_bad_one_refused_in_one_line(quoridor_plugin, cli):
    run = cli("play", "quoridor", "-o", "size=5", "--players", "human,human", input="c4\nc3h\nz9\nquit\n")
    said = run.out + run.err
    assert "Traceback" not in said
    refused = [line for line in said.splitlines() if "z9" in line]
    assert len(refused) == 1, said
    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c4h c9")
    assert run.code == 1 and len(run.err.strip().splitlines()) == 1 and "c9" in run.err and not run.out
    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c3h c3v")  # read as a wall, refused as one
    assert run.code == 1 and run.err.strip() == (
        "Error: move 3: illegal move 'c3v' in quoridor after c4 c3h: it would cross or overlap a wall"
    )


def test_show_json_names_walls_and_pawns_as_sites(quoridor_plugin, cli):
    import json

    run = cli("show", "quoridor", "-o", "size=5", "--moves", "c4 c3h", "--json")
    shown = json.loads(run.out)
    assert shown["history"] == ["c4", "c3h"]
    assert "c3h" not in shown["legal_moves"] and "a1h" in shown["legal_moves"]


def test_a_player_with_no_move_passes_where_openspiels_forced_pass_is_broken(quoridor_plugin):
    """Seed 2 of 200 random 4-player games on 5 × 5 reaches a player with no move (no wall left,
    boxed in by walls and pawns): here the player passes; OpenSpiel 2.0.2 offers one action, the
    pawn's own cell taken as a relative step, so it moves the pawn elsewhere or raises."""
    import random

    game = quoridor(size=5, players=4)
    spiel = need_pyspiel().load_game("quoridor", {"board_size": 5, "players": 4})
    for seed in range(200):
        rng, ours, theirs = random.Random(seed), game.start(), spiel.new_initial_state()
        while not ours.is_over and ours.legal_moves[0].to >= 0:
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            chosen = rng.choice(sorted(mine))
            ours = ours.play(mine[chosen])
            theirs.apply_action(next(a for a in theirs.legal_actions() if theirs.action_to_string(a) == chosen))
        if not ours.is_over:
            break
    assert ours.legal_moves == (boardgames.PASS,) and ours.format_move(ours.legal_moves[0]) == "pass"
    assert ours.play("pass").turn != ours.turn
    (only,) = set(theirs.legal_actions())
    assert theirs.action_to_string(only) != "pass"  # no pass: a cell, as a step would be
    try:
        theirs.apply_action(only)
    except Exception:  # pyspiel.SpielError: a check in DoApplyAction
        return
    assert "Board size: 5" in str(theirs)  # it played on: the pawn moved though no move was legal


def test_a_board_of_25_cells_a_side_is_a_lattice_of_26_points(quoridor_plugin, cli):
    """OpenSpiel allows board_size up to 25: a lattice of 26 points a side (it was capped at 13), named by
    its cells a1 to y25."""
    game = quoridor(size=25)
    assert game.grid.site_kinds is not None and game.grid.name(game.grid.size - 1) == "y25ne"
    assert game.grid.name(game.cell[24][24]) == "y25"
    spiel = need_pyspiel().load_game("quoridor", {"board_size": 25})
    theirs = spiel.new_initial_state()
    ours = game.start()
    assert {ours.format_move(m) for m in ours.legal_moves} == {
        theirs.action_to_string(a) for a in theirs.legal_actions()
    }
    ours = ours.play("x24h")
    assert {game.grid.name(sq) for sq in game.neutral(ours)} == {"x24n", "x24ne", "y24n"}
    run = cli("show", "quoridor", "-o", "size=25", "--moves", "m24 x24h")
    assert run.code == 0 and "y" in run.out.splitlines()[0] and "z" not in run.out.splitlines()[0]


def test_walls_are_a_plane_of_the_observation_and_a_wall_an_action_with_its_way(quoridor_plugin):
    from boardgames.learning import actions, observation

    game = quoridor(size=5)
    state = game.replay(["c4", "c3h"])
    names = observation.plane_names(game)
    planes = observation.planes(state, 0)
    walls = [i for i, v in enumerate(planes[names.index("neutral wall")]) if v]
    assert {game.grid.name(i) for i in walls} == {"c3n", "c3ne", "d3n"}
    wall = state.parse_move("a1h")
    encoded = actions.encode(state, wall)
    assert len(encoded) == 2 and actions.decode(state, encoded) == wall  # its crossing, then its way


quoridor_served = example_served("quoridor")


@needs_chromium
def test_the_page_moves_a_pawn_to_a_cell_and_lays_a_wall_on_a_crossing(quoridor_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import PAGE_MOVES, click_offered, match_page, wait_until

    served = quoridor_served
    driver, match_id, seats = match_page(served, browsers, "quoridor", "white", options={"size": 5})

    (pawn,) = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board .piece[data-square="c5"]'))
    assert pawn.tag_name == "circle"  # a round pawn on its cell, named as the notation names it
    offered = "return [...document.querySelectorAll('#board .square.next')].map(e => e.dataset.square)"
    first = set(wait_until(driver, lambda d: d.execute_script(offered)))
    crossings = {f"{f}{r}ne" for f in "abcd" for r in "1234"}  # every wall's middle, clickable
    assert first == {"c5"} | crossings
    click_offered(driver, "c5")  # the pawn, then where it goes
    click_offered(driver, "c4")
    wait_until(driver, lambda d: (d.execute_script(PAGE_MOVES) or [None])[-1] == "c4")
    answer = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "c2"}, seats["black"])
    assert answer.status == 200, answer
    click_offered(driver, "b3ne")  # the crossing north-east of b3: the middle of a wall
    buttons = wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#message button.move-choice"))
    assert [b.text for b in buttons] == ["horizontal", "vertical"]
    next(b for b in buttons if b.text == "horizontal").click()
    wait_until(driver, lambda d: (d.execute_script(PAGE_MOVES) or [None])[-1] == "b3h")
    state = served.request("GET", f"/api/matches/{match_id}").body["state"]
    assert {name for name, held in state["contents"].items() if held["kind"] == "wall"} == {"b3h"}
    # The board is fetched after the move list is updated: wait for the wall drawn on it.
    assert wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board rect.wall[data-square="b3ne"]'))
