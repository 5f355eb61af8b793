"""The Hive example package (examples/hive): the conformance kit, the piles
of a beetle on the hive read by every front end (rules.stacks), the UHP
notation read and written as OpenSpiel does, and agreement with OpenSpiel's
``hive`` move for move (legal moves, who moves, returns), expansions on and off."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames.testing import plugin
from helpers import example_served, load_example, need_pyspiel, needs_chromium
from lockstep import lockstep

#: Seeded random games compared with OpenSpiel, each to its end (500 moves at most).
AGREEMENT_GAMES = 200
STEPS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: A cell of OpenSpiel's drawing: a tile (``^`` on a pile, ``*`` moved last), ``-`` or ``*`` (left last); two may touch.
CELL = re.compile(r"\^?[wb][A-Z]\d?\*?|-|\*")


@pytest.fixture(scope="module")
def hive_module() -> Iterator[Any]:
    module = load_example("hive")
    with plugin(module, "hive-under-test"):
        yield module


def hive(**options: str) -> Any:
    return boardgames.game_class("hive").configure(options={k: str(v) for k, v in options.items()})


def their_cells(theirs: Any, radius: int) -> dict[str, tuple[int, int]]:
    """Where each of OpenSpiel's tiles lies, as (q, r), read from its drawing
    (rows r = -radius..radius, each cell's top tile or ``-``, then each pile
    written top first: ``wB1 > bQ``)."""
    lines = [ANSI.sub("", line) for line in str(theirs).split("\n")]
    rows = [CELL.findall(line) for line in lines if line.strip()][: 2 * radius + 1]
    cells = {}
    for r, row in zip(range(-radius, radius + 1), rows, strict=True):
        for q, token in zip(range(max(-radius, -r - radius), min(radius, -r + radius) + 1), row, strict=True):
            name = token.strip("^*")
            if name not in ("-", ""):
                cells[name] = (q, r)
    for line in lines[2 * (2 * radius + 1):]:
        pile = [name.strip() for name in line.split(">")]
        if len(pile) > 1 and pile[0] in cells:
            cells.update({name: cells[pile[0]] for name in pile[1:]})
    return cells


def their_labels(theirs: Any, radius: int) -> dict[str, str]:
    """Each move OpenSpiel offers, as it writes it, by the tile and the cell it goes to (``wA2 1,-1``):
    a move is written once for each tile beside its cell, and those are one move."""
    cells, out = their_cells(theirs, radius), {}
    for action in theirs.legal_actions():
        text = theirs.action_to_string(action)
        words = text.split()
        if len(words) == 1:
            out[text] = text if text == "pass" else f"{text} 0,0"
            continue
        name = words[1].strip("/-\\")
        q, r = cells[name]
        marks = words[1].replace(name, "")
        if marks:
            d = {"/": 0, "-": 1, "\\": 2}[marks] + (3 if words[1].startswith(marks) else 0)
            q, r = q + STEPS[d][0], r + STEPS[d][1]
        out[text] = f"{words[0]} {q},{r}"
    return out


def canonical(radius: int) -> Any:
    """OpenSpiel's moves by :func:`their_labels`, each with one of its actions."""

    def moves(theirs: Any) -> dict[str, tuple[int, ...]]:
        actions = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        out: dict[str, tuple[int, ...]] = {}
        for text, name in their_labels(theirs, radius).items():
            out.setdefault(name, (actions[text],))
        return out

    return moves


def label(hive_module: Any) -> Any:
    def ours(state: Any, move: boardgames.Move) -> str:
        if move.is_pass:
            return "pass"
        game = state.game
        q, r = openspiels_cell(game, move.to)
        return f"{hive_module.uhp(game.tile_of(state, move))} {q},{r}"

    return ours


def openspiels_cell(game: Any, site: int) -> tuple[int, int]:
    """A site as OpenSpiel's (q, r) from the middle: q east, r south-east (the grid's rank is north-east)."""
    (f, r), (cf, cr) = game.grid.coords(site), game.grid.coords(game.board.centre)
    return f - cf + r - cr, cr - r


def test_hive_keeps_the_contract(check_game, hive_module):
    # Random games mostly run to the 500-move limit (seed 0's does; the lockstep compares that end with OpenSpiel):
    # seed 17's is 93 moves to a surrounded queen, seed 11's 37 to a hive at the board's edge, 130 moves in all.
    check_game("hive", games=1, seed=17)
    check_game("hive", games=1, seed=11)


