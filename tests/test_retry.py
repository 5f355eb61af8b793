"""Find a better move (issue 26): from a ply of a reviewed game, another move
is tried and the answer says whether it keeps the win. Proved cases on
seeded Donuts games where the mover had a forced win and the played move gave
it away (test_review's missed_win_game); an estimate in the middle of a game;
a saved review's numbers reused; bad plies and moves; the command."""

from __future__ import annotations

import functools
import json

import pytest
from test_review import missed_win_game, played

import boardgames
from boardgames import IllegalMoveError, InvalidMoveError, save_record
from boardgames.agents.base import Budget
from boardgames.agents.solver import Prover
from boardgames.analysis.better_move import retry
from boardgames.analysis.review import ReviewError, public, review

SMALL = Budget(iterations=40)
KEYS = {"ply", "move", "player", "win", "played", "played_win", "best", "best_win", "keeps_win", "source", "verdict"}


@functools.cache
def thrown_win() -> tuple[boardgames.State, int, str, str, list[str]]:
    """A game whose move ``ply`` gave a proved win away: its last state, the
    ply, a winning move there, the played move, the other moves that throw the win."""
    final, ply = next(filter(None, (missed_win_game(seed) for seed in range(100))))
    before = position(final, ply)
    prover = Prover()
    result, winning = prover.prove(before)
    assert result == 1
    played_move = final.history[ply - 1]
    throwing = [m for m in before.legal_moves if m != played_move and prover.prove(before.play(m))[0] != -1]
    return (
        final,
        ply,
        before.format_move(winning),
        before.format_move(played_move),
        [before.format_move(m) for m in throwing],
    )


def position(final: boardgames.State, ply: int) -> boardgames.State:
    """The position in which move ``ply`` was played."""
    return final.game.replay(final.history[: ply - 1])


def test_a_winning_move_keeps_the_win_the_played_move_gave_away():
    final, ply, winning, played_move, _ = thrown_win()
    answer = retry(final, ply, winning, SMALL)
    data = answer.to_json()
    assert set(data) >= KEYS and json.loads(json.dumps(data)) == data
    assert data["ply"] == ply and data["move"] == winning and data["played"] == played_move
    assert data["player"] == final.game.player_names[position(final, ply).turn]
    assert data["keeps_win"] is True and data["source"] == "solver" and data["win"] == 100
    assert data["played_win"] < 100 and data["played_source"] == "solver"
    assert data["best_win"] == 100 and data["best"] is not None
    assert data["verdict"] == f"{winning} keeps the win that {played_move} gave away."


def test_the_played_move_and_another_losing_one_give_it_away():
    final, ply, _, played_move, throwing = thrown_win()
    again = retry(final, ply, played_move, SMALL)
    assert again.keeps_win is False and again.win == again.played_win < 100
    assert again.verdict == f"{played_move} is the move played in the game, which gave the win away."
    assert throwing  # the game found has another (seeded: always the same game)
    other = retry(final, ply, throwing[0], SMALL)
    assert other.keeps_win is False and other.source == "solver" and other.win < 100
    assert other.verdict == f"{throwing[0]} gives the win away, as {played_move} did."


def test_an_estimate_in_the_middle_of_a_game_decides_nothing_by_proof():
    match = played(seed=5)
    final = match.state
    before = position(final, 2)
    tried = next(m for m in before.legal_moves if m != final.history[1])
    answer = retry(final, 2, before.format_move(tried), Budget(iterations=60))
    assert answer.source == "search" and answer.keeps_win is None
    assert 0 <= answer.win <= 100 and 0 <= answer.played_win <= 100 and answer.best_win is not None
    assert answer.player == final.game.player_names[before.turn]
    numbers = f"({answer.win:.0f}% against {answer.played_win:.0f}%)"
    assert answer.verdict.endswith(f"{numbers}.") and answer.verdict.startswith(before.format_move(tried))
    gap = answer.win - answer.played_win
    word = "better than" if gap >= 5 else "worse than" if gap <= -5 else "about as good as"
    assert word in answer.verdict
    # Seeded: the same question, the same answer.
    assert retry(final, 2, before.format_move(tried), Budget(iterations=60)) == answer


def test_a_saved_review_gives_the_played_moves_numbers():
    match = played(seed=5)
    final = match.state
    data = public(review(final, Budget(iterations=30)))
    before = position(final, 3)
    tried = before.format_move(next(m for m in before.legal_moves if m != final.history[2]))
    data["plies"][2] = {**data["plies"][2], "win": 12.5, "before": 77.0, "best": "a1"}  # a review's numbers, not ours
    answer = retry(final, 3, tried, Budget(iterations=30), saved_review=data)
    assert (answer.played_win, answer.best_win, answer.best) == (12.5, 77.0, "a1")
    # A review of other moves, or damaged, is not used.
    for other in ({**data, "plies": data["plies"][:-1]}, {**data, "game": "verso"}, {"plies": "x"}, [1]):
        assert retry(final, 3, tried, Budget(iterations=30), saved_review=other).played_win != 12.5


def test_a_bad_move_or_ply_is_one_clear_error():
    final, ply, _, _, _ = thrown_win()
    occupied = final.format_move(final.history[0])
    with pytest.raises(IllegalMoveError, match=rf"illegal move '{occupied}' in donuts after"):
        retry(final, ply, occupied, SMALL)
    with pytest.raises(InvalidMoveError, match=rf"move {ply} tried again: 'zz' is not a move"):
        retry(final, ply, "zz", SMALL)
    for bad in (0, -1, len(final.history) + 1):
        with pytest.raises(ReviewError, match=rf"no ply {bad} in this game: its moves are plies 1 to"):
            retry(final, bad, "a1", SMALL)
    for bad in ("3", 2.0, True, None):
        with pytest.raises(ReviewError, match="whole number"):
            retry(final, bad, "a1", SMALL)  # type: ignore[arg-type]
    with pytest.raises(ReviewError, match="no move has been played"):
        retry(final.game.start(), 1, "a1", SMALL)


