"""Cards richer than a line of text, dice with sites, and a game whose grid is
no board (issue 40): Sheet (tests/card_games.py), three dice and two cards
with boxes, drawn by every shared renderer (text, words, SVG, JSON), shown
and replayed on the command line, and played on the page by clicking a die
then a box in a real headless Chromium against a real ``boardgames serve``."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET

import pytest
from card_games import EMPTY_PLACE, MARKET_BOXES, TABLEAU_BOXES, Hooks, Sheet, installed

from boardgames import Card, CardBox, Cards, Move, render_svg, render_text
from boardgames.errors import PluginError
from boardgames.play.records import Record, save_record
from boardgames.rendering import text as text_renderer
from boardgames.rendering import words
from boardgames.testing import check_game, plugin
from helpers import needs_chromium

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def sheet():
    """Sheet registered, after north wrote the yellow 3 in the market card's
    first box and south the white 2 in the tableau card's first."""
    with plugin(Hooks, "sheet-under-test"):
        game = Sheet.configure({})
        yield game.start().play(Move(0, MARKET_BOXES[0])).play(Move(2, TABLEAU_BOXES[0]))


def test_the_game_keeps_the_contract():
    with plugin(Hooks, "sheet-under-test"):
        assert check_game(Sheet, games=5) > 0


# -- text ------------------------------------------------------------------------------


def test_text_draws_each_card_a_line_with_its_boxes_signs_ticks_done_and_price(sheet):
    assert render_text(sheet.view()).splitlines() == [
        "     dice: blue 5; kept: yellow 3, white 2",
        "     market:",
        "       [blue] 3y(3)<_<5 | 2 per completed neighbour | xoo | price 4 equal dice",
        "       1 face down",  # a hidden card stays face down
        "     pile: 5 face down",
        "     north's tableau:",
        "       1: [red]        r(2)=_ | 1 point",  # colours and boxes in columns
        "          (empty)",  # Card("", site=...): an empty place
        "       2: [green done]        | worth 3 | x",
        "     scores: north 3, south 2",
    ]


def test_unicode_text_ticks_circles_checks_done_and_paints_colours(sheet):
    text = render_text(sheet.view(), unicode=True)
    assert "●○○" in text and "[green ✓]" in text
    assert "\x1b[1;38;2;46;134;193m[blue]\x1b[0m" in text  # the card's colour
    assert "\x1b[38;2;241;196;15m3y\x1b[0m\x1b[1m(3)\x1b[0m" in text  # demand in its colour, what is written bold
    assert "\x1b" not in render_text(sheet.view())  # plain ASCII asked for: no colour, no Unicode
    assert all(ord(c) < 128 for c in render_text(sheet.view()))


def test_a_long_card_text_takes_a_second_line():

    long = Card(
        "score 2 for each completed card next to this one, up and down", colour="#2e86c1", boxes=(CardBox("4"),)
    )
    with plugin(Hooks, "sheet-under-test"):
        view = Sheet.configure({}).start().view()
        lines = text_renderer._rich_cards(view, Cards("market", (long,)), False, lambda t, *a, **k: t)
    assert lines == ["       [blue] 4", "         score 2 for each completed card next to this one, up and down"]


def test_a_game_not_drawing_its_board_shows_no_cells_and_no_coordinates(sheet):
    class Drawn(Sheet):
        name = "sheet-drawn"
        board_drawn = True

    board = Drawn.configure({}).start().play(sheet.history[0]).play(sheet.history[1]).view()
    drawn, table = render_text(board).splitlines(), render_text(sheet.view()).splitlines()
    assert drawn[0].split() == ["a", "b", "c", "d", "e"] and drawn[1].split()[0] == "2"  # what is not drawn
    assert drawn[drawn.index("     dice: blue 5; kept: yellow 3, white 2") :] == table  # only what is beside it
    assert table[0] == "     dice: blue 5; kept: yellow 3, white 2"
    assert len(board_lines(render_text(board))) == 4 and not board_lines(render_text(sheet.view()))


# -- words -----------------------------------------------------------------------------


def test_words_say_each_card_whole_and_no_board(sheet):
    said = words.position_words(sheet.view())
    assert said.startswith("dice: blue 5; kept: yellow 3, white 2. market: ")  # no squares first
    assert (
        "blue card, not done: 2 per completed neighbour; 3 boxes: 3 yellow (written 3), less than anything (empty), "
        "less than 5 (empty); 1 of 3 ticks used; price 4 equal dice, 1 card face down" in said
    )
    assert "north's tableau: red card, not done: 1 point; 2 boxes: red (written 2), equal to anything (empty), " in said
    assert "empty place, green card, done: worth 3; 1 of 1 tick used" in said
    assert words.card_words(Card("", site=3)) == "empty place" and words.card_words(None, 2) == "2 cards face down"


