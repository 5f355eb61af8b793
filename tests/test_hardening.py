"""Nothing lost, nothing clobbered, no internal errors: each case of issue #9
(hardening play, saves, records and the CLI), named after it."""

from __future__ import annotations

import json
import os
import re
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

import boardgames
from boardgames import BoardgamesError, Move, RecordError, WrongTypeError
from boardgames.play.records import read_record
from boardgames.play.safe_files import TMP_SUFFIX, write_safely
from helpers import FIVE_BOARD, FIVE_MOVES

SCRIPT = str(Path(sys.executable).with_name("boardgames"))
PEOPLE = ("--players", "human,human", "--seed", "1")


def said_path(out: str, verb: str = "Saved") -> Path:
    found = re.search(rf"{verb} to (.+?)\. ", out)
    assert found, out
    return Path(found.group(1))


# -- data loss --------------------------------------------------------------------


def test_a_failed_save_does_not_disable_the_next(cli):
    run = cli("play", "donuts", "--players", "human,random", "--seed", "1", input="c3\nsave .\nquit\n")
    assert run.code == 0
    assert "cannot save the game to '.': it is a folder" in run.out
    path = said_path(run.out.split("Game stopped")[1])
    assert json.loads(path.read_text())["history"][0] == "c3"


def test_a_failed_save_keeps_the_last_good_path(cli):
    run = cli("play", "donuts", *PEOPLE, input="c3\nsave mine.json\nsave nowhere/x.json\nquit\n")
    assert "there is no folder 'nowhere'" in run.out
    assert said_path(run.out.split("Game stopped")[1]) == Path("mine.json")
    assert len(json.loads(Path("mine.json").read_text())["history"]) == 1


def test_a_finished_game_is_recorded_with_its_result_and_end_time(cli):
    board = ("-o", f"board={FIVE_BOARD}", "-o", "first=vanilla")
    run = cli("play", "donuts", "--players", "human,human", *board, input="\n".join(FIVE_MOVES.split()) + "\n")
    assert run.code == 0 and "vanilla wins: five in a row" in run.out
    path = said_path(run.out, "Recorded")
    assert f"Replay with: boardgames replay {path}" in run.out
    data = json.loads(path.read_text())
    assert data["status"] == "won" and data["winner"] == "vanilla" and data["finished"] and data["started"]
    replayed = cli("replay", str(path), "--json")
    assert replayed.json()["status"] == "won"


def test_a_loaded_game_that_ends_is_recorded_in_its_file(cli):
    board = ("-o", f"board={FIVE_BOARD}", "-o", "first=vanilla")
    moves = FIVE_MOVES.split()
    cli("play", "donuts", "--players", "human,human", *board, input="\n".join(moves[:-1]) + "\nsave g.json\n")
    run = cli("play", "--load", "g.json", input=moves[-1] + "\n")
    assert run.code == 0 and "Recorded to g.json" in run.out
    data = json.loads(Path("g.json").read_text())
    assert data["result"] == "vanilla wins: five in a row" and data["finished"] is not None


def test_computer_against_computer_games_are_recorded(cli):
    run = cli("play", "donuts", "--players", "random,random", "--seed", "3")
    record = read_record(said_path(run.out, "Recorded"))
    assert record.state.is_over and record.seats == ("random", "random")


# -- never destroy what sits at a path ------------------------------------------------


