"""Moves made in parts (issue 24): the parts every game answers, and every
front end going part by part for a game that lists no whole moves (Amazons,
examples/amazons): the action encoding and the adapters, the terminal, the
engine protocol and MCTS."""

from __future__ import annotations

import random

import pytest

import boardgames
from boardgames import Move, Parts
from boardgames.agents.base import Budget
from boardgames.agents.mcts import MctsAgent
from boardgames.geometry import bits
from boardgames.learning.actions import MoveBuilder, decode, encode
from boardgames.protocol.server import EngineSession
from boardgames.rules.parts import NOTHING_YET, from_moves, next_steps, random_move, walks, whole_moves
from boardgames.testing import plugin
from helpers import install_example, load_example, run_with


@pytest.fixture(scope="module")
def amazons():
    with plugin(load_example("amazons"), "amazons"):
        yield boardgames.game_class("amazons").configure()


@pytest.mark.parametrize("name", ["donuts", "verso"])
def test_the_parts_derived_from_the_legal_moves_give_them_back(name):
    """Invariant over seeded random games: walking the default parts finds
    exactly the legal moves, and each legal move walks."""
    rng = random.Random(5)
    for seed in range(6):
        state = boardgames.game_class(name).configure(seed=seed).start()
        while not state.is_over:
            moves = state.legal_moves
            parts = lambda partial, state=state: from_moves(state.legal_moves, partial)  # noqa: E731
            assert whole_moves(parts) == moves
            assert all(walks(parts, move) for move in rng.sample(moves, min(len(moves), 8)))
            state = state.play(rng.choice(moves))


def test_a_game_in_parts_is_played_without_listing_its_moves(amazons):
    state = amazons.start()
    d1 = amazons.grid.parse_square("d1")
    assert state.parts() == Parts(origins=amazons.grid.mask(map(amazons.grid.parse_square, ["a4", "d1", "g1", "j4"])))
    after = state.play("d1-d7xg7")
    assert "legal_moves" not in state.__dict__  # checked by walking the parts
    assert after.history == (state.parse_move("d1-d7xg7"),)
    assert state.parse_partial("d1") == Move(d1) and state.parse_partial("") == NOTHING_YET
    with pytest.raises(boardgames.IllegalMoveError, match="e3 does not follow 'd1'"):
        state.parse_partial("d1-e3")  # not a queen's line
    with pytest.raises(boardgames.IllegalMoveError, match="no one may pass"):
        state.parse_partial("pass")


def test_the_adapters_give_one_action_a_part(amazons):
    pytest.importorskip("pyspiel")
    from boardgames.interop.openspiel import load

    spiel = load("amazons")
    assert spiel.max_game_length() == amazons.max_length * 3  # parts_per_move: exact, not size + 3 a move
    spiel_state = spiel.new_initial_state()
    assert len(spiel_state.legal_actions()) == 4  # the movable amazons, not 2,176 moves
    rng = random.Random(2)
    state = amazons.start()
    for _ in range(10):  # the same moves, a part at a time, as the state plays them whole
        move = random_move(state.parts, rng)
        for action in encode(state, move):
            spiel_state.apply_action(action)
        assert decode(state, encode(state, move)) == move
        state = state.play(move)
        assert spiel_state.position == state
    builder = MoveBuilder(state)
    assert len(builder.legal_actions()) == state.parts().origins.bit_count()
    pytest.importorskip("pettingzoo")
    from boardgames.interop.pettingzoo import env

    zoo = env("amazons")
    zoo.reset(seed=1)
    assert zoo.observe(zoo.agent_selection)["action_mask"].sum() == 4


def test_the_engine_protocol_answers_for_a_move_being_made(amazons):
    session = EngineSession()
    assert session.handle("game amazons") == "ok"
    assert session.handle("legal") == "parts origins a4 d1 g1 j4"
    targets = session.handle("legal d1")
    assert targets.startswith("parts targets ") and " d7 " in targets and "end" not in targets
    assert session.handle("legal d1-d7").startswith("parts marks ")
    assert session.handle("legal d1-d7xg7") == "parts end"
    assert session.handle("legal d1-e3").startswith("error ")
    session = EngineSession()
    session.handle("game verso")
    assert session.handle("legal").startswith("legal a1 ")  # a game that lists its moves lists them


def test_mcts_searches_part_by_part(amazons):
    state = amazons.start()
    agent = MctsAgent()
    move = agent.choose(state, Budget(iterations=300), random.Random(1))
    assert state.is_legal(move) and move.marks
    root = agent.root
    assert root is not None and 1 <= len(root.children) <= 4  # a child per amazon, not per move
    assert all(child.partial.to < 0 for child in root.children)
    assert sum(child.visits for child in root.children) == 300
    after = state.play(move)
    reply = agent.choose(after, Budget(iterations=50), random.Random(2))
    assert after.is_legal(reply) and agent.stats["reused"] > 0  # the tree followed the move's parts
    steps = next_steps(state.parts, NOTHING_YET)
    assert len(steps) == 4 and all(step.origin >= 0 and step.to < 0 for step in steps)


