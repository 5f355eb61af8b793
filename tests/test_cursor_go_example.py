"""The cursor Go example package (examples/cursor_go, built on examples/go): the conformance kit,
agreement with OpenSpiel's ``cursor_go`` move for move (every legal move compared by OpenSpiel's
name for it, at every step; the player to move; the returns) on boards of 5, 7 and 19 points and on
2 × 2, where its rule for a repeated position is met 158 times, and what issue 41 asked of it: each
cursor drawn with a declaration every front end reads (an overlay), the moves typed by their names
and refused in one line."""

from __future__ import annotations

import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames import render_svg
from boardgames.learning.actions import decode, encode
from boardgames.testing import plugin
from helpers import example_served, load_example, need_pyspiel, needs_chromium
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel: (board size, games, steps compared in all, asserted).
SIZES = ((5, 100, 1293), (7, 100, 1489), (19, 50, 861))
#: Random games where a player places a stone three times as often as it moves the cursor and almost
#: never passes: full boards, captures and ko (uniform random games end in a few passes).
CROWDED = (5, 3, 100)  # size, max_cursor_moves, games
#: The same on 2 × 2 points, where a stone often brings back an earlier position (on 3 × 3 about 1 game
#: in 100 does): the repetition rule's games. Bigger boards fill with eyes and end in passes first.
REPEATING = (2, 3, 200)


@pytest.fixture(scope="module", autouse=True)
def cursor_go_plugin() -> Iterator[None]:
    # The example imports the Go example's rules as boardgames_go, as it would find it installed.
    sys.modules.setdefault("boardgames_go", load_example("go"))
    with plugin(load_example("cursor_go"), "cursor_go-under-test"):
        yield


def cursor_go(**options: Any) -> Any:
    return boardgames.game_class("cursor_go").configure(options)


def test_cursor_go_keeps_the_contract(check_game):
    check_game("cursor_go", games=2, options={"size": 5})


@pytest.mark.parametrize(("size", "games", "steps"), SIZES)
def test_it_plays_as_openspiels_move_for_move(size, games, steps):
    pyspiel = need_pyspiel()
    spiel = pyspiel.load_game("cursor_go", {"board_size": size})
    assert lockstep(cursor_go(size=size), spiel, lambda s, m: s.format_move(m), games) == steps


def crowded_lockstep(size: int, most: int, games: int) -> Counter[str]:
    """Seeded random games of ours and OpenSpiel's ``cursor_go`` in step, where a player places a stone three
    times as often as it moves its cursor and almost never passes: every legal move (by name) and the player to
    move compared at every step, the returns at the end. Counts what they exercised. A repetition is found on
    OpenSpiel's side, from its observation's stones, and ours must say the game will be drawn from that stone on."""
    pyspiel = need_pyspiel()
    spiel = pyspiel.load_game("cursor_go", {"board_size": size, "max_cursor_moves": most})
    game, count = cursor_go(size=size, max_cursor_moves=most), Counter[str]()
    for seed in range(games):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        empty = (0.0,) * (2 * size * size)  # OpenSpiel's black and white planes, no stone on either
        positions, situations = {empty}, {(empty, 0)}  # a situation: the stones and who is to move
        repeats, situational, went_on = 0, False, False
        while not ours.is_over:
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            assert sorted(mine) == sorted(labels) and theirs.current_player() == ours.turn, (seed, theirs)
            names = sorted(mine)
            label = rng.choices(names, [0.01 if n == "Pass" else 3 if n == "Place Stone" else 1 for n in names])[0]
            ours, _ = ours.play(mine[label]), theirs.apply_action(labels[label])
            count["steps"], count["captures"] = count["steps"] + 1, count["captures"] + bool(ours.changed)
            if label in ("Place Stone", "Pass"):  # the turn ended: OpenSpiel keeps its stones
                stones, after = tuple(theirs.observation_tensor(0)[: 2 * size * size]), theirs.current_player()
                if label == "Place Stone" and stones in positions:  # a pass leaves the stones, and never counts
                    repeats += 1
                    situational |= (stones, after) in situations
                went_on |= bool(repeats) and stones not in positions  # past a repetition, to a position not seen
                positions.add(stones), situations.add((stones, after))
            assert ours.repeated == bool(repeats), (seed, ours.describe())
        assert theirs.is_terminal() and tuple(theirs.returns()) == tuple(ours.returns()), (seed, ours.outcome)
        count["repetitions"] += repeats
        count["games repeated"], count["went on"] = count["games repeated"] + bool(repeats), count["went on"] + went_on
        count["past the bound"] += len(ours.history) > spiel.max_game_length()  # OpenSpiel's bound is no cap
        count["by position alone"] += bool(repeats) and not situational  # a rule of situations would not draw it
        count["drawn"] += ours.outcome.winner is None  # with komi 7.5 no score is even: only by repetition
    return count


def test_it_agrees_on_crowded_boards_with_few_cursor_moves():
    count = crowded_lockstep(*CROWDED)
    assert count["captures"] >= 5  # stones were taken (9 times): Go's captures were compared, not only placements


