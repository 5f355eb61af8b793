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

from collections.abc import Callable, Sequence

import boardgames
from boardgames import PASS, ChoiceOption, Game, Grid, IntOption, Move, Outcome, PieceKind, Stacked, hookimpl
from boardgames.geometry.swarm import Swarm, SwarmBoard
from boardgames.rules.choices import Choices
from boardgames.rules.moves import placements_with_choices
from boardgames.rules.shared_steps import steps_in_order
from boardgames.rules.swarm_state import SwarmState as HiveState

# Tiles are numbered as OpenSpiel's: 0 wQ, 1-3 wA1-wA3, 4-6 grasshoppers, 7-8 spiders, 9-10 beetles, 11 wM,
# 12 wL, 13 wP, then black's the same from 14 (HiveState.where: each tile's site, -1 in hand).
QUEEN, ANT, HOPPER, SPIDER, BEETLE, MOSQUITO, LADYBUG, PILLBUG = range(8)
BUG = (QUEEN, ANT, ANT, ANT, HOPPER, HOPPER, HOPPER, SPIDER, SPIDER, BEETLE, BEETLE, MOSQUITO, LADYBUG, PILLBUG)
NAMES = ("queen", "ant", "grasshopper", "spider", "beetle", "mosquito", "ladybug", "pillbug")
LETTER = "QAGSBMLP"
EXPANSIONS = (("mosquito", 5), ("ladybug", 6), ("pillbug", 7))
#: How far each bug that slides goes (-1: any number of steps).
DISTANCE = {QUEEN: 1, PILLBUG: 1, BEETLE: 1, SPIDER: 3, ANT: -1}
#: How UHP writes a tile beside its reference, by the step from the reference: north-east, east, south-east,
#: south-west, west, north-west (OpenSpiel's order), and the grid's direction of each.
BESIDE = ("{}/", "{}-", "{}\\", "/{}", "-{}", "\\{}")
TOWARD = (1, 0, 5, 4, 3, 2)