def test_a_save_through_a_symlink_writes_its_target(cli, tmp_path):
    Path("real.svg").write_text("<svg/>")
    Path("link.svg").symlink_to("real.svg")
    run = cli("show", "donuts", "--svg", "link.svg")
    assert run.code == 0 and Path("link.svg").is_symlink()
    assert "<circle" in Path("real.svg").read_text() or "<rect" in Path("real.svg").read_text()
    run = cli("play", "donuts", *PEOPLE, input="c3\nsave g.json\n")
    Path("g-link.json").symlink_to("g.json")
    cli("play", "--load", "g-link.json", input="quit\n")
    assert Path("g-link.json").is_symlink()


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "text file"])
def test_saving_never_replaces_a_device_a_folder_or_another_file(cli, kind):
    target = {"fifo": "pipe", "folder": "dir", "device": os.devnull, "text file": "notes.txt"}[kind]
    if kind == "fifo":
        os.mkfifo(target)
    elif kind == "folder":
        os.mkdir(target)
    elif kind == "text file":
        Path(target).write_text("my notes\n")
    before = os.lstat(target)
    run = cli("play", "donuts", *PEOPLE, input=f"c3\nsave {target}\n")
    assert "cannot save the game to" in run.out
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert cli("show", "donuts", "--svg", target).code == 1
    if kind == "text file":
        assert Path(target).read_text() == "my notes\n"


def test_files_get_the_usual_mode_and_a_replaced_file_keeps_its_own(tmp_path):
    old = os.umask(0o022)
    try:
        new = write_safely(tmp_path / "new.txt", "x")
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text("old")
        kept.chmod(0o600)
        write_safely(kept, "new")
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600 and kept.read_text() == "new"
    finally:
        os.umask(old)


def test_a_tilde_is_expanded_and_a_missing_folder_is_an_error(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    run = cli("play", "donuts", *PEOPLE, input="c3\nsave ~/g.json\nsave ~/no/such/g.json\n")
    assert (tmp_path / "g.json").exists() and not Path("~").exists()
    assert "there is no folder" in run.out and not (tmp_path / "no").exists()


def test_the_printed_resume_command_is_quoted_for_the_shell(cli):
    run = cli("play", "donuts", *PEOPLE, input="c3\nsave 'my game.json'\n")
    assert "Resume with: boardgames play --load 'my game.json'" in run.out
    assert Path("my game.json").exists()


def test_temporary_files_left_by_a_killed_save_are_cleaned_up(tmp_path):
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = tmp_path / f".game.json.{dead.pid}{TMP_SUFFIX}"
    stale.write_text("half a game")
    write_safely(tmp_path / "other.json", "{}")
    assert not stale.exists() and [p.name for p in tmp_path.iterdir()] == ["other.json"]


def test_kill_9_while_saving_leaves_nothing_the_next_save_keeps(tmp_path):
    code = (
        "import sys; from boardgames.play.safe_files import write_safely\n"
        "while True: write_safely(sys.argv[1], 'x' * 2_000_000)\n"
    )
    for _ in range(3):
        writer = subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "big.txt")])
        waited = 0.0
        while not (tmp_path / "big.txt").exists() and waited < 60:  # a loaded machine starts Python slowly
            time.sleep(0.05)
            waited += 0.05
        time.sleep(0.2)  # then killed in the middle of some later save
        writer.kill()
        writer.wait()
    write_safely(tmp_path / "next.txt", "ok")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.txt", "next.txt"]


# -- no internal errors, no hangs ----------------------------------------------------


@pytest.mark.parametrize("args", [["list"], ["agents"], ["rules", "donuts"], ["plugins"], ["show", "verso"]])
def test_a_closed_pipe_exits_quietly(args):
    reader = subprocess.Popen([SCRIPT, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()  # the reader went away before a line was written
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=60) in (0, 1)
    assert err == ""


def test_the_arena_refuses_a_human_seat(cli):
    run = cli("arena", "donuts", "--players", "human,random", "--games", "2")
    assert run.code == 1 and "'human' is a person" in run.err and "Traceback" not in run.err


@pytest.mark.parametrize(
    "spec", ["alphabeta:depth=1000000", "mcts:time=1e300", "mcts:iterations=0", "mcts:c=nan", "mcts:time=inf"]
)
def test_absurd_budgets_are_refused_with_their_range(cli, spec):
    run = cli("play", "donuts", "--players", f"{spec},random")
    assert run.code == 1 and run.out == ""
    assert len(run.err.splitlines()) == 1 and re.search(r"(from|finite) ", run.err)


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "0", "1e9"])
def test_bench_refuses_seconds_out_of_range(cli, seconds):
    run = cli("bench", "donuts", "--seconds", seconds)
    assert run.code == 2 and "from 0.05 to 600" in run.err


