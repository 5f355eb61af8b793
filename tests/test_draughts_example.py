"""The English draughts example package (examples/draughts), first written
from the tutorial by an engineer new to it: captures made in parts whose
jumps need not come in square order, kings, a checkered board. The
conformance kit, agreement with OpenSpiel's ``checkers`` move for move
(every legal move, the pieces and kings, the result), positions random
games rarely reach, and the captures a person may leave out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import boardgames
from boardgames import Move
from boardgames.testing import plugin
from helpers import load_example, need_pyspiel


@pytest.fixture(scope="module")
def draughts() -> Iterator[Any]:
    module = load_example("draughts")
    with plugin(module, "draughts-under-test"):
        yield module


def position(
    module: Any, white: list[str], black: list[str], kings: tuple[str, ...] = (), quiet: int = 0, turn: int = 0
) -> Any:
    game = boardgames.game_class("draughts").configure()
    mask = lambda names: game.grid.mask(map(game.grid.parse_square, names))  # noqa: E731
    boards = (mask(white), mask(black))
    return module.DraughtsState(game=game, boards=boards, kings=mask(kings), quiet=quiet, turn=turn)


def texts(state: Any) -> list[str]:
    return [state.format_move(m) for m in state.legal_moves]


def test_draughts_keeps_the_contract(check_game, draughts):
    check_game("draughts", games=10)


def test_a_king_jumps_round_a_square_back_to_where_it_started(draughts):
    state = position(draughts, ["c3"], ["d4", "f4", "f2", "d2", "h8"], kings=("c3",))
    assert texts(state) == ["c3-c3xd2xd4xf2xf4"]  # either way round: one move
    after = state.play("c3-c3xd2xd4xf2xf4")
    assert after.pieces() == {"c3": "white", "h8": "black"} and after.contents()["c3"]["kind"] == "king"


def test_a_man_crowned_by_a_capture_stops_there_and_forty_quiet_moves_draw(draughts):
    state = position(draughts, ["b6"], ["c7", "e7", "h2"])
    assert texts(state) == ["b6-d8xc7"]  # a king on d8 could jump e7, but the move ends
    assert state.play("b6-d8xc7").contents()["d8"]["kind"] == "king"
    quiet = position(draughts, ["a1"], ["h8"], kings=("a1", "h8"), quiet=39).play("a1-b2")
    assert quiet.is_over and quiet.winner is None


def test_captures_may_be_left_out_or_written_as_a_path(draughts):
    state = position(draughts, ["a3"], ["b4", "d6", "h8"])
    whole = state.legal_moves[0]
    assert texts(state) == ["a3-e7xb4xd6"]  # compulsory, and it goes on
    assert state.parse_move("a3-e7") == whole  # the captures have no alternative: filled in
    assert state.parse_move("a3") == whole
    assert state.parse_move("a3-c5-e7") == whole  # the game's shorthand: the landing squares
    assert state.parse_move("a3-e7xd6") == whole  # d6 is the second jump: b4 is filled in first


def test_a_capture_is_taken_a_jump_at_a_time_in_any_order(draughts):
    """Black's man on e7 jumps d6 then b4: the game offers the pieces of its
    captures as a set, and the terminal, the actions and the agents take
    them in any order."""
    state = position(draughts, ["d6", "b4", "h2"], ["e7"], turn=1)
    move = state.parse_move("e7-a3xb4xd6")
    b4, d6 = (state.game.grid.parse_square(name) for name in ("b4", "d6"))
    assert state.legal_moves == (move,) and state.parts(Move(move.origin, move.to)).marks == 1 << b4 | 1 << d6
    assert state.parse_move("e7-a3xd6") == move == state.parse_move("e7-c5-a3") == state.forced(Move(move.origin))


@pytest.mark.parametrize("seed", [1, 2])
def test_draughts_plays_as_openspiels_checkers_move_for_move(draughts, seed):
    pyspiel = need_pyspiel()
    game = boardgames.game_class("draughts").configure()
    grid, spiel = game.grid, pyspiel.load_game("checkers")

    def squares(state: Any, action: int) -> tuple[int, int]:
        text = state.action_to_string(state.current_player(), action)  # "a3b4": the same names as ours
        return grid.parse_square(text[:2]), grid.parse_square(text[2:])

    def jumped(start: int, end: int) -> int | None:
        (f0, r0), (f1, r1) = grid.coords(start), grid.coords(end)
        return grid.index((f0 + f1) // 2, (r0 + r1) // 2) if abs(f1 - f0) == 2 else None

    def their_moves(state: Any) -> set[Move]:
        """Every run of actions of the player to move, as our moves."""
        player, found = state.current_player(), set()

        def walk(at: Any, origin: int | None, taken: tuple[int, ...]) -> None:
            for action in at.legal_actions():
                start, end = squares(at, action)
                over = jumped(start, end)
                child, more = at.child(action), taken + ((over,) if over is not None else ())
                if not child.is_terminal() and child.current_player() == player:
                    walk(child, start if origin is None else origin, more)
                else:
                    found.add(Move(start if origin is None else origin, end, tuple(sorted(more))))

        walk(state, None, ())
        return found

    rng = random.Random(seed)
    kings_seen = captures = 0
    for _ in range(100):
        theirs, ours = spiel.new_initial_state(), game.start()
        while not theirs.is_terminal():
            assert theirs.current_player() == ours.turn and not ours.is_over
            assert their_moves(theirs) == set(ours.legal_moves), ours.describe()
            player, origin, taken = theirs.current_player(), None, []
            while not theirs.is_terminal() and theirs.current_player() == player:  # one move: a run of actions
                action = rng.choice(theirs.legal_actions())
                start, end = squares(theirs, action)
                origin = start if origin is None else origin
                taken += [sq for sq in [jumped(start, end)] if sq is not None]
                theirs.apply_action(action)
            ours = ours.play(Move(origin, end, tuple(sorted(taken))))
            planes = theirs.observation_tensor(0)  # white men, white kings, black men, black kings: 8 × 8, row 0 rank 8
            on = [{grid.index(i % 8, 7 - i // 8) for i in range(64) if planes[64 * p + i]} for p in range(4)]
            assert set(ours.pieces()) == {grid.names[sq] for sq in on[0] | on[1] | on[2] | on[3]}
            assert {sq for sq, _ in ours.view().kinds} == on[1] | on[3], ours.describe()
            kings_seen += bool(ours.kings)
            captures += len(ours.history[-1].marks) >= 2
        returns = theirs.returns()
        assert ours.outcome.winner_index == (None if returns[0] == 0 else 0 if returns[0] > 0 else 1)
    assert kings_seen and captures  # the games reach kings and captures of two pieces or more
