"""benchmarks/chance_targets.py: the targets of issue 39 for the examples
with chance play whole games against OpenSpiel's MCTSBot on OpenSpiel's own
game, kept in step roll by roll, save each piece, and measure the speed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "chance_targets.py"


def script(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600, cwd=ROOT)


@pytest.fixture(autouse=True)
def _pyspiel() -> None:
    if not os.environ.get("CI"):
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")


def test_einstein_plays_the_bot_with_seats_alternated_and_saves_the_piece(tmp_path):
    done = script(
        "einstein", "--agent", "random", "--games", "2", "--first", "4", "--simulations", "4", "--out", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "einstein-random-games_4-5.json").read_text())
    assert [g["game"] for g in saved["games"]] == [4, 5] and [g["ours"] for g in saved["games"]] == ["black", "white"]
    assert (
        saved["bot_simulations"] == 4
        and 0 <= saved["our_share"] <= 1
        and "chance_targets.py einstein" in saved["run"]["command"]
    )


def test_yacht_gives_the_bot_the_same_dice_and_compares_the_totals(tmp_path):
    done = script(
        "yacht", "--agent", "random", "--games", "1", "--simulations", "1", "--bot", "cpp", "--out", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "yacht-random-cpp-games_0-0.json").read_text())
    game = saved["games"][0]
    assert (
        0 <= game["ours"] <= 305
        and 0 <= game["bot"] <= 305
        and saved["met"] == (saved["our_mean"] >= saved["bot_mean"])
    )


def test_speed_compares_each_example_with_openspiels_loop(tmp_path):
    done = script("speed", "--seconds", "0.05", "--rounds", "1", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    saved = json.loads((tmp_path / "speed.json").read_text())
    assert set(saved) >= {"einstein_wurfelt_nicht", "yacht players=1", "yacht players=4"}
    assert all(v["ours_random_games_per_s"] > 0 and v["target"] == 0.2 for k, v in saved.items() if k != "run")


def test_a_bad_agent_is_one_line(tmp_path):
    bad = script("einstein", "--agent", "wizard", "--games", "1", "--simulations", "2", "--out", str(tmp_path))
    assert bad.returncode == 1 and "unknown agent 'wizard'" in bad.stderr and "Traceback" not in bad.stderr


def test_a_piece_already_saved_is_read_not_played_again(tmp_path):
    args = ("einstein", "--agent", "random", "--games", "1", "--simulations", "2", "--out", str(tmp_path))
    assert script(*args).returncode == 0
    again = script(*args)
    assert again.returncode == 0 and "already saved" in again.stdout and "scores" not in again.stdout
