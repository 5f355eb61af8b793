"""The agents past two players and certainty (issue 39): random, greedy, MCTS
and alpha-beta for any number of players, chance and hidden information,
played on the toy games of tests/toy_games.py and on small games below."""

from __future__ import annotations

import multiprocessing
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import attrs
import pytest
from click.testing import CliRunner

from boardgames import Game, Grid, Match, Move, Outcome, State, hookimpl
from boardgames.agents.alphabeta import WIN, AlphaBetaAgent
from boardgames.agents.base import Budget
from boardgames.agents.mcts import MctsAgent
from boardgames.agents.mcts.tree import Branch
from boardgames.agents.simple import GreedyAgent
from boardgames.agents.solver import Prover, Unsolved, endgame_move, solve
from boardgames.cli import cli
from boardgames.errors import InvalidAgentSpecError
from boardgames.play.levels import DEFAULT_LEVELS, RULES_ONLY_LEVELS, check_levels, levels
from boardgames.plugins.registry import make_seat
from boardgames.rules.chance import CHANCE, outcome
from boardgames.rules.moves import placements
from boardgames.testing import plugin
from tests.toy_games import Guess, GuessState, Race, RaceState


def play_out(game: Game, seats: list[str]) -> Match:
    match = Match(game, seats)
    match.run()
    return match


# -- N players ---------------------------------------------------------------
@pytest.mark.parametrize(
    "spec", ["mcts:iterations=50", "mcts:iterations=50:playout=random", "mcts:iterations=50:playout=heuristic:rave=on"]
)
def test_mcts_plays_four_players_to_the_end(spec):
    # two-sided MCTS crashed here: IndexError at record[state.turn] in its recorded playouts
    match = play_out(Race.configure({"players": 4}, seed=1), [spec] * 4)
    assert match.is_over and sorted(match.places.values())[0] == 1


def test_every_node_keeps_every_players_value():
    state = Race.configure({"players": 3}, seed=2).start().play("roll:2")
    agent = MctsAgent(playout="random")
    agent.choose(state, Budget(iterations=300), random.Random(0))
    root = agent.root
    assert isinstance(root, Branch) and root.visits == 300
    for child in root.children:
        assert len(child.totals) == 3 and child.mover == 0
        assert child.wins == pytest.approx((child.totals[0] + child.visits) / 2)


@pytest.mark.parametrize("players", [3, 4])
def test_a_stronger_mcts_beats_random_players(players):
    wins = 0
    for seed in range(12):
        seats = ["mcts:iterations=200:playout=random"] + ["random"] * (players - 1)
        match = play_out(Race.configure({"players": players}, seed=seed), seats)
        wins += match.places["north"] == 1
    # a seat among equals would win about 12 / players; banking every die, MCTS wins most
    assert wins >= 8, wins


def test_greedy_plays_the_best_for_itself_with_several_players():
    state = Race.configure({"players": 3}, seed=2).start()
    state = state.play("roll:3").play("a1").play("roll:2").play("a1").play("roll:1")  # south to bank or not
    assert state.turn == 2
    assert GreedyAgent(blunder=0.0).choose(state, Budget(), random.Random(0)) == state.parse_move("a1")


# -- chance --------------------------------------------------------------------
class Loaded(Race):
    """Race with a loaded die: 1 comes up 60% of the time, 2 30%, 3 10%."""

    name = "loaded"
    title = "Loaded"

    def chance_outcomes(self, state: RaceState) -> tuple[tuple[Move, float], ...]:
        return ((outcome(1), 0.6), (outcome(2), 0.3), (outcome(3), 0.1))


def test_mcts_samples_chance_by_its_probabilities():
    state = Loaded.configure({"players": 2}, seed=1).start().play("roll:2")
    agent = MctsAgent(playout="random")
    agent.choose(state, Budget(iterations=3000), random.Random(5))
    counts: Counter[int] = Counter()
    for child in agent.root.children:  # each move leads to the next roll: a child for each outcome met
        for roll in child.children:
            assert roll.mover == CHANCE
            counts[roll.move.to] += roll.visits
    total = sum(counts.values())
    assert total > 2500
    for face, p in ((1, 0.6), (2, 0.3), (3, 0.1)):
        assert counts[face] / total == pytest.approx(p, abs=0.04), counts


