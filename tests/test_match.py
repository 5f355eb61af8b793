"""The match layer: seats, turns, undo, hints, records, and the same seed
giving the same game."""

from __future__ import annotations

import json

import pytest

import boardgames
from boardgames import IllegalMoveError, InvalidAgentSpecError, Match, MatchError
from boardgames.play.records import parse_record
from helpers import FIVE_BOARD, FIVE_MOVES


def donuts(seed: int = 1, **options: str) -> boardgames.Game:
    return boardgames.game_class("donuts").configure(options, seed=seed)


def test_agents_move_until_a_person_must_and_the_person_moves_from_outside():
    match = Match(donuts(), ["random", "human"])
    assert match.specs == ("random", "human") and match.to_move == "chocolate"
    state = match.run()
    assert len(state.history) == 1 and match.awaits_person and match.to_move == "vanilla"
    with pytest.raises(MatchError, match="a person's"):
        match.step()
    match.play(state.legal_moves[0], by="vanilla")
    assert match.to_move == "chocolate" and not match.awaits_person


def test_a_move_out_of_turn_or_illegal_changes_nothing():
    match = Match(donuts(), ["human", "human"])
    with pytest.raises(MatchError, match="not vanilla's turn"):
        match.play("c3", by="vanilla")
    with pytest.raises(MatchError, match="not a player"):
        match.play("c3", by="nobody")
    match.play("c3", by="chocolate")
    with pytest.raises(IllegalMoveError):
        match.play("c3")
    assert len(match.positions) == 2


def test_undo_goes_back_to_the_seats_previous_turn():
    match = Match(donuts(), ["human", "random"])
    assert not match.undo()
    match.play("c3")
    match.run()  # the computer's reply
    assert len(match.state.history) == 2
    assert match.undo() and match.state.history == () and match.to_move == "chocolate"
    people = Match(donuts(), ["human", "human"])
    people.play("c3")
    people.play(people.state.legal_moves[0])
    assert people.undo("chocolate") and len(people.state.history) == 0
    with pytest.raises(MatchError):
        people.undo("nobody")


def test_the_same_seed_gives_the_same_game_and_seats_get_their_own_generators():
    games = [Match(donuts(seed=5), ["mcts:iterations=20", "random"]).run() for _ in range(2)]
    assert games[0].history == games[1].history and games[0].is_over
    other = Match(donuts(seed=5), ["mcts:iterations=20", "random"], seed=6).run()
    assert other.history != games[0].history


def test_the_record_round_trips_and_a_match_goes_on_from_it():
    match = Match(donuts(seed=3), ["human", "greedy"])
    match.play(match.state.legal_moves[2])
    match.run()
    data = json.loads(json.dumps(match.record().to_json()))
    assert data["seats"] == {"chocolate": "human", "vanilla": "greedy"} and data["finished"] is None
    record = parse_record(data)
    again = Match.from_record(record)
    assert again.state == match.state and again.specs == match.specs
    assert [p.history for p in again.positions] == [p.history for p in match.positions]
    assert again.started == match.started


def test_a_finished_match_records_its_result_and_end():
    game = donuts(board=FIVE_BOARD, first="vanilla")
    match = Match(game, ["human", "human"])
    for move in FIVE_MOVES.split():
        match.play(move)
    record = match.record()
    assert match.is_over and record.finished is not None
    assert record.to_json()["result"] == "vanilla wins: five in a row"
    with pytest.raises(boardgames.MatchError, match="a finished game stays finished"):
        match.undo()
    assert match.is_over and match.finished == record.finished


