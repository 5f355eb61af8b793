"""The OpenSpiel and PettingZoo adapters and the observation planes past two
players and certainty (issue 39): any number of players, chance nodes drawn
inside the environment from its seed, each player's own view and nothing
more, returns from the game's results. Played on the toy games Race (1 to 4
players and a die) and Guess (choices at once, hidden), and on two small
board games below (Trio: three players place pieces; Blind: each player
sees only its own pieces)."""

from __future__ import annotations

import random

import attrs
import pytest

from boardgames import BitboardState, Game, Grid, Move, Outcome, bits, place, transfer
from boardgames.errors import IllegalMoveError
from boardgames.learning.observation import board_planes, plane_names, planes
from boardgames.learning.structure import structure, structure_names
from boardgames.rules.chance import outcome
from boardgames.testing import plugin
from tests.toy_games import Guess, Race


class Trio(Game[BitboardState]):
    """Three players place a piece in turn on a 3×3 board, the first to fill
    a row wins (the others share 2nd); a full board is a draw."""

    name = "trio"
    title = "Trio"
    player_names = ("red", "green", "blue")
    max_length = 9

    def setup(self) -> None:
        self.grid = Grid.get(3, 3)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self, boards=(0, 0, 0))

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        me = state.turn
        boards = transfer(state.boards, me, 1 << move.to)
        rows = [sum(1 << self.grid.index(f, r) for f in range(3)) for r in range(3)]
        outcome_ = None
        if any(boards[me] & row == row for row in rows):
            outcome_ = Outcome.placed([1 if p == me else 2 for p in range(3)], "a row")
        elif (boards[0] | boards[1] | boards[2]) == self.grid.full:
            outcome_ = Outcome.placed([1, 1, 1], "full board")
        return BitboardState(
            game=self, history=(*state.history, move), turn=(me + 1) % 3, boards=boards, outcome=outcome_
        )


class Blind(Game[BitboardState]):
    """Two players place a piece in turn on a 3×1 board; each sees only its
    own pieces (a placement on a taken cell is no move: the cells are few).
    Over once the board is full, a draw."""

    name = "blind"
    title = "Blind"
    player_names = ("north", "south")
    max_length = 3

    def setup(self) -> None:
        self.grid = Grid.get(3, 1)

    def initial_state(self) -> BitboardState:
        return BitboardState(game=self)

    def generate_moves(self, state: BitboardState) -> tuple[Move, ...]:
        return tuple(place(sq) for sq in bits(self.grid.full & ~state.occupied))

    def apply(self, state: BitboardState, move: Move) -> BitboardState:
        boards = transfer(state.boards, state.turn, 1 << move.to)
        done = Outcome(None, "full") if boards[0] | boards[1] == self.grid.full else None
        return BitboardState(
            game=self, history=(*state.history, move), turn=1 - state.turn, boards=boards, outcome=done
        )

    def hide(self, state: BitboardState, player: int | None) -> BitboardState:
        return attrs.evolve(state, boards=tuple(b if p == player else 0 for p, b in enumerate(state.boards)))

    def seen(self, state: BitboardState, move: Move, player: int | None) -> Move | None:
        return move if player == state.turn else None


class Pay(Race):
    """Race, paying OpenSpiel's way: the winner gets what the others lose (3 players: 2, -1, -1)."""

    name = "race-pay"

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.outcome is None:
            return after
        n = len(after.scores)
        won = after.outcome.places
        returns = [float(n - 1) if place == 1 and won.count(1) == 1 else -1.0 for place in won]
        if won.count(1) != 1:
            returns = [0.0] * n
        return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=tuple(returns)))


class Points(Race):
    """Race, each player's return its score: not zero-sum."""

    name = "race-points"

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.outcome is None:
            return after
        return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=tuple(map(float, after.scores))))


class Hooks:
    from boardgames import hookimpl

    @staticmethod
    @hookimpl
    def register_games(register):
        for cls in (Race, Guess, Trio, Blind, Pay, Points):
            register(cls)


