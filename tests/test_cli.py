"""The command line as people and scripts use it."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import boardgames
from boardgames.play.levels import level_spec, levels, strongest
from boardgames.play.records import parse_record
from helpers import layout

FIVE_BOARD = layout(a6="|", b6="|", c6="|", d6="|", e6="|", a5="/", b5="/", c5="/", d5="/")
FIVE_MOVES = "a6 a5 b6 b5 c6 c5 d6 d5 e6"  # vanilla first: vanilla wins on rank 6
PLAY_FIVE = ("play", "donuts", "--players", "human,human", "-o", f"board={FIVE_BOARD}", "-o", "first=vanilla")


def test_list_one_line_per_game(cli):
    run = cli("list")
    assert run.code == 0
    assert any(re.match(r"donuts +Donuts \(2 players\): ", line) for line in run.out.splitlines())


def test_rules_cite_every_ruling_and_option(cli):
    run = cli("rules", "donuts")
    assert run.code == 0
    for ruling in ("D1", "D2", "D3", "D4", "D5", "D6", "D7", "D8"):
        assert ruling in run.out
    assert "board:" in run.out and "first:" in run.out and "default: chocolate" in run.out


def test_show_text_draws_lines_pieces_and_status(cli):
    run = cli("show", "donuts", "-o", f"board={layout(c3='|')}", "--moves", "c3")
    assert run.code == 0
    assert "[C|]" in run.out  # the last move, bracketed, with its square's line
    assert "vanilla to move" in run.out and "chocolate 14, vanilla 15" in run.out
    assert "legal: c1 c2 c4 c5 c6" in run.out


def test_show_json_has_the_whole_contract(cli):
    run = cli("show", "donuts", "--seed", "4", "--moves", "", "--json")
    state = run.json()
    for key in (
        "game",
        "options",
        "players",
        "to_move",
        "status",
        "winner",
        "pieces",
        "legal_moves",
        "history",
    ):
        assert key in state
    assert state["options"]["first"] == "chocolate" and len(state["options"]["board"].split()) == 6
    assert state["seed"] == 4
    assert run.err == ""


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["show", "chess"], "unknown game 'chess'"),
        (["show", "donuts", "-o", "size=8"], "no option 'size'"),
        (["show", "donuts", "-o", "first"], "not NAME=VALUE"),
        (["show", "donuts", "-o", "board=---"], "got 3"),
        (["show", "donuts", "--seed", "x"], "'x' is not a valid integer"),
        (["show", "donuts", "--nope"], "No such option"),
        (["show", "donuts", "--moves", "a1 a1", "--json"], "move 2"),
        (["show", "donuts", "--moves", "a1 zz9", "--json"], "move 2: 'zz9' is not a move"),
        (["show", "donuts", "--moves", "a1 a9", "--json"], "move 2: 'a9' is off the board"),
        (["rules"], "Missing argument 'GAME'"),
        (["frobnicate"], "No such command"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_nothing_on_stdout(cli, args, needle):
    run = cli(*args)
    assert run.code != 0
    assert run.out == ""
    assert len(run.err.strip().splitlines()) == 1, run.err
    assert needle in run.err
    assert "Traceback" not in run.err


def test_play_a_whole_game_between_two_people(cli):
    typed = "\n".join(FIVE_MOVES.split()) + "\n"
    run = cli(
        *PLAY_FIVE,
        input=typed,
    )
    assert run.code == 0, run.err
    assert "vanilla wins: five in a row" in run.out
    assert run.out.count("vanilla> ") == 5 and run.out.count("chocolate> ") == 4


def test_play_reprompts_on_bad_input_and_supports_commands(cli):
    typed = "\n".join(["a6", "zz", "b4", "a6", "help", "moves", "a5", "undo", "a4", "quit"]) + "\n"
    run = cli(
        *PLAY_FIVE,
        "--seed",
        "3",
        input=typed,
    )
    assert run.code == 0
    out = run.out
    assert "'zz' is not a move" in out
    assert "illegal move 'b4'" in out and "vertical line through a6" in out
    assert "'a6'" in out and "taken by vanilla" in out
    assert "undo    take back your last move" in out
    assert "a1 a2 a3 a4 a5" in out  # the legal moves, after 'moves'
    # After undo, a4 replaced a5; quit prints the command that resumes the game.
    assert "Game stopped after 2 moves" in out
    assert saved_moves(out) == ["a6", "a4"]


def saved(out: str) -> dict:
    """The record a stopped game says it saved ("Saved to FILE. Resume with: ...")."""
    found = re.search(r"Saved to (\S+)\. Resume with: boardgames play --load (\S+)", out)
    assert found and found.group(1) == found.group(2), out
    return json.loads(Path(found.group(1)).read_text())


def saved_moves(out: str) -> list[str]:
    return saved(out)["history"]


def test_play_end_of_input_saves_the_game_and_says_where(cli):
    run = cli("play", "donuts", "--players", "human,human", "--seed", "9", input="c3\n")
    assert run.code == 0
    assert "Game stopped after 1 move." in run.out
    record = saved(run.out)
    assert record["history"] == ["c3"] and list(record["seats"].values()) == ["human", "human"] and record["seed"] == 9
    assert record["result"] is None and record["format"] == "boardgames-record"


def test_a_saved_game_resumes_where_it_stopped(cli):
    first = cli("play", "donuts", "--players", "human,human", "--seed", "9", input="c3\nsave mine.json\n")
    assert "Saved to mine.json" in first.out
    state = cli("show", "donuts", "--seed", "9", "--moves", "c3", "--json").json()
    again = cli("play", "--load", "mine.json", input=state["legal_moves"][0] + "\n")
    assert again.code == 0, again.err
    assert f"moves: c3 {state['legal_moves'][0]}" in again.out
    assert saved_moves(again.out) == ["c3", state["legal_moves"][0]]  # saved back to mine.json
    assert json.loads(Path("mine.json").read_text())["history"] == ["c3", state["legal_moves"][0]]


@pytest.mark.parametrize(
    ("content", "needle"),
    [("{oops", "not valid JSON"), ('{"format": "boardgames-record", "version": 7}', "version 7")],
)
def test_play_load_of_a_broken_record_is_one_line(cli, content, needle):
    Path("bad.json").write_text(content)
    run = cli("play", "donuts", "--load", "bad.json")
    assert run.code != 0 and run.out == "" and len(run.err.strip().splitlines()) == 1 and needle in run.err
    run = cli("play", "donuts", "--load", "missing.json")
    assert run.code != 0 and "cannot read" in run.err


def test_help_reads_well(cli):
    run = cli("--help")
    assert run.code == 0 and "boardgames play donuts" in run.out
    run = cli("show", "--help")
    assert "-o, --option NAME=VALUE" in run.out and "--json" in run.out


def test_python_dash_m_and_console_script():
    module = subprocess.run([sys.executable, "-m", "boardgames", "list"], capture_output=True, text=True, timeout=60)
    assert module.returncode == 0 and "donuts" in [line.split()[0] for line in module.stdout.splitlines()]
    script = Path(sys.executable).with_name("boardgames")  # installed beside this Python
    shown = subprocess.run(
        [str(script), "show", "donuts", "--seed", "1", "--json"], capture_output=True, text=True, timeout=60
    )
    assert json.loads(shown.stdout)["game"] == "donuts"


def test_list_shows_the_built_in_games(cli):
    assert [line.split()[0] for line in cli("list").out.splitlines()] == ["donnant", "donuts", "verso"]


def test_verso_rules_cite_every_ruling_and_option(cli):
    run = cli("rules", "verso")
    for ruling in ("V1", "V2", "V3", "V4", "V5", "V6", "V7"):
        assert ruling in run.out
    for option in ("size:", "pieces:", "flip:", "max_moves:"):
        assert option in run.out


def test_play_verso_asks_which_flip_and_where_to_move(cli):
    # Placing: g7 imprisons e5 and f6, so the game asks which flips.
    typed = "d4\ne5\na1\nf6\ng7\n2\nquit\n"
    run = cli("play", "verso", "--players", "human,human", input=typed)
    assert "Which flips? 1) g7xe5  2) g7xf6" in run.out
    assert saved_moves(run.out) == ["d4", "e5", "a1", "f6", "g7xf6"]
    # A bad answer plays nothing and the prompt comes back.
    run = cli("play", "verso", "--players", "human,human", input="d4\ne5\na1\nf6\ng7\nzz\nquit\n")
    assert "'zz' is none of those" in run.out and saved_moves(run.out) == ["d4", "e5", "a1", "f6"]


def test_play_verso_moving_phase_to_the_end(cli):
    # Moving phase on a small board: a piece alone asks where to; a step with
    # its destination plays at once; a diagonal step is refused with why.
    typed = "\n".join(["a1", "e5", "a2", "e4", "a2", "b2", "e4-d3", "e4-d4", "b2-c2", "quit"]) + "\n"
    run = cli("play", "verso", "--players", "human,human", "-o", "size=5", "-o", "pieces=2", input=typed)
    assert "Move a2 where? 1) a2-a3  2) a2-b2" in run.out
    assert "never diagonally" in run.out
    assert saved_moves(run.out) == "a1 e5 a2 e4 a2-b2 e4-d4 b2-c2".split()
    # The shuttle repeats the position a third time: a draw, and the loop ends.
    shuttle = "a1 e5 a1-a2 e5-e4 a2-a1 e4-e5 a1-a2 e5-e4 a2-a1 e4-e5".split()
    run = cli(
        "play",
        "verso",
        "--players",
        "human,human",
        "-o",
        "size=5",
        "-o",
        "pieces=1",
        input="\n".join(shuttle) + "\n",
    )
    assert run.code == 0 and "draw: the same position for the third time" in run.out


def test_play_ctrl_c_stops_like_quit(monkeypatch, capsys, tmp_path):
    import boardgames
    from boardgames.cli.play import TerminalGame
    from boardgames.play.match import Match

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.chdir(tmp_path)
    state = boardgames.game_class("donuts").configure(seed=2).replay(["c3"])
    assert TerminalGame(Match(state), read=interrupted).run() is state
    out = capsys.readouterr().out
    assert "Game stopped after 1 move." in out and saved_moves(out) == ["c3"]


def test_play_against_the_computer_with_hint_and_undo(cli):
    typed = "c3\nhint\nundo\nquit\n"
    run = cli("play", "donuts", "--seed", "5", "--players", "human,mcts:iterations=50", input=typed)
    assert run.code == 0
    out = run.out
    assert "vanilla (mcts:iterations=50) is thinking..." in out
    assert "2. vanilla (mcts:iterations=50): " in out
    assert f"hint ({strongest(boardgames.game_class('donuts'))}): " in out  # the strongest level
    # undo takes back the computer's reply and the person's move: back to the start.
    assert "Game stopped after 0 moves" in out


def test_computer_against_computer_prints_the_moves_and_is_repeatable(cli):
    args = ("play", "donuts", "--seed", "8", "--players", "random,mcts:iterations=30")
    first, second = cli(*args), cli(*args)
    moves = [out.rpartition("Recorded to ")[0] for out in (first.out, second.out)]
    assert first.code == 0 and moves[0] == moves[1] and moves[0]
    assert "1. chocolate (random): " in first.out
    assert "wins" in first.out or "draw" in first.out
    assert "is thinking" not in first.out


def test_bad_player_specs_are_one_line(cli):
    run = cli("play", "donuts", "--players", "mtcs,random")
    assert run.code != 0 and len(run.err.strip().splitlines()) == 1
    assert "unknown agent 'mtcs'" in run.err and "mcts (time=X, iterations=N" in run.err
    run = cli("play", "donuts", "--players", "mcts:depth=3,random")
    assert "mcts takes no parameter 'depth'" in run.err
    run = cli("play", "donuts", "--players", "alphabeta:depth=zero,random")
    assert "expected a whole number" in run.err


def test_play_needs_a_game_or_a_saved_one(cli):
    run = cli("play")
    assert run.code == 2 and "Missing argument 'GAME' (or --load FILE)" in run.err
    cli("play", "verso", "--players", "human,human", input="d4\nsave v.json\n")
    run = cli("play", "donuts", "--load", "v.json")
    assert run.code != 0 and "holds a game of verso, not donuts" in run.err


def test_play_at_a_level_seats_that_levels_agent(cli):
    game = boardgames.game_class("donuts")
    run = cli("play", "donuts", "--seed", "5", "--level", "1", input="c3\nquit\n")
    assert run.code == 0 and f"vanilla ({level_spec(game, 1)}) is thinking..." in run.out
    for bad, message in (("0", "0 is not in the range 1<=x<=6"), ("7", "7 is not in the range")):
        run = cli("play", "donuts", "--level", bad)
        assert run.code == 2 and message in run.err
    run = cli("play", "donuts", "--level", "2", "--players", "human,random")
    assert run.code == 2 and "--players or --level, not both" in run.err


def test_the_agents_listing_shows_each_games_levels(cli):
    out = cli("agents").out
    # play's default, hint's strongest
    assert "Levels (play GAME --level N; play's opponent is level 4, hints level 6)" in out
    for game in boardgames.registered_games().values():
        for number, spec in enumerate(levels(game), start=1):
            assert re.search(rf"^    {number} \w+ +{re.escape(spec)}$", out, re.M), spec


# -- clocks -------------------------------------------------------------------------


class TimedInput(io.StringIO):
    """Typed lines, each after its delay on the clocks' fake time (no sleeping)."""

    def __init__(self, lines: list[tuple[float, str]], now: list[float]) -> None:
        super().__init__()
        self.lines, self.now = list(lines), now

    def readline(self, size: int | None = -1) -> str:
        if not self.lines:
            return ""
        delay, text = self.lines.pop(0)
        self.now[0] += delay
        return text + "\n"


