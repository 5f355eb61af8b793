"""benchmarks/: the Othello comparison with OpenSpiel runs, checks that both
play the same game, and says so plainly when open-spiel is missing."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import boardgames
from boardgames.agents.solver import Prover
from boardgames.games.donuts import strategy

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "othello_vs_openspiel.py"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300, env=env, cwd=ROOT
    )


def test_othello_against_openspiel_agrees_on_the_rules_and_reports_ratios(tmp_path):
    if not os.environ.get("CI"):  # the test extra installs it; CI must not skip
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")
    out = tmp_path / "othello.json"
    done = run("--seconds", "0.05", "--rounds", "1", "--check-games", "40", "--json", str(out))
    assert done.returncode == 0, done.stderr
    assert "rules agree on 40 games" in done.stdout
    figures = json.loads(out.read_text())
    for key in ("ours_random_games_per_s", "openspiel_random_games_per_s", "openspiel_mcts_sims_per_s"):
        assert figures[key] > 0
    # One round: the ratio is that round's quotient.
    assert figures["random_games_ratio"] == pytest.approx(
        figures["ours_random_games_per_s"] / figures["openspiel_random_games_per_s"], rel=0.01
    )
    assert figures["random_games_ratio_target"] == 0.5


def test_without_openspiel_it_says_skipped_and_exits_zero(tmp_path):
    # A pyspiel that cannot be imported, first on the path.
    (tmp_path / "pyspiel.py").write_text("raise ImportError('no open-spiel here')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])}
    done = run("--seconds", "0.05", env=env)
    assert done.returncode == 0
    assert done.stdout.strip() == "skipped: open-spiel is not installed (pip install 'boardgames[openspiel]')"


def test_bad_arguments_are_one_line(tmp_path):
    done = run("--seconds", "1e9")
    assert done.returncode == 2
    assert "--seconds is 0.01 to 600" in done.stderr and "Traceback" not in done.stderr


def script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args], capture_output=True, text=True, timeout=300, cwd=ROOT
    )


def test_the_levels_calibration_plays_each_adjacent_pair_and_resumes(tmp_path):
    done = script("levels.py", "donuts", "--games", "2", "--scale", "0.01", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("over level") == 5 and "time budgets x0.01" in done.stdout
    saved = sorted(p.name for p in tmp_path.iterdir())
    assert saved == [f"donuts-level{n + 1}-vs-{n}-x0.01-2games.json" for n in range(1, 6)]
    top = json.loads((tmp_path / saved[-1]).read_text())
    assert top["players"][0]["spec"] == "alphabeta:time=0.02" and top["games"] == 2
    again = script("levels.py", "donuts", "--games", "2", "--scale", "0.01", "--out", str(tmp_path))
    assert again.stdout == done.stdout  # read back, not played again
    more = script("levels.py", "donuts", "--games", "4", "--scale", "0.01", "--out", str(tmp_path))
    assert more.returncode == 0 and "of 4" in more.stdout  # more games: played, not the 2-game results
    other = script("levels.py", "donuts", "--games", "2", "--scale", "0.01", "--seed", "2", "--out", str(tmp_path))
    assert other.returncode == 0, other.stderr  # another seed: played, not seed 1's results read back
    second = json.loads((tmp_path / "donuts-level6-vs-5-x0.01-2games-seed2.json").read_text())
    assert second["seed"] == 2 and second["command"].endswith("--seed 2")
    unknown = script("levels.py", "chess", "--out", str(tmp_path))
    assert unknown.returncode == 1 and unknown.stderr.startswith("error: unknown game 'chess'")


def test_the_web_load_test_plays_whole_games_and_reports(tmp_path):
    pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
    out = tmp_path / "load.json"
    done = script("web_load.py", "--clients", "3", "--stored", "5", "--live", "3", "--json", str(out))
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text())
    assert result["problems"] == [] and result["moves"] >= 3 * 5 and result["stored_matches"] == 5
    assert 0 < result["round_trip_ms"]["median"] <= result["round_trip_ms"]["p95"] <= result["round_trip_ms"]["max"]
    assert result["resident_mb"] > 0 and result["resident_mb_with_live"] > 0 and result["live_matches"] == 3


def test_the_web_load_test_puts_reviews_in_the_mix(tmp_path):
    """Issue 42: --reviewers N plays the games again, alone then while N clients have reviews being made."""
    pytest.importorskip("uvicorn", reason="the extra 'web' is not installed")
    out = tmp_path / "load.json"
    done = script(
        "web_load.py", "--clients", "3", "--stored", "5", "--live", "0", "--reviewers", "1", "--json", str(out)
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(out.read_text())
    assert result["problems"] == [] and result["command"].endswith("--reviewers 1")
    alone, reviewed = result["without_reviews"], result["with_reviews"]
    assert alone["moves"] >= 3 * 5 and reviewed["moves"] >= 3 * 5 and reviewed["reviews_asked_at_once"] == 2
    assert reviewed["reviewed_game_moves"] > 100 and reviewed["reply_ms"]["p95"] > 0
    assert set(result["p95_with_reviews_over_without"]) == {"round_trip_ms", "reply_ms"}


@pytest.mark.parametrize(
    ("game", "options"), [("othello", ""), ("hex", "size=4"), ("go", "size=4"), ("amazons", ""), ("breakthrough", "")]
)
def test_our_agents_play_whole_games_against_the_mctsbot_on_openspiels_own_game(tmp_path, game, options):
    """Every example against OpenSpiel's MCTSBot on OpenSpiel's game, kept in
    step move by move (a move the two games disagree on would fail here)."""
    if not os.environ.get("CI"):
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")
    args = ["--game", game, "--agents", "mcts:iterations=10,random", "--games", "2", "--out", str(tmp_path)]
    args += ["--options", options] if options else []
    done = script("vs_mctsbot.py", *args, "--seconds", "0.02")
    assert done.returncode == 0, done.stderr
    assert "simulations (= 0.02 s a move here)" in done.stdout
    saved = {p.name: json.loads(p.read_text()) for p in tmp_path.iterdir()}
    assert len(saved) == 2 and any("random" in name for name in saved)
    for result in saved.values():
        assert result["games"] == 2 and result["wins"] + result["draws"] + result["losses"] == 2
    bad = script("vs_mctsbot.py", "--game", game, "--agents", "wizard", "--out", str(tmp_path))
    assert bad.returncode == 1 and "unknown agent 'wizard'" in bad.stderr and "Traceback" not in bad.stderr


def test_targets_pools_the_saved_pieces_and_judges_by_the_interval(tmp_path):
    # Two saved pieces of 50 games: nothing is played, the pieces are pooled.
    for seed, (wins, losses) in enumerate([(48, 2), (47, 3)]):
        ours = {"games": 50, "wins": wins, "draws": 0, "losses": losses, "score": wins / 50, "score_95": [0, 1]}
        piece = {"players": [{"spec": "mcts:time=0.5", **ours}, {"spec": "greedy"}]}
        (tmp_path / f"verso-mcts-greedy-seed{seed}-50.json").write_text(json.dumps(piece))
    done = script("targets.py", "verso-mcts-greedy", "--games", "100", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "verso-mcts-greedy: mcts:time=0.5 vs greedy: 95-0-5 of 100, 95.0% (95%: 88.8% to 97.8%);"
        " target 90%: met by the point estimate\n"
    )
    table = script("targets.py", "verso-mcts-greedy", "--games", "100", "--out", str(tmp_path), "--markdown")
    assert table.stdout.startswith("| Verso | `mcts:time=0.5` vs `greedy` | 100 | 95–0–5 | **95.0%** | 88.8%–97.8% |")
    (tmp_path / "verso-mcts-greedy-seed2-50.json").write_text("{corrupt")
    corrupt = script("targets.py", "verso-mcts-greedy", "--games", "150", "--out", str(tmp_path))
    assert corrupt.returncode == 1 and "Traceback" not in corrupt.stderr
    assert corrupt.stderr.startswith("error: ") and "is not a saved arena run" in corrupt.stderr
    # A piece saved for other agents (the target's agent changed) is not read as this target's.
    other = json.loads((tmp_path / "verso-mcts-greedy-seed0-50.json").read_text())
    other["players"][0]["spec"] = "alphabeta:time=0.5"
    (tmp_path / "verso-mcts-greedy-seed2-50.json").write_text(json.dumps(other))
    changed = script("targets.py", "verso-mcts-greedy", "--games", "150", "--out", str(tmp_path))
    assert changed.returncode == 1 and "Traceback" not in changed.stderr
    assert "it holds alphabeta:time=0.5 vs greedy, not mcts:time=0.5 vs greedy" in changed.stderr
    bad = script("targets.py", "othello-everything", "--out", str(tmp_path))
    assert bad.returncode == 2 and "unknown target 'othello-everything'" in bad.stderr


def test_when_lost_finds_where_each_lost_game_was_lost(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    arena = subprocess.run(
        [sys.executable, "-m", "boardgames", "arena", "donuts", "--players", "random,greedy"]
        + ["--games", "4", "--seed", "1", "--jobs", "1", "--save-games", str(games)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert arena.returncode == 0, arena.stderr
    done = script("experiments/when_lost.py", str(games), "--agent", "random", "--empty", "24", "--seconds", "2")
    assert done.returncode == 0, done.stderr
    studied = [line for line in done.stdout.splitlines() if not line.endswith("): ")]
    assert studied, done.stdout  # random lost games to greedy that reached 24 empty squares
    for line in studied:
        # Just before the winner's last move, the loser's position is lost by force.
        assert line.endswith(":-1"), line


OPENING_GAMES = ROOT / "docs" / "strength-runs" / "opening" / "games-seed20"


def test_proof_sizes_agree_on_the_result_and_the_prover_visits_fewer_positions():
    done = script("experiments/proof_sizes.py", str(OPENING_GAMES), "game-0013.json:10", "game-0033.json:20")
    assert done.returncode == 0, done.stderr
    rows = done.stdout.splitlines()[1:]
    assert [row.split(" | ")[0] for row in rows] == ["game-0013.json:10", "game-0033.json:20"]
    for row in rows:
        solved, proved = (part.split(", ") for part in row.split(" | ")[1:])
        assert solved[0] == proved[0] and int(proved[1]) <= int(solved[1]), row
    assert rows[0].startswith("game-0013.json:10 | +1, 24163, ") and "| +1, 9593, " in rows[0]
    for args, code, message in (
        (["game-0013.json"], 2, "is not RECORD:PLY"),
        (["game-0013.json:99"], 1, "game-0013.json has 28 moves"),
        (["missing.json:3"], 1, "missing.json"),
    ):
        bad = script("experiments/proof_sizes.py", str(OPENING_GAMES), *args)
        assert bad.returncode == code and message in bad.stderr and "Traceback" not in bad.stderr, bad.stderr


def test_opening_blunders_counts_the_wins_an_agent_throws_away(tmp_path):
    # random throws wins away; the prover says which, and the counts add up.
    out = tmp_path / "blunders.json"
    args = ("--seat", "mcts:time=0.5", "--agent", "random", "--plies", "12-16", "--seconds", "5")
    done = script("experiments/opening_blunders.py", str(OPENING_GAMES), *args, "--json", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 40 + 2  # a line a game, then the totals
    summary = json.loads(out.read_text())
    marks = " ".join(lines[:40])
    assert summary["blunders"] == marks.count(":X") > 0
    assert summary["won_positions"] == marks.count(":X") + marks.count(":ok")
    assert summary["blunders"] == sum(b for b, _ in summary["by_ply"].values())
    assert lines[-1].startswith(f"random: {summary['blunders']} blunders in {summary['won_positions']} won positions")
    bad = script("experiments/opening_blunders.py", str(OPENING_GAMES), "--seat", "x", "--plies", "3-a")
    assert bad.returncode == 2 and "is not a range of plies" in bad.stderr


@pytest.mark.parametrize(
    "command",
    [
        ("opening_blunders.py", str(OPENING_GAMES), "--seat", "mcts:time=0.5", "--plies", "3-16"),
        ("label_positions.py", "donuts", "{tmp}", "--games", "4"),  # worker processes too
    ],
)
def test_ctrl_c_stops_a_benchmark_with_one_line(command, tmp_path):
    script_name, *args = (part.replace("{tmp}", str(tmp_path)) for part in command)
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "benchmarks" / "experiments" / script_name), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,
    )
    time.sleep(3)  # into the first game's moves
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130 and stderr == "Interrupted.\n", stderr


def test_labelled_positions_hold_the_provers_results_and_fit_an_evaluation(tmp_path):
    args = ("--games", "2", "--plies", "12-18", "--seconds", "5", "--players", "mcts:iterations=50,random")
    for piece in ("0", "1"):
        done = script("experiments/label_positions.py", "donuts", str(tmp_path), "--piece", piece, *args)
        assert done.returncode == 0, done.stderr
    again = script("experiments/label_positions.py", "donuts", str(tmp_path), "--piece", "1", *args)
    assert "saved already" in again.stdout
    positions = json.loads((tmp_path / "piece-0.json").read_text())["positions"]
    assert len(positions) >= 6
    prover = Prover()
    for item in positions:  # each label is the result for the player to move
        state = boardgames.game_class("donuts").configure(seed=item["seed"]).replay(item["moves"])
        assert 12 <= len(state.history) <= 19 and state.outcome is None
        assert prover.prove(state)[0] == item["result"]
    fitted = script("experiments/fit_evaluation.py", str(tmp_path))
    assert fitted.returncode == 0, fitted.stderr
    assert "the evaluation now:" in fitted.stdout and "fitted features:" in fitted.stdout
    assert fitted.stdout.count("    ('") == len(strategy.WEIGHTS)  # a weight a feature
    lonely = tmp_path / "one"
    lonely.mkdir()
    (lonely / "piece-0.json").write_text((tmp_path / "piece-0.json").read_text())
    bad = script("experiments/fit_evaluation.py", str(lonely))
    assert bad.returncode == 1 and "need more than --test-pieces" in bad.stderr
    (lonely / "piece-1.json").write_text('{"positions": [{"seed": 1, "moves": ["z9"], "result": 1}]}')
    hostile = script("experiments/fit_evaluation.py", str(lonely))
    assert hostile.returncode == 1 and "Traceback" not in hostile.stderr
    assert "piece-1.json is not a piece of labelled Donuts positions (move 1: 'z9' is off the board" in hostile.stderr


def test_games_against_openspiel_reports_each_ratio_with_its_target(tmp_path):
    if not os.environ.get("CI"):  # the test extra installs it; CI must not skip
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")
    out = tmp_path / "games.json"
    done = script(
        "games_vs_openspiel.py", "--games", "othello,hex", "--seconds", "0.05", "--rounds", "1", "--json", str(out)
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text())
    for name, target in (("othello", 0.45), ("hex", 0.30)):
        row = figures[name]
        assert row["target"] == target and row["ours_random_games_per_s"] > 0
        assert row["ratio"] == pytest.approx(
            row["ours_random_games_per_s"] / row["openspiel_random_games_per_s"], rel=0.01
        )
    bad = script("games_vs_openspiel.py", "--games", "no_such_game")
    assert bad.returncode == 2 and "unknown game 'no_such_game'" in bad.stderr


def test_amazons_by_hand_offers_the_adapters_actions_and_reports_the_three_ratios(tmp_path):
    if not os.environ.get("CI"):  # the test extra installs it; CI must not skip
        pytest.importorskip("pyspiel", reason="open-spiel is not installed: pip install -e '.[test]'")
    out = tmp_path / "by-hand.json"
    done = script("amazons_by_hand.py", "--games", "2", "--rounds", "1", "--check", "5", "--json", str(out))
    assert done.returncode == 0, done.stderr
    figures = json.loads(out.read_text())
    assert figures["run"]["checked_steps"] > 5 * 40  # five whole games, every step compared
    rates = {name: figures[name]["random_games_per_s"] for name in ("adapter", "by_hand", "native")}
    assert figures["ratios"]["adapter / by_hand"] == pytest.approx(rates["adapter"] / rates["by_hand"], rel=0.01)
    bad = script("amazons_by_hand.py", "--games", "0")
    assert bad.returncode == 2 and "0 is less than 1" in bad.stderr


def test_rules_only_match_plays_two_agents_seats_alternated_and_saves_each_game(tmp_path):
    out = tmp_path / "ab.json"
    args = ["--game", "hex", "--playouts", "--agents", "mcts:iterations=5:mast=on,random", "--games", "2"]
    done = script("rules_only_match.py", *args, "--json", str(out))
    assert done.returncode == 0, done.stderr
    saved = json.loads(out.read_text())
    assert saved["spec"] == "mcts:iterations=5:mast=on" and saved["against"] == "random" and saved["games"] == 2
    assert [g["a_first"] for g in saved["games_played"]] == [True, False]
    assert "mcts:iterations=5:mast=on against random:" in done.stdout
    bad = script("rules_only_match.py", "--game", "hex", "--agents", "mcts:mast=maybe,random")
    assert bad.returncode == 2 and "mast" in bad.stderr and "Traceback" not in bad.stderr


def test_the_random_games_digest_repeats_with_its_seed_and_changes_with_another():
    first, again = (script("random_games_digest.py", "phantom_ttt", "--games", "5") for _ in range(2))
    other = script("random_games_digest.py", "phantom_ttt", "--games", "5", "--seed", "2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout != other.stdout and first.stdout.startswith("phantom_ttt: ")
    assert len(first.stdout.split()[1]) == 64  # a sha256
    timed = script("random_games_digest.py", "phantom_ttt", "--games", "5", "--time")
    assert timed.returncode == 0 and re.match(r"phantom_ttt: 5 games, \d+ plies, [\d.]+ s of CPU time", timed.stdout)
