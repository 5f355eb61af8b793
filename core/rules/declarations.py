"""What a game declares about how its board looks and how it speaks.

A game never draws its own board: it declares its kinds of pieces (a man and
a king, a stone), its neutral pieces (Amazons' arrows, walls), its marks on
squares (the Donuts lines) and its overlays (a player's territory, dead
stones), in a small vocabulary of glyphs, and the words its front ends use
(what the last move did to the pieces it changed, the question for a choice,
the page's prompts). Every renderer, the JSON, the observation planes and
the page follow these declarations; Donuts and Verso use them as any plugin
does.

Beyond the board a game may show dice (:class:`Die`), cards in the players'
hands and laid out on the table (:class:`Cards`: a market row, a pile, a
player's tableau) and running scores: it says what they are in a position
(``Game.dice``, ``Game.hands``, ``Game.market``, ``Game.scores``), and the
renderers draw them below the board. They are read from the state the
caller passes, so a player's view (``state.seen_by(player)``) shows the
cards that player may not see face down, as the game's ``hide`` left them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

import attrs

#: How the SVG draws a piece: a disc, a ring (a donut), a square block, a cross; a piece of the
#: chess set (rendering.glyphs), a shogi piece (``pentagon``), a tile filling its hexagonal cell (``hexagon``: Hive's).
PieceShape = Literal[
    "disc", "ring", "square", "cross", "king", "queen", "rook", "bishop", "knight", "pawn", "pentagon", "hexagon"
]
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
    the player's own letter if empty), ``symbol`` the Unicode one. The first
    of a game's kinds shows its letter and symbol too when it declares them
    (on the squares ``Game.kinds`` leaves out), else its player's. ``face``
    is what is written on the piece in the SVG instead of the letter (a
    shogi piece's 歩, a xiangqi piece's 帥): one text for every player, or
    a tuple of one per player (``("帥", "將")``); the text board, the words
    and the notation keep the letter (``boardgames.rendering.faces``)."""

    name: str
    letter: str = ""
    symbol: str = ""
    shape: PieceShape = "disc"
    colour: str = "#555555"
    face: str | tuple[str, ...] = attrs.field(
        default="", converter=lambda v: "" if v is None else v, validator=attrs.validators.instance_of((str, tuple))
    )  # None: none, as ""

    def face_of(self, owner: int | None) -> str:
        """What is written on ``owner``'s piece of this kind: its face (its player's, where it
        declares one a player; the first's for a neutral piece), or "" where it declares none."""
        face = self.face
        if isinstance(face, str):
            return face
        return face[owner if owner is not None and 0 <= owner < len(face) else 0] if face else ""


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


def _cards(value: Iterable[str | Card | None]) -> tuple[str | Card | None, ...]:
    return tuple(value)


#: A die's value where it was rolled but the viewer may not see it (``Die(HIDDEN_DIE)``).
HIDDEN_DIE = -1


@attrs.frozen
class Die:
    """A die as a position shows it (``Game.dice``): ``value`` the face up
    (0: not rolled yet, drawn blank; :data:`HIDDEN_DIE`, -1: rolled but not
    to be seen by this viewer, drawn with a ``?``), of ``faces`` (pips up to 6, the number
    beyond); ``kept``: set aside between rolls (Yacht's held dice, Donnant
    Donnant's "chantier"), drawn marked; ``owner``: the player it belongs
    to (an index: drawn in that player's colour and named with it), None
    for the dice everyone shares; ``colour`` (``#rrggbb``): the die's own,
    where dice differ by colour (Donnant Donnant's five), else white or the
    owner's; ``name``: what it is called (``yellow``), said before its value."""

    value: int
    faces: int = 6
    kept: bool = False
    owner: int | None = None
    colour: str = ""
    name: str = ""
    #: The site a click on the die names (a square of the game's grid), -1 for none.
    site: int = -1