def test_playouts_draw_chance_from_the_state(monkeypatch):
    drawn = []
    real = State.draw_chance

    def counted(self, rng):
        drawn.append(self.turn)
        return real(self, rng)

    monkeypatch.setattr(State, "draw_chance", counted)
    state = Loaded.configure({"players": 2}, seed=1).start().play("roll:2")
    MctsAgent(playout="random").choose(state, Budget(iterations=50), random.Random(1))
    assert len(drawn) > 50 and set(drawn) == {CHANCE}  # the tree's and the playouts' rolls


@attrs.frozen(kw_only=True, slots=False)
class DuelState(State):
    roll: int = 0
    gambled: bool = False


class Duel(Game[DuelState]):
    """North gambles (a1) or settles for a draw (b1). A gamble rolls a loaded
    die (1: 10%, 2: 30%, 3: 60%); then south picks a1 (adds 0) or b1 (adds 1)
    and north wins if the roll and south's number reach 3, else south wins."""

    name = "duel"
    title = "Duel"
    player_names = ("north", "south")
    solve_at = 10

    def setup(self) -> None:
        self.grid = Grid.get(2, 1)

    def initial_state(self) -> DuelState:
        return DuelState(game=self)

    def chance_outcomes(self, state: DuelState) -> tuple[tuple[Move, float], ...]:
        return ((outcome(1), 0.1), (outcome(2), 0.3), (outcome(3), 0.6))

    def generate_moves(self, state: DuelState) -> tuple[Move, ...]:
        return placements(0b11)

    def apply(self, state: DuelState, move: Move) -> DuelState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            return attrs.evolve(state, history=history, turn=1, roll=move.to)
        if state.turn == 0:
            if move.to == 1:
                return attrs.evolve(state, history=history, turn=1, outcome=Outcome(None, "settled"))
            return attrs.evolve(state, history=history, turn=CHANCE, gambled=True)
        won = state.roll + move.to >= 3
        return attrs.evolve(state, history=history, outcome=Outcome(0 if won else 1, "the roll"))

    def evaluate(self, state: DuelState, player: int) -> float:
        if state.turn == CHANCE:
            value = -0.5  # before the roll, north fears it
        else:
            value = 0.1 * state.roll
        return value if player == 0 else -value

    def endgame_size(self, state: DuelState) -> int:
        return 2

    def owners(self, state: DuelState) -> dict[int, int]:
        return {}


def test_expectiminimax_values_chance_by_its_probabilities():
    game = Duel.configure()
    agent = AlphaBetaAgent()
    gamble, settle = placements(0b11)
    # to the end: south picks a1 (adds 0), so north wins on a 3 alone, at ply 2
    move = agent.choose(game.start(), Budget(depth=2), random.Random(0))
    assert agent.values[gamble] == pytest.approx(0.6 * (WIN - 2) - 0.4 * (WIN - 2))
    assert agent.values[settle] == 0.0
    assert move == gamble
    # one ply: the chance event (no depth of its own), then the evaluation after each roll
    agent.choose(game.start(), Budget(depth=1), random.Random(0))
    assert agent.values[gamble] == pytest.approx(0.1 * (0.1 * 1 + 0.3 * 2 + 0.6 * 3))


def test_greedy_values_a_chance_event_by_expectation():
    game = Duel.configure()
    # after a1 the roll is due: its outcomes' mean (0.25), not the evaluation before it (-0.5)
    move = GreedyAgent(blunder=0.0).choose(game.start(), Budget(), random.Random(0))
    assert move == placements(0b11)[0]


def test_nothing_is_proven_where_chance_remains():
    game = Duel.configure()
    start = game.start()
    assert endgame_move(start, None) is None
    with pytest.raises(Unsolved, match="nothing is proven"):
        solve(start)
    with pytest.raises(Unsolved, match="nothing is proven"):
        Prover().prove(start)
    agent = MctsAgent()
    agent.choose(start, Budget(iterations=100), random.Random(0))
    assert "solved" not in agent.stats and all(not child.proven for child in agent.root.children)
    ab = AlphaBetaAgent()
    ab.choose(start, Budget(depth=3), random.Random(0))
    assert "solved" not in ab.stats


