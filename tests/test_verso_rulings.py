"""Verso: a position built by hand for each ruling (RULINGS.md V1–V7), through
``boardgames show verso ... --json`` as a script would use it."""

from __future__ import annotations

import pytest

import boardgames

# Found by seeded random play on small boards (flip=adjacent), then checked by hand below.
FORCED_PASS = (
    "d4 b1 e3 b4 c1 d5 e4 e2 b2 c5 d1 c3 c2 c4 a5 a2 b5 e1xd1 a4xb4 d3xc2xd4 "
    "d2xc2xc3 a1xb2 e5xd4xd5 b3xc2xc3 a4-a3xb2xb3"
)
FULL_BOARD = (
    "b4 f4 e4 d5 d3 c3 e1 b2 a4 c6 d4 c5 f2 c1 b1 a5xb4 a6xa5 b3 a2 d6 c2xb2xb3 f5 f1 "
    "a1xb1xb2 b6xc5 e6 b5xb4 e2 f6xe6 c4xc5xd3xd4 e3xd3xd4xe2 a3xa2xb3xb4 d2xc3 "
    "d1xc2xd2 f3xf4 e5xd4"
)


def show(cli, moves: str, *options: str) -> dict:
    args = ["show", "verso", "--moves", moves, "--json"]
    for opt in options:
        args += ["-o", opt]
    run = cli(*args)
    assert run.code == 0, run.err
    return run.json()


def rejected(cli, moves: str, *options: str) -> str:
    args = ["show", "verso", "--moves", moves, "--json"]
    for opt in options:
        args += ["-o", opt]
    run = cli(*args)
    assert run.code != 0 and run.out == "" and len(run.err.strip().splitlines()) == 1, run
    return run.err


def test_v1_v2_board_players_and_options_echoed(cli):
    state = show(cli, "")
    assert state["options"] == {"size": 8, "pieces": 9, "flip": "choice", "max_moves": 200}
    assert state["players"] == ["light", "dark"] and state["to_move"] == "light"
    assert len(state["legal_moves"]) == 64  # points, edge points included
    assert "h8" in state["legal_moves"] and "a1" in state["legal_moves"]
    assert len(show(cli, "", "size=5")["legal_moves"]) == 25
    assert len(show(cli, "", "size=19")["legal_moves"]) == 361
    assert "size" in rejected(cli, "", "size=4")
    assert "size" in rejected(cli, "", "size=20")
    assert "pieces" in rejected(cli, "", "size=5", "pieces=13")
    assert "flip" in rejected(cli, "", "flip=random")


def test_v1_drawn_as_points_joined_by_lines(cli):
    run = cli("show", "verso", "-o", "size=5", "--moves", "c3")
    assert "--[L]--" in run.out  # a point on the lines, not a square
    assert " |   |   |   |   |" in run.out


def test_v3_placing_anywhere_and_alternating(cli):
    state = show(cli, "a1 h8 a8")
    assert state["pieces"] == {"a1": "light", "a8": "light", "h8": "dark"}
    assert state["to_move"] == "dark" and len(state["legal_moves"]) == 61


def test_v4_one_prisoner_is_flipped_and_listed(cli):
    state = show(cli, "d4 e5 f6")
    assert state["pieces"] == {"d4": "light", "e5": "light", "f6": "light"}
    assert state["history"] == ["d4", "e5", "f6xe5"]  # canonical form lists the flip
    # The forced flip may also be typed.
    assert show(cli, "d4 e5 f6xe5")["pieces"] == state["pieces"]


def test_v4_several_prisoners_on_one_ray_the_mover_chooses(cli):
    before = show(cli, "d4 e5 a1 f6")
    assert [m for m in before["legal_moves"] if m.startswith("g7")] == ["g7xe5", "g7xf6"]
    for choice, other in (("e5", "f6"), ("f6", "e5")):
        state = show(cli, f"d4 e5 a1 f6 g7x{choice}")
        assert state["pieces"][choice] == "light" and state["pieces"][other] == "dark"
    err = rejected(cli, "d4 e5 a1 f6 g7")
    assert "move 5" in err and "needs a choice" in err and "g7xe5, g7xf6" in err
    err = rejected(cli, "d4 e5 a1 f6 g7xe5xf6")
    assert "exactly one imprisoned piece flips on each imprisoning line" in err


def test_v4_two_rays_at_once_one_flip_each(cli):
    state = show(cli, "f4 e4 d6 d5 d4")
    assert state["history"][-1] == "d4xd5xe4"
    assert state["pieces"]["d5"] == state["pieces"]["e4"] == "light"


def test_v4_ray_broken_by_an_empty_point(cli):
    state = show(cli, "b4 c4 e4")  # d4 is empty between c4 and e4
    assert state["pieces"]["c4"] == "dark" and state["history"][-1] == "e4"
    assert "imprisons nothing" in rejected(cli, "b4 c4 e4xc4")


