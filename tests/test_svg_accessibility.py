"""The board picture for every player (issue 26): each square named by what
is on it, coordinates clear of the pieces on edge points, margins no wider
than the labels need, pale pieces outlined so they never read as empty, the
last move and the winning line apart under colour blindness, and an
animation of the last move that reduced motion turns off. Checked from the
SVG's numbers, and in headless Chromium from where the browser draws it."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import boardgames
from boardgames.rendering.svg import CHAR, FONT, render_svg
from boardgames.rules.colours import contrast
from boardgames.testing import plugin
from helpers import headless_chromium, layout, load_example

SVG = "{http://www.w3.org/2000/svg}"
#: The old layout: a 36-unit margin on every side of 60-unit cells.
OLD_MARGIN, CELL = 36, 60


@pytest.fixture(scope="module")
def amazons() -> Iterator[Any]:
    with plugin(load_example("amazons"), "amazons-svg-under-test"):
        yield boardgames.game_class("amazons").configure()


def donuts_position():
    # b2 c2 d2: chocolate's insertion at c2 flips b2 and d2 (D6).
    game = boardgames.game_class("donuts").configure({"board": layout(b6="|", c2="|")})
    return game.replay("b6 b2 f2 d2 c2".split())


def verso_edges(size: int = 6):
    """Verso with pieces on edge points, the corners among them."""
    last = "abcdefghijklmnopqrs"[size - 1]
    moves = ["a1", f"{last}{size}", f"a{size}", f"{last}1", "a3", f"{last}3", "c1", f"c{size}", f"a{size - 1}"]
    return boardgames.game_class("verso").configure({"size": size}).replay(moves)


def won(game, seed: int = 1):
    """A game played out at random from ``seed`` until someone wins with a line."""
    rng = random.Random(seed)
    while True:
        state = game.start()
        while state.outcome is None:
            state = state.play(rng.choice(state.legal_moves))
        if state.outcome.line:
            return state


def svg_of(state, interactive: bool = True) -> ET.Element:
    return ET.fromstring(render_svg(state.view(), "a game", interactive=interactive))


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


# -- accessible names ---------------------------------------------------------------


def expected_names(state) -> dict[str, str]:
    """What each square holds, in words, from the position's JSON."""
    contents = state.to_json()["contents"]
    names = {}
    for name in state.game.grid.names:
        if state.game.grid.on_board[state.game.grid.parse_square(name)]:
            held = contents.get(name)
            names[name] = "empty" if held is None else " ".join(filter(None, (held["owner"], held["kind"])))
    return names


@pytest.mark.parametrize("position", [donuts_position, verso_edges, "amazons"])
def test_each_square_is_a_button_named_by_what_is_on_it(position, request):
    state = request.getfixturevalue("amazons").replay(["d1-d7xg7"]) if position == "amazons" else position()
    root = svg_of(state)
    squares = [e for e in root.iter() if e.get("class") == "square"]
    labels = {e.get("data-square"): e.get("aria-label") for e in squares}
    assert {name: label.split(", ")[1] for name, label in labels.items()} == expected_names(state)
    assert all(label.split(", ")[0] == name for name, label in labels.items())
    assert all(e.get("role") == "button" and e.get("tabindex") is None for e in squares)  # the page moves the focus
    assert root.get("role") == "group" and root.get("aria-label") == "a game"
    if position == "amazons":
        assert labels["g7"].startswith("g7, arrow") and labels["d7"].startswith("d7, white amazon, last move")


def test_the_words_name_the_last_move_what_it_changed_and_the_marks():
    labels = {e.get("data-square"): e.get("aria-label") for e in svg_of(donuts_position()).iter() if e.get("role")}
    assert labels["c2"] == "c2, chocolate donut, vertical line, last move"
    assert labels["b2"] == "b2, chocolate donut, horizontal line, flipped"
    assert labels["e5"] == "e5, empty, horizontal line"


def test_a_picture_that_is_not_interactive_is_one_image_with_a_description():
    root = svg_of(donuts_position(), interactive=False)
    assert root.get("role") == "img" and root.get("aria-label") == "a game"
    assert not [e for e in root.iter() if e.get("role") == "button"]
    assert root.find(f"{SVG}desc").text == "chocolate: b2 b6 c2 d2 f2; vanilla: none"


HOSTILE_PLAYERS = ('cho"co<late> & co', "van'illa\x01")
HOSTILE_COLOURS = ('#7b4a2d" onload="alert(1)', "<red>")


