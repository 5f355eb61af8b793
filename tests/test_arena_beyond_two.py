"""The arena, ladder and bench past two players (issue 39): N seats, seat
orders rotated fairly, results per seat and per agent, ratings from each
game's ranking with intervals, a game played alone, the same games whatever
the number of workers. Played with tests/toy_games.py's Race (1-4 players, a die)."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest
from attrs import evolve

from boardgames.analysis.arena import ArenaResult, GameResult, run_arena, seat_orders
from boardgames.testing import plugin
from tests.toy_games import Toys


@pytest.fixture(autouse=True)
def toys():
    with plugin(Toys, "toys"):
        yield


THREE = ["mcts:iterations=10", "greedy", "random"]


def seat_counts(result: ArenaResult) -> dict[tuple[int, int], int]:
    """How often each agent (by index) sat in each seat."""
    return collections.Counter((p, seat) for r in result.results for seat, p in enumerate(r.players))


def test_more_players_than_specs_is_one_clear_line(cli):
    run = cli("arena", "race", "-o", "players=3", "--players", "random,greedy", "--games", "2", "--jobs", "1")
    assert run.code != 0 and run.out == ""
    assert run.err.strip() == "Error: race is played by 3 here: give 3 or more agent specs, got 2"
    bad = cli("arena", "race", "-o", "players=5", "--players", "random,greedy", "--games", "2")
    assert bad.code != 0 and len(bad.err.strip().splitlines()) == 1 and "players" in bad.err


def test_three_players_rotate_every_order_and_report_each_agent_and_seat(cli):
    run = cli("arena", "race", "-o", "players=3", "--players", ",".join(THREE), "--games", "6", "--seed", "4")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "race: 3 agents, 3 players a game, 6 games, seed 4, seat orders rotated (6 a cycle)"
    assert "mean place" in lines[1] and "Elo (95%)" in lines[1]
    assert [line.split()[0] for line in lines[-3:]] == ["north", "east", "south"]
    data = cli(
        "arena", "race", "-o", "players=3", "--players", ",".join(THREE), "--games", "6", "--seed", "4", "--json"
    )
    out = data.json()
    # every order of the three comes once in a cycle of six: each agent in each seat twice
    result = run_arena("race", THREE, 6, seed=4, jobs=1, options={"players": 3})
    assert (
        sorted(r.players for r in result.results) == sorted(seat_orders((0, 1, 2)))
        and len(set(seat_orders((0, 1, 2)))) == 6
    )
    assert set(seat_counts(result).values()) == {2}
    assert [s["seat"] for s in out["seats"]] == ["north", "east", "south"] and out["seat_orders"] == 6
    for entry in out["players"]:
        assert entry["games"] == 6 and sum(entry["places"]) == 6 and 1 <= entry["mean_place"] <= 3
        assert entry["wins"] + entry["draws"] + entry["losses"] == 6
        assert [s["games"] for s in entry["by_seat"]] == [2, 2, 2]
        assert "mean_score" in entry and "pairwise_score" in entry and "elo" not in entry
    for seat in out["seats"]:
        assert seat["games"] == 6 and sum(seat["places"]) == 6
    # a shared first counts as shared: the win shares of a game add up to one
    assert sum(e["win_share"] for e in out["players"]) == pytest.approx(6)
    assert sum(e["win_share"] for e in out["seats"]) == pytest.approx(6)
    assert [r["spec"] for r in out["ratings"]] == THREE
    assert all(low <= r["elo"] <= high and low < high for r in out["ratings"] for low, high in [r["elo_95"]])
    assert json.dumps(out) == json.dumps(result.to_json())


def test_four_players_each_agent_in_each_seat_equally_often_and_a_round_robin_of_tables():
    four = ["greedy", "random", "mcts:iterations=5", "random"]  # the same agent twice at one table: allowed
    result = run_arena("race", four, 8, seed=1, jobs=1, options={"players": 4})
    assert set(seat_counts(result).values()) == {2} and len(seat_counts(result)) == 16
    assert len({r.players for r in result.results}) == 8
    assert all(sorted(r.places)[0] == 1 and len(r.places) == 4 for r in result.results)
    five = run_arena(
        "race", [*THREE, "mcts:iterations=3", "mcts:iterations=6"], 6, seed=1, jobs=1, options={"players": 3}
    )
    assert len(five.results) == 60 and len({tuple(sorted(r.players)) for r in five.results}) == 10
    assert [g["games"] for g in five.to_json()["players"]] == [36] * 5  # each in 6 of the 10 tables


def test_the_same_seed_gives_the_same_games_with_one_or_two_workers():
    one = run_arena("race", THREE, 6, seed=9, jobs=1, options={"players": 3})
    two = run_arena("race", THREE, 6, seed=9, jobs=2, options={"players": 3})
    assert [r.record["history"] for r in one.results] == [r.record["history"] for r in two.results]
    assert one.to_json() == two.to_json()


def test_ratings_from_rankings_order_the_players_and_their_intervals_are_seeded():
    def game(index, order):  # order: the agents (indices) first to last
        players = tuple(sorted(order))
        places = tuple(order.index(p) + 1 for p in players)
        return GameResult(index, ("a", "b", "c"), None, {}, players, places)

    orders = [(0, 1, 2)] * 12 + [(1, 0, 2)] * 4 + [(0, 2, 1)] * 4
    games = tuple(game(k, o) for k, o in enumerate(orders))
    result = ArenaResult("race", {}, 5, ("a", "b", "c"), games, 20, seat_names=("north", "east", "south"))
    a, b, c = result.ratings()
    assert a.elo > b.elo > c.elo and abs(a.elo + b.elo + c.elo) < 1e-6
    assert all(r.low < r.elo < r.high for r in (a, b, c))
    assert result.ratings() == [a, b, c]  # the bootstrap is drawn from the arena's seed
    assert evolve(result, seed=6).ratings() != [a, b, c]
    pairs = {(p.a, p.b): p.score_a / p.games for p in result.pairings()}
    assert pairs == {(0, 1): 16 / 20, (0, 2): 1.0, (1, 2): 16 / 20}  # each pair in a game a game between them
    tie = evolve(result, results=(GameResult(0, ("a", "b", "c"), None, {}, (0, 1, 2), (1, 1, 3)),))
    assert {(p.a, p.b): p.score_a for p in tie.pairings()} == {(0, 1): 0.5, (0, 2): 1.0, (1, 2): 1.0}
    standings = tie.standings()
    assert (standings[0].draws, standings[0].score) == (1, 0.5)  # a first shared by two: half a win each


def test_a_game_played_alone_gives_each_agent_its_mean_score_on_the_same_dice(cli):
    run = cli("arena", "race", "--players", "random,greedy", "--games", "8", "--seed", "2", "--json")
    assert run.code == 0, run.err
    out = run.json()
    assert [p["spec"] for p in out["players"]] == ["random", "greedy"] and out["games"] == 16
    for p in out["players"]:
        low, high = p["mean_score_95"]
        assert p["games"] == 8 and low < p["mean_score"] < high
    result = run_arena("race", ["random", "greedy"], 8, seed=2, jobs=1)
    alone = {r.players: [] for r in result.results}
    for r in result.results:
        alone[r.players].append(r.record["seed"])
    assert alone[(0,)] == alone[(1,)]  # game g of each agent: the same seed, the same dice
    text = cli("arena", "race", "--players", "random", "--games", "4")
    assert text.code == 0 and "mean score" in text.out and "95%" in text.out


def test_ladder_and_bench_take_the_game_s_count_of_players(cli, tmp_path: Path):
    levels = "random,greedy,random,greedy,random,greedy"
    run = cli("ladder", "race", "-o", "players=3", "--levels", levels, "--games", "6", "--jobs", "1")
    assert run.code == 0, run.err
    steps = json.loads(Path("race-ladder.json").read_text())["steps"]
    assert len(steps) == 5 and all(0 <= s["score"] <= 1 and s["score_95"][0] <= s["score"] for s in steps)
    alone = cli("ladder", "race", "--levels", levels, "--games", "4", "--jobs", "1", "--out", "solo.json")
    assert alone.code == 0, alone.err
    assert all(s["wins"] + s["draws"] + s["losses"] == 4 for s in json.loads(Path("solo.json").read_text())["steps"])
    bench = cli("bench", "race", "-o", "players=4", "--seconds", "0.05", "--json")
    assert bench.code == 0, bench.err
    figures = bench.json()
    assert figures["match_games_per_s"] > 0 and figures["options"]["players"] == 4
