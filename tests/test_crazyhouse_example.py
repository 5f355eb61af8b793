"""The crazyhouse example package (examples/crazyhouse, built on examples/chess): the conformance
kit, agreement with OpenSpiel's ``crazyhouse`` move for move (every legal move compared by its SAN,
OpenSpiel's action_to_string, at every step; the player to move; the returns), and what issue 41
asked of it: a piece taken goes to the taker's hand (a promoted one as a pawn), counted by kind
beside the board, in ``show --json``, the words and the observation; a drop (``N@f3``) typed,
clicked and refused in one line."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardgames
from boardgames import render_svg, render_text
from boardgames.learning.actions import decode, encode
from boardgames.learning.observation import plane_names, planes
from boardgames.testing import plugin
from helpers import example_served, load_example, need_pyspiel, needs_chromium

#: Seeded random games compared with OpenSpiel, and the most plies of each: a random game lasts about
#: 350 plies, too long for the suite, so it plays the first 60 of each (300 whole games are compared
#: outside it: see examples/crazyhouse/README.md).
AGREEMENT_GAMES, PLIES = 200, 60
#: The steps compared in all (asserted: the games are seeded, so the count is fixed).
STEPS = 11853
#: White's knight takes on d5 and black's queen takes it back: a knight in black's hand, a pawn in white's.
KNIGHT = "Nc3 d5 Nxd5 Qxd5 e3"
#: White's f-pawn promotes on e8 and black's queen takes the new queen: it goes to black's hand as a pawn.
PROMOTED = "f4 e5 fxe5 Ke7 e6 Kf6 e7 Kg6 e8=Q"


@pytest.fixture(scope="module", autouse=True)
def crazyhouse_plugin() -> Iterator[None]:
    # The example imports the chess example's rules as boardgames_chess, as it would find it installed.
    sys.modules.setdefault("boardgames_chess", load_example("chess"))
    with plugin(load_example("crazyhouse"), "crazyhouse-under-test"):
        yield


def crazyhouse() -> Any:
    return boardgames.game_class("crazyhouse").configure()


def test_crazyhouse_keeps_the_contract(check_game):
    # Seed 3's game: 136 moves (20 drops, 11 promotions, 22 captures) to checkmate, the end seed 0's reaches in 870.
    check_game("crazyhouse", games=1, seed=3)


def test_it_plays_as_openspiels_move_for_move():
    pyspiel = need_pyspiel()
    spiel, game, steps = pyspiel.load_game("crazyhouse"), crazyhouse(), 0
    for seed in range(AGREEMENT_GAMES):
        rng = random.Random(seed)
        ours, theirs = game.start(), spiel.new_initial_state()
        while not ours.is_over and len(ours.history) < PLIES:
            labels = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
            mine = {ours.format_move(m): m for m in ours.legal_moves}
            assert sorted(mine) == sorted(labels), (seed, theirs)
            assert theirs.current_player() == 1 - ours.turn  # OpenSpiel's player 0 is black
            label = rng.choice(sorted(labels))
            ours, _ = ours.play(mine[label]), theirs.apply_action(labels[label])
            steps += 1
        assert ours.is_over == theirs.is_terminal(), (seed, theirs)
        if ours.is_over:
            assert list(ours.returns()) == theirs.returns()[::-1], (seed, ours.outcome)
    assert steps == STEPS


def test_a_piece_taken_goes_to_the_hand_and_is_dropped_back():
    state = crazyhouse().replay(KNIGHT.split())
    assert state.to_json()["counts"] == {
        "j1": {"count": 1, "owner": "white", "kind": "pawn"},
        "k7": {"count": 1, "owner": "black", "kind": "knight"},
    }
    assert "N@f3" in state.to_json()["legal_moves"] and "N@f3+" not in state.to_json()["legal_moves"]
    dropped = state.play("N@f3")
    assert dropped.to_json()["contents"]["f3"] == {"owner": "black", "kind": "knight"}
    assert "k7" not in dropped.to_json()["counts"] and dropped.view().flag == "white is in check"
    assert dropped.written_history() == (*KNIGHT.split(), "N@f3")
    taken = dropped.play("gxf3")
    assert taken.to_json()["counts"]["j2"] == {"count": 1, "owner": "white", "kind": "knight"}


def test_a_promoted_piece_moves_under_its_own_letter_and_returns_as_a_pawn():
    state = crazyhouse().replay([*PROMOTED.split(), "Nf6"])
    assert state.contents()["e8"] == {"owner": "white", "kind": "promoted queen"}
    assert "Exd8" in state.to_json()["legal_moves"]  # OpenSpiel's letter for a promoted queen
    taken = crazyhouse().replay([*PROMOTED.split(), "Qxe8"])
    assert taken.to_json()["counts"]["k8"] == {"count": 1, "owner": "black", "kind": "pawn"}
    assert "Q@e4" not in taken.to_json()["legal_moves"] and "P@e4" in taken.to_json()["legal_moves"]


def test_the_hands_in_text_svg_words_and_the_observation():
    state = crazyhouse().replay(KNIGHT.split())
    drawn = render_text(state.view())
    rows = {line.split()[0]: line for line in drawn.splitlines() if line[:3].strip().isdigit()}
    assert "P 1" in rows["1"] and "n 1" in rows["7"]  # white's pawn, black's knight, each beside its rank
    svg = render_svg(state.view())
    assert 'data-square="k7" data-count="1" data-kind="knight"' in svg
    from boardgames.rendering.words import squares_words

    assert squares_words(state.view())[state.game.grid.parse_square("k7")] == "k7, black's hand, 1 knight"
    game = state.game
    names, seen = plane_names(game), planes(state, 1)
    assert seen[names.index("my count")][game.grid.parse_square("k7")] == 1.0
    assert seen[names.index("opponent's count")][game.grid.parse_square("j1")] == 1.0
    drop = state.parse_move("N@f3")
    assert drop.origin == game.grid.parse_square("k7") and decode(state, encode(state, drop)) == drop


def test_the_hands_are_drawn_beside_the_board_each_piece_in_its_holders_colour():
    """A hand holds what its player may drop: white's pawn is drawn white (it was drawn in the outline's
    ink, as a black pawn), and the hands' files are neither lettered nor checkered as the board's are."""
    state = crazyhouse().replay(KNIGHT.split())
    svg = render_svg(state.view())
    white, black = state.game.colours
    held = dict(re.findall(r'<text class="held glyph" data-square="(\w+)"[^>]* fill="([^"]+)"', svg))
    assert held == {"j1": white, "k7": black}
    dark = re.findall(r'<rect class="cell dark" x="([\d.-]+)"', svg)
    assert len(dark) == 32 and max(map(float, dark)) < 8 * 60 - 30  # the board's 32 dark squares, none past h
    files = re.findall(r'<text class="coord"[^>]*text-anchor="middle">(\w)</text>', svg)
    assert files == list("abcdefgh")


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        ("e4 d5 exd5 Nf6 N@d3", "white has no knight in hand"),
        ("e4 d5 exd5 Nf6 P@d8", "d8 is taken"),
        ("e4 d5 exd5 Nf6 P@g8", "a pawn is never dropped on the first or the last rank"),
        (f"{KNIGHT} N@f3 P@e2", "white's king would still be in check"),
    ],
)
def test_a_bad_drop_is_refused_in_one_line(cli, moves, why):
    run = cli("show", "crazyhouse", "--moves", moves)
    assert run.code != 0 and "Traceback" not in run.err and run.out == ""
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 and why in lines[0], run.err


def test_a_drop_typed_in_the_terminal(cli):
    typed = "\n".join([*KNIGHT.split(), "n@f3"]) + "\n"
    run = cli("play", "crazyhouse", "--players", "human,human", input=typed)
    assert run.code == 0, run.err
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out
    assert json.loads(Path(found.group(1)).read_text())["history"] == [*KNIGHT.split(), "N@f3"]


crazyhouse_served = example_served("chess", "crazyhouse")


def knight_taken(served: Any) -> tuple[str, dict[str, str]]:
    """A crazyhouse match of two people, played until black has a knight in hand: its id and seats."""
    match = served.create(game="crazyhouse", players=["human", "human"])
    match_id, seats = match["id"], match["seats"]
    for k, move in enumerate(KNIGHT.split()):
        answer = served.request(
            "POST", f"/api/matches/{match_id}/moves", {"move": move}, seats[("white", "black")[k % 2]]
        )
        assert answer.status == 200, answer
    return match_id, seats


def test_the_server_takes_a_drop_and_refuses_a_bad_one_in_one_line(crazyhouse_served):
    served = crazyhouse_served
    match_id, seats = knight_taken(served)
    bad = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "N@d5"}, seats["black"])
    assert bad.status == 400 and "\n" not in bad.body["error"] and "d5 is taken" in bad.body["error"], bad
    played = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "N@f3"}, seats["black"])
    assert played.status == 200, played
    assert played.body["state"]["history"][-1] == "N@f3"  # OpenSpiel writes no check sign on a drop
    assert played.body["state"]["counts"] == {"j1": {"count": 1, "owner": "white", "kind": "pawn"}}


@needs_chromium
def test_the_page_drops_a_piece_by_clicking_the_hand_then_the_square(crazyhouse_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import wait_until

    served = crazyhouse_served
    match_id, seats = knight_taken(served)
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat=black&token={seats['black']}")
    for name in ("k7", "f3"):  # black's knight in hand, then f3
        wait_until(
            driver, lambda d, n=name: d.find_elements(By.CSS_SELECTOR, f'#board .square.next[data-square="{n}"]')
        )
        driver.find_element(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]').click()
    moves = "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"
    wait_until(driver, lambda d: (d.execute_script(moves) or [None])[-1] == "N@f3")