@attrs.frozen
class CardBox:
    """A box on a card, to be filled (Donnant Donnant's objectives, a score
    sheet's line): ``demand`` what it asks, as the card shows it (``3``,
    ``≥4``; empty: anything), ``colour`` the colour it asks for
    (``#rrggbb``; empty: any), ``written`` what is written in it (empty:
    nothing yet), ``site`` the site a click on it names (-1: none)."""

    demand: str = ""
    colour: str = ""
    written: str = ""
    site: int = -1


@attrs.frozen
class Card:
    """A card richer than its text (a :class:`Cards` place may hold one):
    ``text`` what it says (its effect, its points), ``colour`` its own
    (``#rrggbb``) and ``colour_name`` in words; ``boxes`` to fill, with
    ``between`` the sign written between each box and the next (``<``,
    ``=``, or a space), ``ticks`` its tick boxes (True: ticked: a bonus
    used), ``done`` whether it is completed (its circle ticked), ``price``
    what it costs where it lies (a market slot's ``4 equal dice``), ``site``
    the site a click on it names (-1: none). ``Card("", site=s)`` is an
    empty place one may click (a free place in a tableau).

    ``face_down``: a card lying face down whose boxes were filled in
    public (everyone saw the values written on it): drawn as a back with
    its boxes, each showing only what is written in it. Of such a card the
    renderers show nothing else, whatever the game left in it: not its
    text, colour, demands, signs, ticks or price (``Game.hide`` says what a
    viewer holds; a card no part of which a viewer sees is None)."""

    text: str
    colour: str = ""
    colour_name: str = ""
    boxes: tuple[CardBox, ...] = ()
    between: tuple[str, ...] = ()
    ticks: tuple[bool, ...] = ()
    done: bool = False
    price: str = ""
    site: int = -1
    face_down: bool = False


def face_down_part(card: Card) -> Card:
    """What anyone sees of ``card`` lying face down (:attr:`Card.face_down`):
    its boxes, each with only what is written in it and the site a click
    names, and its own site; nothing else of it."""
    boxes = tuple(CardBox(written=b.written, site=b.site) for b in card.boxes)
    return Card("", boxes=boxes, site=card.site, face_down=True)


@attrs.frozen
class Cards:
    """Cards laid out on the table (``Game.market``): a market row, a
    face-down pile, a player's tableau. ``cards``: each card's text as the
    game names it (or a :class:`Card`, drawn with its colour, boxes and
    ticks; one lying face down with what was written on it public:
    ``Card(..., face_down=True)``), ``None`` for a card face down (a pile of 30 is 30 of them:
    drawn as one back with its count), ``""`` for an empty place (a
    gap in a market row, a free place in a tableau); ``owner``: the player
    whose cards they are (an index), None for the shared ones; ``columns``:
    laid out in rows of that many (a 3 by 3 tableau: 3), 0 for one row."""

    name: str
    cards: tuple[str | Card | None, ...] = attrs.field(default=(), converter=_cards)
    owner: int | None = None
    columns: int = 0


@attrs.frozen
class Level:
    """One level of a campaign (:class:`Campaign`): ``options`` the game's
    options that make it (``{"players": 1, "level": 3}``), ``target`` the
    score to reach, ``may_pay`` whether a shortfall may be paid with
    campaign points, ``name`` as said (``level 3``)."""

    name: str
    options: Mapping[str, Any]
    target: int
    may_pay: bool = True


@attrs.frozen
class Campaign:
    """A game's campaign (``Game.campaign``): its solo levels played in turn,
    points carried from one to the next (:mod:`boardgames.play.campaign`
    plays it). ``levels`` in the order played; ``aim`` the campaign points to have
    once the last level is played; ``needs_all_won``: the campaign opens
    once every level has been won in a game of its own; ``rule`` cited in
    what is said (``DD15``)."""

    levels: tuple[Level, ...]
    aim: int = 0
    needs_all_won: bool = False
    rule: str = ""


#: The kind a game has if it declares none: one kind of piece per player.
PIECE = PieceKind("piece")
