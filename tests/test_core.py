"""The generic core: geometry, notation, options, states and JSON round trips."""

from __future__ import annotations

import json
import random

import pytest

import boardgames
from boardgames import (
    AmbiguousMoveError,
    Grid,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionError,
    Move,
    RecordError,
    bits,
)
from boardgames.games.donuts.tiles import TILES, assemble, lines_by_square, quarter_turn, random_layout
from boardgames.rules.moves import format_move, parse_move

# -- geometry -------------------------------------------------------------------


def test_names_are_algebraic_and_file_major():
    grid = Grid.get(6)
    assert grid.names[0] == "a1" and grid.names[1] == "a2" and grid.names[6] == "b1"
    assert grid.name(grid.index(5, 5)) == "f6"
    assert all(grid.parse_square(n) == i for i, n in enumerate(grid.names))
    assert grid.parse_square(" C3 ") == grid.index(2, 2)
    # Sorting indices sorts squares file-then-rank, even past rank 9.
    big = Grid.get(19)
    assert big.names[:11][-2:] == ("a10", "a11") and big.names[19] == "b1"


@pytest.mark.parametrize("text", ["g1", "a7", "a0", "z9"])
def test_squares_off_the_board(text):
    with pytest.raises(InvalidMoveError, match="off the board"):
        Grid.get(6).parse_square(text)


def test_geometry_is_built_once_per_size():
    assert Grid.get(6) is Grid.get(6, 6) is Grid.get(6, 6, "cells")
    assert Grid.get(8, 8, "points") is not Grid.get(8, 8, "cells")


def test_rays_axes_and_neighbours():
    grid = Grid.get(6)
    c3 = grid.parse_square("c3")
    east = grid.rays[c3][0]
    assert [grid.name(s) for s in east] == ["d3", "e3", "f3"]
    north_east = grid.rays[c3][1]
    assert [grid.name(s) for s in north_east] == ["d4", "e5", "f6"]
    assert sorted(grid.name(s) for s in grid.neighbours[grid.parse_square("a1")]) == ["a2", "b1"]
    assert len(grid.neighbours[c3]) == 4
    # The falling axis through c3: a5 b4 c3 d2 e1.
    assert grid.squares(grid.axis_lines[c3][3]) == ["a5", "b4", "c3", "d2", "e1"]


def test_five_in_a_row_windows():
    grid = Grid.get(6)
    # 6x6: 12 lines of 6 give 2 windows each (24), the 2 long diagonals 2 each,
    # the 4 diagonals of length 5 one each: 32.
    assert len(grid.windows(5)) == 32
    assert len(set(grid.windows(5))) == 32
    line = grid.mask(grid.parse_square(s) for s in ("b2", "c3", "d4", "e5", "f6"))
    assert grid.has_line(line, 5)
    assert grid.has_line(line, 5, touching=1 << grid.parse_square("d4"))
    assert not grid.has_line(line, 5, touching=1 << grid.parse_square("a1"))
    assert not grid.has_line(line & ~(1 << grid.parse_square("d4")), 5)


def test_largest_group_is_orthogonal():
    grid = Grid.get(6)
    diagonal = grid.mask(grid.parse_square(s) for s in ("a1", "b2", "c3"))
    assert grid.largest_group(diagonal) == 1
    # Along the a/b file boundary: a wrap-around bug would join a6 and b1.
    snake = grid.mask(grid.parse_square(s) for s in ("a5", "a6", "b1", "b2", "c2"))
    assert sorted(g.bit_count() for g in grid.groups(snake)) == [2, 3]
    assert grid.largest_group(0) == 0
    assert grid.largest_group(grid.full) == 36


# -- notation -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["d4", "c3-c4", "d4xe5xf6", "c3-c4xb2", "pass", "s19"])
def test_notation_round_trips(text):
    grid = Grid.get(19, 19, "points")
    assert format_move(grid, parse_move(grid, text)) == text


def test_notation_canonical_form():
    grid = Grid.get(8)
    assert format_move(grid, parse_move(grid, " D4XF6XE5 ")) == "d4xe5xf6"
    assert parse_move(grid, "PASS") == boardgames.PASS


@pytest.mark.parametrize("text", ["", "4d", "d4-", "d4x", "hello", "d4 e5"])
def test_malformed_moves(text):
    with pytest.raises(InvalidMoveError):
        parse_move(Grid.get(8), text)


def test_moves_sort_like_squares():
    grid = Grid.get(8)
    texts = ["b1", "a2", "a1", "c3-c4", "a1-a2"]
    moves = sorted(parse_move(grid, t) for t in texts)
    assert [format_move(grid, m) for m in moves] == ["a1", "a2", "b1", "a1-a2", "c3-c4"]