@pytest.fixture(scope="module", autouse=True)
def toys():
    with plugin(Hooks, "interop-toys"):
        yield


# -- OpenSpiel ---------------------------------------------------------------
def spiel():
    return pytest.importorskip("pyspiel", reason="the extra 'openspiel' is not installed")


@pytest.mark.parametrize(("name", "options"), [("race", {"players": 3}), ("race", {}), ("guess", {}), ("trio", {})])
def test_openspiel_random_simulation_checks_pass(name, options):
    pyspiel = spiel()
    from boardgames.interop.openspiel import load

    pyspiel.random_sim_test(load(name, **options), num_sims=5, serialize=True, verbose=False)


def test_openspiel_says_how_many_play_that_chance_decides_and_its_outcomes():
    pyspiel = spiel()
    from boardgames.interop.openspiel import load

    game = load("race", players=3)
    kind = game.get_type()
    assert game.num_players() == 3 and (kind.min_num_players, kind.max_num_players) == (1, 4)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM and game.max_chance_outcomes() == 4
    state = game.new_initial_state()
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    assert [a for a, _ in state.chance_outcomes()] == [1, 2, 3]
    assert [p for _, p in state.chance_outcomes()] == pytest.approx([1 / 3] * 3)
    assert state.legal_actions() == [1, 2, 3] and state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "roll:2"
    with pytest.raises(IllegalMoveError, match="roll:0 is not an outcome"):
        state.apply_action(0)  # one line, nothing changed
    state.apply_action(2)
    assert state.current_player() == 0 and state.position.rolled == 2
    assert load("guess").get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert load("guess").get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert load("race", players=4).num_players() == 4


def finish_race(state, rolls_and_choices):
    """Apply OpenSpiel actions: each a roll then the mover's choice (0 banks, 1 lets it go)."""
    for roll, choice in rolls_and_choices:
        state.apply_action(roll)
        state.apply_action(choice)
    return state


# North banks 3 twice (6, the goal), east 2 once, south lets its 1 go: places 1, 2, 3.
THREE_WAY = [(3, 0), (2, 0), (1, 1), (3, 0)]


def test_a_three_player_win_gives_place_values_unless_the_game_gives_returns():
    pyspiel = spiel()
    from boardgames.interop.openspiel import load

    state = finish_race(load("race", players=3).new_initial_state(), THREE_WAY)
    assert state.is_terminal() and state.position.places == (1, 2, 3)
    assert state.returns() == [1.0, 0.0, -1.0]  # each place's value, summing to 0 (it gave [1, -1, -1] before)
    paid = load("race-pay", players=3)
    assert paid.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (paid.min_utility(), paid.max_utility()) == (-1.0, 2.0)
    assert finish_race(paid.new_initial_state(), THREE_WAY).returns() == [2.0, -1.0, -1.0]  # OpenSpiel's own way
    pyspiel.random_sim_test(paid, num_sims=5, serialize=True, verbose=False)
    points = load("race-points", players=3)
    assert points.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert finish_race(points.new_initial_state(), THREE_WAY).returns() == [6.0, 2.0, 0.0]
    solo = load("race")  # one player: a return of its own, no sum to keep
    assert solo.num_players() == 1 and solo.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_openspiel_returns_add_up_to_nothing_in_random_games_of_two_to_four():
    spiel()
    from boardgames.interop.openspiel import load

    rng = random.Random(5)
    for players in (2, 3, 4):
        for _ in range(10):
            state = load("race", players=players).new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
            returns = state.returns()
            assert len(returns) == players and abs(sum(returns)) < 1e-9
            assert max(returns) == 1.0 or len(set(state.position.places)) < players  # a sole winner gets 1


def guess_after(first: str):
    """Guess after north's hidden choice ``first``, as OpenSpiel state."""
    from boardgames.interop.openspiel import load

    state = load("guess").new_initial_state()
    state.apply_action(state.string_to_action(first))
    return state