def spiel_of(expansions: bool) -> Any:
    return need_pyspiel().load_game("hive", {"ansi_color_output": True, "uses_mosquito": expansions,
                                             "uses_ladybug": expansions, "uses_pillbug": expansions})


def hive_with(expansions: bool) -> Any:
    flag = "yes" if expansions else "no"
    return hive(mosquito=flag, ladybug=flag, pillbug=flag)


@pytest.mark.parametrize(("expansions", "games", "plies"), [(True, AGREEMENT_GAMES, 60), (False, 50, 60),
                                                           (True, 4, None), (False, 4, None)])
def test_hive_plays_as_openspiels_move_for_move(hive_module, expansions, games, plies):
    """Each tile and the cell it may go to, the player to move and the returns, as OpenSpiel's:
    many games to their 60th move (every tile down and moving by then), a few whole (up to 500 moves)."""
    steps = lockstep(hive_with(expansions), spiel_of(expansions), label(hive_module), games,
                     their_moves=canonical(8), plies=plies)
    assert steps >= games * 40  # some games end early: a queen surrounded


def test_each_positions_cell_patterns_carried_from_the_last_are_those_worked_out_afresh(hive_module):
    """The neighbours and heights that ``apply`` carries from one position to the next (only the cells
    around a move's two ends change) are those of the position's piles, over whole random games with
    hives moved back toward the middle of a small board."""
    carried = 0
    for game in (hive(), hive(size=4)):
        for seed in range(6):
            rng, state = random.Random(seed), game.start()
            while not state.is_over:
                if "cell_patterns" in state.__dict__:
                    carried += 1
                    worked_out = game.board.patterns((s, len(pile)) for s, pile in state.piles)
                    assert state.cell_patterns == worked_out, (seed, len(state.history))
                state = state.play_unchecked(rng.choice(state.legal_moves))
    assert carried > 1000


def test_moves_are_written_and_read_as_openspiel_writes_them(hive_module):
    """Each move we write is one OpenSpiel offers for it, and every way OpenSpiel writes a move (by any tile
    beside its cell) reads back as that move."""
    game, spiel, ours_of = hive_with(True), spiel_of(True), label(hive_module)
    ours, theirs, rng = game.start(), spiel.new_initial_state(), random.Random(7)
    for _ in range(120):
        offered = {theirs.action_to_string(a): a for a in theirs.legal_actions()}
        named = their_labels(theirs, 8)
        for text, name in named.items():
            move = game.read_notation(ours, text)
            assert move is not None and ours_of(ours, move) == name, text
        for move in ours.legal_moves:
            assert named[ours.format_move(move)] == ours_of(ours, move)
        text = rng.choice(sorted(offered))
        ours, _ = ours.play(game.read_notation(ours, text)), theirs.apply_action(offered[text])
    assert game.read_notation(ours, "wQ /zZ9") is None and game.read_notation(ours, "xyz") is None


def test_a_beetle_on_the_hive_holds_the_pile_and_every_front_end_shows_it(hive_module):
    from boardgames.rendering.text import render_text
    from boardgames.rendering.words import squares_words

    game = hive_with(False)
    state = game.replay(["wB1", "bB1 wB1-", "wQ -wB1", "bQ bB1-", "wB2 /wQ", "bA1 bQ-", "wB2 wQ"])
    on = game.board.shifted(game.board.centre, (-1, 0))  # west of the first tile
    assert game.owners(state)[on] == 0 and game.kinds(state)[on] == 4  # the beetle on the queen holds the cell
    name = game.grid.name(on)
    assert state.to_json()["stacks"] == {name: [{"owner": "white", "kind": "queen"},
                                               {"owner": "white", "kind": "beetle"}]}
    assert f"{name} white queen, white beetle" in render_text(state.view())
    said = f"{name}, white beetle, a stack of 2: white queen under white beetle, last move"
    assert squares_words(state.view())[on] == said
    assert state.written_history()[-1] == "wB2 wQ"


#: A small hive: six tiles in the middle of a board 19 cells across, white to move.
SMALL = "wA1,bG1 -wA1,wQ wA1/,bQ /bG1,wB1 wQ-,bA1 \\bQ".split(",")
SVG = "{http://www.w3.org/2000/svg}"


