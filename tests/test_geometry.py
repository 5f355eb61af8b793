"""The whole-mask primitives of Grid, checked square by square against the
obvious loops over coordinates, on many seeded random masks and board shapes
(square, tall, wide, odd sizes: the edge masks are where such code breaks)."""

from __future__ import annotations

import random

import pytest

from boardgames import PASS, Grid, InvalidMoveError, bits, place, placements
from boardgames.geometry import DIRECTIONS, EAST, NORTH, OPPOSITE

SHAPES = [(8, 8), (6, 6), (5, 9), (9, 5), (1, 7), (7, 1), (19, 19), (3, 3)]


def random_masks(grid: Grid, rng: random.Random) -> tuple[int, int]:
    """Two disjoint random masks, fairly full, as in mid-game."""
    mine = theirs = 0
    for sq in range(grid.size):
        roll = rng.random()
        if roll < 0.35:
            mine |= 1 << sq
        elif roll < 0.7:
            theirs |= 1 << sq
    return mine, theirs


def step(grid: Grid, sq: int, d: int) -> int:
    """The square one step from ``sq`` in direction ``d``, -1 off the board."""
    f, r = grid.coords(sq)
    df, dr = DIRECTIONS[d]
    f, r = f + df, r + dr
    return grid.index(f, r) if 0 <= f < grid.width and 0 <= r < grid.height else -1


def cases(shape: tuple[int, int], count: int = 40):
    grid = Grid.get(*shape)
    rng = random.Random(f"{shape}")
    for _ in range(count):
        yield grid, *random_masks(grid, rng)


@pytest.mark.parametrize("shape", SHAPES)
def test_shift_and_next_to_match_stepping_square_by_square(shape):
    for grid, mine, _ in cases(shape):
        for d in range(8):
            expected = grid.mask(t for sq in bits(mine) if (t := step(grid, sq, d)) >= 0)
            assert grid.shift(mine, d) == expected
        assert grid.shift(mine, EAST, 2) == grid.shift(grid.shift(mine, EAST), EAST)
        around = grid.mask(t for sq in bits(mine) for d in range(8) if (t := step(grid, sq, d)) >= 0)
        assert grid.next_to(mine) == around & ~mine
        beside = grid.mask(t for sq in bits(mine) for d in (0, 2, 4, 6) if (t := step(grid, sq, d)) >= 0)
        assert grid.next_to(mine, diagonal=False) == beside & ~mine
        assert grid.spread(mine) == beside | mine


@pytest.mark.parametrize("shape", SHAPES)
def test_flood_matches_walking_each_ray(shape):
    for grid, mine, theirs in cases(shape):
        for d in range(8):
            expected = mine
            for sq in bits(mine):
                t = step(grid, sq, d)
                while t >= 0 and theirs >> t & 1:
                    expected |= 1 << t
                    t = step(grid, t, d)
            assert grid.flood(mine, theirs, d) == expected, (shape, d)


def brute_bracketed(grid: Grid, sq: int, mine: int, theirs: int) -> list[int]:
    runs = []
    for d in range(8):
        run, t = 0, step(grid, sq, d)
        while t >= 0 and theirs >> t & 1:
            run |= 1 << t
            t = step(grid, t, d)
        if run and t >= 0 and mine >> t & 1:
            runs.append(run)
    return runs


@pytest.mark.parametrize("shape", SHAPES)
def test_bracketing_and_bracketed_match_the_rays(shape):
    for grid, mine, theirs in cases(shape):
        empty = grid.full & ~(mine | theirs)
        expected = grid.mask(sq for sq in bits(empty) if brute_bracketed(grid, sq, mine, theirs))
        assert grid.bracketing(mine, theirs) == expected
        for sq in bits(empty):
            assert list(grid.bracketed(sq, mine, theirs)) == brute_bracketed(grid, sq, mine, theirs)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("n", [2, 3, 5])
