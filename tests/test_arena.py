"""The arena, the benchmark and game records, through the CLI and the API."""

from __future__ import annotations

import itertools
import json
import math
import types
from pathlib import Path

import pytest

import boardgames
from boardgames import RecordError
from boardgames.analysis.arena import Standing, elo, run_arena
from boardgames.analysis.bench import DESCRIPTIONS, run_bench
from boardgames.analysis.ratings import Pairing, fit
from boardgames.play.records import Record, read_record, save_record
from boardgames.testing import plugin
from helpers import TICTACTOE

PLAYERS = "mcts:iterations=20,random"


def test_arena_json_contract(cli):
    run = cli("arena", "donuts", "--players", PLAYERS, "--games", "6", "--seed", "3", "--jobs", "1", "--json")
    assert run.code == 0, run.err
    data = run.json()
    assert data["game"] == "donuts" and data["games"] == 6
    specs = [p["spec"] for p in data["players"]]
    assert specs == ["mcts:iterations=20", "random"]
    for p in data["players"]:
        assert p["wins"] + p["draws"] + p["losses"] == 6
    a, b = data["players"]
    assert (a["wins"], a["draws"], a["losses"]) == (b["losses"], b["draws"], b["wins"])


def test_arena_results_do_not_depend_on_the_number_of_workers():
    one = run_arena("verso", ["mcts:iterations=15", "greedy"], 6, seed=5, jobs=1, options={"size": 6})
    two = run_arena("verso", ["mcts:iterations=15", "greedy"], 6, seed=5, jobs=2, options={"size": 6})
    assert [r.record["history"] for r in one.results] == [r.record["history"] for r in two.results]
    assert one.to_json() == two.to_json()


def test_arena_alternates_seats_and_saves_records(tmp_path: Path):
    result = run_arena("donuts", ["greedy", "random"], 4, seed=1, jobs=1, save_dir=tmp_path)
    assert [r.seats for r in result.results] == [
        ("greedy", "random"),
        ("random", "greedy"),
        ("greedy", "random"),
        ("random", "greedy"),
    ]
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files] == [f"game-000{i}.json" for i in range(1, 5)]
    for f, game in zip(files, result.results, strict=True):
        record = read_record(f)
        data = json.loads(f.read_text())
        assert record.seats == game.seats and list(data["seats"].values()) == list(game.seats)
        assert record.state.is_over and data["winner"] == record.state.winner and data["finished"]
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_arena_text_report(cli):
    run = cli("arena", "donuts", "--players", PLAYERS, "--games", "4", "--jobs", "1")
    assert run.code == 0
    assert "mcts:iterations=20" in run.out and "95%" in run.out and "Elo difference" in run.out


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["arena", "donuts", "--players", "random"], "give 2 or more agent specs"),
        (["arena", "donuts", "--players", "random,greedy,random"], "random is given twice"),
        (["arena", "donuts", "--players", "random,,greedy"], "give 2 or more agent specs"),
        (["arena", "donuts", "--players", "random,greedy,mcts", "--games", "400000"], "1 to 1,000,000 games in all"),
        (["arena", "donuts", "--players", "random,nobody"], "unknown agent 'nobody'"),
        (["arena", "chess", "--players", "random,random"], "unknown game 'chess'"),
        (["arena", "donuts", "--players", "random,random", "--games", "0"], "--games"),
        (["arena", "donuts", "--players", "random,random", "-o", "size=3"], "no option 'size'"),
        (["bench", "chess"], "unknown game 'chess'"),
    ],
)
def test_arena_and_bench_bad_input(cli, args, needle):
    run = cli(*args)
    assert run.code != 0 and run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and needle in run.err


ROUND_ROBIN = ["mcts:iterations=10", "greedy", "random"]


def test_round_robin_json_contract_and_ratings(cli):
    run = cli(
        "arena", "donuts", "--players", ",".join(ROUND_ROBIN), "--games", "4", "--seed", "2", "--jobs", "1", "--json"
    )
    assert run.code == 0, run.err
    out = run.json()
    assert (out["games"], out["planned"]) == (12, 12)
    assert [p["games"] for p in out["players"]] == [8, 8, 8]
    assert [r["spec"] for r in out["ratings"]] == ROUND_ROBIN
    assert abs(sum(r["elo"] for r in out["ratings"])) < 1  # they average 0
    assert all(low < r["elo"] < high for r in out["ratings"] for low, high in [r["elo_95"]])
    assert [p["players"] for p in out["pairings"]] == [
        ROUND_ROBIN[:2],
        [ROUND_ROBIN[0], ROUND_ROBIN[2]],
        ROUND_ROBIN[1:],
    ]
    # Each agent's games are its pairings' games, seen from its side.
    first = out["players"][0]
    by_pairing = sum(p["score"] * p["games"] for p in out["pairings"] if p["players"][0] == ROUND_ROBIN[0])
    assert first["wins"] + first["draws"] / 2 == pytest.approx(by_pairing)


