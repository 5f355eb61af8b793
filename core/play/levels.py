"""Difficulty levels for people: ``play GAME --level N``, 1 (a beginner) to 6
(the strongest, about two seconds a move).

A level is an agent spec. Each adjacent pair is calibrated with ``arena`` so
that the higher level wins about 75% of games (docs/strength.md); since the
same agent is much stronger in one game than in another (a random move costs
little in Donuts, a game in Verso), a game may declare its own measured
ladder (``Game.levels``); the others get :data:`DEFAULT_LEVELS`. Easier levels
play a random legal move now and then (the ``blunder`` setting).

Alpha-beta plays two players in full view (expectiminimax where chance
decides); a game for another number of players, or for any number where the
range of its ``players`` option holds more than two, or one that hides
information, gets :data:`RULES_ONLY_LEVELS`, Monte Carlo tree search, which
plays them all (no level names an agent that refuses its game).
"""

from __future__ import annotations

import re

from ..errors import InvalidAgentSpecError
from ..plugins.registry import make_seat
from ..rules.game import Game

LEVEL_COUNT = 6
#: What the levels are called.
LEVEL_NAMES = ("beginner", "novice", "casual", "club", "strong", "strongest")
#: The ladder of a game that declares none but has an evaluation of its own:
#: greedy and alpha-beta search it (measured on Donuts and Verso, whose own
#: ladders came from it; not on the game at hand).
DEFAULT_LEVELS = (
    "random",
    "greedy:blunder=0.5",
    "greedy",
    "alphabeta:depth=2",
    "alphabeta:time=0.5",
    "alphabeta:time=2",
)
#: The ladder of a game written with rules only (no evaluation): alpha-beta
#: with no evaluation plays near-blind, so every level above random is
#: Monte Carlo tree search, given more simulations level by level.
RULES_ONLY_LEVELS = (
    "random",
    "mcts:iterations=25",
    "mcts:iterations=100",
    "mcts:time=0.25",
    "mcts:time=1",
    "mcts:time=2",
)


def levels(game: type[Game] | Game) -> tuple[str, ...]:
    """The agent specs of levels 1 to 6 for ``game``: its own ladder where it
    declares one (measured with ``arena``), else a generic one."""
    declared = game.levels
    if len(declared) == LEVEL_COUNT:
        return declared
    cls = game if isinstance(game, type) else type(game)
    if cls.hidden_information and cls.sample is Game.sample:
        return ("random",) * LEVEL_COUNT  # no position to search from its view: random alone plays it
    return DEFAULT_LEVELS if game.has_evaluation and two_in_full_view(game) else RULES_ONLY_LEVELS


def two_in_full_view(game: type[Game] | Game) -> bool:
    """Whether every configuration of ``game`` is two players with nothing
    hidden (what alpha-beta searches): the class's range of player counts,
    so that a game's ladder does not change with its ``players`` option."""
    return not game.hidden_information and game.count_of_players() == (2, 2)


def measured(game: type[Game] | Game) -> bool:
    """Whether ``game``'s levels were measured on it (a ladder it declares),
    rather than a generic ladder never measured on this game."""
    return len(game.levels) == LEVEL_COUNT


def level_spec(game: type[Game] | Game, level: object) -> str:
    """The agent spec of level ``level`` (1 to 6) of ``game``."""
    if type(level) is not int or not 1 <= level <= LEVEL_COUNT:
        raise InvalidAgentSpecError(f"a level is a whole number from 1 to {LEVEL_COUNT}, got {level!r}")
    return levels(game)[level - 1]


def ladder(game: type[Game] | Game) -> list[tuple[int, str, str]]:
    """Each level of ``game`` as (number, name, agent spec), for listings."""
    return [
        (number, name, spec) for number, (name, spec) in enumerate(zip(LEVEL_NAMES, levels(game), strict=True), start=1)
    ]


def strongest(game: type[Game] | Game) -> str:
    """The spec of the strongest level: the adviser behind hints and the
    computer opponent of ``play``."""
    return levels(game)[-1]


def scaled(spec: str, scale: float) -> str:
    """``spec`` with every time budget multiplied by ``scale`` (measuring a
    ladder's top levels at a fraction of their time)."""
    return re.sub(r"time=([0-9.]+)", lambda m: f"time={float(m.group(1)) * scale:g}", spec)


def check_levels(game: type[Game]) -> None:
    """Raise InvalidAgentSpecError unless the levels ``game`` declares, if
    any, are six agent specs (the conformance kit checks them)."""
    if game.levels and len(game.levels) != LEVEL_COUNT:
        raise InvalidAgentSpecError(f"{game.name} declares {len(game.levels)} levels, not {LEVEL_COUNT}")
    fewest, most = game.count_of_players()
    configured = [game.configure({"players": n}) for n in {fewest, most}] if fewest != most else [game.configure()]
    for spec in game.levels:
        seat = make_seat(spec)
        if seat.agent is None:
            raise InvalidAgentSpecError(f"{game.name}: a level is an agent, not {spec!r}")
        for each in configured:
            refused = seat.agent.refuses(each)
            if refused is not None:
                raise InvalidAgentSpecError(f"{game.name}: the level {spec!r} does not play it ({refused})")