@pytest.fixture
def timed_cli(cli, monkeypatch):
    """``timed_cli(args, [(seconds, line), ...])``: the CLI with a fake time source for its clocks."""
    import boardgames.play.clock

    now = [1_000_000.0]
    monkeypatch.setattr(boardgames.play.clock, "time_source", lambda: now[0])

    def run(args: tuple[str, ...], lines: list[tuple[float, str]]):
        done = cli(*args, input=TimedInput(lines, now))
        return done.code, done.out, done.err

    run.now = now  # type: ignore[attr-defined]
    return run


def test_play_with_a_clock_shows_each_sides_time_and_records_it(timed_cli):
    typed = [(0, "a6"), (0, "a5"), (30, "b6"), (10, "b5"), (12.5, "quit")]
    code, out, err = timed_cli((*PLAY_FIVE, "--clock", "1+2"), typed)
    assert code == 0, err
    prompts = re.findall(r"\((vanilla \S+, chocolate \S+)\) (\w+)> ", out)
    assert prompts == [
        ("vanilla 1:00, chocolate 1:00", "vanilla"),  # each side's first move is free
        ("vanilla 1:00, chocolate 1:00", "chocolate"),
        ("vanilla 1:00, chocolate 1:00", "vanilla"),  # vanilla's clock runs from here: 30 s, 2 s back
        ("vanilla 0:32, chocolate 1:00", "chocolate"),
        ("vanilla 0:32, chocolate 0:52", "vanilla"),
    ]
    record = saved(out)
    assert record["clock"] == {
        "limit": 60,
        "increment": 2,
        "times": [60, 60, 32, 52],
        "flagged": None,
        "since": 1_000_040.0,
        "saved": 1_000_052.5,
    }
    # Resumed, the clocks go on from what each had at the save (the time in the file does not count).
    timed_cli.now[0] += 3600
    code, out, err = timed_cli(("play", "--load", re.search(r"--load (\S+)", out)[1]), [(5, "c6"), (0, "quit")])
    assert code == 0, err
    assert "(vanilla 0:19, chocolate 0:52) vanilla> " in out  # 12.5 s of vanilla's before the save
    assert saved(out)["clock"]["times"] == [60, 60, 32, 52, 16.5] and "wins on time" not in out


