"""Issue 39, what a new author writing a dice-and-cards game from the docs met
(the plugin "Dice Market"): (1) a hand could hold only texts, so cards with
boxes went into ``market()`` as well and ``show`` drew each hand twice, and a
card face down could not show the values written on it in public; (2) a game
whose grid is no board (``board_drawn`` False) still showed grid coordinates
(``show --json``'s ``"site": "a4"``, ``play``'s "Move a1 where?"). Hands
(tests/card_games.py) holds a hand of :class:`Card` each, south's secret and
face down to the others, and names its sites; Sheet names none. Everything is
asserted on the real command's output."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from card_games import HAND_BOX, MARKET_BOXES, SECRET, Hands, HandsHooks, Hooks, Sheet

from boardgames import Move, render_svg
from boardgames.games.donnant import Donnant, sites
from boardgames.testing import check_game, plugin
from helpers import needs_chromium

SVG = "{http://www.w3.org/2000/svg}"
#: North writes the yellow die (3) in the box of the card in its hand.
WRITE = Hands.configure({}).format_move(Move(0, HAND_BOX))
#: A coordinate of Sheet's 5 by 2 grid, standing alone (as a site's name, in a question, in JSON).
COORDINATE = re.compile(r"(?<![\w#.])[a-e][12](?![\w.])")


@pytest.fixture
def hands():
    with plugin(HandsHooks, "sheet-hands-under-test"):
        yield Hands.configure({})


@pytest.fixture
def sheet():
    with plugin(Hooks, "sheet-under-test"):
        yield Sheet.configure({})


def test_hands_keeps_the_contract(hands):
    assert check_game(Hands, games=5) > 0


# -- 1. a hand of cards with boxes, and a card face down with what was written on it --------------


def test_show_draws_a_hand_of_cards_once_with_its_boxes(cli, hands):
    run = cli("show", "sheet-hands", "--moves", WRITE, "--as", "north")
    assert run.code == 0, run.err
    assert run.out.count("north's hand") == 1 and run.out.count("south's hand") == 1  # each hand once
    lines = run.out.splitlines()
    at = lines.index("     north's hand:")
    assert lines[at + 1] == "       [green] (3) | 1 point"  # the card with its box, the 3 written in it
    at = lines.index("     south's hand:")
    # South's secret card: face down, the 4 written on it in public shown, nothing else of it.
    assert lines[at + 1 : at + 3] == ["       [face down] (4) _", "       1 face down"]
    assert SECRET not in run.out and "red" not in lines[at + 1] and "price 2" not in run.out


def test_the_card_s_owner_and_the_whole_game_see_it_face_up(cli, hands):
    for args in (("--as", "south"), ("--whole",)):
        run = cli("show", "sheet-hands", "--moves", WRITE, *args)
        assert run.code == 0, run.err
        assert f"[red] 6r(4)1 | {SECRET} | price 2" in run.out.replace(" 1 |", "1 |"), run.out


def test_json_gives_a_hand_s_cards_whole_and_a_face_down_card_s_written_boxes_alone(cli, hands):
    run = cli("show", "sheet-hands", "--moves", WRITE, "--json", "--as", "north")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert data["hands"]["north"] == [
        {
            "text": "1 point",
            "colour": "#27ae60",
            "colour_name": "green",
            "boxes": [{"demand": "", "colour": "", "written": "3", "site": "hand1"}],
            "between": [],
            "ticks": [],
            "done": False,
            "price": "",
            "site": None,
        }
    ]
    assert data["hands"]["south"] == [
        {"face_down": True, "boxes": [{"written": "4", "site": None}, {"written": "", "site": None}], "site": None},
        None,
    ]
    assert SECRET not in run.out and '"6"' not in run.out  # not its text, not its demands
    whole = json.loads(cli("show", "sheet-hands", "--moves", WRITE, "--json", "--whole").out)
    assert whole["hands"]["south"][0]["text"] == SECRET


def test_svg_draws_a_hand_s_cards_and_a_face_down_card_as_a_back_with_what_is_written(cli, hands, tmp_path):
    run = cli("show", "sheet-hands", "--moves", WRITE, "--as", "north", "--svg", str(tmp_path / "n.svg"))
    assert run.code == 0, run.err
    picture = (tmp_path / "n.svg").read_text()
    assert SECRET not in picture, picture[picture.find(SECRET) - 400 : picture.find(SECRET) + 50]
    assert "price 2" not in picture
    root = ET.fromstring(picture)
    south = next(g for g in root.iter(f"{SVG}g") if "player-south" in g.get("class", "").split())
    back = next(g for g in south.iter(f"{SVG}g") if "face-down" in g.get("class", "").split())
    assert [e.text for e in back.iter(f"{SVG}text") if "written" in e.get("class", "")] == ["4"]
    assert not [e for e in back.iter() if "demand" in e.get("class", "").split()]
    assert south.get("aria-label") == "south's hand: card face down; 2 boxes: written 4, empty, 1 card face down"
    north = next(g for g in root.iter(f"{SVG}g") if "player-north" in g.get("class", "").split())
    assert [e.text for e in north.iter(f"{SVG}text") if "written" in e.get("class", "")] == ["3"]


def test_the_page_s_picture_makes_a_hand_s_box_a_target_of_its_owner(hands):
    view = hands.start().seen_by(0).view()
    root = ET.fromstring(render_svg(view, interactive=True))
    [target] = [e for e in root.iter() if e.get("data-owner") == "north" and "hand" in e.get("aria-label", "")]
    assert target.get("aria-label").endswith(", box 1 of the green card in north's hand: anything (empty)")
    assert SECRET not in render_svg(view, interactive=True)


# -- 2. no grid coordinate reaches a person where the grid is no board ---------------------------


def test_json_names_each_site_by_the_game_s_words_else_by_its_number(cli, hands, sheet):
    run = cli("show", "sheet-hands", "--json")
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert [d["site"] for d in data["dice"]] == ["yellow", "blue", "white"]  # Hands' own names (site_name)
    assert [b["site"] for b in data["market"][0]["cards"][0]["boxes"]] == ["box3", "box4", "box5"]
    assert data["parts"]["origins"] == ["yellow", "blue", "white"]
    assert data["legal_moves"][0] == "yellow-box3"
    run = cli("show", "sheet", "--moves", "0-3", "--json")  # Sheet names none: each site its number
    assert run.code == 0, run.err
    data = json.loads(run.out)
    assert [d["site"] for d in data["dice"]] == ["0", "1", "2"] and data["history"] == ["0-3"]
    assert data["parts"]["origins"] == ["1", "2"] and data["legal_moves"][0] == "1-4"
    assert not COORDINATE.search(run.out), COORDINATE.search(run.out)


def test_show_and_its_moves_write_no_coordinate(cli, sheet):
    run = cli("show", "sheet", "--moves", "0-3 2-6")
    assert run.code == 0, run.err
    assert "moves: 0-3 2-6" in run.out and "legal: 1-4 1-5" in run.out
    assert not COORDINATE.search(run.out), COORDINATE.search(run.out)
    run = cli("show", "sheet", "--moves", "a1-b2")  # a grid coordinate is no site's name: one line
    assert run.code != 0 and run.out == "" and len(run.err.strip().splitlines()) == 1 and "a1-b2" in run.err


def test_play_asks_where_a_site_s_piece_goes_by_the_game_s_name_for_it(cli, hands, sheet):
    run = cli("play", "sheet-hands", "--players", "human,human", input="\nwhite\n1\nquit\n")
    assert run.code == 0, run.err
    assert "Move white where? 1) white-box3" in run.out  # the game's name for the die
    assert "white-box3" in run.out.split("Move white where?")[1]
    run = cli("play", "sheet", "--players", "human,human", input="1\n2\nquit\n")
    assert run.code == 0, run.err
    # Sheet names none: the site's number, and what is drawn there.
    assert "Move 1 (blue die 5) where? 1) 1-3" in run.out
    assert "moves: 1-4" in run.out
    assert not COORDINATE.search(run.out), COORDINATE.search(run.out)
    run = cli("play", "sheet", "--players", "human,human", input="a1\nquit\n")  # a coordinate is no name here
    assert "Move a1" not in run.out and "a1 where" not in run.out


def test_the_page_s_words_for_a_site_lead_with_its_name_never_a_coordinate(hands, sheet):
    said = {
        e.get("data-square"): e.get("aria-label")
        for e in ET.fromstring(render_svg(hands.start().view(), interactive=True)).iter()
        if "square" in e.get("class", "").split()
    }
    names = hands.grid.names  # the page's own ids for its clicks, never shown
    assert said[names[0]] == "yellow, yellow die 3" and said[names[MARKET_BOXES[0]]].startswith("box3, box 1 of")
    labels = [
        e.get("aria-label")
        for e in ET.fromstring(render_svg(sheet.start().play(Move(0, 3)).view(), interactive=True)).iter()
        if e.get("aria-label")
    ]
    assert labels and not any(COORDINATE.search(label) for label in labels), labels


def test_the_served_page_gets_the_game_s_site_names_and_its_clicks_still_work(tmp_path, monkeypatch):
    """A real ``boardgames serve``: the match's state names Sheet's sites by their numbers, never the
    grid's coordinates; the page's own ids for its clicks (``data-square``, ``move_squares``: the grid's
    names, never shown) still build a move through the parts endpoint."""
    pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
    from card_games import installed
    from server import Server

    monkeypatch.setenv("PYTHONPATH", installed(tmp_path / "site"))
    running = Server(tmp_path / "served")
    try:
        made = running.request("POST", "/api/matches", {"game": "sheet", "seed": 1, "players": ["human", "human"]})
        assert made.status == 201, made
        match = made.body
        state = match["state"]
        assert [d["site"] for d in state["dice"]] == ["0", "1", "2"] and state["parts"]["origins"] == ["0", "1", "2"]
        assert state["legal_moves"][0] == "0-3"
        assert not COORDINATE.search(json.dumps(state)), COORDINATE.search(json.dumps(state))
        names = Sheet.configure({}).grid.names
        ids = match["move_squares"]  # the page's: a move's text, and its sites by the page's ids
        assert ids["1-5"] == f"{names[1]}-{names[5]}"
        answer = running.request("GET", f"/api/matches/{match['id']}/parts?move={names[1]}")
        assert answer.status == 200, answer
        assert set(answer.body["targets"]) == {names[s] for s in (3, 4, 5, 6, 7)}  # the page's ids again
        for text, seat in (("0-3", "north"), ("1-4", "south"), ("2-5", "north")):  # to the end, for the review
            played = running.request("POST", f"/api/matches/{match['id']}/moves", {"move": text}, match["seats"][seat])
            assert played.status == 200, played
        # "Find a better move" on the page: the squares clicked, by the page's ids, read as the game writes them.
        tried = running.request(
            "POST", f"/api/matches/{match['id']}/review/try", {"ply": 1, "move": f"{names[0]}-{names[6]}"}
        )
        assert tried.status == 200 and tried.body["move"] == "0-6" and tried.body["played"] == "0-3", tried
    finally:
        running.stop()
    assert "Traceback" not in running.stderr()


def test_donnant_donnant_names_its_sites_as_its_notation_does(cli):
    """Donnant Donnant's sites (games/donnant/sites.py) by its own words: DD1's five dice by colour, a
    market slot, a place of the tableau and a box on it as its moves write them (score2, c3, c3.1)."""
    run = cli("show", "donnant", "-o", "players=2", "--json")
    assert run.code == 0, run.err
    assert [d["site"] for d in json.loads(run.out)["dice"]] == ["yellow", "orange", "green", "blue", "red"]
    game = Donnant.configure({"players": 2})
    assert game.site_name(sites.SLOT[1]) == "score2" and game.site_name(sites.PLACES[sites.CENTRE]) == "c3"
    assert game.site_name(sites.box_site(sites.CENTRE, 0)) == "c3.1" and game.site_name(sites.STOP) == "stop"
    assert len(set(game.site_names())) == game.grid.size  # each site its own name


@needs_chromium
def test_a_move_tried_again_on_the_page_is_said_without_the_page_s_ids(browsers, tmp_path, monkeypatch):
    """In a real headless Chromium: "Find a better move" in Sheet's review, the die and the box clicked;
    the line said at once names no grid coordinate, and the answer is in the game's notation."""
    pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
    pytest.importorskip("selenium.webdriver", reason="Selenium is in the extra 'test'")
    from card_games import installed
    from selenium.webdriver.common.by import By
    from server import Server

    from helpers import wait_until

    monkeypatch.setenv("PYTHONPATH", installed(tmp_path / "site"))
    running = Server(tmp_path / "served")
    try:
        made = running.request("POST", "/api/matches", {"game": "sheet", "seed": 1, "players": ["human", "human"]})
        match = made.body
        for text, seat in (("0-3", "north"), ("1-4", "south"), ("2-5", "north")):
            assert running.request("POST", f"/api/matches/{match['id']}/moves", {"move": text}, match["seats"][seat])
        names = Sheet.configure({}).grid.names
        driver = browsers()

        def click(css):
            def clicked(d):
                try:
                    [e for e in d.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()][0].click()
                    return True
                except Exception:  # not there yet, or redrawn meanwhile
                    return False

            wait_until(driver, clicked, 60)

        driver.get(f"http://127.0.0.1:{running.port}/#match={match['id']}")
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg.no-board"), 30)
        click("#review")
        click('#moves button.move[data-ply="1"]')
        click("#try")
        next_one = '#board .square.next[data-square="{}"]'
        click(next_one.format(names[0]))  # the yellow die
        box = next_one.format(names[6])  # the tableau card's first box
        wait_until(driver, lambda d: d.find_elements(By.CSS_SELECTOR, box), 30)
        driver.execute_script(  # every line the page writes there from now on, kept
            "window.said = []; new MutationObserver(() => said.push(document.getElementById('try-result')"
            ".textContent)).observe(document.getElementById('try-result'), {childList: true, characterData: true,"
            " subtree: true});"
        )
        click(box)
        result = wait_until(
            driver, lambda d: (t := d.find_element(By.ID, "try-result").text) and "…" not in t and t, 60
        )
        assert result.startswith("0-6") and not COORDINATE.search(result), result
        said = driver.execute_script("return window.said")
        assert said[0] == "Trying the move…" and not any(COORDINATE.search(line) for line in said), said
    finally:
        running.stop()
    assert "Traceback" not in running.stderr()
