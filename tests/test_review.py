"""The review (issue 26): win chances, best moves and labels for each ply of a
saved game, for every game with no code of its own. Its JSON on a real Donuts
game; a missed win the endgame prover shows; the labels' thresholds; the
command (bad input, and a second look read from the saved review); the API
endpoint over a real server. The browser's review view is tested in
test_web_browser.py's fashion at the end of this file."""

from __future__ import annotations

import json
import random

import pytest

import boardgames
from boardgames import Match, save_record
from boardgames.agents.base import Budget
from boardgames.agents.solver import Prover
from boardgames.analysis.review import ReviewError, Thresholds, Walk, accuracy, label, parse_budget, review
from helpers import TICTACTOE, headless_chromium, screenshot

SMALL = Budget(iterations=40)
PLY_KEYS = {"ply", "move", "player", "win", "best", "line", "label", "source"}
SUMMARY_KEYS = {"inaccuracies", "mistakes", "blunders", "missed_wins", "accuracy"}


def played(seed: int = 5, specs=("mcts:iterations=60", "greedy")) -> Match:
    match = Match(boardgames.game_class("donuts").configure(seed=seed), list(specs), seed=seed)
    match.run()
    return match


def check_shape(data: dict, final: boardgames.State) -> None:
    plies = data["plies"]
    assert [p["ply"] for p in plies] == list(range(1, len(final.history) + 1))
    assert [p["move"] for p in plies] == [s for s in final.to_json()["history"]]
    for ply in plies:
        assert PLY_KEYS <= set(ply)
        assert ply["player"] in final.game.player_names
        assert 0 <= ply["win"] <= 100 and ply["source"] in ("solver", "search")
        assert isinstance(ply["best"], str) and ply["line"] and ply["line"][0] == ply["best"]
        assert ply["label"] in (None, "inaccuracy", "mistake", "blunder", "missed win")
    assert set(data["summary"]) == set(final.game.player_names)
    for counts in data["summary"].values():
        assert SUMMARY_KEYS <= set(counts) and 0 <= counts["accuracy"] <= 100


def test_a_win_in_one_let_go_is_a_missed_win_beyond_the_provers_reach():
    """A game that gives the prover no reach (tic-tac-toe declares no
    endgame size): a win at once is still proved by trying each move, so
    cross playing c3 with a3 open, and nought then winning at b3, is a missed
    win, not a blunder by estimate (the browser trial's Hex game, in small)."""
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    game = namespace["TicTacToe"].configure()  # type: ignore[attr-defined]
    final = game.start()
    for text in "a1 b1 a2 b2 c3 b3".split():
        final = final.play(text)
    plies = {p["ply"]: p for p in review(final, Budget(iterations=50), seed=1)["plies"]}
    assert plies[5]["label"] == "missed win" and plies[5]["best"] == "a3" and plies[5]["source"] == "solver"
    assert plies[6]["label"] is None and plies[6]["win"] == 100  # nought took it


def test_the_json_of_a_real_donuts_game():
    match = played()
    data = review(match.state, SMALL)
    check_shape(data, match.state)
    last = data["plies"][-1]
    # The game is over: the last move's result is exact, a win for its mover.
    assert last["source"] == "solver" and last["win"] == 100 and last["player"] == match.winner
    assert {p["source"] for p in data["plies"]} == {"search", "solver"}  # Donuts' end is in the prover's reach
    assert json.loads(json.dumps(data)) == data


def test_a_review_made_a_position_at_a_time_is_the_same_review():
    """The server makes a review one position a job (issue 42), with other
    work between the jobs: the same Walk as ``review`` in one go, the same review."""
    final, other = played(seed=5).state, played(seed=8).state
    whole = review(final, SMALL, seed=3)
    walk, between = Walk(final, SMALL, seed=3), Walk(other, SMALL, seed=4)
    while not walk.done:
        walk.step()
        if not between.done:
            between.step()  # another review's job on the same thread meanwhile
    assert walk.result() == whole
    with pytest.raises(ReviewError):
        Walk(final, SMALL).result()  # not before every position is valued