def test_a_move_typed_after_the_time_ran_out_loses_on_time(timed_cli):
    typed = [(0, "a6"), (0, "a5"), (59, "b6"), (0, "b5"), (4, "c6")]
    code, out, err = timed_cli((*PLAY_FIVE, "--clock", "1"), typed)
    assert code == 0, err
    assert "(vanilla 0:01.0, chocolate 1:00) vanilla> " in out
    assert "chocolate wins on time: vanilla's time ran out" in out
    record = json.loads(Path(re.search(r"Recorded to (\S+)\.", out)[1]).read_text())
    assert record["history"] == "a6 a5 b6 b5".split()  # c6, typed too late, was not played
    assert record["clock"]["flagged"] == "vanilla" and record["forfeit"]["player"] == "vanilla"
    assert record["clock"]["times"] == [60, 60, 1, 60]
    resumed = boardgames.Match.from_record(parse_record(record))
    assert resumed.is_over and resumed.result_text() == "chocolate wins on time: vanilla's time ran out"


@pytest.mark.parametrize(
    ("value", "needle"),
    [("0", "more than 0"), ("abc", "MINUTES+SECONDS"), ("5+601", "600 seconds"), ("181", "180 minutes"), ("", "")],
)
def test_bad_clock_values_are_one_line(cli, value, needle):
    run = cli("play", "donuts", "--players", "human,human", "--clock", value)
    assert run.code == 2 and run.out == "" and len(run.err.strip().splitlines()) == 1 and needle in run.err
    assert "--clock" in run.err