# -- hidden information --------------------------------------------------------
class Trap:
    """What a hidden part is replaced by in a view: reading it fails the test."""

    def __getattribute__(self, name):
        raise AssertionError(f"an agent read a hidden part ({name})")

    def __eq__(self, other):
        raise AssertionError("an agent compared a hidden part")

    __hash__ = None  # type: ignore[assignment]

    def __bool__(self):
        raise AssertionError("an agent read a hidden part")


@attrs.frozen(kw_only=True, slots=False)
class SecretState(GuessState):
    secret: object = -1  # the round's first choice; chosen[0] is -2 once made, to everyone


class Secret(Guess):
    """Guess whose first choice is kept in ``secret``: a view of south's
    before it chooses holds a :class:`Trap` there, which fails the test if read."""

    name = "secret"

    def initial_state(self) -> SecretState:
        return SecretState(game=self)

    def apply(self, state: SecretState, move: Move) -> SecretState:
        history = (*state.history, move)
        if state.turn == 0:
            return attrs.evolve(state, history=history, turn=1, chosen=(-2, -1), secret=move.to)
        a, b = state.secret, move.to
        score = (state.score[0] + (a == b), state.score[1] + (a != b))
        rounds = state.rounds + 1
        return SecretState(
            game=self,
            history=history,
            turn=0,
            score=score,
            rounds=rounds,
            outcome=Outcome.ranked(score, "three rounds") if rounds == 3 else None,
        )

    def hide(self, state: SecretState, player: int | None) -> SecretState:
        if state.chosen[0] == -2 and player != 0:
            return attrs.evolve(state, secret=Trap())
        return state

    def sample(self, view: SecretState, player: int, rng: random.Random) -> SecretState:
        self.samples += 1
        if view.chosen[0] == -2 and player != 0:
            return attrs.evolve(view, secret=rng.randrange(3))
        return view

    samples = 0


@pytest.mark.parametrize("spec", ["mcts:iterations=60", "mcts:iterations=60:playout=random", "greedy", "random"])
def test_agents_search_positions_drawn_from_their_view_and_never_read_hidden_parts(spec):
    game = Secret.configure(seed=4)
    game.samples = 0
    match = play_out(game, ["random", spec])  # south chooses after north, whose choice it may not see
    assert match.is_over
    if spec.startswith("mcts"):
        assert game.samples >= 3 * 60  # each of its simulations drew a position consistent with its view
    elif spec == "greedy":
        assert game.samples > 0


def test_a_view_with_a_trap_fails_when_read():
    view = Secret.configure().start().play("a1").seen_by(1)
    with pytest.raises(AssertionError, match="hidden"):
        view.play_unchecked(view.legal_moves[0])  # the rules read the secret: an agent may not play on the view


def test_alphabeta_refuses_what_it_cannot_search_in_one_line(tmp_path, monkeypatch):
    three = Race.configure({"players": 3})
    assert "use mcts" in AlphaBetaAgent.refuses(three)
    assert "use mcts" in AlphaBetaAgent.refuses(Guess.configure())
    assert AlphaBetaAgent.refuses(Race.configure({"players": 2})) is None
    with pytest.raises(InvalidAgentSpecError, match="use mcts"):
        AlphaBetaAgent().choose(three.start().play("roll:1"), Budget(depth=2), random.Random(0))

    class Hooks:
        @staticmethod
        @hookimpl
        def register_games(register):
            register(Guess)

    monkeypatch.chdir(tmp_path)
    with plugin(Hooks, "guess"):
        result = CliRunner().invoke(cli, ["play", "guess", "--players", "alphabeta,random", "--seed", "1"], input="")
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert result.output.strip().splitlines()[-1].startswith("Error: alphabeta searches games in full view")


