"""benchmarks/nplayer_examples_*.py: the Chinese checkers and Phantom
tic-tac-toe examples against OpenSpiel, run for a moment: the speed ratios
with their targets, and whole games of our agent against OpenSpiel's
searches, each piece saved as JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT / "benchmarks",
    )


@pytest.fixture(autouse=True)
def need_openspiel() -> None:
    if not os.environ.get("CI"):  # the test extra installs it; CI must not skip
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")


def test_the_speed_of_each_example_against_openspiels_loop(tmp_path):
    out = tmp_path / "speed.json"
    games = "chinese_checkers_3,phantom_ttt,dark_hex"
    done = run(
        "nplayer_examples_vs_openspiel.py", "--games", games, "--seconds", "0.05", "--rounds", "1", "--json", str(out)
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text())
    for name in games.split(","):
        assert figures[name]["ours_random_games_per_s"] > 0 and figures[name]["openspiel_random_games_per_s"] > 0
        assert figures[name]["target"] == 0.2 and f"{name}" in done.stdout
    bad = run("nplayer_examples_vs_openspiel.py", "--games", "chess")
    assert bad.returncode != 0 and "unknown game 'chess'" in bad.stderr and "Traceback" not in bad.stderr


def test_phantom_ttt_against_information_set_mcts_plays_whole_games(tmp_path):
    done = run(
        "nplayer_examples_strength.py",
        "phantom_ttt",
        "--agent",
        "random",
        "--games",
        "2",
        "--seconds",
        "0.02",
        "--out",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    [saved] = list(tmp_path.iterdir())
    result = json.loads(saved.read_text())
    assert result["played"] == 2 and result["wins"] + result["draws"] + result["losses"] == 2
    assert "ISMCTS" in result["opponent"] and result["command"].startswith("python benchmarks/")
    again = run(
        "nplayer_examples_strength.py",
        "phantom_ttt",
        "--agent",
        "random",
        "--games",
        "2",
        "--seconds",
        "0.02",
        "--out",
        str(tmp_path),
    )
    assert again.returncode == 0 and list(tmp_path.iterdir()) == [saved]  # a piece saved is read, not replayed


def test_chinese_checkers_against_two_mctsbot_seats_plays_whole_games(tmp_path):
    done = run(
        "nplayer_examples_strength.py",
        "chinese_checkers",
        "--agent",
        "random",
        "--games",
        "1",
        "--seconds",
        "0.02",
        "--max-moves",
        "12",
        "--out",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    [saved] = list(tmp_path.iterdir())
    result = json.loads(saved.read_text())
    assert result["played"] == 1 and result["our_wins"] + sum(result["bot_seat_wins"]) + result["draws"] == 1
    assert result["max_moves"] == 12 and "MCTSBot" in result["opponent"]
    bad = run("nplayer_examples_strength.py", "chinese_checkers", "--agent", "nosuchagent")
    assert bad.returncode != 0 and len(bad.stderr.strip().splitlines()) == 1
