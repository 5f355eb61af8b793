"""The terminal as a demanding player tried it (issue 43): replay's jump,
quitting before a move, arena and ladder's progress, the legal squares'
colour on the board."""

from __future__ import annotations

import re


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
