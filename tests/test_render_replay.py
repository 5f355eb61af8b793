"""Shared rendering (text and SVG) and replaying saved games."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest

import boardgames
from boardgames.rendering.svg import render_svg
from boardgames.rendering.text import render_text, wants_unicode
from helpers import layout

SVG = "{http://www.w3.org/2000/svg}"


def donuts_position():
    # b2 c2 d2: chocolate's insertion flips b2 and d2 (D6), c2 is the last move.
    game = boardgames.game_class("donuts").configure({"board": layout(b6="|", c2="|")})
    return game.replay("b6 b2 f2 d2 c2".split())


def verso_position():
    return boardgames.game_class("verso").configure({"size": 6}).replay("d4 e5 f6".split())


def test_ascii_cells_show_lines_pieces_last_move_flips_and_targets():
    text = render_text(donuts_position().view())
    assert text.isascii()
    row2 = next(line for line in text.splitlines() if line.startswith("  2 "))
    assert "(C-)" in row2 and "[C|]" in row2  # b2 flipped, c2 the last move
    assert text.count("*") == len(donuts_position().legal_moves) + 1  # the targets, and the legend
    assert text.splitlines()[0].split() == list("abcdef")


def test_unicode_cells_use_line_glyphs_and_colour():
    text = render_text(donuts_position().view(), unicode=True)
    for glyph in ("─", "│"):
        assert glyph in text
    assert "\x1b[" in text and "●" in text


def test_points_are_joined_by_lines():
    text = render_text(verso_position().view())
    assert "[L]" in text and "(L)" in text  # f6 placed, e5 flipped
    assert "*---*" in text and " |   |" in text  # every empty point is a target while placing
    quiet = attrs.evolve(verso_position().view(), targets=())  # no targets: the bare points show
    unicode = render_text(quiet, unicode=True)
    assert "┼" in unicode and "┌" in unicode and "○" in unicode


def test_plain_text_when_not_a_terminal_or_no_color(monkeypatch):
    class Tty:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_unicode(Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_unicode(Tty())
    monkeypatch.delenv("NO_COLOR")
    assert not wants_unicode(open(__file__))  # noqa: SIM115 - a file is not a terminal


@pytest.mark.parametrize("position", [donuts_position, verso_position])
def test_svg_parses_with_one_circle_per_piece(position):
    state = position()
    root = ET.fromstring(render_svg(state.view(), "a title"))
    assert root.tag == f"{SVG}svg"
    pieces = [c for c in root.iter(f"{SVG}circle") if "piece" in c.get("class", "").split()]
    assert len(pieces) == len(state.pieces())
    assert {c.get("data-square") for c in pieces} == set(state.pieces())
    for circle in pieces:
        owner = state.pieces()[circle.get("data-square")]
        assert owner in circle.get("class", "")
    assert len([c for c in root.iter(f"{SVG}circle") if c.get("class") == "last"]) == 1


def test_svg_of_donuts_draws_every_line_and_uses_the_game_colours():
    root = ET.fromstring(render_svg(donuts_position().view()))
    marks = [line for line in root.iter(f"{SVG}line") if line.get("class") == "mark"]
    assert len(marks) == 36
    colours = {c.get("stroke") for c in root.iter(f"{SVG}circle") if "piece" in c.get("class", "")}
    assert colours == {boardgames.game_class("donuts").colours[0]}  # all chocolate after the insertion


def test_show_writes_the_svg(cli):
    run = cli("show", "verso", "-o", "size=6", "--moves", "d4 e5 f6", "--svg", "pos.svg")
    assert run.code == 0
    root = ET.parse("pos.svg").getroot()
    assert len([c for c in root.iter(f"{SVG}circle") if "piece" in c.get("class", "")]) == 3
    run = cli("show", "verso", "--svg", "pos.svg/x.svg")  # pos.svg is a file, not a folder
    assert run.code != 0 and "cannot save the picture" in run.err


def test_the_play_loop_redraws_with_turn_reserves_and_flips(cli):
    board = layout(b6="|", c2="|")
    run = cli(
        "play",
        "donuts",
        "--players",
        "human,human",
        "-o",
        f"board={board}",
        input="b6\nb2\nf2\nd2\nc2\nquit\n",
    )
    assert run.code == 0
    assert "vanilla to move  (to place: chocolate 12, vanilla 13)" in run.out
    assert "the last move flipped: b2 d2" in run.out


# -- replay ----------------------------------------------------------------------


@pytest.fixture
def saved_game(cli) -> Path:
    cli(
        "play",
        "verso",
        "--players",
        "human,human",
        "-o",
        "size=6",
        input="d4\ne5\nf6\nsave game.json\nquit\n",
    )
    return Path("game.json")


def test_replay_to_n_prints_the_show_contract(cli, saved_game):
    for n, history in ((0, []), (2, ["d4", "e5"]), (3, ["d4", "e5", "f6xe5"])):
        run = cli("replay", str(saved_game), "--to", str(n), "--json")
        assert run.code == 0, run.err
        data = run.json()
        assert data["history"] == history and data["game"] == "verso" and data["options"]["size"] == 6
        shown = cli("show", "verso", "-o", "size=6", "--moves", " ".join(history), "--json").json()
        assert {k: v for k, v in data.items() if k != "seed"} == {k: v for k, v in shown.items() if k != "seed"}


def test_replay_steps_forward_back_and_jumps(cli, saved_game):
    run = cli("replay", str(saved_game), input="\nn\nb\n3\n0\nwhat\nq\n")
    assert run.code == 0
    steps = [line for line in run.out.splitlines() if line.startswith("-- after")]
    assert steps == [f"-- after {n} of 3 moves --" for n in (0, 1, 2, 1, 3, 0)]  # refused: not drawn again
    assert "'what' is not a step here." in run.out


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("not json", "not valid JSON"),
        ('{"format": "other"}', "not a boardgames record"),
        ('{"format": "boardgames-record", "version": 3}', "version 3"),
        (
            '{"format": "boardgames-record", "version": 1, "game": "go", "options": {}, "moves": [], "players": []}',
            "unknown game 'go'",
        ),
        (
            '{"format": "boardgames-record", "version": 1, "game": "verso", "options": {}, "moves": ["d4", "d4"],'
            ' "players": []}',
            "move 2",
        ),
    ],
)
def test_replay_of_a_broken_record_is_one_line(cli, content, needle):
    Path("bad.json").write_text(content)
    run = cli("replay", "bad.json", "--to", "0")
    assert run.code != 0 and run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and needle in run.err


def test_replay_past_the_end(cli, saved_game):
    run = cli("replay", str(saved_game), "--to", "9")
    assert run.code != 0 and "has 3 moves" in run.err


def test_saves_are_atomic_and_valid_json(cli):
    run = cli("play", "donuts", "--players", "human,human", "--seed", "1", input="c3\nsave a.json\nsave a.json\n")
    assert run.code == 0
    assert json.loads(Path("a.json").read_text())["history"] == ["c3"]
    assert not list(Path(".").glob(".*.tmp"))
