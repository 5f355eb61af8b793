"""The terminal as a demanding player tried it (issue 43): replay's jump,
quitting before a move, arena and ladder's progress, the legal squares'
colour on the board."""

from __future__ import annotations

import json
import math
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import boardgames
from boardgames.rendering.text import render_text


def recorded_game(cli) -> str:
    """A finished game of Donuts between two random agents, recorded; its file."""
    run = cli("play", "donuts", "--players", "random,random", "--seed", "3")
    found = re.search(r"Replay with: boardgames replay (\S+)", run.out)
    assert run.code == 0 and found, run
    return found.group(1)


def positions_shown(out: str) -> list[int]:
    return [int(n) for n in re.findall(r"-- after (\d+) of \d+ moves --", out)]


def test_replay_jumps_as_its_help_and_the_readme_say(cli):
    path = recorded_game(cli)
    run = cli("replay", path, input="jump 10\nj 3\n7\nb\n\nstart\nend\nq\n")
    assert run.code == 0 and run.err == "", run
    total = int(re.search(r"after 0 of (\d+) moves", run.out).group(1))
    assert positions_shown(run.out) == [0, 10, 3, 7, 6, 7, 0, total], run.out
    assert "jump N" in run.out.splitlines()[0]  # the help names it


def test_replay_refuses_bad_steps_in_one_line_each(cli):
    path = recorded_game(cli)
    run = cli("replay", path, input="jump 99999\njump\njump ten\nfly\nhelp\nq\n")
    assert run.code == 0 and run.err == "" and "Traceback" not in run.out, run
    assert positions_shown(run.out) == [0]  # nothing moved, the position not drawn again
    lines = run.out.split("replay> ")[1:-1]
    assert len(lines) == 5 and all(line.count("\n") == 1 for line in lines), lines
    assert "'99999' is no move of this game: jump to a move from 0 to" in lines[0]
    assert lines[1].startswith("jump to which move?")
    assert "'ten' is no move of this game" in lines[2]
    assert "'fly' is not a step here." in lines[3] and "jump N" in lines[3]
    assert lines[4].startswith("Enter or n: next move")


# -- quitting before a move ---------------------------------------------------------------

PEOPLE = ("play", "donuts", "--players", "human,human", "--seed", "9")


def test_quit_or_end_of_input_before_any_move_writes_no_record(cli):
    for typed in ("quit\n", "", "help\nmoves\nq\n"):
        run = cli(*PEOPLE, input=typed)
        assert run.code == 0 and run.err == "", run
        assert "Game stopped before any move: nothing to save, no record written." in run.out, run.out
        assert "Saved to" not in run.out and "--load" not in run.out
        assert list(Path.cwd().iterdir()) == [], typed


def test_ctrl_c_before_any_move_writes_no_record(monkeypatch, capsys, tmp_path):
    import boardgames
    from boardgames.cli.play import TerminalGame
    from boardgames.play.match import Match

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.chdir(tmp_path)
    state = boardgames.game_class("donuts").configure(seed=2).start()
    assert TerminalGame(Match(state), read=interrupted).run() is state
    assert "no record written" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_after_a_move_quit_saves_as_before_and_a_loaded_game_is_not_written_again(cli):
    run = cli(*PEOPLE, input="c3\nquit\n")
    found = re.search(
        r"Game stopped after 1 move\.\nSaved to (\S+)\. Resume with: boardgames play --load (\S+)", run.out
    )
    assert run.code == 0 and found, run.out
    path = Path(found.group(1))
    assert json.loads(path.read_text())["history"] == ["c3"]
    os.utime(path, ns=(0, 0))  # a write would show
    again = cli("play", "--load", str(path), input="quit\n")
    assert again.code == 0 and path.stat().st_mtime_ns == 0, again
    assert f"nothing written, {path} holds it as it was" in again.out
    assert f"Resume with: boardgames play --load {path}" in again.out
    assert [p.name for p in Path.cwd().iterdir()] == [path.name]
    # a move played, then quit: written as before
    third = cli("play", "--load", str(path), input="d3\nquit\n")
    assert "Game stopped after 2 moves." in third.out and json.loads(path.read_text())["history"] == ["c3", "d3"]


# -- arena and ladder say how far they are ----------------------------------------------------


def on_a_terminal(args: list[str], cwd: Path, stream: str = "stderr", **env: str) -> tuple[int, str, str]:
    """Run ``boardgames ARGS`` with ``stream`` (stderr or stdout) a terminal (a
    pty), the other a pipe: its exit code, the pipe's text, and what the
    terminal was sent. ``env`` is added to the environment, NO_COLOR removed."""
    master, slave = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | env
    command = [sys.executable, "-m", "boardgames", *args]
    streams = (
        {"stdout": slave, "stderr": subprocess.PIPE}
        if stream == "stdout"
        else {"stdout": subprocess.PIPE, "stderr": slave}
    )
    proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, cwd=cwd, env=environment, **streams)
    os.close(slave)
    shown = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the program ended and closed the terminal
            break
        if not chunk:
            break
        shown += chunk
    os.close(master)
    piped = proc.stderr if stream == "stdout" else proc.stdout
    text = piped.read().decode() if piped else ""
    return proc.wait(timeout=60), text, shown.decode(errors="replace")


