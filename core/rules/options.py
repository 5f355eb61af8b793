"""Typed game options: a name, a help text, a default, and validation.

A value arrives either as text (``-o size=9`` on the command line) or as a
Python/JSON value (the API, a record); :meth:`Option.convert` accepts both and
returns the canonical value, or raises :class:`InvalidOptionError` saying why.
An option may draw its default from the seeded random generator (the Donuts
board), so that the same seed gives the same set-up.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from ..errors import InvalidOptionError, quoted

#: The longest option value a text may give: checked before it is converted.
MAX_VALUE_LENGTH = 1_000


@attrs.frozen
class Option:
    """A game option. Subclass and override :meth:`check` for a new kind of value."""

    name: str
    help: str
    default: Any = None
    #: Draws the default from the game's random generator, when there is no fixed one. Given by
    #: name only, so that a kind's own fields follow the default by position (``ChoiceOption("flip",
    #: "...", "choice", ("choice", "all"))``: the choices, not a drawer of defaults).
    random_default: Callable[[random.Random], Any] | None = attrs.field(default=None, eq=False, kw_only=True)

    def convert(self, value: object) -> Any:
        if isinstance(value, str) and len(value) > MAX_VALUE_LENGTH:  # bound first, then parse
            raise InvalidOptionError(
                f"option {self.name}: {quoted(value, 40)} has {len(value):,} characters, at most {MAX_VALUE_LENGTH:,}"
            )
        try:
            return self.check(value)
        except InvalidOptionError:
            raise
        except (TypeError, ValueError) as exc:
            raise InvalidOptionError(f"option {self.name}: {exc}") from None

    def check(self, value: object) -> Any:
        """Return the canonical value or raise ValueError with the reason."""
        return value

    def describe(self) -> str:
        """What values are accepted, for help texts."""
        return "a value"

    def default_value(self, rng: random.Random) -> Any:
        if self.random_default is not None:
            return self.random_default(rng)
        return self.default


def _in_range(noun: str, minimum: float | None, maximum: float | None) -> str:
    """``a number from 1 to 9``, ``a whole number, at least 1``: what a range accepts."""

    def shown(value: float) -> str:
        return str(value) if isinstance(value, int) else f"{value:g}"

    if minimum is not None and maximum is not None:
        return f"{noun} from {shown(minimum)} to {shown(maximum)}"
    if minimum is not None:
        return f"{noun}, at least {shown(minimum)}"
    if maximum is not None:
        return f"{noun}, at most {shown(maximum)}"
    return noun


@attrs.frozen
class IntOption(Option):
    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: object) -> int:
        if isinstance(value, bool):
            raise ValueError(f"expected a whole number, got {value!r}")
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                raise ValueError(f"expected a whole number, got {quoted(value, 40)}") from None
        if not isinstance(value, int):
            raise ValueError(f"expected a whole number, got {quoted(value, 40)}")
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise ValueError(f"{quoted(value, 40)} is not {self.describe()}")
        return value

    def describe(self) -> str:
        return _in_range("a whole number", self.minimum, self.maximum)


@attrs.frozen
class FloatOption(Option):
    minimum: float | None = None
    maximum: float | None = None

    def check(self, value: object) -> float:
        if isinstance(value, bool):
            raise ValueError(f"expected a number, got {value!r}")
        try:
            number = float(value.strip() if isinstance(value, str) else value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ValueError(f"expected a number, got {quoted(value, 40)}") from None
        if number != number or number in (float("inf"), float("-inf")):
            raise ValueError(f"expected a finite number, got {quoted(value, 40)}")
        if (self.minimum is not None and number < self.minimum) or (self.maximum is not None and number > self.maximum):
            raise ValueError(f"{quoted(value, 40)} is not {self.describe()}")
        return number

    def describe(self) -> str:
        return _in_range("a number", self.minimum, self.maximum)


@attrs.frozen
class ChoiceOption(Option):
    choices: tuple[str, ...] = ()

    def check(self, value: object) -> str:
        text = str(value).strip().lower() if isinstance(value, str) else value
        if text not in self.choices:
            raise ValueError(f"{value!r} is not {self.describe()}")
        return text

    def describe(self) -> str:
        return "one of " + ", ".join(self.choices)


@attrs.frozen
class TextOption(Option):
    """A text value normalised and checked by a function (which raises ValueError)."""

    parse: Callable[[str], str] = attrs.field(default=str, eq=False)
    accepts: str = "a text"

    def check(self, value: object) -> str:
        if not isinstance(value, str):
            raise ValueError(f"expected {self.accepts}, got {value!r}")
        return self.parse(value)

    def describe(self) -> str:
        return self.accepts


def resolve_options(
    game: str, specs: Sequence[Option], given: Mapping[str, object], rng: random.Random
) -> dict[str, Any]:
    """Every option's value, in the order of ``specs``: the given ones converted,
    the others their default (drawn from ``rng`` where the option says so)."""
    known = {spec.name: spec for spec in specs}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise InvalidOptionError(f"{game} has no option {name!r} (options: {names})")
    values = {}
    for spec in specs:
        # Draw even when the value is given, so that the rest of the seed's
        # stream does not depend on which options were set.
        default = spec.default_value(rng)
        values[spec.name] = spec.convert(given[spec.name]) if spec.name in given else default
    return values


def parse_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """``["size=9", "flip=adjacent"]`` → ``{"size": "9", "flip": "adjacent"}``."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise InvalidOptionError(f"option {pair!r} is not NAME=VALUE")
        out[name.strip()] = value
    return out