def around_the_hive(game: Any, state: Any) -> set[int]:
    """The cells a Hive player sees: each tile's and those beside it (``Game.drawn_within = 1``)."""
    taken = {s for s, _ in state.piles}
    return taken | {n for s in taken for n in game.board.near[s] if n >= 0}


def drawn(svg: str) -> tuple[float, float, list[str], list[str]]:
    """An SVG's width and height, the names of its cells, and of its clickable squares."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    cells = [p.get("data-square") or "" for p in root.iter(f"{SVG}polygon") if p.get("class") == "square"]
    polygons = [p for p in root.iter(f"{SVG}polygon") if p.get("class") == "cell"]
    return float(root.get("width", 0)), float(root.get("height", 0)), [str(len(polygons))], cells


def test_a_small_hive_is_drawn_with_the_cells_beside_it_alone(hive_module):
    from boardgames.rendering.svg import render_svg

    game = hive()
    state = game.replay(SMALL)
    width, height, (cells,), squares = drawn(render_svg(state.view(), interactive=True))
    # The whole hexagon of sites was 1,161 x 1,046 px; the hive and its ring are 7 files by 5 ranks.
    assert width < 450 and height < 320, (width, height)
    seen = around_the_hive(game, state)
    assert int(cells) == len(seen) == 21
    assert set(squares) == {game.grid.name(s) for s in seen}
    for move in state.legal_moves:  # every move's cells drawn, and clickable
        assert {game.grid.name(s) for s in (move.origin, move.to) if s >= 0} <= set(squares), move
    assert len(state.to_json()["contents"]) == 6  # the data keeps the whole board: every tile, by its site's name
    assert state.view().grid is game.grid and len(state.view().window) == 21
    _, _, (start,), _ = drawn(render_svg(game.initial_state().view()))
    assert start == "7"  # before the first tile: the middle cell and its ring


def test_the_text_board_prints_the_ranks_of_the_hive_alone(hive_module):
    from boardgames.rendering.text import render_text

    rows = render_text(hive().replay(SMALL).view()).splitlines()
    # The whole hexagon printed 19 ranks; the hive's are 8 to 12, every file named above or below it.
    assert [row.split()[0] for row in rows[1:6]] == ["12", "11", "10", "9", "8"]
    assert rows[0].split() == ["g", "h", "i", "j", "k", "l"] and rows[6].split() == ["i", "j"]
    assert rows[3].split()[1:5] == [".", "[a", "]", "g"]  # black's ant moved last, beside its grasshopper


def test_tiles_are_hexagons_lettered_in_their_owners_colour(hive_module):
    import xml.etree.ElementTree as ET

    from boardgames.rendering.svg import render_svg

    game = hive()
    state = game.replay([*SMALL, "wB1 wQ"])  # the beetle onto its queen: a pile of 2
    root = ET.fromstring(render_svg(state.view()))
    tiles = [p for p in root.iter(f"{SVG}polygon") if "piece" in (p.get("class") or "").split()]
    assert len(tiles) == 5 and not [c for c in root.iter(f"{SVG}circle") if "piece" in (c.get("class") or "")]
    assert sorted(t.get("fill") for t in tiles) == sorted([game.colours[0]] * 2 + [game.colours[1]] * 3)
    letters = sorted(t.text or "" for t in root.iter(f"{SVG}text") if t.get("class") == "kind")
    assert letters == ["A", "A", "B", "G", "Q"]
    heights = [g for g in root.iter(f"{SVG}g") if g.get("class") == "height"]
    assert [g.get("data-height") for g in heights] == ["2"]  # the beetle's pile still shows its height


def test_the_last_move_is_shown_where_the_tile_lies_after_the_hive_recentres(hive_module):
    game = hive(size=3)  # seed 0's random game: the 12th move lands past the board and the hive moves back
    rng, state = random.Random(0), game.start()
    for _ in range(12):
        move = rng.choice(state.legal_moves)
        state = state.play(move)
    assert game.board.on_rim[move.to] and state.outcome is None
    tile_at = state.where[state.last]
    assert tile_at != move.to and tile_at in state.view().last and move.to not in state.view().last


def ringed(svg: str) -> set[str]:
    """The names of the squares an interactive SVG rings as the last move's."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg)
    rings = [(float(c.get("cx", 0)), float(c.get("cy", 0)))
             for c in root.iter(f"{SVG}circle") if c.get("class") == "last"]  # fmt: skip
    found = set()
    for target in root.iter(f"{SVG}polygon"):
        if target.get("class") == "square":
            points = [tuple(map(float, p.split(","))) for p in (target.get("points") or "").split()]
            x, y = (sum(c) / len(points) for c in zip(*points, strict=True))
            if any(abs(x - cx) < 0.5 and abs(y - cy) < 0.5 for cx, cy in rings):
                found.add(target.get("data-square") or "")
    return found


