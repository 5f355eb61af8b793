"""Agent specs: ``random``, ``mcts``, ``mcts:time=2``, ``alphabeta:depth=4``,
``mcts:iterations=5000:playout=heuristic``, and ``human`` for a person.
Parameters are separated by colons, so that a comma can separate players
(``--players human,mcts``); a value holding either is quoted, ``'...'`` or
``"..."`` (``engine:cmd='boardgames engine --agent mcts:time=1'``). Every
budget and parameter has a range, and a value outside it is refused with the
range in the message."""

from __future__ import annotations

from typing import Any

import attrs

from ..errors import InvalidAgentSpecError, InvalidOptionError, quoted
from ..rules.options import FloatOption, IntOption, Option
from .base import BUDGET_KINDS, Agent, Budget, format_budget

#: The longest agent spec read, in characters. A longer one is refused before
#: it is split or any of its values parsed (splitting a command as a shell does
#: costs the square of its length: a spec of 1 MiB took seconds of CPU).
MAX_SPEC_LENGTH = 1000

#: The spec of a seat where a person plays: its moves come from outside
#: (the terminal, a browser, an engine controller), never from an agent.
HUMAN = "human"

BUDGET_OPTIONS: dict[str, Option] = {
    "time": FloatOption("time", "seconds a move", minimum=0.001, maximum=3600.0),
    "iterations": IntOption("iterations", "simulations a move", minimum=1, maximum=10_000_000),
    "depth": IntOption("depth", "plies searched", minimum=1, maximum=32),
}


@attrs.frozen
class Seat:
    """Who plays one side of a match: a person (``agent`` is None) or an
    agent with its budget; ``spec`` is the canonical spec it came from."""

    spec: str
    agent: Agent | None = None
    budget: Budget = Budget()

    @property
    def is_human(self) -> bool:
        return self.agent is None


def runs_program(seat: Seat) -> bool:
    """Whether the seat's agent runs code from outside the project (its
    class says so: :attr:`Agent.runs_programs`, the ``engine`` agent's)."""
    return seat.agent is not None and type(seat.agent).runs_programs


def refuse_programs(seat: Seat, why: str) -> Seat:
    """``seat``, unless its agent runs a program: then InvalidAgentSpecError,
    one line naming it and ``why`` it is refused here. The one check of
    every place that seats agents it was not told to on the command line:
    a server's requests, a record read back."""
    if runs_program(seat):
        assert seat.agent is not None
        raise InvalidAgentSpecError(f"the {seat.agent.name} agent runs a program; {why}")
    return seat


def describe_agents(agents: dict[str, type[Agent]], ranges: bool = False) -> str:
    """``random, mcts (time=X, iterations=N, playout=random|heuristic)...`` for
    messages; with ``ranges``, each parameter's accepted values."""
    out = []
    for name, cls in agents.items():
        options = [BUDGET_OPTIONS[k] for k in cls.budget_kinds] + list(cls.parameters)
        params = [f"{p.name}={_describe(p) if ranges else _hint(p)}" for p in options]
        out.append(f"{name} ({', '.join(params)})" if params else name)
    return ", ".join(out)


def _hint(option: Option) -> str:
    choices = getattr(option, "choices", None)
    if choices:
        return "|".join(choices)
    return {"IntOption": "N", "FloatOption": "X", "TextOption": "TEXT"}.get(type(option).__name__, "V")


def _describe(option: Option) -> str:
    return _hint(option) if getattr(option, "choices", None) else option.describe()


def split_unquoted(text: str, separator: str) -> list[str]:
    """``text`` split at each ``separator`` outside quotes; the quotes stay
    (``"a:'b:c',d"`` split at ``,`` is ``["a:'b:c'", "d"]``)."""
    parts: list[str] = []
    current: list[str] = []
    quote = ""
    for char in text:
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == separator:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    if quote:
        raise InvalidAgentSpecError(f"an unclosed quote {quote} in {quoted(text, 80)}")
    parts.append("".join(current))
    return parts


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


def _quote(value: object) -> str:
    """A parameter's value as a spec writes it: quoted where it holds a separator."""
    text = str(value)
    if not any(c in text for c in ":,'\" "):
        return text
    return f'"{text}"' if "'" in text else f"'{text}'"


def parse_spec(text: str, agents: dict[str, type[Agent]]) -> Seat:
    """The seat a spec describes; InvalidAgentSpecError (one line listing the
    agents and their parameters) if it does not describe one, or if it is
    longer than :data:`MAX_SPEC_LENGTH`."""
    if len(text) > MAX_SPEC_LENGTH:
        raise InvalidAgentSpecError(
            f"an agent spec has at most {MAX_SPEC_LENGTH:,} characters, got {len(text):,}: {quoted(text[:80], 80)}"
        )
    listing = f"agents: {describe_agents(agents)}, {HUMAN}"
    name, *pairs = split_unquoted(text.strip(), ":")
    name = name.strip().lower()
    if name == HUMAN and not pairs:
        return Seat(HUMAN)
    if name not in agents:
        raise InvalidAgentSpecError(f"unknown agent {name!r} in {quoted(text, 80)}; {listing}")
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
                settings[key] = params[key].convert(_unquote(value))
            else:
                raise InvalidOptionError(f"{name} takes no parameter {key!r}")
        except InvalidOptionError as exc:
            ranges = describe_agents({name: cls}, ranges=True)
            raise InvalidAgentSpecError(f"bad agent spec {quoted(text, 80)}: {exc}; {ranges}") from None
    for p in cls.parameters:
        settings.setdefault(p.name, p.default)
    chosen = Budget(**budget) if budget else cls.default_budget
    return Seat(canonical(name, settings, budget, cls), cls(**settings), chosen)


def canonical(name: str, settings: dict[str, Any], budget: dict[str, Any], cls: type[Agent]) -> str:
    """The spec written back: the name, then what differs from the defaults."""
    parts = [name]
    parts += [f"{k}={format_budget(budget[k])}" for k in BUDGET_KINDS if k in budget]
    parts += [f"{p.name}={_quote(settings[p.name])}" for p in cls.parameters if settings[p.name] != p.default]
    return ":".join(parts)
