"""What a learning agent sees of a position: planes over the board's squares.

Built from the neutral :class:`~boardgames.rules.view.BoardView` that every renderer
draws, so it works for any game with no per-game code: from what the game
declares (:mod:`boardgames.rules.declarations`), for each kind of piece the
pieces of each player, the one who looks first (then the next players in
index order: any number of players), one plane per kind of neutral
piece, of mark (the Donuts lines) and of overlay, the counts on sites of a
game that counts pieces (:func:`counted_names`), each player's pieces in
hand (the same value on every square, as a fraction of the reserve),
whether chance is to move (in a game with chance), the squares of a move
being chosen action by action (:mod:`boardgames.learning.actions`) and, on a
board that is not a whole rectangle (a hexagon), its cells, so that a
corner off the board is not read as an empty square; :func:`plane_names`
lists them. In a game with hidden information the planes are of the
looker's view (:meth:`~boardgames.rules.game.Game.hide`) and nothing more.
A game whose grid only numbers the sites of what it draws (``board_drawn``
False: a dice and card game) has planes for what its picture shows beyond
the board (:func:`beyond_names`): its dice, its cards and their boxes, each
on the square of its site, for whoever owns it (the table, the looker,
the next players); the face-down cards each holds; each player's cards in
hand and running score. A game that draws its board keeps its planes as
they were: its dice and cards have no site to be put on.

:func:`planes` gives each plane as a flat list indexed by square number, in
the grid's own order (:mod:`boardgames.geometry`). :func:`board_planes` lays
them out as the board looks (:func:`layout_shape`): (planes, rows, files),
row 0 is rank 1 and column 0 is file a, so ``board_planes(...)[p][r][f]`` is
plane ``p`` on the square of file ``f`` and rank ``r + 1`` (b5 is
``[p][4][1]``): the OpenSpiel tensor's layout, which the PettingZoo
observation turns to (rows, files, planes), its classic games' layout.
Plain lists of floats: the adapters make arrays of them; the core never
imports numpy.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any

from ..geometry import Grid
from ..rules.declarations import Card
from ..rules.game import Game, State
from ..rules.segments import Segment, covered, direction_of
from ..rules.stacks import stack_names, stack_planes
from ..rules.view import BoardView


def plane_names(game: Game | type[Game]) -> tuple[str, ...]:
    """The planes of ``game``, in order, from what it declares: for each kind
    of players' piece, one plane for each player, the looker first
    (``my pieces`` and ``opponent's pieces`` in a game of two with one kind,
    else ``my king``...; past two, ``player +1's pieces`` for the next player
    in index order, ``player +2's pieces``...); one per neutral kind, per mark
    kind and per overlay; each player's pieces in hand; ``chance to move`` in
    a game with chance; in a game whose board is not drawn, the planes of
    what it shows beyond it (:func:`beyond_names`); the squares of a move
    being chosen. A game with no
    marks has no mark planes. ``game`` is a configured game or a game class
    (then as many players as it takes by default); a configured game whose
    board is not a whole rectangle (a hexagon) ends with ``on board``, its
    cells (last, so that every other plane keeps its place)."""
    if isinstance(game, type):
        return _plane_names(game, game.count_of_players()[0])  # type: ignore[arg-type]  # by identity
    names = _plane_names(type(game), game.number_of_players)  # type: ignore[arg-type]  # by identity
    return (*names, "on board") if _off_board(game.grid) else names


def whose(k: int, count: int) -> str:
    """The plane names' word for the player ``k`` seats after the looker (in
    player index order) in a game of ``count``: ``my``, ``opponent's`` (two
    players), ``player +k's``."""
    if k == 0:
        return "my"
    return "opponent's" if count == 2 else f"player +{k}'s"


def _off_board(grid: Grid) -> bool:
    """Whether some squares of ``grid``'s numbering are not on the board."""
    return grid.full != (1 << grid.size) - 1


