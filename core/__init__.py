"""boardgames: two-player abstract strategy games on grids, with plugins.

The public API, for players' scripts, agent authors and game authors
(``docs/api.md`` lists it, group by group)::

    import boardgames
    game = boardgames.game_class("donuts").configure(seed=7)
    state = game.start().play("c3")
    state.legal_moves, state.to_move, state.status, state.to_json()

    match = boardgames.Match(game, ["mcts:iterations=500", "random"])
    match.run().result_text(), match.record().to_json()
"""

from __future__ import annotations

from . import _moved
from .agents import Agent, Budget, Seat
from .errors import (
    AgentFailure,
    AmbiguousMoveError,
    BoardgamesError,
    IllegalMoveError,
    IncompleteMoveError,
    InvalidAgentSpecError,
    InvalidMoveError,
    InvalidOptionError,
    MatchError,
    PluginError,
    RecordError,
    SaveError,
    UnknownGameError,
    WrongTypeError,
)
from .geometry import Grid, bits
from .play.match import Match
from .play.records import Forfeit, Record, load_state, read_record, save_record, state_from_json
from .plugins.hookspecs import hookimpl
from .plugins.registry import game_class, get_game, make_player, make_seat, registered_agents, registered_games
from .rendering.svg import render_svg
from .rendering.text import render_text
from .rules.bitboard import BitboardState, transfer
from .rules.chance import CHANCE, outcome, uniform
from .rules.coordinates import Coordinates
from .rules.counts import Counted, sow
from .rules.declarations import Campaign, Card, CardBox, Cards, Die, Level, MarkKind, Overlay, PieceKind, Words
from .rules.fences import Fences
from .rules.game import Game, Outcome, State, Status
from .rules.made import new_state
from .rules.moves import PASS, Move, place, placements, step
from .rules.options import ChoiceOption, FloatOption, IntOption, Option, TextOption
from .rules.parts import Parts
from .rules.piece_moves import MoveTables, PieceMoves, Promotion, every_way
from .rules.segments import Segment
from .rules.stacks import Stacked
from .rules.view import BoardView

__version__ = "0.3.0"

_moved.install()  # the paths of modules before 0.3 still import, with a warning

# Deprecated names, importable for plugins written against 0.1 but not listed:
# get_game (game_class), make_player (make_seat), state_from_json (load_state).
_DEPRECATED = (get_game, make_player, state_from_json)

__all__ = [
    # Games, positions and matches: for scripts and notebooks.
    "registered_games",
    "game_class",
    "Game",
    "State",
    "Status",
    "Outcome",
    "Move",
    "PASS",
    "Match",
    "Seat",
    "make_seat",
    "Record",
    "Forfeit",
    "read_record",
    "save_record",
    "load_state",
    "render_text",
    "render_svg",
    # Agents: for agent authors.
    "Agent",
    "Budget",
    "registered_agents",
    # Writing a game: for rule plugins.
    "hookimpl",
    "BitboardState",
    "transfer",
    "Grid",
    "bits",
    "place",
    "placements",
    "new_state",
    "step",
    "Option",
    "IntOption",
    "FloatOption",
    "ChoiceOption",
    "TextOption",
    "BoardView",
    "PieceKind",
    "PieceMoves",
    "MoveTables",
    "Promotion",
    "every_way",
    "Coordinates",
    "Counted",
    "Segment",
    "Stacked",
    "Fences",
    "sow",
    "MarkKind",
    "Overlay",
    "Words",
    "Die",
    "Cards",
    "Card",
    "CardBox",
    "Campaign",
    "Level",
    "Parts",
    "CHANCE",
    "outcome",
    "uniform",
    # Errors.
    "BoardgamesError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "IncompleteMoveError",
    "InvalidOptionError",
    "InvalidAgentSpecError",
    "UnknownGameError",
    "RecordError",
    "SaveError",
    "MatchError",
    "PluginError",
    "AgentFailure",
    "WrongTypeError",
]
