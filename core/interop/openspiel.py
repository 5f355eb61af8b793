"""Every registered game as an OpenSpiel game (the extra ``openspiel``).

    from boardgames.interop.openspiel import load
    game = load("verso", size=7)              # a pyspiel.Game
    state = game.new_initial_state()
    state.apply_action(state.string_to_action("d4"))

The game is registered with OpenSpiel as the Python game
``boardgames_<name>`` (parameters: the game's options, ``players`` among
them where the game takes a range of players, and ``seed``, which sets what
the game draws from it, such as a Donuts board). Actions are
:mod:`boardgames.learning.actions` (every square, ``pass``, ``end``), written in the
project's notation by ``action_to_string``; where chance decides, the
current player is ``pyspiel.PlayerId.CHANCE`` and each outcome ``roll:k`` is
the chance action ``k`` (:meth:`SpielState.chance_outcomes`, with its
probability). The game's type says what the game is: explicit stochastic
where it has chance, imperfect information where it hides some of a
position, zero-sum where every finished game's returns add up to 0
(:meth:`State.returns <boardgames.rules.game.State.returns>`, the returns).
Each player's observation and information state show that player's view
only (:meth:`State.seen_by <boardgames.rules.game.State.seen_by>`). The
observation tensor is the :mod:`boardgames.learning.observation` planes laid
out by :func:`~boardgames.learning.observation.board_planes`: shape (planes,
rows, files), row 0 rank 1, column 0 file a, as OpenSpiel's own board games
are. OpenSpiel drives its states itself (its bots clone and step them), so a
state here is a position and the move being built, not a
:class:`~boardgames.play.match.Match`.
"""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]  # an optional extra, without types

from ..learning.actions import MoveBuilder, action_count, action_text, choice_count
from ..learning.observation import board_planes, layout_shape
from ..plugins.registry import game_class
from ..rendering.text import render_text
from ..rules.chance import CHANCE, CHANCE_ORIGIN, HIDDEN_ORIGIN, draw, outcome
from ..rules.game import Game, State
from ..rules.parts import random_whole_move

PREFIX = "boardgames_"
#: How many random games :func:`probe` plays to learn what the declarations do not say.
PROBE_GAMES = 8


def short_name(game: str) -> str:
    return PREFIX + game


def load(game: str, **options: Any) -> pyspiel.Game:
    """The registered game ``game`` as a ``pyspiel.Game``, with ``options``
    (the game's own, ``players`` among them, and ``seed``); registers it with
    OpenSpiel on first use."""
    register(game)
    return pyspiel.load_game(short_name(game), options)


#: The most values an information state tensor may hold (beyond, a game gives none).
MOST_RECALLED = 1 << 20


