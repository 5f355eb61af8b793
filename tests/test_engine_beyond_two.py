"""The engine protocol past two players and certainty (issue 39): an engine
plays any number of players, is told each chance outcome drawn and never
asked to move for chance, and in a game with hidden information is told only
its seat's view (``seat PLAYER``; a move it did not see is ``?``)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from boardgames import Match
from boardgames.protocol.server import EngineSession
from boardgames.testing import plugin
from helpers import seen_words
from tests.toy_games import Guess, Race, Toys

SPY = Path(__file__).with_name("spy_engine.py")


@pytest.fixture(autouse=True)
def toys():
    with plugin(Toys, "toys"):
        yield


def spy(log: Path, agent: str = "random") -> str:
    """The spec of an engine seat that logs what it is sent."""
    command = shlex.join([sys.executable, str(SPY), str(log), agent])
    return f"engine:cmd={shlex.quote(command)}:iterations=1"


def sent(log: Path, command: str) -> list[list[str]]:
    return [shlex.split(line)[1:] for line in log.read_text().splitlines() if line.split()[:1] == [command]]


def test_an_engine_playing_guess_sees_no_hidden_move(tmp_path: Path):
    logs = {name: tmp_path / f"{name}.log" for name in ("north", "south")}
    match = Match(Guess.configure(seed=2), [spy(logs["north"]), spy(logs["south"])])
    match.run()
    assert match.is_over and match.forfeit is None, match.result_text()
    assert sent(logs["south"], "seat") == [["south"]] and sent(logs["north"], "seat") == [["north"]]
    south = sent(logs["south"], "position")
    assert len(south) == 3 and all(len(p) % 2 == 1 for p in south)  # asked after north's choice of each round
    for words in south:  # north's choice is '?' to south until south's own reveals both (first-second)
        assert words[0::2] == ["?"] * len(words[0::2])
        assert words[1::2] == seen_words(match.state, 1)[1 : len(words) : 2]
    north = sent(logs["north"], "position")
    assert [len(p) for p in north] == [0, 2, 4]
    assert all(words == seen_words(match.state, 0)[: len(words)] for words in north)


def test_engines_play_three_players_with_dice_told_the_outcomes_and_never_asked_for_chance(tmp_path: Path):
    logs = [tmp_path / f"{k}.log" for k in range(3)]
    match = Match(Race.configure({"players": 3}, seed=5), [spy(log) for log in logs])
    match.run()
    assert match.is_over and match.forfeit is None, match.result_text()
    truth = [match.state.format_move(m) for m in match.state.history]
    for seat, log in enumerate(logs):
        positions = sent(log, "position")
        assert positions and sent(log, "seat") == []  # nothing hidden: no seat told, as two players
        for words in positions:
            assert words == truth[: len(words)]  # the dice as the match drew them
            assert words[-1].startswith("roll:")  # asked right after its roll, never at a chance node
            assert len(words) // 2 % 3 == seat
        assert len(sent(log, "go")) == len(positions)


def test_the_engine_side_checks_chance_seats_and_views_one_line_each():
    session = EngineSession("random")
    assert session.handle("game race players=3") == "ok"
    assert session.handle("position roll:2 a1 roll:3") == "ok"
    assert session.handle("go").startswith("move ")
    assert session.handle("position roll:2 a1") == "ok"
    assert session.handle("go") == (
        "error chance decides here (roll:1 roll:2 roll:3): an engine is told the outcome drawn, never asked to move"
    )
    assert session.handle("position roll:9").startswith("error move 1: 'roll:9' is not an outcome")
    assert session.handle("game guess") == "ok"
    assert session.handle("position ?") == (
        "error guess hides information: send seat PLAYER first (whose view the positions give)"
    )
    assert session.handle("seat nobody") == "error seat needs one of guess's players (north, south), got 'nobody'"
    assert session.handle("seat south") == "ok"
    assert (
        session.handle("position a1")
        == "error move 1: 'a1' is not how south could have seen a move in guess at the start"
    )
    # south's own choice reveals north's (c1-b1: north c1, south b1): the position rebuilt has north on c1
    assert session.handle("position ? c1-b1 ?") == "ok"
    assert session._whole().history[0] == session._whole().parse_move("c1")
    assert session.handle("go").startswith("move ")
    shown = session.handle("show")
    assert '"history":["?","c1-b1","?"]' in shown  # its view: what it was told, nothing drawn for it shown
    assert session.handle("position ? b1").startswith("error move 2: 'b1' is not how south could have seen")
    assert session.handle("seat north") == "ok" and session.handle("position a1") == "ok"
    assert session.handle("go") == "error it is south's turn, not north's: this engine plays north (seat)"
    assert session.handle("position ?").startswith("error move 1: '?' is not how north could have seen")
    assert '"history":["a1"]' in session.handle("show")  # as before the error
