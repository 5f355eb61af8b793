"""Plugins: the hook specifications (``hookspecs``), the loader that finds and
isolates each plugin (``loader``), the registry of games and agents they
register (``registry``), and the built-in agents' own plugin."""

from __future__ import annotations

import importlib
import sys
import warnings
from typing import Any

_SUBMODULES = ("hookspecs", "loader", "registry", "builtin_agents")


def __getattr__(name: str) -> Any:
    # ``boardgames.plugins`` was the loader's module until 0.3: its names still answer here, for a while.
    if name.startswith("__") or name in _SUBMODULES:
        raise AttributeError(f"module 'boardgames.plugins' has no attribute {name!r}")
    loader = sys.modules.get(f"{__name__}.loader") or importlib.import_module(".loader", __name__)
    if not hasattr(loader, name):
        raise AttributeError(f"module 'boardgames.plugins' has no attribute {name!r}")
    warnings.warn(
        f"boardgames.plugins.{name} moved to boardgames.plugins.loader.{name}", DeprecationWarning, stacklevel=2
    )
    return getattr(loader, name)