def test_a_loaded_game_keeps_its_own_clock(cli):
    cli("play", "donuts", "--players", "human,human", "--seed", "9", input="c3\nsave mine.json\n")
    run = cli("play", "--load", "mine.json", "--clock", "5+3")
    assert run.code == 2 and "--clock come from the saved game" in run.err


def test_a_piece_with_one_move_is_moved_without_a_question(cli):
    # Verso's moving phase: the piece on c5 has one step; typing its square plays it, as a click on the page does.
    run = cli("play", "verso", "-o", "size=5", "-o", "pieces=3", "--players", "human,human", "--moves",
              "c3 c5 a2 b5 e1 d5 c3-d3", input="c5\nquit\n")  # fmt: skip
    assert run.code == 0, run.err
    assert "where?" not in run.out and "c3-d3 c5-c4" in run.out


@pytest.mark.parametrize("text", ["٥+٣", "５+3", "5+٣", "5\u2003+3"])
def test_a_clock_in_other_digits_is_refused_in_one_line(cli, text):
    """Issue 42: ``--clock ٥+٣`` (Arabic-Indic digits, read by Python's float) played a timed game."""
    run = cli("play", "donuts", "--players", "random,random", "--seed", "1", "--clock", text)
    assert run.code == 2 and run.out == "", run
    assert "digits 0-9" in run.err and "Traceback" not in run.err, run.err
    assert not list(Path.cwd().glob("*.json"))  # no game was played, none recorded


