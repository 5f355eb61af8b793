"""Every registered game as a PettingZoo AEC environment (the extra ``rl``).

    from boardgames.interop.pettingzoo import env
    e = env("verso", size=7)
    e.reset(seed=3)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are the game's players, as many as the configured game has (the
option ``players`` where the game takes a range); actions are
:mod:`boardgames.learning.actions` (every square, ``pass``, ``end``), so one
agent acts several times in a row while it builds a move of several squares
(a Verso step, a flip choice). Chance is no agent: each chance event is
drawn inside ``step`` (and ``reset``) from the seed given to ``reset``, as a
:class:`~boardgames.play.match.Match` draws it, so the same seed gives the same
dice. Observations are the :mod:`boardgames.learning.observation` planes of
what the agent sees (its view, in a game with hidden information), laid out
as PettingZoo's classic games lay theirs (connect_four_v3, go_v5, chess_v6):
shape (rows, files, planes), row 0 rank 1, column 0 file a; with
``planes_first=True``, (planes, rows, files) as the OpenSpiel tensor and as
this environment gave before. The action mask is beside them. Rewards at the
end are the players' returns (:meth:`State.returns
<boardgames.rules.game.State.returns>`: +1/-1/0 for two players). The
environment drives a :class:`~boardgames.play.match.Match` with a person at
each seat, as every front end does.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]  # no type information
from pettingzoo.utils import wrappers  # type: ignore[import-untyped, unused-ignore]

from ..learning.actions import MoveBuilder, action_count, choice_count
from ..learning.observation import board_planes, layout_shape
from ..play.match import Match
from ..plugins.registry import game_class
from ..rendering.text import render_text
from ..rules.game import Game


def env(game: str, render_mode: str | None = None, planes_first: bool = False, **options: Any) -> AECEnv:
    """The game ``game`` with ``options`` as a PettingZoo AEC environment,
    wrapped as PettingZoo's classic games are (an illegal action ends the game
    with -1 for the one who played it; actions out of range and calls out of
    order raise). ``planes_first``: observations shaped (planes, rows, files)
    rather than PettingZoo's (rows, files, planes)."""
    raw = raw_env(game, render_mode=render_mode, planes_first=planes_first, **options)
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


RENDER_MODES = ("ansi",)


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    metadata = {"render_modes": list(RENDER_MODES), "name": "boardgames", "is_parallelizable": False, "render_fps": 1}

    def __init__(self, game: str, render_mode: str | None = None, planes_first: bool = False, **options: Any) -> None:
        super().__init__()
        #: Whether observations are (planes, rows, files) rather than (rows, files, planes).
        self.planes_first = planes_first
        self.game_class = game_class(game)
        self.options = dict(options)
        self.game: Game = self.game_class.configure(self.options)  # checks the options now
        if render_mode not in (None, *RENDER_MODES):
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)} or None, got {render_mode!r}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"boardgames_{self.game.name}"}
        self.possible_agents = list(self.game.player_names)
        grid = self.game.grid
        planes, rows, files = layout_shape(self.game)
        shape = (planes, rows, files) if planes_first else (rows, files, planes)
        n = action_count(grid, choice_count(self.game))
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0.0, high=1.0, shape=shape, dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> gymnasium.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` sets the game's own randomness (a Donuts board),
        as ``--seed`` does on the command line, and the chance events (the
        same seed, the same dice); without one, they are drawn afresh."""
        self.game = self.game_class.configure(self.options, seed=seed)
        # A match draws its chance events from its seed: without one, a fresh one (not the same dice every game).
        self.match = Match(self.game, seed=random.SystemRandom().randrange(2**63) if seed is None else seed)
        self.builder = MoveBuilder(self.match.state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.match.state.to_move or self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.match.state
        player = self.possible_agents.index(agent)
        grid = self.game.grid
        chosen = self.builder.chosen if agent == state.to_move else ()
        observation = np.asarray(board_planes(state, player, chosen), dtype=np.float32)
        if not self.planes_first:  # PettingZoo's classic layout: (rows, files, planes)
            observation = np.ascontiguousarray(np.moveaxis(observation, 0, -1))
        mask = np.zeros(action_count(grid, choice_count(self.game)), dtype=np.int8)
        if agent == state.to_move:
            mask[list(self.builder.legal_actions())] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        move = self.builder.push(action)  # type: ignore[arg-type]
        if move is not None:
            state = self.match.play(move, by=agent)
            self.builder = MoveBuilder(state)
            if state.is_over:
                returns = state.returns()
                for name in self.agents:
                    self.rewards[name] = float(returns[self.possible_agents.index(name)])
                    self.terminations[name] = True
                    self.infos[name] = {"result": state.result_text()}
            else:
                self.agent_selection = state.to_move or agent
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        return render_text(self.match.state.view())

    def close(self) -> None:
        pass
