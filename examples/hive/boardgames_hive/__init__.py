"""Hive, as OpenSpiel's ``hive`` plays it (the mosquito, ladybug and pillbug included by default).

White and black each have a queen bee, three ants, three grasshoppers, two
spiders, two beetles, a mosquito, a ladybug and a pillbug, off the board.
White places a first tile (not the queen), black one beside it; from then on
a player places a tile beside their own and no other's, or, once their queen
is down, moves one: never the tile moved last, nor one the hive would fall
apart without. The queen and the pillbug slide one cell, a spider exactly
three, an ant any number, around the hive and never through a gap too
narrow; a grasshopper jumps in a line over the tiles beside it; a beetle
steps one cell, onto the hive too, and holds the pile it tops; a ladybug
goes two steps over the hive and one down; a mosquito moves as any bug
beside it (a beetle on the hive); a pillbug may lift a tile beside it over
itself onto an empty cell beside it. The queen must be down by a player's
fourth tile. A player whose queen is surrounded loses (both at once: a
draw); a player with no move passes; 500 moves draw.

The board has no fixed shape: a hexagon around the first tile, ``size``
cells from it to each side (8 as OpenSpiel's); where the hive reaches past
it, every tile moves back toward the middle as OpenSpiel's does, or, where
it cannot, the game ends drawn. Moves are written in the Universal Hive
Protocol, as OpenSpiel writes them: ``wA1`` (the first tile), ``bG1 -wA1``
(black's first grasshopper west of white's first ant), ``wB1 bQ`` (onto
black's queen), ``pass``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import attrs

import boardgames
from boardgames import PASS, ChoiceOption, Game, Grid, IntOption, Move, Outcome, PieceKind, Stacked, State, hookimpl
from boardgames.geometry.swarm import Patterns, SwarmBoard
from boardgames.rules.choices import Choices
from boardgames.rules.moves import with_choice

from .bugs import BUG, LETTER, Position, uhp

NAMES = ("queen", "ant", "grasshopper", "spider", "beetle", "mosquito", "ladybug", "pillbug")
EXPANSIONS = (("mosquito", 5), ("ladybug", 6), ("pillbug", 7))
#: How UHP writes a tile beside its reference, by the step from the reference: north-east, east, south-east,
#: south-west, west, north-west (OpenSpiel's order), and the grid's direction of each.
BESIDE = ("{}/", "{}-", "{}\\", "/{}", "-{}", "\\{}")
TOWARD = (1, 0, 5, 4, 3, 2)
TILES = {uhp(t): t for t in range(28)}


@functools.cache
def placements_by_site(sites: int) -> list[tuple[Move, ...]]:
    """Each site's placements, by the tile's choice (its number among a player's 14): made once a board."""
    return [tuple(with_choice(Move(-1, site), k) for k in range(14)) for site in range(sites)]


@attrs.frozen(kw_only=True, slots=False)
class HiveState(State):
    #: Each tile's site (OpenSpiel's numbering: wQ, wA1..., then black's), -1 in hand.
    where: tuple[int, ...] = (-1,) * 28
    #: (site, tiles bottom to top) for each taken site, in site order.
    piles: tuple[tuple[int, tuple[int, ...]], ...] = ()
    #: The tile moved last (-1: none, after a pass), which may not move now.
    last: int = -1
    #: How far (files, ranks) the last move moved the hive back toward the middle: (0, 0) where it did not. Only
    #: for drawing the last move: not part of the position (its key).
    recentred: tuple[int, int] = attrs.field(default=(0, 0), metadata={"key": False})

    @functools.cached_property
    def pile(self) -> dict[int, tuple[int, ...]]:
        """The piles by site."""
        return dict(self.piles)

    @functools.cached_property
    def cell_patterns(self) -> Patterns:
        """Each cell's taken neighbours and height (``SwarmBoard.patterns``), set by ``apply`` from the last ones."""
        return self.game.board.patterns((s, len(pile)) for s, pile in self.piles)


class Hive(Game[HiveState]):
    name = "hive"
    title = "Hive"
    summary = "Hive as OpenSpiel plays it: surround the other queen; beetles climb on top; UHP notation."
    player_names = ("white", "black")
    colours = ("#f3e9d2", "#1b1b1b")
    piece_kinds = tuple(PieceKind(n, LETTER[i], LETTER[i], shape="hexagon") for i, n in enumerate(NAMES))  # tiles
    stacked = Stacked("stack", "stacks", levels=3)
    drawn_within = 1  # the hive and the cells beside it, where every move goes: as AbstractPlay draws it
    move_choices = Choices("Which tile?", tuple(f"{NAMES[b]}{'' if len(uhp(t)) == 2 else ' ' + uhp(t)[-1]}"
                                                 for t, b in enumerate(BUG)), tuple(uhp(t)[1:] for t in range(14)))
    option_specs = (
        IntOption("size", "cells from the middle to each side (OpenSpiel's board_size)", 8, minimum=3, maximum=14),
        *(ChoiceOption(name, f"whether each side has a {name}", "yes", choices=("yes", "no"))
          for name, _ in EXPANSIONS),
    )
    max_length = 500  # OpenSpiel's: then a draw
    rules_text = __doc__ or ""

    def setup(self) -> None:
        # OpenSpiel's board of ``size``, and one ring more: a tile landing there moves the hive back.
        self.grid = Grid.hexagon(self.options["size"] + 2)
        self.board, self.placed = SwarmBoard.of(self.grid), placements_by_site(self.grid.size)
        self.bugs = frozenset({0, 1, 2, 3, 4} | {k for name, k in EXPANSIONS if self.options[name] == "yes"})

    def initial_state(self) -> HiveState:
        return HiveState(game=self)

    def position(self, state: HiveState) -> Position:
        return Position(self.board, state.cell_patterns, state.pile, state.where, state.last, len(state.history),
                        self.bugs, self.placed)

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: HiveState) -> tuple[Move, ...]:
        return tuple(self.position(state).moves(state.turn)) or (PASS,)  # in the order of squares, as every game's

    def tile_of(self, state: HiveState, move: Move) -> int:
        """The tile ``move`` places (its choice) or moves (the top of its origin)."""
        return 14 * state.turn + move.choice if move.origin < 0 else state.pile[move.origin][-1]

    def apply(self, state: HiveState, move: Move) -> HiveState:
        history, turn = state.history + (move,), 1 - state.turn
        if move.is_pass:
            return HiveState(game=self, history=history, turn=turn, where=state.where, piles=state.piles,
                             outcome=self.ended(state.pile, state.where, len(history)))
        tile, to = self.tile_of(state, move), move.to
        piles = dict(state.piles)
        if move.origin >= 0:
            rest = piles.pop(move.origin)[:-1]
            if rest:
                piles[move.origin] = rest
        where = list(state.where)
        where[tile] = -1
        offset, moved = (0, 0), self.board.shifted
        if self.board.on_rim[to]:  # past OpenSpiel's board: the hive moves back toward the middle, or it is drawn
            step = self.board.centring_step([s for s in state.where if s >= 0], (to,))
            if step is None:
                return HiveState(game=self, history=history, turn=turn, where=state.where, piles=state.piles,
                                 last=tile, outcome=Outcome(None, "the hive reached the edge of the board"))
            offset = step
            piles = {moved(s, offset): p for s, p in piles.items()}
            where = [moved(s, offset) for s in where]
            to = moved(to, offset)
        piles[to] = piles.get(to, ()) + (tile,)
        where[tile] = to
        frozen = tuple(sorted(piles.items()))
        after = HiveState(game=self, history=history, turn=turn, where=tuple(where), piles=frozen, last=tile,
                          recentred=offset, outcome=self.ended(piles, where, len(history)))
        if "cell_patterns" in state.__dict__ and to == move.to:  # not moved back toward the middle: 2 cells changed
            after.__dict__["cell_patterns"] = self.board.after(state.cell_patterns, move.origin, to)
        return after

    def ended(self, piles: dict[int, tuple[int, ...]], where: Sequence[int], ply: int) -> Outcome | None:
        """A surrounded queen loses (both at once: a draw); 500 moves draw."""
        near = self.board.near
        surrounded = [where[q] >= 0 and all(n in piles for n in near[where[q]]) for q in (0, 14)]
        if surrounded[0] != surrounded[1]:
            loser = surrounded.index(True)
            return Outcome(1 - loser, f"{self.player_names[loser]}'s queen is surrounded")
        if any(surrounded):
            return Outcome(None, "both queens are surrounded")
        return Outcome(None, f"{self.max_length} moves") if ply >= self.max_length else None

    # -- the board, the piles and the notation --------------------------------
    def owners(self, state: HiveState) -> dict[int, int]:
        return {s: pile[-1] // 14 for s, pile in state.piles}

    def carried_by_last_move(self, state: HiveState, square: int) -> int:
        """Where a cell lies once the last move moved the hive back toward the middle (-1: past the board)."""
        return self.board.shifted(square, state.recentred)

    def kinds(self, state: HiveState) -> dict[int, int]:
        return {s: BUG[pile[-1] % 14] for s, pile in state.piles if BUG[pile[-1] % 14]}

    def stacks(self, state: HiveState) -> dict[int, tuple[tuple[int, int], ...]]:
        return {s: tuple((t // 14, BUG[t % 14]) for t in pile) for s, pile in state.piles if len(pile) > 1}

    def write_notation(self, state: HiveState, move: Move) -> str:
        """UHP, as OpenSpiel writes it: the tile, then where, by a tile beside it (the first of NE, E... W,
        NW round the cell) or the pile's top it climbs onto."""
        if move.is_pass:
            return "pass"
        tile, to = self.tile_of(state, move), move.to
        if not state.piles:
            return uhp(tile)
        piles = dict(state.piles)
        if to in piles:
            return f"{uhp(tile)} {uhp(piles[to][-1])}"
        for d, toward in enumerate(TOWARD):
            pile = piles.get(self.board.near[to][toward], ())
            ref = pile[-2] if pile and pile[-1] == tile and len(pile) > 1 else pile[-1] if pile else -1
            if ref >= 0 and ref != tile:
                return f"{uhp(tile)} {BESIDE[(d + 3) % 6].format(uhp(ref))}"
        return uhp(tile)

    def read_notation(self, state: HiveState, text: str) -> Move | None:
        """Any UHP a player may write: ``wA1``, ``bG1 -wA1`` (by any tile beside the cell), ``wB1 bQ``."""
        words = text.split()
        if not 1 <= len(words) <= 2 or words[0] not in TILES:
            return super().read_notation(state, text) if text == "pass" else None
        tile, to = TILES[words[0]], self.board.centre
        if len(words) == 2:
            name = words[1].strip("/-\\")
            at = state.where[TILES[name]] if name in TILES else -1
            beside = [d for d, written in enumerate(BESIDE) if written.format(name) == words[1]]
            if at < 0 or not (beside or words[1] == name):
                return None
            to = self.board.near[at][TOWARD[beside[0]]] if beside else at
        for move in state.legal_moves:
            if not move.is_pass and move.to == to and self.tile_of(state, move) == tile:
                return move
        return None


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Hive)
