"""What the framework expects of each declaration a game makes, checked when
the game registers (its class) and once it is configured (what ``setup`` set
on the instance): a plugin attribute that happens to share a declaration's
name (a Hex plugin's own ``self.edges``, a ``players = 2``) is one clear
error naming it, never an exception deep inside a renderer or an agent."""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..errors import PluginError
from ..geometry import Grid
from .coordinates import Coordinates
from .declarations import Campaign, MarkKind, Overlay, PieceKind, Words
from .notation import AlgebraicNotation, CoordinateNotation
from .options import Option
from .players import count_range
from .segments import Segment
from .stacks import Stacked


def _text(value: object) -> bool:
    return isinstance(value, str)


def _texts(value: object) -> bool:
    return isinstance(value, Sequence) and all(isinstance(v, str) for v in value)


def _tuple_of(kind: type) -> Callable[[object], bool]:
    return lambda value: isinstance(value, (tuple, list)) and all(isinstance(v, kind) for v in value)


def _flag(value: object) -> bool:
    return isinstance(value, bool)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _positive(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0


def _blocks(value: object) -> bool:
    return value is None or (
        isinstance(value, tuple) and len(value) == 2 and all(_count(v) and _positive(v) for v in value)
    )


def _edges(value: object) -> bool:
    return isinstance(value, Mapping) and all(isinstance(k, str) and _count(v) for k, v in value.items())


#: Each declaration: the test of its value, and what the framework expects there, in words.
DECLARATIONS: dict[str, tuple[Callable[[object], bool], str]] = {
    "title": (_text, "the name shown to people, a text"),
    "summary": (_text, "one line for 'boardgames list', a text"),
    "rules_text": (_text, "the rules as played here, a text"),
    "player_names": (_texts, "the players' names, a tuple of texts"),
    "option_specs": (_tuple_of(Option), "the options, a tuple of boardgames.Option"),
    "colours": (_texts, "each player's colour, a tuple of '#rrggbb' texts"),
    "symbols": (_texts, "each player's Unicode symbol, a tuple of texts"),
    "piece_kinds": (_tuple_of(PieceKind), "the kinds of the players' pieces, a tuple of boardgames.PieceKind"),
    "neutral_kinds": (_tuple_of(PieceKind), "the kinds of neutral pieces, a tuple of boardgames.PieceKind"),
    "mark_kinds": (_tuple_of(MarkKind), "the marks on squares, a tuple of boardgames.MarkKind"),
    "overlay_kinds": (_tuple_of(Overlay), "the overlays, a tuple of boardgames.Overlay"),
    "words": (lambda v: isinstance(v, Words), "the game's words, a boardgames.Words"),
    "segment": (
        lambda v: v is None or isinstance(v, Segment),
        "what the game draws between points, a boardgames.Segment or None",
    ),
    "stacked": (
        lambda v: v is None or (isinstance(v, Stacked) and _count(v.levels) and v.levels >= 1),
        "what the game's piles of pieces are, a boardgames.Stacked (levels from 1) or None",
    ),
    "edges": (_edges, "the board's sides that belong to a player, a mapping of side name to player index"),
    "board_labels": (
        lambda v: v is None or isinstance(v, Coordinates),
        "the labels of the board's files and ranks, a boardgames.rules.coordinates.Coordinates or None",
    ),
    "turned_players": (
        lambda v: v is None or (isinstance(v, tuple) and all(_count(p) for p in v)),
        "the players whose pieces are drawn turned half round, a tuple of player indices or None",
    ),
    "checkered": (_flag, "whether square cells alternate dark and light, True or False"),
    "blocks": (_blocks, "the (files, ranks) of each block the board is drawn in, two whole numbers, or None"),
    "drawn_within": (
        lambda v: v is None or (_count(v) and _positive(v)),
        "how many steps from a taken site the board is drawn, a whole number from 1 or None",
    ),
    "connects": (_flag, "whether the edges make a connection game (worked out from them), True or False"),
    "max_length": (_positive, "the most moves a game can last, a number"),
    "reference_loop": (lambda v: v is None or callable(v), "a hand-written loop of random games, or None"),
    "solve_at": (_count, "the endgame size from which agents solve exactly, a whole number"),
    "levels": (_texts, "agent specs for levels 1 to 6, a tuple of texts"),
    "quick_wins_test": (_flag, "whether wins_at_once is quick, True or False"),
    "moves_in_parts": (_flag, "whether moves are made in parts (next_parts), True or False"),
    "parts_per_move": (lambda v: v is None or _count(v), "the most actions a move takes, a whole number or None"),
    "has_evaluation": (_flag, "whether the game has an evaluation of its own, True or False"),
    "history_in_key": (_flag, "whether a position's future depends on its history, True or False"),
    "move_notation": (
        lambda v: v is None or isinstance(v, (AlgebraicNotation, CoordinateNotation)),
        "the notation the game writes its moves in, an AlgebraicNotation, a CoordinateNotation or None",
    ),
    "explains_illegal": (_flag, "whether the game says why a move is illegal, True or False"),
    "player_count": (
        lambda v: count_range(v) is not None,
        "how many play, a whole number from 1 or (fewest, most)",
    ),
    "chance_word": (_text, "the word a chance outcome is written with, a text"),
    "chance_words": (
        lambda v: isinstance(v, tuple) and all(isinstance(w, str) and w for w in v),
        "the other words format_outcome writes chance outcomes with, a tuple of texts",
    ),
    "has_chance": (_flag, "whether chance decides some positions (chance_outcomes), True or False"),
    "hidden_information": (_flag, "whether some of a position is hidden from some players (hide), True or False"),
    "returns_range": (
        lambda v: v is None
        or (
            isinstance(v, tuple)
            and len(v) == 2
            and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
            and v[0] <= v[1]
        ),
        "the least and most return, a (low, high) pair of numbers or None",
    ),
    "grid": (lambda v: isinstance(v, Grid), "the board's geometry, a boardgames.Grid (set by setup)"),
    "board_drawn": (_flag, "whether the grid is drawn as a board, True or False"),
    "campaign": (lambda v: v is None or isinstance(v, Campaign), "the solo levels played in turn, a Campaign or None"),
}

#: Properties of the framework's that a plugin may not replace by a value of another kind.
PROPERTIES: dict[str, tuple[Callable[[object], bool], str]] = {
    "players": (_texts, "the players in turn order (deprecated: turn_order), a tuple of texts"),
    "turn_order": (_texts, "the players in turn order, a tuple of texts"),
}


def clash(game: Any, base: type, configured: bool = False) -> str | None:
    """What is wrong with the first declaration of ``game`` (a Game subclass,
    or a configured instance) that is not what the framework expects there,
    in one line; None if every one fits. ``base`` is the Game class itself."""
    cls = game if isinstance(game, type) else type(game)
    own = vars(game) if configured and not isinstance(game, type) else {}
    for name, found in own.items():  # what setup set on the instance: checked at every configure
        if name in DECLARATIONS:
            fits, expected = DECLARATIONS[name]
            if not (found is None and getattr(base, name, None) is None) and not fits(found):
                return _said(cls, name, found, expected, True)
        elif name in _methods(base) and not callable(found):
            return _method_said(cls, f"self.{name}", name, found)
    return _class_clash(cls, base, configured)


@functools.cache
def _class_clash(cls: type, base: type, configured: bool) -> str | None:
    """:func:`clash` for what the class itself declares: the same for every
    instance, so worked out once a class (``configured``: the grid too)."""
    for name, (fits, expected) in DECLARATIONS.items():
        if name == "grid" and not configured:
            continue
        found = getattr(cls, name, None)
        if found is None and getattr(base, name, None) is None:
            continue  # not declared, nor by default (a grid before setup): what needs it says so
        if not fits(found):
            return _said(cls, name, found, expected, False)
    for name, (fits, expected) in PROPERTIES.items():
        own = inspect.getattr_static(cls, name)
        if not isinstance(own, property) and not fits(own):
            return _said(cls, name, own, expected, False)
        if not isinstance(own, property) and sorted(own) != sorted(getattr(cls, "player_names", ())):
            # Texts, but not an order of the players: a game that meant its players' names.
            names = getattr(cls, "player_names", ())
            return _said(cls, name, own, f"an order of player_names {names!r} (declare player_names)", False)
    for name in _properties(base):  # what the framework works out, replaced by a value
        own = inspect.getattr_static(cls, name)
        if name not in PROPERTIES and not isinstance(own, property):
            where = f"{_game_name(cls)}: {cls.__name__}.{name} is {_kind(own)}"
            return f"{where}, but {name} is the framework's (rename yours)"
    for name in _methods(base):  # the methods the framework calls, shadowed by a value
        own = inspect.getattr_static(cls, name)
        if not callable(own) and not isinstance(own, (classmethod, staticmethod)):
            return _method_said(cls, f"{cls.__name__}.{name}", name, own)
    return None


@functools.cache
def _properties(base: type) -> frozenset[str]:
    """The public properties of the Game class, which the framework works out."""
    return frozenset(n for n, m in vars(base).items() if not n.startswith("_") and isinstance(m, property))


def reserved(cls: type, base: type, error: AttributeError) -> PluginError | None:
    """The one-line error for ``setup`` assigning to a property of the framework's
    (``self.players = ...``, which Python refuses with an AttributeError), else None."""
    said = re.match(r"property '(\w+)' of", str(error))  # Python names no attribute on this error
    name = getattr(error, "name", None) or (said.group(1) if said else None)
    if name is None or not isinstance(inspect.getattr_static(base, name, None), property):
        return None
    return PluginError(f"{_game_name(cls)}: setup sets self.{name}, but {name} is the framework's (rename yours)")


def _game_name(cls: type) -> str:
    return getattr(cls, "name", cls.__name__)


@functools.cache
def _methods(base: type) -> frozenset[str]:
    """The public methods of the Game class, which the framework calls."""
    return frozenset(
        n
        for n, m in vars(base).items()
        if not n.startswith("_") and (inspect.isfunction(m) or isinstance(m, (classmethod, staticmethod)))
    )


def _method_said(cls: type, where: str, name: str, found: object) -> str:
    game_name = getattr(cls, "name", cls.__name__)
    return f"{game_name}: {where} is {_kind(found)}, but {name} is a method the framework calls (rename yours)"


def check(game: Any, base: type, configured: bool = False) -> None:
    """Raise PluginError with :func:`clash`'s line where a declaration does not fit."""
    problem = clash(game, base, configured)
    if problem is not None:
        raise PluginError(problem)


def _kind(value: object) -> str:
    return "None" if value is None else f"the {type(value).__name__} {value!r:.40}"


def _said(cls: type, name: str, found: object, expected: str, on_instance: bool) -> str:
    where = f"self.{name}" if on_instance else f"{cls.__name__}.{name}"
    game = getattr(cls, "name", cls.__name__)
    return f"{game}: {where} is {_kind(found)}, but {name} is a declaration the framework reads: {expected}" + (
        " (rename the game's own attribute)" if on_instance else ""
    )