def test_each_site_is_said_by_what_it_holds_never_by_a_grid_coordinate(sheet):
    # Sheet names none of its sites (Game.site_name): each is said by what is drawn there (issue 39).
    said = words.sites_words(sheet.view())
    assert said[0] == "yellow die 3, kept" and said[1] == "blue die 5"
    assert said[MARKET_BOXES[1]] == "box 2 of the blue card in the market: anything (empty)"
    assert said[TABLEAU_BOXES[0]] == "box 1 of the red card in north's tableau: red (written 2)"
    assert said[EMPTY_PLACE] == "empty place, in north's tableau"


# -- SVG -------------------------------------------------------------------------------


def test_svg_draws_the_boxes_what_they_demand_and_hold_signs_ticks_done_and_price(sheet):
    root = ET.fromstring(render_svg(sheet.view(), "Sheet"))
    market = next(g for g in root.iter(f"{SVG}g") if "cards-market" in g.get("class", ""))

    def classed(where, name):
        return [e for e in where.iter() if name in e.get("class", "").split()]

    assert [e.get("fill") for e in classed(market, "box")] == ["#f1c40f", "#ffffff", "#ffffff"]  # demanded colour
    written = [e for e in classed(market, "written") if e.tag == f"{SVG}text"]
    assert [e.text for e in written] == ["3"] and written[0].get("font-weight") == "bold"  # on its white disc
    assert [e.get("stroke-width") for e in classed(market, "box")] == ["2.5", "1.2", "1.2"]  # a written box: heavy
    assert [e.text for e in classed(market, "demand")] == ["5"]
    assert [e.text for e in classed(market, "between")] == ["<", "<"]
    assert [e.get("fill") for e in classed(market, "tick")] == ["#222222", "#ffffff", "#ffffff"]  # 1 ticked
    assert len(classed(market, "not-done")) == 1 and not classed(market, "done")
    assert [e.text for e in classed(market, "price")] == ["4 equal dice"]
    assert [e.get("fill") for e in classed(market, "card-colour")] == ["#2e86c1"]
    assert len(classed(market, "back")) == 1  # the hidden card: face down
    assert "2 per" in "".join(market.itertext()) and "neighbour" in "".join(market.itertext())  # wrapped
    tableau = next(g for g in root.iter(f"{SVG}g") if "cards-tableau" in g.get("class", ""))
    assert len(classed(tableau, "done")) == 1 and len(classed(tableau, "empty-place")) == 1
    assert tableau.get("aria-label").startswith("north's tableau: red card, not done: 1 point;")


def test_svg_of_a_game_not_drawing_its_board_has_no_cells_no_coordinates_no_squares(sheet):
    picture = render_svg(sheet.view(), "Sheet")
    root = ET.fromstring(picture)
    css = {c for e in root.iter() for c in e.get("class", "").split()}
    assert not {"cell", "coord", "square", "target", "piece"} & css
    assert "no-board" in root.get("class") and float(root.get("width")) <= 360  # a phone's width
    assert root.find(f"{SVG}desc").text.startswith("dice: blue 5")


def test_every_site_is_a_target_in_the_page_picture(sheet):
    root = ET.fromstring(render_svg(sheet.view(), "Sheet", interactive=True))
    names = sheet.game.grid.names
    targets = {e.get("data-square"): e for e in root.iter() if "square" in e.get("class", "").split()}
    sites = (0, 1, 2, *MARKET_BOXES, *TABLEAU_BOXES, EMPTY_PLACE)
    assert set(targets) == {names[s] for s in sites}
    said = words.sites_words(sheet.view())
    assert all(targets[names[s]].get("aria-label") == said[s] for s in sites)
    assert all(targets[names[s]].get("role") == "button" for s in sites)
    groups = [g for g in root.iter(f"{SVG}g") if "beside" in g.get("class", "")]
    assert {g.get("role") for g in groups if g.iter() and any("square" in e.get("class", "") for e in g.iter())} == {
        "group"
    }


def test_a_card_on_a_drawn_board_keeps_the_board_and_its_squares():
    class Drawn(Sheet):
        name = "sheet-drawn"
        board_drawn = True

    view = Drawn.configure({}).start().view()
    root = ET.fromstring(render_svg(view, interactive=True))
    assert any("cell" in e.get("class", "") for e in root.iter()) and "\n  1  .   ." in render_text(view)
    assert "box" in {c for e in root.iter() for c in e.get("class", "").split()}
    squares = [e.get("data-square") for e in root.iter() if "square" in e.get("class", "").split()]
    assert len(squares) == 10 + 9 and set(squares) == set(view.grid.names)  # each cell, and each site again


# -- JSON and the checks ---------------------------------------------------------------


def test_json_gives_each_card_whole_and_each_site_by_name(sheet):
    data = sheet.to_json()
    names = [str(site) for site in range(10)]  # Sheet names no site: each is its number, no grid coordinate
    offer, hidden = data["market"][0]["cards"]
    assert hidden is None
    assert offer == {
        "text": "2 per completed neighbour",
        "colour": "#2e86c1",
        "colour_name": "blue",
        "boxes": [
            {"demand": "3", "colour": "#f1c40f", "written": "3", "site": names[MARKET_BOXES[0]]},
            {"demand": "", "colour": "", "written": "", "site": names[MARKET_BOXES[1]]},
            {"demand": "5", "colour": "", "written": "", "site": names[MARKET_BOXES[2]]},
        ],
        "between": ["<", "<"],
        "ticks": [True, False, False],
        "done": False,
        "price": "4 equal dice",
        "site": None,
    }
    assert data["market"][2]["cards"][1]["site"] == names[EMPTY_PLACE] and data["market"][2]["cards"][1]["text"] == ""
    assert [d["site"] for d in data["dice"]] == list(names[:3])
    assert data["market"][1]["cards"] == [None] * 5


