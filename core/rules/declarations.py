"""What a game declares about how its board looks and how it speaks.

A game never draws its own board: it declares its kinds of pieces (a man and
a king, a stone), its neutral pieces (Amazons' arrows, walls), its marks on
squares (the Donuts lines) and its overlays (a player's territory, dead
stones), in a small vocabulary of glyphs, and the words its front ends use
(what the last move did to the pieces it changed, the question for a choice,
the page's prompts). Every renderer, the JSON, the observation planes and
the page follow these declarations; Donuts and Verso use them as any plugin
does.
"""

from __future__ import annotations

from typing import Literal

import attrs

#: How the SVG draws a piece: a disc, a ring (a donut), a square block, a cross.
PieceShape = Literal["disc", "ring", "square", "cross"]
#: How a mark is drawn on its square: a line along one of the four axes, a
#: dot, a small cross, a ring or a square outline.
Glyph = Literal["line-horizontal", "line-vertical", "line-rising", "line-falling", "dot", "cross", "ring", "square"]
GLYPHS: tuple[str, ...] = (
    "line-horizontal",
    "line-vertical",
    "line-rising",
    "line-falling",
    "dot",
    "cross",
    "ring",
    "square",
)
#: How an overlay covers its square: a wash of colour (territory), or a cross
#: over the piece (a dead stone).
Cover = Literal["fill", "cross"]


@attrs.frozen
class PieceKind:
    """A kind of piece. A player's kinds are drawn in the player's colour
    (``colour`` is for neutral pieces); ``letter`` is the text renderer's
    (upper case for the first player, lower case for the others: ``K``, ``k``;
    the player's own letter if empty), ``symbol`` the Unicode one."""

    name: str
    letter: str = ""
    symbol: str = ""
    shape: PieceShape = "disc"
    colour: str = "#555555"


@attrs.frozen
class MarkKind:
    """A kind of mark on a square (a board feature, not a piece): its name,
    its character in plain text and in Unicode, and its glyph."""

    name: str
    text: str
    glyph: Glyph
    unicode: str = ""
    colour: str = "#e75480"


@attrs.frozen
class Overlay:
    """A kind of overlay on squares, shown over the board: ``player`` (an
    index) colours it with that player's colour, else ``colour``."""

    name: str
    cover: Cover = "fill"
    player: int | None = None
    colour: str = "#888888"


@attrs.frozen
class Words:
    """The words of a game's front ends. ``changed``: what the last move did
    to the pieces it changed (``flipped``, ``captured``); ``choice``: the
    question when a move needs the mover to pick one of several squares;
    the ``pick_`` ones are the page's prompts for the parts of a move (where
    a piece may move or a square be taken at once, the page says both
    ``pick_origin`` and ``pick_square``)."""

    changed: str = "changed"
    choice: str = "Which one?"
    pick_origin: str = "Click a highlighted piece to move."
    pick_to: str = "Click where it goes."
    pick_square: str = "Click a highlighted square."
    pick_mark: str = "Click a highlighted square to choose it."

    def to_json(self) -> dict[str, str]:
        return attrs.asdict(self)


#: The kind a game has if it declares none: one kind of piece per player.
PIECE = PieceKind("piece")
