"""Hostile input to Donnant Donnant through the command line and records
(issues 39 and 40): typed moves, ``show --moves``, ``-o`` options, ``-o
cards=FILE`` (malformed, huge, binary, not UTF-8, a folder, missing) and
edited records (a chance outcome, a hidden part, a move for a seat not
asked). Each is one clear line and a non-zero exit (at ``play``'s prompt:
one line, and the game goes on), no traceback, nothing changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def cli(*args: str, input: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames", *args], input=input, capture_output=True, text=True, cwd=cwd, timeout=300
    )


def one_line_refusal(run: subprocess.CompletedProcess[str]) -> str:
    assert run.returncode != 0 and run.stdout == "", (run.stdout, run.stderr)
    assert "Traceback" not in run.stderr and "internal error" not in run.stderr, run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


#: A Donnant deal (2 players): the market, north's four cards, east's, north first.
DEAL = (
    "draw:0 draw:1 draw:2 draw:3 draw:29 draw:30 draw:31 draw:32 draw:4 draw:5 draw:33 draw:34"
    " draw:6 draw:7 draw:35 draw:36 first:north"
)


@pytest.mark.parametrize(("game", "moves", "typed"), [("verso", "d4 e5", "e3"), ("donnant", DEAL, "putback:#4")])
def test_play_from_moves_goes_on_when_the_computer_replies(tmp_path, game, moves, typed):
    """`play --moves` then a move typed and the computer's reply: the reply is said (it was an
    IndexError, "position 3 of 3": the moves said were counted from the start, the positions from --moves)."""
    run = cli("play", game, "--seed", "1", "--moves", moves, "--players", "human,random",
              input=f"{typed}\nquit\n", cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0 and "internal error" not in run.stderr + run.stdout, run.stderr
    assert "(random): " in run.stdout and "Game stopped" in run.stdout and "illegal" not in run.stdout


@pytest.mark.parametrize(
    ("options", "why"),
    [
        (["players=5"], "option players: 5 is not a whole number from 1 to 4"),
        (["players=x"], "option players: expected a whole number, got 'x'"),
        (["players=1", "level=8"], "option level: 8 is not a whole number from 1 to 7"),
        (["level=2"], "option level: the level is for solo games (players=1)"),
        (["first=\x1b[31m"], "option first: '\\x1b[31m' is not random or one of north, east"),
        (["players"], "option 'players' is not NAME=VALUE"),
        (["hands=open"], "donnant has no option 'hands'"),
        (["cards=" + "a" * 5000], "has 5,000 characters, at most 1,000"),
    ],
)
def test_a_bad_option_is_one_line(options, why):
    """-o for show and play alike (these held): the option named, no escape sequence sent through."""
    for command in (["show", "donnant"], ["play", "donnant", "--players", "random,random"]):
        line = one_line_refusal(cli(*command, *(w for o in options for w in ("-o", o))))
        assert why in line and "\x1b[" not in line.replace("\\x1b[", ""), line


# -- -o cards=FILE (RULINGS DD2: the printed set loaded from a file) ------------------------------------------


def card_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Hostile card files, each with what its one line says."""
    (folder / "folder").mkdir()
    (folder / "malformed.txt").write_text("scoring yellow | 3y < . < 5\n")
    (folder / "binary.bin").write_bytes(bytes(range(256)) * 64)
    (folder / "latin1.txt").write_bytes("scoring jaune | 3y | neighbours 2 # é\n".encode("latin-1"))
    (folder / "huge.txt").write_text("# a comment\n" * 200_000)  # 2.4 MB, no card in it
    (folder / "long-line.txt").write_text("bonus blue | " + "1 " * 400_000 + "| adjust 3\n")
    (folder / "empty.txt").write_text("")
    os.mkfifo(folder / "pipe")  # nothing ever written: reading it would wait for ever
    return {
        "malformed": (folder / "malformed.txt", "malformed.txt:1: a card is 'KIND COLOUR | OBJECTIVE | EFFECT'"),
        "binary": (folder / "binary.bin", "not UTF-8 text"),
        "not UTF-8": (folder / "latin1.txt", "not UTF-8 text"),
        "huge": (folder / "huge.txt", "larger than 1,048,576 bytes"),
        "a long line": (folder / "long-line.txt", "long-line.txt:1: 400000 boxes: a card has at most 5"),
        "empty": (folder / "empty.txt", "0 scoring and 0 bonus cards; a set has 29 and 20 (DD1)"),
        "a folder": (folder / "folder", "Is a directory"),
        "missing": (folder / "missing.txt", "No such file or directory"),
        "a pipe": (folder / "pipe", "not a file (a device or a pipe)"),
        "a device": (Path("/dev/zero"), "not a file (a device or a pipe)"),  # endless: read whole, memory ran out
    }


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_hostile_card_file_is_one_line_for_every_command(tmp_path):
    """DD2: each file refused in one line that names it and says why, by show, play and rules alike;
    a pipe or a device is not read (it was: /dev/zero until memory ran out, a pipe for ever), and at most
    CARD_FILE_LIMIT bytes of a file are."""
    for what, (path, why) in card_files(tmp_path).items():
        for command in (["show", "donnant"], ["play", "donnant", "--players", "random,random"]):
            line = one_line_refusal(cli(*command, "-o", f"cards={path}", cwd=tmp_path))
            assert line.startswith(f"Error: option cards: {path}") and why in line, (what, line)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["folder", "malformed.txt", "binary.bin", "latin1.txt", "huge.txt", "long-line.txt", "empty.txt", "pipe"]
    )  # nothing written