# -- levels --------------------------------------------------------------------
@pytest.mark.parametrize("game", [Race, Guess, Loaded])
def test_no_level_names_an_agent_that_refuses_the_game(game):
    fewest, most = game.count_of_players()
    for count in range(fewest, most + 1):
        configured = game.configure({"players": count}) if fewest != most else game.configure()
        for spec in levels(game):
            seat = make_seat(spec)
            assert seat.agent.refuses(configured) is None, (spec, count)
        state = configured.start()
        if state.is_chance:
            state = state.play(state.legal_moves[0])
        for spec in levels(game):  # each level plays a move there (a few simulations for the timed ones)
            seat = make_seat(spec)
            budget = Budget(iterations=20) if "time" in spec else seat.budget
            assert seat.agent.choose(state.seen_by(state.turn), budget, random.Random(0)) in state.legal_moves


def test_a_declared_ladder_naming_a_refusing_agent_is_refused():
    class Ladder(Race):
        name = "ladder"
        levels = ("random", "greedy", "greedy", "alphabeta:depth=2", "mcts:time=1", "mcts:time=2")

    with pytest.raises(InvalidAgentSpecError, match="use mcts"):
        check_levels(Ladder)


def test_two_players_in_full_view_keep_alpha_beta_with_chance_too():
    class Pair(Race):
        name = "pair"
        player_count = 2

    assert levels(Pair) == DEFAULT_LEVELS  # expectiminimax plays them
    assert levels(Race) == levels(Guess) == RULES_ONLY_LEVELS  # up to four players; hidden information


# -- the same seed, the same choices -------------------------------------------
def seeded_games(seed: int) -> list[tuple[str, ...]]:
    """Whole games of Race (3 players) and Secret from ``seed``, as their moves."""
    race = play_out(Race.configure({"players": 3}, seed=seed), ["mcts:iterations=40", "greedy", "mcts:iterations=30"])
    secret = play_out(Secret.configure(seed=seed), ["mcts:iterations=30", "mcts:iterations=30:playout=random"])
    return [tuple(m.state.format_move(mv) for mv in m.state.history) for m in (race, secret)]


def test_the_same_seed_gives_the_same_choices_whatever_the_workers():
    seeds = [0, 1, 2, 3]
    alone = [seeded_games(seed) for seed in seeds]
    spawn = multiprocessing.get_context("spawn")  # fresh interpreters: another hash seed each
    with ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        shared = list(pool.map(seeded_games, seeds))
    assert shared == alone


def test_the_review_reads_the_general_tree_as_it_reads_the_two_sided_one():
    from boardgames.analysis.review import Reviewer

    match = play_out(Race.configure({"players": 3}, seed=1), ["random"] * 3)
    valued = Reviewer(Budget(iterations=200), seed=0).value(match.positions[3])
    assert valued is not None and valued.source == "search" and 0 <= valued.win <= 100
    assert len(valued.line) > 1 and valued.line[1].startswith("roll:")  # the line goes on through chance's outcomes


def test_a_match_refuses_a_seat_whose_agent_refuses_the_game_before_any_move():
    with pytest.raises(
        InvalidAgentSpecError, match="^alphabeta searches two-player games, and this race has 3: use mcts$"
    ):
        Match(Race.configure({"players": 3}), ["random", "alphabeta", "random"])
    with pytest.raises(InvalidAgentSpecError, match="hides information: use mcts"):
        Match(Guess.configure(), ["alphabeta:depth=2", "random"])
    assert not Match(Race.configure({"players": 2}), ["alphabeta:depth=2", "mcts"]).is_over


def test_a_hidden_game_that_draws_no_positions_is_played_by_random_alone():
    class Blind(Guess):
        name = "blind"
        sample = Game.sample  # hides information, draws no position consistent with a view

    game = Blind.configure()
    for spec in ("mcts", "greedy", "alphabeta"):
        refused = make_seat(spec).agent.refuses(game)
        assert refused is not None and "\n" not in refused, spec
    assert "does not draw them (Game.sample): use random" in MctsAgent.refuses(game)
    with pytest.raises(InvalidAgentSpecError, match="use random"):
        Match(game, ["mcts", "random"])
    assert set(levels(Blind)) == set(levels(game)) == {"random"}
    assert play_out(game, ["random", "random"]).is_over
