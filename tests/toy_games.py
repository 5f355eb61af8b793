"""Small games written only against the public model of players, chance,
choices at once and hidden information: the core's tests play them (they are
no built-in games and register only where a test asks)."""

from __future__ import annotations

import random

import attrs

from boardgames import Game, Grid, Move, Outcome, State, hookimpl
from boardgames.rules.chance import CHANCE, uniform
from boardgames.rules.moves import placements


@attrs.frozen(kw_only=True, slots=False)
class RaceState(State):
    scores: tuple[int, ...] = ()
    rolled: int = 0  # the die the mover may bank (0: not rolled yet)
    mover: int = 0  # whose turn it is once the die is rolled


class Race(Game[RaceState]):
    """1 to 4 players. A die (1 to 3) is rolled for the mover, who banks it
    (a1) or lets it go (b1); the first to ``goal`` ends the game, the others
    placed by their scores. Solo: reach the goal in as few turns as you can."""

    name = "race"
    title = "Race"
    player_names = ("north", "east", "south", "west")
    player_count = (1, 4)
    max_length = 400

    def setup(self) -> None:
        self.grid = Grid.get(2, 1)
        self.goal = 6

    def initial_state(self) -> RaceState:
        return RaceState(game=self, turn=CHANCE, scores=(0,) * self.number_of_players)

    def chance_outcomes(self, state: RaceState) -> tuple[tuple[Move, float], ...]:
        return uniform((1, 2, 3))

    def generate_moves(self, state: RaceState) -> tuple[Move, ...]:
        return placements(0b11)

    def apply(self, state: RaceState, move: Move) -> RaceState:
        history = (*state.history, move)
        if state.turn == CHANCE:
            return attrs.evolve(state, history=history, turn=state.mover, rolled=move.to)
        scores = list(state.scores)
        if move.to == 0:
            scores[state.turn] += state.rolled
        nxt = (state.turn + 1) % len(scores)
        outcome = None
        if max(scores) >= self.goal or len(history) >= self.max_length - 1:
            outcome = Outcome.ranked(scores, f"{self.goal} reached")
        return RaceState(
            game=self, history=history, turn=CHANCE, scores=tuple(scores), rolled=0, mover=nxt, outcome=outcome
        )

    def evaluate(self, state: RaceState, player: int) -> float:
        mine = state.scores[player]
        return max(-0.99, min(0.99, (mine - max(state.scores)) / self.goal)) if len(state.scores) > 1 else mine / 10

    def owners(self, state: RaceState) -> dict[int, int]:
        return {}


@attrs.frozen(kw_only=True, slots=False)
class GuessState(State):
    chosen: tuple[int, ...] = (-1, -1)  # this round's choices (-1: none yet; -2: hidden)
    score: tuple[int, ...] = (0, 0)
    rounds: int = 0


class Guess(Game[GuessState]):
    """Two players each pick a cell (a1 to c1) at once; the same cell scores
    for north, different cells for south. Three rounds."""

    name = "guess"
    title = "Guess"
    player_names = ("north", "south")
    max_length = 6

    def setup(self) -> None:
        self.grid = Grid.get(3, 1)

    def initial_state(self) -> GuessState:
        return GuessState(game=self)

    def asked(self, state: GuessState) -> tuple[int, ...]:
        return (0, 1) if state.chosen == (-1, -1) else (1,)

    def generate_moves(self, state: GuessState) -> tuple[Move, ...]:
        return placements(0b111)

    def apply(self, state: GuessState, move: Move) -> GuessState:
        history = (*state.history, move)
        if state.turn == 0:
            return attrs.evolve(state, history=history, turn=1, chosen=(move.to, -1))
        a, b = state.chosen[0], move.to
        score = (state.score[0] + (a == b), state.score[1] + (a != b))
        rounds = state.rounds + 1
        outcome = Outcome.ranked(score, "three rounds") if rounds == 3 else None
        return GuessState(
            game=self, history=history, turn=0, chosen=(-1, -1), score=score, rounds=rounds, outcome=outcome
        )

    def hide(self, state: GuessState, player: int | None) -> GuessState:
        if state.chosen[0] >= 0 and player != 0:
            return attrs.evolve(state, chosen=(-2, -1))
        return state

    def seen(self, state: GuessState, move: Move, player: int | None) -> Move | None:
        # A round's first choice is unseen by the others until the second is made; that one shows both
        # (written first-second), which is what the score then tells everyone.
        if state.turn == 0:
            return move if player == 0 else None
        return Move(state.chosen[0], move.to)

    def sample(self, view: GuessState, player: int, rng: random.Random) -> GuessState:
        if view.chosen[0] == -2:
            return attrs.evolve(view, chosen=(rng.randrange(3), -1))
        return view

    def owners(self, state: GuessState) -> dict[int, int]:
        return {}


class Toys:
    """Race and Guess as a plugin: ``with boardgames.testing.plugin(Toys, "toys"): ...``."""

    @staticmethod
    @hookimpl
    def register_games(register):  # type: ignore[no-untyped-def]
        register(Race)
        register(Guess)
