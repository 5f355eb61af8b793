"""The games and agents that the loaded plugins registered.

Both are collected the same way: each plugin's hook implementation runs on its
own, a plugin that raises loses what it registered (and is reported), and a
name already taken is refused and reported against the plugin that came second
(the built-in plugins come first).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from ..agents.base import BUDGET_KINDS, Agent
from ..agents.spec import Seat, parse_spec
from ..errors import BoardgamesError, PluginError, UnknownGameError, WrongTypeError
from ..rules import declared
from ..rules.game import Game
from .loader import describe_exception, each_implementation, note_registered, on_change, report_failure

_NAME = re.compile(r"[a-z][a-z0-9_-]*")

T = TypeVar("T", bound=type)


class Registry(Generic[T]):
    """Classes registered through one hook, by their ``name``."""

    def __init__(self, hook: str, kind: str, check: Callable[[Any], T], missing: type[BoardgamesError]):
        self.hook, self.kind, self.check, self.missing = hook, kind, check, missing
        self._entries: dict[str, tuple[T, str]] | None = None
        on_change(self.reset)

    def reset(self) -> None:
        self._entries = None

    def _collect(self) -> dict[str, tuple[T, str]]:
        found: dict[str, tuple[T, str]] = {}
        for plugin, function in list(each_implementation(self.hook)):
            mine: list[T] = []

            def register(cls: T, into: list[T] = mine) -> None:
                into.append(self.check(cls))

            try:
                function(register=register)
            except Exception as exc:  # the plugin's entries are dropped, the others stay
                report_failure(plugin, f"{self.hook}: {describe_exception(exc)}")
                continue
            for cls in mine:
                name = cls.name  # type: ignore[attr-defined]
                if name in found:
                    owner = found[name][1]
                    report_failure(plugin, f"the {self.kind} name {name!r} is taken by plugin {owner!r}")
                    continue
                found[name] = (cls, plugin)
                note_registered(plugin, name)
        return found

    def entries(self) -> dict[str, tuple[T, str]]:
        if self._entries is None:
            self._entries = dict(sorted(self._collect().items()))
        return self._entries

    def classes(self) -> dict[str, T]:
        return {name: entry[0] for name, entry in self.entries().items()}

    def get(self, name: str) -> T:
        if not isinstance(name, str):
            raise WrongTypeError(f"a {self.kind} name is a text, got {name!r}")
        known = self.entries()
        key = name.strip().lower()
        if key not in known:
            names = ", ".join(known) or f"none (no plugin registered a {self.kind})"
            raise self.missing(f"unknown {self.kind} {name!r} ({self.kind}s: {names})")
        return known[key][0]


def _named(hook: str, cls: object, base: type) -> None:
    if not (isinstance(cls, type) and issubclass(cls, base)):
        raise PluginError(f"{hook}: {cls!r} is not a boardgames.{base.__name__} subclass")
    name = getattr(cls, "name", None)
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise PluginError(f"{hook}: {cls.__name__}.name must be a lowercase word, got {name!r}")


def _check_game(cls: object) -> type[Game]:
    _named("register_games", cls, Game)
    assert isinstance(cls, type) and issubclass(cls, Game)
    players = getattr(cls, "player_names", ())
    if len(players) < 2 or len(set(players)) != len(players):
        raise PluginError(f"register_games: {cls.name} needs at least two distinct player names")
    declared.check(cls, Game)
    return cls


def _check_agent(cls: object) -> type[Agent]:
    _named("register_agents", cls, Agent)
    assert isinstance(cls, type) and issubclass(cls, Agent)
    unknown = set(cls.budget_kinds) - set(BUDGET_KINDS)
    if unknown:
        raise PluginError(f"register_agents: {cls.name} has unknown budget kinds {sorted(unknown)}")
    return cls


games: Registry[type[Game]] = Registry("register_games", "game", _check_game, UnknownGameError)
agents: Registry[type[Agent]] = Registry("register_agents", "agent", _check_agent, PluginError)


def registered_games() -> dict[str, type[Game]]:
    """Every registered game by name, sorted by name."""
    return games.classes()


def registered_agents() -> dict[str, type[Agent]]:
    """Every registered agent by name, sorted by name."""
    return agents.classes()


def game_plugin(name: str) -> str:
    """The plugin that registered the game."""
    return games.entries()[name][1]


def game_class(name: str) -> type[Game]:
    """The game class registered as ``name``; UnknownGameError if there is none."""
    return games.get(name)


def make_seat(spec: str) -> Seat:
    """The seat a spec describes: ``human``, or an agent with its budget (``mcts:time=2``)."""
    if not isinstance(spec, str):
        raise WrongTypeError(f"an agent spec is a text such as 'mcts:time=2', got {spec!r}")
    return parse_spec(spec, agents.classes())


#: Deprecated names, kept for plugins and scripts written against 0.1.
make_player = make_seat
get_game = game_class