# -- options --------------------------------------------------------------------


def test_options_defaults_and_validation():
    donuts = boardgames.game_class("donuts")
    game = donuts.configure(seed=3)
    assert list(game.options) == ["board", "first"]
    assert game.options["first"] == "chocolate"
    with pytest.raises(InvalidOptionError, match="no option 'size'"):
        donuts.configure({"size": 3})
    with pytest.raises(InvalidOptionError, match="first"):
        donuts.configure({"first": "strawberry"})
    with pytest.raises(InvalidOptionError, match="got 35"):
        donuts.configure({"board": "-" * 35})


def test_option_kinds():
    size = boardgames.IntOption("size", "board size", 8, minimum=5, maximum=19)
    assert size.convert("9") == 9 and size.convert(19) == 19
    for bad in ("4", "20", "nine", True, 2.5):
        with pytest.raises(InvalidOptionError, match="size"):
            size.convert(bad)


def test_same_seed_same_board_and_board_option_wins():
    donuts = boardgames.game_class("donuts")
    assert donuts.configure(seed=5).options == donuts.configure(seed=5).options
    boards = {donuts.configure(seed=s).options["board"] for s in range(50)}
    assert len(boards) > 40
    given = "-" * 36
    assert donuts.configure({"board": given}, seed=5).options["board"].replace(" ", "") == given


# -- D2 tiles -------------------------------------------------------------------


def test_d2_every_face_mixes_all_four_lines():
    assert len(TILES) == 4
    for tile in TILES:
        assert len(tile) == 2
        for face in tile:
            assert len(face) == 3 and all(len(row) == 3 for row in face)
            assert set("".join(face)) == set("-|/\\")


def test_d2_quarter_turn_rotates_and_swaps_lines():
    face = ("-|/", "\\-|", "/\\-")
    turned = quarter_turn(face)
    # The top-left square goes to the top-right, '-' becoming '|'.
    assert turned[0][2] == "|"
    assert quarter_turn(quarter_turn(quarter_turn(quarter_turn(face)))) == face


def test_d2_random_boards_are_assemblies_of_the_tiles():
    for seed in range(20):
        board = random_layout(random.Random(seed)).split()
        quads = [tuple(row[c : c + 3] for row in board[r : r + 3]) for r in (0, 3) for c in (0, 3)]
        faces = set()
        for tile in TILES:
            for face in tile:
                for _ in range(4):
                    faces.add(face)
                    face = quarter_turn(face)
        assert all(q in faces for q in quads)
    assert assemble([0, 1, 2, 3], [0, 0, 0, 0], [0, 0, 0, 0]).split()[0] == TILES[0][0][0] + TILES[1][0][0]


def test_layout_is_read_rank_six_first():
    lines = lines_by_square("|" + "-" * 35)  # a6 is '|'
    grid = Grid.get(6)
    assert lines[grid.parse_square("a6")] == "|"
    assert lines.count("|") == 1


# -- states ---------------------------------------------------------------------


GAMES = ["donuts", "verso"]


def random_state(seed: int, plies: int, name: str = "donuts") -> boardgames.State:
    rng = random.Random(seed)
    options = {"size": 5, "pieces": 4} if name == "verso" else {}
    state = boardgames.game_class(name).configure(options, seed=seed).start()
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_play_returns_a_new_state_and_leaves_the_old_one(name):
    state = random_state(1, 5, name)
    snapshot = state.to_json()
    after = state.play(state.legal_moves[0])
    assert state.to_json() == snapshot
    assert after.history == (*state.history, state.legal_moves[0])
    with pytest.raises(AttributeError):
        state.turn = 1  # type: ignore[misc]


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_parses_back(name):
    for seed in range(30):
        state = random_state(seed, seed % 25, name)
        for move in state.legal_moves:
            assert state.parse_move(state.format_move(move)) == move


def test_illegal_moves_say_why_and_where():
    state = random_state(2, 3)
    occupied = next(iter(state.pieces()))
    with pytest.raises(IllegalMoveError, match=f"'{occupied}'.*donuts after .*taken") as info:
        state.play(occupied)
    assert isinstance(info.value, ValueError)
    with pytest.raises(IllegalMoveError, match="places one donut"):
        state.play("a1-a2")
    with pytest.raises(IllegalMoveError, match="off the board"):
        state.play(Move(-1, 99))
    with pytest.raises(InvalidMoveError):
        state.play("a9")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", range(20))