@functools.cache
def _plane_names(cls: type[Game], count: int) -> tuple[str, ...]:
    kinds = cls.piece_kinds
    everyone = [whose(k, count) for k in range(count)]
    if len(kinds) == 1:
        pieces: tuple[str, ...] = tuple(f"{who} pieces" for who in everyone)
    else:
        pieces = tuple(f"{who} {kind.name}" for kind in kinds for who in everyone)
    return (
        *pieces,
        *(f"neutral {kind.name}" for kind in cls.neutral_kinds),
        *(f"mark {kind.name}" for kind in cls.mark_kinds),
        *(f"overlay {kind.name}" for kind in cls.overlay_kinds),
        *(segment_names(cls.segment, count) if cls.segment is not None else ()),
        *(stack_names(cls.stacked, count, whose) if cls.stacked is not None else ()),
        *(counted_names(count) if cls.counted is not None else ()),
        *(f"{who} pieces in hand" for who in everyone),
        *(("chance to move",) if cls.has_chance else ()),
        *(() if cls.board_drawn else beyond_names(count)),
        "first square chosen",
        "later squares chosen",
    )


def segment_names(segment: Segment, count: int) -> tuple[str, ...]:
    """The planes of a game that draws lines between points (``Game.segment``:
    TwixT's links): for each direction it declares, ``my link (1, 2)``,
    ``opponent's link (1, 2)`` (or ``player +k's``), then ``unowned link (1,
    2)``, each 1.0 on every point a line of that direction covers; with no
    direction declared, ``my links``... each counting the lines ending on a point."""
    owners = (*(whose(k, count) for k in range(count)), "unowned")
    if not segment.directions:
        return tuple(f"{who} {segment.many}" for who in owners)
    return tuple(f"{who} {segment.name} ({df}, {dr})" for df, dr in segment.directions for who in owners)


def segment_planes(out: list[list[float]], at: int, view: Any, segment: Segment, player: int, count: int) -> int:
    """Fill :func:`segment_names`' planes from ``view`` at ``at``; where the next ones start."""
    grid = view.grid
    for a, b, who in view.segments:
        slot = count if who is None else (who - player) % count
        if not segment.directions:
            for end in (a, b):
                out[at + slot][end] += 1.0
            continue
        step = direction_of(grid, a, b)
        if step in segment.directions:
            plane = out[at + segment.directions.index(step) * (count + 1) + slot]
            for sq in covered(grid, a, b):
                plane[sq] = 1.0
    return at + (count + 1) * max(1, len(segment.directions))


def counted_names(count: int) -> tuple[str, ...]:
    """The planes of a game that counts pieces on its sites (``Game.counted``:
    seeds in pits): ``my count``, ``opponent's count`` (or ``player +k's
    count``), then ``unowned count``, each holding on a site the number of
    pieces ``Game.counts`` puts there, raw (a pit of 5 seeds is 5.0), 0 elsewhere."""
    return (*(f"{whose(k, count)} count" for k in range(count)), "unowned count")


