"""Hostile input to Donnant Donnant through the command line and records
(issues 39 and 40): typed moves, ``show --moves``, ``-o`` options, ``-o
cards=FILE`` (malformed, huge, binary, not UTF-8, a folder, missing) and
edited records (a chance outcome, a hidden part, a move for a seat not
asked). Each is one clear line and a non-zero exit (at ``play``'s prompt:
one line, and the game goes on), no traceback, nothing changed."""

from __future__ import annotations

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