def test_one_ctrl_c_stops_the_arena_and_its_workers():
    arena = subprocess.Popen(
        [SCRIPT, "arena", "donuts", "--players", "mcts:iterations=3000,random", "--games", "40", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    time.sleep(3)
    os.killpg(arena.pid, signal.SIGINT)  # as the terminal sends it: to the whole group
    out, err = arena.communicate(timeout=30)
    assert arena.returncode == 130
    assert "Interrupted:" in err and "of 40 games were played" in err and "Traceback" not in err
    assert out.startswith("donuts: ")


def test_hostile_records_are_refused_in_one_line(cli):
    good = cli("show", "donuts", "--seed", "1", "--moves", "c3", "--json").json()
    cases = {
        "nested.json": "[" * 200_000 + "]" * 200_000,
        "players.json": json.dumps(
            {"format": "boardgames-record", "version": 1, **good, "moves": [], "players": [1, 2]}
        ),
        "seed-text.json": json.dumps(good | {"seed": "abc"}),
        "seed-float.json": json.dumps(good | {"seed": 1.5}),
        "seed-bool.json": json.dumps(good | {"seed": True}),
        "options.json": json.dumps(good | {"options": [1]}),
        "seats.json": json.dumps({"format": "boardgames-record", "version": 2, **good, "seats": {"x": 1}}),
    }
    for name, text in cases.items():
        Path(name).write_text(text)
    Path("zero.json").symlink_to("/dev/zero")
    os.mkfifo("fifo.json")
    os.mkdir("folder.json")
    Path("huge.json").write_text(" " * (9 * 1024 * 1024))
    for name in [*cases, "zero.json", "fifo.json", "folder.json", "huge.json"]:
        for args, stdin in ((["replay", name, "--to", "0"], ""), (["play", "--load", name], "quit\n")):
            run = cli(*args, input=stdin)
            assert run.code == 1 and run.out == "", (name, args, run)
            assert len(run.err.splitlines()) == 1, (name, run.err)
            assert "Traceback" not in run.err and "internal error" not in run.err, (name, run.err)
        if name in cases and name != "nested.json":
            with pytest.raises(RecordError):
                boardgames.load_state(json.loads(cases[name]))


def test_the_api_raises_its_own_errors_for_wrong_types():
    state = boardgames.game_class("donuts").configure(seed=1).start()
    for bad in (None, 123, 1.5, ("a", 1)):
        with pytest.raises(WrongTypeError):
            state.play(bad)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError):
        state.play(Move("a", 1))  # type: ignore[arg-type]
    with pytest.raises(boardgames.IllegalMoveError):
        state.play(Move(-1, 999, ()))
    with pytest.raises(boardgames.InvalidMoveError):
        state.format_move(Move(-1, 999, ()))
    with pytest.raises(WrongTypeError):
        state.parse_move(7)  # type: ignore[arg-type]
    for seed in ("x", "1", 1.5, True):
        with pytest.raises(WrongTypeError):
            boardgames.game_class("donuts").configure(seed=seed)  # type: ignore[arg-type]
        with pytest.raises(RecordError):
            boardgames.load_state(state.to_json() | {"seed": seed})
    with pytest.raises(WrongTypeError):
        boardgames.game_class("donuts").configure("first=vanilla")  # type: ignore[arg-type]
    for call in (
        lambda: boardgames.game_class(3),
        lambda: boardgames.make_seat(None),
        lambda: boardgames.load_state(3),
    ):
        with pytest.raises(BoardgamesError):
            call()  # type: ignore[no-untyped-call]
    assert issubclass(WrongTypeError, TypeError)


# -- smaller things a new user trips on --------------------------------------------------


def test_bare_boardgames_prints_the_help_and_exits_0(cli):
    run = cli()
    assert run.code == 0 and run.out.startswith("Usage: ") and "Commands:" in run.out and run.err == ""


def test_the_winning_line_is_shown_in_text_and_svg(cli):
    board = ("-o", f"board={FIVE_BOARD}", "-o", "first=vanilla")
    run = cli("show", "donuts", *board, "--moves", FIVE_MOVES)
    assert "<V|>" in run.out and "< > winning line" in run.out and "the winning line: a6 b6 c6 d6 e6" in run.out
    cli("show", "donuts", *board, "--moves", FIVE_MOVES, "--svg", "won.svg")
    assert Path("won.svg").read_text().count('class="winning"') == 5


def test_long_lines_fit_the_terminal_and_the_moves_are_not_repeated_whole(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    run = cli("play", "verso", "-o", "size=19", "--players", "human,human", "--seed", "1", input="quit\n")
    assert all(len(line) <= 80 for line in run.out.splitlines() if line.startswith(("legal", "moves")))
    assert "more (type 'moves')" in run.out
    moves = " ".join(f"{file}{rank}" for rank in range(1, 17, 2) for file in "as")  # 16 moves, nothing flips
    run = cli("play", "verso", "-o", "size=19", "-o", "pieces=20", *PEOPLE, "--moves", moves, input="quit\n")
    assert "moves: … 4 earlier a5 s5 a7" in run.out and "moves: a1" not in run.out
    assert run.out.count("s15\n") == 1  # the last move is on the line
    monkeypatch.setenv("COLUMNS", "40")  # too narrow for the last 12 moves: the latest are kept
    run = cli("play", "verso", "-o", "size=19", "-o", "pieces=20", *PEOPLE, "--moves", moves, input="quit\n")
    listed = next(line for line in run.out.splitlines() if line.startswith("moves:"))
    assert listed.endswith(" a15 s15") and "earlier" in listed and len(listed) <= 40


def test_the_pieces_to_place_leave_the_screen_in_the_moving_phase(cli):
    opening = "a1 e5 a2 e4"
    run = cli("show", "verso", "-o", "size=5", "-o", "pieces=2", "--moves", opening)
    assert "to place" not in run.out
    run = cli("show", "verso", "-o", "size=5", "-o", "pieces=2", "--moves", "a1")
    assert "to place: light 1, dark 2" in run.out


def test_show_svg_says_where_it_wrote_and_draws_no_board(cli):
    run = cli("show", "donuts", "--svg", "pos.svg")
    assert run.code == 0 and run.out.strip() == "Wrote the picture to pos.svg."
    run = cli("show", "donuts", "--svg", "pos.svg", "--json")
    assert run.json()["game"] == "donuts" and "Wrote the picture" in run.err


def test_the_rules_text_stands_alone(cli):
    for game in ("donuts", "verso"):
        assert "RULINGS.md" not in cli("rules", game).out


def test_help_explains_flip_notation_and_escape_sequences_are_ignored(cli):
    run = cli("play", "verso", *PEOPLE, input="help\n\x1b[17~\x1b[A\nquit\n")
    assert "Moves here look like: a1 places on a1." in " ".join(run.out.split())  # the start: placements only
    assert "is not a move" not in run.out and "\\x1b" not in run.out
    flips = "c2 e6 h1 g6 g3 a5 c3 b1 e4"  # now a placement may flip: its form is said, in Verso's word
    run = cli("play", "verso", *PEOPLE, "--moves", flips, input="help\nxyz\nquit\n")
    assert "d3xc2 (after each x, a square it also takes: flipped)" in " ".join(run.out.split())
    assert "'xyz' is not a move (moves here look like a1, d3xc2)" in run.out


def test_a_huge_option_value_is_refused_in_one_short_line(cli):
    run = cli("show", "verso", "-o", "size=" + "9" * 5000)
    assert run.code == 1 and len(run.err) < 200 and "has 5,000 characters, at most 1,000" in run.err
    run = cli("show", "donuts", "-o", "board=" + "-" * 100_000)
    assert run.code == 1 and len(run.err) < 200