def planes(state: State, player: int, chosen: Sequence[int] = ()) -> list[list[float]]:
    """The planes of ``state`` (:func:`plane_names`) as ``player`` (an index
    into the game's ``player_names``) sees it, each a list of ``grid.size``
    values indexed by square number (the grid's order, not the board's rows:
    :func:`board_planes` lays them out); ``chosen`` are the actions of the
    move being built (squares; ``pass`` and ``end`` leave no trace). In a
    game with hidden information, what ``player`` sees (:meth:`Game.hide`)
    and nothing more, until the game is over."""
    game = state.game
    size = game.grid.size
    count = game.number_of_players
    if game.hidden_information and state.outcome is None:
        state = game.hide(state, player)
    view = state.view()
    out = [[0.0] * size for _ in plane_names(game)]
    kinds = dict(view.kinds)
    for square, owner in view.owners:
        out[count * kinds.get(square, 0) + (owner - player) % count][square] = 1.0
    at = count * len(game.piece_kinds)
    for square, kind in view.neutral:
        out[at + kind][square] = 1.0
    at += len(game.neutral_kinds)
    marks = {kind.name: at + k for k, kind in enumerate(game.mark_kinds)}
    for square, name in view.marks:
        if name in marks:
            out[marks[name]][square] = 1.0
    at += len(game.mark_kinds)
    for square, cover in view.overlays:
        out[at + cover][square] = 1.0
    at += len(game.overlay_kinds)
    if game.segment is not None:  # the lines drawn between points (rules.segments)
        at = segment_planes(out, at, view, game.segment, player, count)
    if game.stacked is not None:  # each level of the piles, by owner, and their heights (rules.stacks)
        at = stack_planes(out, at, view, game.stacked, player, count)
    if game.counted is not None:  # the raw counts: each player's sites, the looker's first, then no one's
        for square, n, holder in view.counts:
            out[at + (count if holder is None else (holder - player) % count)][square] = float(n)
        at += count + 1
    if view.in_hand:
        reserve = game.pieces_each() or size
        for owner, held in enumerate(view.in_hand[:count]):
            out[at + (owner - player) % count] = [min(1.0, held / reserve)] * size
    at += count
    if game.has_chance:
        if state.is_chance:
            out[at] = [1.0] * size
        at += 1
    if not game.board_drawn:
        at = _beyond(out, at, view, player, count)
    squares = [a for a in chosen if 0 <= a < size]
    if squares:
        out[at][squares[0]] = 1.0
        for square in squares[1:]:
            out[at + 1][square] = 1.0
    if _off_board(game.grid):
        out[at + 2] = [1.0 if on else 0.0 for on in game.grid.on_board]
    return out


def layout_shape(game: Game) -> tuple[int, int, int]:
    """The shape of :func:`board_planes` of ``game``: (planes, rows, files)."""
    return (len(plane_names(game)), game.grid.height, game.grid.width)


def board_planes(state: State, player: int, chosen: Sequence[int] = ()) -> list[list[list[float]]]:
    """The :func:`planes` laid out as the board: for each plane its rows, rank
    1 first, each row its files, file a first (shape :func:`layout_shape`)."""
    rows = _rows(state.game.grid)
    return [[[plane[square] for square in row] for row in rows] for plane in planes(state, player, chosen)]


@functools.cache
def _rows(grid: Grid) -> tuple[tuple[int, ...], ...]:
    """The square numbers of each row of the layout: rank 1 first, file a first."""
    return tuple(tuple(grid.index(file, rank) for file in range(grid.width)) for rank in range(grid.height))


#: The planes of each owner's things beyond the board (:func:`beyond_names`), on their sites.
ON_SITES = (
    "die",
    "die value",
    "die kept",
    "card",
    "card done",
    "card ticks",
    "free place",
    "box",
    "box demand",
    "box written",
    "box value",
    "red",
    "green",
    "blue",
    "face-down cards",
)
#: The number a card's box shows (``3``, ``≥4``): the first integer in its text.
_NUMBER = re.compile(r"-?\d+")


def owners(count: int) -> tuple[str, ...]:
    """The words for whose things are shown beyond the board, in plane order:
    ``table`` (owner None: the dice and cards everyone shares), then each
    player's, the looker first (:func:`whose`)."""
    return ("table", *(whose(k, count) for k in range(count)))


