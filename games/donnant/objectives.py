"""Whether dice written in a card's boxes meet its objective (RULINGS DD3).

A card's boxes hold, each, the value written in it or None. The rules ask
two questions: may a die be written in a box now (its number and colour
fit the box, and the card can still be completed with the values written:
a passive player may fill single boxes, but never one that makes the card
impossible), and is the card complete (every box filled, every relation
met)? These functions answer them for one card, from the values alone:
colours are checked as dice are written (:func:`box_accepts`).

(Interface fixed by the lead for issue 40.)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import attrs

#: The five dice's colours (DD1: the fifth, red, is ours).
COLOURS = ("yellow", "orange", "green", "blue", "red")


@attrs.frozen
class Box:
    """A box of an objective (DD3): the number it demands (None: any), the
    colour of die it demands (None: a white box, any die)."""

    value: int | None = None
    colour: str | None = None


@attrs.frozen
class Objective:
    """A card's upper part (DD3): its boxes, left to right, and how their
    values relate: ``increasing`` (``<``: strictly increasing left to right,
    gaps allowed), ``groups`` (``=``: each group's boxes hold one value;
    groups may differ), ``at_least`` (the values add up to at least this;
    0: no sum). Boxes fill in any order."""

    boxes: tuple[Box, ...]
    increasing: bool = False
    groups: tuple[tuple[int, ...], ...] = ()
    at_least: int = 0


#: Each box's value written, or None while it is empty.
Written = tuple["int | None", ...]


def box_accepts(box: Box, value: int, colour: str) -> bool:
    """Whether a die of ``value`` and ``colour`` (as the player uses it,
    after any bonus) may be written in ``box``: the number it demands, if
    any, and the colour, if any."""
    return 1 <= value <= 6 and box.value in (None, value) and box.colour in (None, colour)


def _domains(objective: Objective, written: Written) -> list[tuple[int, ...]] | None:
    """Each box's possible values: the one written, or the values 1-6 its
    box allows; None if a value written is one its box never allows (or the
    written row does not match the boxes)."""
    boxes = objective.boxes
    if len(written) != len(boxes):
        return None
    domains: list[tuple[int, ...]] = []
    for box, value in zip(boxes, written, strict=True):
        if value is None:
            domains.append(_ANY if box.value is None else (box.value,))
        elif box.value in (None, value) and 1 <= value <= 6:
            domains.append((value,))
        else:
            return None
    return domains


_ANY = (1, 2, 3, 4, 5, 6)


def _classes(objective: Objective) -> list[list[int]]:
    """The boxes that must hold one value, as classes (groups sharing a box
    merge), every box in exactly one class (a box in no group alone)."""
    parent = list(range(len(objective.boxes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for group in objective.groups:
        for a, b in zip(group, group[1:], strict=False):
            parent[root(a)] = root(b)
    classes: dict[int, list[int]] = {}
    for i in range(len(parent)):
        classes.setdefault(root(i), []).append(i)
    return list(classes.values())


def best_sum(objective: Objective, written: Written) -> int | None:
    """The largest sum the card's values can reach once its empty boxes are
    filled so that ``<`` and ``=`` hold (None: they cannot hold at all).

    No search: for ``<`` the boxes are filled right to left, each with the
    largest value it allows below its right neighbour's (the greatest
    increasing filling, box by box, so the greatest sum); for ``=`` each
    class of equal boxes takes the largest value all its boxes allow."""
    domains = _domains(objective, written)
    if domains is None:
        return None
    if objective.groups and any(max(g) >= len(domains) or min(g) < 0 for g in objective.groups):
        return None
    classes = _classes(objective)
    if objective.increasing:
        if any(len(c) > 1 for c in classes):
            return None  # strictly increasing boxes are never equal
        total, above = 0, 7
        for domain in reversed(domains):
            fits = [v for v in domain if v < above]
            if not fits:
                return None
            above = max(fits)
            total += above
        return total
    total = 0
    for members in classes:
        common = set(domains[members[0]])
        for i in members[1:]:
            common.intersection_update(domains[i])
        if not common:
            return None
        total += max(common) * len(members)
    return total


def completable(objective: Objective, written: Written) -> bool:
    """Whether the empty boxes can still be filled (each with a value 1-6
    its box allows) so that every relation holds with the values written."""
    best = best_sum(objective, written)
    return best is not None and best >= objective.at_least


def fits(objective: Objective, written: Written, index: int, value: int, colour: str) -> bool:
    """Whether a die of ``value`` and ``colour`` (as used) may be written in
    the empty box ``index`` without making the card impossible: what a
    passive write asks (DD8), and each step of an active completion."""
    if not 0 <= index < len(written) or written[index] is not None:
        return False
    if not box_accepts(objective.boxes[index], value, colour):
        return False
    return completable(objective, (*written[:index], value, *written[index + 1 :]))


def complete(objective: Objective, written: Written) -> bool:
    """Whether every box is filled and every relation holds."""
    return None not in written and completable(objective, written)


@functools.cache
def one_roll_chance(objective: Objective) -> float:
    """The chance that one roll of the five dice (one of each colour)
    completes the empty card: how the shipped set prices its objectives.

    Exact: dice of colours no box names are interchangeable, so the 7,776
    rolls reduce to the coloured dice's values and the others' multiset,
    each tried once by a search over boxes that prunes on completable()."""
    named = sorted({box.colour for box in objective.boxes if box.colour}, key=COLOURS.index)
    free = [c for c in COLOURS if c not in named]
    rolls: Counter = Counter()
    for values in itertools.product(range(1, 7), repeat=len(COLOURS)):
        by_colour = dict(zip(COLOURS, values, strict=True))
        key = (tuple(by_colour[c] for c in named), tuple(sorted(by_colour[c] for c in free)))
        rolls[key] += 1
    hits = 0
    for (named_values, free_values), count in rolls.items():
        dice = list(zip(named, named_values, strict=True)) + [("", v) for v in free_values]
        if _fills(objective, dice, [None] * len(objective.boxes), 0, 0):
            hits += count
    return hits / 6 ** len(COLOURS)


def _fills(objective: Objective, dice: list[tuple[str, int]], written: list, box: int, used: int) -> bool:
    if box == len(written):
        return complete(objective, tuple(written))
    tried = set()
    for i, (colour, value) in enumerate(dice):
        if used >> i & 1 or (colour, value) in tried:
            continue
        tried.add((colour, value))
        wanted = objective.boxes[box]
        if wanted.value not in (None, value) or wanted.colour not in (None, colour):
            continue
        written[box] = value
        if completable(objective, tuple(written)) and _fills(objective, dice, written, box + 1, used | 1 << i):
            written[box] = None
            return True
        written[box] = None
    return False
