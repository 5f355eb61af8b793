"""The points a tableau scores at the end (RULINGS DD11, DD13), from the
tableau alone.

(Interface fixed by the lead for issue 40.)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from .cards import Card

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
    raise NotImplementedError


def empty_boxes(tableau: Mapping[Place, Placed]) -> int:
    """How many boxes are still empty (the tie-break, DD13: fewer wins)."""
    raise NotImplementedError
