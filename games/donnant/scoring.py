"""The points a tableau scores at the end (RULINGS DD11, DD13), from the
tableau alone.

Places are (column, row) and need not start at 0: neighbours are the four
orthogonal places, a line is three places side by side in a row or a column.
A card's colour is its own, except a ``paint`` bonus card: completed, it
takes the colour that scores most (the choices of several paint cards are
made together); uncompleted, it has no colour at all (DD10).

(Interface fixed by the lead for issue 40.)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import attrs

from .cards import COLOURS, Card

#: A place in a tableau: (column, row).
Place = tuple[int, int]


@attrs.frozen
class Placed:
    """A card as it lies in a tableau: the card, the value written in each
    of its boxes (None: empty), and the bonus uses ticked so far."""

    card: Card
    written: tuple[int | None, ...]
    ticks: int = 0

    @property
    def completed(self) -> bool:
        """Every box filled (the rules write a card's last box only when it
        completes it, so a card whose boxes are all filled is complete)."""
        return all(v is not None for v in self.written)


def score(tableau: Mapping[Place, Placed]) -> int:
    """The tableau's total at the end: each completed scoring card's points
    (copies add up), with each completed ``paint`` bonus card given the
    colour that scores most (the player's choice, DD10; an uncompleted one
    has no colour at all)."""
    colours: dict[Place, str | None] = {}
    painted: list[Place] = []
    for place, placed in tableau.items():
        if placed.card.effect.kind == "paint" and not placed.card.scoring:
            colours[place] = None
            if placed.completed:
                painted.append(place)
        else:
            colours[place] = placed.card.colour
    if not painted or not any(
        p.completed and p.card.scoring and p.card.effect.kind in _BY_COLOUR for p in tableau.values()
    ):
        return _total(tableau, colours)
    best = 0
    for choice in itertools.product(COLOURS, repeat=len(painted)):
        colours.update(zip(painted, choice, strict=True))
        best = max(best, _total(tableau, colours))
    return best


#: The scoring kinds a card's colour matters to (the only ones a paint choice changes).
_BY_COLOUR = ("colour", "neighbour_colour", "set", "mono_lines")
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _lines(tableau: Mapping[Place, Placed]) -> list[tuple[Place, Place, Place]]:
    """Every row or column of three cards side by side."""
    found = []
    for column, row in tableau:
        for dc, dr in ((1, 0), (0, 1)):
            line = ((column, row), (column + dc, row + dr), (column + 2 * dc, row + 2 * dr))
            if line[1] in tableau and line[2] in tableau:
                found.append(line)
    return found


def _total(tableau: Mapping[Place, Placed], colours: Mapping[Place, str | None]) -> int:
    """The points of every completed scoring card, the cards' colours given."""
    total = 0
    lines = None
    for (column, row), placed in tableau.items():
        card = placed.card
        if not card.scoring or not placed.completed:
            continue
        effect = card.effect
        kind = effect.kind
        around = [p for p in ((column + dc, row + dr) for dc, dr in _STEPS) if p in tableau]
        if kind == "neighbours":
            count = sum(tableau[p].completed for p in around)
        elif kind == "colour":
            count = sum(colour == effect.colour for colour in colours.values())
        elif kind == "neighbour_colour":
            count = sum(colours[p] == effect.colour for p in around)
        elif kind == "set":
            count = int(set(COLOURS) <= set(colours.values()))
        elif kind == "bonuses":
            count = len({p.card.effect.kind for p in tableau.values() if not p.card.scoring and p.completed})
        else:
            lines = _lines(tableau) if lines is None else lines
            if kind == "lines":
                count = sum(all(tableau[p].completed for p in line) for line in lines)
            else:  # mono_lines
                count = sum(
                    colours[line[0]] is not None and colours[line[0]] == colours[line[1]] == colours[line[2]]
                    for line in lines
                )
        total += effect.points * count
    return total


def empty_boxes(tableau: Mapping[Place, Placed]) -> int:
    """How many boxes are still empty (the tie-break, DD13: fewer wins)."""
    return sum(value is None for placed in tableau.values() for value in placed.written)
