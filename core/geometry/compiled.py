"""The code generator behind a grid's fills: each grid's neighbour and
flood-fill functions compiled for it (``exec`` of source written per grid),
as fast as Python integer code gets. :class:`Grid` builds them once per board."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .bits import bits

T = TypeVar("T", bound=type)


def spreader(
    sides: tuple[tuple[int, int], ...], full: int, height: int
) -> tuple[Callable[[int], int], Callable[[int], int], Callable[[int, int], int], dict[str, Callable[..., int]]]:
    """Three functions over ``sides`` (steps ``(amount, keep)``): a mask and its
    neighbours (``spread``); its neighbours alone (``touching``); and the flood
    fill of ``mask`` from ``m``, which grows it by them until it stops (Go's
    groups, Hex's chains: several calls a move).

    Each is compiled for its grid, every round of the fill one expression with
    as few operations as the grid allows: where a step cannot wrap round (a
    whole file over), its edge mask is left out, the result being cut to the
    board anyway; on a rectangle the steps that cross a file are written as
    one shift of the mask and its rank neighbours (Hex: 13 operations a round,
    not 17; Go's 9×9: 11, not 13). A form is used only if it gives every
    square's neighbours exactly (the three are unions over the squares of
    ``m``, so one square at a time checks them all)."""
    for prelude, terms, constants in (_factored(sides, height), _plain(sides, full)):
        if terms is None:
            continue
        namespace: dict[str, Any] = {**constants, "FULL": full}
        lines = "".join(f"    {line}\n" for line in prelude)
        looped = "".join(f"        {line}\n" for line in prelude)
        loop = (
            "    mask &= FULL\n    while True:\n"
            f"{looped}        grown = (m | {terms}) & mask\n"
            "        if grown == m:\n            return m\n        m = grown\n"
        )
        around = "    if diagonal:\n        return self._fill_around(mask, m)\n"  # the 8 around (Lines of Action)
        source = (
            f"def spread(m):\n{lines}    return (m | {terms}) & FULL\n"
            f"def touching(m):\n{lines}    return ({terms}) & FULL\n"
            f"def fill(mask, m):\n{loop}"
            # The public methods themselves, for a grid's own class: a call fewer each.
            f"def spread_method(self, m):\n{lines}    return (m | {terms}) & FULL\n"
            f"def touching_method(self, m):\n{lines}    return ({terms}) & FULL\n"
            f"def group_method(self, mask, seed, diagonal=False):\n    m = (1 << seed) & mask\n{around}{loop}"
            f"def connected_method(self, mask, seeds, diagonal=False):\n    m = seeds & mask\n{around}{loop}"
        )
        exec(compile(source, f"<grid fill, {len(sides)} sides>", "exec"), namespace)
        touching = namespace["touching"]
        if all(touching(1 << sq) == _neighbours_of(sq, sides) & full for sq in bits(full)):
            methods = {name: namespace[f"{name}_method"] for name in ("spread", "touching", "group", "connected")}
            return namespace["spread"], touching, namespace["fill"], methods
    raise AssertionError("no fill fits this grid")  # the plain form always does


def own_class(base: T, methods: dict[str, Callable[..., int]]) -> T:
    """A subclass of ``base`` for one grid, whose fills are its compiled code
    itself rather than methods that call it: Go asks several a move. Same
    slots, so a grid becomes one by taking its class; the documentation stays
    the base's."""
    for name, method in methods.items():
        method.__doc__ = getattr(base, name).__doc__
        method.__qualname__ = f"{base.__qualname__}.{name}"
        method.__module__ = base.__module__
    own: T = type(base.__name__, (base,), {"__slots__": (), "__module__": base.__module__, **methods})  # type: ignore[assignment]
    return own


def _neighbours_of(square: int, sides: tuple[tuple[int, int], ...]) -> int:
    bit, out = 1 << square, 0
    for amount, keep in sides:
        out |= (bit & keep) << amount if amount > 0 else (bit & keep) >> -amount
    return out


def _plain(sides: tuple[tuple[int, int], ...], full: int) -> tuple[list[str], str, dict[str, int]]:
    """Each step as its shift, with its edge mask unless every square the mask
    drops would land off the board."""
    terms, constants = step_terms(sides, full)
    return [], " | ".join(terms), constants


def step_terms(sides: tuple[tuple[int, int], ...], full: int) -> tuple[list[str], dict[str, int]]:
    """Each step ``(amount, keep)`` of a mask ``m`` as Python source (``(m &
    K0) << 1``), its edge mask ``K<i>`` left out where every square it drops
    would land off the board anyway; and those masks by name: for code
    compiled per grid (its fills here, the two-distance's counter)."""
    terms, constants = [], {}
    for i, (amount, keep) in enumerate(sides):
        shift = f"<< {amount}" if amount > 0 else f">> {-amount}"
        if all(not (0 <= sq + amount and full >> (sq + amount) & 1) for sq in bits(full & ~keep)):
            terms.append(f"m {shift}")
        else:
            constants[f"K{i}"] = keep
            terms.append(f"(m & K{i}) {shift}")
    return terms, constants


def _factored(sides: tuple[tuple[int, int], ...], height: int) -> tuple[list[str], str | None, dict[str, int]]:
    """A rectangle's steps with diagonals (Hex) as ``u`` and ``d`` (a rank up
    and down) and one shift a file each way of the mask with the ranks its
    diagonals start from; None where the steps are not those (four sides: the
    plain form is as short, without the two names)."""
    amounts = {amount: keep for amount, keep in sides}
    if len(amounts) != len(sides) or {1, -1, height, -height} - amounts.keys() or height < 2:
        return [], None, {}
    prelude = ["u = (m & KU) << 1", "d = (m & KD) >> 1"]
    constants = {"KU": amounts[1], "KD": amounts[-1]}
    rest = amounts.keys() - {1, -1, height, -height}
    if rest == {height - 1, 1 - height}:  # a file over and a rank down, a file back and a rank up (Hex)
        return prelude, f"u | d | (m | d) << {height} | (m | u) >> {height}", constants
    if rest == {height + 1, -1 - height}:
        return prelude, f"u | d | (m | u) << {height} | (m | d) >> {height}", constants
    if rest == {height + 1, -1 - height, height - 1, 1 - height}:  # all eight directions (a king's, an amazon's)
        return [*prelude, "v = m | u | d"], f"u | d | v << {height} | v >> {height}", constants
    return [], None, {}
