"""What a learning agent sees of a position: planes over the board's squares.

Built from the neutral :class:`~boardgames.rules.view.BoardView` that every renderer
draws, so it works for any game with no per-game code: from what the game
declares (:mod:`boardgames.rules.declarations`), for each kind of piece the
pieces of each player, the one who looks first (then the next players in
index order: any number of players), one plane per kind of neutral
piece, of mark (the Donuts lines) and of overlay, each player's pieces in
hand (the same value on every square, as a fraction of the reserve),
whether chance is to move (in a game with chance), the squares of a move
being chosen action by action (:mod:`boardgames.learning.actions`) and, on a
board that is not a whole rectangle (a hexagon), its cells, so that a
corner off the board is not read as an empty square; :func:`plane_names`
lists them. In a game with hidden information the planes are of the
looker's view (:meth:`~boardgames.rules.game.Game.hide`) and nothing more.
What a game holds beyond its board (dice, scores, a hand) is not in them:
they show what the board shows.

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
from collections.abc import Sequence

from ..geometry import Grid
from ..rules.game import Game, State


def plane_names(game: Game | type[Game]) -> tuple[str, ...]:
    """The planes of ``game``, in order, from what it declares: for each kind
    of players' piece, one plane for each player, the looker first
    (``my pieces`` and ``opponent's pieces`` in a game of two with one kind,
    else ``my king``...; past two, ``player +1's pieces`` for the next player
    in index order, ``player +2's pieces``...); one per neutral kind, per mark
    kind and per overlay; each player's pieces in hand; ``chance to move`` in
    a game with chance; the squares of a move being chosen. A game with no
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
        *(f"{who} pieces in hand" for who in everyone),
        *(("chance to move",) if cls.has_chance else ()),
        "first square chosen",
        "later squares chosen",
    )


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
    if view.in_hand:
        reserve = game.pieces_each() or size
        for owner, held in enumerate(view.in_hand[:count]):
            out[at + (owner - player) % count] = [min(1.0, held / reserve)] * size
    at += count
    if game.has_chance:
        if state.is_chance:
            out[at] = [1.0] * size
        at += 1
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