def test_random_playouts_draw_part_by_part_and_finish(amazons):
    start = amazons.start()
    winners = {start.playout(random.Random(seed), "random") for seed in range(20)}
    assert winners <= {0, 1} and len(winners) == 2


def test_the_terminal_asks_for_the_rest_of_a_move_a_part_at_a_time(tmp_path_factory, tmp_path):
    site = install_example("amazons", tmp_path_factory.mktemp("amazons-play"))
    typed = "moves\nd1\nd7\ng7\na7\nz9\n"  # white's move in three parts; black answers a square offered by none
    done = run_with(site, "-m", "boardgames", "play", "amazons", "--players", "human,human", input=typed, cwd=tmp_path)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "origins a4 d1 g1 j4" in out  # 'moves': how a move starts, not 2,176 moves
    assert "Move d1 where? " in out and "Shoot where? " in out
    assert "moves: d1-d7xg7" in out
    assert "Move a7 where? " in out and "'z9' is none of those; the move is not played." in out
    assert "Traceback" not in done.stderr


class Hops(boardgames.Game[boardgames.BitboardState]):
    """A hopper on h1 must jump leftwards over every stone it can (g1, then
    e1, then c1) and ends on b1: one move, whose marks the game offers in
    jump order, the reverse of square order (as draughts' captures come)."""

    name = "hops"
    title = "Hops"
    player_names = ("hopper", "stones")
    words = boardgames.Words(changed="jumped", choice="Jump which stone next?")
    parts_per_move = 5
    max_length = 1

    def setup(self) -> None:
        self.grid = boardgames.Grid.get(8, 1)  # a row: a square's number is its file's

    def initial_state(self) -> boardgames.BitboardState:
        start = (self.grid.mask([7]), self.grid.mask([2, 4, 6]))  # h1; c1, e1, g1
        return boardgames.BitboardState(game=self, boards=start)

    def landing(self, state: boardgames.BitboardState, here: int, taken: int = 0) -> int:
        """Where the hopper's chain of jumps from ``here`` ends, ``taken`` stones jumped already."""
        stones = state.boards[1] & ~taken
        while here >= 2 and stones >> (here - 1) & 1 and not state.occupied >> (here - 2) & 1:
            here, taken = here - 2, taken | 1 << (here - 1)
        return here

    def next_parts(self, state: boardgames.BitboardState, partial: Move) -> Parts:
        origin, to, marks = partial
        if origin < 0:
            return Parts(origins=state.boards[0])
        if to < 0:
            return Parts(targets=1 << self.landing(state, origin))
        here = origin - 2 * len(marks)  # the jumps so far, whatever order the set of them is held in
        if here > to:
            return Parts(marks=1 << (here - 1))
        return Parts(complete=True)

    def apply(self, state: boardgames.BitboardState, move: Move) -> boardgames.BitboardState:
        taken = self.grid.mask(move.marks)
        boards = (1 << move.to, state.boards[1] & ~taken)
        outcome = boardgames.Outcome(0, "the hopper went through")
        return boardgames.BitboardState(
            game=self, history=(move,), turn=1, boards=boards, changed=taken, outcome=outcome
        )


class HopsHooks:
    @staticmethod
    @boardgames.hookimpl
    def register_games(register):
        register(Hops)


def test_marks_offered_in_another_order_than_the_squares_still_make_the_move():
    """A game may offer a move's marks in its own order (jumps); the move,
    its marks a set, is listed, legal, typed, encoded and searched."""
    with plugin(HopsHooks, "hops"):
        assert boardgames.testing.kit.check_game(Hops, games=3) > 0
        state = Hops.configure().start()
        move = Move(7, 1, (2, 4, 6))  # h1-b1xc1xe1xg1
        assert state.legal_moves == (move,) and state.is_legal(move)
        fresh = Hops.configure().start()
        assert fresh.is_legal(move) and "legal_moves" not in fresh.__dict__  # found by walking its parts
        assert state.format_move(move) == "h1-b1xc1xe1xg1" and state.parse_move("h1-b1xc1xe1xg1") == move
        assert encode(state, move) == (7, 1, 6, 4, 2)  # the jumps in the order they are offered
        assert decode(state, (7, 1, 6, 4, 2)) == move
        with pytest.raises(boardgames.IllegalMoveError):
            decode(state, (7, 1, 2, 4, 6))  # c1 cannot be jumped first
        seat = boardgames.make_seat("mcts:iterations=30")
        assert boardgames.Match(state, [seat, seat], seed=1).run().history == (move,)


def test_parts_with_no_alternative_are_filled_in():
    """Moves that leave out forced parts are completed for a game in parts
    too: the jumps of 'h1-b1', and everything after 'h1'."""
    with plugin(HopsHooks, "hops"):
        state = Hops.configure().start()
        move = Move(7, 1, (2, 4, 6))
        assert state.parse_move("h1-b1") == move and state.parse_move("h1") == move
        assert state.forced(Move(7)) == move and state.forced(NOTHING_YET) == move
        assert state.play("h1-b1xe1").history == (move,)  # a jump in the middle typed: the rest follow


