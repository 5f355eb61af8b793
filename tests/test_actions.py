"""The one action encoding (boardgames.learning.actions): every legal move of thousands
of seeded random positions of every game encodes to its own action sequence
and decodes back; walking the legal actions finds exactly the legal moves."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames.errors import IllegalMoveError, WrongTypeError
from boardgames.learning.actions import (
    MoveBuilder,
    UnencodableError,
    action_count,
    action_text,
    decode,
    encode,
    end_action,
    pass_action,
)
from boardgames.rules.moves import PASS, Move, place, step
from boardgames.testing import plugin
from helpers import TICTACTOE, load_othello


def positions(game: boardgames.Game, games: int, seed: int):
    """Every position of ``games`` seeded random games (end positions included)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.start()
        yield state
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves))
            yield state


def walk(builder: MoveBuilder, state: boardgames.State) -> list[Move]:
    """Every move reachable by choosing legal actions, depth first."""
    found = []
    for action in builder.legal_actions():
        twin = MoveBuilder(state)
        for earlier in builder.chosen:
            twin.push(earlier)
        move = twin.push(action)
        found.extend([move] if move is not None else walk(twin, state))
    return found


def check_positions(game: boardgames.Game, games: int, seed: int) -> int:
    checked = 0
    grid = game.grid
    for state in positions(game, games, seed):
        sequences = {}
        for move in state.legal_moves:
            actions = encode(state, move)
            assert actions not in sequences, (state.describe(), move, sequences.get(actions))
            assert all(0 <= a < action_count(grid) for a in actions)
            assert decode(state, actions) == move
            sequences[actions] = move
        walked = walk(MoveBuilder(state), state)
        assert sorted(walked) == sorted(state.legal_moves), state.describe()
        checked += 1
    return checked


GAMES = [
    ("donuts", {}, 45),
    ("verso", {}, 12),
    ("verso", {"flip": "adjacent"}, 12),
    ("verso", {"size": 5, "pieces": 4}, 20),
]


@pytest.mark.parametrize(("name", "options", "games"), GAMES)
def test_every_legal_move_encodes_and_decodes_uniquely(name, options, games):
    total = 0
    for seed in range(3):
        game = boardgames.game_class(name).configure(options, seed=seed)
        total += check_positions(game, games // 3 + 1, seed)
    assert total > 1000


def test_othello_and_a_third_party_game_encode_with_no_code_of_their_own():
    with plugin(load_othello(), "othello-under-test"):
        assert check_positions(boardgames.game_class("othello").configure(), 25, 1) > 1000
    namespace: dict[str, object] = {}
    exec(TICTACTOE, namespace)
    tictactoe = namespace["TicTacToe"].configure()  # type: ignore[attr-defined]
    assert check_positions(tictactoe, 150, 2) > 1000


def test_passes_are_one_action():
    with plugin(load_othello(), "othello-under-test"):
        game = boardgames.game_class("othello").configure()
        for state in positions(game, 40, 3):
            if PASS in state.legal_moves:
                assert state.legal_moves == (PASS,)
                assert encode(state, PASS) == (pass_action(game.grid),)
                assert MoveBuilder(state).legal_actions() == (pass_action(game.grid),)
                return
    pytest.fail("no pass in 40 random Othello games")


def offering(*moves: Move) -> boardgames.State:
    """A Donuts start position made to offer exactly ``moves`` (the legal
    moves a state keeps once found): shapes of moves no built-in game has."""
    game = boardgames.game_class("donuts").configure(seed=1)
    game.parts_per_move = None  # Donuts' one part a move no longer holds
    state = game.start()
    state.__dict__["legal_moves"] = tuple(sorted(moves))
    return state


def test_end_closes_a_move_that_a_longer_one_continues():
    # An optional capture: d1 alone, or d1 taking e1 (Verso's flips are never optional).
    plain, taking = place(3), Move(-1, 3, (4,))
    state = offering(plain, taking, place(5))
    grid = state.game.grid
    assert encode(state, plain) == (3, end_action(grid))
    assert encode(state, taking) == (3, 4)
    builder = MoveBuilder(state)
    assert builder.legal_actions() == (3, 5)
    assert builder.push(3) is None
    assert builder.legal_actions() == (4, end_action(grid))
    assert builder.push(end_action(grid)) == plain
    assert decode(state, [3, 4]) == taking
    with pytest.raises(IllegalMoveError, match="only the start of a move"):
        decode(state, [3])
    with pytest.raises(IllegalMoveError, match="go on past the move"):
        decode(state, [5, 4])


def test_steps_start_at_their_origin():
    game = boardgames.game_class("verso").configure({"size": 5, "pieces": 2})
    for state in positions(game, 20, 5):
        steps = [m for m in state.legal_moves if m.origin >= 0]
        if steps:
            move = steps[0]
            assert encode(state, move)[:2] == (move.origin, move.to)
            assert move.origin in MoveBuilder(state).legal_actions()
            return
    pytest.fail("no step in 20 random Verso games")


def test_an_action_that_continues_no_move_is_refused_with_the_position():
    game = boardgames.game_class("donuts").configure({"first": "vanilla"}, seed=7)
    state = game.replay(["c3", "d3"])
    builder = MoveBuilder(state)
    with pytest.raises(IllegalMoveError, match=r"action 0 \(a1\) continues no legal move in donuts after c3 d3"):
        builder.push(0)
    with pytest.raises(IllegalMoveError, match="continues no legal move"):
        builder.push(end_action(game.grid))  # end closes nothing before a square
    with pytest.raises(WrongTypeError, match="whole number"):
        builder.push("a1")  # type: ignore[arg-type]
    assert builder.chosen == ()  # nothing was taken
    with pytest.raises(IllegalMoveError):
        encode(state, place(0))


def test_numpy_style_integers_are_actions():
    class Index:  # what numpy's integers provide
        def __init__(self, n):
            self.n = n

        def __index__(self):
            return self.n

    state = boardgames.game_class("donuts").configure(seed=1).start()
    assert MoveBuilder(state).push(Index(14)) == place(14)  # type: ignore[arg-type]


def test_two_moves_with_the_same_squares_cannot_be_encoded():
    # A position that offers both the placement a1 marking b1 and the step a1-b1.
    # a1 is then both a placement's square and a piece to move: the action a1 cannot say which.
    builder = MoveBuilder(offering(Move(-1, 0, (1,)), step(0, 1)))
    with pytest.raises(UnencodableError, match="a1.*two kinds of move"):
        builder.push(0)


def test_actions_are_named_in_the_notation():
    grid = boardgames.game_class("donuts").configure(seed=1).grid
    assert [action_text(grid, a) for a in (0, 7, 36, 37)] == ["a1", "b2", "pass", "end"]
    assert action_count(grid) == 38
    with pytest.raises(IllegalMoveError, match="not an action"):
        action_text(grid, 38)