@pytest.mark.parametrize("interactive", [True, False])
def test_a_plugins_names_and_colours_with_quotes_and_brackets_keep_the_svg_well_formed(amazons, interactive):
    # A player, piece or overlay named with a quote, or a colour that is not #rrggbb, was written into
    # class="..." and fill="..." unescaped: the picture was not XML (an attribute could even be injected).
    from boardgames.rules.declarations import Overlay, PieceKind

    for view in (donuts_position().view(), amazons.replay(["d1-d7xg7"]).view()):
        view = attrs.evolve(
            view,
            players=HOSTILE_PLAYERS,
            colours=HOSTILE_COLOURS,
            piece_kinds=(PieceKind('do"nut<', shape="ring"),),
            neutral_kinds=tuple(attrs.evolve(k, name='ar"row&', colour='"x') for k in view.neutral_kinds),
            overlay_kinds=(Overlay('zo"ne', colour='"y'), Overlay('cr"oss', cover="cross", player=1)),
            overlays=((0, 0), (1, 1)),
        )
        root = ET.fromstring(render_svg(view, 'a "game" <of> & sorts', interactive=interactive))
        assert all("onload" not in element.attrib for element in root.iter())
        assert root.get("aria-label") == 'a "game" <of> & sorts'
        pieces = [e for e in root.iter() if "piece" in classes(e)]
        # A name becomes one prefixed word of a class: quotes and brackets gone, no structural class faked.
        assert pieces and all({"player-cho-co-late-co", "player-van-illa"} & set(classes(e)) or "neutral" in
                              classes(e) for e in pieces)  # fmt: skip
        assert all(re.fullmatch(r"[a-z0-9_ -]+", e.get("class") or "x") for e in root.iter())
        fills = {e.get("fill") for e in root.iter()} | {e.get("stroke") for e in root.iter()}
        assert '#7b4a2d" onload="alert(1)' in fills
        if interactive:
            labels = [e.get("aria-label") for e in root.iter(f"{SVG}rect") if "square" in classes(e)]
            named = ('cho"co<late> & co do"nut<', "van'illa do\"nut<")  # a player's piece, said in words
            assert any(label.split(", ")[1] in named for label in labels)
        else:
            assert "van'illa:" in root.find(f"{SVG}desc").text  # the control character dropped


def test_a_piece_of_a_player_the_view_does_not_name_is_drawn():
    # A plugin's view with an owner index past its players raised IndexError (the words said 'player 3' already).
    view = attrs.evolve(donuts_position().view(), owners=((0, 2),))
    root = ET.fromstring(render_svg(view, "a game", interactive=True))
    assert [e for e in root.iter() if "player-3" in classes(e)]
    first = view.grid.name(0)
    labels = [e.get("aria-label") for e in root.iter() if e.get("data-square") == first and e.get("role")]
    assert len(labels) == 1 and labels[0].startswith(f"{first}, player 3 donut")


# -- coordinates clear of the pieces, margins tight -------------------------------------


def label_box(text: ET.Element) -> tuple[float, float, float, float]:
    """The box a coordinate label covers, as the renderer reckons its width."""
    x, y = float(text.get("x")), float(text.get("y"))
    width = CHAR * FONT * len(text.text)
    left = {"end": x - width, "middle": x - width / 2}.get(text.get("text-anchor"), x)
    return left, y - FONT, left + width, y + 0.25 * FONT


def reaches(root: ET.Element) -> list[tuple[float, float, float]]:
    """Every piece and ring drawn: centre and outer radius (half the stroke out)."""
    out = []
    for circle in root.iter(f"{SVG}circle"):
        if "square" in classes(circle) or "target" in classes(circle):
            continue
        radius = float(circle.get("r")) + float(circle.get("stroke-width", 0)) / 2
        out.append((float(circle.get("cx")), float(circle.get("cy")), radius))
    return out


def boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    """The winning line's boxes, half the stroke out."""
    out = []
    for rect in (r for r in root.iter(f"{SVG}rect") if "winning" in classes(r)):
        x, y, w, stroke = (float(rect.get(a)) for a in ("x", "y", "width", "stroke-width"))
        out.append((x - stroke / 2, y - stroke / 2, x + w + stroke / 2, y + w + stroke / 2))
    return out


def overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def touches(box: tuple[float, float, float, float], cx: float, cy: float, r: float) -> bool:
    x0, y0, x1, y1 = box
    nearest_x, nearest_y = min(max(cx, x0), x1), min(max(cy, y0), y1)
    return (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 < r * r


@pytest.mark.parametrize("size", [5, 6, 8, 19])
def test_coordinates_lie_outside_every_piece_and_ring_on_edge_points(size):
    state = verso_edges(size)
    view = state.view()  # every piece boxed as if it won: the rings and boxes reach furthest
    root = ET.fromstring(render_svg(attrs.evolve(view, winning=tuple(dict(view.owners))), interactive=True))
    labels = [t for t in root.iter(f"{SVG}text") if t.get("class") == "coord"]
    assert len(labels) == 2 * size
    drawn, won = reaches(root), boxes(root)
    assert len(drawn) > len(state.pieces()) and len(won) == len(state.pieces())
    x0, y0, width, height = map(float, root.get("viewBox").split())
    for text in labels:
        box = label_box(text)
        assert not any(touches(box, *circle) for circle in drawn), text.text
        assert not any(overlap(box, other) for other in won), text.text
        assert x0 <= box[0] and box[2] <= x0 + width and y0 <= box[1] and box[3] <= y0 + height


def pitch(state, width: float = 344) -> float:
    """The distance in px of two neighbouring squares when the picture is ``width`` px wide."""
    root = svg_of(state)
    centres = {}
    for e in root.iter():
        if e.get("class") == "square" and e.get("data-square") in ("a1", "b1"):
            if e.tag == f"{SVG}circle":
                centres[e.get("data-square")] = float(e.get("cx"))
            else:
                centres[e.get("data-square")] = float(e.get("x"))
    return (centres["b1"] - centres["a1"]) * width / float(root.get("viewBox").split()[2])


@pytest.mark.parametrize("size", range(5, 20))
def test_every_verso_board_has_a_larger_pitch_than_the_old_margins_gave(size):
    old = 344 * CELL / ((size - 1) * CELL + 2 * OLD_MARGIN)
    assert pitch(boardgames.game_class("verso").configure({"size": size}).start()) > old
    if size == 19:
        assert old == pytest.approx(17.92, abs=0.01) and pitch(verso_edges(19)) > 17.94


def test_a_board_of_squares_spends_its_margin_only_on_labels(amazons):
    old = 344 * CELL / (6 * CELL + 2 * OLD_MARGIN)
    assert pitch(donuts_position()) > old * 1.14  # 47.8 px before, 55.1 now
    assert pitch(amazons.start()) > 344 * CELL / (10 * CELL + 2 * OLD_MARGIN) * 1.07


# -- pale pieces, rings, animation ---------------------------------------------------------


def test_pale_pieces_get_a_dark_outline_and_a_texture():
    for state in (won(boardgames.game_class("donuts").configure({})), verso_edges()):
        root = svg_of(state)
        background = next(e.get("fill") for e in root.iter() if e.get("class") in ("cell", "board"))
        if state.game.grid.kind == "points":
            background = next(e.get("fill") for e in root.iter() if e.get("class") == "board")
        pale = 0
        for token in (g for g in root.iter(f"{SVG}g") if "token" in classes(g)):
            piece = next(e for e in token if "piece" in classes(e))
            colour = piece.get("fill") if piece.get("fill") != "none" else piece.get("stroke")
            if contrast(colour, background) >= 3:
                continue
            pale += 1
            strokes = [e.get("stroke") for e in token if (e.get("stroke") or "").startswith("#")]
            assert max(contrast(s, background) for s in strokes) >= 3
            assert [e for e in token if "texture" in classes(e)]
        assert pale  # vanilla, light


@pytest.mark.parametrize("white", ["#fff", "White", "rgb(255, 255, 255)", "#FFFFFF"])
def test_a_pale_colour_written_the_css_way_is_outlined_too(white):
    # A plugin's '#fff' or 'white' was not measured (only #rrggbb was): its pieces had no outline on the pale board.
    view = attrs.evolve(donuts_position().view(), colours=(white, "#000"))
    tokens = [g for g in ET.fromstring(render_svg(view, "a game")).iter(f"{SVG}g") if "token" in classes(g)]
    assert tokens and all(any("texture" in classes(e) for e in token) for token in tokens)  # all chocolate's


def simulate(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    """A colour as a dichromat sees it (Machado, Oliveira and Fernandes 2009), in linear RGB."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return tuple(sum(m * c for m, c in zip(row, linear, strict=True)) for row in matrix)


PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))


def test_last_move_and_winning_line_differ_in_shape_and_under_colour_blindness():
    state = won(boardgames.game_class("donuts").configure({}))
    root = svg_of(state)
    last = [e for e in root.iter() if "last" in classes(e)]
    changed = [e for e in root.iter() if "ring-changed" in classes(e)]
    winning = [e for e in root.iter() if "winning" in classes(e)]
    assert last and winning and len(winning) == len(state.outcome.line)
    assert {e.tag for e in last} == {f"{SVG}circle"} and {e.tag for e in winning} == {f"{SVG}rect"}
    assert all(e.get("stroke-dasharray") for e in changed) and not any(e.get("stroke-dasharray") for e in last)
    a, b = last[0].get("stroke"), winning[0].get("stroke")
    for matrix in (PROTANOPIA, DEUTERANOPIA):
        seen_a, seen_b = simulate(a, matrix), simulate(b, matrix)
        assert sum((x - y) ** 2 for x, y in zip(seen_a, seen_b, strict=True)) ** 0.5 > 0.4  # ours: 0.49, 0.55


def test_the_last_move_is_animated_only_without_reduced_motion():
    root = svg_of(donuts_position())
    groups = {
        next(e.get("data-square") for e in g if e.get("data-square")): classes(g)
        for g in root.iter(f"{SVG}g")
        if "token" in classes(g)
    }
    assert "placed" in groups["c2"] and "changed" in groups["b2"] and "changed" in groups["d2"]
    assert groups["f2"] == ["token"]
    style = root.find(f"{SVG}style").text
    start = style.index("@media (prefers-reduced-motion: no-preference)")
    depth, end = 0, None
    for i in range(style.index("{", start), len(style)):
        depth += {"{": 1, "}": -1}.get(style[i], 0)
        if depth == 0:
            end = i
            break
    inside, outside = style[start:end], style[:start] + style[end + 1 :]
    assert "animation:" in inside and "@keyframes" in inside
    assert not re.search(r"animation|keyframes|transform", outside)


# -- in the browser ---------------------------------------------------------------------

MEASURE = """
const svg = document.querySelector('svg');
const ctm = (e) => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
const labels = [...svg.querySelectorAll('text.coord')].map((t) => [t.textContent, ...ctm(t)]);
const pieces = [...svg.querySelectorAll('.token circle, .last, .ring-changed, .winning')].map((e) => {
  const b = e.getBBox(), w = parseFloat(e.getAttribute('stroke-width') || '0') / 2;
  return [b.x + b.width / 2, b.y + b.height / 2, b.width / 2 + w, e.tagName];
});
const view = svg.viewBox.baseVal;
return {labels, pieces, view: [view.x, view.y, view.width, view.height],
        animations: document.getAnimations().length, width: svg.getBoundingClientRect().width};
"""


def test_in_chromium_labels_clear_the_pieces_and_reduced_motion_stops_the_animation(tmp_path: Path):
    state = verso_edges(19)
    page = tmp_path / "board.html"
    svg = render_svg(state.view(), "Verso", interactive=True)
    page.write_text(
        f"<!doctype html><body style='margin:0;width:344px'><style>svg{{width:100%;height:auto}}</style>{svg}"
    )
    driver = headless_chromium(tmp_path / "profile")
    try:
        driver.get(page.as_uri())
        drawn = driver.execute_script(MEASURE)
        assert drawn["animations"] >= 1 and drawn["width"] == 344
        x0, y0, width, height = drawn["view"]
        for name, left, top, right, bottom in drawn["labels"]:  # the font the browser really uses
            assert x0 <= left and right <= x0 + width and y0 <= top and bottom <= y0 + height, name
            for cx, cy, r, _ in drawn["pieces"]:
                assert not touches((left, top, right, bottom), cx, cy, r), (name, cx, cy)
        driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]}
        )
        driver.get(page.as_uri())
        assert driver.execute_script(MEASURE)["animations"] == 0
    finally:
        driver.quit()


def test_a_player_named_like_the_pictures_own_classes_is_not_taken_for_them():
    # A player "square" drew pieces of class "square": the page, which clicks ".square", took them for squares.
    view = attrs.evolve(donuts_position().view(), players=("square", "won by x"))
    root = ET.fromstring(render_svg(view, "a game", interactive=True))
    squares = [e for e in root.iter() if "square" in classes(e)]
    assert len(squares) == view.grid.size and all(e.get("role") == "button" for e in squares)
    pieces = [e for e in root.iter() if "piece" in classes(e)]
    assert pieces and {c for e in pieces for c in classes(e)} & {"player-square", "player-won-by-x"}