@pytest.mark.parametrize("name", ["amazons", "othello", "verso"])
def test_any_game_with_no_code_of_its_own(name):
    # Amazons makes its moves in parts (the search's tree is over parts); Othello and Verso have no endgame
    # in the prover's reach here: every value is the search's.
    from boardgames.testing import plugin
    from helpers import load_example

    with plugin(load_example(name), f"{name}-review") if name != "verso" else _nothing():
        match = Match(boardgames.game_class(name).configure(seed=2), ["random", "random"], seed=2)
        for _ in range(8):
            match.step()
        data = review(match.state, Budget(iterations=20))
        check_shape(data, match.state)
        assert {p["source"] for p in data["plies"]} == {"search"}


def _nothing():
    import contextlib

    return contextlib.nullcontext()


def missed_win_game(seed: int) -> tuple[boardgames.State, int] | None:
    """A seeded random Donuts game, in the prover's reach, where the player
    to move has a forced win and plays a move that gives it away; then played
    out at random. The game's last state and the ply of that move."""
    rng = random.Random(seed)
    game = boardgames.game_class("donuts").configure(seed=seed)
    state = game.start()
    while not state.is_over and game.endgame_size(state) > game.solve_at - 2:
        state = state.play(rng.choice(state.legal_moves))
    if state.is_over:
        return None
    prover = Prover()
    if prover.prove(state)[0] != 1:
        return None
    throwing = [
        m for m in state.legal_moves if (after := state.play(m)).is_over is False and prover.prove(after)[0] != -1
    ]
    if not throwing:
        return None
    ply = len(state.history) + 1
    state = state.play(rng.choice(throwing))
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves))
    return state, ply


def test_a_move_that_gives_a_proven_win_away_is_a_missed_win():
    found = next(filter(None, (missed_win_game(seed) for seed in range(100))))
    final, ply = found
    data = review(final, SMALL)
    check_shape(data, final)
    missed = data["plies"][ply - 1]
    assert missed["label"] == "missed win" and missed["source"] == "solver"
    assert missed["win"] < 100 and missed["best"] != missed["move"]
    mover = missed["player"]
    assert data["summary"][mover]["missed_wins"] >= 1
    # Labelled apart from blunders: a missed win is not counted as one too.
    labels = [p["label"] for p in data["plies"] if p["player"] == mover]
    assert data["summary"][mover]["blunders"] == labels.count("blunder")


def synthetic(*plies: tuple[float, float, bool, str, str]) -> dict:
    """A review's plies from (before, win, best played, source before, source after)."""
    return {
        "plies": [
            {
                "ply": k + 1,
                "move": "a1",
                "player": "chocolate",
                "win": win,
                "before": before,
                "best_played": best,
                "before_source": source_before,
                "source": source,
            }
            for k, (before, win, best, source_before, source) in enumerate(plies)
        ]
    }