ARENA = ["arena", "donuts", "--players", "random,greedy", "--games", "4", "--jobs", "1", "--json"]
LADDER = ["ladder", "donuts", "--levels", "random,random,greedy,greedy,random,greedy", "--games", "2", "--jobs", "1"]


def test_arena_json_shows_a_bar_on_a_terminal_and_prints_only_the_json(tmp_path):
    code, out, shown = on_a_terminal(ARENA, tmp_path)
    assert code == 0, shown
    result = json.loads(out)  # stdout: the JSON alone
    assert result["games"] == 4 and result["players"][0]["spec"] == "random"
    assert "donuts: random vs greedy" in shown and "100%" in shown, shown


def test_ladder_shows_each_steps_bar_on_a_terminal(tmp_path):
    code, out, shown = on_a_terminal(LADDER, tmp_path)
    assert code == 0, shown
    for higher in range(2, 7):
        assert f"level {higher} over {higher - 1}" in shown, shown
    assert "Written to donuts-ladder.json." in out and "[#" not in out  # the bars are on stderr only


def test_piped_arena_and_ladder_say_how_far_they_are_at_a_modest_rate(cli, monkeypatch):
    import boardgames.cli.common as common

    monkeypatch.setattr(common, "PROGRESS_EVERY", math.inf, raising=False)  # a short run: nothing said
    quiet = cli(*ARENA)
    assert quiet.code == 0 and quiet.err == "", quiet
    monkeypatch.setattr(common, "PROGRESS_EVERY", 0.0, raising=False)  # every game past the interval: a line each
    told = cli(*ARENA)
    assert told.code == 0 and told.out == quiet.out  # the JSON unchanged
    assert told.err.splitlines() == [f"donuts: random vs greedy: {n} of 4 games" for n in range(1, 5)]
    ladder = cli(*LADDER)
    assert ladder.code == 0, ladder
    lines = ladder.err.splitlines()
    assert len(lines) == 10 and lines[:2] == ["  level 2 over 1: 1 of 2 games", "  level 2 over 1: 2 of 2 games"]
    assert lines[-1] == "  level 6 over 5: 2 of 2 games"


# -- the legal squares on the terminal's board ----------------------------------------------------

LEGAL = "\x1b[1;30;42m•\x1b[0m"  # bold, black on green (LEGAL_SGR): the 16 colours every colour terminal has
SHOW = ["show", "donuts", "--seed", "7", "--moves", "a1 a2"]


def test_the_legal_squares_are_on_green_and_the_legend_names_them():
    state = boardgames.game_class("donuts").configure(seed=7).replay(["a1", "a2"])
    targets = len(state.view().targets)
    coloured = render_text(state.view(), unicode=True)
    assert coloured.count(LEGAL) == targets + 1 > 1  # each legal square, and the legend's marker
    assert coloured.splitlines()[-1].endswith(f"{LEGAL} legal move (on green)")
    plain = render_text(state.view())
    assert "\x1b" not in plain and plain.count("*") == targets + 1 and plain.splitlines()[-1].endswith("* legal")


def test_a_colour_terminal_shows_the_legal_squares_on_green_and_no_color_or_a_pipe_does_not(tmp_path, cli):
    legal = len(boardgames.game_class("donuts").configure(seed=7).replay(["a1", "a2"]).legal_moves)
    code, _, shown = on_a_terminal(SHOW, tmp_path, stream="stdout")
    assert code == 0 and shown.count(LEGAL) == legal + 1, shown
    assert "legal move (on green)" in shown
    code, _, shown = on_a_terminal(SHOW, tmp_path, stream="stdout", NO_COLOR="1")
    assert code == 0 and "\x1b" not in shown and "* legal" in shown, shown
    piped = subprocess.run([sys.executable, "-m", "boardgames", *SHOW], capture_output=True, text=True, cwd=tmp_path)
    assert piped.returncode == 0 and "\x1b" not in piped.stdout and piped.stdout.count("*") == legal + 1
    played = cli("play", "donuts", "--players", "human,human", "--seed", "7", input="a1\nquit\n")  # not a terminal
    assert "\x1b" not in played.out and "* legal" in played.out


# -- the computer by default -----------------------------------------------------------------


def test_play_faces_the_level_the_page_offers_first():
    """The page selects a level in its lobby (core/web/static/app.js); the terminal's default is the same."""
    from boardgames.cli.play import DEFAULT_LEVEL, default_seats
    from boardgames.play.levels import level_spec

    page = (Path(boardgames.__file__).parent / "web" / "static" / "app.js").read_text()
    chosen = re.findall(r"new Option\(level\.name, level\.spec, false, level\.level === (\d+)\)", page)
    assert chosen == [str(DEFAULT_LEVEL)], "the page's default level moved: make play's DEFAULT_LEVEL agree"
    for name in ("donuts", "verso"):
        game = boardgames.game_class(name)
        assert default_seats(game) == f"human,{level_spec(game, DEFAULT_LEVEL)}"