def test_a_record_naming_a_card_file_that_is_a_device_is_refused_in_one_line(tmp_path):
    """A record is data: one whose options name /dev/zero as its card file is refused, read no further."""
    record = tmp_path / "game.json"
    run = cli("play", "donnant", "--seed", "5", "--players", "human,random", input="quit\n", cwd=tmp_path)
    assert run.returncode == 0
    (saved,) = tmp_path.glob("donnant-*.json")
    data = json.loads(saved.read_text())
    data["options"]["cards"] = "/dev/zero"
    record.write_text(json.dumps(data))
    before = record.read_bytes()
    for command in (["play", "--load"], ["replay"], ["review", "--as", "north"]):
        line = one_line_refusal(cli(*command, str(record), cwd=tmp_path))
        assert "option cards: /dev/zero: cannot read the card file: not a file" in line, line
    assert record.read_bytes() == before


# -- moves: show --moves and play's prompt ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("#" + "9" * 5000 + ">c3", "name a card by its number, as #17"),  # was "plugin 'donnant' failed: ValueError"
        ("putback:#" + "9" * 5000, "name a card by its number, as #17"),
        ("#33>c" + "2" * 5000, "is no Donnant Donnant move"),
        ("buy:score1+" + "y" * 5000, "is not a die (y, y=4) or a discount (less1)"),
        ("y" * 5000 + ">c3", "is no Donnant Donnant move"),
        ("putback:#7", "north must put back one of the four cards dealt (putback:#N); now: putback:#4"),
        ("roll:3", "is a chance outcome, but no chance event is due"),
        ("east:pass", "is no Donnant Donnant move"),
        ("?", "is no Donnant Donnant move"),
    ],
    ids=["long card number", "long put-back", "long place", "long buy", "long die", "another's card",
         "a roll", "a reveal", "a hidden move"],
)  # fmt: skip
def test_a_bad_move_is_one_short_line(typed, why):
    """The move said back is cut short (each of these lines was 5,000 to 10,000 characters long)."""
    line = one_line_refusal(cli("show", "donnant", "--seed", "1", "--moves", f"{DEAL} {typed}"))
    assert line.startswith("Error: move 18: ") and why in line and len(line) < 400, line


def test_bad_moves_typed_at_play_s_prompt_are_refused_and_the_game_goes_on(tmp_path):
    typed = ["#" + "9" * 5000 + ">c3", "buy:score1+" + "y" * 5000, "roll:3", "east:pass", "?", "\x1b[2Jputback:#1"]
    run = cli("play", "donnant", "--seed", "1", "--moves", DEAL, "--players", "human,random",
              input="\n".join([*typed, "putback:#4", "quit"]) + "\n", cwd=tmp_path)  # fmt: skip
    assert run.returncode == 0 and run.stderr == "", run.stderr
    answers = [line for line in run.stdout.splitlines() if line.startswith("north> ")]
    assert len(answers) >= len(typed) and all(len(line) < 400 for line in answers)
    assert "\x1b" not in run.stdout
    assert "putback:#4" in run.stdout and "Game stopped after 19 moves" in run.stdout  # the good move played


# -- records edited ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda h: h.__setitem__(0, "draw:15" if h[0] != "draw:15" else "draw:14"), "move 1 is a chance outcome other"),
        (lambda h: h.__setitem__(slice(8, 13, 4), [h[12], h[8]]), "move 9 is a chance outcome other"),
        (lambda h: h.__setitem__(9, "?"), "move 10: '?' is not an outcome"),
        (lambda h: h.extend(["putback:#3", "#13>c3"]), "move 20: illegal move '#13>c3' in donnant after 19 moves"),
    ],
    ids=["a chance outcome", "a card dealt to another (a hidden part)", "a hidden move", "a move for a seat not asked"],
)  # fmt: skip
def test_an_edited_record_is_refused_in_one_line_and_left_as_it_was(tmp_path, edit, why):
    run = cli("play", "donnant", "--seed", "5", "--players", "human,random", input="quit\n", cwd=tmp_path)
    assert run.returncode == 0
    (saved,) = tmp_path.glob("donnant-*.json")
    data = json.loads(saved.read_text())
    assert data["chance"] == "drawn"
    edit(data["history"])
    saved.write_text(json.dumps(data))
    before = saved.read_bytes()
    for command in (["play", "--load"], ["replay"], ["review", "--as", "north"]):
        assert why in one_line_refusal(cli(*command, str(saved), input="quit\n", cwd=tmp_path))
    assert saved.read_bytes() == before and len(list(tmp_path.iterdir())) == 1
