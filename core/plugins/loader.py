"""Loading plugins: the built-in games and third-party packages alike.

Every plugin is an entry point in the ``boardgames`` group. :func:`load_plugins`
loads each inside its own try/except, so that one broken plugin is reported by
name (a :class:`PluginWarning`) and never stops the others. The environment
variable ``BOARDGAMES_PLUGINS`` limits the third-party plugins: ``none``, or a
comma-separated list of plugin (entry point) or distribution names. Plugins
shipped inside the ``boardgames`` distribution always load.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import Any

import attrs
import pluggy

from ..errors import PluginError
from . import hookspecs

ENTRY_POINT_GROUP = "boardgames"
ENV_VAR = "BOARDGAMES_PLUGINS"
BUILTIN_DIST = "boardgames"


class PluginWarning(UserWarning):
    """A plugin failed to load or to register; the others go on."""


@attrs.frozen
class PluginInfo:
    """What ``boardgames plugins`` reports about one plugin."""

    name: str
    distribution: str | None
    version: str | None
    builtin: bool
    hooks: tuple[str, ...] = ()
    error: str | None = None  # why it failed, None if it loaded
    registered: tuple[str, ...] = ()  # the games and agents it registered

    def to_json(self) -> dict[str, Any]:
        return attrs.asdict(self, recurse=False) | {
            "hooks": list(self.hooks),
            "registered": list(self.registered),
        }


pm = pluggy.PluginManager("boardgames")
pm.add_hookspecs(hookspecs)

_loaded = False
_infos: dict[str, PluginInfo] = {}


def _wanted(env: str | None) -> Callable[[metadata.EntryPoint], bool]:
    if env is None or env.strip() == "":
        return lambda ep: True
    names = {n.strip().lower() for n in env.split(",") if n.strip()}
    if names == {"none"}:
        return lambda ep: False
    return lambda ep: ep.name.lower() in names or (ep.dist is not None and ep.dist.name.lower() in names)


def describe_exception(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def report_failure(name: str, reason: str) -> None:
    """Record that plugin ``name`` failed and warn on stderr (through warnings)."""
    info = _infos.get(name) or PluginInfo(name, None, None, False)
    if info.error is None:  # keep the first reason
        _infos[name] = attrs.evolve(info, error=reason)
    if pm.get_plugin(name) is not None:
        pm.unregister(name=name)
    _on_change()
    warnings.warn(f"plugin {name!r} failed: {reason}", PluginWarning, stacklevel=2)


def note_registered(name: str, what: str) -> None:
    info = _infos.get(name)
    if info is not None:
        _infos[name] = attrs.evolve(info, registered=(*info.registered, what))


def load_plugins() -> None:
    """Load every plugin of the entry-point group once; later calls do nothing."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    wanted = _wanted(os.environ.get(ENV_VAR))
    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = ep.dist.name if ep.dist is not None else None
        version = ep.dist.version if ep.dist is not None else None
        builtin = dist is not None and dist.lower() == BUILTIN_DIST
        if not builtin and not wanted(ep):
            continue
        name = ep.name
        if name in _infos:  # two distributions chose the same plugin name
            name = f"{ep.name} ({dist})"
            _infos[name] = PluginInfo(name, dist, version, builtin)
            report_failure(name, f"the plugin name {ep.name!r} is taken by {_infos[ep.name].distribution}")
            continue
        _infos[name] = PluginInfo(name, dist, version, builtin)
        try:
            module = ep.load()
            pm.register(module, name=name)
            # Check each plugin's hooks on their own, so that one bad signature
            # unregisters that plugin instead of failing them all.
            pm.check_pending()
        except Exception as exc:  # a broken plugin must not stop the others
            report_failure(name, describe_exception(exc))
            continue
        _infos[name] = attrs.evolve(_infos[name], hooks=_hook_names(module))


def _hook_names(module: object) -> tuple[str, ...]:
    return tuple(sorted(h.name for h in pm.get_hookcallers(module) or ()))


def each_implementation(hook_name: str) -> Iterator[tuple[str, Callable[..., Any]]]:
    """(plugin name, function) for every implementation of a hook: the built-in
    plugins first, then the others in load order (so a built-in game's name
    can never be taken from it).

    Callers run each inside its own try/except and :func:`report_failure`, so
    that one plugin raising does not stop the others.
    """
    load_plugins()
    impls = getattr(pm.hook, hook_name).get_hookimpls()  # in registration order
    builtin = {name for name, info in _infos.items() if info.builtin}
    for impl in sorted(impls, key=lambda i: i.plugin_name not in builtin):
        yield impl.plugin_name, impl.function


def plugin_infos() -> list[PluginInfo]:
    """Every plugin seen, loaded or failed: built-ins first, then by name."""
    load_plugins()
    return sorted(_infos.values(), key=lambda i: (not i.builtin, i.name))


def is_registered(module: object, name: str) -> bool:
    """Whether ``module`` is the plugin ``name`` already (an installed package's module, imported by its
    test too); a name another plugin holds, or ``module`` under another name, is a ``PluginError``."""
    load_plugins()
    held, named = pm.get_plugin(name), pm.get_name(module)
    if held is module:
        return True
    if held is not None:
        raise PluginError(f"a plugin named {name!r} is registered already: {held!r}")
    if named is not None:
        raise PluginError(f"{module!r} is registered already, as the plugin {named!r}")
    return False


def register_module(module: object, name: str) -> None:
    """Register a plugin object directly (tests, scripts, notebooks)."""
    load_plugins()
    pm.register(module, name=name)
    pm.check_pending()
    _infos[name] = PluginInfo(name, None, None, False, hooks=_hook_names(module))
    _on_change()


def unregister_module(name: str) -> None:
    """Take back a plugin registered by hand (:func:`register_module`)."""
    if pm.get_plugin(name) is not None:
        pm.unregister(name=name)
    _infos.pop(name, None)
    _on_change()


_listeners: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` when a plugin is registered by hand (registries rebuild)."""
    _listeners.append(listener)


def _on_change() -> None:
    for listener in _listeners:
        listener()


def plugin_at_fault(exc: BaseException) -> str | None:
    """The plugin whose code raised ``exc`` (the deepest frame of its
    traceback inside a plugin's module or package), if any."""
    import os.path
    import traceback

    places = []
    for name, module in pm.list_name_plugin():
        path = getattr(module, "__file__", None)
        if path:
            folder = os.path.dirname(path) if os.path.basename(path) == "__init__.py" else path
            places.append((folder, name))
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        for folder, name in places:
            if frame.filename == folder or frame.filename.startswith(folder + os.sep):
                return name
    return None