def test_a_card_is_read_and_one_of_the_wrong_kind_is_one_clear_error():
    assert isinstance(Sheet.configure({}).start().view().market[0].cards[0], Card)

    class Broken(Sheet):
        name = "sheet-broken"

        def market(self, state):
            return (Cards("market", (Card("x", boxes=("3",)),)),)

    with pytest.raises(PluginError, match=r"market\(state\) gave"):
        Broken.configure({}).start().view()


# -- the command line ------------------------------------------------------------------


def board_lines(out: str) -> list[str]:
    """The lines of ``out`` that draw a board of Sheet's grid: its files, its ranks."""
    return re.findall(r"^ +a +b +c +d +e$|^ +[12] .* [12]$", out, re.M)


def test_show_and_replay_draw_the_table_and_no_board(cli, tmp_path):
    with plugin(Hooks, "sheet-under-test"):
        game = Sheet.configure({})
        moves = [Move(0, MARKET_BOXES[0]), Move(2, TABLEAU_BOXES[0])]
        written = " ".join(game.format_move(m) for m in moves)
        run = cli("show", "sheet", "--moves", written)
        assert run.code == 0, run.err
        assert "[blue] 3y(3)<_<5 | 2 per completed neighbour" in run.out and not board_lines(run.out)
        run = cli("show", "sheet", "--moves", written, "--svg", str(tmp_path / "s.svg"))
        assert run.code == 0, run.err
        assert 'class="cell"' not in (tmp_path / "s.svg").read_text()
        state = game.start().play(moves[0]).play(moves[1])
        save_record(tmp_path / "game.json", Record(state, ("human", "human")))
        run = cli("replay", str(tmp_path / "game.json"), "--to", "2")
        assert run.code == 0, run.err
        assert "       1: [red]        r(2)=_ | 1 point" in run.out and not board_lines(run.out)


# -- the page, in a real browser -------------------------------------------------------

@needs_chromium
def test_clicking_a_die_then_a_box_plays_that_move_on_the_page(browsers, tmp_path, monkeypatch):
    pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
    pytest.importorskip("selenium.webdriver", reason="Selenium is in the extra 'test'")
    from selenium.webdriver.common.by import By
    from server import Server

    from helpers import wait_until

    monkeypatch.setenv("PYTHONPATH", installed(tmp_path / "site"))
    running = Server(tmp_path / "served")
    try:
        driver = browsers()
        driver.set_window_size(360, 800)  # a phone
        driver.get(f"http://127.0.0.1:{running.port}/")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#game-cards [data-game="sheet"]'), 30)
        driver.find_element(By.CSS_SELECTOR, '#game-cards [data-game="sheet"]').click()
        driver.find_element(By.ID, "play-computer").click()
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg.no-board"), 30)
        names = Sheet.configure({}).grid.names
        die, box = names[1], names[MARKET_BOXES[2]]

        def click(name):
            def clicked(d):
                found = d.find_elements(By.CSS_SELECTOR, f'#board .square.next[data-square="{name}"]')
                if not found:
                    return False
                try:
                    found[0].click()
                    return True
                except Exception:  # redrawn meanwhile
                    return False

            wait_until(driver, clicked, 30)

        click(die)  # the blue die's site is highlighted as a square would be, and starts the move
        wait_until(
            driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board .square.chosen[data-square="{die}"]'), 30
        )
        click(box)
        expected = Sheet.configure({}).format_move(Move(1, MARKET_BOXES[2]))

        def played(d):
            moves = d.execute_script(
                "return [...document.querySelectorAll('#moves li button')].map(b => b.textContent)"
            )
            return moves[:1] == [expected]

        wait_until(driver, played, 30)
        width = driver.execute_script("return document.querySelector('#board svg').getBoundingClientRect().width")
        assert 0 < width <= 360
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 360  # nothing wider
        # Flipping turns a board round; cards and dice have no way up: they stay as they are, readable.
        driver.find_element(By.ID, "flip").click()
        wait_until(driver, lambda d: d.find_element(By.ID, "flip").get_attribute("aria-pressed") == "true", 30)
        wait_until(driver, lambda d: d.execute_script("return drawn !== ''"), 30)  # redrawn
        assert (
            driver.execute_script("return document.querySelectorAll('#board svg.flipped, #board g.flipped').length")
            == 0
        )
        if os.environ.get("BOARDGAMES_SCREENSHOTS"):  # where the other browser tests leave their pictures
            driver.save_screenshot(os.path.join(os.environ["BOARDGAMES_SCREENSHOTS"], "sheet-phone.png"))
    finally:
        running.stop()
    assert "Traceback" not in running.stderr()
