"""The engine protocol both ways: `boardgames engine` answers the documented
exchange line for line; the `engine` agent plays `boardgames engine` in the
arena and in `play`; and an engine that crashes, hangs, says error or answers
an illegal move loses that game by forfeit, with the reason in the record,
while the arena goes on."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

import boardgames
from boardgames import Match
from boardgames.play.records import parse_record
from boardgames.protocol.server import EngineSession
from boardgames.testing import plugin
from helpers import ROOT

BOARDGAMES = [sys.executable, "-m", "boardgames"]
ENGINE = shlex.join([*BOARDGAMES, "engine"])
BROKEN = shlex.join([sys.executable, str(Path(__file__).with_name("broken_engine.py"))])


def documented_exchange() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "engine-protocol.md").read_text()
    block = re.search(r"```exchange\n(.*?)```", text, re.S)
    assert block is not None
    lines = block.group(1).splitlines()
    pairs = list(zip(lines[::2], lines[1::2], strict=True))
    assert all(c.startswith("> ") and r.startswith("< ") for c, r in pairs)
    return [(c[2:], r[2:].replace("boardgames 0.2.0", f"boardgames {version('boardgames')}")) for c, r in pairs]


def test_the_documented_exchange_through_the_command():
    exchange = documented_exchange()
    done = subprocess.run(
        [*BOARDGAMES, "engine", "--agent", "alphabeta:depth=2"],
        input="".join(c + "\n" for c, _ in exchange) + "never read\n",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [r for _, r in exchange]  # one line each, and nothing after quit
    assert done.stderr == ""


def test_errors_are_one_line_and_change_nothing():
    session = EngineSession("random")
    assert session.handle("   ") is None
    assert session.handle("go").startswith("error no game yet")
    assert session.handle("game chess").startswith("error unknown game 'chess'")
    assert session.handle("game verso size=99").startswith("error ")
    assert session.handle('game "donuts') == "error No closing quotation in 'game \"donuts'"
    assert session.handle("game verso size=7") == "ok"
    assert session.handle("position d4 e5") == "ok"
    assert session.handle("position d4 d4").startswith("error move 2: illegal move 'd4'")
    assert session.handle("seed -").startswith("error seed needs one whole number")
    state = json.loads(session.handle("show").removeprefix("state "))
    assert state["history"] == ["d4", "e5"] and state["options"]["size"] == 7  # as before the errors
    assert session.handle("go depth=2").startswith("move ")  # random uses no budget: ignored
    assert session.handle("go depth=99") == "error option depth: 99 is not a whole number from 1 to 32"
    assert session.handle("go").startswith("move ")
    assert session.handle("quit") == "bye" and session.done


def test_a_bad_agent_or_a_person_is_refused_at_start():
    for spec, message in (("wizard", "unknown agent 'wizard'"), ("human", "an engine plays an agent")):
        done = subprocess.run([*BOARDGAMES, "engine", "--agent", spec], input="", capture_output=True, text=True)
        assert done.returncode != 0 and message in done.stderr and "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1


def test_same_seed_same_answers():
    def answers():
        session = EngineSession("mcts:iterations=100")
        return [session.handle(c) for c in ("seed 3", "game donuts", "position", "go", "position a1", "go")]

    first = answers()
    assert first == answers() and first[3].startswith("move ")


def arena(players: str, games: int = 2, *extra: str) -> dict:
    done = subprocess.run(
        [*BOARDGAMES, "arena", "donuts", "--players", players, "--games", str(games), "--seed", "3", "--json", *extra],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_engine_agent_plays_boardgames_engine_in_the_arena():
    inner = shlex.join([*BOARDGAMES, "engine", "--agent", "mcts:iterations=60"])
    result = arena(f"engine:cmd={shlex.quote(inner)}:iterations=60,random", 4, "--jobs", "2")
    engine, rand = result["players"]
    assert engine["spec"].startswith("engine:iterations=60:cmd=")
    assert result["forfeits"] == []
    assert engine["games"] == 4 and engine["wins"] >= 3  # MCTS beats random


def test_boardgames_engine_plays_itself_in_play_and_the_record_names_both(tmp_path):
    specs = [f"engine:cmd={shlex.quote(ENGINE + ' --agent ' + agent)}:time=2" for agent in ("greedy", "random")]
    done = subprocess.run(
        [*BOARDGAMES, "play", "donuts", "--players", ",".join(specs), "--seed", "4"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    (record,) = tmp_path.glob("donuts-*.json")
    data = json.loads(record.read_text())
    assert data["status"] in ("won", "drawn") and "forfeit" not in data
    canonical = [spec.replace(":time=2", "").replace("engine:", "engine:time=2:") for spec in specs]
    assert list(data["seats"].values()) == canonical
    assert boardgames.read_record(record).state.is_over


def test_an_agent_that_raises_is_an_error_line_and_the_engine_goes_on():
    class Faulty(boardgames.Agent):
        name = "faulty"

        def choose(self, state, budget, rng):
            raise ZeroDivisionError("a bug")

    class Hooks:
        @boardgames.hookimpl
        def register_agents(self, register):
            register(Faulty)

    with plugin(Hooks(), "faulty-agent"):
        session = EngineSession("faulty")
        assert session.handle("game donuts") == "ok"
        assert session.handle("go") == "error internal error in go: ZeroDivisionError: a bug"
        assert session.handle("legal").startswith("legal a1")


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", r"the engine ended before answering 'go' \(exit code 3\)"),
        ("hang", r"the engine gave no answer to 'go' within 0.6 s"),
        ("illegal", r"the engine answered an illegal move: illegal move|is not a move"),
        ("garbage", r"the engine answered an illegal move: 'the-knight' is not a move"),
        ("error", r"the engine said: error out of ideas"),
        ("mute", r"the engine gave no answer to 'hello' within 30 s"),
    ],
)
def test_a_broken_engine_forfeits_each_game_and_the_arena_goes_on(mode, reason, monkeypatch):
    if mode == "mute":
        monkeypatch.setattr("boardgames.agents.engine.START_SECONDS", 0.5)
        reason = r"the engine gave no answer to 'hello' within 0.5 s"
        game = boardgames.game_class("donuts").configure(seed=1)
        match = Match(game, [f"engine:cmd={shlex.quote(BROKEN + ' mute')}", "random"])
        match.run()
        assert match.forfeit is not None and re.search(reason, match.forfeit.reason)
        return
    spec = f"engine:cmd={shlex.quote(BROKEN + ' ' + mode)}:time=0.1:margin=0.5"
    result = arena(f"{spec},random", 2)
    broken = result["players"][0]
    assert broken["losses"] == 2 and result["games"] == 2  # both games played, both lost
    assert [f["game"] for f in result["forfeits"]] == [0, 1]
    for forfeit in result["forfeits"]:
        assert re.search(reason, forfeit["reason"]), forfeit["reason"]


def test_a_forfeit_is_kept_in_the_record_and_read_back(tmp_path):
    game = boardgames.game_class("donuts").configure(seed=2)
    match = Match(game, ["random", f"engine:cmd={shlex.quote(BROKEN + ' error')}"])
    match.run()
    assert match.is_over and match.winner == game.turn_order[0] and match.to_move is None
    assert match.result_text().endswith("forfeits (the engine said: error out of ideas)")
    path = boardgames.save_record(tmp_path / "forfeit.json", match.record())
    record = boardgames.read_record(path)
    assert record.forfeit == match.forfeit
    again = Match.from_record(record)
    assert again.is_over and again.winner == match.winner
    with pytest.raises(boardgames.MatchError, match="a finished game stays finished"):
        again.undo(game.turn_order[0])
    data = json.loads(path.read_text())
    data["forfeit"] = {"player": "nobody", "reason": "x"}
    with pytest.raises(boardgames.RecordError, match="'forfeit' must be"):
        parse_record(data)


def test_an_engine_that_cannot_start_forfeits_with_the_reason():
    game = boardgames.game_class("donuts").configure(seed=2)
    match = Match(game, ["engine:cmd=/nonexistent/engine", "random"])
    match.run()
    assert "could not start" in match.forfeit.reason and len(match.state.history) == 0


def test_an_engine_spec_without_a_command_is_refused():
    with pytest.raises(boardgames.InvalidAgentSpecError, match="needs the program to run"):
        boardgames.make_seat("engine")
    with pytest.raises(boardgames.InvalidAgentSpecError, match="unclosed quote"):
        boardgames.make_seat("engine:cmd='boardgames engine")


def test_a_refused_game_command_changes_nothing():
    """Issue 42, fault 6: a refused ``game`` left its name and options behind,
    and every later ``seed`` set them up again and failed the same way."""
    session = EngineSession("random")
    assert session.handle("game donuts first=purple").startswith("error ")
    assert session.handle("seed 3") == "ok"  # no game yet, as before the error
    assert session.handle("go").startswith("error no game yet")
    assert session.handle("game donuts") == "ok"
    assert session.handle("position c3") == "ok"
    assert session.handle("game donuts first=purple").startswith("error ")
    assert session.handle("seed 4") == "ok"  # donuts as it was set up, drawn again from seed 4
    state = json.loads(session.handle("show").removeprefix("state "))
    assert state["game"] == "donuts" and state["seed"] == 4 and state["history"] == []
    assert session.handle("position c3") == "ok" and session.handle("go").startswith("move ")
    # an agent chosen per game (none asked for) is not changed by a refused game either
    auto = EngineSession()
    assert auto.handle("game donuts") == "ok"
    before = auto.handle("hello")
    assert auto.handle("game verso size=99").startswith("error ") and auto.handle("hello") == before


def test_a_slow_answer_to_position_forfeits_within_the_moves_time():
    """Issue 42, fault 5: only 'go' was held to the budget; an engine that
    answered 'position' after 20 s played every move at 20 s (START_SECONDS
    was its bound) and never forfeited. Now a move's 'position' and 'go'
    share its time plus margin. (The subprocess's timeout only guards
    against a hang: it is far above both.)"""
    spec = f"engine:cmd={shlex.quote(BROKEN + ' slow a1')}:time=0.3:margin=1"
    done = subprocess.run(
        [*BOARDGAMES, "arena", "donuts", "--players", f"{spec},random", "--games", "1", "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["players"][0]["losses"] == 1
    assert [f["reason"] for f in result["forfeits"]] == ["the engine gave no answer to 'position' within 1.3 s"]