def test_json_round_trip(name, seed):
    state = random_state(seed, seed * 2, name)
    data = json.loads(json.dumps(state.to_json()))
    again = boardgames.load_state(data)
    assert again == state
    assert again.to_json() == data


def test_broken_json_states_are_refused():
    data = random_state(3, 6).to_json()
    with pytest.raises(RecordError, match="unknown game"):
        boardgames.load_state(data | {"game": "chess"})
    with pytest.raises(RecordError, match="pieces"):
        boardgames.load_state(data | {"pieces": {}})
    with pytest.raises(RecordError, match="move 2"):
        boardgames.load_state(data | {"history": [data["history"][0]] * 2})
    with pytest.raises(RecordError):
        boardgames.load_state(data | {"history": "a1 a2"})
    with pytest.raises(RecordError):
        boardgames.load_state([])  # type: ignore[arg-type]


def test_typed_moves_may_leave_out_forced_marks_only():
    # The core's one rule for marks (flips) left out when typing, seen through Verso.
    verso = boardgames.game_class("verso").configure()
    state = verso.replay("d4 e5 a1 f6".split())
    with pytest.raises(AmbiguousMoveError, match="g7xe5, g7xf6") as info:
        state.parse_move("g7")
    assert [state.format_move(m) for m in info.value.choices] == ["g7xe5", "g7xf6"]
    assert state.format_move(state.parse_move("g7xf6")) == "g7xf6"
    # Two rays: e4 alone against f4 (forced), e5 f6 against g7 (a choice).
    # Naming the choice is enough; the forced flip is added.
    state = verso.replay("f4 e4 g7 e5 a1 f6".split())
    assert [state.format_move(m) for m in state.legal_moves if m.to == verso.grid.parse_square("d4")] == [
        "d4xe4xe5",
        "d4xe4xf6",
    ]
    assert state.format_move(state.parse_move("d4xf6")) == "d4xe4xf6"
    with pytest.raises(AmbiguousMoveError):
        state.parse_move("d4xe4")


@pytest.mark.parametrize("size", [(5, 5), (6, 6), (8, 8), (9, 10), (13, 13)])
def test_completing_squares_match_the_windows(size):
    # The bit-parallel version (large boards) and the window loop (small ones)
    # must agree with the definition: an empty square that makes n in a row.
    grid = Grid.get(*size)
    rng = random.Random(size[0])
    for _ in range(200):
        mine = rng.getrandbits(grid.size) & rng.getrandbits(grid.size) | rng.getrandbits(grid.size)
        mine &= rng.getrandbits(grid.size) | rng.getrandbits(grid.size)
        empty = grid.full & ~mine & (rng.getrandbits(grid.size) | rng.getrandbits(grid.size))
        for n in (3, 4, 5):
            expected = 0
            for sq in bits(empty):
                if grid.has_line(mine | 1 << sq, n, touching=1 << sq):
                    expected |= 1 << sq
            assert grid.completing(mine, empty, n) == expected


def test_transfer_moves_gains_and_keeps_a_piece_that_comes_back_to_its_square():
    a1, a2, a3 = 1, 2, 4
    assert boardgames.transfer((a1, a2), 0, a3, vacate=a1) == (a3, a2)  # a step
    assert boardgames.transfer((a1, a2), 0, a2 | a3, vacate=a1) == (a2 | a3, 0)  # a step that takes a2
    assert boardgames.transfer((a1, a2), 0, a1, vacate=a1) == (a1, a2)  # jumps that end where they began
    assert boardgames.transfer((a1, a2, 0), 2, a1, vacate=a3) == (0, a2, a1)  # three players


def test_a_position_set_up_by_hand_is_not_called_the_start():
    import attrs

    start = boardgames.game_class("verso").configure().start()
    assert start.describe() == "verso at the start"
    by_hand = attrs.evolve(start, turn=1)  # no moves, but not the start either
    assert by_hand.describe() == "verso in a position set up by hand (dark to move)"
    with pytest.raises(boardgames.IllegalMoveError, match="in verso in a position set up by hand"):
        by_hand.play(boardgames.Move(-1, 0, (1,)))


def test_a_choice_options_choices_follow_its_default_by_position():
    # The fourth positional argument was taken for random_default (a drawer of defaults), and show failed later.
    from boardgames.rules.options import ChoiceOption

    option = ChoiceOption("chain", "a hop chain as one move or a move a hop", "move", ("move", "hops"))
    assert option.choices == ("move", "hops") and option.random_default is None
    assert option.convert("HOPS") == "hops"
