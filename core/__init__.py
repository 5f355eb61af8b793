"""boardgames: two-player abstract strategy games on grids, with plugins.

The public API, for players' scripts, agent authors and game authors::

    import boardgames
    game = boardgames.get_game("donuts").configure(seed=7)
    state = game.start().play("c3")
    state.legal_moves, state.to_move, state.status, state.to_json()
"""

from __future__ import annotations

from .agents import Agent, Budget, Seat
from .errors import (
    AmbiguousMoveError,
    BoardgamesError,
    IllegalMoveError,
    InvalidAgentSpecError,
    InvalidMoveError,
    InvalidOptionError,
    PluginError,
    RecordError,
    UnknownGameError,
    WrongTypeError,
)
from .game import BitboardState, Game, Outcome, State, Status, transfer
from .geometry import AXES, AXIS_NAMES, DIRECTIONS, Grid, bits
from .hookspecs import hookimpl
from .moves import PASS, Move, format_move, parse_move, place, step
from .options import ChoiceOption, FloatOption, IntOption, Option, TextOption
from .plugins import PluginWarning, load_plugins, plugin_infos
from .records import load_state, state_from_json
from .registry import get_game, make_player, make_seat, registered_agents, registered_games
from .render import render_text
from .view import BoardView

__version__ = "0.1.0"

__all__ = [
    "Agent",
    "Budget",
    "FloatOption",
    "InvalidAgentSpecError",
    "Seat",
    "make_player",
    "make_seat",
    "registered_agents",
    "AXES",
    "AXIS_NAMES",
    "AmbiguousMoveError",
    "BitboardState",
    "BoardView",
    "BoardgamesError",
    "ChoiceOption",
    "DIRECTIONS",
    "Game",
    "Grid",
    "IllegalMoveError",
    "IntOption",
    "InvalidMoveError",
    "InvalidOptionError",
    "Move",
    "Option",
    "Outcome",
    "PASS",
    "PluginError",
    "PluginWarning",
    "RecordError",
    "State",
    "Status",
    "TextOption",
    "UnknownGameError",
    "WrongTypeError",
    "bits",
    "format_move",
    "get_game",
    "hookimpl",
    "load_plugins",
    "load_state",
    "parse_move",
    "place",
    "plugin_infos",
    "registered_games",
    "render_text",
    "state_from_json",
    "step",
    "transfer",
]
