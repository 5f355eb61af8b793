"""What a game shows beyond its board, for any number of players (issue 39):
dice, hands (a card face down names nothing), cards on the table and
running scores, in the text, the SVG and the JSON, from the view given."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

from boardgames import Game
from boardgames.errors import PluginError
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import WIDTH, render_text, visible_width
from boardgames.rules.declarations import Cards, Die
from boardgames.testing import plugin
from helpers import headless_chromium
from tests.beside_games import SECRETS, Hooks, Table
from tests.toy_games import Race

SVG = "{http://www.w3.org/2000/svg}"


def test_the_json_of_a_chance_position_lists_its_outcomes_and_no_squares():
    # Race's die shows 1 to 3 on a board of two squares: the outcomes were read as squares (IndexError).
    data = Race.configure({"players": 4}).start().to_json()
    assert data["to_move"] == "chance" and data["asked"] == ["chance"]
    assert data["legal_moves"] == ["roll:1", "roll:2", "roll:3"]
    assert data["parts"]["targets"] == [] and data["parts"]["origins"] == []


def table(players: int):
    """A Table of ``players`` after a roll of 2 banked by north and a roll of 3 for east."""
    return Table.configure({"players": players}).start().play("roll:2").play("a1").play("roll:3")


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def all_text(root: ET.Element) -> str:
    """Every text the picture holds: its texts, titles, descriptions and labels."""
    return " ".join([*(e.text or "" for e in root.iter()), *(v for e in root.iter() for v in e.attrib.values())])


# -- text ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 10])
@pytest.mark.parametrize("unicode", [False, True])
def test_the_text_shows_dice_hands_cards_and_scores_for_every_player(players, unicode):
    state = table(players)
    text = render_text(state.seen_by(1).view(), unicode=unicode)  # east's view
    plain = re.sub("\x1b\\[[0-9;]*m", "", text)
    lines = plain.splitlines()
    names = state.game.player_names
    legend_end = next(i for i, line in enumerate(lines) if "dice" in line)
    legend = " ".join(lines[3:legend_end])
    assert all(f" {name}" in legend for name in names)  # the legend names every player
    assert ("⚂ -; kept: ⚃ yellow ⚅" if unicode else "dice: 3, not rolled; kept: 4, yellow 6") in plain
    assert f"{names[-1]}'s dice: {'⚁' if unicode else '2'}" in plain  # a player's own die, named with the player
    for p, name in enumerate(names):
        expected = f"{p + 1} of stars, {SECRETS[p] if p == 1 else '1 face down'}"
        assert f"{name}'s hand: {expected}" in plain
    assert not any(SECRETS[p] in plain for p in range(players) if p != 1)  # no card face down is named
    assert "market: blue 3<, (empty), red pair" in plain and "pile: 23 face down" in plain
    assert re.search(r"north's tableau:\n +green +\| \(empty\) +\| face down\n +\(empty\) +\| blue", plain)
    scores = " ".join(line for line in lines if "scores:" in line or lines.index(line) > lines.index(
        next(x for x in lines if "scores:" in x)))  # fmt: skip
    assert all(f"{name} {2 if p == 0 else 0}" in scores for p, name in enumerate(names))
    assert all(visible_width(line) <= WIDTH for line in lines[3:])  # beneath the board: lines a terminal holds
    if unicode:  # each player's name in its symbol and colour
        r, g, b = (int(state.game.colours[3][i : i + 2], 16) for i in (1, 3, 5))
        assert f"\x1b[1;38;2;{r};{g};{b}m{state.game.symbols[3]}\x1b[0m {names[3]}'s hand" in text


def test_the_text_of_a_view_with_fewer_symbols_and_colours_than_players_names_them_all():
    # A plugin's view for six players with the four default symbols: the Unicode legend raised IndexError.
    class Six(Race):
        name = "six"
        player_count = 6

    view = attrs.evolve(Six.configure().start().view(), symbols=("●", "○"), colours=("#c0392b",))
    text = render_text(view, unicode=True)
    for name in Six.configure().player_names:
        assert f" {name}" in text
    assert "▲" in text and "◆" in text  # the symbols any game gets past the view's own
    assert ET.fromstring(render_svg(view, "six")) is not None


def test_card_texts_cannot_drive_the_terminal():
    class Hostile(Table):
        name = "hostile"

        def market(self, state):
            return (Cards("market", ("\x1b[2Jwiped", "\u202edesrever")),)

    text = render_text(Hostile.configure().start().view(), unicode=True)
    assert "\x1b[2J" not in text and "\\x1b[2Jwiped" in text and "\\u202edesrever" in text


# -- a 4-player game made from a 2-player one ------------------------------------


class LightDark(Race):
    name = "light_dark"
    player_names = ("white", "black")
    player_count = 2
    colours = ("#f5f5f5", "#111111")


def test_a_subclass_for_four_of_a_light_and_dark_game_gets_a_symbol_for_each():
    assert LightDark.symbols == ("○", "●")  # two players, one light, one dark: hollow and filled

    class Four(LightDark):
        name = "four"
        player_names = ("white", "black", "red", "blue")
        player_count = 4

    class Range(LightDark):
        name = "range"
        player_count = (2, 4)

    for game in (Four.configure(), Range.configure({"players": 4})):
        assert len(set(game.symbols)) == len(game.colours) == 4
        text = render_text(game.start().view(), unicode=True)
        legend = text.splitlines()[-1]
        for symbol, colour, name in zip(game.symbols, game.colours, game.player_names, strict=True):
            r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
            assert f"\x1b[1;38;2;{r};{g};{b}m{symbol}\x1b[0m {name}" in legend
        plain = render_text(game.start().view()).splitlines()[-1]
        assert all(re.search(rf"(^| )[A-Z] {name}( |$)", plain) for name in game.player_names), plain
    assert Four.symbols[:2] != ("○", "●") and Range.configure().symbols == ("○", "●")


# -- SVG ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 10])
@pytest.mark.parametrize("interactive", [True, False])
def test_the_svg_draws_dice_hands_cards_and_scores_each_named(players, interactive):
    state = table(players)
    view = state.seen_by(1).view()
    root = ET.fromstring(render_svg(view, "table", interactive=interactive))
    names = state.game.player_names
    sections = [e for e in root.iter() if "beside" in classes(e)]
    labels = [e.get("aria-label") for e in sections]
    # Each section is one image, named, with a title that says the same (as the squares have).
    assert all(e.get("role") == "img" and e.find(f"{SVG}title").text == e.get("aria-label") for e in sections)
    assert labels[:2] == ["dice: 3, not rolled; kept: 4, yellow 6", f"{names[-1]}'s dice: 2"]
    assert labels[2 : 2 + players] == [
        f"{name}'s hand: {p + 1} of stars, {SECRETS[p] if p == 1 else '1 card face down'}"
        for p, name in enumerate(names)
    ]
    assert labels[2 + players :] == [
        "market: blue 3<, empty place, red pair",
        "pile: 23 cards face down",
        "north's tableau: green, empty place, 1 card face down, empty place, blue, empty place",
        "scores: " + ", ".join(f"{name} {2 if p == 0 else 0}" for p, name in enumerate(names)),
    ]
    assert not any(SECRETS[p] in all_text(root) for p in range(players) if p != 1)  # face down: no name anywhere
    dice = sections[0]
    faces = [e for e in dice.iter(f"{SVG}rect") if "face" in classes(e)]
    pips = [e for e in dice.iter(f"{SVG}circle") if "pip" in classes(e)]
    assert len(faces) == 4 and len(pips) == 3 + 0 + 4 + 6  # as the words say them: rolled first, then kept
    assert [e.text for e in dice.iter(f"{SVG}text") if "caption" in classes(e)] == ["kept", "kept"]
    assert "#f1c40f" in {e.get("fill") for e in faces}  # the yellow die in its own colour
    pile = sections[2 + players + 1]
    assert [e.text for e in pile.iter(f"{SVG}text") if "count" in classes(e)] == ["×23"]
    scores = sections[-1]
    discs = {classes(e)[0]: e.get("fill") for e in scores.iter(f"{SVG}circle")}
    assert discs == {f"player-{name}": colour for name, colour in zip(names, state.game.colours, strict=True)}
    # The picture holds all of it: the view box reaches past every card and die.
    x0, y0, width, height = map(float, root.get("viewBox").split())
    for rect in (e for s in sections for e in s.iter(f"{SVG}rect")):
        x, y, w, h = (float(rect.get(a)) for a in ("x", "y", "width", "height"))
        assert x0 <= x and x + w <= x0 + width + 4 and y0 <= y and y + h <= y0 + height, rect.attrib
    if not interactive:
        assert root.find(f"{SVG}desc").text.endswith(labels[-1])  # the description says it too


def test_a_board_without_anything_beside_it_is_drawn_as_before():
    state = Race.configure({"players": 4}).start()
    assert not [e for e in ET.fromstring(render_svg(state.view())).iter() if "beside" in classes(e)]


def test_names_with_quotes_and_brackets_keep_the_svg_well_formed():
    view = attrs.evolve(
        table(4).view(),
        players=('no"rth', "<east>", "so&uth", "west'"),
        market=(Cards('ma"rket<', ('a "card" <b>', None)),),
        dice=(Die(3, colour='#fff" onload="x', name='ye"llow'),),
    )
    root = ET.fromstring(render_svg(view, "table", interactive=True))
    assert all("onload" not in e.attrib for e in root.iter())
    assert all(re.fullmatch(r"[a-z0-9_ -]+", e.get("class") or "x") for e in root.iter())
    assert 'ma"rket<: a "card" <b>, 1 card face down' in [e.get("aria-label") for e in root.iter()]


def test_in_chromium_the_sections_lie_inside_the_picture_and_apart(tmp_path: Path):
    svg = render_svg(table(10).seen_by(1).view(), "table", interactive=True)
    page = tmp_path / "table.html"
    page.write_text(f"<!doctype html><body style='margin:0'>{svg}")
    driver = headless_chromium(tmp_path / "profile")
    try:
        driver.get(page.as_uri())
        drawn = driver.execute_script(
            """const svg = document.querySelector('svg'); const v = svg.viewBox.baseVal;
            return {view: [v.x, v.y, v.width, v.height], boxes: [...svg.querySelectorAll('.beside')].map(e => {
              const b = e.getBBox();
              return [e.getAttribute('aria-label'), b.x, b.y, b.x + b.width, b.y + b.height];})};"""
        )
    finally:
        driver.quit()
    x0, y0, width, height = drawn["view"]
    boxes = drawn["boxes"]
    assert len(boxes) == 2 + 10 + 4
    for name, left, top, right, bottom in boxes:  # the text as the browser's font draws it
        assert x0 <= left and right <= x0 + width and y0 <= top and bottom <= y0 + height, name
    for i, (a, *one) in enumerate(boxes):
        for b, *other in boxes[i + 1 :]:
            apart = one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1] or other[3] <= one[1]
            assert apart, (a, b)


# -- JSON ---------------------------------------------------------------------------


def test_the_json_gives_dice_hands_cards_and_scores_from_the_view_it_is_called_on():
    state = table(4)
    names = list(state.game.player_names)
    east = state.seen_by(1).to_json()
    assert east["dice"][:2] == [
        {"value": 3, "faces": 3, "kept": False, "owner": None, "colour": "", "name": ""},
        {"value": 4, "faces": 6, "kept": True, "owner": None, "colour": "", "name": ""},
    ]
    assert east["dice"][3]["owner"] == "west"
    assert east["hands"] == {
        name: [f"{p + 1} of stars", SECRETS[p] if p == 1 else None] for p, name in enumerate(names)
    }
    assert east["market"][1] == {"name": "pile", "owner": None, "cards": [None] * 23, "columns": 0}
    assert east["market"][2]["owner"] == "north" and east["market"][2]["columns"] == 3
    assert east["scores"] == {"north": 2, "east": 0, "south": 0, "west": 0}
    assert all(card is None for card in (h[1] for h in state.seen_by(None).to_json()["hands"].values()))
    assert all(SECRETS[p] not in str(state.seen_by(1).to_json()) for p in (0, 2, 3))
    assert state.to_json()["hands"]["south"][1] == SECRETS[2]  # the whole state (a finished game's) shows all


def test_a_game_without_them_keeps_its_json_and_a_finished_one_its_final_scores():
    state = Race.configure({"players": 3}).start()
    data = state.to_json()
    assert not {"dice", "hands", "market"} & set(data) and data["scores"] is None
    while not state.is_over:
        state = state.play(state.legal_moves[0])
    assert state.to_json()["scores"] == dict(zip(state.game.player_names, state.outcome.scores, strict=True))


@pytest.mark.parametrize(
    ("method", "value", "said"),
    [
        ("dice", (3, 4), "dice(state) gave (3, 4), but the framework reads there a tuple of boardgames.Die"),
        ("dice", (Die(7),), "each value from -1, hidden, or 0, not rolled, to its faces"),
        ("hands", ("ace",), "hands(state) gave ('ace',)"),
        ("market", (("a",),), "a tuple of boardgames.Cards"),
        ("scores", (1, 2, 3, 4, 5), "each player's score, a tuple of numbers"),
    ],
)
def test_a_declaration_of_another_kind_is_one_clear_line(method, value, said):
    Bad = type("Bad", (Race,), {"name": "bad", method: lambda self, state: value})
    state = Bad.configure({"players": 4}).start()
    for call in (state.view, state.to_json):
        with pytest.raises(PluginError, match=re.escape(said)) as error:
            call()
        assert str(error.value).startswith("bad: ") and "\n" not in str(error.value)


def test_every_game_has_none_by_default():
    game = Race.configure()
    assert (game.dice(game.start()), game.hands(game.start()), game.market(game.start())) == ((), (), ())
    assert Game.scores(game, game.start()) == ()


# -- through the command line --------------------------------------------------------


def test_show_draws_them_in_text_and_svg(cli, tmp_path):
    with plugin(Hooks, "beside-under-test"):
        moves = "roll:2 a1 roll:3"
        run = cli("show", "open_table", "-o", "players=4", "--moves", moves)
        assert run.code == 0, run.err
        assert "dice: 3, not rolled; kept: 4, yellow 6" in run.out and "pile: 23 face down" in run.out
        assert "scores: north 2, east 0, south 0, west 0" in run.out
        run = cli("show", "open_table", "-o", "players=4", "--moves", moves, "--svg", str(tmp_path / "t.svg"))
        assert run.code == 0, run.err
        root = ET.parse(tmp_path / "t.svg").getroot()
        assert "pile: 23 cards face down" in [e.get("aria-label") for e in root.iter()]
        run = cli("show", "open_table", "-o", "players=4", "--moves", moves, "--json")
        assert run.code == 0, run.err
        assert '"hands"' in run.out and '"queen of spades"' in run.out  # no hidden information: every hand shown


def test_a_die_a_viewer_may_not_see_is_drawn_face_down_with_no_value():
    from boardgames import BoardView
    from boardgames.rendering.words import die_words

    class Hidden(Table):
        name = "hidden-die"

        def dice(self, state):
            return (Die(-1, owner=0), Die(4, owner=1))

    state = Hidden.configure({"players": 2}).start()
    view = state.view()
    assert isinstance(view, BoardView) and die_words(view, view.dice[0]) == "hidden"
    assert "hidden" in render_text(view) and "?" in render_text(view, unicode=True)
    assert ">?</text>" in render_svg(view) and ">-1<" not in render_svg(view)