def _game_type(cls: type[Game], utility: Any = None, recall_tensor: bool = False) -> pyspiel.GameType:
    """The game's type; ``utility`` and whether it has an information state
    tensor, those of a configured game (as registered: zero-sum, none)."""
    fewest, most = cls.count_of_players()
    # OpenSpiel parameters have fixed types and no None: an option without a
    # fixed default (a Donuts board drawn from the seed) defaults to "", the
    # game's own default.
    parameters: dict[str, Any] = {spec.name: "" if spec.default is None else spec.default for spec in cls.option_specs}
    parameters["seed"] = 0
    hidden = cls.hidden_information
    return pyspiel.GameType(
        short_name=short_name(cls.name),
        long_name=f"{cls.title} (boardgames)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if cls.has_chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM if utility is None else utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=fewest,
        provides_information_state_string=True,
        provides_information_state_tensor=recall_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def register(game: str) -> None:
    """Register ``game`` with OpenSpiel (once) as ``boardgames_<game>``."""
    name = short_name(game)
    if name in pyspiel.registered_names():
        return
    cls = game_class(game)
    game_type = _game_type(cls)
    # A class, as OpenSpiel's own Python games register (a closure here made
    # the interpreter abort at exit once a state had moved).
    factory = type(f"SpielGame_{game}", (SpielGame,), {"game_type": game_type, "game_class": cls})
    pyspiel.register_game(game_type, factory)


@attrs.frozen
class Probe:
    """What OpenSpiel asks of a game that its declarations do not say, found
    by playing :data:`PROBE_GAMES` random games from the start (seeded: the
    same answer every time): the most chance outcomes (one more than the
    largest outcome number met), and the least and most return, and whether
    every game's returns added up to 0. A game that ends by places alone
    (no :attr:`Outcome.returns <boardgames.rules.game.Outcome.returns>`)
    needs no probe for its returns: each is a place's value from -1 to 1,
    and they add up to 0 with two players or more."""

    chance_outcomes: int
    lowest: float
    highest: float
    zero_sum: bool


@functools.lru_cache(maxsize=64)
def probe(game: Game) -> Probe:
    """The :class:`Probe` of a configured game (cached: games are equal by their options)."""
    rng = random.Random(f"{game.name}/probe")
    most = 0
    lowest, highest, zero_sum = -1.0, 1.0, game.number_of_players > 1
    for _ in range(PROBE_GAMES):
        state = game.start()
        for _ in range(game.max_length + 1):
            if state.outcome is not None:
                break
            if state.turn == CHANCE:
                outcomes = game.chance_outcomes(state)
                most = max(most, 1 + max(move.to for move, _ in outcomes))
                state = game.apply(state, draw(outcomes, rng))
            elif game.moves_in_parts:
                state = game.apply(state, random_whole_move(state, rng))
            else:
                state = game.apply(state, rng.choice(state.legal_moves))
        if state.outcome is None:
            continue
        returns = state.returns()
        lowest, highest = min(lowest, *returns), max(highest, *returns)
        zero_sum = zero_sum and abs(sum(returns)) < 1e-9
    if game.number_of_players == 1:  # a solo game's one return: its place's value, 1 or -1, or what it says
        zero_sum = False
    if game.returns_range is not None:  # what the game declares, not what random games happened to reach
        lowest, highest = game.returns_range
    return Probe(most, float(lowest), float(highest), zero_sum)


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
        found = probe(self.game)
        self.probe = found
        # A move takes at most the parts the game declares; else its origin,
        # destination, a mark on every square and `end`: a loose bound.
        per_move = self.game.parts_per_move or grid.size + 3
        utility = pyspiel.GameType.Utility.ZERO_SUM if found.zero_sum else pyspiel.GameType.Utility.GENERAL_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(grid, choice_count(self.game)),
            max_chance_outcomes=found.chance_outcomes,
            num_players=self.game.number_of_players,
            min_utility=found.lowest,
            max_utility=found.highest,
            utility_sum=0.0 if found.zero_sum else None,
            max_game_length=self.game.max_length * per_move,
        )
        #: Each move's width in the information state tensor (:func:`recalled`), and how many moves it holds.
        self.move_width = 3 * grid.size + 2 + found.chance_outcomes
        self.moves_recalled = self.game.max_length
        recall_tensor = self.game.hidden_information and self.move_width * self.moves_recalled <= MOST_RECALLED
        game_type = _game_type(self.game_class, utility, recall_tensor)
        super().__init__(game_type, info, params)
        # A start is a value, and OpenSpiel makes a new initial state at every
        # clone (then sets its fields): one start and its builder, copied.
        self._start = MoveBuilder(self.game.start())

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self._start.state, copy.copy(self._start))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        return Observer(self, iig_obs_type)


