"""A state made from a dict of its fields, for a game's ``apply``.

``Cls(**fields)`` runs the ``__init__`` attrs writes: a keyword for each
field, each stored by itself in a dict that shares its keys with the
class's other states, and Python 3.11 does not specialize reading a field
from such a dict. :func:`new_state` takes the dict made in ``apply`` as the
state's own: Go's and Banqi's random games run a tenth fewer instructions
(issue 41, docs/performance.md).
"""

from __future__ import annotations

from typing import Any, TypeVar

import attrs

from .game import State

StateT = TypeVar("StateT", bound=State)

#: For each class: its fields at their defaults and how many fields it has, or None (made by its __init__).
_PLANS: dict[type, tuple[dict[str, Any], int] | None] = {}
_UNSEEN: tuple[dict[str, Any], int] = ({}, -1)


def _plan(cls: type) -> tuple[dict[str, Any], int] | None:
    fields = attrs.fields(cls)
    made_each_time: type = type(attrs.Factory(list))  # attrs types Factory as a function: its class, from one
    if hasattr(cls, "__attrs_post_init__") or any(
        f.converter is not None or f.validator is not None or isinstance(f.default, made_each_time) or not f.init
        for f in fields
    ):
        return None  # something runs as a state is made: its __init__ runs it
    return {f.name: f.default for f in fields if f.default is not attrs.NOTHING}, len(fields)


def new_state(cls: type[StateT], fields: dict[str, Any]) -> StateT:
    """The state ``cls(**fields)``, its fields the dict ``fields`` itself
    (a dict made for it, in a display: ``{"game": self, ...}``), those left
    out at their defaults. A class whose fields convert, validate or make
    their defaults, or that has ``__attrs_post_init__``, is made by its
    ``__init__``. A name that is no field, or a field left out that has no
    default, raises ``TypeError`` as ``cls(**fields)`` would (not both at
    once: the count of fields is what is checked)."""
    plan = _PLANS.get(cls, _UNSEEN)
    if plan is _UNSEEN:
        plan = _PLANS[cls] = _plan(cls)
    if plan is None:
        return cls(**fields)
    defaults, count = plan
    if len(fields) != count:  # some left at their defaults (or a name wrong: checked below)
        fields = {**defaults, **fields}
        if len(fields) != count:
            cls(**fields)  # raises attrs' own TypeError, naming the field
    state: StateT = object.__new__(cls)
    object.__setattr__(state, "__dict__", fields)  # past the frozen class's __setattr__, as attrs' __init__ goes
    return state
