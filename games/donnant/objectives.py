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

from .cards import Box, Objective

#: Each box's value written, or None while it is empty.
Written = tuple["int | None", ...]


def box_accepts(box: Box, value: int, colour: str) -> bool:
    """Whether a die of ``value`` and ``colour`` (as the player uses it,
    after any bonus) may be written in ``box``: the number it demands, if
    any, and the colour, if any."""
    raise NotImplementedError


def completable(objective: Objective, written: Written) -> bool:
    """Whether the empty boxes can still be filled (each with a value 1-6
    its box allows) so that every relation holds with the values written."""
    raise NotImplementedError


def complete(objective: Objective, written: Written) -> bool:
    """Whether every box is filled and every relation holds."""
    raise NotImplementedError
