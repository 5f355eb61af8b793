"""What lies in a grooved board's grooves (``Grid.grooved``), named as its players name it.

A bar two cells long (Quoridor's wall, a fence) lies through a crossing and the edge either side of
it, three sites; players name it by the crossing's cell and its way: ``c3h`` along the grooves above
c3 and d3, ``c3v`` right of c3 and c4. From the held sites alone: a held crossing is a bar's middle,
lying the way whose two edges are held and no other bar's. Where both ways are held (a wall through
a crossing whose other grooves hold walls ending there), the bars around settle it: a crossing
left one way takes it, an edge left one bar to lie in is that bar's. The JSON, the words and the
page's names read this; a crossing no reading settles is named as its sites.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .grid import Grid

#: A bar's way by its letter: the steps, in file and rank, from its crossing to its two edges.
WAYS = (("h", (-1, 0), (1, 0)), ("v", (0, -1), (0, 1)))
#: The bars of a position, each by its crossing: its name (``c3h``) and its two edges.
Bars = dict[int, tuple[str, tuple[int, int]]]


def bars(grid: Grid, held: Iterable[int]) -> Bars:
    """The bars the ``held`` sites of a grooved board make: each by its crossing, with its name
    (``c3h``) and its two edges."""
    held = set(held)
    open_ways: dict[int, list[tuple[str, tuple[int, int]]]] = {}
    for sq in held:
        f, r = grid.coords(sq)
        name = grid.name(sq)
        if f % 2 or r % 2 or not name.endswith("ne"):  # an edge, a cell, or a crossing on the west or south rim
            continue
        ways = []
        for way, (f1, r1), (f2, r2) in WAYS:
            at = [(f + df, r + dr) for df, dr in ((f1, r1), (f2, r2))]
            if all(0 <= a < grid.width and 0 <= b < grid.height for a, b in at):
                e1, e2 = (grid.index(a, b) for a, b in at)
                if e1 in held and e2 in held:
                    ways.append((name[:-2] + way, (e1, e2)))
        if ways:
            open_ways[sq] = ways
    found: Bars = {}
    taken: set[int] = set()
    while open_ways:
        for sq, ways in list(open_ways.items()):  # drop the ways whose edges another bar took
            open_ways[sq] = [w for w in ways if not taken.intersection(w[1])]
            if not open_ways[sq]:
                del open_ways[sq]
        lying: dict[int, list[tuple[int, tuple[str, tuple[int, int]]]]] = {}  # each edge: the bars it may be in
        for sq, ways in open_ways.items():
            for w in ways:
                for edge in w[1]:
                    lying.setdefault(edge, []).append((sq, w))
        settled = [(sq, ways[0]) for sq, ways in open_ways.items() if len(ways) == 1]
        settled += [only[0] for only in lying.values() if len(only) == 1]
        if not settled:  # what is left reads more than one way
            break
        for sq, (name, ends) in settled:
            if sq in open_ways and not taken.intersection(ends):
                found[sq] = (name, ends)
                taken.update(ends)
                del open_ways[sq]
    return found


def held_names(grid: Grid, held: Iterable[int]) -> dict[int, tuple[str, tuple[int, ...]]]:
    """The ``held`` sites of a grooved board as its players name them, in site order: a bar by its
    crossing (``c3h``, with its three sites), every other site by its own name (with itself)."""
    held = sorted(held)
    found = bars(grid, held)
    said_with = {edge for _, ends in found.values() for edge in ends}
    return {
        sq: (found[sq][0], tuple(sorted((sq, *found[sq][1])))) if sq in found else (grid.name(sq), (sq,))
        for sq in held
        if sq not in said_with
    }


def contents_by_bars(grid: Grid, contents: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What is on each site of a grooved board (``State.contents``), keyed by the names its players
    read, in site order: the sites of a bar, each holding the same, said once by the bar's name, with
    the ``sites`` it lies on."""
    alike: dict[tuple[tuple[str, Any], ...], list[int]] = {}
    for sq, what in contents.items():
        alike.setdefault(tuple(sorted(what.items())), []).append(sq)
    said: dict[int, tuple[str, dict[str, Any]]] = {}
    for held in alike.values():
        for sq, (name, sites) in held_names(grid, held).items():
            what = {**contents[sq], "sites": [grid.name(s) for s in sites]} if len(sites) > 1 else contents[sq]
            said[sq] = (name, what)
    return dict(said[sq] for sq in sorted(said))
