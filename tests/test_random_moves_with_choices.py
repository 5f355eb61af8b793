"""Moves drawn part by part carry the choice their squares leave (a tile's kind, a promotion's piece, a
wall's way): the parts are squares, so a move drawn by them alone lacked it, and the agents that draw so
(MCTS's probe of mobility, its playouts and tree in parts, the random games of the OpenSpiel adapter)
played moves no rule allows. A new author's game whose every placement names its tile's kind crashed
``mcts`` at its default settings (session 18)."""

from __future__ import annotations

import random

import attrs

from boardgames import Game, Grid, Match, Move, Outcome, State, hookimpl, place
from boardgames.agents.cutoff import probe
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice
from boardgames.rules.parts import random_whole_move
from boardgames.testing import kit


@attrs.frozen(kw_only=True, slots=False)
class TilesState(State):
    tiles: tuple[tuple[int, int, int], ...] = ()  # (site, owner, kind), in site order


class Tiles(Game[TilesState]):
    """On a 3 x 3 board each player in turn places a tile of a kind they name, a square or a round one,
    on an empty cell; a full board ends the game, won by who placed more round tiles next to a square."""

    name = "tiles-with-kinds"
    player_names = ("red", "blue")
    move_choices = Choices("Which tile?", ("square", "round"), ("S", "R"))

    def setup(self) -> None:
        self.grid = Grid.get(3, 3)

    def initial_state(self) -> TilesState:
        return TilesState(game=self)

    def generate_moves(self, state: TilesState) -> tuple[Move, ...]:
        taken = {site for site, _, _ in state.tiles}
        return tuple(with_choice(place(s), k) for s in range(9) if s not in taken for k in (0, 1))

    def apply(self, state: TilesState, move: Move) -> TilesState:
        assert move.choice in (0, 1), f"a placement without its tile's kind: {move!r}"
        tiles = tuple(sorted((*state.tiles, (move.to, state.turn, move.choice))))
        after = TilesState(game=self, history=state.history + (move,), turn=1 - state.turn, tiles=tiles)
        if len(tiles) < 9:
            return after
        kinds = {site: kind for site, _, kind in tiles}
        score = [0, 0]
        for site, owner, kind in tiles:
            near = {n for ray in self.grid.rays[site][:4] for n in ray[:1]}
            score[owner] += kind == 1 and any(kinds.get(n) == 0 for n in near)
        winner = None if score[0] == score[1] else int(score[1] > score[0])
        return attrs.evolve(after, outcome=Outcome(winner, "the board is full"))

    def owners(self, state: TilesState) -> dict[int, int]:
        return {site: owner for site, owner, _ in state.tiles}


@hookimpl
def register_games(register):
    register(Tiles)


def test_a_move_drawn_by_its_parts_carries_the_choice_its_squares_leave():
    with kit.plugin(__import__(__name__), "tiles-with-kinds"):
        game = Tiles.configure({}, seed=1)
        rng = random.Random(7)
        kinds = set()
        for _ in range(30):
            state = game.start()
            while not state.is_over:
                move = random_whole_move(state, rng)
                assert move in state.legal_moves, (move, state.describe())
                kinds.add(move.choice)
                state = state.play(move)
        assert kinds == {0, 1}  # both kinds drawn


def test_mcts_at_its_default_settings_plays_a_game_whose_placements_name_a_kind():
    with kit.plugin(__import__(__name__), "tiles-with-kinds"):
        game = Tiles.configure({}, seed=1)
        assert probe(game) is not None  # MCTS's look at mobility: played moves without their kind before
        final = Match(game, ["mcts:iterations=30", "random"], seed=3).run()
        assert final.is_over and len(final.history) == 9