def test_openspiel_shows_each_player_its_own_view_only():
    spiel()
    a1, b1 = guess_after("a1"), guess_after("b1")
    # south cannot tell north's choices apart: the same observation and information state
    assert a1.observation_string(1) == b1.observation_string(1)
    assert a1.observation_tensor(1) == b1.observation_tensor(1)
    assert a1.information_state_string(1) == b1.information_state_string(1)
    assert a1.information_state_tensor(1) == b1.information_state_tensor(1)
    assert a1.information_state_tensor(0) != b1.information_state_tensor(0)
    # the tensor: the planes, then each move as the player saw it (6 moves of 3 * 3 + 2 values: "?" at 10)
    assert len(a1.information_state_tensor(1)) == a1.get_game().information_state_tensor_size() == 6 * 3 + 6 * 11
    assert a1.information_state_tensor(1)[6 * 3 + 10] == 1.0 and a1.information_state_tensor(0)[6 * 3 + 3] == 1.0
    assert "chosen=(0" not in a1.observation_string(1) and "a1" not in a1.information_state_string(1).split("\n")[0]
    # north knows its own
    assert a1.information_state_string(0) != b1.information_state_string(0)
    assert a1.observation_string(0) != b1.observation_string(0)
    # once south has chosen, the round shows both choices to both (Guess's seen), and recall keeps it
    for state in (a1, b1):
        state.apply_action(state.string_to_action("c1"))
    assert a1.information_state_string(1) != b1.information_state_string(1)
    assert a1.information_state_string(1).startswith("? [") and "a1-c1" in a1.information_state_string(1)


def test_openspiel_hides_pieces_on_the_board_from_the_other_player():
    spiel()
    from boardgames.interop.openspiel import load

    game = load("blind")
    seen = []
    for first in ("a1", "c1"):
        state = game.new_initial_state()
        state.apply_action(state.string_to_action(first))
        seen.append((state.observation_tensor(1), state.observation_string(1), state.information_state_string(1)))
        assert sum(state.observation_tensor(0)) == 1  # north sees its piece
    assert seen[0] == seen[1]
    assert sum(seen[0][0]) == 0  # south sees none of north's pieces


# -- PettingZoo --------------------------------------------------------------
def zoo():
    pytest.importorskip("pettingzoo", reason="the extra 'rl' is not installed")
    from boardgames.interop.pettingzoo import env

    return env


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "options"), [("race", {"players": 3}), ("guess", {}), ("trio", {}), ("blind", {})])
def test_pettingzoo_api_and_seed_tests_pass(name, options):
    from pettingzoo.test import api_test, seed_test

    env = zoo()
    api_test(env(name, **options), num_cycles=200)
    seed_test(lambda: env(name, **options), num_cycles=50)