def test_lines_has_line_and_completing_match_the_windows(shape, n):
    for grid, mine, theirs in cases(shape, 25):
        windows = grid.windows(n)
        in_line = 0
        for w in windows:
            if mine & w == w:
                in_line |= w
        assert grid.lines(mine, n) == in_line
        assert grid.has_line(mine, n) == bool(in_line)
        for sq in bits(grid.full)[:: max(1, grid.size // 12)]:
            through = any(mine & w == w for w in windows if w >> sq & 1)
            assert grid.has_line(mine, n, touching=1 << sq) == through
        empty = grid.full & ~(mine | theirs)
        expected = grid.mask(sq for sq in bits(empty) if grid.has_line(mine | 1 << sq, n, touching=1 << sq))
        assert grid.completing(mine, empty, n) == expected


def test_the_documented_directions_are_opposite_pairs():
    for d, (df, dr) in enumerate(DIRECTIONS):
        assert DIRECTIONS[OPPOSITE[d]] == (-df, -dr)
    assert DIRECTIONS[NORTH] == (0, 1) and DIRECTIONS[EAST] == (1, 0)


def test_the_examples_in_the_geometry_module_run():
    import doctest

    import boardgames.geometry.grid

    result = doctest.testmod(boardgames.geometry.grid)
    assert result.attempted >= 5 and result.failed == 0


def test_placements_are_sorted_remembered_and_bounded(monkeypatch):
    import boardgames.rules.moves as moves

    assert placements(0b101) == (place(0), place(2)) and placements(0) == ()
    assert placements(1 << 300) == (place(300),)  # any size of board
    assert placements(0b1101) is placements(0b1101)  # remembered
    monkeypatch.setattr(moves, "_MASKS_HELD", 3)
    monkeypatch.setattr(moves, "_held", 0)
    moves._PLACEMENTS.clear()
    for mask in (1, 2, 3, 4):
        placements(mask)
    assert len(moves._PLACEMENTS) <= 3  # forgotten past the bound, still right after it
    assert placements(3) == (place(0), place(1))


# -- hexagonal grids ---------------------------------------------------------------------
def test_a_hex_rhombus_has_openspiels_six_neighbours():
    grid = Grid.get(3, basis="hex")
    sq = grid.parse_square
    # OpenSpiel's hex: b1 and a2 touch (a chain of the two joins rank 1 to rank 2), a1 and b2 do not.
    assert grid.squares(grid.adjacent[sq("b2")]) == ["a2", "a3", "b1", "b3", "c1", "c2"]
    assert sq("a2") in bits(grid.adjacent[sq("b1")]) and sq("b2") not in bits(grid.adjacent[sq("a1")])
    assert grid.squares(grid.beside[sq("a1")]) == ["a2", "b1"] and grid.adjacent == grid.beside
    assert grid.squares(grid.next_to(grid.mask([sq("a1")]))) == ["a2", "b1"]
    for d, (df, dr) in enumerate(grid.directions):
        assert grid.directions[grid.opposite[d]] == (-df, -dr)


def test_every_mask_primitive_follows_the_hex_neighbourhood():
    grid = Grid.get(5, basis="hex")
    sq = grid.parse_square
    rising = grid.mask(sq(n) for n in ("a5", "b4", "c3", "d2"))  # the third axis: (+1, -1)
    falling = grid.mask(sq(n) for n in ("a1", "b2", "c3", "d4"))  # not a line on a hex grid
    assert grid.squares(grid.lines(rising, 4)) == ["a5", "b4", "c3", "d2"]
    assert grid.lines(falling, 2) == 0
    assert grid.has_line(rising, 4) and not grid.has_line(falling, 2)
    three = rising & ~(1 << sq("c3"))
    assert grid.completing(three, grid.full & ~three, 4) == 1 << sq("c3")
    assert grid.groups(falling) == [1 << sq(n) for n in ("a1", "b2", "c3", "d4")]
    assert grid.group(rising, sq("a5")) == rising
    stones = grid.mask(sq(n) for n in ("a1", "b1"))
    assert grid.chains(stones, grid.full & ~stones) == [(stones, grid.mask(sq(n) for n in ("a2", "b2", "c1")))]
    blocked = grid.slide(sq("c3"), grid.mask([sq("c5"), sq("a3")]))
    assert {"c4", "b3", "e1", "d2", "c1"} <= set(grid.squares(blocked)) and "c5" not in grid.squares(blocked)
    assert grid.squares(grid.bracketing(1 << sq("a1"), 1 << sq("b1"))) == ["c1"]


def test_placements_derived_from_recent_masks_are_the_walked_ones():
    """A mask a few squares from one of the last two asked for is derived from
    its moves (Hex: a square fewer; Go: captures): always what the walk gives,
    including masks past the remembered ones' squares."""
    rng = random.Random(3)
    mask = rng.getrandbits(81)
    for _ in range(3000):
        for _ in range(rng.choice((1, 1, 2, 3, 4, 5))):
            mask ^= 1 << rng.randrange(90 if rng.random() < 0.05 else 81)
        assert placements(mask) == tuple(place(sq) for sq in bits(mask)), bin(mask)


def test_placements_with_a_pass_put_it_first_whatever_the_mask():
    """``passing=True`` (Go: a player may always pass) gives the pass and then
    the same placements, sorted as legal moves are, on boards of any size,
    mixed with asks without it (which keep their own remembered tuples)."""
    rng = random.Random(5)
    assert placements(0, passing=True) == (PASS,)
    for _ in range(500):
        mask = rng.getrandbits(rng.choice((9, 36, 81, 121, 200)))
        walked = tuple(place(sq) for sq in bits(mask))
        with_pass = placements(mask, passing=True)
        assert with_pass == (PASS, *walked) == tuple(sorted(with_pass)), bin(mask)
        assert placements(mask) == walked


GRIDS = {
    "square": lambda: Grid.get(6, kind="points"),
    "hex": lambda: Grid.get(6, kind="points", basis="hex"),
    "rectangle": lambda: Grid.get(5, 7),
    "hexagon": lambda: Grid.hexagon(4),
    "one rank": lambda: Grid.get(4, 1),
}


@pytest.mark.parametrize("shape", GRIDS)
def test_touching_connected_and_chains_near_agree_with_the_neighbour_tables(shape):
    """Invariants over seeded random masks: ``touching`` is the union of the
    squares' neighbours, ``connected`` the union of the groups the seeds
    touch, and ``chains(near=)`` the chains that touch ``near`` (every grid
    compiles its own fill: each form is checked here against the tables)."""
    grid = GRIDS[shape]()
    rng = random.Random(7)
    for _ in range(200):
        stones = rng.getrandbits(grid.size) & grid.full
        seeds = rng.getrandbits(grid.size) & rng.getrandbits(grid.size) & grid.full
        beside = 0
        for square in grid.squares(stones):
            beside |= grid.beside[grid.parse_square(square)]
        assert grid.touching(stones) == beside and grid.spread(stones) == beside | stones
        groups = grid.groups(stones)
        assert sum(groups) == stones and all(grid.touching(g) & stones & ~g == 0 for g in groups)
        assert grid.connected(stones, seeds) == sum(g for g in groups if g & seeds)
        empty = grid.full & ~stones
        near = [(g, libs) for g, libs in grid.chains(stones, empty) if grid.touching(g) & seeds]
        assert sorted(grid.chains(stones, empty, near=seeds)) == sorted(near)
        assert sorted(g for g, _ in grid.chains(stones, empty)) == sorted(groups)
        # Through corners too: groups the eight around join (the six sides on hexagons, as without).
        around = grid.groups(stones, diagonal=True)
        assert sum(around) == stones and all(grid.next_to(g) & stones == 0 for g in around)
        assert all(any(g & ~a == 0 for a in around) for g in groups)  # each side-joined group lies in one
        assert grid.connected(stones, seeds, diagonal=True) == sum(a for a in around if a & seeds)
        assert grid.largest_group(stones, diagonal=True) == max((a.bit_count() for a in around), default=0)
        if grid.basis == "hex":
            assert sorted(around) == sorted(groups)


def test_a_group_through_corners_is_lines_of_actions_not_gos():
    grid = Grid.get(8)
    sq = grid.parse_square
    pieces = grid.mask([sq("a6"), sq("b5"), sq("c4"), sq("e4")])  # a diagonal of three, and one apart
    assert grid.squares(grid.group(pieces, sq("a6"))) == ["a6"]  # no shared side: alone, as in Go
    assert grid.squares(grid.group(pieces, sq("a6"), diagonal=True)) == ["a6", "b5", "c4"]
    assert len(grid.groups(pieces)) == 4 and len(grid.groups(pieces, diagonal=True)) == 2


def test_a_hexagon_of_hexagons_masks_its_corners_out():
    grid = Grid.hexagon(3)
    assert grid.width == grid.height == 5 and grid.full.bit_count() == 19
    with pytest.raises(InvalidMoveError, match="off the board"):
        grid.parse_square("a1")
    centre = grid.parse_square("c3")
    assert grid.adjacent[centre].bit_count() == 6 and grid.adjacent[grid.parse_square("a3")].bit_count() == 3
    assert all(grid.adjacent[i] & ~grid.full == 0 for i in range(grid.size))
    assert grid.next_to(grid.full) == 0 and grid.shift(grid.full, 0) & ~grid.full == 0


def test_a_game_may_name_its_files_as_go_does_without_i():
    grid = Grid.get(19, kind="points", files="abcdefghjklmnopqrst")
    assert grid.files[7:9] == "hj" and grid.name(grid.index(8, 0)) == "j1" and grid.names[-1] == "t19"
    assert grid.parse_square("j9") == grid.index(8, 8)
    with pytest.raises(InvalidMoveError, match="off the board"):
        grid.parse_square("i5")
    assert Grid.get(19, kind="points") is not grid and Grid.get(19, kind="points").name(grid.index(8, 0)) == "i1"
    from boardgames.rendering.text import render_text
    from boardgames.rules.view import BoardView

    text = render_text(BoardView(grid=grid, players=("black", "white")))
    assert text.splitlines()[0].split() == list("abcdefghjklmnopqrst")
    with pytest.raises(ValueError, match="different letters"):
        Grid.get(3, files="aab")


def test_the_sides_of_a_board_by_the_names_game_edges_uses():
    grid = Grid.get(3, 4, basis="hex")
    assert grid.squares(grid.edge("south")) == ["a1", "b1", "c1"]
    assert grid.squares(grid.edge("north")) == ["a4", "b4", "c4"]
    assert grid.squares(grid.edge("west")) == ["a1", "a2", "a3", "a4"]
    assert grid.squares(grid.edge("east")) == ["c1", "c2", "c3", "c4"]
    assert Grid.hexagon(2).squares(Grid.hexagon(2).edge("south")) == ["b1", "c1"]
    with pytest.raises(ValueError, match="a side of this board is south, north, west, east; got 'up'"):
        grid.edge("up")
    with pytest.raises(ValueError, match="got 'southwest'"):  # only a hexagon has cut sides
        grid.edge("southwest")


def test_a_hexagon_has_six_sides_and_six_corners():
    grid = Grid.hexagon(3)  # a 5 × 5 rhombus less the corners where file + rank < 2 or > 6
    sides = {
        side: grid.squares(grid.edge(side)) for side in ("south", "southwest", "west", "north", "northeast", "east")
    }
    assert sides["southwest"] == ["a3", "b2", "c1"] and sides["northeast"] == ["c5", "d4", "e3"]
    assert sides["south"] == ["c1", "d1", "e1"] and sides["west"] == ["a3", "a4", "a5"]
    # Each side is three cells, and each corner (a cell on two sides, three neighbours) is shared by two.
    assert all(len(cells) == 3 for cells in sides.values())
    corners = grid.squares(grid.corners())
    shared = {sq for a in sides.values() for sq in a if sum(sq in b for b in sides.values()) == 2}
    assert sorted(corners) == sorted(shared) == sorted(["c1", "e1", "a3", "e3", "a5", "c5"])
    assert all(grid.adjacent[grid.parse_square(sq)].bit_count() == 3 for sq in corners)
    assert Grid.get(3, 2).squares(Grid.get(3, 2).corners()) == ["a1", "a2", "c1", "c2"]


def test_a_hexagon_says_which_names_are_off_it_and_what_sides_it_takes():
    grid = Grid.hexagon(4)
    with pytest.raises(InvalidMoveError, match=r"'a1' is off the board \(a hexagon of side 4: file a runs a4 to a7\)"):
        grid.parse_square("a1")
    with pytest.raises(InvalidMoveError, match=r"'k1' is off the board \(a1 to c3\)"):
        Grid.get(3).parse_square("k1")
    for side in (0, 14, -1):
        with pytest.raises(ValueError, match=f"a hexagon's side is 1 to 13 cells, got {side}"):
            Grid.hexagon(side)


@pytest.mark.parametrize(
    "grid",
    [
        Grid.get(10),
        Grid.get(5, 7),
        Grid.get(19, kind="points"),
        Grid.get(11, basis="hex"),
        Grid.hexagon(4),
        Grid.get(1),
    ],
    ids=["10x10", "5x7", "19x19 points", "hex 11", "hexagon 4", "1x1"],
)
def test_a_slide_by_ray_masks_stops_where_a_step_by_step_walk_does(grid):
    # slide takes each ray whole, cut below its first blocker (Amazons' inner
    # loop); walking the ray a square at a time is what it must agree with.
    def walked(square, blockers, directions):
        out = 0
        for d in directions:
            for sq in grid.rays[square][d]:
                if blockers >> sq & 1:
                    break
                out |= 1 << sq
        return out

    rng = random.Random(7)
    every = range(len(grid.directions))
    for _ in range(400):
        blockers = grid.mask(rng.sample(bits(grid.full), rng.randrange(grid.full.bit_count() + 1)))
        square = rng.choice(bits(grid.full))
        assert grid.slide(square, blockers) == walked(square, blockers, every)
        some = tuple(rng.sample(every, rng.randrange(len(every) + 1)))
        assert grid.slide(square, blockers, some) == walked(square, blockers, some)


def star_cells(points: int = 4) -> list[tuple[int, int]]:
    """Chinese checkers' star on a hex basis: two triangles of side 3 × points + 1, 121 cells for 4."""
    cells = []
    for f in range(4 * points + 1):
        for r in range(4 * points + 1):
            x, z = f - 2 * points, r - 2 * points
            y = -x - z
            if max(x, y, z) <= points or min(x, y, z) >= -points:
                cells.append((f, r))
    return cells


def test_a_board_of_any_shape_is_made_from_its_cells():
    from boardgames import BoardView, render_svg, render_text

    star = Grid.from_cells(17, 17, star_cells(), basis="hex")
    assert star is Grid.from_cells(17, 17, reversed(star_cells()), basis="hex")  # built once
    assert repr(star) == "Grid.from_cells(17, 17, <121 cells>, basis='hex')" and star.full.bit_count() == 121
    tip = star.parse_square("m1")  # the bottom point's tip: its two neighbours are above it
    assert star.squares(star.adjacent[tip]) == ["l2", "m2"]
    with pytest.raises(InvalidMoveError, match=r"'a1' is off the board \(a board of 121 chosen cells\)"):
        star.parse_square("a1")
    with pytest.raises(ValueError, match="no named sides"):
        star.edge("south")
    with pytest.raises(ValueError, match=r"a cell is a \(file, rank\) pair within 3×3, from 0; got \(3, 0\)"):
        Grid.from_cells(3, 3, [(3, 0)])
    view = BoardView(grid=star, players=("north", "south"))
    rows = [line for line in render_text(view).splitlines() if line.strip()[:1].isdigit()]
    assert [row.count(".") for row in rows] == [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    assert min(len(row) - len(row.lstrip()) for row in rows) == 1  # no blank cut from the rhombus left over
    assert render_svg(view, interactive=True).count('class="square"') == 121


@pytest.mark.parametrize("make", [lambda: Grid.get(5, basis="hex"), lambda: Grid.hexagon(3), lambda: Grid.triangle(5)])
def test_compass_names_mean_the_same_direction_on_a_hexagonal_grid(make):
    """Issue 41's small trap: on a hex grid WEST went south and SOUTHEAST raised
    IndexError. A compass name is that direction wherever the grid has it."""
    from boardgames.geometry import HEX_NAMED, NORTHEAST, NORTHWEST, SOUTH, SOUTHEAST, SOUTHWEST, WEST

    grid = make()
    # Each rank is drawn half a cell right of the one below: a rank up is northeast.
    expected = {EAST: (1, 0), NORTHEAST: (0, 1), NORTHWEST: (-1, 1)}
    expected |= {WEST: (-1, 0), SOUTHWEST: (0, -1), SOUTHEAST: (1, -1)}
    assert tuple(expected) == HEX_NAMED
    for name, (df, dr) in expected.items():
        assert grid.directions[grid.direction(name)] == (df, dr)
        for sq in bits(grid.full):
            f, r = divmod(sq, grid.height)
            there = (f + df) * grid.height + r + dr
            on = 0 <= f + df < grid.width and 0 <= r + dr < grid.height and grid.full >> there & 1
            assert grid.shift(1 << sq, name) == (1 << there if on else 0)
            assert grid.flood(1 << sq, grid.full, name) & ~(1 << sq) == grid.slide(sq, 0, (name,))
    for missing in (NORTH, SOUTH):
        with pytest.raises(ValueError, match=f"no direction {missing!r}: its directions are EAST, NORTHEAST"):
            grid.shift(grid.full, missing)
    assert grid.shift(1, 3) == grid.shift(1, WEST)  # a plain index is still an index into grid.directions


@pytest.mark.parametrize(
    "make",
    [
        lambda: Grid.get(7, basis="hex"),
        lambda: Grid.hexagon(4),
        lambda: Grid.triangle(7),
        lambda: Grid.from_cells(17, 17, star_cells(), basis="hex"),
        lambda: Grid.get(6, 5, kind="points"),
    ],
)
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7])
def test_has_line_without_touching_matches_the_windows_on_every_shape(make, n):
    """Issue 41: has_line(mask, n) finds runs by doubling shifts (was lines(), 3.4x a loop over
    the windows); the windows say what a line is, on every board shape, full and sparse masks."""
    grid, rng = make(), random.Random(n)
    for fill in (0.3, 0.5, 0.7, 0.9):
        for _ in range(40):
            mine = grid.mask(sq for sq in bits(grid.full) if rng.random() < fill)
            assert grid.has_line(mine, n) == any(mine & w == w for w in grid.windows(n)), (grid, n, mine)