def test_a_draw_agreed_is_recorded_and_read_back(tmp_path, cli):
    """Issue 43: the players agree a draw; the record says so, and reads back drawn."""
    match = Match(boardgames.game_class("verso").configure(seed=1), ["human", "human"])
    match.play(match.state.legal_moves[0])
    match.agree_draw()
    assert match.is_over and match.winner is None and match.to_move is None and match.finished is not None
    assert match.result_text() == "draw: agreed by the players"
    with pytest.raises(MatchError, match="the game is over"):
        match.play(match.state.legal_moves[0])
    with pytest.raises(MatchError, match="the game is over"):
        match.agree_draw()
    data = json.loads(json.dumps(match.record().to_json()))
    assert data["drawn"] == "agreed" and "forfeit" not in data
    again = Match.from_record(parse_record(data))
    assert again.is_over and again.drawn == "agreed" and again.result_text() == match.result_text()
    path = tmp_path / "drawn.json"
    path.write_text(json.dumps(data))
    assert cli("replay", str(path), "--json").code == 0
    for bad in ("won", 1, "agreed "):
        with pytest.raises(boardgames.RecordError, match="'drawn'"):
            parse_record({**data, "drawn": bad})
    with pytest.raises(boardgames.RecordError, match="'drawn'"):
        parse_record({**data, "forfeit": {"player": data["players"][0], "reason": "resigned"}})
    before = Match(boardgames.game_class("verso").configure(seed=1), ["human", "human"])
    saved = before.checkpoint()
    before.agree_draw()
    before.restore(saved)  # a change that could not be saved is taken back whole
    assert not before.is_over and before.drawn is None


def test_hints_are_seeded_and_seats_are_checked():
    match = Match(donuts(seed=2), ["human", "human"])
    assert match.hint("alphabeta:depth=2") == Match(donuts(seed=2), ["human", "human"]).hint("alphabeta:depth=2")
    with pytest.raises(InvalidAgentSpecError):
        match.hint("human")
    with pytest.raises(InvalidAgentSpecError, match="give a seat for each"):
        Match(donuts(), ["human"])
    with pytest.raises(boardgames.WrongTypeError):
        Match("donuts")  # type: ignore[arg-type]


def test_the_api_refuses_wrong_types_with_its_own_errors():
    game = donuts()
    for wrong in (
        lambda: Match(game, positions=5),  # type: ignore[arg-type]
        lambda: Match(game, positions=["c3"]),  # type: ignore[list-item]
        lambda: Match.from_record(None),  # type: ignore[arg-type]
        lambda: Match(game, started=5),  # type: ignore[arg-type]
        lambda: Match(game, finished=b"x"),  # type: ignore[arg-type]
        lambda: Match(game, forfeit="x"),  # type: ignore[arg-type]
        lambda: Match(game, ["random", "random"]).choose(budget=5),  # type: ignore[arg-type]
        lambda: Match(game, ["random", "random"]).hint("random", budget=5),  # type: ignore[arg-type]
    ):
        with pytest.raises(boardgames.WrongTypeError):
            wrong()


def test_a_long_match_keeps_its_positions_compactly_and_gives_them_exactly():
    import tracemalloc

    game = boardgames.game_class("verso").configure({"size": "19"}, seed=1)
    played = Match(game, ["random", "random"])
    played.run()
    moves = played.state.history
    assert len(moves) > 150
    replayed = [game.start()]
    for move in moves:
        replayed.append(replayed[-1].play(move))  # each legal, its legal moves computed
    record = played.record().to_json()
    # One loaded before measuring: what is built once and shared (tables made on first use, which
    # depend on the tests a worker ran before) is not a match's own cost.
    Match.from_record(parse_record(record)).positions[len(moves)]
    tracemalloc.start()
    try:  # each from the record's JSON, as a server loads or uploads it: a game of its own each
        kept = [Match.from_record(parse_record(record)) for _ in range(10)]
        for match in kept:
            for k in (len(moves) // 2, 5, len(moves)):  # positions asked for, out of order
                assert match.positions[k].history == replayed[k].history
        size = tracemalloc.get_traced_memory()[0] / len(kept)
    finally:
        tracemalloc.stop()
    # A position per move with its legal moves cost 550 KB a match here, and
    # the game's table of steps 1.4 MB more; a few positions and the moves,
    # with the table shared by every game on the board, cost about 50 KB.
    assert size < 100_000, size
    match = kept[0]
    assert [p.key for p in match.positions] == [p.key for p in replayed]
    back = Match(replayed[40], positions=replayed[:40])
    assert len(back.positions) == 41 and back.positions[10].history == moves[:10]
    elsewhere = game.start().play(next(m for m in game.start().legal_moves if m != moves[0]))
    with pytest.raises(MatchError, match="histories differ"):
        Match(replayed[40], positions=[elsewhere])
