"""Donuts: each rulebook example and each ruling (RULINGS.md D1–D8), through
``boardgames show donuts -o board=... --moves ... --json`` as a script would.

The rulebook's diagrams are not in our copy, so each example is rebuilt on a
board chosen for it: a layout string (D2) whose lines force the story.
"""

from __future__ import annotations

import boardgames
from helpers import layout


def show(cli, board: str, moves: str, *options: str) -> dict:
    args = ["show", "donuts", "-o", f"board={board}", "--moves", moves, "--json"]
    for opt in options:
        args += ["-o", opt]
    run = cli(*args)
    assert run.code == 0, run.err
    assert run.err == ""
    return run.json()


def test_d1_lines_are_whole_lines_both_ways(cli):
    # D1: '-' is the square's rank, '|' its file, '/' the a1-f6 direction, '\' the a6-f1 one.
    for line, after_d4 in {
        "-": ["a4", "b4", "c4", "e4", "f4"],
        "|": ["d1", "d2", "d3", "d5", "d6"],
        "/": ["a1", "b2", "c3", "e5", "f6"],
        "\\": ["b6", "c5", "e3", "f2"],
    }.items():
        state = show(cli, layout(d4=line), "d4")
        assert state["legal_moves"] == sorted(after_d4), line


def test_d2_board_option_echoed_and_random_board_from_seed(cli):
    board = layout("|", a6="/", f1="\\")
    state = show(cli, board, "")
    assert state["options"]["board"] == board
    # Without board=, the layout is drawn from the seed: same seed, same board.
    first = cli("show", "donuts", "--seed", "11", "--json").json()["options"]["board"]
    again = cli("show", "donuts", "--seed", "11", "--json").json()["options"]["board"]
    other = cli("show", "donuts", "--seed", "12", "--json").json()["options"]["board"]
    assert first == again != other
    # White space in a layout is ignored; the echo is the canonical form.
    squashed = board.replace(" ", "")
    assert show(cli, "\n".join(squashed[i : i + 6] for i in range(0, 36, 6)), "")["options"]["board"] == board


def test_d3_players_turn_order_and_first_option(cli):
    state = show(cli, layout(), "")
    assert state["players"] == ["chocolate", "vanilla"]
    assert state["to_move"] == "chocolate"
    assert state["options"]["first"] == "chocolate"
    state = show(cli, layout(), "a1", "first=vanilla")
    assert state["players"] == ["vanilla", "chocolate"]
    assert state["pieces"] == {"a1": "vanilla"}
    assert state["to_move"] == "chocolate"


def test_d4_first_donut_anywhere(cli):
    state = show(cli, layout(), "")
    assert len(state["legal_moves"]) == 36
    assert state["legal_moves"] == sorted(state["legal_moves"])


def test_d4_rulebook_direction_example_four_squares(cli):
    # Eric (chocolate) plays A = c3, whose '|' sends Emma up file c; she plays
    # B = c5, whose '\' gives Eric the 4 squares of that diagonal.
    state = show(cli, layout(c3="|", c5="\\"), "c3 c5")
    assert state["to_move"] == "chocolate"
    assert state["legal_moves"] == ["b6", "d4", "e3", "f2"]


def test_d4_move_off_the_line_is_rejected_with_its_number(cli):
    run = cli("show", "donuts", "-o", f"board={layout(c3='|', c5=chr(92))}", "--moves", "c3 c5 a1", "--json")
    assert run.code != 0
    assert run.out == ""
    assert len(run.err.strip().splitlines()) == 1
    assert "move 3" in run.err and "'a1'" in run.err
    assert "b6 d4 e3 f2" in run.err  # it says where the donut may go


def test_d5_rulebook_disobedience(cli):
    # Rank 1 fills up; Emma (vanilla) plays A = f1, whose '-' line has no empty
    # square left, so Eric may play on any of the 30 empty squares.
    state = show(cli, layout(), "a1 b1 c1 d1 e1 f1")
    assert state["to_move"] == "chocolate"
    assert len(state["legal_moves"]) == 30
    assert not {"a1", "b1", "c1", "d1", "e1", "f1"} & set(state["legal_moves"])


def test_d6_rulebook_single_insertion(cli):
    # Vanilla b2 was already there; Eric's trap A = f2, Emma follows the rank to
    # B = d2, Eric inserts at C = c2 and flips b2 and d2.
    state = show(cli, layout(b6="|", c2="|"), "b6 b2 f2 d2 c2")
    assert state["pieces"] == {
        "b2": "chocolate",
        "b6": "chocolate",
        "c2": "chocolate",
        "d2": "chocolate",
        "f2": "chocolate",
    }
    # D4: only the square just played sets the line: c2's '|', not the flipped b2/d2's '-'.
    assert state["legal_moves"] == ["c1", "c3", "c4", "c5", "c6"]


def test_d6_rulebook_double_insertion(cli):
    # Emma plays A = a2, Eric B = c4, Emma inserts at C = c3 between chocolate
    # pairs on the rank and on the file: four donuts flip.
    board = layout(b3="|", b5="\\", d3="|", d1="\\", c2="-", a2="/", c4="|")
    before = show(cli, board, "b3 b5 d3 d1 c2 a2 c4")
    assert {sq: before["pieces"][sq] for sq in ("b3", "d3", "c2", "c4")} == dict.fromkeys(
        ("b3", "d3", "c2", "c4"), "chocolate"
    )
    after = show(cli, board, "b3 b5 d3 d1 c2 a2 c4 c3")
    assert set(after["pieces"].values()) == {"vanilla"}
    assert sorted(after["pieces"]) == ["a2", "b3", "b5", "c2", "c3", "c4", "d1", "d3"]