def play(e, seed: int, choose=None):
    """A whole game, random legal actions unless ``choose(agent, legal)`` says; the rewards and the history."""
    rng = random.Random(seed)
    e.reset(seed=seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = [a for a, ok in enumerate(observation["action_mask"]) if ok]
        e.step(choose(agent, legal) if choose else rng.choice(legal))
    return totals, e.unwrapped.match.state


def test_pettingzoo_draws_chance_inside_step_from_the_seed():
    env = zoo()
    e = env("race", players=3)
    assert e.possible_agents == ["north", "east", "south"]
    totals, state = play(e, 11)
    rolls = state.history[0::2]
    assert all(m.origin == outcome(1).origin for m in rolls) and state.is_over
    # the same seed, the same dice, whatever the agents choose
    _, other = play(env("race", players=3), 11, choose=lambda agent, legal: legal[-1])
    shared = min(len(state.history), len(other.history))
    assert [m for m in state.history[0:shared:2]] == [m for m in other.history[0:shared:2]]
    _, third = play(env("race", players=3), 12)
    assert third.history[0::2] != rolls
    # rewards are the returns: the places' values, adding up to 0
    assert [totals[a] for a in e.possible_agents] == list(state.returns()) and abs(sum(totals.values())) < 1e-9


def test_pettingzoo_rewards_are_the_games_returns():
    env = zoo()
    totals, state = play(env("race-pay", players=3), 4)
    assert sorted(totals.values()) in ([-1.0, -1.0, 2.0], [0.0, 0.0, 0.0])
    assert [totals[a] for a in ("north", "east", "south")] == list(state.returns())


def test_pettingzoo_shows_each_agent_its_own_view():
    env = zoo()
    seen = []
    for first in ("a1", "c1"):
        e = env("blind")
        e.reset(seed=0)
        e.step(e.unwrapped.game.grid.parse_square(first))
        seen.append(e.observe("south")["observation"])
        assert e.observe("north")["observation"][:, :, 0].sum() == 1  # (rows, files, planes): north's piece
    assert (seen[0] == seen[1]).all() and seen[0].sum() == 0
    a, b = env("guess"), env("guess")
    for e, first in ((a, 0), (b, 1)):
        e.reset(seed=0)
        e.step(first)
    assert (
        a.agent_selection == "south" and (a.observe("south")["observation"] == b.observe("south")["observation"]).all()
    )


# -- the observation planes ----------------------------------------------------
def test_planes_for_three_players_are_each_players_own_from_the_observer_on():
    game = Trio.configure()
    names = plane_names(game)
    assert names[:3] == ("my pieces", "player +1's pieces", "player +2's pieces")
    assert names[3:6] == ("my pieces in hand", "player +1's pieces in hand", "player +2's pieces in hand")
    state = game.start().play("a1").play("b2").play("c3")  # red a1, green b2, blue c3
    square = game.grid.parse_square
    for looker, order in ((0, "a1 b2 c3"), (1, "b2 c3 a1"), (2, "c3 a1 b2")):
        seen = planes(state, looker)
        assert [[sq for sq, v in enumerate(seen[k]) if v] for k in range(3)] == [[square(n)] for n in order.split()]
    laid = board_planes(state, 2)
    assert laid[0][2][2] == 1.0  # blue's own c3: row 2, file 2
    assert plane_names(Guess.configure()) == (
        "my pieces",
        "opponent's pieces",
        "my pieces in hand",
        "opponent's pieces in hand",
        "first square chosen",
        "later squares chosen",
    )  # two players: the names as before (learnt files keep them)
    # more than two: the structure sets every other player's pieces against the looker's
    features = dict(zip(structure_names(game), structure(state, 0), strict=True))
    assert features["my pieces"] == pytest.approx(1 / 9) and features["opponent's pieces"] == pytest.approx(2 / 9)


def test_planes_say_when_chance_is_to_move_and_as_many_players_as_are_configured():
    game = Race.configure({"players": 3})
    names = plane_names(game)
    assert "chance to move" in names and "player +2's pieces" in names and "player +3's pieces" not in names
    state = game.start()
    assert all(v == 1.0 for v in planes(state, 1)[names.index("chance to move")])
    assert not any(planes(state.play("roll:2"), 1)[names.index("chance to move")])
    assert plane_names(Race) == ("my pieces", "my pieces in hand", "chance to move", *names[-2:])  # the class: 1


def test_planes_show_only_what_the_observer_sees():
    game = Blind.configure()
    a, c = game.start().play("a1"), game.start().play("c1")
    assert planes(a, 1) == planes(c, 1) and not any(map(any, planes(a, 1)))
    assert planes(a, 0) != planes(c, 0)
    assert structure(a, 1) == structure(c, 1)
    over = a.play("b1").play("c1")
    assert over.is_over and sum(planes(over, 1)[1]) == 2  # once over, all is shown


def test_a_declared_returns_range_is_the_utility_range_openspiel_is_told():
    from boardgames.interop.openspiel import probe
    from tests.toy_games import Race

    class Paying(Race):
        name = "paying"
        returns_range = (0.0, 50.0)

        def apply(self, state, move):
            after = super().apply(state, move)
            if after.outcome is None:
                return after
            return attrs.evolve(after, outcome=attrs.evolve(after.outcome, returns=tuple(map(float, after.scores))))

    found = probe(Paying.configure({"players": 3}))
    assert (found.lowest, found.highest) == (0.0, 50.0)  # random games reach neither bound
