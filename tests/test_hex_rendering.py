"""Hexagonal boards drawn by the shared renderers: offset rows in text, a
polygon per cell in SVG (clickable on the page), each player's sides in its
colour, and no cell off a hexagon's board."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from boardgames import Grid
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text
from boardgames.rules.view import BoardView

SVG = "{http://www.w3.org/2000/svg}"


def hex_view(grid: Grid, **fields) -> BoardView:
    return BoardView(grid=grid, players=("red", "blue"), colours=("#c0392b", "#2e86c1"), **fields)


def test_text_draws_offset_rows_and_names_the_sides():
    grid = Grid.get(3, basis="hex")
    sq = grid.parse_square
    edges = (("south", 0), ("north", 0), ("west", 1), ("east", 1))
    text = render_text(hex_view(grid, owners=((sq("a1"), 0), (sq("b2"), 1)), last=(sq("b2"),), edges=edges))
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    # Each rank two characters right of the one below: the cells of a rank touch two of the next.
    assert rows["3"].index(".") - rows["2"].index(".") == 2
    a3, b3 = [i for i, c in enumerate(rows["3"]) if c == "."][:2]
    assert rows["2"].index("B") == (a3 + b3) // 2  # b2 sits between a3 and b3, the two it touches above
    assert "red joins rank 1 and rank 3; blue joins file a and file c" in text


def test_svg_draws_a_clickable_hexagon_per_cell_and_the_sides_in_colour():
    grid = Grid.get(4, basis="hex")
    edges = (("south", 0), ("north", 0), ("west", 1), ("east", 1))
    root = ET.fromstring(render_svg(hex_view(grid, owners=((5, 0),), edges=edges), interactive=True))
    polygons = root.findall(f"{SVG}polygon")
    cells = [p for p in polygons if p.get("class") == "cell"]
    squares = [p for p in polygons if p.get("class") == "square"]
    assert len(cells) == len(squares) == 16 and len(cells[0].get("points").split()) == 6
    assert sorted(p.get("data-square") for p in squares) == sorted(grid.names)
    sides = [p for p in polygons if (p.get("class") or "").startswith("edge")]
    assert {p.get("fill") for p in sides if p.get("class") == "edge south"} == {"#c0392b"}
    assert {p.get("fill") for p in sides if p.get("class") == "edge west"} == {"#2e86c1"}


def test_a_hexagon_draws_only_its_cells():
    grid = Grid.hexagon(3)
    root = ET.fromstring(render_svg(hex_view(grid), interactive=True))
    squares = [p.get("data-square") for p in root.findall(f"{SVG}polygon") if p.get("class") == "square"]
    assert len(squares) == 19 and "a1" not in squares and "c3" in squares
    text = render_text(hex_view(grid))
    assert sum(line.count(".") for line in text.splitlines()) == 19


def test_coordinates_label_every_file_and_rank_once_clear_of_the_cells():
    # A hexagon's lowest cell of a file may have a neighbour below: that file is labelled at its top.
    for grid in (Grid.get(5, basis="hex"), Grid.hexagon(4)):
        edges = (("south", 0), ("north", 0), ("west", 1), ("east", 1))
        root = ET.fromstring(render_svg(hex_view(grid, edges=edges), interactive=True))
        labels = [t for t in root.iter(f"{SVG}text") if t.get("class") == "coord"]
        assert sorted(t.text for t in labels) == sorted(
            [*grid.files[: grid.width], *map(str, range(1, grid.height + 1))]
        )
        centres = []
        for cell in (p for p in root.iter(f"{SVG}polygon") if p.get("class") == "cell"):
            xs, ys = zip(*(map(float, corner.split(",")) for corner in cell.get("points").split()), strict=True)
            centres.append((sum(xs) / 6, sum(ys) / 6))
        for text in labels:  # the label's anchor point and its glyphs' middle, outside every cell's inner circle
            x, y = float(text.get("x")), float(text.get("y")) - 5
            assert all((x - cx) ** 2 + (y - cy) ** 2 > 30**2 for cx, cy in centres), text.text


def test_a_hexagons_cut_sides_are_drawn_and_named_as_the_others():
    grid = Grid.hexagon(3)
    edges = (("southwest", 0), ("northeast", 0), ("south", 1), ("north", 1))
    root = ET.fromstring(render_svg(hex_view(grid, edges=edges), interactive=True))
    polygons = root.findall(f"{SVG}polygon")
    for side in ("southwest", "northeast", "south", "north"):
        drawn = [p for p in polygons if p.get("class") == f"edge {side}"]
        assert len(drawn) == grid.edge(side).bit_count() == 3, side
    assert {p.get("fill") for p in polygons if p.get("class") == "edge southwest"} == {"#c0392b"}
    text = render_text(hex_view(grid, edges=edges))
    assert "red joins the southwest side and the northeast side; blue joins rank 1 and rank 5" in text


def test_a_hexagon_in_text_fits_a_terminal_and_labels_the_files_of_its_outer_ranks():
    grid = Grid.hexagon(8)  # Havannah's board: 169 cells, 15 files
    text = render_text(hex_view(grid))
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80 and sum(line.count(".") for line in lines) == 169
    assert lines[0].split() == list("abcdefgh") and lines[-2].split() == list("hijklmno")  # rank 15's, rank 1's
    middle = next(line for line in lines if line.split()[0] == "8")
    assert middle.split() == ["8", *"." * 15, "8"] and middle.index(".") == 5  # the widest rank, cut to the margin
    rank = {line.split()[0]: line for line in lines[1:-2]}
    assert rank["15"].index(".") == lines[0].index("a") and rank["1"].index(".") == lines[-2].index("h")  # aligned


def test_the_legend_lists_only_the_brackets_the_board_shows():
    grid = Grid.get(3, basis="hex")
    sq = grid.parse_square
    won = render_text(hex_view(grid, owners=((sq("a1"), 0), (sq("b1"), 0)), last=(sq("b1"),), winning=(0, 3)))
    assert "<" in won and "[ ] last move" not in won and "< > winning line" in won  # the last move is on the line
    before = render_text(hex_view(grid, owners=((sq("a1"), 0),), last=(sq("a1"),)))
    assert "[ ] last move" in before
