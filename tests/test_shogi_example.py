"""The shogi example package (examples/shogi): the conformance kit, agreement
with OpenSpiel's ``shogi`` move for move (every legal move compared by its USI
name, OpenSpiel's action_to_string, at every step; the player to move; the
returns), and what issue 41 asked of it: pieces in hand, drawn beside the board
with their kinds and numbers, in ``show --json``, the words and the
observation; a drop typed and refused in one line; promotion as a choice."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
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
from lockstep import lockstep

SVG = "{http://www.w3.org/2000/svg}"
#: Seeded random games compared with OpenSpiel, and the most plies of each: a random game lasts about
#: 500 plies, too long for the suite, so it plays the first 100 of each (300 whole games are compared
#: outside it: see examples/shogi/README.md).
AGREEMENT_GAMES, PLIES = 200, 100
#: The steps compared in all (asserted: the games are seeded, so the count is fixed).
STEPS = 20000
#: Black's bishop takes white's on 2b and promotes; white's silver takes it back: a bishop in each hand.
BISHOPS = "7g7f 3c3d 8h2b+ 3a2b"
#: A pawn taken each side: black's on 2c (promoting), white's on 8g.
PAWNS = "2g2f 8c8d 2f2e 8d8e 2e2d 8e8f 2d2c+ 8f8g+"


@pytest.fixture(scope="module", autouse=True)
def shogi_plugin() -> Iterator[None]:
    with plugin(load_example("shogi"), "shogi-under-test"):
        yield


def shogi() -> Any:
    return boardgames.game_class("shogi").configure()


def test_shogi_keeps_the_contract(check_game):
    # Seed 9's game: 93 moves (13 drops, 6 promotions) to a player with no move, the end seed 0's reaches in 897.
    check_game("shogi", games=1, seed=9)


def test_it_plays_as_openspiels_move_for_move():
    pyspiel = need_pyspiel()
    steps = lockstep(shogi(), pyspiel.load_game("shogi"), lambda s, m: s.format_move(m), AGREEMENT_GAMES, plies=PLIES)
    assert steps == STEPS


def test_the_moves_are_listed_in_order_with_drops_promotions_and_moves_that_stay():
    """The rules list the moves in order, site by site (white's hand before the board, black's after it),
    as the core's tables make them: at every step of seeded games, with drops, promotions and moves that
    stay unpromoted among them."""
    hand_sites = {site for side in type(shogi()).move_notation.hands for site in side}
    kinds = set()
    for seed in range(3):
        rng, state = random.Random(seed), shogi().start()
        while not state.is_over and len(state.history) < 300:
            moves = state.legal_moves
            assert sorted(moves) == list(moves)
            kinds.update("drop" if m.origin in hand_sites else ("step", "promote", "stay")[m.choice + 1] for m in moves)
            state = state.play(rng.choice(moves))
    assert kinds == {"drop", "step", "promote", "stay"}


def test_a_capture_goes_to_the_hand_and_is_dropped_back():
    state = shogi().replay(BISHOPS.split())
    assert state.to_json()["counts"] == {
        "m6": {"count": 1, "owner": "black", "kind": "bishop"},
        "a4": {"count": 1, "owner": "white", "kind": "bishop"},
    }
    assert "B*5e" in state.to_json()["legal_moves"] and "8h2b" not in state.to_json()["legal_moves"]
    dropped = state.play("B*5e")
    assert dropped.to_json()["contents"]["g5"] == {"owner": "black", "kind": "bishop", "face": "角"}
    assert "m6" not in dropped.to_json()["counts"]
    assert dropped.written_history() == ("7g7f", "3c3d", "8h2b+", "3a2b", "B*5e")


def test_promotion_is_a_choice_where_optional_and_forced_where_the_rules_force_it():
    state = shogi().replay("7g7f 3c3d".split())
    moves = state.to_json()["legal_moves"]
    assert "8h2b+" in moves and "8h2b" in moves  # the bishop may promote, or not
    assert "8h2b=" not in moves
    # A pawn on the last rank must promote: 1c1b+ then 1b1a+, never 1b1a.
    pawn = shogi().replay("1g1f 5a4b 1f1e 4b5a 1e1d 5a4b 1d1c+ 4b5a".split())
    assert "1c1b" in pawn.to_json()["legal_moves"]  # the tokin (promoted) moves as a gold
    state = shogi().replay("1g1f 5a4b 1f1e 4b5a 1e1d 5a4b".split())
    moves = state.to_json()["legal_moves"]
    assert "1d1c+" in moves and "1d1c" in moves  # into the zone: either
    with pytest.raises(boardgames.IllegalMoveError, match="cannot promote"):
        shogi().start().play("7g7f+")


def test_the_text_drawing_shows_both_hands_beside_the_board():
    state = shogi().replay(BISHOPS.split())
    drawn = render_text(state.view())
    rows = {line.split()[0]: line for line in drawn.splitlines() if line[:3].strip() in tuple("abcdefghi")}
    assert rows["d"].rstrip().endswith("B 1  d")  # black's bishop in hand, on the right, its number beside it
    assert rows["f"].split()[1:3] == ["b", "1"]  # white's, on the left, lower case as white's pieces are
    assert "+B" not in drawn  # the promoted bishop was taken back: it went to the hand unpromoted
    promoted = render_text(shogi().replay(BISHOPS.split()[:3]).view())
    assert "[+B]" in promoted  # a promoted piece in two letters, in its cell
    assert len({len(line) for line in promoted.splitlines()[1:10] if "+B" in line or "9" in line[:4]}) == 1


def test_a_rank_with_no_hand_site_runs_as_far_as_the_others():
    # Black's hand has no site on ranks a and b: those rows ended at file 1, their label out of line.
    drawn = render_text(shogi().replay(BISHOPS.split()).view()).splitlines()
    rows = [line for line in drawn if line[:3].strip() in tuple("abcdefghi")]
    assert len(rows) == 9 and len({len(line) for line in rows}) == 1
    assert {line.rindex(line.split()[0]) for line in rows} == {len(rows[0]) - 1}  # the labels in one column


def test_the_hands_in_svg_words_and_the_observation():
    state = shogi().replay(BISHOPS.split())
    svg = render_svg(state.view())
    assert 'data-square="m6" data-count="1" data-kind="bishop"' in svg
    assert svg.count('class="piece player-black kind-pawn pentagon"') == 9  # the pieces are pentagons
    assert 'transform="rotate(180' in svg  # white's point the other way
    from boardgames.rendering.words import squares_words

    assert squares_words(state.view())[state.game.grid.parse_square("a4")] == "a4, white's hand, 1 bishop"
    game = state.game
    names = plane_names(game)
    seen = planes(state, 0)
    mine, theirs = names.index("my count"), names.index("opponent's count")
    assert seen[mine][game.grid.parse_square("m6")] == 1.0 and seen[theirs][game.grid.parse_square("a4")] == 1.0


def test_the_pieces_bear_their_kanji_and_the_board_is_labelled_as_usi_names_it(cli):
    run = cli("show", "shogi", "--moves", " ".join(BISHOPS.split()[:3]), "--json")
    assert run.code == 0, run.err
    shown = json.loads(run.out)
    assert shown["coordinates"] == {"files": ["", "", *"987654321", "", ""], "ranks": list("ihgfedcba")}
    assert shown["contents"]["c9"] == {"owner": "white", "kind": "lance", "face": "香"}
    assert shown["contents"]["j8"] == {"owner": "black", "kind": "horse", "face": "馬"}  # 8h2b+: on 2b (j8)
    assert (shown["contents"]["g9"]["face"], shown["contents"]["g1"]["face"]) == ("王", "玉")  # white's, black's king
    svg = render_svg(shogi().replay(BISHOPS.split()[:3]).view())
    root = ET.fromstring(svg)
    faces = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "face"]
    assert faces.count("歩") == 18 and faces.count("馬") == 1 and faces.count("角") == 1  # the 角 in black's hand
    labels = [e.text for e in root.iter(f"{SVG}text") if e.get("class") == "coord"]
    assert [t for t in labels if t] == [*"987654321", *"ihgfedcba"]  # files 9 to 1, ranks a to i from the top
    drawn = render_text(shogi().replay(BISHOPS.split()[:3]).view()).splitlines()
    assert drawn[0].split() == list("987654321") and drawn[1].split()[0] == "a"
    assert "[+B]" in drawn[2]  # SFEN's letters: the horse as +B on 2b
    assert "black upper case  white lower case" in "\n".join(drawn) and "B black" not in "\n".join(drawn)


def test_a_drop_is_a_step_from_the_hand_for_the_actions():
    state = shogi().replay(BISHOPS.split())
    drop = state.parse_move("B*5e")
    assert drop.origin == state.game.grid.parse_square("m6")
    assert decode(state, encode(state, drop)) == drop


def test_a_drop_typed_in_the_terminal(cli):
    typed = "\n".join([*BISHOPS.split(), "B*5e"]) + "\n"
    run = cli("play", "shogi", "--players", "human,human", input=typed)
    assert run.code == 0, run.err
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out
    assert json.loads(Path(found.group(1)).read_text())["history"] == [*BISHOPS.split(), "B*5e"]


def test_a_promotion_typed_by_its_squares_is_asked_by_name(cli):
    run = cli("play", "shogi", "--players", "human,human", input="7g7f\n3c3d\nd2-j8\npromote\n")
    assert run.code == 0, run.err
    assert "Promote? promote, stay" in run.out
    found = re.search(r"Saved to (\S+)\.", run.out)
    assert found, run.out
    assert json.loads(Path(found.group(1)).read_text())["history"] == ["7g7f", "3c3d", "8h2b+"]


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        (f"{BISHOPS} B*5a", "5a is taken"),
        (f"{PAWNS} P*5e", "file 5 already holds a pawn of black's"),
        (f"{PAWNS} P*2b", "2b is taken"),
        (f"{BISHOPS} R*5e", "black has no rook in hand"),
    ],
)
def test_a_bad_drop_is_refused_in_one_line(cli, moves, why):
    run = cli("show", "shogi", "--moves", moves)
    assert run.code != 0 and "Traceback" not in run.err and run.out == ""
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert len(lines) == 1 and why in lines[0], run.err


shogi_served = example_served("shogi")


def bishops_taken(served: Any) -> tuple[str, dict[str, str]]:
    """A shogi match of two people, played until each side has a bishop in hand: its id and seats."""
    match = served.create(game="shogi", players=["human", "human"])
    match_id, seats = match["id"], match["seats"]
    for k, move in enumerate(BISHOPS.split()):
        answer = served.request(
            "POST", f"/api/matches/{match_id}/moves", {"move": move}, seats[("black", "white")[k % 2]]
        )
        assert answer.status == 200, answer
    return match_id, seats


def test_the_server_takes_a_drop_and_refuses_a_bad_one_in_one_line(shogi_served):
    served = shogi_served
    match_id, seats = bishops_taken(served)
    bad = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "B*5a"}, seats["black"])
    assert bad.status == 400 and "\n" not in bad.body["error"] and "5a is taken" in bad.body["error"], bad
    played = served.request("POST", f"/api/matches/{match_id}/moves", {"move": "B*5e"}, seats["black"])
    assert played.status == 200, played
    assert played.body["state"]["history"][-1] == "B*5e"
    assert played.body["state"]["counts"] == {"a4": {"count": 1, "owner": "white", "kind": "bishop"}}


@needs_chromium
def test_the_page_drops_a_piece_by_clicking_the_hand_then_the_square(shogi_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import wait_until

    served = shogi_served
    match_id, seats = bishops_taken(served)
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat=black&token={seats['black']}")
    for name in ("m6", "g5"):  # black's bishop in hand, then 5e
        wait_until(
            driver, lambda d, n=name: d.find_elements(By.CSS_SELECTOR, f'#board .square.next[data-square="{n}"]')
        )
        driver.find_element(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]').click()
    moves = "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"
    wait_until(driver, lambda d: (d.execute_script(moves) or [None])[-1] == "B*5e")


@needs_chromium
def test_the_page_shows_the_kanji_and_usis_labels(shogi_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import wait_until

    served = shogi_served
    match_id, seats = bishops_taken(served)
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat=black&token={seats['black']}")
    wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board text.face"))
    faces = driver.execute_script("return [...document.querySelectorAll('#board text.face')].map(t => t.textContent)")
    assert faces.count("歩") == 18 and {"玉", "王", "飛", "角"} <= set(faces)  # 角: a bishop in each hand
    labels = driver.execute_script("return [...document.querySelectorAll('#board text.coord')].map(t => t.textContent)")
    assert [t for t in labels if t] == [*"987654321", *"ihgfedcba"]