def uhp(tile: int) -> str:
    """``wA2``: the tile's colour, bug and (for those with several) ordinal."""
    k = tile % 14
    ordinal = k - BUG.index(BUG[k]) + 1
    return "wb"[tile // 14] + LETTER[BUG[k]] + (str(ordinal) if BUG[k] in (ANT, HOPPER, SPIDER, BEETLE) else "")


TILES = {uhp(t): t for t in range(28)}


class Position(Swarm):
    """A position's piles (site -> tiles bottom to top) and the moves it allows, OpenSpiel's way, in the core's
    words for a swarm (slides through the gate, climbs, hops, the one-hive rule)."""

    def __init__(self, game: Hive, state: HiveState) -> None:
        super().__init__(game.board, state.cell_patterns)
        self.piles, self.where, self.last, self.ply = state.pile, state.where, state.last, len(state.history)
        self.kinds, self.placed = game.bugs, game.placed

    def moves_of(self, tile: int, bug: int, pinned: set[int], out: dict[int, set[int]]) -> None:
        """Each site the tile may go to (``out[its site]``), acting as ``bug`` (a mosquito as its neighbours)."""
        site = self.where[tile]
        pile = self.piles[site]
        if pile[-1] != tile:  # covered: it neither moves nor acts
            return
        h = len(pile) - 1
        if bug == MOSQUITO:
            if h > 0:
                return self.moves_of(tile, BEETLE, pinned, out)
            for like in {BUG[self.piles[n][-1] % 14] for n in self.board.beside[site] if n in self.piles} - {MOSQUITO}:
                self.moves_of(tile, like, pinned, out)
            return
        if bug == PILLBUG:  # it may throw a tile beside it, alone on its site, free and not the last moved
            lifted, empty = self.lifts(site, h + 1)
            for n in lifted:
                if n not in pinned and self.piles[n][0] != self.last:
                    out.setdefault(n, set()).update(empty)
        if h == 0 and site in pinned:
            return
        found = out.setdefault(site, set())
        if bug in DISTANCE and (h == 0 or bug != BEETLE):  # a slide ends touching the hive
            self.slides(site, DISTANCE[bug], found)
        if bug == BEETLE:
            found |= {s for s, _ in self.climbs(site, h)}
        elif bug == HOPPER:
            self.hops(site, found)
        elif bug == LADYBUG:
            found |= self.walks_over(site, h, 2)

    def placements(self, me: int) -> list[Move]:
        """What ``me`` may place, OpenSpiel's way, in the order of sites then tiles: the first tile on the origin,
        the second beside it, then beside one's own and no other's tops; the queen by one's fourth turn."""
        hand = [t % 14 for t in range(14 * me, 14 * me + 14) if self.where[t] < 0 and BUG[t % 14] in self.kinds]
        if not hand:  # (then the queen is down)
            return []
        if self.ply < 2:
            centre = self.board.centre
            sites = [centre] if self.ply == 0 else sorted(self.board.beside[centre])
            return [self.placed[s][k] for s in sites for k in hand if k]
        tops = self.piles.items()
        sites = self.beside_only([s for s, p in tops if p[-1] // 14 == me], [s for s, p in tops if p[-1] // 14 != me])
        if self.ply in (6, 7) and self.where[14 * me] < 0:
            hand = [0]
        return [self.placed[s][k] for s in sites for k in hand]

    def moves(self, me: int) -> list[Move]:
        """Every move ``me`` may play, in the order of squares (origin, then site): placements, then moves once
        ``me``'s queen is down; the one-hive rule counted once white's queen is down (OpenSpiel's)."""
        listed = self.placements(me)
        if self.where[14 * me] >= 0:
            pinned, where = self.pinned(self.where[0]) if self.where[0] >= 0 else set(), self.where
            out: dict[int, set[int]] = {}
            for t in range(14 * me, 14 * me + 14):
                if where[t] >= 0 and t != self.last:
                    self.moves_of(t, BUG[t % 14], pinned, out)
            listed += steps_in_order(out.items())
        return listed


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
        self.board, self.placed = SwarmBoard.of(self.grid), placements_with_choices(self.grid.size, 14)
        self.bugs = frozenset({0, 1, 2, 3, 4} | {k for name, k in EXPANSIONS if self.options[name] == "yes"})

    def initial_state(self) -> HiveState:
        return HiveState(game=self, where=(-1,) * 28)

    # -- moves ---------------------------------------------------------------
    def generate_moves(self, state: HiveState) -> tuple[Move, ...]:
        return tuple(Position(self, state).moves(state.turn)) or (PASS,)  # in the order of squares, as every game's

    def tile_of(self, state: HiveState, move: Move) -> int:
        """The tile ``move`` places (its choice) or moves (the top of its origin)."""
        return 14 * state.turn + move.choice if move.origin < 0 else state.pile[move.origin][-1]

    def apply(self, state: HiveState, move: Move) -> HiveState:
        history, turn = state.history + (move,), 1 - state.turn
        if move.is_pass:
            return HiveState(game=self, history=history, turn=turn, where=state.where, piles=state.piles,
                             outcome=self.ended(state.pile, state.where, len(history)))
        tile = self.tile_of(state, move)
        after = state.tile_moved(tile, move.origin, move.to, lambda pile, where: self.ended(pile, where, len(history)),
                                 history=history, turn=turn)  # past OpenSpiel's board: the hive moves back,
        if after is None:  # or, where it cannot, the game is drawn
            return HiveState(game=self, history=history, turn=turn, where=state.where, piles=state.piles,
                             last=tile, outcome=Outcome(None, "the hive reached the edge of the board"))
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
        piles = state.pile
        if not piles:
            return uhp(tile)
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
        found = (m for m in state.legal_moves if not m.is_pass and m.to == to and self.tile_of(state, m) == tile)
        return next(found, None)


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Hive)