class SpielState(pyspiel.State):
    """A position, and the actions of the move being built in it."""

    def __init__(self, game: SpielGame, position: State, builder: MoveBuilder | None = None) -> None:
        super().__init__(game)
        self.position = position
        self.builder = MoveBuilder(position) if builder is None else builder

    def current_player(self) -> int:
        position = self.position  # asked several times an action: kept short
        return _TERMINAL if position.outcome is not None else position.turn  # CHANCE is OpenSpiel's -1 too

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's ``legal_actions``, answered here for the player to move
        (Python callers: OpenSpiel's Python bots, a random rollout): pyspiel's
        own calls this state back five times (whose turn, three times; over
        or not; the actions). Its C++ callers still
        go through ``_legal_actions``; another player's is pyspiel's answer."""
        position = self.position
        if player is None or player == position.turn:  # a finished game's builder has none, as pyspiel
            if position.turn == CHANCE and position.outcome is None:
                return sorted(move.to for move in position.legal_moves)
            builder = self.builder
            return list(builder._actions or builder.legal_actions())  # a list of its own, as pyspiel gives
        return super().legal_actions(player)

    def _legal_actions(self, player: int) -> tuple[int, ...]:
        return self.builder.legal_actions()  # pybind takes any sequence

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance event due here, as OpenSpiel's chance
        actions (``roll:k`` is ``k``) with their probabilities, by action."""
        return sorted((move.to, p) for move, p in self.position.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.turn == CHANCE:
            # checked (pyspiel checks legality only if asked to): an outcome not due raises, in one line
            position = self.position = position.play(outcome(int(action)))
            self.builder.restart(position)
            return
        builder = self.builder  # this state's own (a clone copies it)
        move = builder.push(action)
        if move is not None:  # legal: the builder took each part from the position's parts
            position = self.position = position.game.apply(position, move)  # play_unchecked, a frame less
            builder.restart(position)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.position.game
        if player == CHANCE:
            return game.format_outcome(outcome(action))
        return action_text(game.grid, action, game.move_choices)

    def is_terminal(self) -> bool:
        return self.position.outcome is not None

    def returns(self) -> list[float]:
        """Each player's return once the game is over (``State.returns``:
        the game's own, else each place's value from -1 to 1); 0 before."""
        position = self.position
        if position.outcome is None:
            return [0.0] * position.game.number_of_players
        return list(position.returns())

    def __str__(self) -> str:
        return render_text(self.position.view())


def fields_text(state: State) -> str:
    """Every field of a position but its game and history, ``name=value``:
    what a position holds beyond its board (scores, a die to play)."""
    skip = ("game", "history", "outcome", "turn")
    return " ".join(f"{f.name}={getattr(state, f.name)!r}" for f in attrs.fields(type(state)) if f.name not in skip)


def observation_text(state: State, player: int | None) -> str:
    """What ``player`` (None: a spectator) sees of ``state`` now, in words:
    whose turn, the board and the position's other fields, of its view
    (:meth:`State.seen_by <boardgames.rules.game.State.seen_by>`) only."""
    view = state.seen_by(player)
    who = "over: " + state.result_text() if state.outcome is not None else f"{view.to_move} to move"
    return f"{who}\n{render_text(view.view())}\n{fields_text(view)}"


def information_text(state: State, player: int | None) -> str:
    """All that ``player`` knows of ``state``, never forgotten (OpenSpiel's
    information state, perfect recall): the moves as the player saw them, in
    a game with hidden information each followed by what the player saw of
    the position it made, then the position now as the player sees it."""
    game = state.game
    if not game.hidden_information or state.outcome is not None:
        return " ".join(state.written_history()) + "\n" + observation_text(state, player)
    steps = []
    position = game.start()
    seen = state.seen_history(player)
    for move, shown in zip(state.history[len(position.history) :], seen[len(position.history) :], strict=True):
        position = position.play_unchecked(move)
        text = "?" if shown.origin == HIDDEN_ORIGIN else position.format_move(shown)
        steps.append(f"{text} [{fields_text(game.hide(position, player))}]")
    return " ".join(steps) + "\n" + observation_text(state, player)


def recalled(state: State, player: int | None, width: int, out: np.ndarray) -> None:
    """The moves as ``player`` saw them, one row of ``out`` (zeros, moves ×
    ``width``) each: its origin (one-hot over the squares), its destination,
    its marks, ``pass``, ``?`` (a move not seen), then a chance outcome's
    number (one-hot): the information state tensor's record of the game."""
    size = state.game.grid.size
    for row, move in zip(out, state.seen_history(player), strict=False):
        if move.origin == HIDDEN_ORIGIN:
            row[3 * size + 1] = 1.0
        elif move.origin == CHANCE_ORIGIN:
            if 3 * size + 2 + move.to < width:
                row[3 * size + 2 + move.to] = 1.0
        elif move.is_pass:
            row[3 * size] = 1.0
        else:
            if move.origin >= 0:
                row[move.origin] = 1.0
            if move.to >= 0:
                row[size + move.to] = 1.0
            for mark in move.marks:
                row[2 * size + mark] = 1.0


class Observer:
    """OpenSpiel's PyObserver: the observation planes as ``tensor`` (and, for
    the information state, ``moves``: the moves the player saw,
    :func:`recalled`); the observation or the information state
    (``perfect_recall``) as a string, of one player's view (``private_info``
    single player, the default), of what is public (none: a spectator's
    view) or, as a string, of everything (all players; the tensor is still
    the player's view)."""

    def __init__(self, spiel: SpielGame, iig_obs_type: Any = None) -> None:
        game = spiel.game
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        self.recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.everything = private == pyspiel.PrivateInfoType.ALL_PLAYERS
        shape = layout_shape(game)
        planes = int(np.prod(shape))
        self.width = spiel.move_width
        moves = spiel.moves_recalled if self.recall and spiel.get_type().provides_information_state_tensor else 0
        self.tensor = np.zeros(planes + moves * self.width, np.float32)
        self.dict = {"observation": np.reshape(self.tensor[:planes], shape)}
        if moves:
            self.dict["moves"] = np.reshape(self.tensor[planes:], (moves, self.width))

    def set_from(self, state: SpielState, player: int) -> None:
        position = state.position
        chosen = state.builder.chosen if player == position.turn and not self.public_only else ()
        if self.public_only and position.game.hidden_information and position.outcome is None:
            position = position.game.hide(position, None)  # what a spectator sees, from the player's side
        self.dict["observation"][:] = np.asarray(board_planes(position, player, chosen), np.float32)
        if "moves" in self.dict:
            moves = self.dict["moves"]
            moves.fill(0.0)
            recalled(state.position, None if self.public_only else player, self.width, moves)

    def string_from(self, state: SpielState, player: int) -> str:
        position = state.position
        looker: int | None = None if self.public_only else player
        if self.everything:  # the whole position, hidden or not
            moves = " ".join(position.written_history())
            return f"{moves}\n{render_text(position.view())}\n{fields_text(position)}"
        text = information_text(position, looker) if self.recall else observation_text(position, looker)
        if player == position.turn and not self.public_only:
            chosen = " ".join(
                action_text(position.game.grid, a, position.game.move_choices) for a in state.builder.chosen
            )
            text += f"\nchoosing {chosen}" if chosen else ""
        return text