def test_the_terminal_lists_a_few_whole_moves_and_asks_nothing_forced(cli):
    with plugin(HopsHooks, "hops"):
        done = cli("play", "hops", "--players", "human,human", input="moves\nh1\n")
    assert done.code == 0, done.err
    assert "legal: h1-b1xc1xe1xg1" in done.out  # one move: listed whole, not "origins h1"
    assert "\nh1-b1xc1xe1xg1\n" in done.out.replace("hopper> ", "\n")  # 'moves'
    assert "Jump which stone next?" not in done.out and "hopper wins: the hopper went through" in done.out


def test_a_replayed_move_that_is_only_begun_is_one_line_not_an_internal_error(amazons, cli):
    # replay added the move's number by making the error again from its text: an IncompleteMoveError
    # (which carries the move being made) could not be made so, and show said "internal error".
    run = cli("show", "amazons", "--moves", "d1")
    assert run.code == 1
    assert run.err.strip() == "Error: move 1: 'd1' is only the start of a move in amazons at the start"
    with pytest.raises(boardgames.IncompleteMoveError) as raised:
        amazons.replay(["d1"])
    assert raised.value.partial == Move(amazons.grid.parse_square("d1"))


def _listed_random_move(next_parts, rng, partial=NOTHING_YET):
    """random_move as it was written before issue 39: each part drawn by rng.choice from the listed squares."""
    from boardgames.rules.parts import MARK, PASS, extend, started

    parts = next_parts(partial)
    squares = bits(parts.squares)
    if not started(partial) and parts.can_pass and rng.randrange(len(squares) + 1) == len(squares):
        return PASS
    while squares:
        square = rng.choice(squares)
        partial = extend(partial, square, parts.role(square) or MARK)
        parts = next_parts(partial)
        squares = bits(parts.squares)
        if parts.complete and squares and rng.randrange(len(squares) + 1) == len(squares):
            break
    return partial


def test_a_random_move_drawn_from_the_masks_is_the_one_drawn_from_the_listed_squares(amazons):
    """random_move counts a mask's squares and takes the k-th without listing
    them (issue 39): the same seed gives the same moves, and the same random
    numbers left, as drawing each part from the list of squares."""
    for game in (amazons, boardgames.game_class("verso").configure()):
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            state = game.start()
            while not state.is_over and len(state.history) < 60:
                move = random_move(state.parts, ours)
                assert move == _listed_random_move(state.parts, theirs) and ours.random() == theirs.random()
                state = state.play(move)


def test_a_random_move_told_the_most_parts_asks_nothing_more_and_draws_the_same(amazons):
    """Told the game's parts_per_move, random_move stops asking once a move
    has that many parts (a playout's last question of every move), and
    draws the very same moves and random numbers as without."""
    asked: list[Move] = []
    for seed in range(3):
        ours, theirs = random.Random(seed), random.Random(seed)
        state = amazons.start()
        while not state.is_over and len(state.history) < 40:

            def counted(partial: Move = NOTHING_YET, state: boardgames.State = state) -> Parts:
                asked.append(partial)
                return state.parts(partial)

            move = random_move(counted, ours, most=amazons.parts_per_move)
            assert move == random_move(state.parts, theirs) and ours.random() == theirs.random()
            state = state.play(move)
    assert asked and all(len(p.marks) + (p.to >= 0) + (p.origin >= 0) < amazons.parts_per_move for p in asked)


class _OwnRandom(random.Random):
    """A generator with its own random(): Python draws its integers another way (no getrandbits)."""

    def random(self) -> float:
        return super().random()


def test_a_random_move_from_any_generator_draws_as_its_randrange(amazons):
    """random_move writes out random.Random's own integer draw (issue 39: two
    calls fewer a part); a generator that draws otherwise (its own random())
    is asked its randrange: the same moves, and the same numbers left, as the
    list of squares drawn from by choice."""
    for make in (random.Random, _OwnRandom):
        for seed in range(2):
            ours, theirs = make(seed), make(seed)
            state = amazons.start()
            while not state.is_over and len(state.history) < 30:
                move = random_move(state.parts, ours, most=amazons.parts_per_move)
                assert move == _listed_random_move(state.parts, theirs) and ours.random() == theirs.random()
                state = state.play(move)


def test_a_random_move_picks_a_piece_as_one_shared_move(amazons):
    """A random move's first part, the piece picked, is the one ``Move(square)``
    the core keeps for that square (issue 39: no new tuple each move): the
    games asked about the same piece are asked with the same object."""
    asked: dict[int, list[Move]] = {}
    rng = random.Random(4)
    state = amazons.start()
    while not state.is_over and len(state.history) < 40:

        def counted(partial: Move = NOTHING_YET, state: boardgames.State = state) -> Parts:
            if partial.origin >= 0 and partial.to < 0:
                asked.setdefault(partial.origin, []).append(partial)
            return state.parts(partial)

        state = state.play(random_move(counted, rng))
    again = [picks for picks in asked.values() if len(picks) > 1]
    assert again and all(p is picks[0] and p == Move(picks[0].origin) for picks in again for p in picks)
