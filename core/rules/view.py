"""The neutral description of a position that every renderer draws.

A game never draws its own board: it says what is where (geometry, pieces,
their owners and kinds, neutral pieces, marks and overlays on squares, the
last move, the legal targets) with the kinds it declares
(:mod:`boardgames.rules.declarations`), and the renderers in :mod:`boardgames.rendering.text`
and :mod:`boardgames.rendering.svg` do the drawing. Beyond the board, the
view carries the dice, the hands, the cards on the table and the running
scores the game declares (:func:`beyond_the_board`), drawn below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from numbers import Real
from typing import Any, Literal

import attrs

from ..errors import PluginError, quoted
from ..geometry import Grid
from .coordinates import Coordinates
from .counts import Counted
from .declarations import (
    GLYPHS,
    HIDDEN_DIE,
    PIECE,
    Card,
    CardBox,
    Cards,
    Die,
    MarkKind,
    Overlay,
    PieceKind,
    Words,
    face_down_part,
)
from .players import MORE_SYMBOLS, extended
from .segments import Segment
from .stacks import Stack, Stacked

PieceShape = Literal["disc", "ring", "square", "cross"]
#: The colours and symbols of players whose game names none (``Game`` uses these too).
DEFAULT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad")
DEFAULT_SYMBOLS = ("●", "○", "▲", "■")
#: How a mark named ``-``, ``|``, ``/`` or ``\\`` is drawn when the game
#: declares no kind of that name: the four lines, as every mark was drawn
#: before games declared their marks (plugins written then keep working).
LEGACY_LINES = tuple(
    MarkKind(text, text, glyph, unicode)  # type: ignore[arg-type]
    for text, glyph, unicode in zip("-|/\\", GLYPHS[:4], "─│╱╲", strict=True)
)


@attrs.frozen
class BoardView:
    grid: Grid
    #: All the game's players, in the game's fixed order (colours and glyphs follow it).
    players: tuple[str, ...]
    #: (square, player index) for each square holding a player's piece.
    owners: tuple[tuple[int, int], ...] = ()
    #: (square, mark name) for squares that carry a mark (one of ``mark_kinds``).
    marks: tuple[tuple[int, str], ...] = ()
    #: Squares of the last move (where it came from and where it went).
    last: tuple[int, ...] = ()
    #: Squares the last move flipped or took (``words.changed`` says which).
    changed: tuple[int, ...] = ()
    #: Squares of the line that won the game (five in a row), once it is won.
    winning: tuple[int, ...] = ()
    #: What the game flags about the position, in words (``Game.state_flag``: ``white is in check``), and its squares.
    flag: str = ""
    flagged: tuple[int, ...] = ()
    #: Squares a legal move goes to.
    targets: tuple[int, ...] = ()
    #: Pieces each player (``players`` order) still has to place; empty if the game has no reserve.
    in_hand: tuple[int, ...] = ()
    #: Each player's colour, ``#rrggbb`` (terminal and SVG); a game's own come from ``Game.colours``.
    colours: tuple[str, ...] = DEFAULT_COLOURS
    #: Each player's Unicode piece symbol (``Game.symbols``).
    symbols: tuple[str, ...] = DEFAULT_SYMBOLS
    #: Deprecated: ``piece_kinds`` say each kind's shape. ``ring`` still draws the first kind as a ring.
    piece_shape: PieceShape = "disc"
    #: (side, player index) for the sides a player joins or owns: ``south``
    #: (rank 1), ``north``, ``west`` (file a), ``east`` (``Game.edges``).
    edges: tuple[tuple[str, int], ...] = ()
    #: Whether the cells alternate dark and light, a1 dark (``Game.checkered``: draughts, chess).
    checkered: bool = False
    #: The (files, ranks) of each block of square cells drawn with heavier borders (``Game.blocks``), or None.
    blocks: tuple[int, int] | None = None
    #: The labels of the files and ranks (``Game.board_labels``), or None for the grid's own.
    coordinates: Coordinates | None = None
    #: The players whose pieces are drawn turned half round (``Game.turned_players``), or None: see rendering.faces.
    turned: tuple[int, ...] | None = None
    #: (square, kind index) for players' pieces of another kind than the first.
    kinds: tuple[tuple[int, int], ...] = ()
    #: (square, neutral kind index) for pieces that belong to no player.
    neutral: tuple[tuple[int, int], ...] = ()
    #: (square, overlay index) for the overlays shown over squares.
    overlays: tuple[tuple[int, int], ...] = ()
    #: What the game declares (:mod:`boardgames.rules.declarations`).
    piece_kinds: tuple[PieceKind, ...] = (PIECE,)
    neutral_kinds: tuple[PieceKind, ...] = ()
    mark_kinds: tuple[MarkKind, ...] = ()
    overlay_kinds: tuple[Overlay, ...] = ()
    words: Words = Words()
    #: The dice the position shows (``Game.dice``), in the game's order.
    dice: tuple[Die, ...] = ()
    #: Each player's hand (``players`` order, ``Game.hands``): each card's
    #: text or :class:`Card`, None for a card face down (as the viewer's view
    #: has it; a ``Card`` face down holds only its boxes' written values). Empty: no hands.
    hands: tuple[tuple[str | Card | None, ...], ...] = ()
    #: The cards laid out on the table (``Game.market``): market rows, piles, tableaux.
    market: tuple[Cards, ...] = ()
    #: Each player's running score (``players`` order, ``Game.scores``); empty if the game shows none.
    scores: tuple[float, ...] = ()
    #: Whether the grid is drawn as a board (``Game.board_drawn``); False: it
    #: only numbers the sites of the dice, cards and boxes, and nothing of it is drawn.
    board_drawn: bool = True
    #: Where the grid is no board: each site's name in the game's words
    #: (``Game.site_name``), by site; empty for a board (its squares' names
    #: are the grid's). A site a game leaves unnamed is its number (``"7"``):
    #: the words then name it by what is drawn there.
    site_names: tuple[str, ...] = ()
    #: (site, n, owner index or None) for each site holding a count of pieces (``Game.counts``).
    counts: tuple[tuple[int, int, int | None], ...] = ()
    #: What is counted there (``Game.counted``): its words.
    counted: Counted | None = None
    #: (site, site, owner index or None) for each line drawn between two points (``Game.segments``).
    segments: tuple[tuple[int, int, int | None], ...] = ()
    #: What those lines are (``Game.segment``): their words.
    segment: Segment | None = None
    #: (site, pieces bottom to top, each (owner, kind index)) for each site holding two or more (``Game.stacks``).
    stacks: tuple[tuple[int, Stack], ...] = ()
    #: What those piles are (``Game.stacked``): their words and observation levels.
    stacked: Stacked | None = None
    #: The sites drawn, where the game draws only where the play is (``Game.drawn_within``); empty: the
    #: whole board. The renderers draw ``rendering.window.cropped(view)``, whose grid holds these alone.
    window: tuple[int, ...] = ()

    def site_name(self, site: int) -> str:
        """The name people read for ``site``: the game's where the grid is no
        board, else the square's (``c3``)."""
        if self.site_names:
            return self.site_names[site] if 0 <= site < len(self.site_names) else str(site)
        return self.grid.name(site)

    def player_name(self, player: int) -> str:
        """A player's name; ``player 5`` for an index past :attr:`players`."""
        return self.players[player] if 0 <= player < len(self.players) else f"player {player + 1}"

    def colour_of(self, player: int) -> str:
        """A player's colour, a grey for one the view gives none."""
        return self.colours[player] if 0 <= player < len(self.colours) else "#888888"

    def symbol_of(self, player: int) -> str:
        """A player's Unicode symbol; past the view's symbols, the ones any
        game gets for that many players (a view built by hand for six with
        the four defaults draws every player)."""
        if 0 <= player < len(self.symbols):
            return self.symbols[player]
        return extended(self.symbols, DEFAULT_SYMBOLS, MORE_SYMBOLS, player + 1)[player]

    def mark_kind(self, name: str) -> MarkKind | None:
        """The declared kind of a mark, by its name (a legacy line if undeclared)."""
        for kind in (*self.mark_kinds, *LEGACY_LINES):
            if kind.name == name:
                return kind
        return None

    def piece_kind(self, square: int) -> PieceKind:
        """The kind of the player's piece on ``square``."""
        kind = dict(self.kinds).get(square, 0)
        found = self.piece_kinds[kind] if kind < len(self.piece_kinds) else PIECE
        if kind == 0 and self.piece_shape != "disc" and found.shape == "disc":
            return attrs.evolve(found, shape=self.piece_shape)
        return found