def test_any_game_in_parts_too():
    from boardgames.testing import plugin
    from helpers import load_example

    with plugin(load_example("amazons"), "amazons-retry"):
        match = boardgames.Match(boardgames.game_class("amazons").configure(seed=2), ["random", "random"], seed=2)
        for _ in range(4):
            match.step()
        final = match.state
        before = position(final, 3)
        tried = next(m for m in before.legal_moves if m != final.history[2])
        answer = retry(final, 3, before.format_move(tried), Budget(iterations=20))
        assert answer.source == "search" and answer.keeps_win is None and answer.move == before.format_move(tried)


# -- the command ------------------------------------------------------------------------


@pytest.fixture
def thrown_file(tmp_path):
    final, *_ = thrown_win()
    path = tmp_path / "state.json"
    path.write_text(json.dumps(final.to_json()))
    return path


def test_the_command_prints_the_verdict_and_the_json(cli, thrown_file):
    _, ply, winning, played_move, _ = thrown_win()
    run = cli("review", str(thrown_file), "--try", str(ply), winning, "--budget", "iterations=30")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == f"{winning} keeps the win that {played_move} gave away."
    assert f"played {played_move} 0% exact" in lines[1]
    assert not (thrown_file.parent / "state.json.review.json").exists()  # a question, nothing saved
    as_json = cli("review", str(thrown_file), "--try", str(ply), played_move, "--json")
    assert as_json.code == 0, as_json.err
    data = as_json.json()
    assert set(data) >= KEYS and data["keeps_win"] is False and data["move"] == played_move


def test_the_command_uses_the_saved_review(cli, tmp_path):
    path = tmp_path / "game.json"
    save_record(path, played(seed=3).record())
    assert cli("review", str(path), "--json", "--budget", "iterations=20").code == 0
    raw = json.loads(path.read_text())
    raw["review"]["plies"][1]["win"] = 12.5
    path.write_text(json.dumps(raw))
    final = boardgames.read_record(path).state
    before = position(final, 2)
    tried = before.format_move(next(m for m in before.legal_moves if m != final.history[1]))
    run = cli("review", str(path), "--try", "2", tried, "--json", "--budget", "iterations=20")
    assert run.code == 0, run.err
    assert run.json()["played_win"] == 12.5
    fresh = cli("review", str(path), "--try", "2", tried, "--json", "--budget", "iterations=20", "--fresh")
    assert fresh.json()["played_win"] != 12.5


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--try", "0", "a1"), "no ply 0"),
        (("--try", "999", "a1"), "no ply 999"),
        (("--try", "x", "a1"), "not a valid integer"),
        (("--try", "1"), "requires 2 arguments"),
        (("--try", "2", "zz"), "move 2 tried again: 'zz' is not a move"),
        (("--try", "2", "FIRST"), "illegal move"),
        (("--try", "2", "FIRST", "--budget", "time=0"), "budget"),
    ],
)
def test_a_bad_try_is_one_line_and_a_non_zero_exit(cli, thrown_file, args, message):
    final, *_ = thrown_win()
    args = tuple(final.format_move(final.history[0]) if a == "FIRST" else a for a in args)
    run = cli("review", str(thrown_file), *args)
    assert run.code != 0 and run.out == ""
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.err
    assert message in run.err, run.err


# -- the API ------------------------------------------------------------------------------


def test_the_endpoint_answers_what_the_function_does(server):
    """POST /api/matches/{id}/review/try: the page's "Find a better move"."""
    final, ply, winning, played_move, throwing = thrown_win()
    record = boardgames.Match(final, ["human", "human"]).record().to_json()
    created = server.request("POST", "/api/matches", {"record": record})
    assert created.status == 201, created.body
    path = f"/api/matches/{created.body['id']}/review/try"
    kept = server.request("POST", path, {"ply": ply, "move": winning})
    assert kept.status == 200, kept.body
    assert set(kept.body) >= KEYS and kept.body["keeps_win"] is True and kept.body["played"] == played_move
    assert kept.body["verdict"] == retry(final, ply, winning, SMALL).verdict
    if throwing:
        lost = server.request("POST", path, {"ply": ply, "move": throwing[0]})
        assert lost.status == 200 and lost.body["keeps_win"] is False, lost.body


def test_the_endpoint_refuses_in_one_line(server):
    going = server.create(players=["human", "human"])
    final, ply, winning, *_ = thrown_win()
    over = server.request("POST", "/api/matches", {"record": boardgames.Match(final, ["human"] * 2).record().to_json()})
    done = f"/api/matches/{over.body['id']}/review/try"
    for path, body, status in [
        (f"/api/matches/{going['id']}/review/try", {"ply": 1, "move": "a1"}, 409),  # it would advise a player
        ("/api/matches/nope/review/try", {"ply": 1, "move": "a1"}, 404),
        (done, {"ply": 0, "move": winning}, 400),
        (done, {"ply": "3", "move": winning}, 400),
        (done, {"ply": ply, "move": "zz"}, 400),
        (done, {"ply": ply, "move": 7}, 400),
        (done, {"ply": ply}, 400),
        (done, [1, 2], 400),
    ]:
        answer = server.request("POST", path, body)
        assert answer.status == status, (path, body, answer.body)
        assert isinstance(answer.body, dict) and "\n" not in answer.body["error"]
