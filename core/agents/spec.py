"""Agent specs: ``random``, ``mcts``, ``mcts:time=2``, ``alphabeta:depth=4``,
``mcts:iterations=5000:playout=heuristic``. Parameters are separated by
colons, so that a comma can separate players (``--players random,mcts``)."""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import InvalidAgentSpecError, InvalidOptionError
from ..options import FloatOption, IntOption, Option
from .base import BUDGET_KINDS, Agent, Budget

BUDGET_OPTIONS: dict[str, Option] = {
    "time": FloatOption("time", "seconds a move", minimum=0.001),
    "iterations": IntOption("iterations", "simulations a move", minimum=1),
    "depth": IntOption("depth", "plies searched", minimum=1),
}


@attrs.frozen
class Player:
    """An agent ready to play: the agent, its budget and the spec it came from."""

    spec: str
    agent: Agent
    budget: Budget


def describe_agents(agents: dict[str, type[Agent]]) -> str:
    """``random, mcts (time=S, iterations=N, playout=random|heuristic)...`` for messages."""
    out = []
    for name, cls in agents.items():
        params = [f"{k}={_hint(BUDGET_OPTIONS[k])}" for k in cls.budget_kinds]
        params += [f"{p.name}={_hint(p)}" for p in cls.parameters]
        out.append(f"{name} ({', '.join(params)})" if params else name)
    return ", ".join(out)


def _hint(option: Option) -> str:
    choices = getattr(option, "choices", None)
    if choices:
        return "|".join(choices)
    return {"IntOption": "N", "FloatOption": "X"}.get(type(option).__name__, "V")


def parse_spec(text: str, agents: dict[str, type[Agent]]) -> Player:
    """The player a spec describes; InvalidAgentSpecError (one line listing the
    agents and their parameters) if it does not describe one."""
    listing = f"agents: {describe_agents(agents)}"
    name, *pairs = text.strip().split(":")
    name = name.strip().lower()
    if name not in agents:
        raise InvalidAgentSpecError(f"unknown agent {name!r} in {text!r}; {listing}")
    cls = agents[name]
    settings: dict[str, Any] = {}
    budget: dict[str, Any] = {}
    params = {p.name: p for p in cls.parameters}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().lower()
        try:
            if not sep:
                raise InvalidOptionError(f"{pair!r} is not NAME=VALUE")
            if key in cls.budget_kinds:
                budget[key] = BUDGET_OPTIONS[key].convert(value)
            elif key in params:
                settings[key] = params[key].convert(value)
            else:
                raise InvalidOptionError(f"{name} takes no parameter {key!r}")
        except InvalidOptionError as exc:
            raise InvalidAgentSpecError(f"bad agent spec {text!r}: {exc}; {listing}") from None
    for p in cls.parameters:
        settings.setdefault(p.name, p.default)
    chosen = Budget(**budget) if budget else cls.default_budget
    return Player(canonical(name, settings, budget, cls), cls(**settings), chosen)


def canonical(name: str, settings: dict[str, Any], budget: dict[str, Any], cls: type[Agent]) -> str:
    """The spec written back: the name, then what differs from the defaults."""
    parts = [name]
    parts += [f"{k}={budget[k]:g}" for k in BUDGET_KINDS if k in budget]
    parts += [f"{p.name}={settings[p.name]}" for p in cls.parameters if settings[p.name] != p.default]
    return ":".join(parts)
