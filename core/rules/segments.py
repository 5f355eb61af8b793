"""Lines drawn between points that are not neighbours: TwixT's links between
pegs a knight's move apart, Morpion solitaire's lines across four points.

A game says what it draws (``segment = Segment("link", "links")``) and, for a
position, each line it holds (``Game.segments(state)``: an iterable of
``(site_a, site_b, owner)``, the owner a player's index or None). Every
front end reads that one declaration: the SVG draws each as a line from
point to point in its owner's colour (``<line class="segment"
data-segment="b2-c4">``), the text drawing and the words list them under the
board (``links: red b2-c4 d5-e7; blue ...``), ``show --json`` gives
``segments`` (each ``{"from", "to", "owner"}``), and the observation has, for
each direction the game declares (``Segment.directions``, as (files, ranks)
steps from the lower end), one plane per player, the looker first, and one
for no one's, holding 1.0 on every point a line of that direction covers
(its two ends and the points between them); with no directions declared,
one plane per owner (``my links``: the lines ending on each point, counted).
"""

from __future__ import annotations

from collections.abc import Iterable
from math import gcd
from typing import Any

import attrs


@attrs.frozen
class Segment:
    """What a game draws between points: ``name`` one (``link``), ``plural``
    several, and ``directions`` the steps a line may take from its lower end
    (``(1, 2)``: one file right, two ranks up), each its own observation
    planes; empty: planes that count the lines at each point."""

    name: str = "line"
    plural: str = ""
    directions: tuple[tuple[int, int], ...] = ()

    @property
    def many(self) -> str:
        return self.plural or self.name + "s"


def normal(a: int, b: int) -> tuple[int, int]:
    """A line's ends in square order."""
    return (a, b) if a < b else (b, a)


def checked_segments(game: Any, state: Any) -> tuple[tuple[int, int, int | None], ...]:
    """``game.segments(state)`` as (a, b, owner), each line's ends in square
    order, the lines sorted; a value of another kind is one clear
    PluginError naming the method."""
    from ..errors import PluginError, quoted

    found = game.segments(state)
    on, players = game.grid.on_board, len(game.player_names)
    steps = game.segment.directions if game.segment is not None else ()
    out = set()
    ok = isinstance(found, Iterable) and not isinstance(found, (str, bytes))
    for item in found if ok else ():
        if not (
            isinstance(item, tuple)
            and len(item) == 3
            and all(type(s) is int and 0 <= s < len(on) and on[s] for s in item[:2])
            and item[0] != item[1]
            and (item[2] is None or (type(item[2]) is int and 0 <= item[2] < players))
        ):
            ok = False
            break
        line = (*normal(item[0], item[1]), item[2])
        if steps and direction_of(game.grid, line[0], line[1]) not in steps:
            ok = False
            break
        out.add(line)
    if not ok:
        raise PluginError(
            f"{game.name}: segments(state) gave {quoted(found)}, but the framework reads there"
            " (site, site, owner) for each line, two different points of the board and a player's index or None"
            + (f", the step from its lower end one of its Segment's directions {steps}" if steps else "")
        )
    return tuple(sorted(out, key=lambda s: (s[0], s[1], -1 if s[2] is None else s[2])))


def covered(grid: Any, a: int, b: int) -> tuple[int, ...]:
    """The points a line from ``a`` to ``b`` passes through, both ends included."""
    (fa, ra), (fb, rb) = grid.coords(a), grid.coords(b)
    steps = gcd(fb - fa, rb - ra) or 1
    df, dr = (fb - fa) // steps, (rb - ra) // steps
    return tuple(grid.index(fa + k * df, ra + k * dr) for k in range(steps + 1))


def direction_of(grid: Any, a: int, b: int) -> tuple[int, int]:
    """The step from a line's lower end to its other, as (files, ranks)."""
    (fa, ra), (fb, rb) = grid.coords(a), grid.coords(b)
    return fb - fa, rb - ra


def segments_text(view: Any, names: Any = None) -> str:
    """The lines of ``view`` in words, by owner: ``links: red b2-c4 d5-e7; blue c3-d5``."""
    if not view.segments or view.segment is None:
        return ""
    name = names or view.grid.name
    by: dict[int | None, list[str]] = {}
    for a, b, who in view.segments:
        by.setdefault(who, []).append(f"{name(a)}-{name(b)}")
    parts = [
        f"{'no one' if who is None else view.player_name(who)} {' '.join(lines)}"
        for who, lines in sorted(by.items(), key=lambda kv: -1 if kv[0] is None else kv[0])
    ]
    return f"{view.segment.many}: " + "; ".join(parts)