def _said(game: Any, method: str, found: object, expected: str) -> PluginError:
    name = getattr(game, "name", type(game).__name__)
    return PluginError(f"{name}: {method}(state) gave {quoted(found)}, but the framework reads there {expected}")


def _number(value: object) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _card(card: object) -> bool:
    """Whether ``card`` is a :class:`Card` the renderers can draw (its boxes :class:`CardBox`, its texts texts)."""
    return (
        isinstance(card, Card)
        and all(isinstance(getattr(card, f), str) for f in ("text", "colour", "colour_name", "price"))
        and isinstance(card.boxes, tuple)
        and all(
            isinstance(b, CardBox) and all(isinstance(t, str) for t in (b.demand, b.colour, b.written))
            for b in card.boxes
        )
        and all(isinstance(s, str) for s in card.between)
        and all(isinstance(t, bool) for t in card.ticks)
        and isinstance(card.site, int)
    )


_NOTHING: dict[str, Any] = {"dice": (), "hands": (), "market": (), "scores": ()}


def beyond_the_board(game: Any, state: Any) -> dict[str, Any]:
    """What ``game`` shows of ``state`` beside its board, as the fields of a
    :class:`BoardView`: its :meth:`~boardgames.Game.dice`, ``hands``,
    ``market`` and ``scores``, checked (a value of another kind is one
    clear :class:`~boardgames.errors.PluginError` naming the method, never
    an exception inside a renderer). Only ``state`` is read: pass a
    player's view and only what that player sees is shown."""
    dice, hands, market, scores = game.dice(state), game.hands(state), game.market(state), game.scores(state)
    if all(type(v) is tuple and not v for v in (dice, hands, market, scores)):  # a board alone: nothing to check
        return _NOTHING
    count = len(game.player_names)
    if not isinstance(dice, Sequence) or not all(
        isinstance(d, Die)
        and isinstance(d.value, int)
        and isinstance(d.faces, int)
        and HIDDEN_DIE <= d.value <= max(d.faces, 0)
        for d in dice
    ):
        expected = "a tuple of boardgames.Die (each value from -1, hidden, or 0, not rolled, to its faces)"
        raise _said(game, "dice", dice, expected)
    if (
        not isinstance(hands, Sequence)
        or isinstance(hands, str)
        or len(hands) > count
        or not all(
            isinstance(h, Sequence)
            and not isinstance(h, str)
            and all(c is None or isinstance(c, str) or _card(c) for c in h)
            for h in hands
        )
    ):
        expected = "each player's cards, a tuple of tuples of texts or boardgames.Card (None: face down)"
        raise _said(game, "hands", hands, expected)
    if not isinstance(market, Sequence) or not all(
        isinstance(row, Cards) and all(c is None or isinstance(c, str) or _card(c) for c in row.cards) for row in market
    ):
        raise _said(game, "market", market, "a tuple of boardgames.Cards")
    if not isinstance(scores, Sequence) or len(scores) > count or not all(_number(s) for s in scores):
        raise _said(game, "scores", scores, "each player's score, a tuple of numbers")
    return {
        "dice": tuple(dice),
        "hands": tuple(tuple(_shown(c) for c in h) for h in hands),
        "market": tuple(_shown_row(row) for row in market),
        "scores": tuple(scores),
    }


def _shown(card: str | Card | None) -> str | Card | None:
    """A card as every renderer may draw it: of one face down
    (:attr:`Card.face_down`), only what anyone sees (its boxes' written
    values), whatever else the game left in it."""
    return face_down_part(card) if isinstance(card, Card) and card.face_down else card


def _shown_row(row: Cards) -> Cards:
    if not any(isinstance(c, Card) and c.face_down for c in row.cards):
        return row
    return attrs.evolve(row, cards=tuple(_shown(c) for c in row.cards))