def test_the_labels_follow_the_drop_in_win_chance():
    thresholds = Thresholds()
    assert [thresholds.label(x) for x in (0, 4.9, 5, 9.9, 10, 14.9, 15, 100)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    data = label(
        synthetic(
            (60, 54, False, "search", "search"),  # 6 points: an inaccuracy
            (60, 30, True, "search", "search"),  # the best move found loses nothing
            (100, 50, False, "solver", "solver"),  # a proven win drawn: a missed win, not a blunder
            (100, 50, False, "search", "solver"),  # not proven before: a blunder
            (100, 100, False, "solver", "solver"),  # another winning move
            (40, 45, False, "search", "search"),  # better than thought: no loss
        ),
        thresholds,
    )
    assert [p["label"] for p in data["plies"]] == ["inaccuracy", None, "missed win", "blunder", None, None]
    assert data["summary"]["chocolate"] | {} == {
        **data["summary"]["chocolate"],
        "inaccuracies": 1,
        "mistakes": 0,
        "blunders": 1,
        "missed_wins": 1,
    }
    strict = label(synthetic((60, 57, False, "search", "search")), Thresholds(2, 3, 4))
    assert strict["plies"][0]["label"] == "mistake"
    assert accuracy(0) == 100 and accuracy(100) == 0 and accuracy(5) > accuracy(10) > accuracy(15)
    for bad in ((0, 10, 15), (10, 5, 15), (5, 10, 150), (float("nan"), 10, 15)):
        with pytest.raises(ReviewError):
            Thresholds(*bad)


def test_budgets_within_bounds():
    assert parse_budget("iterations=300") == Budget(iterations=300)
    assert parse_budget("500") == Budget(iterations=500)
    assert parse_budget("time=0.5") == Budget(time=0.5)
    for bad in ("iterations=0", "iterations=1e99", "time=-1", "time=nan", "time=1e9", "depth=3", "x", ""):
        with pytest.raises(ReviewError, match="budget"):
            parse_budget(bad)


# -- the command ------------------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "game.json"
    save_record(path, played(seed=3).record())
    return path


def test_the_command_reviews_saves_and_reads_back(cli, record_file, monkeypatch):
    run = cli("review", str(record_file), "--json", "--budget", "iterations=30")
    assert run.code == 0, run.err
    data = run.json()
    final = boardgames.read_record(record_file).state
    check_shape(data, final)
    assert data["budget"] == "iterations=30"
    saved = json.loads(record_file.read_text())
    assert saved["review"]["plies"] and boardgames.read_record(record_file).state.history == final.history
    # The second look reads the saved review: no analysis at all.
    import boardgames.cli.review as command

    def no_analysis(*args, **kwargs):
        raise AssertionError("analysed again")

    monkeypatch.setattr(command, "review", no_analysis)
    again = cli("review", str(record_file), "--json")
    assert again.code == 0 and again.json() == data
    # The text: the moves with their marks, the graph, the summary; other thresholds relabel at once.
    text = cli("review", str(record_file), "--blunder", "40", "--mistake", "30", "--inaccuracy", "20")
    assert text.code == 0 and "accuracy" in text.out and "|" in text.out
    assert "saved with the game" in text.err
    for ply in data["plies"]:
        assert f"{ply['move']}" in text.out
    # Another budget analyses again.
    with pytest.raises(AssertionError, match="analysed again"):
        command.review_command.callback(str(record_file), True, "iterations=31", 5.0, 10.0, 15.0, False)  # type: ignore[misc]


def test_a_bare_state_gets_a_review_beside_it(cli, tmp_path):
    state = played(seed=4).state
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state.to_json()))
    run = cli("review", str(path), "--budget", "iterations=20")
    assert run.code == 0, run.err
    assert "missed win" in run.out
    assert json.loads((tmp_path / "state.json.review.json").read_text())["plies"]


def test_the_summary_counts_in_words_one_mistake_two_mistakes():
    from boardgames.cli.review import summary_line

    one = {"inaccuracies": 1, "mistakes": 1, "blunders": 1, "missed_wins": 1, "accuracy": 80.04}
    assert summary_line("white", one) == "white: accuracy 80.0, 1 inaccuracy, 1 mistake, 1 blunder, 1 missed win"
    two = {"inaccuracies": 0, "mistakes": 2, "blunders": 0, "missed_wins": 2, "accuracy": 100.0}
    assert summary_line("black", two) == "black: accuracy 100.0, 0 inaccuracies, 2 mistakes, 0 blunders, 2 missed wins"


