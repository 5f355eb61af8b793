"""Issue 39, what a new author writing a dice-and-cards game from the docs met
(the plugin "Dice Market"): (1) a hand could hold only texts, so cards with
boxes went into ``market()`` as well and ``show`` drew each hand twice, and a
card face down could not show the values written on it in public. Hands
(tests/card_games.py) holds a hand of :class:`Card` each, south's secret and
face down to the others. Everything is asserted on the real command's output."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest
from card_games import HAND_BOX, SECRET, Hands, HandsHooks, Hooks, Sheet

from boardgames import Move, render_svg
from boardgames.testing import check_game, plugin

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
            "boxes": [{"demand": "", "colour": "", "written": "3", "site": hands.grid.names[HAND_BOX]}],
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


# -- 2. no grid coordinate reaches a person w
