"""The game of the Amazons, as OpenSpiel's ``amazons`` plays it.

A 10 × 10 board; each player has four amazons: white on a4, d1, g1 and j4,
black on a7, d10, g10 and j7. White moves first. A move is made in three
parts: an amazon of the mover moves like a chess queen (any number of empty
squares in a straight line or diagonal, over no amazon or arrow), then shoots
an arrow from where she lands, again like a queen (the square she left is
empty by then). The arrow stays where it lands for the rest of the game, so
every move fills a square. A player who cannot move loses; there is no draw.
A move is written ``d1-d7xg7``: the amazon on d1 goes to d7 and shoots g7.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

import boardgames
from boardgames import BitboardState, Game, Grid, Outcome, Parts, PieceKind, Words, bits, hookimpl, transfer

WHITE_START, BLACK_START = ("a4", "d1", "g1", "j4"), ("a7", "d10", "g10", "j7")


@attrs.frozen(kw_only=True, slots=False)
class AmazonsState(BitboardState):
    #: The squares an arrow has landed on (in the position's key: they block).
    arrows: int = 0
    #: The amazons of the player to move that can move, where known (-1: not yet): found by
    #: apply to tell whether the game goes on, and the first part of the next move.
    movers: int = attrs.field(default=-1, eq=False, metadata={"key": False})


class Amazons(Game[AmazonsState]):
    name = "amazons"
    title = "Amazons"
    summary = "Move an amazon like a queen, then shoot an arrow; the last who can move wins (OpenSpiel's amazons)."
    player_names = ("white", "black")
    colours = ("#f5f5f5", "#111111")
    piece_kinds = (PieceKind("amazon"),)
    neutral_kinds = (PieceKind("arrow", letter="#", shape="square", colour="#444444"),)
    words = Words(
        changed="shot",
        choice="Shoot where?",
        pick_origin="Click an amazon to move.",
        pick_to="Click where she goes.",
        pick_mark="Click where the arrow lands.",
    )
    parts_per_move = 3  # the amazon, where she goes, where her arrow lands
    rules_text = __doc__ or ""

    def setup(self) -> None:
        self.grid = grid = Grid.get(10)
        self.max_length = grid.size - 8  # every move fills a square: 92 at most
        self.start_boards = tuple(grid.mask(map(grid.parse_square, names)) for names in (WHITE_START, BLACK_START))

    def initial_state(self) -> AmazonsState:
        return AmazonsState(game=self, boards=self.start_boards)

    def movers(self, amazons: int, blocked: int) -> int:
        """The amazons of ``amazons`` that can move: those beside an empty square."""
        return amazons & self.grid.next_to(self.grid.full & ~blocked)

    def next_parts(self, state: AmazonsState, partial: boardgames.Move) -> Parts:
        """Which amazon, then where she goes, then where her arrow lands."""
        origin, to, marks = partial
        boards = state.boards
        blocked = boards[0] | boards[1] | state.arrows
        if origin < 0:
            movers = state.movers  # apply() found them, deciding whether the game goes on
            return Parts(self.movers(boards[state.turn], blocked) if movers < 0 else movers)
        if to < 0:
            return Parts(0, self.grid.slide(origin, blocked))
        if not marks:  # she has left her square and stands on the new one
            return Parts(0, 0, self.grid.slide(to, blocked ^ (1 << origin | 1 << to)))
        return Parts(complete=True)

    def apply(self, state: AmazonsState, move: boardgames.Move) -> AmazonsState:
        me, arrow = state.turn, 1 << move.marks[0]
        boards = transfer(state.boards, me, 1 << move.to, vacate=1 << move.origin)
        arrows = state.arrows | arrow
        outcome = None
        movers = self.movers(boards[1 - me], boards[0] | boards[1] | arrows)
        if not movers:
            outcome = Outcome(me, f"{self.player_names[1 - me]} cannot move")
        return AmazonsState(
            game=self,
            history=state.history + (move,),
            turn=1 - me,
            boards=boards,
            arrows=arrows,
            changed=arrow,
            outcome=outcome,
            movers=movers,
        )

    def neutral(self, state: AmazonsState) -> dict[int, int]:
        return {sq: 0 for sq in bits(state.arrows)}


@hookimpl
def register_games(register: Callable[[type[boardgames.Game]], None]) -> None:
    register(Amazons)