@functools.cache
def beyond_names(count: int) -> tuple[str, ...]:
    """The planes of what a game whose board is not drawn shows beyond it
    (``Game.dice``, ``market``, ``hands``, ``scores``), in a game of
    ``count`` players. For each owner (:func:`owners`: the table, the
    looker, the next players), on the square of each thing's site: ``die``
    (1), ``die value`` (its value over the most faces of the dice shown; 0
    for a die not rolled or unseen), ``die kept`` (set aside); ``card`` (a
    card face up), ``card done``, ``card ticks`` (the fraction ticked);
    ``free place`` (an empty place one may click); ``box`` (a card's box),
    ``box demand`` (the number it asks, over the most faces), ``box written``
    (1 once filled), ``box value`` (the number written, over the most
    faces); ``red``, ``green``, ``blue`` (the colour of the die or card,
    or the colour a box asks, each channel over 255); and on every square
    ``face-down cards`` (how many that owner's cards lie face down, over the
    number of sites). Then each player's ``cards in hand`` (``Game.hands``,
    over the number of sites) and ``score`` (``½ + ½·s / (|s| + sites)``:
    0 is ½, more is more, within 0 and 1), on every square. A thing with no
    site (-1) is not on a square: its owner's ``face-down cards`` count it if
    it is a card face down. Numbers past 1 are cut to 1."""
    everyone = [whose(k, count) for k in range(count)]
    return (
        *(f"{who} {name}" for who in owners(count) for name in ON_SITES),
        *(f"{who} cards in hand" for who in everyone),
        *(f"{who} score" for who in everyone),
    )


def _beyond(out: list[list[float]], at: int, view: BoardView, player: int, count: int) -> int:
    """Fill the planes of :func:`beyond_names` from ``at`` on with what ``view``
    (the looker's view) shows; the index past them."""
    size = len(out[0])
    width = len(ON_SITES)
    faces = max((d.faces for d in view.dice), default=6) or 6

    def base(owner: int | None) -> int:
        return at + width * (0 if owner is None or not 0 <= owner < count else 1 + (owner - player) % count)

    def put(plane: int, site: int, value: float) -> None:
        if 0 <= site < size:
            out[plane][site] = max(0.0, min(1.0, value))

    def colour(first: int, site: int, hex_colour: str) -> None:
        if len(hex_colour) == 7 and hex_colour.startswith("#"):
            try:
                channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
            except ValueError:
                return
            for k, channel in enumerate(channels):
                put(first + 11 + k, site, channel)

    def number(text: str) -> float:
        found = _NUMBER.search(text)
        return int(found.group()) / faces if found else 0.0

    for die in view.dice:
        first = base(die.owner)
        put(first, die.site, 1.0)
        put(first + 1, die.site, die.value / max(faces, die.faces) if die.value > 0 else 0.0)
        put(first + 2, die.site, 1.0 if die.kept else 0.0)
        colour(first, die.site, die.colour)
    face_down = [0] * (1 + count)
    for cards in view.market:
        first = base(cards.owner)
        for card in cards.cards:
            if card is None:
                face_down[(first - at) // width] += 1
            elif isinstance(card, Card):
                if not card.text and not card.boxes:
                    put(first + 6, card.site, 1.0)
                    continue
                put(first + 3, card.site, 1.0)
                put(first + 4, card.site, 1.0 if card.done else 0.0)
                if card.ticks:
                    put(first + 5, card.site, sum(card.ticks) / len(card.ticks))
                colour(first, card.site, card.colour)
                for box in card.boxes:
                    put(first + 7, box.site, 1.0)
                    put(first + 8, box.site, number(box.demand))
                    put(first + 9, box.site, 1.0 if box.written else 0.0)
                    put(first + 10, box.site, number(box.written))
                    colour(first, box.site, box.colour)
    for k, n in enumerate(face_down):
        if n:
            out[at + width * k + width - 1] = [min(1.0, n / size)] * size
    at += width * (1 + count)
    for owner, hand in enumerate(view.hands[:count]):
        if hand:
            out[at + (owner - player) % count] = [min(1.0, len(hand) / size)] * size
    at += count
    for owner, score in enumerate(view.scores[:count]):
        out[at + (owner - player) % count] = [0.5 + 0.5 * score / (abs(score) + size)] * size
    return at + count
