"""The games (and later agents) that the loaded plugins registered."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .errors import PluginError, RecordError, UnknownGameError
from .game import Game, State, state_from_json
from .plugins import describe_exception, each_implementation, note_registered, on_change, report_failure

_NAME = re.compile(r"[a-z][a-z0-9_-]*")

_games: dict[str, tuple[type[Game], str]] | None = None


def _reset() -> None:
    global _games
    _games = None


on_change(_reset)


def _check_game(cls: object) -> type[Game]:
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise PluginError(f"register_games: {cls!r} is not a boardgames.Game subclass")
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise PluginError(f"register_games: {cls.__name__}.name must be a lowercase word, got {name!r}")
    players = getattr(cls, "player_names", ())
    if len(players) < 2 or len(set(players)) != len(players):
        raise PluginError(f"register_games: {name} needs at least two distinct player names")
    return cls


def _collect_games() -> dict[str, tuple[type[Game], str]]:
    found: dict[str, tuple[type[Game], str]] = {}
    for plugin, function in list(each_implementation("register_games")):
        mine: list[type[Game]] = []

        def register(cls: type[Game], into: list[type[Game]] = mine) -> None:
            into.append(_check_game(cls))

        try:
            function(register=register)
        except Exception as exc:  # the plugin's games are dropped, the others stay
            report_failure(plugin, describe_exception(exc))
            continue
        for cls in mine:
            if cls.name in found:
                owner = found[cls.name][1]
                report_failure(plugin, f"the game name {cls.name!r} is taken by plugin {owner!r}")
                continue
            found[cls.name] = (cls, plugin)
            note_registered(plugin, cls.name)
    return found


def _registered() -> dict[str, tuple[type[Game], str]]:
    global _games
    if _games is None:
        _games = _collect_games()
    return _games


def registered_games() -> dict[str, type[Game]]:
    """Every registered game by name, sorted by name."""
    return {name: entry[0] for name, entry in sorted(_registered().items())}


def game_plugin(name: str) -> str:
    """The plugin that registered the game."""
    return _registered()[name][1]


def get_game(name: str) -> type[Game]:
    """The game class registered as ``name``; UnknownGameError if there is none."""
    known = _registered()
    key = name.strip().lower()
    if key not in known:
        names = ", ".join(sorted(known)) or "none (no plugin registered a game)"
        raise UnknownGameError(f"unknown game {name!r} (games: {names})")
    return known[key][0]


def load_state(data: Mapping[str, Any]) -> State:
    """A state from its JSON form (:meth:`State.to_json`), whatever the game."""
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise RecordError("a state is a JSON object with a 'game' name")
    try:
        cls = get_game(data["game"])
    except UnknownGameError as exc:
        raise RecordError(str(exc)) from None
    return state_from_json(cls, data)
