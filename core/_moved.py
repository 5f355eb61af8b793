"""The modules that moved when ``core/`` was grouped into layers (0.3): each
old path still imports, as the module at its new path, with a
``DeprecationWarning`` naming that path. Kept for at least one minor release."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
import warnings

#: Old path (under ``boardgames.``) -> new path.
MOVED = {
    "actions": "learning.actions",
    "arena": "analysis.arena",
    "bench": "analysis.bench",
    "bitboard": "rules.bitboard",
    "builtin_agents": "plugins.builtin_agents",
    "clock": "play.clock",
    "connection": "rules.connection",
    "contrast": "rules.colours",
    "declarations": "rules.declarations",
    "describe": "rendering.words",
    "engine": "protocol.server",
    "files": "play.safe_files",
    "game": "rules.game",
    "hookspecs": "plugins.hookspecs",
    "learned": "learning.learned",
    "levels": "play.levels",
    "match": "play.match",
    "moves": "rules.moves",
    "observation": "learning.observation",
    "options": "rules.options",
    "parts": "rules.parts",
    "pytest_plugin": "testing.pytest_plugin",
    "ratings": "analysis.ratings",
    "ray_backend": "analysis.ray_backend",
    "records": "play.records",
    "registry": "plugins.registry",
    "retry": "analysis.better_move",
    "review": "analysis.review",
    "structure": "learning.structure",
    "svg": "rendering.svg",
    "text": "rendering.text",
    "view": "rules.view",
    "web.connections": "web.guard",
}


class _Alias(importlib.abc.Loader):
    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        warnings.warn(f"{module.__name__} is deprecated: import {self.new}", DeprecationWarning, stacklevel=2)
        # The import system returns what sys.modules holds once this returns: the module itself,
        # so that its classes and globals are the same objects by either name.
        sys.modules[module.__name__] = importlib.import_module(self.new)


class _OldPaths(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: object = None, target: object = None
    ) -> importlib.machinery.ModuleSpec | None:
        old = fullname.removeprefix("boardgames.")
        if fullname.startswith("boardgames.") and old in MOVED:
            return importlib.machinery.ModuleSpec(fullname, _Alias(f"boardgames.{MOVED[old]}"))
        return None


def install() -> None:
    """Let the old paths import (idempotent)."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.append(_OldPaths())