def test_the_last_moves_origin_is_shown_where_its_cell_lies_after_the_hive_recentres(hive_module):
    """``carried_by_last_move``: seed 41's 14th move at size 3 takes a tile past the board, and the hive moves
    back a cell west: the origin is ringed where the cell the tile left now lies (empty), not on its old
    number, where the tile itself now lies."""
    from boardgames.rendering.svg import render_svg

    game, board = hive(size=3), hive(size=3).board
    rng, state = random.Random(41), game.start()
    for _ in range(14):
        before, move = state, rng.choice(state.legal_moves)
        state = state.play(move)
    assert move.origin >= 0 and board.on_rim[move.to] and state.outcome is None
    stayed = next(t for t, s in enumerate(before.where) if s >= 0 and t != state.last)  # a tile that did not move
    (f0, r0), (f1, r1) = game.grid.coords(before.where[stayed]), game.grid.coords(state.where[stayed])
    left, landed = board.shifted(move.origin, (f1 - f0, r1 - r0)), state.where[state.last]
    assert (f1 - f0, r1 - r0) != (0, 0) and left not in state.pile and landed == move.origin
    assert sorted(state.view().last) == sorted([left, landed])
    assert ringed(render_svg(state.view(), interactive=True)) == {game.grid.name(left), game.grid.name(landed)}


hive_served = example_served("hive")


def test_the_page_offers_every_legal_move_on_the_cropped_board(hive_module, hive_served):
    served = hive_served
    match = served.create(game="hive", players=["human", "human"])
    match_id, seats = match["id"], match["seats"]
    moves = [*SMALL, "wB1 wQ"]  # black to move: its ant may go to any cell around the hive
    for k, move in enumerate(moves):
        seat = seats[("white", "black")[k % 2]]
        assert served.request("POST", f"/api/matches/{match_id}/moves", {"move": move}, seat).status == 200, move
    svg = served.request("GET", f"/api/matches/{match_id}/board.svg", token=seats["black"])
    assert svg.status == 200, svg
    width, _, _, squares = drawn(svg.body)
    game = hive()
    state = game.replay(moves)
    wanted = {game.grid.name(s) for move in state.legal_moves for s in (move.origin, move.to) if s >= 0}
    assert len(wanted) == 15 and wanted <= set(squares) and width < 450


@needs_chromium
def test_the_page_moves_an_ant_round_the_cropped_hive_by_two_clicks(hive_module, hive_served, browsers):
    from selenium.webdriver.common.by import By

    from helpers import wait_until

    served, moves = hive_served, [*SMALL, "wB1 wQ"]
    match = served.create(game="hive", players=["human", "human"])
    match_id, seats = match["id"], match["seats"]
    for k, move in enumerate(moves):
        seat = seats[("white", "black")[k % 2]]
        assert served.request("POST", f"/api/matches/{match_id}/moves", {"move": move}, seat).status == 200, move
    game = hive()
    state = game.replay(moves)
    ant = state.where[15]  # bA1
    far = max((m for m in state.legal_moves if m.origin == ant), key=lambda m: abs(m.to - ant))
    driver = browsers()
    driver.get(f"http://127.0.0.1:{served.port}/#match={match_id}&seat=black&token={seats['black']}")
    sizes = (
        "const s = document.querySelector('#board svg');"
        " return s && [s.getBoundingClientRect().width, s.width.baseVal.value,"
        " document.querySelector('#board').getBoundingClientRect().width]"
    )
    shown, own, room = wait_until(driver, lambda d: d.execute_script(sizes))
    assert own < room and abs(shown - own) < 1  # drawn at its own size, not scaled up to the column
    for site in (ant, far.to):  # its cell, then one across the hive
        css = f'#board .square.next[data-square="{game.grid.name(site)}"]'
        wait_until(driver, lambda d, c=css: d.find_elements(By.CSS_SELECTOR, c))
        driver.find_element(By.CSS_SELECTOR, css).click()
    listed = "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"
    wait_until(driver, lambda d: (d.execute_script(listed) or [None])[-1] == state.format_move(far))