def test_a_game_where_a_position_came_back_is_drawn_at_its_end_as_in_openspiel():
    """OpenSpiel's rule, from its source (cursor_go.cc): after each stone or pass the stones alone (a Zobrist hash:
    not who is to move, nor the ko point) go in a set that starts with the empty board; a stone whose position is
    already there sets ``superko_``, the game goes on, and returns are a draw when it ends (two passes). Over 200
    games on 2 × 2 points (6,515 steps), 158 stones brought back a position, in 56 games: all of them drawn, every
    other game won. 8 of them were drawn by position alone (each time, the other player was to move than before:
    a rule of situations would not draw them); 44 went on to new positions after a repetition; and 67 games ran
    past OpenSpiel's ``MaxGameLength()`` (32 here), which ends nothing."""
    count = crowded_lockstep(*REPEATING)
    assert count["repetitions"] >= 150 and count["games repeated"] == count["drawn"] >= 50, count
    assert count["by position alone"] >= 5 and count["went on"] >= 40 and count["past the bound"] >= 60, count


def test_the_cursor_moves_and_a_stone_goes_where_it_is():
    state = cursor_go(size=5).replay(["Up", "Right", "Place Stone"])
    assert list(state.contents()) == ["d4"] and state.contents()["d4"]["owner"] == "black"
    assert state.turn == 1 and state.to_json()["overlays"]["c3"] == "white's cursor"  # white's is still in the middle
    assert state.to_json()["overlays"]["d4"] == "black's cursor"  # black's stays where it was left
    assert state.written_history() == ("Up", "Right", "Place Stone")
    at_edge = cursor_go(size=5).replay(["Up", "Up"])
    assert "Up" not in at_edge.to_json()["legal_moves"] and "Place Stone" in at_edge.to_json()["legal_moves"]
    tired = cursor_go(size=5, max_cursor_moves=1).replay(["Left"])
    assert tired.to_json()["legal_moves"] == ["Pass", "Place Stone"]  # its cursor moves spent this turn


def test_the_cursor_is_drawn_in_svg_words_and_json():
    state = cursor_go(size=5).replay(["Left"])
    svg = render_svg(state.view())
    assert svg.count('class="overlay overlay-black-s-cursor"') == 1 and "overlay-white-s-cursor" in svg
    from boardgames.rendering.words import squares_words

    assert squares_words(state.view())[state.game.grid.parse_square("b3")].startswith("b3, empty, black's cursor")
    move = state.parse_move("Place Stone")
    assert decode(state, encode(state, move)) == move and move.to == state.game.grid.parse_square("b3")


def test_a_move_is_typed_by_its_name_in_the_terminal(cli):
    run = cli("play", "cursor_go", "-o", "size=5", "--players", "human,human", input="up\nplace\npass\npass\n")
    assert run.code == 0, run.err
    found = re.search(r"(?:Saved|Recorded) to (\S+)\.", run.out)
    assert found, run.out
    assert json.loads(Path(found.group(1)).read_text())["history"] == ["Up", "Place Stone", "Pass", "Pass"]


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        ("Up Up Up", "the cursor is at the board's edge or has moved its most this turn"),
        ("Place Stone Place Stone", "Go allows no stone on c3"),
    ],
)
def test_a_bad_move_is_refused_in_one_line(cli, moves, why):
    typed = ",".join(re.findall(r"Place Stone|\w+", moves))
    run = cli("show", "cursor_go", "-o", "size=5", "--moves", typed)
    assert run.code != 0 and "Traceback" not in run.err and run.out == ""
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 and why in lines[0], run.err


cursor_go_served = example_served("go", "cursor_go")


def test_the_server_takes_the_moves_by_name_and_refuses_a_bad_one(cursor_go_served):
    served = cursor_go_served
    match = served.create(game="cursor_go", players=["human", "human"], options={"size": 5})
    match_id, seats = match["id"], match["seats"]
    for move in ("Up", "Up"):
        answer = served.request("POST", f"/api/matches/{match_id}/moves", {"move": move}, seats["black"])
        assert answer.status == 200, answer
    bad = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "Up"}, seats["black"])
    assert bad.status == 400 and "\n" not in bad.body["error"] and "edge" in bad.body["error"], bad
    placed = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "Place Stone"}, seats["black"])
    assert placed.status == 200 and placed.body["state"]["contents"]["c5"]["owner"] == "black", placed
    assert placed.body["state"]["overlays"]["c5"] == "black's cursor" and placed.body["state"]["to_move"] == "white"


@needs_chromium
def test_the_page_moves_the_cursor_and_places_a_stone_by_clicks(cursor_go_served, browsers):
    from helpers import PAGE_MOVES, click_offered, match_page, wait_until

    driver, _, _ = match_page(cursor_go_served, browsers, "cursor_go", "black", options={"size": 5})
    for name, written in (("d3", "Right"), ("d3", "Place Stone")):  # a point beside the cursor, then the cursor's
        click_offered(driver, name)
        wait_until(driver, lambda d, w=written: (d.execute_script(PAGE_MOVES) or [None])[-1] == w)