def test_a_round_robin_plays_the_games_a_match_would_and_ignores_jobs():
    match = run_arena("donuts", ROUND_ROBIN[:2], 4, seed=7, jobs=1)
    one = run_arena("donuts", ROUND_ROBIN, 4, seed=7, jobs=1)
    two = run_arena("donuts", ROUND_ROBIN, 4, seed=7, jobs=2)

    def games(result):
        return [(r.seats, r.winner, r.record["history"]) for r in result.results]

    assert games(one)[:4] == games(match)
    assert games(one) == games(two)
    assert [r.players for r in one.results[4:8]] == [(0, 2), (2, 0), (0, 2), (2, 0)]  # seats alternate


def test_round_robin_text_report_ranks_by_rating(cli):
    run = cli("arena", "donuts", "--players", ",".join(ROUND_ROBIN), "--games", "4", "--jobs", "1")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].startswith("donuts: round robin of 3 agents, 12 games (4 a pairing)")
    elos = [int(line.split("(")[0].split()[-1]) for line in lines[2:5]]
    assert elos == sorted(elos, reverse=True)
    assert "greedy vs random" in run.out


def test_bradley_terry_recovers_known_differences_and_stays_finite():
    def expected(d: float) -> float:
        return 1 / (1 + 10 ** (-d / 400))

    # Scores exactly as the model expects for A +200 over B and B +100 over C.
    pairings = [Pairing(0, 1, 4000, 4000 * expected(200)), Pairing(1, 2, 4000, 4000 * expected(100))]
    pairings.append(Pairing(0, 2, 4000, 4000 * expected(300)))
    a, b, c = fit(3, pairings)
    assert a.elo - b.elo == pytest.approx(200, abs=1) and b.elo - c.elo == pytest.approx(100, abs=1)
    assert a.elo + b.elo + c.elo == pytest.approx(0, abs=1e-6)
    # Two even players: 1.96 standard errors of 1/sqrt(n) each (n counts the prior's virtual draw).
    even = fit(2, [Pairing(0, 1, 100, 50)])[0]
    assert even.elo == pytest.approx(0, abs=1e-9)
    assert even.high == pytest.approx(1.96 * 400 / math.log(10) / math.sqrt(101), rel=1e-6)
    sweep = fit(2, [Pairing(0, 1, 20, 20)])
    assert 0 < sweep[0].elo < 1000 and sweep[0].low > 0  # finite, and surely ahead
    # An interrupted round robin: nobody has played, or one player has not.
    assert [r.elo for r in fit(3, [])] == [0.0, 0.0, 0.0]
    c_unplayed = fit(3, [Pairing(0, 1, 10, 7)])[2]
    assert c_unplayed.low < 0 < c_unplayed.high


def test_standing_statistics():
    even = Standing("a", 10, 0, 10)
    assert even.score == 0.5 and elo(even.score) == 0
    low, high = even.interval()
    assert low < 0.5 < high
    sweep = Standing("a", 20, 0, 0)
    low, high = sweep.interval()
    assert high == 1.0 and 0.8 < low < 1.0  # Wilson: a sweep still has a lower bound below 1
    assert elo(0.75) == pytest.approx(190.8, abs=0.1)
    assert Standing("a", 1, 2, 1).score == 0.5


def test_bench_reports_every_figure_and_the_ratio(cli):
    figures = run_bench("donuts", seconds=0.05)
    for key in DESCRIPTIONS:
        assert figures[key] > 0, key
    assert figures["playouts_vs_baseline"] > 0 and figures["baseline_games_per_s"] > 0
    run = cli("bench", "verso", "--seconds", "0.05", "--json")
    assert run.code == 0 and json.loads(run.out)["game"] == "verso"


def test_bench_ratio_is_the_median_of_the_slices_measured_figures(monkeypatch):
    # Each ratio is the median of the ratios of slices alternating with the reference: computed from
    # the two measured figures. They are given here, so that the arithmetic is checked, not a machine's
    # speed (how near the ratio lands to the quotient of two separate runs is the machine's).
    from boardgames.analysis import bench as bench_lib

    slices = itertools.cycle([(100.0, 700.0), (300.0, 2100.0), (200.0, 1400.0), (400.0, 2800.0)])
    monkeypatch.setattr(bench_lib, "_rate", lambda run_once, seconds: next(slices))
    reference = itertools.chain([50.0], itertools.cycle([10.0, 50.0, 50.0, 50.0]))  # the baseline, then a slice's
    monkeypatch.setattr(
        boardgames.game_class("donuts"), "reference_loop", staticmethod(lambda s, seed: next(reference))
    )
    figures = run_bench("donuts", seconds=0.05)
    assert figures["baseline_games_per_s"] == 50
    assert figures["playouts_per_s"] == 250  # the median of the slices' 100, 300, 200, 400
    assert figures["playouts_vs_baseline"] == 7.0  # the median of 10, 6, 4, 8 (not 250 / 50)
    assert figures["state_api_moves_per_s"] == 1750 and figures["match_vs_baseline"] == 7.0