def test_v4_no_flip_without_a_closing_piece(cli):
    state = show(cli, "h8 a1 b1")  # a1 runs to the edge: nothing closes it
    assert state["pieces"]["a1"] == "dark"
    state = show(cli, "h8 a1 c1 b1 h7")  # flanking the other way round: dark b1 is not taken by h7
    assert state["pieces"]["b1"] == "dark"


def test_v4_no_cascade(cli):
    # Light e5 imprisons dark d4 against c3. Once flipped, d4 would close
    # dark d5 against light d6, but flips never cascade: d5 stays dark.
    state = show(cli, "c3 d4 d6 d5 e5")
    assert state["history"][-1] == "e5xd4"
    assert state["pieces"]["d4"] == "light" and state["pieces"]["d5"] == "dark"


def test_v4_flip_adjacent_option(cli):
    state = show(cli, "d4 e5 a1 f6 g7", "flip=adjacent")
    assert state["history"][-1] == "g7xf6"  # the imprisoned piece next to g7
    assert state["pieces"]["e5"] == "dark"
    assert "next to it" in rejected(cli, "d4 e5 a1 f6 g7xe5", "flip=adjacent")


def test_v5_a_win_made_by_a_flip(cli):
    state = show(cli, "a1 a4 a2 h8 a3 h7 a5")
    assert state["history"][-1] == "a5xa4"
    assert (state["status"], state["winner"], state["to_move"], state["legal_moves"]) == (
        "won",
        "light",
        None,
        [],
    )


def test_v6_switch_to_the_moving_phase_orthogonal_steps(cli):
    state = show(cli, "a1 e5 a2 e4", "size=5", "pieces=2")
    assert state["legal_moves"] == ["a1-b1", "a2-a3", "a2-b2"]
    err = rejected(cli, "a1 e5 a2 e4 a1-b2", "size=5", "pieces=2")
    assert "never diagonally" in err and "move 5" in err
    assert "every piece is placed" in rejected(cli, "a1 e5 a2 e4 c3", "size=5", "pieces=2")
    assert "does not hold a light piece" in rejected(cli, "a1 e5 a2 e4 e4-d4", "size=5", "pieces=2")
    assert "still being placed" in rejected(cli, "a1 e5 a1-b1", "size=5", "pieces=2")


def test_v6_moving_piece_imprisons_on_arrival(cli):
    # Light steps b2-b3 and closes dark c3 against light d3.
    state = show(cli, "d3 c3 b2 e5 b2-b3", "size=5", "pieces=2")
    assert state["history"][-1] == "b2-b3xc3" and state["pieces"]["c3"] == "light"


def test_v7_forced_pass(cli):
    state = show(cli, FORCED_PASS, "size=5", "pieces=12", "flip=adjacent")
    # Dark's only empty neighbour point a4 is ringed by light a3, a5 and b4.
    assert state["to_move"] == "dark" and state["legal_moves"] == ["pass"]
    after = show(cli, FORCED_PASS + " pass", "size=5", "pieces=12", "flip=adjacent")
    assert after["to_move"] == "light" and after["legal_moves"] == ["a3-a4", "a5-a4", "b4-a4"]
    err = rejected(cli, "a1 e5 a2 e4 pass", "size=5", "pieces=2")
    assert "may not pass" in err


def test_v7_draw_when_neither_can_move(cli):
    state = show(cli, FULL_BOARD, "size=6", "pieces=18", "flip=adjacent")
    assert len(state["pieces"]) == 36
    assert (state["status"], state["winner"], state["legal_moves"]) == ("drawn", None, [])
    assert "neither player can move" in state["result"]


def test_v7_draw_on_the_third_repetition(cli):
    shuttle = "a1 e5 a1-a2 e5-e4 a2-a1 e4-e5"
    once_more = show(cli, shuttle + " a1-a2 e5-e4 a2-a1", "size=5", "pieces=1")
    assert once_more["status"] == "ongoing"
    state = show(cli, shuttle + " a1-a2 e5-e4 a2-a1 e4-e5", "size=5", "pieces=1")
    assert state["status"] == "drawn" and "third time" in state["result"]


def test_v7_draw_after_max_moves_moving_turns(cli):
    state = show(cli, "a1 e5 a1-a2 e5-e4", "size=5", "pieces=1", "max_moves=3")
    assert state["status"] == "ongoing"
    state = show(cli, "a1 e5 a1-a2 e5-e4 a2-a3", "size=5", "pieces=1", "max_moves=3")
    assert state["status"] == "drawn" and "3 moving-phase turns" in state["result"]


def test_v7_cap_defaults_to_200_and_counts_passes():
    verso = boardgames.game_class("verso")
    assert verso.configure().max_length == 2 * 9 + 200
    state = verso.configure({"size": 5, "pieces": 12, "flip": "adjacent"}).replay(FORCED_PASS.split())
    assert state.play("pass").moving_turns == state.moving_turns + 1


@pytest.mark.parametrize("text", ["d4", "D4", " d4 "])
def test_notation_is_forgiving_on_input_and_canonical_on_output(cli, text):
    assert show(cli, text)["history"] == ["d4"]