def test_play_moves_that_end_the_game_record_it_where_it_says(cli):
    """Issue 42, from new game authors: --moves that ended the game said
    'boardgames replay steps through it' and wrote no record."""
    run = cli(*PLAY_FIVE, "--seed", "1", "--moves", FIVE_MOVES)
    assert run.code == 0, run
    found = re.search(r"Recorded to (.+?)\. Replay with: boardgames replay (\S+)", run.out)
    assert found, run.out
    record = json.loads(Path(found.group(1)).read_text())
    assert record["history"] == FIVE_MOVES.split() and record["winner"] == "vanilla"
    assert cli("replay", found.group(2), "--to", "9").code == 0
    # a loaded game that is over is not saved again: its file is named for replay
    again = cli("play", "--load", found.group(1))
    assert again.code == 0 and f"boardgames replay {found.group(2)}" in again.out, again
    assert len(list(Path.cwd().glob("*.json"))) == 1


@pytest.mark.parametrize("game", ["donuts", "verso"])
def test_arena_json_lists_every_option_as_show_does(cli, game):
    """Issue 42, from new game authors: arena --json said "options": {}."""
    shown = cli("show", game, "--seed", "1", "--json").json()["options"]
    run = cli("arena", game, "--players", "random,random", "--games", "1", "--seed", "1", "--jobs", "1", "--json")
    assert run.code == 0, run
    options = run.json()["options"]
    assert set(options) == set(shown)
    drawn = {spec.name for spec in boardgames.game_class(game).option_specs if spec.random_default is not None}
    # drawn from each game's own seed (each record has its own): null; the others as show gives them
    assert options == {k: None if k in drawn else v for k, v in shown.items()}
    if "first" in shown:  # a value given is listed as the game reads it
        other = [p for p in boardgames.game_class(game).player_names if p != shown["first"]][0]
        run = cli(
            "arena", game, "--players", "random,random", "--games", "1", "--jobs", "1", "--json", "-o", f"first={other}"
        )
        assert run.code == 0 and run.json()["options"]["first"] == other, run