def test_bench_measures_the_game_set_up_with_its_options(cli):
    small = cli("bench", "verso", "-o", "size=6", "--seconds", "0.05", "--json")
    assert small.code == 0, small.err
    assert json.loads(small.out)["options"]["size"] == 6
    shown = cli("bench", "verso", "-o", "size=6", "--seconds", "0.05")
    assert shown.out.startswith("verso (size=6), 0.05 s a figure")
    bad = cli("bench", "verso", "-o", "size=99", "--seconds", "0.05")
    assert bad.code == 1 and bad.err.strip() == "Error: option size: 99 is not a whole number from 5 to 19"


def test_bench_works_for_a_game_it_was_never_told_about(cli):
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    module = types.ModuleType("bench_tictactoe")
    module.register_games = namespace["register_games"]  # type: ignore[attr-defined]
    with plugin(module, "bench-tictactoe"):
        run = cli("bench", "tictactoe", "--seconds", "0.05")
    assert run.code == 0, run.err
    assert "baseline" not in run.out and "ratio" not in run.out  # it has no reference loop
    moves_lines = [line for line in run.out.splitlines() if line.strip().startswith("moves/s")]
    assert len(moves_lines) == 2 and all(int(line.split()[-1].replace(",", "")) > 0 for line in moves_lines)


# -- records --------------------------------------------------------------------


def test_a_version_1_record_of_0_1_still_loads_and_resumes(cli):
    old = {  # as boardgames 0.1 wrote it: "moves", and the seats as "players"
        "format": "boardgames-record",
        "version": 1,
        "game": "donuts",
        "options": {"first": "vanilla"},
        "seed": 9,
        "players": ["human", "random"],
        "moves": ["c3"],
        "result": None,
        "started": "2026-11-25T22:00:00+00:00",
        "finished": None,
    }
    Path("old.json").write_text(json.dumps(old))
    record = read_record("old.json")
    assert record.seats == ("human", "random") and record.started == old["started"]
    assert [record.state.format_move(m) for m in record.state.history] == ["c3"]
    assert record.state.game.options["first"] == "vanilla" and record.state.game.seed == 9
    run = cli("play", "--load", "old.json", input="quit\n")
    assert run.code == 0 and "random): " in run.out  # the recorded seat plays on
    saved = json.loads(Path("old.json").read_text())
    assert saved["version"] == 2 and saved["seats"] == {"vanilla": "human", "chocolate": "random"}
    assert saved["history"][0] == "c3" and len(saved["history"]) == 2


def test_record_round_trip(tmp_path: Path):
    game = boardgames.game_class("verso").configure({"size": 6}, seed=2)
    state = game.replay("c3 d4 e5".split())
    (tmp_path / "sub").mkdir()
    path = save_record(tmp_path / "sub" / "game.json", Record(state, ("human", "mcts")))
    again = read_record(path)
    assert again.state == state and again.seats == ("human", "mcts")
    data = json.loads(path.read_text())
    assert data["seats"] == {"light": "human", "dark": "mcts"} and data["version"] == 2 and data["result"] is None
    assert data["history"] == ["c3", "d4", "e5xd4"] and data["players"] == ["light", "dark"]
    earlier = read_record(path, upto=1).state
    assert [earlier.format_move(m) for m in earlier.history] == ["c3"]


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("{not json", "not valid JSON"),
        ("[]", "not a boardgames record"),
        ('{"format": "boardgames-record", "version": 99}', "version 99"),
        (
            '{"format": "boardgames-record", "version": 1, "game": "chess", "options": {}, "moves": [], "players": []}',
            "unknown game 'chess'",
        ),
        (
            '{"format": "boardgames-record", "version": 1, "game": "donuts", "options": {}, '
            '"moves": ["a1", "a1"], "players": []}',
            "move 2",
        ),
        (
            '{"format": "boardgames-record", "version": 1, "game": "donuts", "options": {}, '
            '"moves": "a1", "players": []}',
            "'moves'",
        ),
    ],
)
def test_broken_records_fail_with_one_clear_error(tmp_path: Path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(RecordError, match=needle.replace("(", r"\(")):
        read_record(path)


def test_saving_where_it_cannot_is_a_clear_error(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    state = boardgames.game_class("donuts").configure(seed=1).start()
    with pytest.raises(boardgames.BoardgamesError, match="cannot save"):
        save_record(blocker / "game.json", Record(state))


def _deaf_to_sigterm() -> None:
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def test_an_interrupted_arena_kills_workers_that_lost_their_sigterm():
    # A worker can lose the SIGTERM of Pool.terminate (its Python handler never
    # run), and terminate then joins it for ever: the CI hang of c2902e5, on
    # the normal path since fixed. Busy workers deaf to SIGTERM stand for it on
    # the interrupted path: Pool.terminate alone waits out their 60 s task.
    import multiprocessing
    import threading
    import time

    from boardgames.analysis.arena import _terminate

    pool = multiprocessing.Pool(2, initializer=_deaf_to_sigterm)
    pool.map_async(time.sleep, [60, 60])
    workers = list(pool._pool)
    time.sleep(0.5)  # both asleep in their task
    stopper = threading.Thread(target=_terminate, args=(pool, 0.5), daemon=True)
    stopper.start()
    stopper.join(30)
    assert not stopper.is_alive(), "terminating the pool hung"
    assert [worker.exitcode for worker in workers] == [-9, -9]  # killed
    pool.join()
