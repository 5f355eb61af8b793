"""Donnant Donnant's cards as data: what each card asks (its objective: a row
of boxes) and what it gives once completed (a bonus, or points at the end).

The set the game ships is ours (RULINGS DD2), one card a line in
``cards.txt``; a player who owns the box may load the printed set from a
file in the same format (``-o cards=FILE``). A file is data, never a
program: it is read whole and checked whole before a game starts, and an
error names the file and the line at fault.

(Interface fixed by the lead for issue 40; bodies: see the functions.)
"""

from __future__ import annotations

from pathlib import Path

import attrs

from boardgames.errors import BoardgamesError

#: The five dice's colours (DD1: the fifth, red, is ours), and their letters in a card file.
COLOURS = ("yellow", "orange", "green", "blue", "red")
LETTERS = "yogbr"
#: How each colour is drawn.
HEX = {"yellow": "#f2c500", "orange": "#f08a24", "green": "#3a9a4a", "blue": "#2f6fd0", "red": "#d23a3a"}

#: The bonuses (DD10): +1/-1 to a die, a die as another colour, a second
#: die as a passive player, the card's colour chosen at the end, a die fewer
#: to buy.
BONUS_KINDS = ("adjust", "recolour", "second", "paint", "discount")
#: The scoring cards (DD11): per completed orthogonal neighbour; per card of
#: a colour in the tableau; per orthogonal neighbour of a colour; per line
#: (row or column) of three completed cards; for the five colours; per line
#: of three cards of one colour; per different completed bonus.
SCORING_KINDS = ("neighbours", "colour", "neighbour_colour", "lines", "set", "mono_lines", "bonuses")


class CardFileError(BoardgamesError):
    """A card file that cannot be read: the message names the file and the line."""


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


@attrs.frozen
class Effect:
    """A card's lower part: ``kind`` one of BONUS_KINDS or SCORING_KINDS;
    ``points`` what a scoring card pays (per neighbour, per card, per line,
    once for the set…); ``colour`` the colour a ``colour`` or
    ``neighbour_colour`` card names; ``uses`` a bonus card's tick boxes (3
    for most; 0 for ``paint``)."""

    kind: str
    points: int = 0
    colour: str | None = None
    uses: int = 0


@attrs.frozen
class Card:
    """One card: ``number`` its index in the set (also what a draw of it is
    written as), ``scoring`` (a laurel card) or a bonus card, its own
    ``colour``, its ``objective`` and ``effect``, and the ``line`` of the
    file it came from."""

    number: int
    scoring: bool
    colour: str
    objective: Objective
    effect: Effect
    line: int = 0


def parse_cards(text: str, source: str = "cards") -> tuple[Card, ...]:
    """Every card of a card file's ``text``, checked whole (29 scoring and 20
    bonus cards, each line well formed); CardFileError ``source:LINE: why``."""
    raise NotImplementedError


def load_cards(path: str | Path) -> tuple[Card, ...]:
    """The cards of the file at ``path`` (CardFileError if it cannot be read)."""
    raise NotImplementedError


def default_cards() -> tuple[Card, ...]:
    """The set the game ships (``cards.txt`` beside this module), read once."""
    raise NotImplementedError


def card_text(card: Card) -> str:
    """The card in a line of words: its colour, objective and effect
    (``yellow: 3 3 y, 2 a completed neighbour``)."""
    raise NotImplementedError
