"""Issue 42: a record is data. Read back by any command, it never starts a
program its seats name (fault 1), and its text is shown as text: no control
character of it reaches the terminal (fault 7)."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames import InvalidAgentSpecError, Match
from boardgames.play.records import save_record
from boardgames.rendering.text import terminal_safe

MOVES = "a1 a2 b2 b1"
#: A seat that, were it seated, would leave a file behind in the current folder.
PWNED_SEAT = "engine:cmd='touch PWNED'"
#: A window title, a cleared screen, blinking, a C1 CSI, a right-to-left override.
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x1b[5mblink\x9b31m\u202eevil\u2066"
#: Any byte a terminal acts on: C0 (newline aside), DEL, C1, bidi controls.
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def record_file(folder: Path, seats: tuple[str, str], name: str = "game.json", **extra: object) -> Path:
    game = boardgames.game_class("donuts").configure(seed=1)
    data = Match(game.replay(MOVES.split())).record().to_json()
    data["seats"] = dict(zip(game.turn_order, seats, strict=True))
    return save_record(folder / name, {**data, **extra})


def refused(run) -> None:
    assert run.code != 0 and run.out.strip() == "", run
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert "runs a program" in run.err and "Traceback" not in run.err, run.err


# -- fault 1: a record never starts a program -------------------------------------------


def test_play_load_refuses_a_seat_that_runs_a_program(cli, tmp_path):
    path = record_file(tmp_path, (PWNED_SEAT, "human"))  # chocolate's to move: its program would start at once
    run = cli("play", "--load", str(path), input="quit\n")
    refused(run)
    assert "give the seats again with --players" in run.err
    assert not (tmp_path / "PWNED").exists()
    # --level replaces the seats as --players does: no program is run
    assert cli("play", "--load", str(path), "--level", "1", input="quit\n").code == 0  # the person moves first
    assert not (tmp_path / "PWNED").exists()


def test_a_finished_game_with_such_a_seat_is_shown_and_starts_nothing(cli, tmp_path):
    """Nobody moves again in a game that is over: its seats are never run, and it is read as any other."""
    path = record_file(tmp_path, (PWNED_SEAT, "human"), forfeit={"player": "chocolate", "reason": "crashed"})
    run = cli("play", "--load", str(path))
    assert run.code == 0 and "This game is over" in run.out, run
    assert Match.from_record(boardgames.read_record(path)).winner == "vanilla"
    assert not (tmp_path / "PWNED").exists()


def test_play_load_runs_the_program_when_the_seats_are_given_again(cli, tmp_path):
    path = record_file(tmp_path, ("human", PWNED_SEAT))
    engine = shlex.join([sys.executable, "-m", "boardgames", "engine", "--agent", "random"])
    run = cli("play", "--load", str(path), "--players", f"random,engine:cmd={shlex.quote(engine)}", input="")
    assert run.code == 0 and "Recorded to" in run.out, run
    path = record_file(tmp_path, ("human", PWNED_SEAT), name="again.json")
    run = cli("play", "--load", str(path), "--players", f"{PWNED_SEAT},human", input="")  # said so: it runs
    assert (tmp_path / "PWNED").exists() and "forfeits" in run.out, run  # (touch speaks no protocol)


@pytest.mark.parametrize("command", [("replay",), ("replay", "--to", "2"), ("replay", "--json"), ("review", "--json")])
def test_replay_and_review_read_such_a_record_and_start_nothing(cli, tmp_path, command):
    """They seat no agent (replay steps through the moves, review searches with
    its own): the seat is shown as the text it is, and nothing runs. An arena's
    games of an engine are recorded with its seat, and are replayed as any other."""
    path = record_file(tmp_path, ("human", PWNED_SEAT))
    extra = ("--budget", "iterations=10") if command[0] == "review" else ()
    run = cli(*command, str(path), *extra, input="q\n")
    assert run.code == 0, run
    assert not (tmp_path / "PWNED").exists()


def test_the_replay_prompt_shows_the_seat_as_text(cli, tmp_path):
    path = record_file(tmp_path, ("human", PWNED_SEAT))
    run = cli("replay", str(path), input="q\n")
    assert run.code == 0 and f"vanilla: {PWNED_SEAT}" in run.out, run
    assert not (tmp_path / "PWNED").exists()


def test_a_match_made_from_a_record_refuses_its_program_seats(tmp_path):
    record = boardgames.read_record(record_file(tmp_path, ("human", PWNED_SEAT)))
    with pytest.raises(InvalidAgentSpecError, match="runs a program; a saved game never starts one"):
        Match.from_record(record)
    assert Match.from_record(record, ["human", "random"]).seats["vanilla"].spec == "random"  # given anew: seated
    assert not (tmp_path / "PWNED").exists()


# -- fault 7: a record's text never reaches the terminal as control characters ---------


def hostile_review(cli, tmp_path: Path) -> Path:
    """A record with hostile seats whose saved review's free texts are hostile too."""
    path = record_file(tmp_path, (f"human{HOSTILE}", f"random{HOSTILE}"))
    assert cli("review", str(path), "--budget", "iterations=10", "--json").code == 0  # saves the review
    data = json.loads(path.read_text())
    data["review"]["budget"] = f"x{HOSTILE}"[:40]
    for ply in data["review"]["plies"]:
        ply["best"] = HOSTILE[:39]
        ply["line"] = [HOSTILE[:39]]
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    "command",
    [("replay",), ("review",), ("review", "--inaccuracy", "0.001", "--mistake", "0.001", "--blunder", "0.001")],
)
def test_replay_and_review_write_no_control_character_of_a_record(cli, tmp_path, command):
    path = hostile_review(cli, tmp_path)
    run = cli(*command, str(path), input="\n\n\nq\n")
    assert run.code == 0, run
    assert "\\x1b]0;owned\\x07" in run.out  # shown, escaped, as the text it is
    assert not CONTROL.search(run.out + run.err), repr(CONTROL.search(run.out + run.err))
    if "--blunder" in command:
        assert "best \\x1b" in run.out  # the saved best moves were shown, escaped


def test_an_error_quoting_a_file_writes_no_control_character(cli, tmp_path):
    path = record_file(tmp_path, ("human", "random"), game=f"donuts{HOSTILE}")
    run = cli("replay", str(path))
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1, run
    assert not CONTROL.search(run.err), run.err


def test_terminal_safe_escapes_controls_and_keeps_other_text():
    assert terminal_safe("a\x1b[2Jb\x07\x9b\u202e\n") == "a\\x1b[2Jb\\x07\\x9b\\u202e\\n"
    assert terminal_safe("é → ٥ ●", keep="\n") == "é → ٥ ●" and terminal_safe("a\nb", keep="\n") == "a\nb"
