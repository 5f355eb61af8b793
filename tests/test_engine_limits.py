"""Issue #22, hardening against a hostile user: what is read is bounded
before it is parsed. Agent specs have a length; the engine protocol's lines
have a length on both sides, and an engine may not flood its controller; an
engine's processes all go when it is stopped; seeds have a number of digits;
and a spec written back reads back as the same spec."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import boardgames
from boardgames import InvalidAgentSpecError, Match, RecordError, WrongTypeError
from boardgames.agents.engine import LINE_LIMIT, UNASKED_LINES
from boardgames.agents.spec import BUDGET_OPTIONS, MAX_SPEC_LENGTH
from boardgames.plugins.registry import agents
from boardgames.rules.game import SEED_DIGITS

BOARDGAMES = [sys.executable, "-m", "boardgames"]
posix_only = pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")


def one_line(run, needle: str) -> None:
    """A refusal: a non-zero exit, one line on stderr saying ``needle``, nothing on stdout."""
    assert run.code != 0 and run.out == "", run
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert needle in run.err, run.err
    assert "Traceback" not in run.err and "internal error" not in run.err, run.err


# -- 1. agent specs are bounded before they are parsed ---------------------------------


def test_a_huge_agent_spec_is_refused_before_it_is_split(cli):
    spec = "engine:cmd='" + "a" * 1_000_000 + "'"
    with pytest.raises(InvalidAgentSpecError, match=r"at most 1,000 characters, got 1,000,013") as refused:
        boardgames.make_seat(spec)  # it took seconds of CPU to accept, splitting the command as a shell does
    assert len(str(refused.value).splitlines()) == 1 and len(str(refused.value)) < 200
    longest = "engine:cmd='" + "a" * (MAX_SPEC_LENGTH - 13) + "'"
    assert len(longest) == MAX_SPEC_LENGTH and boardgames.make_seat(longest).agent is not None
    one_line(cli("arena", "donuts", "--players", f"{spec},random", "--games", "1"), "at most 1,000 characters")


# -- 2. the engine protocol bounds its lines --------------------------------------------


def test_the_engine_answers_an_over_long_line_with_one_error_and_goes_on():
    lines = [
        b"x" * 10_000_000,  # never answered: the whole line was held, then split
        b"hello",
        b"hello " + b"x" * (LINE_LIMIT - 6),  # the longest line: read
        b"y" * (LINE_LIMIT + 1),
        "seed ²".encode(),  # a digit to str.isdigit, not to int(): was an internal error
        b"seed " + b"9" * 5001,
        b"seed --5",
        b"seed " + b"9" * SEED_DIGITS,
        b"seed -12",
        b"game donuts",
        b"legal",
        b"quit",
    ]
    done = subprocess.run(
        [*BOARDGAMES, "engine", "--agent", "random"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0 and done.stderr == b""
    answers = done.stdout.decode().splitlines()
    too_long = f"error a line has at most {LINE_LIMIT:,} bytes; the rest of this one was skipped"
    assert answers[0] == too_long
    assert answers[1].startswith("hello boardgames-engine 1 ")
    assert answers[2] == answers[1]
    assert answers[3] == too_long
    not_a_seed = f"error seed needs one whole number of at most {SEED_DIGITS} digits, got "
    assert answers[4] == not_a_seed + "'²'"
    assert answers[5].startswith(not_a_seed + "'999") and len(answers[5]) < 200
    assert answers[6] == not_a_seed + "'--5'"
    assert answers[7:10] == ["ok", "ok", "ok"]
    assert answers[10].startswith("legal a1")
    assert answers[11:] == ["bye"]


# -- 3. the engine agent bounds what it reads, and stops what its program started -------

HOSTILE = """
    import os, signal, sys, time

    mode, pids = sys.argv[1], sys.argv[2]
    with open(pids, "a") as f:
        f.write(f"{os.getpid()}\\n")
    for line in sys.stdin:
        command = line.split()[0] if line.split() else ""
        if command == "hello" and mode == "endless":
            while True:  # one line that never ends (slowly: to spare a controller that holds it all)
                sys.stdout.write("x" * 65536)
                sys.stdout.flush()
                time.sleep(0.002)
        if command == "hello":
            print("hello boardgames-engine 1 hostile 0 agent", mode, flush=True)
        elif command == "go":
            if mode == "hang":  # deaf to everything
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                time.sleep(600)
            print("move c3", flush=True)  # it moves first, on an empty board
            while mode == "flood":
                print("info still thinking")
        elif command == "quit":
            print("bye", flush=True)
            break
        else:
            print("ok", flush=True)