def test_a_damaged_saved_review_is_made_again(cli, record_file):
    data = json.loads(record_file.read_text())
    data["review"] = {"version": 1, "game": "donuts", "history": data["history"], "plies": [{"ply": "x"}] * 3}
    record_file.write_text(json.dumps(data))
    run = cli("review", str(record_file), "--json", "--budget", "iterations=20")
    assert run.code == 0, run.err
    assert len(run.json()["plies"]) == len(data["history"])


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, (), "cannot read"),
        ("{not json", (), "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, (), "nested too deeply|not a boardgames record|not valid JSON"),
        ('{"game": "no-such-game", "history": []}', (), "no-such-game"),
        ('{"game": "donuts", "history": ["z9"]}', (), "z9"),
        ("GOOD", ("--budget", "iterations=99999999999"), "budget"),
        ("GOOD", ("--budget", "time=0"), "budget"),
        ("GOOD", ("--blunder", "1"), "thresholds"),
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(cli, tmp_path, record_file, content, args, message):
    path = tmp_path / "bad.json"
    if content == "GOOD":
        path = record_file
    elif content is not None:
        path.write_text(content)
    run = cli("review", str(path), *args)
    assert run.code != 0 and run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err
    assert pytest.importorskip("re").search(message, run.err), run.err


# -- the API ------------------------------------------------------------------------------


def test_the_review_endpoint_answers_the_commands_json(server, tmp_path, cli):
    match = played(seed=6)
    record = match.record().to_json()
    created = server.request("POST", "/api/matches", {"record": record})
    assert created.status == 201, created.body
    match_id = created.body["id"]
    answer = server.request("GET", f"/api/matches/{match_id}/review?iterations=30")
    assert answer.status == 200, answer.body
    data = answer.body
    check_shape(data, match.state)
    assert set(data) == {"game", "budget", "thresholds", "plies", "summary"}
    assert data["budget"].startswith("iterations=30")
    # A second look is the same review, kept.
    assert server.request("GET", f"/api/matches/{match_id}/review?iterations=30").body == data
    # The command's JSON has the same shape and the same moves.
    path = tmp_path / "game.json"
    save_record(path, match.record())
    run = cli("review", str(path), "--json", "--budget", "iterations=30")
    assert set(run.json()) == set(data) and [p["move"] for p in run.json()["plies"]] == [
        p["move"] for p in data["plies"]
    ]


def test_the_review_endpoint_refuses_in_one_line(server):
    going = server.create(players=["human", "human"])
    for path, status in [
        (f"/api/matches/{going['id']}/review", 409),  # not over: it would advise a player
        ("/api/matches/nope/review", 404),
        (f"/api/matches/{going['id']}/review?iterations=1", 400),
        (f"/api/matches/{going['id']}/review?iterations=x", 400),
        (f"/api/matches/{going['id']}/review?iterations=99999999", 400),
    ]:
        answer = server.request("GET", path)
        assert answer.status == status, (path, answer.body)
        assert isinstance(answer.body, dict) and "\n" not in answer.body["error"]


# -- the page -------------------------------------------------------------------------------


@pytest.fixture
def chromium(tmp_path):
    """A headless Chromium, or a skip saying why."""
    driver = headless_chromium(tmp_path / "profile")
    yield driver
    driver.quit()


def test_the_page_draws_the_review_and_a_click_shows_that_position(server, chromium, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    def wait(condition, seconds: float = 30):
        return WebDriverWait(chromium, seconds, poll_frequency=0.05).until(lambda d: condition(d))

    match = played(seed=8)
    created = server.request("POST", "/api/matches", {"record": match.record().to_json()})
    match_id = created.body["id"]
    server.request("GET", f"/api/matches/{match_id}/review")  # made ahead, as the page asks it: kept
    chromium.get(f"http://127.0.0.1:{server.port}/#match={match_id}")
    wait(lambda d: d.find_element(By.ID, "review-box").is_displayed())
    chromium.find_element(By.ID, "review").click()
    points = wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#review-graph svg circle.point"))
    assert len(points) == len(match.state.history)
    assert chromium.find_elements(By.CSS_SELECTOR, "#review-graph svg polyline.curve")
    review_data = server.request("GET", f"/api/matches/{match_id}/review").body
    labelled = [p for p in review_data["plies"] if p["label"] and p["best"] != p["move"]]
    chosen = labelled[0] if labelled else review_data["plies"][2]
    marks = chromium.find_elements(By.CSS_SELECTOR, "#moves .mark")
    assert len(marks) == sum(1 for p in review_data["plies"] if p["label"])
    ply = chosen["ply"]
    chromium.find_element(By.CSS_SELECTOR, f'#review-graph circle.point[data-ply="{ply}"]').click()
    wait(lambda d: d.find_element(By.ID, "lookback-ply").get_attribute("data-ply") == str(ply))
    # That position is drawn: one donut a move in Donuts.
    wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .piece")) == ply)
    assert chosen["move"] in chromium.find_element(By.ID, "review-ply").text
    if chosen["best"] != chosen["move"]:  # the best move is shown on the board
        best = wait(
            lambda d: d.execute_script(
                "return [...document.querySelectorAll('#board .square.best')].map(e => e.dataset.square)"
            )
        )
        assert best == [chosen["best"]]
    screenshot(chromium, "review.png", tmp_path)
