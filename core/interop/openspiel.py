"""Every registered game as an OpenSpiel game (the extra ``openspiel``).

    from boardgames.interop.openspiel import load
    game = load("verso", size=7)              # a pyspiel.Game
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("d4"))

The game is registered with OpenSpiel as the Python game
``boardgames_<name>`` (parameters: the game's options and ``seed``, which
sets what the game draws from it, such as a Donuts board). Actions are
:mod:`boardgames.learning.actions` (every square, ``pass``, ``end``), written in the
project's notation by ``action_to_string``; the observation tensor is the
:mod:`boardgames.learning.observation` planes laid out by
:func:`~boardgames.learning.observation.board_planes`: shape (planes, rows, files),
row 0 rank 1, column 0 file a, as OpenSpiel's own board games are and as the
PettingZoo observation is. OpenSpiel drives its states itself (its bots
clone and step them), so a state here is a position and the move being built,
not a :class:`~boardgames.play.match.Match`.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]  # an optional extra, without types

from ..learning.actions import MoveBuilder, action_count, action_text
from ..learning.observation import board_planes, layout_shape
from ..plugins.registry import game_class
from ..rendering.text import render_text
from ..rules.game import Game, State

PREFIX = "boardgames_"


def short_name(game: str) -> str:
    return PREFIX + game


def load(game: str, **options: Any) -> pyspiel.Game:
    """The registered game ``game`` as a ``pyspiel.Game``, with ``options``
    (the game's own, and ``seed``); registers it with OpenSpiel on first use."""
    register(game)
    return pyspiel.load_game(short_name(game), options)


def register(game: str) -> None:
    """Register ``game`` with OpenSpiel (once) as ``boardgames_<game>``."""
    name = short_name(game)
    if name in pyspiel.registered_names():
        return
    cls = game_class(game)
    # OpenSpiel parameters have fixed types and no None: an option without a
    # fixed default (a Donuts board drawn from the seed) defaults to "", the
    # game's own default.
    parameters: dict[str, Any] = {spec.name: "" if spec.default is None else spec.default for spec in cls.option_specs}
    parameters["seed"] = 0
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{cls.title} (boardgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=len(cls.player_names),
        min_num_players=len(cls.player_names),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )

    # A class, as OpenSpiel's own Python games register (a closure here made
    # the interpreter abort at exit once a state had moved).
    factory = type(f"SpielGame_{game}", (SpielGame,), {"game_type": game_type, "game_class": cls})
    pyspiel.register_game(game_type, factory)


_TERMINAL = pyspiel.PlayerId.TERMINAL


class SpielGame(pyspiel.Game):
    """A boardgames game seen by OpenSpiel."""

    game_type: pyspiel.GameType
    game_class: type[Game]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = params or {}
        given = {k: v for k, v in params.items() if k != "seed" and v != ""}
        self.game: Game = self.game_class.configure(given, seed=int(params.get("seed", 0)))
        grid = self.game.grid
        # A move takes at most the parts the game declares; else its origin,
        # destination, a mark on every square and `end`: a loose bound.
        per_move = self.game.parts_per_move or grid.size + 3
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(grid),
            max_chance_outcomes=0,
            num_players=len(self.game_class.player_names),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.game.max_length * per_move,
        )
        super().__init__(self.game_type, info, params)
        # A start is a value, and OpenSpiel makes a new initial state at every
        # clone (then sets its fields): one start and its builder, copied.
        self._start = MoveBuilder(self.game.start())

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self._start.state, copy.copy(self._start))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return Observer(self.game)


class SpielState(pyspiel.State):
    """A position, and the actions of the move being built in it."""

    def __init__(self, game: SpielGame, position: State, builder: MoveBuilder | None = None) -> None:
        super().__init__(game)
        self.position = position
        self.builder = MoveBuilder(position) if builder is None else builder

    def current_player(self) -> int:
        position = self.position  # asked several times an action: kept short
        return _TERMINAL if position.outcome is not None else position.turn

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``, answered here for the player to move
        (Python callers: OpenSpiel's Python bots, a random rollout): pyspiel's
        own calls this state back five times (whose turn, three times; over
        or not; the actions). Its C++ callers still
        go through ``_legal_actions``; another player's is pyspiel's answer."""
        if player is None or player == self.position.turn:  # a finished game's builder has none, as pyspiel
            builder = self.builder
            return list(builder._actions or builder.legal_actions())  # a list of its own, as pyspiel gives
        return super().legal_actions(player)

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        return self.builder.legal_actions()  # pybind takes any sequence

    def _apply_action(self, action: int) -> None:
        builder = self.builder  # this state's own (a clone copies it)
        move = builder.push(action)
        if move is not None:  # legal: the builder took each part from the position's parts
            position = self.position
            position = self.position = position.game.apply(position, move)  # play_unchecked, a frame less
            builder.restart(position)

    def _action_to_string(self, player: int, action: int) -> str:
        return action_text(self.position.game.grid, action)

    def is_terminal(self) -> bool:
        return self.position.outcome is not None

    def returns(self) -> list[float]:
        outcome = self.position.outcome
        players = len(self.position.game.player_names)
        if outcome is None or outcome.winner_index is None:
            return [0.0] * players
        return [1.0 if p == outcome.winner_index else -1.0 for p in range(players)]

    def __str__(self) -> str:
        return render_text(self.position.view())


class Observer:
    """OpenSpiel's PyObserver: the observation planes as ``tensor``."""

    def __init__(self, game: Game) -> None:
        shape = layout_shape(game)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor[:] = np.asarray(board_planes(state.position, player, state.builder.chosen), np.float32).ravel()

    def string_from(self, state: SpielState, player: int) -> str:
        chosen = " ".join(action_text(state.position.game.grid, a) for a in state.builder.chosen)
        return f"{state.position.describe()}" + (f", choosing {chosen}" if chosen else "")