def test_d6_rulebook_insertion_of_a_group(cli):
    # Eric's b4 is already there: c4 makes the run b4-c4 between vanilla a4 and d4.
    state = show(cli, layout(a1="|"), "a1 a4 b4 d4 c4")
    assert state["pieces"] == dict.fromkeys(["a1", "a4", "b4", "c4", "d4"], "chocolate")


def test_d6_rulebook_flanking_flips_nothing(cli):
    # Emma's A = c5 is then surrounded by Eric's b5 and d5: not an insertion.
    state = show(cli, layout(), "b5 c5 d5")
    assert state["pieces"] == {"b5": "chocolate", "c5": "vanilla", "d5": "chocolate"}


def test_d6_run_against_the_edge_flips_nothing(cli):
    # Chocolate b1-c1 would be a run ending at a1 vanilla, but the other end
    # d1 is empty; then vanilla d1 closes nothing either (its run is alone).
    state = show(cli, layout(), "b1 a1 c1 d1")
    assert state["pieces"] == {"a1": "vanilla", "b1": "chocolate", "c1": "chocolate", "d1": "vanilla"}


def test_d7_rulebook_five_in_a_row(cli):
    board = layout(a6="|", b6="|", c6="|", d6="|", e6="|", a5="/", b5="/", c5="/", d5="/")
    state = show(cli, board, "a6 a5 b6 b5 c6 c5 d6 d5 e6", "first=vanilla")
    assert state["status"] == "won"
    assert state["winner"] == "vanilla"
    assert state["to_move"] is None
    assert state["legal_moves"] == []
    # Nothing may be played after the end.
    run = cli(
        "show",
        "donuts",
        "-o",
        f"board={board}",
        "-o",
        "first=vanilla",
        "--moves",
        "a6 a5 b6 b5 c6 c5 d6 d5 e6 f1",
        "--json",
    )
    assert run.code != 0 and "move 10" in run.err and "over" in run.err and run.out == ""


def test_d7_five_made_by_a_flip_wins():
    # Vanilla a1 a2 a3 a5 on file a and a chocolate a4 in the gap: when
    # vanilla's insertion flips a4, vanilla has five on file a.
    game = boardgames.game_class("donuts").configure({"board": layout("|", b4="-", c4="-", d4="-")})
    state = game.start()
    # Set the position directly: the rules' apply() works from any state.
    state = type(state)(
        game=game,
        turn=1,
        boards=(
            game.grid.mask([game.grid.parse_square(s) for s in ("a4", "c4")]),
            game.grid.mask([game.grid.parse_square(s) for s in ("a1", "a2", "a3", "a5", "d4")]),
        ),
        placed=(2, 5),
        last=game.grid.parse_square("d4"),
    )
    after = state.play("b4")  # vanilla b4 between chocolate a4 and c4 on rank 4
    assert after.pieces()["a4"] == "vanilla" and after.pieces()["c4"] == "vanilla"
    assert after.winner == "vanilla" and after.outcome.reason == "five in a row"


# Found by playing seeded random games to a full board; the group sizes are
# checked against a flood fill written here, independent of the engine.
FULL_BOARD_WIN = (
    "/|-|/\\ \\/|-|/ -\\/\\-| |-/|-\\ |/\\/|- \\-|\\/|",
    "e3 b3 d3 d1 c2 a4 c4 a2 a1 b1 e1 f2 e2 e4 b4 c3 f6 b2 e5 e6 d5 a5 d2 c1 c6 b6 b5 a6 c5 d6",
)
FULL_BOARD_DRAW = (
    "-|/\\|- |/\\/-| /\\-|\\/ \\/|/\\- /|-\\-| |-\\-|/",
    "e1 e4 f3 a3 b2 b3 e6 e2 c2 f2 f4 e3 b6 b1 c1 c3 c6 b5 a4 a2 d5 c4 d4 d6 e5 a5 a1 a6 f6 d3",
)


def largest_group(squares: set[str]) -> int:
    best, seen = 0, set()
    for start in squares:
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            f, r = stack.pop()
            size += 1
            for nb in (chr(ord(f) + 1) + r, chr(ord(f) - 1) + r, f + str(int(r) + 1), f + str(int(r) - 1)):
                if nb in squares and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
        best = max(best, size)
    return best


def test_d8_rulebook_full_board_group_count_8_against_6(cli):
    state = show(cli, *FULL_BOARD_WIN)
    assert len(state["pieces"]) == 30 and len(state["history"]) == 30
    owned = {p: {sq for sq, o in state["pieces"].items() if o == p} for p in ("chocolate", "vanilla")}
    assert largest_group(owned["chocolate"]) == 8
    assert largest_group(owned["vanilla"]) == 6
    assert (state["status"], state["winner"], state["to_move"]) == ("won", "chocolate", None)
    assert state["legal_moves"] == []


def test_d8_equal_groups_draw(cli):
    state = show(cli, *FULL_BOARD_DRAW)
    owned = {p: {sq for sq, o in state["pieces"].items() if o == p} for p in ("chocolate", "vanilla")}
    assert largest_group(owned["chocolate"]) == largest_group(owned["vanilla"]) == 6
    assert (state["status"], state["winner"], state["to_move"]) == ("drawn", None, None)