"""

FORKING = """
    import os, sys, time

    pids = sys.argv[1]
    child = os.fork()
    if child == 0:  # a helper it starts, and never stops
        os.closerange(0, 3)
        time.sleep(600)
        os._exit(0)
    with open(pids, "a") as f:
        f.write(f"{child}\\n")
    os.execv(sys.executable, [sys.executable, "-m", "boardgames", "engine", "--agent", "random"])
"""


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the system
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return stat.rpartition(")")[2].split()[0] != "Z"


def gone(pids: list[int], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def script(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return shlex.join([sys.executable, str(path)])


@posix_only
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("endless", f"the engine wrote a line longer than {LINE_LIMIT:,} bytes (asked 'hello')"),
        ("flood", f"the engine wrote more than {UNASKED_LINES} lines that no command asked for"),
    ],
)
def test_an_engine_that_writes_too_much_forfeits_and_is_stopped(tmp_path, monkeypatch, mode, reason):
    monkeypatch.setattr("boardgames.agents.engine.START_SECONDS", 3.0)  # what the old reader waited for
    pids = tmp_path / "pids"
    command = script(tmp_path, "hostile.py", HOSTILE) + f" {mode} {shlex.quote(str(pids))}"
    game = boardgames.game_class("donuts").configure(seed=1)
    # The engine moves first; while the other side thinks, a flooding engine writes on.
    match = Match(game, [f"engine:cmd={shlex.quote(command)}:time=0.1", "mcts:time=0.5"])
    match.run()
    assert match.forfeit is not None and match.forfeit.player == game.turn_order[0]
    assert match.forfeit.reason == reason
    engine = match.seats[game.turn_order[0]].agent
    assert engine is not None and engine.replies is not None
    assert len(engine.replies._lines) <= UNASKED_LINES  # what it holds is bounded
    assert gone([int(pid) for pid in pids.read_text().split()])


@posix_only
def test_what_an_engine_starts_is_stopped_when_the_arena_ends(tmp_path):
    pids = tmp_path / "pids"
    command = script(tmp_path, "forking.py", FORKING) + f" {shlex.quote(str(pids))}"
    try:
        done = subprocess.run(
            [*BOARDGAMES, "arena", "donuts", "--players", f"engine:cmd={shlex.quote(command)},random"]
            + ["--games", "2", "--jobs", "2", "--json"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        result = json.loads(done.stdout)
        assert result["games"] == 2 and not result["forfeits"]  # played to the end: the engine quit when told
        children = [int(pid) for pid in pids.read_text().split()]
        assert len(children) == 2
        assert gone(children), "the engine's children outlived the arena"
    finally:
        for pid in [int(p) for p in pids.read_text().split()] if pids.exists() else []:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


@posix_only
def test_ctrl_c_stops_the_engines_of_an_arena(tmp_path):
    pids = tmp_path / "pids"
    command = script(tmp_path, "hostile.py", HOSTILE) + f" hang {shlex.quote(str(pids))}"
    arena = subprocess.Popen(
        [*BOARDGAMES, "arena", "donuts", "--players", f"engine:cmd={shlex.quote(command)}:margin=600,random"]
        + ["--games", "4", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(pids.read_text().split() if pids.exists() else []) < 2:
            assert time.monotonic() < deadline, "the engines did not start"
            time.sleep(0.1)
        time.sleep(0.5)  # asked to move by now, and deaf
        os.killpg(arena.pid, signal.SIGINT)  # as the terminal sends it: not to the engines' own sessions
        out, err = arena.communicate(timeout=60)
        assert arena.returncode == 130, err
        assert gone([int(pid) for pid in pids.read_text().split()]), "an engine outlived the arena"
    finally:
        if arena.poll() is None:
            arena.kill()
        for pid in [int(p) for p in pids.read_text().split()] if pids.exists() else []:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


SETSID = """
    import os, shlex, subprocess, sys, time

    mode, pids = sys.argv[1], sys.argv[2]
    # A helper in a session of its own: it leaves the engine's process group. With
    # setsid -f it is forked again and its parent exits at once: an orphan from the start.
    helper = f"echo $$ >> {shlex.quote(pids)}; exec sleep 1000"
    setsid = ["setsid", "-f"] if mode == "crash" else ["setsid"]
    subprocess.Popen([*setsid, "sh", "-c", helper], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    while not os.path.exists(pids) or not open(pids).read().strip():
        time.sleep(0.01)
    if mode == "crash":
        os._exit(3)  # before the greeting: the controller stops what is left of it
    os.execv(sys.executable, [sys.executable, "-m", "boardgames", "engine", "--agent", "random"])
"""


@posix_only
@pytest.mark.skipif(not shutil.which("setsid") or not Path("/proc/self/environ").exists(), reason="setsid and /proc")
@pytest.mark.parametrize("mode", ["crash", "play"])
def test_a_helper_an_engine_starts_in_a_session_of_its_own_is_stopped_too(tmp_path, mode):
    """Issue 42: a process the engine starts with setsid leaves its process
    group, and so escaped the group's kill; it is now found (it carries the
    engine's mark in its environment) and killed, even once its parent exited."""
    pids = tmp_path / "pids"
    command = script(tmp_path, "setsid_engine.py", SETSID) + f" {mode} {shlex.quote(str(pids))}"
    game = boardgames.game_class("donuts").configure(seed=1)
    match = Match(game, [f"engine:cmd={shlex.quote(command)}", "random"])
    try:
        match.run()
        if mode == "crash":
            assert match.forfeit is not None and "ended before answering 'hello'" in match.forfeit.reason
        else:
            assert match.forfeit is None and match.state.is_over  # the engine was told quit, and stopped
        helpers = [int(pid) for pid in pids.read_text().split()]
        assert len(helpers) == 1
        assert gone(helpers), "the engine's helper in its own session outlived it"
    finally:
        for pid in [int(p) for p in pids.read_text().split()] if pids.exists() else []:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


# -- 4. seeds have at most SEED_DIGITS digits ---------------------------------------------


def test_a_huge_seed_is_refused_in_one_line_everywhere(cli):
    huge = "9" * 5001
    state = cli("show", "donuts", "--seed", "1", "--moves", "c3", "--json").json()
    text = json.dumps(state)
    Path("huge.json").write_text(text.replace('"seed": 1', f'"seed": {huge}'))
    Path("long.json").write_text(text.replace('"seed": 1', f'"seed": {10**SEED_DIGITS}'))
    Path("longest.json").write_text(text.replace('"seed": 1', f'"seed": {-(10**SEED_DIGITS - 1)}'))
    for command, stdin in (("replay {} --to 0", ""), ("play --load {}", "quit\n")):
        run = cli(*command.format("huge.json").split(), input=stdin)  # was an internal error of Python's int()
        one_line(run, "'huge.json': it holds a number of 5,001 characters")
        one_line(cli(*command.format("long.json").split(), input=stdin), f"at most {SEED_DIGITS} digits")
    assert cli("replay", "longest.json", "--json").json()["seed"] == -(10**SEED_DIGITS - 1)
    for command in (["show", "donuts"], ["play", "donuts"], ["arena", "donuts"], ["bench", "donuts"]):
        one_line(cli(*command, "--seed", huge), f"at most {SEED_DIGITS} digits")
        one_line(cli(*command, "--seed", str(10**SEED_DIGITS)), f"at most {SEED_DIGITS} digits")
    assert cli("show", "donuts", "--seed", str(1 - 10**SEED_DIGITS), "--json").json()["seed"] == 1 - 10**SEED_DIGITS
    for seed in (10**5000, -(10**SEED_DIGITS)):
        with pytest.raises(WrongTypeError, match=f"at most {SEED_DIGITS} digits"):
            boardgames.game_class("donuts").configure(seed=seed)
        with pytest.raises(RecordError, match=f"'seed': a seed is a whole number of at most {SEED_DIGITS} digits"):
            boardgames.load_state(state | {"seed": seed})


# -- 5. a spec written back reads back as the same ---------------------------------------


def budgets() -> list[tuple[str, str, float]]:
    cases = []
    for name, cls in agents.classes().items():
        for kind in cls.budget_kinds:
            option = BUDGET_OPTIONS[kind]
            for value in (option.minimum, option.maximum, 1_000_000, 0.123456789, 2.5):
                if option.minimum <= value <= option.maximum and (kind == "time" or value == int(value)):
                    cases.append((name, kind, value))
    return cases


@pytest.mark.parametrize(("name", "kind", "value"), budgets())
def test_every_budget_written_back_reads_back_the_same(name, kind, value):
    extra = ":cmd=run-it" if name == "engine" else ""
    seat = boardgames.make_seat(f"{name}:{kind}={value!r}{extra}")
    again = boardgames.make_seat(seat.spec)
    assert again.spec == seat.spec and again.budget == seat.budget
    assert getattr(seat.budget, kind) == value
